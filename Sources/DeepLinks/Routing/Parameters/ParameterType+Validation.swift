import Foundation

extension ParameterType {
    /// Checks a decoded value against the type and returns the typed value or the reason it
    /// was refused.
    ///
    /// `caseSensitive: false` makes enumeration values compare without regard to case; the
    /// value returned is then the declared spelling. Custom types are looked up in `registry`.
    ///
    /// ```swift
    /// ParameterType.slug(length: 1...64).validate("summer-2024")   // .success(.string("summer-2024"))
    /// ParameterType.slug(length: 1...64).validate("Summer")        // .failure(.notASlug)
    /// ```
    public func validate(
        _ text: String, caseSensitive: Bool = true, registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) -> Result<ParameterValue, ParameterFailure.Reason> {
        ParameterValidator(self, caseSensitive: caseSensitive, registry: registry).validate(text)
    }

    /// What is wrong with the bounds, when no value at all (or only the empty value) can pass.
    var boundsProblem: String? {
        switch self {
        case .integer: return nil
        case .string(let length, _):
            if length.lowerBound < 0 { return "a length cannot be negative (\(length.lowerBound))" }
            if length.upperBound < 1 {
                return "a maximum length of \(length.upperBound) admits only the empty value"
            }
            return nil
        case .slug(let length):
            if length.lowerBound < 0 { return "a length cannot be negative (\(length.lowerBound))" }
            if length.upperBound < 1 { return "a maximum length of \(length.upperBound) admits no slug" }
            return nil
        case .uuid, .boolean: return nil
        case .enumeration(let values):
            if values.isEmpty { return "an enumeration needs at least one value" }
            if let empty = values.firstIndex(where: \.isEmpty) {
                return "value \(empty + 1) of the enumeration is empty"
            }
            var seen: Set<String> = []
            for value in values where !seen.insert(value).inserted {
                return "the enumeration lists '\(value)' more than once"
            }
            return nil
        case .pattern, .custom: return nil
        }
    }
}

/// A parameter type resolved for matching: declared types replaced by their definitions,
/// registered types looked up, case rule applied.
final class ParameterValidator: Sendable {
    /// The type checked: the declared definition for a type the table declares.
    let type: ParameterType
    let caseSensitive: Bool
    /// For enumerations compared without case: the folded values, in declaration order.
    let foldedValues: [String]
    /// For enumerations of more than ``indexedEnumerationCount`` values: the position of each
    /// value by its text (folded when the table ignores case; the first of values that fold
    /// alike), so that checking a value costs one look-up however many values are declared.
    let enumerationIndex: [String: Int]
    let custom: CustomParameterType?

    /// The number of values past which an enumeration is looked up by hashing: below it, a
    /// scan of the values is cheaper than hashing the text.
    static let indexedEnumerationCount = 16

    /// The name of the table's declaration the type comes from, if it does.
    let declaredName: String?

    init(_ declared: ParameterType, caseSensitive: Bool, registry: ParameterTypeRegistry) {
        let type = registry.resolved(declared)
        self.type = type
        if case .custom(let name) = declared, type != declared {
            declaredName = name
        } else {
            declaredName = nil
        }
        self.caseSensitive = caseSensitive
        if case .enumeration(let values) = type, !caseSensitive {
            foldedValues = values.map { $0.lowercased() }
        } else {
            foldedValues = []
        }
        if case .enumeration(let values) = type, values.count > Self.indexedEnumerationCount {
            let keys = caseSensitive ? values : foldedValues
            enumerationIndex = Dictionary(zip(keys, keys.indices), uniquingKeysWith: { first, _ in first })
        } else {
            enumerationIndex = [:]
        }
        if case .custom(let name) = type { custom = registry[name] } else { custom = nil }
    }

    func validate(_ text: String) -> Result<ParameterValue, ParameterFailure.Reason> {
        switch type {
        case .integer(let range): return Self.integer(text, in: range)
        case .string(let length, let characters):
            return Self.string(text, length: length, characters: characters)
        case .slug(let length): return Self.slug(text, length: length)
        case .uuid: return Self.uuid(text)
        case .boolean:
            switch text {
            case "true", "1": return .success(.boolean(true))
            case "false", "0": return .success(.boolean(false))
            case "": return .failure(.empty)
            default: return .failure(.notABoolean)
            }
        case .enumeration(let values):
            if let i = enumerationPosition(of: text) { return .success(.string(values[i])) }
            return .failure(text.isEmpty ? .empty : ParameterFailure.notAllowed(values))
        case .pattern(let pattern):
            if pattern.matches(text) { return .success(.string(text)) }
            return .failure(text.isEmpty ? .empty : .notMatchingPattern(pattern.source, type: declaredName))
        case .custom(let name):
            guard let custom else { return .failure(.unknownType(name)) }
            if let value = custom.validate(text) { return .success(value) }
            return .failure(.refusedByCustomType(type: name, expected: custom.expected))
        }
    }

    /// Whether values are formatted by a custom type (``format(_:)``); any other type writes
    /// a value as its ``ParameterValue/text``.
    var isCustom: Bool {
        if case .custom = type { true } else { false }
    }

    /// Formats a value as the text that ``validate(_:)`` would turn back into it.
    func format(_ value: ParameterValue) -> String? {
        if isCustom { return custom?.format(value) }
        return value.text
    }

    static func integer(_ text: String, in range: ClosedRange<Int>) -> Result<
        ParameterValue, ParameterFailure.Reason
    > {
        TextBytes.read(text) { integer($0, in: range) }
    }

    /// ``integer(_:in:)`` in one pass over the bytes, with the same answers.
    private static func integer(
        _ bytes: Span<UInt8>, in range: ClosedRange<Int>
    ) -> Result<ParameterValue, ParameterFailure.Reason> {
        switch parseInteger(bytes, in: range) {
        case .value(let value): return .success(.integer(value))
        case .empty: return .failure(.empty)
        case .notAnInteger: return .failure(.notAnInteger)
        case .outOfRange: return .failure(.outOfRange(range))
        }
    }

    /// What reading a canonical decimal integer from bytes gave.
    enum ParsedInteger {
        case value(Int)
        case empty
        case notAnInteger
        case outOfRange
    }

    /// Reads a canonical decimal integer (optional `-`, no `+`, no leading zero) in one pass:
    /// the value is accumulated as a negative number so that `Int.min` fits, and an overflow
    /// is out of range.
    @inline(__always)
    static func parseInteger(_ bytes: Span<UInt8>, in range: ClosedRange<Int>) -> ParsedInteger {
        guard !bytes.isEmpty else { return .empty }
        let first = bytes[0]
        let negative = first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard start < bytes.count else { return .notAnInteger }
        for i in start..<bytes.count where !ASCII.isDigit(bytes[i]) { return .notAnInteger }
        if bytes[start] == UInt8(ascii: "0"), bytes.count - start > 1 || negative {
            return .notAnInteger
        }
        var value = 0
        for i in start..<bytes.count {
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, underflowed) = shifted.subtractingReportingOverflow(Int(bytes[i] &- UInt8(ascii: "0")))
            if overflowed || underflowed { return .outOfRange }
            value = next
        }
        if !negative {
            guard value != Int.min else { return .outOfRange }
            value = -value
        }
        guard range.contains(value) else { return .outOfRange }
        return .value(value)
    }

    /// How many Unicode scalars a `string` value may hold per character of its maximum length.
    static let scalarsPerCharacter = 4
    /// How many Unicode scalars one character (grapheme cluster) of a `string` value may hold.
    static let maxScalarsPerCharacter = 8

    static func string(
        _ text: String, length: ClosedRange<Int>, characters: CharacterClass
    ) -> Result<ParameterValue, ParameterFailure.Reason> {
        if text.isEmpty { return length.contains(0) ? .success(.string(text)) : .failure(.empty) }
        // Printable ASCII, the usual case: one character per byte, each its own scalar.
        typealias Answer = Result<ParameterValue, ParameterFailure.Reason>
        let printable = TextBytes.read(text) { bytes -> Answer? in
            guard isPrintableASCII(bytes) else { return nil }
            if bytes.count > length.upperBound { return .failure(.tooLong(maximum: length.upperBound)) }
            if bytes.count < length.lowerBound { return .failure(.tooShort(minimum: length.lowerBound)) }
            // No printable ASCII character is invisible: `any` takes every one.
            if characters.isAny { return .success(.string(text)) }
            for i in bytes.indices where !characters.contains(Unicode.Scalar(bytes[i])) {
                return .failure(.characterNotAllowed(String(Character(Unicode.Scalar(bytes[i])))))
            }
            return .success(.string(text))
        }
        if let answer = printable { return answer }
        // Characters are grapheme clusters, and one can stack any number of combining marks,
        // so scalars are bounded too: at most `maxScalarsPerCharacter` in one character and
        // `scalarsPerCharacter` times the maximum length in all. Counting stops past either
        // bound, so a long value costs no more than the bound.
        let (scalarCap, overflow) = length.upperBound.multipliedReportingOverflow(by: scalarsPerCharacter)
        let maximumScalars = overflow ? Int.max : scalarCap
        var count = 0
        var scalars = 0
        // One walk over the characters (finding each grapheme's end is most of the cost): the
        // first character the class refuses is kept and reported only after the length, so the
        // errors come in the order of the rules (a bound, then too short, then a character).
        var refused: Character?
        for character in text {
            count += 1
            if count > length.upperBound { return .failure(.tooLong(maximum: length.upperBound)) }
            var inCharacter = 0
            for _ in character.unicodeScalars {
                inCharacter += 1
                scalars += 1
                if inCharacter > maxScalarsPerCharacter {
                    return .failure(.overloadedCharacter(maximum: maxScalarsPerCharacter))
                }
            }
            if scalars > maximumScalars { return .failure(.tooManyScalars(maximum: maximumScalars)) }
            if refused == nil, !characters.contains(character) { refused = character }
        }
        if count < length.lowerBound { return .failure(.tooShort(minimum: length.lowerBound)) }
        if let refused {
            return .failure(characters.isAny ? .invisibleCharacter : .characterNotAllowed(String(refused)))
        }
        return .success(.string(text))
    }

    static func slug(_ text: String, length: ClosedRange<Int>) -> Result<
        ParameterValue, ParameterFailure.Reason
    > {
        let utf8 = text.utf8
        guard !utf8.isEmpty else { return .failure(.empty) }
        var previousWasHyphen = true
        for byte in utf8 {
            let isHyphen = byte == UInt8(ascii: "-")
            let isWordByte = ASCII.isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            guard isWordByte || (isHyphen && !previousWasHyphen) else { return .failure(.notASlug) }
            previousWasHyphen = isHyphen
        }
        if previousWasHyphen { return .failure(.notASlug) }
        if utf8.count > length.upperBound { return .failure(.tooLong(maximum: length.upperBound)) }
        if utf8.count < length.lowerBound { return .failure(.tooShort(minimum: length.lowerBound)) }
        return .success(.string(text))
    }

    static func uuid(_ text: String) -> Result<ParameterValue, ParameterFailure.Reason> {
        TextBytes.read(text) { uuid($0) }
    }

    /// Reads the 8-4-4-4-12 form in one pass over the bytes: the checks and the value at
    /// once, without asking Foundation to parse the text a second time.
    private static func uuid(_ bytes: Span<UInt8>) -> Result<ParameterValue, ParameterFailure.Reason> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        guard let value = uuidBytes(bytes) else { return .failure(.notAUUID) }
        return .success(.uuid(UUID(uuid: value)))
    }

    /// The 16 bytes of an 8-4-4-4-12 hexadecimal text (either case), or `nil`.
    @inline(__always)
    static func uuidBytes(_ bytes: Span<UInt8>) -> uuid_t? {
        guard bytes.count == 36,
            bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
            bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
        else { return nil }
        // The 32 hexadecimal digits as two 64-bit halves, first digit highest.
        var halves: (UInt64, UInt64) = (0, 0)
        var at = 0
        for i in 0..<16 {
            if at == 8 || at == 13 || at == 18 || at == 23 { at += 1 }
            guard let high = ASCII.hexValue(bytes[at]), let low = ASCII.hexValue(bytes[at + 1]) else {
                return nil
            }
            let byte = UInt64(high << 4 | low)
            if i < 8 { halves.0 = halves.0 << 8 | byte } else { halves.1 = halves.1 << 8 | byte }
            at += 2
        }
        func byte(_ half: UInt64, _ k: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: half >> (56 - 8 * k)) }
        let (a, b) = halves
        return (
            byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
            byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)
        )
    }

    /// Whether every byte is printable ASCII (0x20 to 0x7E), and there is at least one.
    @inline(__always)
    static func isPrintableASCII(_ bytes: Span<UInt8>) -> Bool {
        if bytes.isEmpty { return false }
        for i in bytes.indices where bytes[i] < 0x20 || bytes[i] >= 0x7F { return false }
        return true
    }
}
