/// Why a valid link is not presented by the app.
///
/// For a web link the dispatcher answers ``LinkOutcome/openInBrowser(_:reason:)`` with this
/// reason; for a custom-scheme link, which has no web page to fall back to,
/// ``LinkOutcome/reject(_:)`` with ``LinkRejection/unhandled(_:reason:)``.
///
/// ```swift
/// if case .openInBrowser(_, .invalidParameter(let route, let failure)) = outcome {
///     log("\(route): \(failure)")     // "photo: path parameter 'index' must be an integer …"
/// }
/// ```
public enum RoutingFailure: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// No route fits the link's scheme, host and path.
    case noMatchingRoute
    /// The closest route (the first in precedence order whose path fits) refused a parameter.
    case invalidParameter(route: String, failure: ParameterFailure)
    /// The route matched but no handler is bound to its name.
    case noHandler(route: String)
    /// The route's handler declined the link.
    case handlerDeclined(route: String, reason: String)

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .noMatchingRoute: "no route matches the link"
        case .invalidParameter(let route, let failure): "route '\(route)' refused the link: \(failure)"
        case .noHandler(let route): "no handler is bound to route '\(route)'"
        case .handlerDeclined(let route, let reason):
            "the handler of route '\(route)' declined the link: \(reason)"
        }
    }
}

extension RoutingFailure {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .noMatchingRoute: _ = EnumCaseEncoder(encoder, "noMatchingRoute")
        case .invalidParameter(let route, let failure):
            var values = EnumCaseEncoder(encoder, "invalidParameter")
            try values("route", route)
            try values("failure", failure)
        case .noHandler(let route):
            var values = EnumCaseEncoder(encoder, "noHandler")
            try values("route", route)
        case .handlerDeclined(let route, let reason):
            var values = EnumCaseEncoder(encoder, "handlerDeclined")
            try values("route", route)
            try values("reason", reason)
        }
    }
}
