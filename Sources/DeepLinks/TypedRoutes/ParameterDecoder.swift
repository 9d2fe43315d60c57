import Foundation

/// Reads a ``RouteValue`` through its `Decodable` conformance from a route's parameters: the
/// one `Decoder` of typed routes, on the path every link takes and in the checks made when
/// ``TypedRoutes`` is built.
///
/// Reading a match, it keeps no books: each property's value is looked up once and converted
/// by its type's own conversion (``ParameterValue/read(as:otherwise:)``, the initialisers that
/// ``RouteParameters/read(_:)->Value`` uses too). Only a read that fails builds its error, where
/// it fails: the `DecodingError` the conformance sees and, kept here, the first problem as a
/// ``TypedRoutesError`` (``failure(_:)``).
///
/// Probing samples of a route's declared types (``Probe``), it also checks each property
/// against the declarations and notes which parameters are read, and how.
///
/// A class, so that handing it over as `any Decoder`, and keeping it in the container, copies
/// one reference instead of the parameters, and so that the first problem outlives the
/// container that found it.
final class ParameterDecoder: Decoder {
    /// The declarations a probe checks against, and what it notes.
    final class Probe {
        /// The route's parameters by name.
        let declared: [String: DeclaredParameter]
        /// Keys asked about before being read (as Optionals, through `decodeIfPresent`).
        var optionalReads: Set<String> = []
        /// Keys read.
        var reads: Set<String> = []

        /// A probe of a route's declarations.
        init(declared: [String: DeclaredParameter]) {
            self.declared = declared
        }
    }

    /// What a read through `Decodable` threw, as the exact error: what the default
    /// ``RouteValue/init(parameters:)`` throws, so that ``TypedRoutes`` tells it from a
    /// hand-written reader's error.
    struct Failure: Error, CustomStringConvertible {
        /// The type read.
        let type: ObjectIdentifier
        /// Why the value does not read.
        let error: TypedRoutesError
        /// The error's sentence.
        var description: String { error.description }
    }

    /// The parameters read.
    let parameters: RouteParameters
    /// The type read: it names the type and its route in an error, once there is one.
    let valueType: any RouteValue.Type
    /// The checks and notes of a probe; `nil` when reading a match.
    let probe: Probe?
    /// What a failed read found; `nil` until one fails. (One reference, not the fields
    /// themselves: a read that succeeds then has one field to release, not two.)
    private var found: Found?

    /// What a failed read found.
    private final class Found {
        /// The first problem found.
        var problem: TypedRoutesError?
        /// The Swift type a parameter's value could not be read as, when that was the problem.
        var unreadType: String?
    }

    /// The first problem found.
    var problem: TypedRoutesError? { found?.problem }
    /// The Swift type a parameter's value could not be read as, when that was the problem.
    var unreadType: String? { found?.unreadType }

    /// What failed reads found, made on the first one.
    private var notes: Found {
        if let found { return found }
        let made = Found()
        found = made
        return made
    }

    /// A decoder of `parameters` as `valueType`, probing when `probe` is given.
    init(parameters: RouteParameters, of valueType: any RouteValue.Type, probe: Probe? = nil) {
        self.parameters = parameters
        self.valueType = valueType
        self.probe = probe
    }

    /// Always empty: a route value is one level of parameters.
    var codingPath: [any CodingKey] { [] }
    /// Always empty.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The parameters, by name.
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ParameterDecodingContainer<Key>(decoder: self))
    }

    /// Refused: a route value is an object of parameters.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw fail("a route value is read as an object of parameters, not a list")
    }

    /// Refused: a route value is an object of parameters.
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw fail("a route value is read as an object of parameters, not a single value")
    }

    // MARK: Errors, built only when a read fails

    /// The type's name, as errors give it.
    var typeName: String { String(describing: valueType) }

    /// What the default ``RouteValue/init(parameters:)`` throws for a read that threw `error`.
    func thrown(_ error: any Error) -> Failure {
        Failure(type: ObjectIdentifier(valueType), error: failure(error))
    }

    /// Why the read that threw `error` failed: the first problem found, else the error itself.
    func failure(_ error: any Error) -> TypedRoutesError {
        problem ?? .valueNotReadable(type: typeName, route: valueType.route, reason: "\(error)")
    }

    /// Keeps `problem` if it is the first, and gives the error the conformance sees.
    func fail(_ problem: TypedRoutesError) -> DecodingError {
        if self.problem == nil { notes.problem = problem }
        return DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: problem.description))
    }

    /// Fails with `valueNotReadable` for the type and its route, giving the reason.
    func fail(_ reason: String) -> DecodingError {
        fail(.valueNotReadable(type: typeName, route: valueType.route, reason: reason))
    }

    // MARK: Reading a property

    /// A property's value read as `T`, or the exact error for a value `T` does not hold.
    func read<T: Decodable>(_ type: T.Type, named name: String, from value: ParameterValue) throws -> T {
        do {
            return try value.read(as: T.self) { try T(from: ParameterValueDecoder(value: $0)) }
        } catch {
            if problem == nil { notes.unreadType = String(describing: T.self) }
            throw fail("parameter '\(name)' holds \(value), which is not a \(T.self)")
        }
    }

    /// A property's value, read the long way: noted and checked against the declarations when
    /// probing, and with the exact error when the parameter is absent or does not read as `T`.
    func checkedRead<T: Decodable, Key: CodingKey>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        if let probe {
            probe.reads.insert(name)
            if let problem = mismatch(T.self, named: name, probe.declared) { throw fail(problem) }
        }
        guard let value = parameters.value(named: name) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: [key], debugDescription: "no parameter '\(name)'"))
        }
        return try read(T.self, named: name, from: value)
    }

    /// Why reading parameter `name` as `T` does not fit the route's declarations, or `nil`.
    private func mismatch<T>(_ type: T.Type, named name: String, _ declared: [String: DeclaredParameter])
        -> TypedRoutesError?
    {
        guard let parameter = declared[name] else {
            return .unknownParameter(
                type: typeName, route: valueType.route, parameter: name, declared: declared.keys.sorted())
        }
        guard let swiftType = Self.problem(T.self, parameter) else { return nil }
        return .typeMismatch(
            type: typeName, route: valueType.route, parameter: name,
            declared: parameter.isCatchAll ? "catch-all" : parameter.type?.description ?? "untyped",
            swiftType: swiftType)
    }

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

    /// Whether an integer type holds both ends of a declared range.
    private static func fits<I: FixedWidthInteger>(_ type: I.Type, _ range: ClosedRange<Int>) -> Bool {
        I(exactly: range.lowerBound) != nil && I(exactly: range.upperBound) != nil
    }
}

/// One parameter's value as a single-value decoder: what an enumeration backed by a string or
/// an integer reads itself from. Its values come from the same conversions as every other read.
struct ParameterValueDecoder: Decoder, SingleValueDecodingContainer {
    /// The parameter's value.
    let value: ParameterValue
    /// Always empty.
    var codingPath: [any CodingKey] { [] }
    /// Always empty.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Refused: a parameter's value is a single value.
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch("an object")
    }

    /// Refused: a parameter's value is a single value.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch("a list") }

    /// The value itself.
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// Never: an absent parameter has no value to decode.
    func decodeNil() -> Bool { false }

    /// What a `String`-backed enumeration's `init(from:)` asks for, without a cast.
    func decode(_ type: String.Type) throws -> String {
        guard let text = String(parameter: value) else { throw mismatch("String") }
        return text
    }

    /// What an `Int`-backed enumeration's `init(from:)` asks for, without a cast.
    func decode(_ type: Int.Type) throws -> Int {
        guard let number = Int(parameter: value) else { throw mismatch("Int") }
        return number
    }

    /// Any other type a parameter holds directly.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try value.read(as: T.self) { _ in throw mismatch(String(describing: T.self)) }
    }

    /// The error for a value asked for as something it is not.
    private func mismatch(_ what: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self, .init(codingPath: [], debugDescription: "\(value) cannot be read as \(what)"))
    }
}
