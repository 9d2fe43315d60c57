import Foundation
import Testing

@testable import DeepLinks

/// The gate finds a short scheme or an allowed host by comparing its lower-cased bytes as two
/// words (``WordKey``). These tests pin that the words answer exactly what the byte-by-byte
/// comparison answers.
@Suite("Word keys find schemes and hosts as the byte-by-byte comparison does")
struct WordKeyTests {
    static let hosts = [
        "example.com", "a.b", "sixteen-chars.io", "seventeen-char.io", "photos.example.com", "x",
        "exactly8",
    ]

    /// The slow path: the first candidate whose bytes are the text's bytes lower-cased.
    static func expected(_ candidates: [String], _ text: [UInt8]) -> String? {
        let lowered = text.map(ASCII.lowercased)
        return candidates.first { Array($0.utf8) == lowered }
    }

    @Test("every ASCII byte is lower-cased in a word exactly as ASCII.lowercased does")
    func lowercasingMatchesPerByte() {
        for position in 0..<8 {
            for byte in UInt8(0)..<0x80 {
                let word =
                    UInt64(byte) << (8 * UInt64(position)) | 0x4141_4141_4141_4141
                    & ~(0xFF << (8 * UInt64(position)))
                var expected: UInt64 = 0
                for i in 0..<8 {
                    let b = UInt8(truncatingIfNeeded: word >> (8 * UInt64(i)))
                    expected |= UInt64(ASCII.lowercased(b)) << (8 * UInt64(i))
                }
                #expect(WordKey.lowercased(word) == expected)
            }
        }
    }

    @Test("exact hosts are found from bytes in any case, of any length, as byte by byte")
    func hostsFoundAsByteByByte() {
        let matcher = AllowedHostMatcher(LinkPolicy(allowedHosts: Self.hosts.map { HostPattern($0) }))
        var texts = Self.hosts + Self.hosts.map { $0.uppercased() }
        texts += [
            "Example.Com", "EXAMPLE.CO", "example.comm", "", "a.B", "sixteen-chars.iO", "exactlY8",
            "exactly9",
        ]
        texts += ["ex\u{E0}mple.com", "seventeen-chaRS.io", "photos.example.coM", "[::1]", "x.", "X"]
        for text in texts {
            let bytes = Array(text.utf8)
            let found = bytes.withUnsafeBufferPointer {
                matcher.exactHostIndex($0).map(matcher.exactHostText)
            }
            #expect(found == Self.expected(Self.hosts, bytes), "\(text)")
        }
    }

    @Test("schemes are found from bytes in any case as byte by byte")
    func schemesFoundAsByteByByte() {
        let schemes = ["https", "http", "myapp", "a-very-long-scheme-name"]
        let matcher = AllowedHostMatcher(LinkPolicy(allowedSchemes: Set(schemes)))
        for text in [
            "HTTPS", "Http", "https", "httpx", "MyApp", "myap", "A-VERY-LONG-SCHEME-NAME",
            "a-very-long-scheme-nam",
        ] {
            let bytes = Array(text.utf8)
            let found = bytes.withUnsafeBufferPointer { matcher.allowedScheme($0) }
            #expect(found == Self.expected(schemes.sorted(), bytes), "\(text)")
        }
    }
}
