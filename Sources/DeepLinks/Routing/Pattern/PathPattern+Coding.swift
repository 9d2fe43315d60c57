extension PathPattern: ExpressibleByStringLiteral {
    /// Parses a pattern literal; a malformed one keeps its ``syntaxError`` for the table to report.
    public init(stringLiteral value: String) { self.init(parsing: value) }
}

extension PathPattern: Codable {
    /// Decodes a pattern from its text; a malformed one is reported when the table is built.
    public init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the pattern as its text.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}

extension PathPattern {
    /// Two patterns are equal when their texts are.
    public static func == (lhs: PathPattern, rhs: PathPattern) -> Bool {
        // Texts that the segments print are equal exactly when what they were parsed into is:
        // compared without printing them.
        if lhs.writtenText == nil, rhs.writtenText == nil {
            return lhs.segments == rhs.segments && lhs.hasTrailingSlash == rhs.hasTrailingSlash
                && lhs.optionalSegmentPositions == rhs.optionalSegmentPositions
        }
        return lhs.text == rhs.text
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
