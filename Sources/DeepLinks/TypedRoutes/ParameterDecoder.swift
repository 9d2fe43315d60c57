import Foundation

/// Reads a ``RouteValue`` from a match's parameters, or, when probing, from sample values of
/// the declared types while checking that every property fits its parameter.
struct ParameterDecoder: Decoder {
    /// What the decoder reads from and, when probing, checks against.
    final class Context {
        let typeName: String
        let route: String
        let values: RouteParameters
        /// The declarations, when probing; `nil` when reading a real match.
        let declared: [String: DeclaredParameter]?
        /// Keys read through `decodeIfPresent` (as Optionals).
        var optionalReads: Set<String> = []
        /// Keys read.
        var reads: Set<String> = []
        /// The first problem found.
        var problem: TypedRoutesError?
        /// The Swift type a parameter's value could not be read as, when that was the problem.
        var unreadType: String?

        init(typeName: String, route: String, values: RouteParameters, declared: [String: DeclaredParameter]?)
        {
            self.typeName = typeName
            self.route = route
            self.values = values
            self.declared = declared
        }

        func fail(_ problem: TypedRoutesError) -> DecodingError {
            if self.problem == nil { self.problem = problem }
            return DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: problem.description))
        }
    }

    let context: Context
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ParameterKeyedContainer<Key>(context: context))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw context.fail(
            .valueNotReadable(
                type: context.typeName, route: context.route,
                reason: "a route value is read as an object of parameters, not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw context.fail(
            .valueNotReadable(
                type: context.typeName, route: context.route,
                reason: "a route value is read as an object of parameters, not a single value"))
    }
}

/// The parameters of a route, keyed by name.
struct ParameterKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: ParameterDecoder.Context
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { context.values.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        context.optionalReads.insert(key.stringValue)
        return context.values[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool { context.values[key.stringValue] == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        context.reads.insert(name)
        if let declared = context.declared {
            guard let parameter = declared[name] else {
                throw context.fail(
                    .unknownParameter(
                        type: context.typeName, route: context.route, parameter: name,
                        declared: declared.keys.sorted()))
            }
            if let mismatch = ParameterFit.problem(T.self, parameter) {
                throw context.fail(
                    .typeMismatch(
                        type: context.typeName, route: context.route, parameter: name,
                        declared: parameter.isCatchAll
                            ? "catch-all" : parameter.type?.description ?? "untyped",
                        swiftType: mismatch))
            }
        }
        guard let value = context.values[name] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: [key], debugDescription: "no parameter '\(name)'"))
        }
        do {
            return try ParameterFit.read(T.self, from: value)
        } catch {
            if context.problem == nil { context.unreadType = String(describing: T.self) }
            throw context.fail(
                .valueNotReadable(
                    type: context.typeName, route: context.route,
                    reason: "parameter '\(name)' holds \(value), which is not a \(T.self)"))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw context.fail(
            .valueNotReadable(
                type: context.typeName, route: context.route,
                reason: "parameter '\(key.stringValue)' cannot be read as a nested object"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw context.fail(
            .valueNotReadable(
                type: context.typeName, route: context.route,
                reason: "parameter '\(key.stringValue)' cannot be read as a nested list"))
    }

    func superDecoder() throws -> any Decoder { ParameterDecoder(context: context) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ParameterDecoder(context: context) }
}

/// Which Swift types fit which parameter types, and reading one value.
enum ParameterFit {
    /// `nil` when `T` fits the declared parameter; else the Swift type's name for the message.
    static func problem<T>(_ type: T.Type, _ parameter: DeclaredParameter) -> String? {
        let name = String(describing: T.self)
        if parameter.isCatchAll { return T.self == [String].self ? nil : name }
        if case .custom? = parameter.type { return nil }  // checked when a value is read
        if let integer = T.self as? any FixedWidthInteger.Type {
            guard case .integer(let range)? = parameter.type else { return name }
            return fits(integer, range)
                ? nil : "\(name) (too narrow for \(range.lowerBound)...\(range.upperBound))"
        }
        if T.self == String.self {
            switch parameter.type {
            case .string?, .slug?, .enumeration?, .pattern?, nil: return nil
            default: return name
            }
        }
        if T.self == Bool.self { return parameter.type == .boolean ? nil : name }
        if T.self == UUID.self { return parameter.type == .uuid ? nil : name }
        if T.self == [String].self || T.self == Double.self || T.self == Float.self { return name }
        // Any other Decodable (a String- or Int-backed enum) is read through a single value:
        // its fit is proved by reading every sample value.
        return nil
    }

    private static func fits<I: FixedWidthInteger>(_ type: I.Type, _ range: ClosedRange<Int>) -> Bool {
        I(exactly: range.lowerBound) != nil && I(exactly: range.upperBound) != nil
    }

    /// Reads a value as `T`: directly for the types a parameter holds, else through `T`'s own
    /// `Decodable` conformance from a single value (enums backed by a string or an integer).
    static func read<T: Decodable>(_ type: T.Type, from value: ParameterValue) throws -> T {
        if let direct = primitive(T.self, from: value) { return direct }
        return try T(from: SingleParameterDecoder(value: value))
    }

    /// The value as `T` when `T` is a type a parameter holds directly and the kinds agree.
    static func primitive<T>(_ type: T.Type, from value: ParameterValue) -> T? {
        switch value {
        case .integer(let number):
            if let integer = T.self as? any FixedWidthInteger.Type,
                let converted = integer.init(exactly: number)
            {
                return converted as? T
            }
        case .string(let text):
            if T.self == String.self { return text as? T }
        case .uuid(let uuid):
            if T.self == UUID.self { return uuid as? T }
        case .boolean(let flag):
            if T.self == Bool.self { return flag as? T }
        case .segments(let segments):
            if T.self == [String].self { return segments as? T }
        }
        return nil
    }
}

/// One parameter value as a single-value decoder, for enums backed by a string or integer.
struct SingleParameterDecoder: Decoder, SingleValueDecodingContainer {
    let value: ParameterValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch("an object")
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch("a list") }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    // What a `String`- or `Int`-backed enumeration's `init(from:)` asks for, without a cast.
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch("String") }
        return text
    }

    func decode(_ type: Int.Type) throws -> Int {
        guard case .integer(let number) = value else { throw mismatch("Int") }
        return number
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let direct = ParameterFit.primitive(T.self, from: value) else {
            throw mismatch(String(describing: T.self))
        }
        return direct
    }

    private func mismatch(_ what: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self, .init(codingPath: [], debugDescription: "\(value) cannot be read as \(what)"))
    }
}
