import DeepLinks

/// A JSON value exactly as an association file carries it, with nothing dropped.
///
/// Association files are read into this tree first, so that keys the typed model does not know
/// survive a round trip and findings can point at a JSON path. Numbers keep their literal
/// spelling (see ``JSONNumber``). Objects are unordered; serialisation puts keys in a stable
/// order (see ``JSONFormat``).
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"applinks": {"details": []}}"#)
/// value["applinks"]?["details"]      // .array([])
/// value.serialized()                  // {"applinks":{"details":[]}}
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object. `JSONValue(parsing:)` refuses a key repeated in one object; a
    /// reader that reports repeated keys instead (`AssociatedDomains`' association-file
    /// document) keeps the last value read, and lists the key in its ``JSONDuplicateKeys``.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The member of an object with this key; `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, when the value is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The Boolean, when the value is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when the value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements as strings, when the value is an array whose every element is a string.
    public var stringArrayValue: [String]? {
        guard case .array(let elements) = self else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let text) = element else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// A short name for the value's kind, used in findings ("a string", "an array").
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// Creates a string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates a Boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates a number value from an integer literal.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// Creates an array value from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates an object value from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// Creates `null` from a literal.
    public init(nilLiteral: ()) { self = .null }
}

/// A JSON number kept as the literal text it was written with (`5`, `-0.5`, `1e3`).
///
/// Keeping the literal means a file re-serialises without rounding or reformatting its numbers.
/// Two numbers are equal when their literals are equal.
///
/// ```swift
/// JSONNumber(42).literal             // "42"
/// JSONNumber(literal: "1.50")?.value // 1.5
/// JSONNumber(literal: "01")          // nil: not a JSON number
/// ```
public struct JSONNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number as written, a valid JSON number literal.
    public let literal: String

    /// Creates a number from its literal; `nil` unless the text is a JSON number (RFC 8259 §6).
    public init?(literal: String) {
        guard JSONNumber.isValidLiteral(Array(literal.utf8)) else { return nil }
        self.literal = literal
    }

    /// Creates a number from an integer.
    public init(_ value: Int) { literal = String(value) }

    /// Creates a number from a literal the parser has already checked.
    init(checkedLiteral: String) { literal = checkedLiteral }

    /// The number as a `Double` (the nearest one).
    public var value: Double { Double(literal) ?? .nan }

    /// The literal.
    public var description: String { literal }

    /// Decodes a number from a single JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int.self) {
            literal = String(integer)
        } else {
            let double = try container.decode(Double.self)
            guard double.isFinite else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a JSON number must be finite")
            }
            literal = double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        }
    }

    /// Encodes the number as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let integer = Int(literal) {
            try container.encode(integer)
        } else {
            try container.encode(value)
        }
    }

    static func isValidLiteral(_ bytes: [UInt8]) -> Bool {
        var index = 0
        return JSONNumber.scan(bytes, from: &index) && index == bytes.count
    }

    /// Advances over one number literal (RFC 8259 §6); `false` when the text at `index` is not one.
    static func scan(_ bytes: [UInt8], from index: inout Int) -> Bool {
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        var i = index
        if i < bytes.count && bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return false }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        index = i
        return true
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let number = try? container.decode(JSONNumber.self) {
            self = .number(number)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the same JSON value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
