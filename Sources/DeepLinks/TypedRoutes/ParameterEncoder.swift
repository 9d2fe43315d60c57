import Foundation

/// Writes a ``RouteValue`` as route parameters, for reverse routing and outgoing Handoff.
struct ParameterEncoder: Encoder {
    final class Storage {
        var parameters = RouteParameters()
        var problem: String?
    }

    let storage: Storage
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ParameterKeyedEncoder<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.problem = storage.problem ?? "a route value is written as an object of parameters, not a list"
        return RejectingEncoder(storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        storage.problem =
            storage.problem ?? "a route value is written as an object of parameters, not a value"
        return RejectingEncoder(storage: storage)
    }

    /// The parameters a route value's link is written with, or
    /// ``ReverseRoutingError/unwritableValue(route:reason:)`` naming its route and why it has none.
    static func written<Value: RouteValue>(_ value: Value) throws(ReverseRoutingError) -> RouteParameters {
        switch parameters(of: value) {
        case .success(let parameters): return parameters
        case .failure(let failure): throw .unwritableValue(route: Value.route, reason: failure.reason)
        }
    }

    /// The parameters of a value, or why it has none.
    static func parameters(of value: some Encodable) -> Result<RouteParameters, ParameterWriteFailure> {
        let storage = Storage()
        do {
            try value.encode(to: ParameterEncoder(storage: storage))
        } catch {
            return .failure(ParameterWriteFailure(reason: storage.problem ?? "\(error)"))
        }
        if let problem = storage.problem { return .failure(ParameterWriteFailure(reason: problem)) }
        return .success(storage.parameters)
    }
}

struct ParameterKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: ParameterEncoder.Storage
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let parameter = ParameterValueEncoder.value(of: value) {
            storage.parameters[key.stringValue] = parameter
        } else if let integer = value as? any FixedWidthInteger {
            storage.problem =
                storage.problem
                ?? "parameter '\(key.stringValue)' holds \(integer), beyond the integers a parameter carries "
                + "(\(Int.min)...\(Int.max))"
        } else {
            storage.problem =
                storage.problem
                ?? "parameter '\(key.stringValue)' holds a \(T.self), which no parameter type carries"
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        storage.problem = storage.problem ?? "parameter '\(key.stringValue)' cannot be a nested object"
        return KeyedEncodingContainer(ParameterKeyedEncoder<NestedKey>(storage: ParameterEncoder.Storage()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        storage.problem = storage.problem ?? "parameter '\(key.stringValue)' cannot be a nested list"
        return RejectingEncoder(storage: storage)
    }

    mutating func superEncoder() -> any Encoder { ParameterEncoder(storage: storage) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ParameterEncoder(storage: storage) }
}

/// One property's value as a parameter value: directly for the types parameters hold, else
/// through the value's own single-value encoding (enums backed by a string or an integer).
enum ParameterValueEncoder {
    static func value(of value: some Encodable) -> ParameterValue? {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .boolean(flag)
        case let uuid as UUID: return .uuid(uuid)
        case let segments as [String]: return .segments(segments)
        case let integer as any FixedWidthInteger: return Int(exactly: integer).map(ParameterValue.integer)
        default:
            let single = SingleValueCapture()
            try? value.encode(to: single)
            return single.box.value
        }
    }
}

/// Captures the one value an enum writes through a single-value container.
struct SingleValueCapture: Encoder, SingleValueEncodingContainer {
    final class Box { var value: ParameterValue? }
    let box = Box()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ParameterKeyedEncoder<Key>(storage: ParameterEncoder.Storage()))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RejectingEncoder(storage: ParameterEncoder.Storage())
    }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {
        switch value {
        case let text as String: box.value = .string(text)
        case let flag as Bool: box.value = .boolean(flag)
        case let integer as any FixedWidthInteger:
            box.value = Int(exactly: integer).map(ParameterValue.integer)
        default: box.value = nil
        }
    }
}

/// A container that records that nothing may be written to it.
struct RejectingEncoder: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let storage: ParameterEncoder.Storage
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(ParameterKeyedEncoder<NestedKey>(storage: storage))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { ParameterEncoder(storage: storage) }
}

/// Why a value could not be written as route parameters.
struct ParameterWriteFailure: Error, Sendable {
    let reason: String
}
