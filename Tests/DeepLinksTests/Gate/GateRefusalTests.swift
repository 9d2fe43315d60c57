import DeepLinks
import Testing

/// Parses `text` and returns the refusal, or `nil` when the gate accepted it.
func refusal(_ text: String, policy: LinkPolicy = LinkPolicy()) -> LinkError? {
    do {
        _ = try LinkGate(policy: policy).parse(text)
        return nil
    } catch {
        return error
    }
}

/// Shorthand for the `(rule, position)` pair a refusal carries.
func ruleAndPosition(_ text: String, policy: LinkPolicy = LinkPolicy()) -> (LinkError.Rule, Int?)? {
    refusal(text, policy: policy).map { ($0.rule, $0.position) }
}

@Suite("“Where Foundation and browsers disagree”: Foundation's parsing hazards, row by row")
struct SpecHazardTests {
    @Test("space in the path is refused, not encoded to %20 (row 1)")
    func spaceInPath() {
        let error = refusal("https://example.com/a b")
        #expect(error?.rule == .whitespaceOrControl)
        #expect(error?.position == 21)
        #expect(error?.detail == "space")
    }

    @Test("an invalid escape is refused, not rewritten to %25zz (row 2)")
    func invalidEscape() {
        #expect(ruleAndPosition("https://example.com/%zz")! == (.invalidPercentEscape, 20))
    }

    @Test("a NUL byte is refused, not encoded (row 3)")
    func nulByte() {
        let error = refusal("https://example.com/\0x")
        #expect(error?.rule == .whitespaceOrControl)
        #expect(error?.position == 20)
        #expect(error?.detail == "NUL")
    }

    @Test("backslash host confusion: Foundation reads evil.com, browsers example.com; refused (row 4)")
    func backslashHostConfusion() {
        #expect(ruleAndPosition(#"https://example.com\@evil.com/"#)! == (.backslash, 19))
    }

    @Test("credentials in a link are refused (row 5)")
    func credentials() {
        #expect(ruleAndPosition("https://user:pw@example.com/x")! == (.userInfo, 15))
        #expect(ruleAndPosition("https://user@example.com/")! == (.userInfo, 12))
        #expect(ruleAndPosition("https://@example.com/")! == (.userInfo, 8))
    }

    @Test("a port out of range is refused (row 6)")
    func portOutOfRange() {
        #expect(ruleAndPosition("https://example.com:99999/")! == (.invalidPort, 20))
        #expect(ruleAndPosition("https://example.com:65536/")! == (.invalidPort, 20))
        #expect(refusal("https://example.com:65535/") == nil)
    }

    @Test("a web link without a host is refused (row 7)")
    func missingHost() {
        #expect(ruleAndPosition("https:example.com")! == (.missingAuthority, 6))
        #expect(ruleAndPosition("https:///path")! == (.missingHost, 8))
        #expect(ruleAndPosition("https://")! == (.missingHost, 8))
        #expect(ruleAndPosition("https://:443/")! == (.missingHost, 8))
    }

    @Test("a non-ASCII host is refused, not converted to Punycode (row 8)")
    func nonASCIIHost() {
        #expect(ruleAndPosition("https://例子.com/")! == (.nonASCII, 8))
        #expect(refusal("https://例子.com/")?.detail == "byte 0xE4")
    }
}

@Suite("Gate refusals, one rule at a time")
struct GateRefusalTests {
    @Test("empty input")
    func empty() { #expect(ruleAndPosition("")! == (.empty, 0)) }

    @Test("input over maxLength", arguments: [4096, 4097])
    func tooLong(length: Int) {
        let text = "https://example.com/" + String(repeating: "a", count: length - 20)
        let policy = LinkPolicy(allowsEmptySegments: false, limits: LinkLimits(maxSegmentLength: 10_000))
        if length <= 4096 {
            #expect(refusal(text, policy: policy) == nil)
        } else {
            #expect(ruleAndPosition(text, policy: policy)! == (.tooLong, 4096))
        }
    }

    @Test(
        "characters outside printable ASCII",
        arguments: ["https://example.com/caf\u{E9}", "https://exa\u{200B}mple.com/"])
    func nonASCII(text: String) {
        #expect(refusal(text)?.rule == .nonASCII)
    }

    @Test("DEL is a control character")
    func deleteCharacter() {
        #expect(ruleAndPosition("https://example.com/\u{7F}")! == (.whitespaceOrControl, 20))
    }

    @Test("tab, CR and LF, which WHATWG silently strips, are refused", arguments: ["\t", "\r", "\n"])
    func strippedByWHATWG(character: String) {
        #expect(ruleAndPosition("https://exa\(character)mple.com/")! == (.whitespaceOrControl, 11))
        #expect(ruleAndPosition("https://example.com/a\(character)b")! == (.whitespaceOrControl, 21))
    }

    @Test("leading and trailing whitespace is refused, not trimmed")
    func surroundingWhitespace() {
        #expect(ruleAndPosition(" https://example.com/")! == (.whitespaceOrControl, 0))
        #expect(ruleAndPosition("https://example.com/ ")! == (.whitespaceOrControl, 20))
    }

    @Test(
        "backslashes anywhere",
        arguments: [#"https:\\example.com"#, #"https://example.com/a\b"#, #"https://example.com/?a=\"#])
    func backslash(text: String) { #expect(refusal(text)?.rule == .backslash) }

    @Test(
        "invalid and truncated escapes",
        arguments: [
            ("https://example.com/%", 20), ("https://example.com/%4", 20), ("https://example.com/%g1", 20),
            ("https://example.com/?a=%", 23), ("https://example.com/#%2", 21),
        ])
    func invalidEscapes(text: String, position: Int) {
        #expect(ruleAndPosition(text)! == (.invalidPercentEscape, position))
    }

    @Test("escapes that do not decode to UTF-8")
    func invalidUTF8() {
        #expect(refusal("https://example.com/%FF")?.rule == .invalidPercentEscape)
        #expect(refusal("https://example.com/?a=%C3")?.rule == .invalidPercentEscape)
    }

    @Test("encoded control characters in path, query and fragment")
    func encodedControls() {
        #expect(ruleAndPosition("https://example.com/%0d%0aSet-Cookie:x")! == (.whitespaceOrControl, 20))
        #expect(ruleAndPosition("https://example.com/?a=%0A")! == (.whitespaceOrControl, 23))
        #expect(ruleAndPosition("https://example.com/#%00")! == (.whitespaceOrControl, 21))
    }

    @Test("invalid schemes")
    func invalidScheme() {
        #expect(ruleAndPosition("example.com/path")! == (.invalidScheme, 0))
        #expect(ruleAndPosition("1http://example.com")! == (.invalidScheme, 0))
        #expect(ruleAndPosition("ht_tp://example.com")! == (.invalidScheme, 2))
        #expect(ruleAndPosition("//example.com")! == (.invalidScheme, 0))
    }

    @Test("schemes the policy does not allow")
    func schemeNotAllowed() {
        #expect(refusal("javascript:alert(1)")?.rule == .schemeNotAllowed)
        #expect(refusal("myapp://settings")?.rule == .schemeNotAllowed)
        #expect(refusal("myapp://settings", policy: LinkPolicy(allowedSchemes: ["myapp"])) == nil)
        #expect(
            refusal("https://example.com", policy: LinkPolicy(allowedSchemes: ["myapp"]))?.rule
                == .schemeNotAllowed)
    }

    @Test("ports: non-numeric, empty, leading zeros")
    func ports() throws {
        #expect(ruleAndPosition("https://example.com:abc/")! == (.invalidPort, 20))
        #expect(ruleAndPosition("https://example.com:/")! == (.invalidPort, 19))
        #expect(ruleAndPosition("https://example.com:0443/")! == (.invalidPort, 20))
        #expect(ruleAndPosition("https://example.com:-1/")! == (.invalidPort, 20))
        #expect(ruleAndPosition("https://example.com:1:2/")! == (.invalidPort, 21))
        #expect(try LinkGate().parse("https://example.com:0/").port == 0)
        #expect(try LinkGate().parse("https://example.com:8443/").port == 8443)
    }

    @Test(
        "non-canonical IPv4 spellings",
        arguments: [
            "https://0x7f.1/", "https://127.1/", "https://2130706433/", "https://010.0.0.1/",
            "https://127.0.0.1.5/",
            "https://0x7f000001/", "https://256.0.0.1/", "https://example.123/", "https://127.0.0.1./",
            "https://1.2.3.0x4/",
        ])
    func nonCanonicalIPv4(text: String) {
        #expect(ruleAndPosition(text, policy: LinkPolicy(allowsIPLiterals: true))! == (.nonCanonicalIPv4, 8))
        #expect(ruleAndPosition(text)! == (.nonCanonicalIPv4, 8))
    }

    @Test("IP literals only where the policy allows them")
    func ipLiterals() throws {
        #expect(ruleAndPosition("https://127.0.0.1/")! == (.ipLiteralNotAllowed, 8))
        #expect(ruleAndPosition("https://[::1]/")! == (.ipLiteralNotAllowed, 8))
        let open = LinkGate(policy: LinkPolicy(allowsIPLiterals: true))
        #expect(try open.parse("https://127.0.0.1/").host == "127.0.0.1")
        #expect(try open.parse("https://[2001:db8::1]:8080/").host == "[2001:db8::1]")
        #expect(try open.parse("https://[2001:db8::1]:8080/").port == 8080)
    }

    @Test("IPv6 literals must be well formed and canonical")
    func ipv6() {
        let policy = LinkPolicy(allowsIPLiterals: true)
        #expect(refusal("https://[::1/", policy: policy)?.rule == .invalidIPv6)
        #expect(refusal("https://[1:2:3]/", policy: policy)?.rule == .invalidIPv6)
        #expect(refusal("https://[0:0::1]/", policy: policy)?.rule == .invalidIPv6)
        #expect(refusal("https://[::127.0.0.1]/", policy: policy)?.rule == .invalidIPv6)
        #expect(refusal("https://[v1.x]/", policy: policy)?.rule == .invalidIPv6)
        #expect(refusal("https://[::1%25eth0]/", policy: policy)?.rule == .invalidIPv6)
        #expect(refusal("https://[::1]x/", policy: policy)?.rule == .invalidHost)
    }

    @Test(
        "hosts that are not DNS names",
        arguments: [
            ("https://exa_mple.com/", 11), ("https://-example.com/", 8), ("https://example-.com/", 8),
            ("https://example..com/", 16), ("https://.example.com/", 8), ("https://example.com./", 20),
            ("https://exa%6dple.com/", 11), ("https://exa*mple.com/", 11), ("https://xn--/", 8),
            ("https://xn--99999999999.com/", 8), ("https://ab--cd.com/", 8),
        ])
    func invalidHosts(text: String, position: Int) {
        #expect(ruleAndPosition(text)! == (.invalidHost, position))
    }

    @Test("xn--a decodes to the control U+0080, which IDNA disallows")
    func encodedControlCharacter() {
        let error = refusal("https://xn--a.com/")
        #expect(error?.rule == .idnaDisallowedCodePoint)
        #expect(error?.position == 8)
        #expect(error?.detail == "the label 'xn--a' decodes to U+0080, which is not valid in a host name")
    }

    @Test("label and total host length")
    func hostLengths() {
        let label63 = String(repeating: "a", count: 63)
        #expect(refusal("https://\(label63).com/") == nil)
        #expect(ruleAndPosition("https://\(label63)a.com/")! == (.invalidHost, 8))
        let long = Array(repeating: label63, count: 4).joined(separator: ".")  // 255 bytes
        #expect(ruleAndPosition("https://\(long)/")! == (.invalidHost, 8))
    }

    @Test("valid Punycode labels are accepted as they are")
    func punycode() throws {
        #expect(try LinkGate().parse("https://xn--fsqu00a.com/").host == "xn--fsqu00a.com")
        #expect(try LinkGate().parse("https://XN--FSQU00A.com/").host == "xn--fsqu00a.com")
    }

    @Test("hosts are matched against the policy on the parsed host, never by substring")
    func allowedHosts() throws {
        let policy = LinkPolicy(allowedHosts: ["example.com", "*.shop.example.com"])
        #expect(refusal("https://example.com/", policy: policy) == nil)
        #expect(refusal("https://EXAMPLE.com/", policy: policy) == nil)
        #expect(refusal("https://a.shop.example.com/", policy: policy) == nil)
        #expect(refusal("https://a.b.shop.example.com/", policy: policy) == nil)
        #expect(ruleAndPosition("https://shop.example.com/", policy: policy)! == (.hostNotAllowed, 8))
        #expect(refusal("https://www.example.com/", policy: policy)?.rule == .hostNotAllowed)
        #expect(refusal("https://example.com.evil.com/", policy: policy)?.rule == .hostNotAllowed)
        #expect(refusal("https://evilexample.com/", policy: policy)?.rule == .hostNotAllowed)
        #expect(refusal("https://evilshop.example.com/", policy: policy)?.rule == .hostNotAllowed)
    }

    @Test(
        "dot segments in every spelling",
        arguments: [
            "https://example.com/..", "https://example.com/a/../b", "https://example.com/./a",
            "https://example.com/%2e%2e/a",
            "https://example.com/.%2E/a", "https://example.com/%2E./a", "https://example.com/a/%2e",
            "https://example.com/a/.",
        ])
    func dotSegments(text: String) { #expect(refusal(text)?.rule == .dotSegment) }

    @Test("names that merely contain dots are not dot segments")
    func notDotSegments() throws {
        let link = try LinkGate().parse("https://example.com/.well-known/a..b/...")
        #expect(link.pathSegments.map(\.decoded) == [".well-known", "a..b", "..."])
    }

    @Test(
        "encoded separators unless the policy allows them",
        arguments: [
            ("https://example.com/a%2Fb", 21), ("https://example.com/a%2fb", 21),
            ("https://example.com/a%5Cb", 21),
            ("https://example.com/a%00b", 21),
        ])
    func encodedSeparators(text: String, position: Int) throws {
        #expect(ruleAndPosition(text)! == (.encodedSeparator, position))
        let link = try LinkGate(policy: LinkPolicy(allowsEncodedSeparators: true)).parse(text)
        #expect(link.pathSegments.count == 1)
    }

    @Test("empty segments unless the policy allows them")
    func emptySegments() throws {
        #expect(ruleAndPosition("https://example.com//evil.com")! == (.emptySegment, 20))
        #expect(ruleAndPosition("https://example.com/a//b")! == (.emptySegment, 22))
        #expect(try LinkGate().parse("https://example.com/a/").pathSegments.map(\.raw) == ["a", ""])
        let open = LinkGate(policy: LinkPolicy(allowsEmptySegments: true))
        #expect(try open.parse("https://example.com/a//b").pathSegments.map(\.raw) == ["a", "", "b"])
    }

    @Test(
        "characters RFC 3986 does not allow in a path, query or fragment",
        arguments: [
            "https://example.com/<script>", "https://example.com/a\"b", "https://example.com/{x}",
            "https://example.com/a|b",
            "https://example.com/a^b", "https://example.com/a`b", "https://example.com/[a]",
            "https://example.com/?q=<x>",
            "https://example.com/#a#b", "https://example.com/?q='",
        ])
    func invalidCharacters(text: String) { #expect(refusal(text)?.rule == .invalidCharacter) }

    @Test("limits: segment count, segment length, query items, query and fragment length")
    func limits() {
        let policy = LinkPolicy(
            limits: LinkLimits(
                maxPathSegments: 3, maxSegmentLength: 5, maxQueryItems: 2, maxQueryLength: 20,
                maxFragmentLength: 4))
        #expect(refusal("https://example.com/a/b/c", policy: policy) == nil)
        #expect(ruleAndPosition("https://example.com/a/b/c/d", policy: policy)! == (.tooManySegments, 26))
        #expect(ruleAndPosition("https://example.com/abcdef", policy: policy)! == (.componentTooLong, 20))
        #expect(refusal("https://example.com/?a=1&b=2", policy: policy) == nil)
        #expect(
            ruleAndPosition("https://example.com/?a=1&b=2&c=3", policy: policy)! == (.tooManyQueryItems, 29))
        #expect(
            ruleAndPosition("https://example.com/?a=123456789012345678901", policy: policy)! == (
                .componentTooLong, 21
            ))
        #expect(ruleAndPosition("https://example.com/#abcde", policy: policy)! == (.componentTooLong, 21))
    }

    @Test("every error has a sentence naming the rule, the detail and the offset")
    func descriptions() {
        #expect(
            refusal("https://example.com:99999/")?.description
                == "the link's port is not a number from 0 to 65535 (port 99999) at offset 20")
        for rule in LinkError.Rule.allCases { #expect(!rule.sentence.isEmpty) }
    }
}
