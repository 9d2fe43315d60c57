import Foundation

extension ParameterType {
    /// Parses a type from its text form (see ``ParameterType``).
    ///
    /// Any name that is not a built-in type is taken as a ``custom(_:)`` type; whether it is
    /// registered is checked when the table is built.
    ///
    /// - Throws: ``ParameterTypeSyntaxError`` for an empty text, a malformed or reversed range,
    ///   a bad character class, a malformed enumeration or an argument the type does not take.
    public init(parsing text: String) throws(ParameterTypeSyntaxError) {
        // One function: the readers nested here (`takeRange`) consume the one argument list in
        // place and share the failure; the common texts take `ASCIITypeText` above, and what is
        // left is one switch over the type's name.
        // `pattern` takes the rest of the text as it is: a pattern may hold spaces and brackets.
        if text.hasPrefix("pattern"),
            text.utf8.count == 7 || text.utf8.dropFirst(7).first == UInt8(ascii: " ")
        {
            let source = String(text.dropFirst(8).drop(while: { $0 == " " }))
            do {
                self = .pattern(try TextPattern(source))
            } catch {
                throw ParameterTypeSyntaxError(text: text, reason: .pattern(error))
            }
            return
        }
        // An ASCII text (every type text but a rare enumeration or class) is read byte by
        // byte, with the same answers; any other keeps the character-by-character reading.
        switch ASCIITypeText.parse(text) {
        case .success(let type)?:
            self = type
            return
        case .failure(let error)?: throw error
        case nil: break
        }
        func fail(_ reason: ParameterTypeSyntaxError.Reason) -> ParameterTypeSyntaxError {
            ParameterTypeSyntaxError(text: text, reason: reason)
        }
        let tokens = try Self.tokens(of: text)
        guard let kind = tokens.first else { throw fail(.empty) }
        var arguments = tokens.dropFirst()

        /// `low...high`; for integers also the open forms `low...` and `...high`.
        func range(_ token: Substring, open: Bool = false) throws(ParameterTypeSyntaxError) -> ClosedRange<
            Int
        > {
            guard let dots = token.range(of: "...") else { throw fail(.invalidRange(String(token))) }
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

/// ``ParameterType/init(parsing:)`` for an ASCII text, where every byte is a character: the
/// same tokens, checks and errors, read from the bytes without building substrings.
private struct ASCIITypeText {
    typealias Failure = ParameterTypeSyntaxError

    let text: String
    /// The text's bytes, copied once (a type's text is a few bytes).
    let bytes: [UInt8]
    /// Where the next token is looked for.
    var cursor = 0

    /// The parsed type or its error, or `nil` when the text is not ASCII.
    static func parse(_ text: String) -> Result<ParameterType, Failure>? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var reader = ASCIITypeText(text: text, bytes: Array(text.utf8))
        do throws(Failure) {
            return .success(try reader.parse())
        } catch {
            return .failure(error)
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func fail(_ reason: Failure.Reason) -> Failure { Failure(text: text, reason: reason) }

    private func token(_ range: Range<Int>, is name: String) -> Bool {
        range.count == name.utf8.count
            && bytes[range].elementsEqual(name.utf8)
    }

    /// The index of the first `]` at or after `start`.
    private func closingBracket(from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "]") { return i }
            i += 1
        }
        return nil
    }

    /// The next token at or after `start`: a run of non-spaces, or `[` to the first `]`.
    /// Brackets are known to close (``checkBrackets()``).
    private func token(from start: Int) -> Range<Int>? {
        var i = start
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
        guard i < bytes.count else { return nil }
        var end = i
        if bytes[i] == UInt8(ascii: "["), let close = closingBracket(from: i) {
            end = close + 1
        } else {
            while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
        }
        return i..<end
    }

    /// Splitting comes first: an unclosed bracket is the error whatever else is wrong.
    private func checkBrackets() throws(Failure) {
        var i = 0
        while let range = token(from: i) {
            if bytes[range.lowerBound] == UInt8(ascii: "["), closingBracket(from: range.lowerBound) == nil {
                throw fail(
                    .characterClass(
                        .init(text: string(range.lowerBound..<bytes.count), reason: .unclosedBracket)))
            }
            i = range.upperBound
        }
    }

    /// A decimal integer with an optional sign, as `Int(_:)` reads it; `nil` for an empty
    /// text, `-` alone, or an overflow.
    private func integer(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var i = range.lowerBound
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative || bytes[i] == UInt8(ascii: "+") { i += 1 }
        guard i < range.upperBound else { return nil }
        return ASCII.decimalValue(bytes, i..<range.upperBound, negative: negative)
    }

    /// `low...high`; for integers also the open forms `low...` and `...high`.
    private func range(_ token: Range<Int>, open: Bool) throws(Failure) -> ClosedRange<Int> {
        var dots = token.lowerBound
        while dots + 3 <= token.upperBound,
            !(bytes[dots] == UInt8(ascii: ".") && bytes[dots + 1] == UInt8(ascii: ".")
                && bytes[dots + 2] == UInt8(ascii: "."))
        {
            dots += 1
        }
        guard dots + 3 <= token.upperBound else { throw fail(.invalidRange(string(token))) }
        let lowText = token.lowerBound..<dots
        let highText = (dots + 3)..<token.upperBound
        guard let low = open && lowText.isEmpty && !highText.isEmpty ? Int.min : integer(lowText),
            let high = open && highText.isEmpty && !lowText.isEmpty ? Int.max : integer(highText)
        else { throw fail(.invalidRange(string(token))) }
        guard low <= high else { throw fail(.reversedRange(string(token))) }
        return low...high
    }

    /// The next argument as a range: always, or only when it starts like a number.
    private mutating func takeRange(always: Bool, open: Bool = false) throws(Failure) -> ClosedRange<Int>? {
        guard let next = token(from: cursor) else { return nil }
        guard always || bytes[next.lowerBound] == UInt8(ascii: "-") || ASCII.isDigit(bytes[next.lowerBound])
        else { return nil }
        cursor = next.upperBound
        return try range(next, open: open)
    }

    mutating func parse() throws(Failure) -> ParameterType {
        try checkBrackets()
        guard let kind = token(from: 0) else { throw fail(.empty) }
        cursor = kind.upperBound
        let type: ParameterType
        if token(kind, is: "int") {
            type = .integer(try takeRange(always: true, open: true) ?? Int.min...Int.max)
        } else if token(kind, is: "string") {
            let length = try takeRange(always: false) ?? ParameterType.defaultStringLength
            var characters = CharacterClass.any
            if let next = token(from: cursor) {
                do {
                    characters = try CharacterClass(string(next))
                } catch {
                    throw fail(.characterClass(error))
                }
                cursor = next.upperBound
            }
            type = .string(length: length, characters: characters)
        } else if token(kind, is: "slug") {
            type = .slug(length: try takeRange(always: true) ?? ParameterType.defaultSlugLength)
        } else if token(kind, is: "uuid") {
            type = .uuid
        } else if token(kind, is: "bool") {
            type = .boolean
        } else if token(kind, is: "enum") {
            guard let list = token(from: cursor) else { throw fail(.emptyEnumeration) }
            cursor = list.upperBound
            var values: [String] = []
            var start = list.lowerBound
            for i in list.lowerBound...list.upperBound
            where i == list.upperBound || bytes[i] == UInt8(ascii: "|") {
                values.append(string(start..<i))
                start = i + 1
            }
            if let bad = values.first(where: { value in
                value.isEmpty || value.utf8.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }
            }) {
                throw fail(.invalidEnumerationValue(bad))
            }
            type = .enumeration(values)
        } else {
            let name = string(kind)
            guard ParameterType.isTypeName(name) else { throw fail(.invalidName(name)) }
            type = .custom(name)
        }
        if let extra = token(from: cursor) { throw fail(.unexpectedArgument(string(extra))) }
        return type
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
        /// A malformed ``TextPattern`` after `pattern`.
        case pattern(TextPatternSyntaxError)
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
            "'\(name)' is not a type name; use int, string, slug, uuid, bool, enum, pattern, or a declared or registered type"
        case .unexpectedArgument(let argument): "the type '\(text)' does not take the argument '\(argument)'"
        case .invalidRange(let range):
            "'\(range)' is not a range such as 0...9999 (an int range may also be open: 1... or ...0)"
        case .reversedRange(let range):
            "the range '\(range)' is empty: its lower bound exceeds its upper bound"
        case .characterClass(let error): error.description
        case .emptyEnumeration: "the enumeration '\(text)' lists no values; write enum a|b|c"
        case .invalidEnumerationValue(let value):
            "the enumeration '\(text)' has the invalid value '\(value)' (empty or with a parenthesis)"
        case .pattern(let error): error.description
        }
    }
}

extension ParameterTypeSyntaxError.Reason {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        case .invalidName(let value):
            var values = EnumCaseEncoder(encoder, "invalidName")
            try values("_0", value)
        case .unexpectedArgument(let value):
            var values = EnumCaseEncoder(encoder, "unexpectedArgument")
            try values("_0", value)
        case .invalidRange(let value):
            var values = EnumCaseEncoder(encoder, "invalidRange")
            try values("_0", value)
        case .reversedRange(let value):
            var values = EnumCaseEncoder(encoder, "reversedRange")
            try values("_0", value)
        case .characterClass(let value):
            var values = EnumCaseEncoder(encoder, "characterClass")
            try values("_0", value)
        case .emptyEnumeration: _ = EnumCaseEncoder(encoder, "emptyEnumeration")
        case .invalidEnumerationValue(let value):
            var values = EnumCaseEncoder(encoder, "invalidEnumerationValue")
            try values("_0", value)
        case .pattern(let value):
            var values = EnumCaseEncoder(encoder, "pattern")
            try values("_0", value)
        }
    }
}

extension ParameterTypeSyntaxError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(text, forKey: "text")
        try c.encode(reason, forKey: "reason")
    }
}
