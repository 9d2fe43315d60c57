import Testing

@testable import DeepLinks

/// The byte-level text helpers that read a string in place: the comparison that reads eight
/// bytes at a time, and the lower-casing that answers a lower-case ASCII text with itself.
@Suite("Text bytes: comparisons a word at a time and lower-casing without a copy")
struct TextBytesTests {
    /// Texts of every length from 0 to 40 bytes: small strings (up to 15 bytes, kept in the
    /// value) and native ones, whole words and tails of 1 to 7 bytes.
    private static let lengths = 0...40

    @Test("sameBytes finds a difference at every position of texts of 0 to 40 bytes")
    func differenceAtEveryPosition() {
        for length in Self.lengths {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
            #expect(
                UTF8Text.sameBytes(text, String(decoding: Array(text.utf8), as: UTF8.self)), "\(length) bytes"
            )
            for position in 0..<length {
                var bytes = Array(text.utf8)
                bytes[position] = UInt8(ascii: "Z")
                let other = String(decoding: bytes, as: UTF8.self)
                #expect(!UTF8Text.sameBytes(text, other), "\(length) bytes, position \(position)")
                #expect(!UTF8Text.sameBytes(other, text), "\(length) bytes, position \(position)")
            }
            // One byte more or less is a different text, whatever the bytes they share.
            #expect(!UTF8Text.sameBytes(text, text + "a"))
            #expect(!UTF8Text.sameBytes(text + "a", text))
        }
    }

    @Test("sameBytes on spans: a difference in a word's last byte and in the tail")
    func spans() {
        let left = Array("0123456789abcdefX".utf8)
        for position in left.indices {
            var right = left
            right[position] ^= 0x20
            let same = left.withUnsafeBufferPointer { a in
                right.withUnsafeBufferPointer { b in unsafe TextBytes.sameBytes(a.span, b.span) }
            }
            #expect(!same, "position \(position)")
        }
        let same = left.withUnsafeBufferPointer { a in
            left.withUnsafeBufferPointer { b in unsafe TextBytes.sameBytes(a.span, b.span) }
        }
        #expect(same)
    }

    @Test(
        "lower-casing answers a lower-case ASCII text with itself and lower-cases any other as String does",
        arguments: [
            "https", "photos.example.com", "", "HTTPS", "Photos.Example.COM", "photoalbum",
            "x-Y", "ÉCOLE.example", "straße", "İstanbul", "a-much-longer-host-name.example.com",
        ])
    func lowercased(text: String) {
        let lowered = ASCII.lowercased(text)
        #expect(lowered == text.lowercased())
        #expect(lowered.utf8.elementsEqual(text.lowercased().utf8))
    }
}
