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

    @Test("a text and a byte array are compared a word at a time: a difference at every position, in length")
    func textAgainstBytes() {
        for length in Self.lengths {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
            let bytes = Array(text.utf8)
            #expect(TextBytes.sameBytes(text, bytes), "\(length) bytes")
            #expect(UTF8Text.sameBytes(text, bytes), "\(length) bytes")
            for position in bytes.indices {
                var other = bytes
                other[position] = UInt8(ascii: "Z")
                #expect(!TextBytes.sameBytes(text, other), "\(length) bytes, position \(position)")
            }
            #expect(!TextBytes.sameBytes(text, bytes + [UInt8(ascii: "a")]))
            #expect(!TextBytes.sameBytes(text + "a", bytes))
        }
        // Not canonical equivalence: the bytes are compared.
        #expect(!TextBytes.sameBytes("\u{E9}", Array("e\u{301}".utf8)))
    }

    @Test("a link written with the bytes of the text it may reuse is that text; any other text is not taken")
    func writtenLinkReusesTheDecidedText() throws {
        let router = try Router(
            RouteTable {
                Route("album", "/albums/:album(slug)", query: ["page(int)?"])
            })
        let parameters: RouteParameters = ["album": .string("summer-2024"), "page": .integer(2)]
        let written = "https://example.com/albums/summer-2024?page=2"
        for candidate in [
            written, "https://example.com/albums/summer-2024?page=3",
            "https://example.com/albums/summer-2024", "https://Example.com/albums/summer-2024?page=2", "",
            written + "&",
        ] {
            for checking in [true, false] {
                let link = try router.writeLink(
                    for: "album", parameters: parameters, scheme: "https", host: "example.com",
                    checkingRoundTrip: checking, checkingValues: checking, reusing: candidate)
                #expect(link == written, "\(candidate)")
                #expect(link.utf8.elementsEqual(written.utf8), "\(candidate)")
            }
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

/// Percent-encoding into a link's bytes copies the runs of allowed bytes whole: every byte
/// value, at the start, in the middle and at the end of a text, encodes as the byte-by-byte
/// rule says, for every set of allowed bytes, form-encoded or not.
@Suite("Percent-encoding into bytes: runs copied whole, each other byte escaped")
struct PercentEncodingRunTests {
    /// The rule, one byte at a time.
    private static func reference(_ text: String, _ allowed: PercentEncoding.Allowed, form: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 {
            if allowed.allows(byte) {
                out.append(byte)
            } else if form, byte == UInt8(ascii: " ") {
                out.append(UInt8(ascii: "+"))
            } else {
                out += Array("%".utf8) + [ASCII.hexDigits[Int(byte >> 4)], ASCII.hexDigits[Int(byte & 0xF)]]
            }
        }
        return out
    }

    @Test("every byte value before, inside and after runs of allowed bytes, after bytes already written")
    func everyByteInEveryPlace() {
        let cases: [PercentEncoding.Allowed] = [.unreserved, .pathSegment, .queryItem, .fragment]
        var texts: [String] = ["", "a", "%", " ", "abc def", "é", "a b+c&d=e#f'g"]
        for value in 0...0x7F {
            let byte = String(UnicodeScalar(UInt8(value)))
            texts += [
                byte, byte + "abcdefgh", "abcdefgh" + byte,
                "abc" + byte + "defghijklmnopq", byte + byte + "x",
            ]
        }
        texts += ["Grandma’s 90th 🎂", "Tom's \"best\" </title>", String(repeating: "é", count: 20)]
        for allowed in cases {
            for form in [false, true] {
                for text in texts {
                    var out = Array("https://x/".utf8)
                    PercentEncoding.append(text, allowing: allowed, formEncoded: form, to: &out)
                    #expect(
                        out == Array("https://x/".utf8) + Self.reference(text, allowed, form: form),
                        "\(allowed), form \(form): \(text.debugDescription)")
                }
            }
        }
    }
}
