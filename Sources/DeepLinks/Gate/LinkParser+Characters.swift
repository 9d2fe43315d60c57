import Foundation

/// The character check: one read of the whole link, a word at a time, before any component is parsed.
extension LinkParser {
    // MARK: - Characters

    /// What the first pass learnt about the text, besides that it has no refused byte.
    struct CharacterSummary {
        /// The offset of the first upper-case letter, if any.
        var firstUpperCase: Int?
        /// Whether the text holds a `%`.
        var hasPercent = false
    }

    /// Refuses non-ASCII, whitespace, control characters and backslashes anywhere.
    func checkCharacters(_ bytes: ByteView) throws(LinkError) -> CharacterSummary {
        let classes = compiled.byteClassTable
        let count = bytes.count
        var summary = CharacterSummary()
        var i = 0
        while i < count {
            // Eight bytes at a time while none of them needs a look (the usual case); the
            // last few bytes as the end of the word that ends the text, read again with
            // bytes before them that already passed.
            i = bytes.firstWord(from: i, where: Self.mayNeedALook)
            if i == count { break }
            if i + 8 > count, count >= 8, !Self.mayNeedALook(bytes.word(at: count - 8)) { break }
            let end = min(i + 8, count)
            while i < end {
                let bits = classes[bytes[i]]
                if bits != 0, bits != ASCII.pathCharacterBit {
                    if bits & ASCII.refusedBit != 0 { throw Self.refusal(of: bytes[i], at: i) }
                    if bits & ASCII.percentBit != 0 { summary.hasPercent = true }
                    if bits & ASCII.upperCaseBit != 0, summary.firstUpperCase == nil {
                        summary.firstUpperCase = i
                    }
                }
                i += 1
            }
        }
        return summary
    }

    /// The error for a byte no link may hold: non-ASCII, whitespace or control, backslash.
    static func refusal(of b: UInt8, at i: Int) -> LinkError {
        if b >= 0x80 { return LinkError(.nonASCII, at: i, detail: "byte 0x\(hex(b))") }
        if b <= 0x20 || b == 0x7F {
            return LinkError(.whitespaceOrControl, at: i, detail: name(ofControl: b))
        }
        return LinkError(.backslash, at: i)
    }

    /// Whether any of eight bytes may be non-ASCII, a space or control character, DEL, a
    /// backslash, `%` or an upper-case letter. Word-wide tests that can answer yes in error,
    /// never no: a yes only sends the eight bytes through the byte-by-byte check.
    ///
    /// Three ranges and one byte, tested on all eight bytes at once without a branch: below
    /// 0x26 (space, controls and `!"#$%`), 0x41 to 0x5C (`A` to `Z`, `[` and `\`), DEL, and
    /// any byte with its high bit set. For a byte below 0x80, adding `0x80 - n` carries into
    /// its high bit exactly when the byte is at least `n`, and no sum carries into the next
    /// byte; a word with a byte over 0x7F is answered yes whatever the sums say.
    @inline(__always)
    static func mayNeedALook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let belowPercentEnd = ~(word &+ ones &* (0x80 - 0x26))
        let fromUpperA = word &+ ones &* (0x80 - 0x41)
        let pastBackslash = word &+ ones &* (0x80 - 0x5D)
        let isDelete = word &+ ones
        return (word | belowPercentEnd | isDelete | (fromUpperA & ~pastBackslash)) & highs != 0
    }

    static func name(ofControl b: UInt8) -> String {
        switch b {
        case 0x20: "space"
        case 0x09: "tab"
        case 0x0A: "line feed"
        case 0x0D: "carriage return"
        case 0x00: "NUL"
        case 0x7F: "DEL"
        default: "control character 0x\(hex(b))"
        }
    }
}
