/// Why a link could not be generated for a route and parameters.
///
/// ```swift
/// do {
///     _ = try router.link(for: "photo", parameters: ["album": "summer"])
/// } catch {
///     error.description    // "route 'photo' needs the parameter 'index'"
/// }
/// ```
public enum ReverseRoutingError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// No route has this name.
    case unknownRoute(String)
    /// A required parameter was not given.
    case missingParameter(route: String, parameter: String)
    /// A parameter was given that the route does not declare.
    case unknownParameter(route: String, parameter: String)
    /// A value does not satisfy its parameter's type.
    case invalidParameter(route: String, failure: ParameterFailure)
    /// A value of the wrong kind, or one that would read back as a different value (an
    /// enumeration value in another case, a custom type whose text does not round-trip).
    case valueDoesNotRoundTrip(route: String, parameter: String, value: ParameterValue)
    /// The route serves several schemes or hosts and none was chosen, or none can be written.
    case needsScheme(route: String)
    /// The route serves several hosts, or any host, and none was given.
    case needsHost(route: String)
    /// The scheme given is not in the route's scope.
    case schemeNotInScope(route: String, scheme: String)
    /// The host given is not in the route's scope, or was given for a custom scheme.
    case hostNotInScope(route: String, host: String)
    /// The text written is not a link the gate accepts (a custom type's text with control
    /// characters, a host that is not a valid name, …).
    case notALink(route: String, error: LinkError)
    /// A ``RouteValue`` holds a property that no parameter type carries (a nested object, a
    /// floating-point number).
    case unwritableValue(route: String, reason: String)
    /// The generated link would be taken by another route that precedes this one
    /// (`reachedRoute`), or by no route at all (`nil`).
    case doesNotRouteBack(route: String, reachedRoute: String?)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .unknownRoute(let route): "no route is named '\(route)'"
        case .missingParameter(let route, let parameter):
            "route '\(route)' needs the parameter '\(parameter)'"
        case .unknownParameter(let route, let parameter):
            "route '\(route)' has no parameter named '\(parameter)'"
        case .invalidParameter(let route, let failure): "route '\(route)': \(failure)"
        case .valueDoesNotRoundTrip(let route, let parameter, let value):
            "route '\(route)': the value \(value) for parameter '\(parameter)' is not what a link would give back"
        case .needsScheme(let route): "route '\(route)' serves several schemes; choose one"
        case .needsHost(let route): "route '\(route)' does not name exactly one host; give one"
        case .schemeNotInScope(let route, let scheme):
            "route '\(route)' does not serve the scheme '\(scheme)'"
        case .hostNotInScope(let route, let host): "route '\(route)' does not serve the host '\(host)'"
        case .notALink(let route, let error):
            "the link generated for route '\(route)' is not a valid link: \(error)"
        case .doesNotRouteBack(let route, let other?):
            "the link generated for route '\(route)' would be routed to '\(other)', which takes precedence"
        case .doesNotRouteBack(let route, nil):
            "the link generated for route '\(route)' would not be routed back to it"
        case .unwritableValue(let route, let reason):
            "no link can be written for route '\(route)': \(reason)"
        }
    }
}

extension ReverseRoutingError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .unknownRoute(let value):
            var values = EnumCaseEncoder(encoder, "unknownRoute")
            try values("_0", value)
        case .missingParameter(let route, let parameter):
            var values = EnumCaseEncoder(encoder, "missingParameter")
            try values("route", route)
            try values("parameter", parameter)
        case .unknownParameter(let route, let parameter):
            var values = EnumCaseEncoder(encoder, "unknownParameter")
            try values("route", route)
            try values("parameter", parameter)
        case .invalidParameter(let route, let failure):
            var values = EnumCaseEncoder(encoder, "invalidParameter")
            try values("route", route)
            try values("failure", failure)
        case .valueDoesNotRoundTrip(let route, let parameter, let value):
            var values = EnumCaseEncoder(encoder, "valueDoesNotRoundTrip")
            try values("route", route)
            try values("parameter", parameter)
            try values("value", value)
        case .needsScheme(let route):
            var values = EnumCaseEncoder(encoder, "needsScheme")
            try values("route", route)
        case .needsHost(let route):
            var values = EnumCaseEncoder(encoder, "needsHost")
            try values("route", route)
        case .schemeNotInScope(let route, let scheme):
            var values = EnumCaseEncoder(encoder, "schemeNotInScope")
            try values("route", route)
            try values("scheme", scheme)
        case .hostNotInScope(let route, let host):
            var values = EnumCaseEncoder(encoder, "hostNotInScope")
            try values("route", route)
            try values("host", host)
        case .notALink(let route, let error):
            var values = EnumCaseEncoder(encoder, "notALink")
            try values("route", route)
            try values("error", error)
        case .unwritableValue(let route, let reason):
            var values = EnumCaseEncoder(encoder, "unwritableValue")
            try values("route", route)
            try values("reason", reason)
        case .doesNotRouteBack(let route, let reachedRoute):
            var values = EnumCaseEncoder(encoder, "doesNotRouteBack")
            try values("route", route)
            try values("reachedRoute", ifPresent: reachedRoute)
        }
    }
}
