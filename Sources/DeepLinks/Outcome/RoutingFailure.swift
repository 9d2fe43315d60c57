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
public enum RoutingFailure: Sendable, Hashable, Codable, CustomStringConvertible {
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

/// Why a link is discarded: never opened in the app, never handed to a browser.
///
/// ```swift
/// if case .reject(.malformed(let error)) = outcome {
///     error.rule     // .backslash
/// }
/// ```
public enum LinkRejection: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The gate refused the text: it is malformed or hostile.
    case malformed(LinkError)
    /// A valid custom-scheme link (sanitised) that the app cannot present. There is no web
    /// page to fall back to, so it is discarded like a malformed one, with the routing reason.
    case unhandled(Link, reason: RoutingFailure)

    /// The gate's error, when the text was malformed.
    public var linkError: LinkError? {
        if case .malformed(let error) = self { error } else { nil }
    }

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .malformed(let error): "malformed link: \(error)"
        case .unhandled(let link, let reason): "unhandled custom-scheme link \(link.canonical): \(reason)"
        }
    }
}
