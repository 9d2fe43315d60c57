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
        case .custom: return nil
        }
    }
}

/// A parameter type resolved for matching: custom types looked up, case rule applied.
final class ParameterValidator: Sendable {
    let type: ParameterType
    let caseSensitive: Bool
    /// For enumerations compared without case: the folded values, in declaration order.
    let foldedValues: [String]
    let custom: CustomParameterType?

    init(_ type: ParameterType, caseSensitive: Bool, registry: ParameterTypeRegistry) {
        self.type = type
        self.caseSensitive = caseSensitive
        if case .enumeration(let values) = type, !caseSensitive {
            foldedValues = values.map { $0.lowercased() }
        } else {
            foldedValues = []
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
            if caseSensitive {
                if values.contains(text) { return .success(.string(text)) }
            } else {
                let folded = text.lowercased()
                if let i = foldedValues.firstIndex(of: folded) { return .success(.string(values[i])) }
            }
            return .failure(text.isEmpty ? .empty : .notAllowedValue(allowed: values))
        case .custom(let name):
            guard let custom else { return .failure(.unknownType(name)) }
            if let value = custom.validate(text) { return .success(value) }
            return .failure(.refusedByCustomType(type: name, expected: custom.expected))
        }
    }

    /// Formats a value as the text that ``validate(_:)`` would turn back into it.
    func format(_ value: ParameterValue) -> String? {
        if case .custom = type { return custom?.format(value) }
        return value.text
    }

    static func integer(_ text: String, in range: ClosedRange<Int>) -> Result<
        ParameterValue, ParameterFailure.Reason
    > {
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ integer($0, in: range) }) {
            return parsed
        }
        let utf8 = text.utf8
        guard let first = utf8.first else { return .failure(.empty) }
        let digits = first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        guard let lead = digits.first, digits.allSatisfy(ASCII.isDigit) else {
            return .failure(.notAnInteger)
        }
        if lead == UInt8(ascii: "0"), digits.count > 1 || first == UInt8(ascii: "-") {
            return .failure(.notAnInteger)
        }
        guard let value = Int(text), range.contains(value) else { return .failure(.outOfRange(range)) }
        return .success(.integer(value))
    }

    /// ``integer(_:in:)`` in one pass over the bytes, with the same answers: the value is
    /// accumulated as a negative number so that `Int.min` fits, and an overflow is out of range.
    private static func integer(
        _ bytes: UnsafeBufferPointer<UInt8>, in range: ClosedRange<Int>
    ) -> Result<ParameterValue, ParameterFailure.Reason> {
        guard let first = bytes.first else { return .failure(.empty) }
        let negative = first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard start < bytes.count else { return .failure(.notAnInteger) }
        for i in start..<bytes.count where !ASCII.isDigit(bytes[i]) { return .failure(.notAnInteger) }
        if bytes[start] == UInt8(ascii: "0"), bytes.count - start > 1 || negative {
            return .failure(.notAnInteger)
        }
        var value = 0
        for i in start..<bytes.count {
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, underflowed) = shifted.subtractingReportingOverflow(Int(bytes[i] &- UInt8(ascii: "0")))
            if overflowed || underflowed { return .failure(.outOfRange(range)) }
            value = next
        }
        if !negative {
            guard value != Int.min else { return .failure(.outOfRange(range)) }
            value = -value
        }
        guard range.contains(value) else { return .failure(.outOfRange(range)) }
        return .success(.integer(value))
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
        let printable = text.utf8.withContiguousStorageIfAvailable { bytes -> Answer? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            if bytes.count > length.upperBound { return .failure(.tooLong(maximum: length.upperBound)) }
            if bytes.count < length.lowerBound { return .failure(.tooShort(minimum: length.lowerBound)) }
            for byte in bytes where !characters.contains(Unicode.Scalar(byte)) {
                if characters.isAny { return .failure(.invisibleCharacter) }
                return .failure(.characterNotAllowed(String(Character(Unicode.Scalar(byte)))))
            }
            return .success(.string(text))
        }
        if let printable, let answer = printable { return answer }
        // Characters are grapheme clusters, and one can stack any number of combining marks,
        // so scalars are bounded too: at most `maxScalarsPerCharacter` in one character and
        // `scalarsPerCharacter` times the maximum length in all. Counting stops past either
        // bound, so a long value costs no more than the bound.
        let (scalarCap, overflow) = length.upperBound.multipliedReportingOverflow(by: scalarsPerCharacter)
        let maximumScalars = overflow ? Int.max : scalarCap
        var count = 0
        var scalars = 0
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
        }
        if count < length.lowerBound { return .failure(.tooShort(minimum: length.lowerBound)) }
        for character in text where !characters.contains(character) {
            if characters.isAny { return .failure(.invisibleCharacter) }
            return .failure(.characterNotAllowed(String(character)))
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
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ uuid($0) }) { return parsed }
        return Array(text.utf8).withUnsafeBufferPointer { uuid($0) }
    }

    /// Reads the 8-4-4-4-12 form in one pass over the bytes: the checks and the value at
    /// once, without asking Foundation to parse the text a second time.
    private static func uuid(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<
        ParameterValue, ParameterFailure.Reason
    > {
        guard !bytes.isEmpty else { return .failure(.empty) }
        guard bytes.count == 36,
            bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
            bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
        else { return .failure(.notAUUID) }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var parsed = true
        withUnsafeMutableBytes(of: &value) { (out: UnsafeMutableRawBufferPointer) -> Void in
            var at = 0
            for i in 0..<16 {
                if at == 8 || at == 13 || at == 18 || at == 23 { at += 1 }
                guard let high = ASCII.hexValue(bytes[at]), let low = ASCII.hexValue(bytes[at + 1]) else {
                    parsed = false
                    return
                }
                out[i] = high << 4 | low
                at += 2
            }
        }
        guard parsed else { return .failure(.notAUUID) }
        return .success(.uuid(UUID(uuid: value)))
    }
}
