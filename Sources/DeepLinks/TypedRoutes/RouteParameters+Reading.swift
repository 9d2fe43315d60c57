import Foundation

extension RouteParameters {
    /// The value of a parameter that every link to the route carries, as the Swift type the
    /// context asks for: what a hand-written ``RouteValue/init(parameters:)`` reads each
    /// property with.
    ///
    /// Reading through `Decodable` (the default) costs about 4,000 instructions a value, most of
    /// it the `Decoder` protocol's own boxes and type lookups. A type on a hot path can read
    /// itself instead, in about 830, without allocating (write the initialiser in an extension,
    /// so that the type keeps its memberwise initialiser):
    ///
    /// ```swift
    /// struct Search: RouteValue {
    ///     static let route = "search"   // Route("search", "/search", query: ["q(string 1...64)", "sort(enum price|newest)?"])
    ///     var q: String
    ///     var sort: Sort?
    /// }
    /// extension Search {
    ///     init(parameters: borrowing RouteParameters) throws {
    ///         q = try parameters.read("q")
    ///         sort = try parameters.read("sort")   // an Optional: nil when the link leaves it out
    ///     }
    /// }
    /// extension Sort: RouteParameterReadable {}   // a String-backed enum
    /// ```
    ///
    /// ``TypedRoutes`` and ``Router/typeError(for:)`` check a hand-written reader against the
    /// type's `Decodable` conformance when the mapping is built: both must read the same value
    /// from samples of the route's declared types, with and without its optional parameters, or
    /// building fails: ``TypedRoutesError/unknownParameter(type:route:parameter:declared:)``
    /// for a name the route does not declare, ``TypedRoutesError/optionalParameter(type:route:parameter:)``
    /// for a parameter a link may leave out read as required, and
    /// ``TypedRoutesError/readerDisagrees(type:route:reason:)``, naming the parameter, for any
    /// other difference.
    ///
    /// - Throws: ``ParameterReadError`` when the parameter is absent, or holds a value of
    ///   another kind.
    @inlinable
    public func read<Value: RouteParameterReadable>(_ name: String) throws(ParameterReadError) -> Value {
        guard let value = value(named: name) else {
            throw ParameterReadError(parameter: name, problem: .missing)
        }
        guard let read = Value(parameter: value) else {
            throw ParameterReadError.unreadable(name, value, as: Value.self)
        }
        return read
    }

    /// The value of a parameter a link may leave out, or `nil` when it does.
    ///
    /// - Throws: ``ParameterReadError`` when the parameter holds a value of another kind.
    @inlinable
    public func read<Value: RouteParameterReadable>(_ name: String) throws(ParameterReadError) -> Value? {
        guard let value = value(named: name) else { return nil }
        guard let read = Value(parameter: value) else {
            throw ParameterReadError.unreadable(name, value, as: Value.self)
        }
        return read
    }
}

/// Why ``RouteParameters/read(_:)->Value`` could not read a parameter.
public struct ParameterReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name.
    public let parameter: String
    /// What was wrong with it.
    public let problem: Problem

    /// What was wrong with a parameter.
    public enum Problem: Sendable, Hashable {
        /// The parameters hold no value of that name.
        case missing
        /// The value is not one the property's type holds: the value, and the Swift type asked
        /// for.
        case unreadable(value: ParameterValue, swiftType: String)
    }

    /// Why a parameter could not be read.
    public init(parameter: String, problem: Problem) {
        self.parameter = parameter
        self.problem = problem
    }

    /// The error for a value `Value` does not hold. Out of line: only a failed read pays for
    /// naming the type.
    @usableFromInline
    static func unreadable<Value>(_ name: String, _ value: ParameterValue, as type: Value.Type) -> Self {
        Self(parameter: name, problem: .unreadable(value: value, swiftType: String(describing: Value.self)))
    }

    /// A sentence naming the parameter and the problem.
    public var description: String {
        switch problem {
        case .missing: "parameter '\(parameter)' is absent"
        case .unreadable(let value, let swiftType):
            "parameter '\(parameter)' holds \(value), not a \(swiftType)"
        }
    }
}
