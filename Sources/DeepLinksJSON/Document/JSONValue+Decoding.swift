import DeepLinks
import Foundation

extension JSONValue {
    /// The value as a `Decodable` type, decoded from the tree itself: a JSON value already
    /// read (a line of the line protocol, a sample of the demo) becomes a typed value without
    /// being written out as text and parsed again.
    ///
    /// Decoding follows `JSONDecoder` with its default strategies: a number decodes as any
    /// numeric type it fits exactly, `Data` from Base64 text, `URL` from its text, `Date` as
    /// its `Codable` form (seconds since 2001); a missing key, a value of the wrong kind and
    /// `null` where a value is needed are `DecodingError`s at the value's coding path, and the
    /// type's own checks throw as they do under `JSONDecoder`.
    ///
    /// Cost: linear in the size of the tree; each value is visited once per decode of it.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"url": "https://example.com/a"}"#)
    /// let link = try value.decode(IncomingLink.self)   // .url("https://example.com/a")
    /// ```
    package func decode<Value: Decodable>(_: Value.Type) throws -> Value {
        try JSONValueDecoder(value: self, codingPath: []).decode(Value.self)
    }
}

/// A `Decoder` over a ``JSONValue``.
private struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `Value` from the value, with `JSONDecoder`'s default handling of `Data` and `URL`.
    func decode<Value: Decodable>(_: Value.Type) throws -> Value {
        if Value.self == Data.self {
            guard case .string(let text) = value, let data = Data(base64Encoded: text) as? Value else {
                throw corrupted("expected Base64 text for data but found \(value.kindDescription)")
            }
            return data
        }
        if Value.self == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) as? Value else {
                throw corrupted("expected a URL but found \(value.kindDescription)")
            }
            return url
        }
        return try Value(from: self)
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if value == .null {
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "expected \(expected) but found null"))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath,
                debugDescription: "expected \(expected) but found \(value.kindDescription)"))
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch([String: JSONValue].self, expected: "an object")
        }
        return KeyedDecodingContainer(JSONValueKeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch([JSONValue].self, expected: "an array")
        }
        return JSONValueUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension JSONValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, expected: "a Boolean") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type, expected: "a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    /// The number as `Number` when it fits exactly: an integer literal in range, or a
    /// fraction or exponent whose value is a whole number in range (`1.0`, `1e2`).
    private func integer<Number: FixedWidthInteger>(_ type: Number.Type) throws -> Number {
        guard case .number(let number) = value else { throw mismatch(type, expected: "a number") }
        if let exact = Number(number.literal) { return exact }
        if let double = Double(number.literal), let exact = Number(exactly: double) { return exact }
        throw corrupted("the number \(number.literal) does not fit \(type)")
    }

    private func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ type: Number.Type)
        throws -> Number
    {
        guard case .number(let number) = value else { throw mismatch(type, expected: "a number") }
        guard let result = Number(number.literal), result.isFinite else {
            throw corrupted("the number \(number.literal) does not fit \(type)")
        }
        return result
    }
}

/// The members of an object, read by key.
private struct JSONValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: codingPath, debugDescription: "the key '\(key.stringValue)' is missing"))
        }
        return JSONValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).value == .null }

    func decode<Value: Decodable>(_: Value.Type, forKey key: Key) throws -> Value {
        try member(key).decode(Value.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(
            value: members["super"] ?? .null, codingPath: codingPath + [JSONIndexKey(superKey: ())])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

/// The elements of an array, read in order.
private struct JSONValueUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private func element<Value>(_ type: Value.Type) throws -> JSONValueDecoder {
        let path = codingPath + [JSONIndexKey(currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: path, debugDescription: "the array has only \(elements.count) elements"))
        }
        return JSONValueDecoder(value: elements[currentIndex], codingPath: path)
    }

    mutating func decodeNil() throws -> Bool {
        guard try element(JSONValue.self).value == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<Value: Decodable>(_: Value.Type) throws -> Value {
        let value = try element(Value.self).decode(Value.self)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try element([String: JSONValue].self).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try element([JSONValue].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try element(JSONValue.self)
        currentIndex += 1
        return decoder
    }
}

/// A position in an array, or the `super` key, in a coding path.
private struct JSONIndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init(superKey _: Void) {
        stringValue = "super"
        intValue = nil
    }

    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}
