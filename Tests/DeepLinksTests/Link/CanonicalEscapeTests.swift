import Testing

@testable import DeepLinks

/// A link whose escapes are already canonical (upper-case hex, none of an unreserved
/// character) is its own canonical text: `Link.canonical` answers with the text it arrived as
/// instead of writing it again. These tests pin the shortcut's test to the rule it stands for.
@Suite("A link with canonical escapes is its own canonical form")
struct CanonicalEscapeTests {
    static let gate = LinkGate(policy: LinkPolicy(allowedSchemes: ["https", "myapp"]))

    @Test(
        "isNormalized agrees with normalize on every escape shape",
        arguments: [
            "", "plain", "%20", "%2F", "%2f", "%41", "%7E", "%7e", "%E2%82%AC", "%e2%82%ac",
            "a%20b%2Fc", "a%20b%2fc", "%", "%2", "%G1", "%%20", "%2%20", "100%", "%20%", "x%zz%20",
            "%2D", "%5F", "%2E", "%3A", "%C3%A9%20", "%25", "%2525",
        ])
    func agreesWithNormalize(text: String) {
        #expect(PercentEncoding.isNormalized(text) == (PercentEncoding.normalize(text) == text))
    }

    @Test("every two-byte escape: canonical exactly when its hex is upper case and its byte reserved")
    func everyEscape() {
        let hex = Array("0123456789ABCDEFabcdef")
        for high in hex {
            for low in hex {
                let text = "a%\(high)\(low)b"
                #expect(
                    PercentEncoding.isNormalized(text) == (PercentEncoding.normalize(text) == text),
                    "\(text)")
            }
        }
    }

    @Test("a link with canonical escapes keeps its text; other escapes are still rewritten")
    func canonicalText() throws {
        let kept = "https://photos.example.com/albums?albumname=Album%201&index=3#a%2Fb"
        #expect(try Self.gate.parse(kept).canonical == kept)
        #expect(
            try Self.gate.parse("https://photos.example.com/albums?albumname=Album%2f1&x=%41").canonical
                == "https://photos.example.com/albums?albumname=Album%2F1&x=A")
        #expect(
            try Self.gate.parse("myapp://albums/Summer%202024").canonical == "myapp://albums/Summer%202024")
        #expect(try Self.gate.parse("myapp://albums/Summer%7e2024").canonical == "myapp://albums/Summer~2024")
    }
}
