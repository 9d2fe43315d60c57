import Foundation

/// Reads a ``RouteValue`` from a match's parameters on the path every link takes: no
/// bookkeeping, no messages, each property's value looked up once and handed over as it is.
///
/// The mapping was checked against the table when ``TypedRoutes`` was built, so a read here
/// almost always succeeds. When it does not (a custom parameter type whose value does not fit
/// its property, parameters of another table), it throws ``ParameterReader/NotRead`` and the
/// caller reads again with ``ParameterDecoder``, which says exactly what was wrong. Both read
/// the same values the same way (``ParameterFit/read(_:from:)`` for any type not handled here),
/// so a value read here is the value the checking decoder would give.
///
/// A class, so that handing it over as `any Decoder`, and keeping it in the container, copies
/// one reference instead of the parameters.
final class ParameterReader: Decoder {
    /// The read failed; the checking decoder finds out why.
    struct NotRead: Error {}

    let parameters: RouteParameters

    init(parameters: RouteParameters) {
        self.parameters = parameters
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ParameterReadingContainer<Key>(reader: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NotRead() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw NotRead() }
}

/// The parameters of a match, read property by property.
///
/// The overloads for `Int`, `String` and `Bool` are what a synthesised `init(from:)` calls for
/// properties of those types; they take the value without going through a generic cast.
struct ParameterReadingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: ParameterReader
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { reader.parameters.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { reader.parameters.value(named: key.stringValue) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { reader.parameters.value(named: key.stringValue) == nil }

    private func value(_ key: Key) throws -> ParameterValue {
        guard let value = reader.parameters.value(named: key.stringValue) else {
            throw ParameterReader.NotRead()
        }
        return value
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try Self.integer(value(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try Self.string(value(key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try Self.boolean(value(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try Self.read(T.self, from: value(key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try reader.parameters.value(named: key.stringValue).map(Self.integer)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try reader.parameters.value(named: key.stringValue).map(Self.string)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try reader.parameters.value(named: key.stringValue).map(Self.boolean)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = reader.parameters.value(named: key.stringValue) else { return nil }
        return try Self.read(T.self, from: value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw ParameterReader.NotRead()
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw ParameterReader.NotRead()
    }

    // A superclass reads the same parameters, as it does through the checking decoder.
    func superDecoder() throws -> any Decoder { reader }
    func superDecoder(forKey key: Key) throws -> any Decoder { reader }

    // MARK: Values

    private static func integer(_ value: ParameterValue) throws -> Int {
        guard case .integer(let number) = value else { throw ParameterReader.NotRead() }
        return number
    }

    private static func string(_ value: ParameterValue) throws -> String {
        guard case .string(let text) = value else { throw ParameterReader.NotRead() }
        return text
    }

    private static func boolean(_ value: ParameterValue) throws -> Bool {
        guard case .boolean(let flag) = value else { throw ParameterReader.NotRead() }
        return flag
    }

    /// Any other type: a UUID, a catch-all's segments, an enumeration backed by a string (read
    /// through its own `Decodable` conformance, as the checking decoder reads it), and anything
    /// else exactly as the checking decoder reads it. (No `Optional` of `T` on the way: in
    /// generic code each costs a metadata lookup.)
    private static func read<T: Decodable>(_ type: T.Type, from value: ParameterValue) throws -> T {
        switch value {
        case .uuid(let uuid): if let read = uuid as? T { return read }
        case .segments(let segments): if let read = segments as? T { return read }
        case .string: if T.self != String.self { return try T(from: SingleParameterDecoder(value: value)) }
        default: break
        }
        return try ParameterFit.read(T.self, from: value)
    }
}
