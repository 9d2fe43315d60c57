import DeepLinks

/// The rules that make untrusted text fit for a preview, before any of it is escaped.
///
/// Everything a preview shows comes from somewhere nobody fully controls: a record a user
/// named, a feed, a link. The rules, applied in this order, are:
///
/// 1. **Invalid scalars.** Text that arrives as UTF-16 or UTF-8 is decoded with
///    ``decoding(utf16:)`` or ``decoding(utf8:)``, which replace each unpaired surrogate or
///    malformed sequence with U+FFFD. Noncharacters (U+FDD0…U+FDEF and every U+xFFFE,
///    U+xFFFF) are replaced with U+FFFD by ``clean(_:field:limit:)``.
/// 2. **Control characters.** C0 controls other than whitespace, DEL and C1 controls are
///    removed: HTML parsers report them as errors and some rewrite them.
/// 3. **Format characters.** Every Unicode format character (category Cf) is removed:
///    bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which
///    make `Invoice \u{202E}gnp.exe` display as "Invoice exe.png"; zero-width characters;
///    the byte-order mark; the soft hyphen; tag characters; and every other
///    Default_Ignorable_Code_Point (Hangul fillers such as U+3164, variation selectors, the
///    combining grapheme joiner). Kept are U+200D between two emoji, where it joins them into
///    one visible picture (👩‍👩‍👧), and U+FE0F after an emoji or keycap base (❤️, 1️⃣).
/// 4. **Whitespace.** Tab, line feed, carriage return, form feed, vertical tab, U+0085,
///    U+2028 and U+2029 become spaces; runs of spaces become one; both ends are trimmed.
///    Preview fields are single lines everywhere they are shown.
/// 5. **Stacked characters.** A character keeps at most 8 scalars (a letter and its
///    combining marks), the bound route parameters apply; the rest are removed.
/// 6. **Length.** Text longer than its limit is cut as ``PreviewLimits`` describes.
///
/// Every rule that changes the text is reported as a ``TextAdjustment``. Escaping for HTML
/// comes after, in `HTMLEscaping`, and changes nothing a parser reads back.
///
/// ```swift
/// let cleaned = PreviewText.clean("  A\ttitle\u{7}  ", field: .title, limit: 200)
/// cleaned.text    // "A title"
/// ```
public enum PreviewText {
    /// Text decoded from code units, with the number of invalid sequences replaced by U+FFFD.
    public struct Decoded: Sendable, Hashable {
        /// The decoded text.
        public let text: String
        /// How many unpaired surrogates or malformed sequences were replaced with U+FFFD.
        public let replacedCount: Int
    }

    /// Text after the rules, with a report of every change.
    public struct Cleaned: Sendable, Hashable {
        /// The cleaned text.
        public let text: String
        /// What the rules changed, in the order they ran; empty when nothing changed.
        public let adjustments: [TextAdjustment]
    }

    /// Decodes UTF-16 code units, replacing each unpaired surrogate with U+FFFD.
    ///
    /// ```swift
    /// PreviewText.decoding(utf16: [0x41, 0xD800, 0x42]).text   // "A\u{FFFD}B"
    /// ```
    public static func decoding(utf16 units: some Sequence<UInt16>) -> Decoded {
        decode(units, as: UTF16.self)
    }

    /// Decodes UTF-8 bytes, replacing each malformed sequence with U+FFFD.
    ///
    /// An encoded surrogate (`ED A0 80`) is malformed UTF-8 and is replaced like any other
    /// malformed sequence: one U+FFFD for each maximal invalid subpart, as Unicode recommends.
    public static func decoding(utf8 bytes: some Sequence<UInt8>) -> Decoded {
        decode(bytes, as: UTF8.self)
    }

    private static func decode<Codec: UnicodeCodec, Units: Sequence<Codec.CodeUnit>>(
        _ units: Units, as codec: Codec.Type
    ) -> Decoded {
        var iterator = units.makeIterator()
        var decoder = Codec()
        var scalars = String.UnicodeScalarView()
        var replaced = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error:
                scalars.append(replacementCharacter)
                replaced += 1
            case .emptyInput: break decoding
            }
        }
        return Decoded(text: String(scalars), replacedCount: replaced)
    }

    static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"
    static let ellipsis: Character = "\u{2026}"

    /// Applies the rules to text for one field.
    ///
    /// - Parameters:
    ///   - text: the untrusted text.
    ///   - field: the field the text is for, named in the reports.
    ///   - limit: the most characters the result may have; at least 1.
    public static func clean(_ text: String, field: PreviewField, limit: Int) -> Cleaned {
        // One function: one pass over the untrusted text's scalars that folds spaces, drops
        // controls and format scalars, and counts each change; every rule reads that state (the
        // pending space, the counts, the scalars kept), and clean text never gets here (`isClean`).
        if isClean(text, limit: limit) { return Cleaned(text: text, adjustments: []) }
        var adjustments: [TextAdjustment] = []
        var scalars = String.UnicodeScalarView()
        var replaced = 0
        var removed = 0
        var whitespaceChanged = false
        var pendingSpace = false
        var formats = 0
        let all = Array(text.unicodeScalars)
        for (position, scalar) in all.enumerated() {
            if isFormat(scalar),
                !(scalar.value == 0x200D && position + 1 < all.count && isPictograph(all[position + 1])
                    && scalars.last.map { isPictograph($0) || $0.value == 0xFE0F } == true),
                !(scalar.value == 0xFE0F && scalars.last.map(DefaultIgnorable.takesEmojiPresentation) == true)
            {
                formats += 1
                continue
            }
            if isFoldedToSpace(scalar) {
                if scalar != " " { whitespaceChanged = true }
                if pendingSpace || scalars.isEmpty { whitespaceChanged = true }
                pendingSpace = true
                continue
            }
            var output = scalar
            if isControl(scalar) {
                removed += 1
                continue
            }
            if isNoncharacter(scalar) {
                replaced += 1
                output = replacementCharacter
            }
            if pendingSpace, !scalars.isEmpty { scalars.append(" ") }
            pendingSpace = false
            scalars.append(output)
        }
        if pendingSpace { whitespaceChanged = true }
        if replaced > 0 {
            adjustments.append(TextAdjustment(field: field, kind: .replacedInvalidScalars, count: replaced))
        }
        if removed > 0 {
            adjustments.append(TextAdjustment(field: field, kind: .removedControlCharacters, count: removed))
        }
        if formats > 0 {
            adjustments.append(TextAdjustment(field: field, kind: .removedFormatCharacters, count: formats))
        }
        if whitespaceChanged {
            adjustments.append(TextAdjustment(field: field, kind: .normalizedWhitespace, count: 0))
        }
        var result = String(scalars)
        let (bounded, trimmed) = boundingScalarsPerCharacter(result)
        if trimmed > 0 {
            result = bounded
            scalars = bounded.unicodeScalars
            adjustments.append(
                TextAdjustment(field: field, kind: .trimmedOverloadedCharacters, count: trimmed))
        }
        let limit = max(1, limit)
        let length = scalars.count
        if length > limit {
            result = cut(result, toScalars: limit - 1) + String(ellipsis)
            adjustments.append(TextAdjustment(field: field, kind: .truncated, count: length, limit: limit))
        }
        return Cleaned(text: result, adjustments: adjustments)
    }

    /// Whether no rule changes the text: one read of its UTF-8 bytes, without building a copy.
    ///
    /// Most text is clean: no control, format or noncharacter scalar, single spaces between
    /// words and none at either end, within its limit. The bound on stacked characters needs
    /// no look at characters when fewer than ``maximumScalarsPerCharacter`` scalars are
    /// outside ASCII: a character holds at most one ASCII scalar (no ASCII scalar extends or
    /// prepends to another, and the controls that pair, CR and LF, are not clean), so a
    /// character of more scalars than the bound holds at least that many others.
    static func isClean(_ text: String, limit: Int) -> Bool {
        // Read over the text's UTF-8 bytes, each scalar outside ASCII decoded in place: a
        // string's bytes are well-formed UTF-8, so a lead byte says how many continuation bytes
        // follow it.
        TextSpan.read(text) { bytes in
            var count = 0
            var nonASCII = 0
            var afterSpace = true
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                // A run of printable ASCII other than the space (most of a title or a
                // description) is passed over in a loop of its own: one test a byte.
                if lead &- 0x21 < 0x5E {
                    let start = index
                    index += 1
                    while index < bytes.count, bytes[index] &- 0x21 < 0x5E { index += 1 }
                    count += index - start
                    afterSpace = false
                    continue
                }
                if lead == 0x20 {
                    if afterSpace { return false }
                    afterSpace = true
                    index += 1
                } else if lead < 0x80 {
                    if lead < 0x20 || lead == 0x7F { return false }
                    afterSpace = false
                    index += 1
                } else {
                    guard let scalar = Self.scalar(in: bytes, at: &index) else { return false }
                    if isFoldedToSpace(scalar) || isControl(scalar) || isNoncharacter(scalar)
                        || isFormat(scalar)
                    {
                        return false
                    }
                    afterSpace = false
                    nonASCII += 1
                }
                count += 1
            }
            return !(afterSpace && count > 0) && nonASCII < maximumScalarsPerCharacter
                && count <= max(1, limit)
        }
    }

    /// The scalar whose UTF-8 sequence starts at `index` (a lead byte of 0x80 or more), with
    /// `index` moved past it; `nil` for a sequence that is not well-formed, which a string's
    /// bytes never hold (the text is then cleaned the long way).
    private static func scalar(in bytes: Span<UInt8>, at index: inout Int) -> Unicode.Scalar? {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard lead >= 0xC0, index + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        index += length
        return Unicode.Scalar(value)
    }

    /// The longest prefix of whole characters with at most `budget` scalars, without
    /// trailing spaces.
    static func cut(_ text: String, toScalars budget: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let size = text[index].unicodeScalars.count
            if used + size > budget { break }
            used += size
            end = text.index(after: index)
        }
        var kept = text[..<end]
        while kept.last == " " { kept.removeLast() }
        return String(kept)
    }

    /// Whitespace that a single-line field folds into one space.
    static func isFoldedToSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// C0 controls (other than the whitespace above), DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// Format characters (Unicode category Cf) and the other Default_Ignorable_Code_Points;
    /// ASCII has none. Below U+0300 (Latin-1 and the Latin extensions, the most frequent
    /// scalars outside ASCII in titles) the only one is U+00AD SOFT HYPHEN, answered without
    /// looking up the scalar's properties (a test checks every scalar below U+0300 against the
    /// lookup).
    static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return value == 0xAD }
        return isFormatByProperties(scalar)
    }

    /// ``isFormat(_:)`` from the scalar's properties: apart, so that a check of Latin text does
    /// not prepare the property types' metadata.
    @inline(never)
    static func isFormatByProperties(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format || DefaultIgnorable.contains(scalar)
    }

    /// The most scalars one character keeps: the bound route parameters apply.
    static let maximumScalarsPerCharacter = 8

    /// The text with every character cut to ``maximumScalarsPerCharacter`` scalars, and how
    /// many scalars were removed. One pass; text within the bound is returned as it is.
    static func boundingScalarsPerCharacter(_ text: String) -> (String, Int) {
        guard text.unicodeScalars.count > maximumScalarsPerCharacter else { return (text, 0) }
        var removed = 0
        var out = String.UnicodeScalarView()
        for character in text {
            var kept = 0
            for scalar in character.unicodeScalars {
                if kept == maximumScalarsPerCharacter {
                    removed += 1
                    continue
                }
                out.append(scalar)
                kept += 1
            }
        }
        return removed == 0 ? (text, 0) : (String(out), removed)
    }

    /// An emoji outside ASCII, skin-tone modifiers included.
    static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xA9 && scalar.properties.isEmoji
    }

    /// Unicode noncharacters: U+FDD0…U+FDEF and the last two code points of every plane.
    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }
}
