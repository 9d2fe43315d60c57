/// Why a ``TypedRoutes`` mapping cannot be built, or a value cannot be read or written.
///
/// Every problem is found when the mapping is built: the route names, the parameter names and
/// the Swift types are checked against the table's declarations.
///
/// ```swift
/// do {
///     _ = try TypedRoutes<Screen>(router: receiver.router, [.route(Product.self, Screen.product)])
/// } catch {
///     error.description   // "type Product reads parameter 'idd', which route 'product' does not declare (it declares: id)"
/// }
/// ```
public enum TypedRoutesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A route value or entry names a route the table does not have.
    case unknownRoute(type: String, route: String)
    /// Two entries map the same route.
    case duplicateRoute(String)
    /// A route of the table that no entry maps and that is not listed as unmapped.
    case unmappedRoute(String)
    /// A route value reads a parameter the route does not declare.
    case unknownParameter(type: String, route: String, parameter: String, declared: [String])
    /// A route value's property type does not fit the parameter's declared type.
    case typeMismatch(type: String, route: String, parameter: String, declared: String, swiftType: String)
    /// A non-optional property for a parameter that a link may leave out.
    case optionalParameter(type: String, route: String, parameter: String)
    /// A route value does not read a parameter that every link to the route carries.
    case parameterNotRead(type: String, route: String, parameter: String)
    /// A parameterless entry for a route that has parameters.
    case routeHasParameters(route: String, parameters: [String])
    /// A value could not be read from a match's parameters (a custom parameter type whose
    /// values are not what the property expects), or written back to parameters.
    case valueNotReadable(type: String, route: String, reason: String)
    /// A route value's own ``RouteValue/init(parameters:)`` reads a route's parameters
    /// differently from its `Decodable` conformance: it refuses parameters the conformance
    /// reads, or reads another value from them.
    case readerDisagrees(type: String, route: String, reason: String)

    /// A sentence that says what to change.
    public var description: String {
        switch self {
        case .unknownRoute(let type, let route): "type \(type) names route '\(route)', which the table lacks"
        case .duplicateRoute(let route): "route '\(route)' is mapped twice"
        case .unmappedRoute(let route):
            "route '\(route)' is not mapped to a destination; map it, or list it as unmapped"
        case .unknownParameter(let type, let route, let parameter, let declared):
            "type \(type) reads parameter '\(parameter)', which route '\(route)' does not declare (it declares: "
                + (declared.isEmpty ? "nothing" : declared.joined(separator: ", ")) + ")"
        case .typeMismatch(let type, let route, let parameter, let declared, let swiftType):
            "type \(type) reads parameter '\(parameter)' of route '\(route)' as \(swiftType), which does not fit "
                + "its declared type '\(declared)'"
        case .optionalParameter(let type, let route, let parameter):
            "parameter '\(parameter)' of route '\(route)' may be absent from a link, so type \(type) must read it as "
                + "an Optional"
        case .parameterNotRead(let type, let route, let parameter):
            "type \(type) does not read parameter '\(parameter)' of route '\(route)'; every link to the route carries it"
        case .routeHasParameters(let route, let parameters):
            "route '\(route)' has parameters (\(parameters.joined(separator: ", "))); map it to a RouteValue type"
        case .valueNotReadable(let type, let route, let reason):
            "a value of type \(type) for route '\(route)' cannot be read or written: \(reason)"
        case .readerDisagrees(let type, let route, let reason):
            "type \(type)'s init(parameters:) does not read route '\(route)' as its Decodable conformance does: "
                + reason
        }
    }
}
