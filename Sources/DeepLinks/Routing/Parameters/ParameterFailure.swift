/// Why a link's value was refused for a route's parameter: which parameter, where, and why.
///
/// A failure makes the route not match. The dispatcher reports the failure of the most
/// specific route that came closest (see ``RoutingFailure/invalidParameter(route:failure:)``),
/// and ``RouteExplanation`` lists every failure it met.
///
/// ```swift
/// let failure = ParameterFailure(
///     parameter: "index", location: .query, value: "99999", reason: .outOfRange(0...9999))
/// failure.description
/// // "query parameter 'index' must be an integer from 0 to 9999 (got '99999')"
/// ```
public struct ParameterFailure: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The declared name of the parameter.
    public let parameter: String
    /// Where in the link the parameter lives.
    public let location: ParameterLocation
    /// The decoded value the link carried, or `nil` when it carried none.
    public let value: String?
    /// What was wrong with the value.
    public let reason: Reason

    /// Creates a failure.
    public init(parameter: String, location: ParameterLocation, value: String?, reason: Reason) {
        self.parameter = parameter
        self.location = location
        self.value = value
        self.reason = reason
    }

    /// A sentence naming the parameter, the rule and the offending value (shortened when long).
    public var description: String {
        var text = "\(location.rawValue) parameter '\(parameter)' \(reason.sentence)"
        if let value { text += " (got '\(Self.shortened(value))')" }
        return text
    }

    /// The most values of an enumeration a refusal names
    /// (``Reason/notAllowedValue(allowed:more:)``).
    public static let listedValueLimit = 10

    /// The refusal of a value that none of an enumeration's `values` is: the first
    /// ``listedValueLimit`` values and the number of the others.
    static func notAllowed(_ values: [String]) -> Reason {
        guard values.count > listedValueLimit else { return .notAllowedValue(allowed: values) }
        return .notAllowedValue(
            allowed: Array(values.prefix(listedValueLimit)), more: values.count - listedValueLimit)
    }

    /// A value cut to 64 characters, with control characters shown as escapes, for messages.
    static func shortened(_ value: String) -> String {
        let visible = value.unicodeScalars.map { scalar -> String in
            // Controls, separators and format characters (bidi overrides, zero-width spaces)
            // are written as escapes, so a message never reorders or hides what follows.
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: scalar.escaped(asASCII: true)
            default: String(scalar)
            }
        }.joined()
        return visible.count > 64 ? String(visible.prefix(64)) + "…" : visible
    }

    /// What was wrong with a value. Each case has a ``sentence``.
    public enum Reason: Error, Sendable, Hashable, Encodable {
        /// A required parameter is absent.
        case missing
        /// A query parameter appears more than once; the router never picks one of them.
        case repeated(count: Int)
        /// The value is empty.
        case empty
        /// The value is not a canonical decimal integer (no sign `+`, no leading zeros).
        case notAnInteger
        /// The integer is outside the declared range (or does not fit in `Int`).
        case outOfRange(ClosedRange<Int>)
        /// The value has fewer characters than the declared minimum.
        case tooShort(minimum: Int)
        /// The value has more characters than the declared maximum.
        case tooLong(maximum: Int)
        /// The value contains a character the declared character class does not allow.
        case characterNotAllowed(String)
        /// The value contains a control, line-separator or format character (Unicode category
        /// Cf: bidirectional controls, zero-width characters, tag characters).
        case invisibleCharacter
        /// The value is not a slug (lower-case letters and digits in hyphen-separated words).
        case notASlug
        /// The value is not a UUID in its 8-4-4-4-12 hexadecimal form.
        case notAUUID
        /// The value is not one of the declared values: the first of them in declaration
        /// order, at most ``ParameterFailure/listedValueLimit``, and how many more there are
        /// (so that a refusal of one link stays small whatever the enumeration's size).
        case notAllowedValue(allowed: [String], more: Int = 0)
        /// The value does not have the shape of a ``TextPattern`` (its source), and the name
        /// of the declared type that has it, if one does (``ParameterTypeDeclaration``).
        case notMatchingPattern(String, type: String?)
        /// The value is not `true`, `false`, `1` or `0`.
        case notABoolean
        /// A custom parameter type refused the value; `expected` is the type's own description.
        case refusedByCustomType(type: String, expected: String)
        /// The route declares a custom type that is not registered.
        case unknownType(String)
        /// The link carries a fragment that the route forbids.
        case unexpectedFragment
        /// A path value that links cannot carry in one segment: `.`, `..`, or text with `/`,
        /// `\` or NUL (reverse routing refuses to write it).
        case notASegment
        /// A `string` value with more Unicode scalars than 4 per character of its maximum
        /// length (`maximum` is that product).
        case tooManyScalars(maximum: Int)
        /// A `string` value with a character (grapheme cluster) of more than `maximum` Unicode
        /// scalars: a letter carrying a stack of combining marks.
        case overloadedCharacter(maximum: Int)

        /// A sentence fragment that completes "parameter 'x' …".
        public var sentence: String {
            switch self {
            case .missing: "is missing"
            case .repeated(let count): "appears \(count) times; it must appear at most once"
            case .empty: "is empty"
            case .notAnInteger: "must be a decimal integer without sign '+' or leading zeros"
            case .outOfRange(let range):
                "must be an integer from \(range.lowerBound) to \(range.upperBound)"
            case .tooShort(let minimum): "must have at least \(minimum) characters"
            case .tooLong(let maximum): "must have at most \(maximum) characters"
            case .characterNotAllowed(let character):
                "contains the character '\(ParameterFailure.shortened(character))', which its type does not allow"
            case .invisibleCharacter:
                "contains an invisible character (a control, line-separator or format character)"
            case .notASlug:
                "must be a slug: lower-case letters and digits, words joined by single hyphens"
            case .notAUUID: "must be a UUID such as 123e4567-e89b-12d3-a456-426614174000"
            case .notAllowedValue(let allowed, 0):
                "must be one of " + allowed.map { "'\($0)'" }.joined(separator: ", ")
            case .notAllowedValue(let allowed, let more):
                "must be one of " + allowed.map { "'\($0)'" }.joined(separator: ", ")
                    + " or \(more) more declared values"
            case .notABoolean: "must be 'true', 'false', '1' or '0'"
            case .notMatchingPattern(let pattern, nil): "must match the pattern '\(pattern)'"
            case .notMatchingPattern(let pattern, let type?):
                "must match the pattern '\(pattern)' (type '\(type)')"
            case .refusedByCustomType(let type, let expected): "must be \(expected) (type '\(type)')"
            case .unknownType(let type): "has the unregistered type '\(type)'"
            case .unexpectedFragment: "is not allowed: the route forbids a fragment"
            case .notASegment:
                "cannot be written as one path segment ('.', '..', or text with '/', '\\' or NUL)"
            case .tooManyScalars(let maximum):
                "must have at most \(maximum) Unicode scalars (4 per character of its maximum length)"
            case .overloadedCharacter(let maximum):
                "has a character made of more than \(maximum) Unicode scalars (stacked combining marks)"
            }
        }
    }
}

/// The part of a link a parameter is read from.
public enum ParameterLocation: String, Sendable, Hashable, Codable, CaseIterable {
    /// A path segment (or several, for a catch-all).
    case path
    /// A query item.
    case query
    /// The fragment.
    case fragment
}

extension ParameterFailure.Reason {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .missing: _ = EnumCaseEncoder(encoder, "missing")
        case .repeated(let count):
            var values = EnumCaseEncoder(encoder, "repeated")
            try values("count", count)
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        case .notAnInteger: _ = EnumCaseEncoder(encoder, "notAnInteger")
        case .outOfRange(let value):
            var values = EnumCaseEncoder(encoder, "outOfRange")
            try values("_0", value)
        case .tooShort(let minimum):
            var values = EnumCaseEncoder(encoder, "tooShort")
            try values("minimum", minimum)
        case .tooLong(let maximum):
            var values = EnumCaseEncoder(encoder, "tooLong")
            try values("maximum", maximum)
        case .characterNotAllowed(let value):
            var values = EnumCaseEncoder(encoder, "characterNotAllowed")
            try values("_0", value)
        case .invisibleCharacter: _ = EnumCaseEncoder(encoder, "invisibleCharacter")
        case .notASlug: _ = EnumCaseEncoder(encoder, "notASlug")
        case .notAUUID: _ = EnumCaseEncoder(encoder, "notAUUID")
        case .notAllowedValue(let allowed, let more):
            var values = EnumCaseEncoder(encoder, "notAllowedValue")
            try values("allowed", allowed)
            try values("more", more)
        case .notMatchingPattern(let value0, let type):
            var values = EnumCaseEncoder(encoder, "notMatchingPattern")
            try values("_0", value0)
            try values("type", ifPresent: type)
        case .notABoolean: _ = EnumCaseEncoder(encoder, "notABoolean")
        case .refusedByCustomType(let type, let expected):
            var values = EnumCaseEncoder(encoder, "refusedByCustomType")
            try values("type", type)
            try values("expected", expected)
        case .unknownType(let value):
            var values = EnumCaseEncoder(encoder, "unknownType")
            try values("_0", value)
        case .unexpectedFragment: _ = EnumCaseEncoder(encoder, "unexpectedFragment")
        case .notASegment: _ = EnumCaseEncoder(encoder, "notASegment")
        case .tooManyScalars(let maximum):
            var values = EnumCaseEncoder(encoder, "tooManyScalars")
            try values("maximum", maximum)
        case .overloadedCharacter(let maximum):
            var values = EnumCaseEncoder(encoder, "overloadedCharacter")
            try values("maximum", maximum)
        }
    }
}

extension ParameterFailure {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(parameter, forKey: "parameter")
        try c.encode(location, forKey: "location")
        try c.encodeIfPresent(value, forKey: "value")
        try c.encode(reason, forKey: "reason")
    }
}
