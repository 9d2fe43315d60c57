import Testing

@testable import LinkPreviews

/// `PreviewText.isClean(_:limit:)` reads a text's UTF-8 bytes and decodes each scalar in place:
/// it must answer as a read of the text's scalars does, for every kind of scalar the rules
/// name and every length of UTF-8 sequence.
@Suite("Text rules: the check that leaves clean text alone reads bytes as scalars")
struct PreviewTextCleanCheckTests {
    /// The same check over the text's scalars.
    private static func reference(_ text: String, limit: Int) -> Bool {
        var count = 0
        var nonASCII = 0
        var afterSpace = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else if value < 0x80 {
                if value < 0x20 || value == 0x7F { return false }
                afterSpace = false
            } else {
                if PreviewText.isFoldedToSpace(scalar) || PreviewText.isControl(scalar)
                    || PreviewText.isNoncharacter(scalar) || PreviewText.isFormat(scalar)
                {
                    return false
                }
                afterSpace = false
                nonASCII += 1
            }
            count += 1
        }
        return !(afterSpace && count > 0) && nonASCII < PreviewText.maximumScalarsPerCharacter
            && count <= max(1, limit)
    }

    @Test("below U+0300 the format check answers as the scalar's properties do: only U+00AD is one")
    func formatBelowCombiningMarks() {
        for value in UInt32(0)..<0x300 {
            let scalar = Unicode.Scalar(value)!
            #expect(
                PreviewText.isFormat(scalar) == (value > 0x7E && PreviewText.isFormatByProperties(scalar)),
                "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(PreviewText.isFormat("\u{AD}"))
        #expect(PreviewText.isFormat("\u{200B}") && PreviewText.isFormat("\u{34F}"))
        #expect(!PreviewText.isFormat("\u{B7}") && !PreviewText.isFormat("\u{E9}"))
    }

    @Test("every kind of scalar, at the start, inside and at the end, of one to four bytes, at each limit")
    func sameAnswerAsScalars() {
        let scalars = [
            "a", " ", "\t", "\u{7F}", "\u{A0}", "\u{AD}", "\u{E9}", "\u{301}", "\u{85}", "\u{200B}",
            "\u{200D}",
            "\u{2028}", "\u{3000}", "\u{FEFF}", "\u{FFFD}", "€", "😀", "\u{1F3FB}",
            "\u{E0001}",
        ]
        // Noncharacters, built at run time (a literal may not spell some of them).
        let noncharacters = [0xFDD0, 0xFFFE, 0x1FFFE, 0x10FFFF].map { String(Unicode.Scalar($0)!) }
        var compared = 0
        for scalar in scalars + noncharacters {
            for text in [
                scalar, "x" + scalar, scalar + "x", "ab " + scalar + " cd", scalar + scalar + scalar,
            ] {
                for limit in [0, 1, 3, 100] {
                    #expect(
                        PreviewText.isClean(text, limit: limit) == Self.reference(text, limit: limit),
                        "\(text.unicodeScalars.map { String($0.value, radix: 16) }) limit \(limit)")
                    compared += 1
                }
            }
        }
        let stacked = "e" + String(repeating: "\u{301}", count: 9)
        #expect(!PreviewText.isClean(stacked, limit: 100))
        #expect(PreviewText.isClean("Photo 3 · Summer 2024 🎂", limit: 100))
        #expect(compared == (scalars.count + noncharacters.count) * 5 * 4)
    }

    @Test("runs of printable ASCII: each ASCII byte before, inside and after one, every limit")
    func asciiRuns() {
        var compared = 0
        for value in 0..<0x80 {
            let byte = String(Unicode.Scalar(UInt8(value)))
            for text in [
                byte, "abc" + byte + "defgh", byte + "abcdefgh", "abcdefgh" + byte, "ab " + byte + " c",
                byte + byte + "x", "x" + byte + "é" + byte,
            ] {
                let length = text.unicodeScalars.count
                for limit in [0, 1, length - 1, length, length + 1, 100] {
                    #expect(
                        PreviewText.isClean(text, limit: limit) == Self.reference(text, limit: limit),
                        "\(text.unicodeScalars.map { String($0.value, radix: 16) }) limit \(limit)")
                    compared += 1
                }
            }
        }
        #expect(compared == 0x80 * 7 * 6)
        #expect(PreviewText.isClean("Summer 2024: the beach, the sea & the sun!", limit: 42))
        #expect(!PreviewText.isClean("Summer 2024: the beach, the sea & the sun!", limit: 41))
        #expect(!PreviewText.isClean("Summer  2024", limit: 100))
        #expect(!PreviewText.isClean("Summer 2024 ", limit: 100))
    }
}
