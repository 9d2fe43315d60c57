import Testing

@testable import DeepLinks

/// The parser reads a link that starts with `https://` (in any case) as one word when the
/// policy allows `https`, instead of scanning and checking the scheme byte by byte. These tests
/// pin that the word test answers as the bytes do, and that links read either way give the
/// same scheme, host and errors.
@Suite("The https:// shortcut reads links as the byte-by-byte scheme check does")
struct SchemeShortcutTests {
    @Test("every byte at every position of the first eight: the word test answers as byte by byte")
    func wordTestMatchesBytes() {
        let prefix = Array("https://".utf8)
        for position in 0..<8 {
            for byte in UInt8(0)...UInt8(255) {
                var text = prefix + Array("example.com/".utf8)
                text[position] = byte
                let expected = text.prefix(8).map(ASCII.lowercased) == prefix
                let answer = text.withUnsafeBufferPointer { LinkParser.startsWithHTTPS($0) }
                #expect(answer == expected, "byte \(byte) at \(position)")
            }
        }
        // Fewer than eight bytes never take the shortcut.
        for count in 0..<8 {
            let text = Array("https://".utf8.prefix(count))
            #expect(!text.withUnsafeBufferPointer { LinkParser.startsWithHTTPS($0) })
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

    @Test("without https in the policy the scheme is refused as before, in any case")
    func httpsNotAllowed() {
        let policy = LinkPolicy(allowedSchemes: ["myapp"])
        for text in ["https://example.com/a", "HTTPS://example.com/a"] {
            let error = refusal(text, policy: policy)
            #expect(error?.rule == .schemeNotAllowed, "\(text)")
            #expect(error?.position == 0, "\(text)")
            #expect(error?.detail == "scheme 'https'", "\(text)")
        }
    }

    @Test("near misses take the byte-by-byte path and keep their errors")
    func nearMisses() {
        #expect(ruleAndPosition("https:/example.com/a")! == (.missingAuthority, 6))
        #expect(ruleAndPosition("https:example.com")! == (.missingAuthority, 6))
        #expect(ruleAndPosition("https:/")! == (.missingAuthority, 6))
        #expect(ruleAndPosition("https://")! == (.missingHost, 8))
        #expect(ruleAndPosition("htt ps://example.com")! == (.whitespaceOrControl, 3))
        #expect(ruleAndPosition("http://example.com/a") == nil)
        #expect(ruleAndPosition("httpz://example.com/a")! == (.schemeNotAllowed, 0))
    }
}
