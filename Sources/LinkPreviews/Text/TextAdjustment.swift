import DeepLinks

/// One change the text rules made to a preview field, reported so that nothing is altered
/// silently.
///
/// ```swift
/// let cleaned = PreviewText.clean("Summer\u{0}\n2024", field: .title, limit: 200)
/// cleaned.text                       // "Summer 2024"
/// cleaned.adjustments.map(\.kind)    // [.removedControlCharacters, .normalizedWhitespace]
/// ```
public struct TextAdjustment: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What kind of change was made.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Invalid scalars (unpaired surrogates, malformed UTF-8, noncharacters) were
        /// replaced with U+FFFD.
        case replacedInvalidScalars
        /// Control characters (C0 other than whitespace, DEL, C1) were removed.
        case removedControlCharacters
        /// Line breaks and tabs became spaces, runs of spaces became one, and the ends were
        /// trimmed.
        case normalizedWhitespace
        /// The text was longer than its limit and was cut, ending with `…`.
        case truncated
        /// Invisible format characters (Unicode category Cf) were removed: bidirectional
        /// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), zero-width
        /// characters, the byte-order mark, the soft hyphen, tag characters. A title
        /// `Invoice \u{202E}gnp.exe` would otherwise display as "Invoice exe.png". Every other
        /// Default_Ignorable_Code_Point is removed with them (Hangul fillers such as U+3164,
        /// variation selectors outside an emoji, the combining grapheme joiner).
        case removedFormatCharacters
        /// Characters stacked more scalars than a route parameter allows in one character
        /// (8: a letter and its combining marks); the scalars past the eighth were removed, so
        /// a character cannot be drawn over the lines around it.
        case trimmedOverloadedCharacters
    }

    /// The field that was changed.
    public let field: PreviewField
    /// The change.
    public let kind: Kind
    /// How many scalars were replaced or removed (control, format or stacked characters); for ``Kind/truncated``, the length before
    /// the cut, in scalars; for ``Kind/normalizedWhitespace``, 0.
    public let count: Int
    /// The limit that applied, for ``Kind/truncated``; otherwise `nil`.
    public let limit: Int?

    /// Creates an adjustment report.
    public init(field: PreviewField, kind: Kind, count: Int, limit: Int? = nil) {
        self.field = field
        self.kind = kind
        self.count = count
        self.limit = limit
    }

    /// A sentence that says what was changed.
    public var description: String {
        switch kind {
        case .replacedInvalidScalars:
            "the \(field) had \(count) invalid scalar(s), replaced with U+FFFD"
        case .removedControlCharacters:
            "the \(field) had \(count) control character(s), removed"
        case .normalizedWhitespace:
            "the \(field) had line breaks, tabs or repeated spaces, folded into single spaces"
        case .truncated:
            "the \(field) had \(count) scalars and was cut to at most \(limit ?? 0), ending with an ellipsis"
        case .removedFormatCharacters:
            "the \(field) had \(count) invisible format character(s) (bidirectional controls, "
                + "zero-width or tag characters), removed"
        case .trimmedOverloadedCharacters:
            "the \(field) had \(count) scalar(s) stacked past 8 in one character, removed"
        }
    }
}

extension TextAdjustment {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(field, forKey: "field")
        try c.encode(kind, forKey: "kind")
        try c.encode(count, forKey: "count")
        try c.encodeIfPresent(limit, forKey: "limit")
    }
}
