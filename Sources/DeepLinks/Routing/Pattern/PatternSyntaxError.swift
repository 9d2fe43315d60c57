/// Why the text of a path pattern, query declaration or fragment rule was refused.
///
/// Patterns written as literals cannot throw, so a malformed one keeps its error and the
/// table reports it when it is built (``RouteTableFinding/invalidPattern(route:error:)``).
///
/// ```swift
/// let pattern: PathPattern = "/files/*rest/more"
/// pattern.syntaxError?.reason    // .catchAllNotLast
/// pattern.syntaxError?.offset    // 12
/// ```
public struct PatternSyntaxError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The whole text that was parsed.
    public let text: String
    /// Zero-based byte offset of the fault in ``text``.
    public let offset: Int
    /// The parameter being declared where the fault sits, if any.
    public let parameter: String?
    /// What was wrong.
    public let reason: Reason

    /// Creates an error.
    public init(text: String, offset: Int, parameter: String? = nil, reason: Reason) {
        self.text = text
        self.offset = offset
        self.parameter = parameter
        self.reason = reason
    }

    /// The kinds of mistakes in pattern text.
    public enum Reason: Sendable, Hashable, Encodable {
        /// A path pattern that does not start with `/`.
        case missingLeadingSlash
        /// `//` inside a path pattern: links with empty segments are refused by the gate.
        case emptySegment
        /// A `:` or `*` without a parameter name after it.
        case missingParameterName
        /// A parameter name that is not a letter or `_` followed by letters, digits or `_`, or
        /// a query name with characters other than letters, digits and `_ - . ~ [ ]`.
        case invalidName(String)
        /// A `(` without its `)`.
        case unclosedParenthesis
        /// Text after a parameter's closing `)` (or after its name) in the same segment.
        case textAfterParameter(String)
        /// A catch-all that is not the last segment (a trailing slash counts).
        case catchAllNotLast
        /// An optional last parameter (`:name?`) that a trailing slash follows.
        case optionalBeforeTrailingSlash
        /// More optional parameters than ``PathPattern/maximumOptionalSegments``.
        case tooManyOptionalSegments(limit: Int)
        /// A catch-all marked optional (`*rest?`): a catch-all takes one or more segments;
        /// declare a second route for the path without them.
        case optionalCatchAll
        /// A literal character that cannot appear in a path segment unencoded.
        case invalidCharacter(String)
        /// A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8.
        case invalidPercentEscape
        /// A literal `.` or `..` segment: the gate refuses such links, so it could never match.
        case dotSegment
        /// A malformed parameter type inside `( )`.
        case invalidType(ParameterTypeSyntaxError)
        /// Empty text where a declaration was expected.
        case empty
    }

    /// A sentence naming the mistake and where it is.
    public var description: String {
        let subject = parameter.map { "parameter '\($0)' in " } ?? ""
        return "\(subject)'\(text)' at offset \(offset): \(reason.sentence)"
    }
}

extension PatternSyntaxError {
    /// An error kept out of line by the declarations that may carry one, so that the
    /// declarations without one (nearly all) stay small.
    final class Box: Sendable, Hashable {
        let error: PatternSyntaxError

        init(_ error: PatternSyntaxError) { self.error = error }

        static func == (a: Box, b: Box) -> Bool { a.error == b.error }

        func hash(into hasher: inout Hasher) { hasher.combine(error) }
    }
}

extension PatternSyntaxError.Reason {
    /// A sentence for the reason, without position.
    public var sentence: String {
        switch self {
        case .missingLeadingSlash: "a path pattern starts with '/'"
        case .emptySegment: "a path pattern has no empty segments ('//')"
        case .missingParameterName: "':' and '*' are followed by a parameter name"
        case .invalidName(let name): "'\(name)' is not a valid parameter name"
        case .unclosedParenthesis: "the parameter type has no closing ')'"
        case .textAfterParameter(let text): "unexpected text '\(text)' after the parameter"
        case .catchAllNotLast: "a catch-all '*name' must be the last segment, without a trailing slash"
        case .optionalBeforeTrailingSlash:
            "an optional last segment (':name?' or ':name(type)?') cannot be followed by a trailing slash"
        case .tooManyOptionalSegments(let limit):
            "a path pattern has at most \(limit) optional segments"
        case .optionalCatchAll:
            "a catch-all '*name' cannot be optional; it takes one or more segments, "
                + "so declare another route for the path without them"
        case .invalidCharacter(let character):
            "the character '\(ParameterFailure.shortened(character))' cannot appear unencoded in a path segment"
        case .invalidPercentEscape:
            "a '%' must start an escape of two hexadecimal digits that decodes to UTF-8"
        case .dotSegment: "a '.' or '..' segment can never match, because the gate refuses such links"
        case .invalidType(let error): error.description
        case .empty: "the declaration is empty"
        }
    }
}

/// Shared scanning for pattern texts.
enum PatternScanner {
    /// The index of the `)` that closes the `(` at `open`, skipping `[…]` character classes.
    static func closingParenthesis(_ bytes: [UInt8], from open: Int) -> Int? {
        var i = open + 1
        var inBrackets = false
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "[") where !inBrackets: inBrackets = true
            case UInt8(ascii: "]") where inBrackets: inBrackets = false
            case UInt8(ascii: ")") where !inBrackets: return i
            default: break
            }
            i += 1
        }
        return nil
    }

    /// Whether a byte may appear in a parameter name.
    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        ASCII.isAlpha(byte) || byte == UInt8(ascii: "_") || (!first && ASCII.isDigit(byte))
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

extension PatternSyntaxError.Reason {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .missingLeadingSlash: _ = EnumCaseEncoder(encoder, "missingLeadingSlash")
        case .emptySegment: _ = EnumCaseEncoder(encoder, "emptySegment")
        case .missingParameterName: _ = EnumCaseEncoder(encoder, "missingParameterName")
        case .invalidName(let value):
            var values = EnumCaseEncoder(encoder, "invalidName")
            try values("_0", value)
        case .unclosedParenthesis: _ = EnumCaseEncoder(encoder, "unclosedParenthesis")
        case .textAfterParameter(let value):
            var values = EnumCaseEncoder(encoder, "textAfterParameter")
            try values("_0", value)
        case .catchAllNotLast: _ = EnumCaseEncoder(encoder, "catchAllNotLast")
        case .optionalBeforeTrailingSlash: _ = EnumCaseEncoder(encoder, "optionalBeforeTrailingSlash")
        case .tooManyOptionalSegments(let limit):
            var values = EnumCaseEncoder(encoder, "tooManyOptionalSegments")
            try values("limit", limit)
        case .optionalCatchAll: _ = EnumCaseEncoder(encoder, "optionalCatchAll")
        case .invalidCharacter(let value):
            var values = EnumCaseEncoder(encoder, "invalidCharacter")
            try values("_0", value)
        case .invalidPercentEscape: _ = EnumCaseEncoder(encoder, "invalidPercentEscape")
        case .dotSegment: _ = EnumCaseEncoder(encoder, "dotSegment")
        case .invalidType(let value):
            var values = EnumCaseEncoder(encoder, "invalidType")
            try values("_0", value)
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        }
    }
}

extension PatternSyntaxError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(text, forKey: "text")
        try c.encode(offset, forKey: "offset")
        try c.encodeIfPresent(parameter, forKey: "parameter")
        try c.encode(reason, forKey: "reason")
    }
}
