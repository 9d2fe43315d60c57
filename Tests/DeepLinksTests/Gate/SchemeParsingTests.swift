import Testing

@testable import DeepLinks

/// A link that starts with `https://` in any letter case has the scheme `https`; nothing else
/// does. The parser may recognise the prefix as one word instead of checking the scheme byte
/// by byte; these tests pin that it answers as the bytes do, and that links give the same
/// scheme, host and errors.
@Suite("https:// is recognised in any letter case, and nothing else is")
struct SchemeParsingTests {
    @Test("every byte at every position of the first eight: https:// is recognised as byte by byte")
    func httpsPrefixIsRecognisedAsByteByByte() {
        let prefix = Array("https://".utf8)
        for position in 0..<8 {
            for byte in UInt8(0)...UInt8(255) {
                var text = prefix + Array("example.com/".utf8)
                text[position] = byte
                let expected = text.prefix(8).map(ASCII.lowercased) == prefix
                let answer = ByteView.withBytes(of: text) { LinkParser.startsWithHTTPS($0) }
                #expect(answer == expected, "byte \(byte) at \(position)")
            }
        }
        // Fewer than eight bytes never take the shortcut.
        for count in 0..<8 {
            let text = Array("https://".utf8.prefix(count))
            #expect(!ByteView.withBytes(of: text) { LinkParser.startsWithHTTPS($0) })
        }
    }

    @Test("https:// in any case gives the policy's scheme and the same host")
    func anyCase() throws {
        for text in ["https://example.com/a", "HTTPS://example.com/a", "hTtPs://Example.com/a"] {
            let link = try LinkGate().parse(text)
            #expect(link.scheme == "https", "\(text)")
            #expect(link.host == "example.com", "\(text)")
            #expect(link.pathSegments.map(\.raw) == ["a"], "\(text)")
        }
    }

    @Test("without https in the policy the scheme is refused, in any case")
    func httpsNotAllowed() {
        let policy = LinkPolicy(allowedSchemes: ["myapp"])
        for text in ["https://example.com/a", "HTTPS://example.com/a"] {
            let error = refusal(text, policy: policy)
            #expect(error?.rule == .schemeNotAllowed, "\(text)")
            #expect(error?.position == 0, "\(text)")
            #expect(error?.detail == "scheme 'https'", "\(text)")
        }
    }

    @Test("near misses of https:// keep their exact errors and positions")
    func nearMisses() {
        #expect(ruleAndPosition("https:/example.com/a")! == (.missingAuthority, 6))
        #expect(ruleAndPosition("https:example.com")! == (.missingAuthority, 6))
        #expect(ruleAndPosition("https:/")! == (.missingAuthority, 6))
        #expect(ruleAndPosition("https://")! == (.missingHost, 8))
        #expect(ruleAndPosition("htt ps://example.com")! == (.whitespaceOrControl, 3))
        #expect(ruleAndPosition("http://example.com/a") == nil)
        #expect(ruleAndPosition("httpz://example.com/a")! == (.schemeNotAllowed, 0))
    }
    @Test("a scheme added to the policy in capitals is kept lower-case, and its links pass in any case")
    func schemeAddedInCapitals() throws {
        var policy = LinkPolicy()
        policy.allowedSchemes.insert("MyApp")
        #expect(policy.allowedSchemes == ["https", "http", "myapp"])
        policy.allowedSchemes = ["NewsApp"]
        #expect(policy.allowedSchemes == ["newsapp"])
        let gate = LinkGate(policy: policy)
        #expect(try gate.parse("newsapp://doc/1").scheme == "newsapp")
        #expect(try gate.parse("NewsApp://doc/1").scheme == "newsapp")
    }
}
