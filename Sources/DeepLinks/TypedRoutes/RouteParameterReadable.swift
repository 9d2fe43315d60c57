import Foundation

/// A Swift type a route parameter's value can be read as, by ``RouteParameters/read(_:)->Value``.
///
/// The SDK's conformances: `Int` and every other fixed-width integer (an integer parameter
/// whose value the type holds), `String` (a string, slug, enumeration value or a custom type's
/// text), `Bool`, `UUID`, and `[String]` (a catch-all's segments). A `String`-backed enum
/// conforms with an empty extension (`extension Sort: RouteParameterReadable {}`): its value
/// is the case whose raw value is the parameter's text.
///
/// The SDK's conformances are the only place that decides how a parameter's value becomes one
/// of these types: a value read through `Decodable` is converted by the same initialisers, so
/// a hand-written or generated reader and the `Decodable` conformance read the same value.
public protocol RouteParameterReadable {
    /// The value a parameter holds as this type, or `nil` when this type cannot hold it.
    init?(parameter value: ParameterValue)
}

extension RouteParameterReadable where Self: RawRepresentable, Self.RawValue == String {
    /// The case whose raw value is the parameter's text; `nil` for another kind of value or
    /// text that names no case.
    @inlinable
    public init?(parameter value: ParameterValue) {
        guard case .string(let text) = value else { return nil }
        self.init(rawValue: text)
    }
}

extension String: RouteParameterReadable {
    /// The text of a string, slug, enumeration or custom parameter.
    @inlinable
    public init?(parameter value: ParameterValue) {
        guard case .string(let text) = value else { return nil }
        self = text
    }
}

extension Bool: RouteParameterReadable {
    /// The value of a `bool` parameter.
    @inlinable
    public init?(parameter value: ParameterValue) {
        guard case .boolean(let flag) = value else { return nil }
        self = flag
    }
}

extension UUID: RouteParameterReadable {
    /// The value of a `uuid` parameter.
    @inlinable
    public init?(parameter value: ParameterValue) {
        guard case .uuid(let uuid) = value else { return nil }
        self = uuid
    }
}

extension Array: RouteParameterReadable where Element == String {
    /// The segments of a catch-all parameter.
    @inlinable
    public init?(parameter value: ParameterValue) {
        guard case .segments(let segments) = value else { return nil }
        self = segments
    }
}

extension RouteParameterReadable where Self: FixedWidthInteger {
    /// The value of an integer parameter, when this type holds it exactly.
    @inlinable
    public init?(parameter value: ParameterValue) {
        guard let number = value.integer(as: Self.self) else { return nil }
        self = number
    }
}

extension Int: RouteParameterReadable {}
extension Int8: RouteParameterReadable {}
extension Int16: RouteParameterReadable {}
extension Int32: RouteParameterReadable {}
extension Int64: RouteParameterReadable {}
extension UInt: RouteParameterReadable {}
extension UInt8: RouteParameterReadable {}
extension UInt16: RouteParameterReadable {}
extension UInt32: RouteParameterReadable {}
extension UInt64: RouteParameterReadable {}

extension ParameterValue {
    /// The value as a fixed-width integer type: an integer parameter's value that the type holds
    /// exactly. The one conversion for every integer type, the SDK's ten and any other
    /// (`Int128`, an app's own).
    @inlinable
    func integer<Integer: FixedWidthInteger>(as type: Integer.Type) -> Integer? {
        guard case .integer(let number) = self else { return nil }
        return Integer(exactly: number)
    }

    /// The value as `T` by `T`'s own conversion above, when `T` is a type a parameter holds
    /// directly (`String`, `UUID`, `[String]`, `Bool`, any fixed-width integer); `otherwise`
    /// reads any other `T`, and a value `T`'s conversion refuses.
    ///
    /// What the `Decodable` reader uses for every property, so that it reads a value exactly as
    /// ``RouteParameters/read(_:)->Value`` does. (No `Optional` of `T` on the way: in generic
    /// code each costs a metadata lookup; each cast below writes straight into the result.)
    func read<T>(as type: T.Type, otherwise: (ParameterValue) throws -> T) rethrows -> T {
        if T.self == String.self {
            if let text = String(parameter: self), let read = text as? T { return read }
        } else if T.self == UUID.self {
            if let uuid = UUID(parameter: self), let read = uuid as? T { return read }
        } else if T.self == [String].self {
            if let segments = [String](parameter: self), let read = segments as? T { return read }
        } else if T.self == Bool.self {
            if let flag = Bool(parameter: self), let read = flag as? T { return read }
        } else if case .integer = self, let integer = T.self as? any FixedWidthInteger.Type {
            // Only an integer parameter can be one: the kind is checked before the conformance
            // lookup, which costs far more.
            if let number = self.integer(as: integer), let read = number as? T { return read }
        }
        return try otherwise(self)
    }
}
