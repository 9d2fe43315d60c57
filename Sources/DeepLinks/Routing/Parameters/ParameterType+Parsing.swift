extension ParameterType {
    /// Parses a type from its text form (see ``ParameterType``).
    ///
    /// Any name that is not a built-in type is taken as a ``custom(_:)`` type; whether it is
    /// registered is checked when the table is built.
    ///
    /// - Throws: ``ParameterTypeSyntaxError`` for an empty text, a malformed or reversed range,
    ///   a bad character class, a malformed enumeration or an argument the type does not take.
    public init(parsing text: String) throws(ParameterTypeSyntaxError) {
        func fail(_ reason: ParameterTypeSyntaxError.Reason) -> ParameterTypeSyntaxError {
            ParameterTypeSyntaxError(text: text, reason: reason)
        }
        // An ASCII text (every type text but a rare enumeration or class) is split and searched
        // byte by byte; any other keeps the character-by-character reading.
        let ascii =
            text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
        let tokens = try ascii ? Self.asciiTokens(of: text) : Self.tokens(of: text)
        guard let kind = tokens.first else { throw fail(.empty) }
        var arguments = tokens.dropFirst()

        /// `low...high`; for integers also the open forms `low...` and `...high`.
        func range(_ token: Substring, open: Bool = false) throws(ParameterTypeSyntaxError) -> ClosedRange<
            Int
        > {
            guard let dots = ascii ? Self.asciiDots(in: token) : token.range(of: "...") else {
                throw fail(.invalidRange(String(token)))
            }
            let lowText = token[..<dots.lowerBound]
            let highText = token[dots.upperBound...]
            guard let low = open && lowText.isEmpty && !highText.isEmpty ? Int.min : Self.integer(lowText),
                let high = open && highText.isEmpty && !lowText.isEmpty ? Int.max : Self.integer(highText)
            else { throw fail(.invalidRange(String(token))) }
            guard low <= high else { throw fail(.reversedRange(String(token))) }
            return low...high
        }
        /// The next argument as a range: always, or only when it starts like a number.
        func takeRange(always: Bool, open: Bool = false) throws(ParameterTypeSyntaxError) -> ClosedRange<Int>?
        {
            guard let next = arguments.first else { return nil }
            guard always || next.first.map({ $0 == "-" || $0.isNumber }) == true else { return nil }
            arguments.removeFirst()
            return try range(next, open: open)
        }

        switch kind {
        case "int":
            self = .integer(try takeRange(always: true, open: true) ?? Int.min...Int.max)
        case "string":
            let length = try takeRange(always: false) ?? Self.defaultStringLength
            var characters = CharacterClass.any
            if let next = arguments.first {
                do {
                    characters = try CharacterClass(String(next))
                } catch {
                    throw fail(.characterClass(error))
                }
                arguments.removeFirst()
            }
            self = .string(length: length, characters: characters)
        case "slug":
            self = .slug(length: try takeRange(always: true) ?? Self.defaultSlugLength)
        case "uuid":
            self = .uuid
        case "bool":
            self = .boolean
        case "enum":
            guard let list = arguments.popFirst() else { throw fail(.emptyEnumeration) }
            let values = list.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            if let bad = values.first(where: { $0.isEmpty || $0.contains(where: { "()".contains($0) }) }) {
                throw fail(.invalidEnumerationValue(bad))
            }
            self = .enumeration(values)
        default:
            guard Self.isTypeName(kind) else { throw fail(.invalidName(String(kind))) }
            self = .custom(String(kind))
        }
        if let extra = arguments.first { throw fail(.unexpectedArgument(String(extra))) }
    }

    /// Whether a text is a valid custom-type name: a letter, then letters, digits, `_`, `-`, `.`.
    static func isTypeName(_ name: some StringProtocol) -> Bool {
        guard let first = name.utf8.first, ASCII.isAlpha(first) else { return false }
        return name.utf8.allSatisfy {
            ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }

    /// A decimal integer with an optional `-`, or `nil`.
    private static func integer(_ text: Substring) -> Int? {
        guard !text.isEmpty, text != "-" else { return nil }
        return Int(text)
    }

    /// The first `...` in an ASCII token.
    private static func asciiDots(in token: Substring) -> Range<String.Index>? {
        let utf8 = token.utf8
        var run = 0
        var i = utf8.startIndex
        while i < utf8.endIndex {
            run = utf8[i] == UInt8(ascii: ".") ? run + 1 : 0
            i = utf8.index(after: i)
            if run == 3 { return utf8.index(i, offsetBy: -3)..<i }
        }
        return nil
    }

    /// ``tokens(of:)`` for an ASCII text, where every byte is a character.
    private static func asciiTokens(of text: String) throws(ParameterTypeSyntaxError) -> [Substring] {
        var tokens: [Substring] = []
        tokens.reserveCapacity(4)
        let utf8 = text.utf8
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let byte = utf8[i]
            if byte == UInt8(ascii: " ") {
                i = utf8.index(after: i)
                continue
            }
            var end = i
            if byte == UInt8(ascii: "[") {
                guard let close = utf8[i...].firstIndex(of: UInt8(ascii: "]")) else {
                    throw ParameterTypeSyntaxError(
                        text: text,
                        reason: .characterClass(.init(text: String(text[i...]), reason: .unclosedBracket)))
                }
                end = utf8.index(after: close)
            } else {
                while end < utf8.endIndex, utf8[end] != UInt8(ascii: " ") { end = utf8.index(after: end) }
            }
            tokens.append(text[i..<end])
            i = end
        }
        return tokens
    }

    /// Splits on spaces; a bracket expression is one token even when it contains spaces.
    private static func tokens(of text: String) throws(ParameterTypeSyntaxError) -> [Substring] {
        var tokens: [Substring] = []
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == " " {
                i = text.index(after: i)
                continue
            }
            var end = i
            if text[i] == "[" {
                guard let close = text[i...].firstIndex(of: "]") else {
                    throw ParameterTypeSyntaxError(
                        text: text,
                        reason: .characterClass(.init(text: String(text[i...]), reason: .unclosedBracket)))
                }
                end = text.index(after: close)
            } else {
                while end < text.endIndex, text[end] != " " { end = text.index(after: end) }
            }
            tokens.append(text[i..<end])
            i = end
        }
        return tokens
    }
}

/// Why a parameter-type text was refused.
///
/// ```swift
/// do {
///     _ = try ParameterType(parsing: "int 9...1")
/// } catch {
///     error.reason      // .reversedRange("9...1")
/// }
/// ```
public struct ParameterTypeSyntaxError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The text that was parsed.
    public let text: String
    /// What was wrong.
    public let reason: Reason

    /// Creates an error.
    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// The kinds of mistakes in a type text.
    public enum Reason: Sendable, Hashable, Encodable {
        /// No type name at all.
        case empty
        /// A name that is neither built in nor a valid custom-type name.
        case invalidName(String)
        /// An argument the type does not take (`uuid 36`), or one too many.
        case unexpectedArgument(String)
        /// A range that is not `low...high` with decimal integers (for `int` also `low...`
        /// or `...high`).
        case invalidRange(String)
        /// A range whose lower bound exceeds its upper bound: no value can satisfy it.
        case reversedRange(String)
        /// A malformed character class.
        case characterClass(CharacterClass.SyntaxError)
        /// `enum` without values.
        case emptyEnumeration
        /// An empty enumeration value, or one containing a parenthesis.
        case invalidEnumerationValue(String)
    }

    /// Whether the text is well formed but its bounds admit no value.
    public var isImpossibleBounds: Bool {
        if case .reversedRange = reason { true } else { false }
    }

    /// A sentence naming the mistake.
    public var description: String {
        switch reason {
        case .empty: "the parameter type is empty"
        case .invalidName(let name):
            "'\(name)' is not a type name; use int, string, slug, uuid, bool, enum or a registered custom type"
        case .unexpectedArgument(let argument): "the type '\(text)' does not take the argument '\(argument)'"
        case .invalidRange(let range):
            "'\(range)' is not a range such as 0...9999 (an int range may also be open: 1... or ...0)"
        case .reversedRange(let range):
            "the range '\(range)' is empty: its lower bound exceeds its upper bound"
        case .characterClass(let error): error.description
        case .emptyEnumeration: "the enumeration '\(text)' lists no values; write enum a|b|c"
        case .invalidEnumerationValue(let value):
            "the enumeration '\(text)' has the invalid value '\(value)' (empty or with a parenthesis)"
        }
    }
}
