/// Unicode's Default_Ignorable_Code_Point property: code points a renderer shows as nothing
/// when it does not support them (variation selectors, Hangul fillers such as U+3164,
/// U+115F and U+FFA0, the combining grapheme joiner U+034F, Khmer vowels inherent U+17B4 and
/// U+17B5, Mongolian variation selectors, tag characters, and every format character of the
/// same kind).
///
/// Many are not format characters (Cf), so a check for Cf alone lets them make two values
/// look alike. The table (``ranges``) is generated from the Unicode data by
/// `scripts/generate-default-ignorables.swift`, so every platform and OS version answers alike.
package enum DefaultIgnorable {
    /// Whether the scalar is a Default_Ignorable_Code_Point. A binary search over 17 ranges.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0xAD else { return false }
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(value)
    }

    /// VARIATION SELECTOR-16: emoji presentation, visible as part of the emoji it follows.
    package static let emojiPresentation: UInt32 = 0xFE0F
    /// ZERO WIDTH JOINER: visible as the joining of the two emoji around it.
    package static let zeroWidthJoiner: UInt32 = 0x200D

    /// A scalar an emoji presentation selector may follow: an emoji outside ASCII (skin-tone
    /// modifiers included), or a keycap base (`0`–`9`, `#`, `*`).
    package static func takesEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x23, 0x2A, 0x30...0x39: true
        default: CharacterClass.isPictograph(scalar)
        }
    }
}
