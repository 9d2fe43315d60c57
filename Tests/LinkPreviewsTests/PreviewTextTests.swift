import LinkPreviews
import Testing

@Suite("Text rules: invalid scalars, controls, whitespace, length")
struct PreviewTextTests {
    @Test("unpaired UTF-16 surrogates become U+FFFD, one for each, and are counted")
    func unpairedSurrogatesAreReplaced() {
        let decoded = PreviewText.decoding(utf16: [0x41, 0xD800, 0x42, 0xDC00, 0xD83D, 0xDE00, 0xDBFF])
        #expect(decoded.text == "A\u{FFFD}B\u{FFFD}😀\u{FFFD}")
        #expect(decoded.replacedCount == 3)
    }

    @Test("an encoded surrogate in UTF-8 is malformed and replaced per maximal subpart")
    func encodedSurrogateInUTF8() {
        let decoded = PreviewText.decoding(utf8: [0x61, 0xED, 0xA0, 0x80, 0x62, 0xC3, 0xA9])
        #expect(decoded.text == "a\u{FFFD}\u{FFFD}\u{FFFD}bé")
        #expect(decoded.replacedCount == 3)
    }

    @Test("valid text decodes with nothing replaced")
    func validTextDecodesUnchanged() {
        let decoded = PreviewText.decoding(utf16: Array("Summer 2024 🌅".utf16))
        #expect(decoded.text == "Summer 2024 🌅")
        #expect(decoded.replacedCount == 0)
    }

    @Test("control characters are removed and reported with their count")
    func controlsAreRemoved() {
        let cleaned = PreviewText.clean("A\u{0}B\u{1B}[31mC\u{7F}D\u{85}E\u{9B}F", field: .title, limit: 200)
        #expect(cleaned.text == "AB[31mCD EF")
        #expect(
            cleaned.adjustments == [
                TextAdjustment(field: .title, kind: .removedControlCharacters, count: 4),
                TextAdjustment(field: .title, kind: .normalizedWhitespace, count: 0),
            ])
    }

    @Test("line breaks and tabs become single spaces, and the ends are trimmed")
    func whitespaceIsFolded() {
        let cleaned = PreviewText.clean("  Summer\r\n\t2024\u{2028}photos  ", field: .description, limit: 200)
        #expect(cleaned.text == "Summer 2024 photos")
        #expect(
            cleaned.adjustments == [
                TextAdjustment(field: .description, kind: .normalizedWhitespace, count: 0)
            ])
    }

    @Test("noncharacters are replaced with U+FFFD and reported")
    func noncharactersAreReplaced() {
        // Swift refuses noncharacters in literals, so the text is built from scalars.
        var text = String.UnicodeScalarView()
        for value: UInt32 in [0x61, 0xFFFE, 0x62, 0xFDD0, 0x63, 0x10FFFF] {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        let cleaned = PreviewText.clean(String(text), field: .imageAlt, limit: 200)
        #expect(cleaned.text == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(
            cleaned.adjustments == [TextAdjustment(field: .imageAlt, kind: .replacedInvalidScalars, count: 3)]
        )
    }

    @Test("clean text is returned unchanged with no report")
    func cleanTextIsUntouched() {
        let cleaned = PreviewText.clean(#"Tom's "best" <album> & more"#, field: .title, limit: 200)
        #expect(cleaned.text == #"Tom's "best" <album> & more"#)
        #expect(cleaned.adjustments.isEmpty)
    }

    @Test("very long text is cut to limit − 1 scalars plus an ellipsis, and the cut is reported")
    func longTextIsTruncated() {
        let cleaned = PreviewText.clean(String(repeating: "a", count: 10_000), field: .title, limit: 200)
        #expect(cleaned.text == String(repeating: "a", count: 199) + "…")
        #expect(cleaned.text.unicodeScalars.count == 200)
        #expect(
            cleaned.adjustments == [
                TextAdjustment(field: .title, kind: .truncated, count: 10_000, limit: 200)
            ])
    }

    @Test("text exactly at the limit is not cut")
    func textAtTheLimitIsKept() {
        let text = String(repeating: "b", count: 200)
        #expect(PreviewText.clean(text, field: .title, limit: 200).text == text)
    }

    @Test("a cut never splits a character, and spaces before the ellipsis are dropped")
    func cutKeepsWholeCharacters() {
        // "👨‍👩‍👧" is 5 scalars; with a budget of 9 scalars only "ab " and one family fit.
        let cleaned = PreviewText.clean("ab 👨‍👩‍👧👨‍👩‍👧 end", field: .title, limit: 10)
        #expect(cleaned.text == "ab 👨‍👩‍👧…")
        let spaced = PreviewText.clean("abc def", field: .title, limit: 5)
        #expect(spaced.text == "abc…")
    }

    @Test("one character stacked with thousands of combining marks cannot pass the limit")
    func combiningMarkFloodIsBounded() {
        let flood = "Z" + String(repeating: "\u{0301}", count: 5_000) + " title"
        let cleaned = PreviewText.clean(flood, field: .title, limit: 200)
        // The character keeps the 8 scalars a route parameter allows; the rest of the text stays.
        #expect(cleaned.text == "Z" + String(repeating: "\u{0301}", count: 7) + " title")
        #expect(
            cleaned.adjustments == [
                TextAdjustment(field: .title, kind: .trimmedOverloadedCharacters, count: 4_993)
            ])
    }

    @Test("every adjustment says what changed in a sentence")
    func adjustmentSentences() {
        #expect(
            TextAdjustment(field: .title, kind: .truncated, count: 5000, limit: 200).description
                == "the title had 5000 scalars and was cut to at most 200, ending with an ellipsis")
        #expect(
            TextAdjustment(field: .imageAlt, kind: .replacedInvalidScalars, count: 2).description
                == "the image alt text had 2 invalid scalar(s), replaced with U+FFFD")
    }

    @Test(
        "pins: a bidi override in a title is removed and reported, so 'Invoice \\u{202E}gnp.exe' is not shown as 'Invoice exe.png'"
    )
    func bidiOverrideIsRemovedAndReported() {
        let cleaned = PreviewText.clean("Invoice \u{202E}gnp.exe", field: .title, limit: 200)
        #expect(cleaned.text == "Invoice gnp.exe")
        #expect(
            cleaned.adjustments == [TextAdjustment(field: .title, kind: .removedFormatCharacters, count: 1)])
        #expect(
            cleaned.adjustments.first?.description
                == "the title had 1 invisible format character(s) (bidirectional controls, zero-width or tag characters), removed"
        )
    }

    @Test(
        "pins: every bidi control and other format character is removed from preview text",
        arguments: [
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
            "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}",
            "\u{FEFF}", "\u{00AD}", "\u{E0001}", "\u{E0041}",
        ])
    func formatCharactersAreRemoved(format: String) {
        let cleaned = PreviewText.clean("ab\(format)c", field: .description, limit: 200)
        #expect(cleaned.text == "abc")
        #expect(
            cleaned.adjustments == [
                TextAdjustment(field: .description, kind: .removedFormatCharacters, count: 1)
            ])
    }

    @Test("emoji joined by U+200D are kept whole and nothing is reported")
    func emojiJoinersAreKept() {
        let cleaned = PreviewText.clean("Family 👩‍👩‍👧", field: .title, limit: 200)
        #expect(cleaned.text == "Family 👩‍👩‍👧")
        #expect(cleaned.adjustments.isEmpty)
    }
}

/// Issue: preview text kept invisibles outside category Cf and 50 stacked combining marks,
/// where route parameters refuse both.
@Suite("Hostile input: preview text drops every invisible and bounds stacked marks")
struct PreviewInvisibleTextTests {
    @Test("Hangul fillers, the grapheme joiner, variation selectors and tags are removed and reported")
    func invisiblesRemoved() {
        let cleaned = PreviewText.clean(
            "ad\u{3164}min\u{115F} \u{034F}x\u{FE0F}\u{E0100}", field: .title, limit: 200)
        #expect(cleaned.text == "admin x")
        #expect(
            cleaned.adjustments == [TextAdjustment(field: .title, kind: .removedFormatCharacters, count: 5)])
    }

    @Test("emoji keep their selector and joiners")
    func emojiKept() {
        let text = "I \u{2764}\u{FE0F} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} 1\u{FE0F}\u{20E3}"
        let cleaned = PreviewText.clean(text, field: .title, limit: 200)
        #expect(cleaned.text == text)
        #expect(cleaned.adjustments == [])
    }

    @Test("50 stacked combining marks are cut to the 8 scalars a parameter allows in one character")
    func stackedMarks() {
        let zalgo = "Z" + String(repeating: "\u{0301}", count: 50) + "ed"
        let cleaned = PreviewText.clean(zalgo, field: .description, limit: 200)
        #expect(cleaned.text == "Z" + String(repeating: "\u{0301}", count: 7) + "ed")
        #expect(
            cleaned.adjustments == [
                TextAdjustment(field: .description, kind: .trimmedOverloadedCharacters, count: 43)
            ])
        #expect(
            cleaned.adjustments.first?.description
                == "the description had 43 scalar(s) stacked past 8 in one character, removed")
    }
}
