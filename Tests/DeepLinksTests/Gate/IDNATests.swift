import DeepLinks
import Testing

/// `xn--` labels are held to the UTS #46 validity criteria browsers apply to their Unicode form.
///
/// Each test pins a label the gate used to accept although every browser refuses it.
@Suite("IDNA validity of xn-- labels")
struct IDNATests {
    @Test("xn--ksa (U+0300 alone) is refused: a label must not start with a combining mark")
    func leadingCombiningMarkRefused() {
        let error = refusal("https://xn--ksa.example.com/")
        #expect(error?.rule == .idnaLeadingCombiningMark)
        #expect(error?.position == 8)
        #expect(
            error?.detail == "the label 'xn--ksa' decodes to a string starting with a combining mark U+0300")
    }

    @Test("xn--e-xbb (e + U+0301) is refused as not NFC, while xn--9ca (é) is accepted")
    func notNormalizedRefusedComposedAccepted() throws {
        let error = refusal("https://xn--e-xbb.example.com/")
        #expect(error?.rule == .idnaNotNormalized)
        #expect(error?.position == 8)
        #expect(
            error?.detail
                == "the label 'xn--e-xbb' decodes to U+0065 U+0301, which is not in normalization form C (U+00E9)"
        )
        #expect(try LinkGate().parse("https://xn--9ca.example.com/").host == "xn--9ca.example.com")
    }

    @Test("xn--a-zhc (Hebrew alef then Latin a) is refused by the Bidi rule")
    func bidiRuleRefusesHebrewThenLatin() {
        let error = refusal("https://xn--a-zhc.example.com/")
        #expect(error?.rule == .idnaBidiRule)
        #expect(error?.position == 8)
        #expect(
            error?.detail
                == "the label 'xn--a-zhc' decodes to U+05D0 U+0061 in a host with right-to-left text, "
                + "and a right-to-left label holds U+0061, of Bidi class L")
    }

    @Test("an ASCII label starting with a digit is refused in a host with right-to-left text")
    func bidiRuleCoversPlainLabelsOfABidiHost() throws {
        let error = refusal("https://1a.xn--4db.example/")
        #expect(error?.rule == .idnaBidiRule)
        #expect(error?.position == 8)
        #expect(
            error?.detail
                == "the label '1a' in a host with right-to-left text, and the label starts with U+0031, "
                + "of Bidi class EN, neither left-to-right nor right-to-left")
        #expect(try LinkGate().parse("https://a1.xn--4db.example/").host == "a1.xn--4db.example")
        #expect(try LinkGate().parse("https://1a.example/").host == "1a.example")
    }

    @Test("a right-to-left label with an allowed ending is accepted (xn--1-zhcd, אב1)")
    func rightToLeftLabelAccepted() throws {
        #expect(try LinkGate().parse("https://xn--1-zhcd.example/").host == "xn--1-zhcd.example")
    }

    @Test("ZWNJ between two Latin letters breaks CONTEXTJ (xn--ab-j1t), ZWJ too (xn--ab-m1t)")
    func joinerOutOfContextRefused() {
        let error = refusal("https://xn--ab-j1t.example.com/")
        #expect(error?.rule == .idnaJoinerContext)
        #expect(error?.position == 8)
        #expect(
            error?.detail
                == "the label 'xn--ab-j1t' decodes to U+0061 U+200C U+0062, with U+200C at position 1 "
                + "outside the context that allows it")
        #expect(refusal("https://xn--ab-m1t.example.com/")?.rule == .idnaJoinerContext)
    }

    @Test("joiners in context (after a virama, ZWNJ between Arabic letters) are deviations the gate refuses")
    func joinerInContextIsADeviation() {
        for host in ["xn--11b6iy14e", "xn--ngba799q"] {
            let error = refusal("https://\(host).example.com/")
            #expect(error?.rule == .idnaDisallowedCodePoint, "\(host)")
            #expect(error?.detail.contains("deviation character") == true, "\(host)")
        }
        #expect(refusal("https://xn--zca.example.com/")?.rule == .idnaDisallowedCodePoint)
    }

    @Test("a label decoding to a mapped code point (xn--7ba, Ä) is refused")
    func mappedCodePointRefused() {
        let error = refusal("https://xn--7ba.example.com/")
        #expect(error?.rule == .idnaDisallowedCodePoint)
        #expect(error?.detail == "the label 'xn--7ba' decodes to U+00C4, which is not valid in a host name")
    }

    @Test("a label decoding to 'xn--' again (xn--xn---epa) is refused")
    func nestedPrefixRefused() {
        let error = refusal("https://xn--xn---epa.example.com/")
        #expect(error?.rule == .invalidHost)
        #expect(error?.detail == "the label 'xn--xn---epa' decodes to a label that starts with 'xn--' again")
    }

    @Test("a look-alike subdomain under *.example.com is refused, the real one accepted")
    func wildcardHostLookAlikeRefused() throws {
        let policy = LinkPolicy(allowedHosts: ["*.example.com"])
        let gate = LinkGate(policy: policy)
        #expect(try gate.parse("https://xn--9ca.example.com/albums").host == "xn--9ca.example.com")
        let lookAlikes: [(String, LinkError.Rule)] = [
            ("xn--e-xbb", .idnaNotNormalized), ("xn--ksa", .idnaLeadingCombiningMark),
            ("xn--a-zhc", .idnaBidiRule),
        ]
        for (lookAlike, rule) in lookAlikes {
            #expect(
                refusal("https://\(lookAlike).example.com/albums", policy: policy)?.rule == rule,
                "\(lookAlike).example.com")
        }
    }
}
