import Foundation
import Testing

@testable import DeepLinks

/// An allowed scheme or host is found in any letter case, and only when every byte agrees
/// with it lower-cased. The gate may compare lower-cased bytes a word at a time
/// (``WordKey``); these tests pin that it answers exactly what the byte-by-byte comparison
/// answers.
@Suite("Schemes and allowed hosts are found in any letter case, and only when every byte agrees")
struct CaseInsensitiveLookupTests {
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
            let found = ByteView.withBytes(of: bytes) {
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
            let found = ByteView.withBytes(of: bytes) { matcher.allowedScheme($0) }
            #expect(found == Self.expected(schemes.sorted(), bytes), "\(text)")
        }
    }

    /// A host of `count` bytes: letters, digits, `-` and `.`, different at every position.
    static func host(count: Int) -> [UInt8] {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-.".utf8)
        return (0..<count).map { alphabet[($0 * 7 + count) % alphabet.count] }
    }

    @Test("hosts of every length up to 40 bytes are found with an upper-case letter at every position")
    func everyLengthAndUpperCasePosition() {
        for count in 1...40 {
            let candidate = Self.host(count: count)
            // A candidate of the same length that differs only in its last byte.
            var neighbour = candidate
            neighbour[count - 1] =
                neighbour[count - 1] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
            let candidates = [
                String(decoding: neighbour, as: UTF8.self), String(decoding: candidate, as: UTF8.self),
            ]
            let matcher = AllowedHostMatcher(LinkPolicy(allowedHosts: candidates.map { HostPattern($0) }))
            var texts = [candidate, neighbour]
            for position in 0..<count {
                var upper = candidate
                upper[position] = ASCII.isAlpha(upper[position]) ? upper[position] & ~0x20 : upper[position]
                texts.append(upper)
                // A different byte at each position: no candidate matches.
                var other = candidate
                other[position] = UInt8(ascii: "_")
                texts.append(other)
            }
            texts.append(candidate.map { ASCII.isAlpha($0) ? $0 & ~0x20 : $0 })
            for text in texts {
                let found = ByteView.withBytes(of: text) {
                    matcher.exactHostIndex($0).map(matcher.exactHostText)
                }
                #expect(found == Self.expected(candidates, text), "\(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    @Test("every byte at every position of a long host is compared as byte by byte")
    func everyByteAtEveryPositionOfALongHost() {
        // Lengths on both sides of each word boundary of the word-wide comparison.
        for count in [8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33] {
            let candidate = Self.host(count: count)
            let candidates = [String(decoding: candidate, as: UTF8.self)]
            let matcher = AllowedHostMatcher(LinkPolicy(allowedHosts: candidates.map { HostPattern($0) }))
            for position in 0..<count {
                // Every byte, among them `@` and `[` just outside `A`...`Z`, and bytes over 0x7F.
                for byte in UInt8(0)...UInt8(255) {
                    var text = candidate
                    text[position] = byte
                    let found = ByteView.withBytes(of: text) {
                        matcher.exactHostIndex($0).map(matcher.exactHostText)
                    }
                    #expect(
                        found == Self.expected(candidates, text),
                        "length \(count), byte \(byte) at \(position)")
                }
            }
        }
    }

    @Test("the word-wide lower-cased comparison answers as byte by byte for every byte at every position")
    func equalsLowercasedMatchesPerByte() {
        for count in [8, 12, 16, 17, 24, 30] {
            let candidate = Self.host(count: count)
            for position in 0..<count {
                for byte in UInt8(0)...UInt8(255) {
                    var text = candidate
                    text[position] = byte
                    let expected = zip(candidate, text).allSatisfy { $0 == ASCII.lowercased($1) }
                    let answer = ByteView.withBytes(of: candidate) { a in
                        ByteView.withBytes(of: text) { b in AllowedHostMatcher.equalsLowercased(a, b) }
                    }
                    #expect(answer == expected, "length \(count), byte \(byte) at \(position)")
                }
            }
        }
    }
}
