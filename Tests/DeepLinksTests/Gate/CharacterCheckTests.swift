import Testing

@testable import DeepLinks

/// The gate checks a link's characters eight bytes at a time and looks at single bytes only in
/// a word that may hold one it must act on (refused, `%`, upper-case). The word test may say
/// "look" in error, never "pass": a byte it passed in error would be a refused byte let
/// through, or an upper-case letter or escape the canonical form would miss.
@Suite("The character check reads eight bytes at a time and misses no byte it must act on")
struct CharacterCheckTests {
    /// Whether the byte-by-byte check acts on a byte: anything in its class besides `pchar`.
    static func needsALook(_ byte: UInt8) -> Bool {
        let bits = ASCII.byteClasses[Int(byte)]
        return bits != 0 && bits != ASCII.pathCharacterBit
    }

    /// A word of eight bytes, in memory order, as the parser loads it.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        precondition(bytes.count == 8)
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    @Test("every byte that needs a look, at every position among plain bytes, sends the word to a look")
    func everyByteAtEveryPosition() {
        for filler in Array("az09-._~/:=&?@".utf8) {
            #expect(
                !LinkParser.mayNeedALook(Self.word(Array(repeating: filler, count: 8))), "filler \(filler)")
            for byte in UInt8.min...UInt8.max where Self.needsALook(byte) {
                for position in 0..<8 {
                    var bytes = Array(repeating: filler, count: 8)
                    bytes[position] = byte
                    #expect(
                        LinkParser.mayNeedALook(Self.word(bytes)),
                        "byte 0x\(String(byte, radix: 16)) at \(position) among \(filler)")
                }
            }
        }
    }

    @Test("a word of random bytes passes only when none of them needs a look")
    func randomWords() {
        var state: UInt64 = 0x5EED
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Mostly printable ASCII, so that both answers occur often.
            let bytes = (0..<8).map { k -> UInt8 in
                let b = UInt8(truncatingIfNeeded: state >> (8 * UInt64(k)))
                return b % 5 == 0 ? b : 0x21 + b % 0x5E
            }
            if !bytes.contains(where: Self.needsALook) { continue }
            #expect(LinkParser.mayNeedALook(Self.word(bytes)), "\(bytes)")
        }
    }

    @Test("the common bytes of links pass eight at a time")
    func plainWordsPass() {
        for text in ["abcdefgh", "12345678", "/albums/", "?page=1&", "summer-2", "utm_sour", "a.b~c:d@"] {
            #expect(!LinkParser.mayNeedALook(Self.word(Array(text.utf8))), "\(text)")
        }
    }

    @Test("the last bytes of a text, read with the word that ends it, are checked as the first ones are")
    func lastBytes() {
        // Every length from 1 to 24, with the byte to act on at the end.
        for length in 1...24 {
            let prefix = "https://example.com/" + String(repeating: "a", count: length)
            #expect(refusal(prefix + " ")?.rule == .whitespaceOrControl, "length \(length)")
            #expect(refusal(prefix + " ")?.position == prefix.utf8.count, "length \(length)")
            #expect(refusal(prefix + "\u{7F}")?.rule == .whitespaceOrControl, "length \(length)")
            #expect(refusal(prefix + "\\")?.rule == .backslash, "length \(length)")
            #expect(refusal(prefix + "\u{E9}")?.rule == .nonASCII, "length \(length)")
        }
        // Shorter than a word: read byte by byte.
        #expect(refusal("a b")?.rule == .whitespaceOrControl)
        #expect(refusal("a b")?.position == 1)
    }

    @Test("an upper-case letter or an escape in the last bytes still keeps the text from being canonical")
    func lastBytesCanonical() throws {
        let gate = LinkGate()
        for length in 1...12 {
            let host = "example.co" + String(repeating: "x", count: length)
            // The host's last byte upper-case: the canonical form lower-cases it.
            let upper = try gate.parse("https://\(host.dropLast())X/")
            #expect(upper.canonical == "https://\(host)/", "length \(length)")
            // An escape of an unreserved character in the last bytes: decoded in the canonical form.
            let escaped = try gate.parse("https://\(host)/%61")
            #expect(escaped.canonical == "https://\(host)/a", "length \(length)")
        }
    }
}
