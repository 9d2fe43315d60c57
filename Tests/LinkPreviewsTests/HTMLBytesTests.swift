import DeepLinks
import TestSupport
import Testing

@testable import LinkPreviews

/// Pins the landing page's escaping into bytes (``HTMLBytes``) to ``HTMLEscaping``, byte for
/// byte, wherever a byte to escape falls in a value and whatever its length.
@Suite("Escaping a value's bytes")
struct HTMLBytesTests {
    /// The bytes of `text` escaped by ``HTMLBytes``, from a string and from a substring.
    private func escaped(_ text: String, quotes: Bool) -> (String, String) {
        let whole = HTMLWriter.bytes(capacity: 16) { HTMLBytes.appendEscaped(text, quotes: quotes, to: &$0) }
        let padded = "x" + text + "y"
        let inner = padded.dropFirst().dropLast()
        let part = HTMLWriter.bytes(capacity: 16) { HTMLBytes.appendEscaped(inner, quotes: quotes, to: &$0) }
        return (String(decoding: whole, as: UTF8.self), String(decoding: part, as: UTF8.self))
    }

    /// Expects `text` escaped by ``HTMLBytes``, whole and as a substring, as an attribute and as
    /// text, to be what ``HTMLEscaping`` writes.
    private func expectSameAsHTMLEscaping(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let attribute = escaped(text, quotes: true)
        #expect(attribute.0 == HTMLEscaping.attribute(text), sourceLocation: sourceLocation)
        #expect(attribute.1 == HTMLEscaping.attribute(text), sourceLocation: sourceLocation)
        let plain = escaped(text, quotes: false)
        #expect(plain.0 == HTMLEscaping.text(text), sourceLocation: sourceLocation)
        #expect(plain.1 == HTMLEscaping.text(text), sourceLocation: sourceLocation)
    }

    @Test("each escaped character at every offset of values up to 25 bytes long")
    func everyOffset() {
        for special in ["&", "<", ">", "\"", "'"] {
            for length in 1...25 {
                for position in 0..<length {
                    let text =
                        String(repeating: "a", count: position) + special
                        + String(repeating: "b", count: length - position - 1)
                    expectSameAsHTMLEscaping(text)
                }
            }
        }
    }

    @Test(
        "every ASCII character, and characters whose bytes differ from a markup byte by one bit, in either half of a word"
    )
    func everyByteInAWord() {
        // Blocks of sixteen bytes and words of eight are tested at once, the last bytes one at a
        // time: each character below is placed at every offset of values that fill one word,
        // one block, a block and a partial word, two blocks, and two blocks, a word and a few
        // bytes, beside the characters one bit away from `&`, `<`, `>`, `"`, `'`.
        let characters =
            (1...0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["é", "€", "😀", "\u{A6}", "\u{BC}"]
        for character in characters {
            for length in [8, 16, 19, 32, 37] {
                for position in 0..<(length - 1) {
                    let filler = ["=", "?", "$", "%", "#", "!", ".", ">"][position % 8]
                    let text =
                        String(repeating: "a", count: position) + character + filler
                        + String(repeating: "b", count: max(0, length - position - 2))
                    expectSameAsHTMLEscaping(text)
                }
            }
        }
    }

    @Test("values dense with characters to escape, of every length up to 70 bytes, from a seeded generator")
    func denseValues() {
        // Several characters to escape in one block or word, side by side and apart, among
        // ASCII and multi-byte characters: each mark of a block and the first of a word are
        // escaped in turn.
        let alphabet = ["&", "<", ">", "\"", "'", "a", "%", "=", "é", "😀", " ", "$"]
        var generator = SplitMix64(seed: 0x48_544D_4C)
        for length in 0...70 {
            for _ in 0..<12 {
                let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                expectSameAsHTMLEscaping(text)
            }
        }
    }

    @Test("an integer is written in the digits String(_:) gives, at every magnitude and sign")
    func decimals() {
        var values = [
            0, 1, -1, 9, 10, -10, 99, 100, 1080, 1200, 120_000_034, -7_000_000_000_000_000_008, Int.max,
            Int.min, Int.max - 1, Int.min + 1,
        ]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        for value in values {
            let bytes = HTMLWriter.bytes(capacity: 8) { out in
                out.raw("x")
                out.decimal(value)
            }
            #expect(bytes == Array(("x" + String(value)).utf8), "\(value)")
        }
    }

    @Test("bytes next to the escaped ones, non-ASCII and runs of references are kept as they are")
    func neighboursAndRuns() {
        let samples = [
            "", "%'&()=;:<>?!\"#$", "\u{26}\u{A6}\u{BC}\u{3C}é€😀", "&&&&&&&&&&&&&&&&&",
            "https://example.com/a?b=1&c=2", "no markup here at all, only words",
            "\u{00}\u{01}\u{7F}\u{80}\u{FF}&", String(repeating: "é<", count: 13),
        ]
        for text in samples {
            expectSameAsHTMLEscaping(text)
        }
    }
}
