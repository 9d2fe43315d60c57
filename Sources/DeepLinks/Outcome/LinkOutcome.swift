/// What to do with a link: the decision the dispatcher returns, never performs.
///
/// | outcome | when | the app should |
/// |---|---|---|
/// | ``route(_:)`` | a ``RouteSafety/navigate`` route matched | present it |
/// | ``confirm(_:)`` | a ``RouteSafety/sensitive`` or ``RouteSafety/destructive`` route matched | ask the user (and check sign-in), then run it with ``LinkDispatcher/dispatchConfirmed(_:to:)`` |
/// | ``openInBrowser(_:reason:)`` | a valid http(s) link the app cannot present | open it in the browser, never show a blank screen |
/// | ``reject(_:)`` | malformed or hostile text, or a custom-scheme link nothing presents | discard it; never open it anywhere |
///
/// ```swift
/// switch dispatcher.outcome(for: text) {
/// case .route(let match): navigate(to: match)
/// case .confirm(let match): askToConfirm(match)
/// case .openInBrowser(let link, _): openInSafari(link.url)
/// case .reject(let reason): log(reason)
/// }
/// ```
public enum LinkOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Present the route.
    case route(RouteMatch)
    /// Ask the user before running a sensitive or destructive route (SPEC §2, rule 3).
    case confirm(RouteMatch)
    /// Open the link in the browser; the reason says why the app does not present it. The
    /// link is the sanitised one: tracking and credential items are not passed on (an app
    /// whose website needs one of them removes it from ``LinkPolicy/strippedQueryItems``).
    case openInBrowser(Link, reason: RoutingFailure)
    /// Discard the link.
    case reject(LinkRejection)

    /// The match, for ``route(_:)`` and ``confirm(_:)``.
    public var match: RouteMatch? {
        switch self {
        case .route(let match), .confirm(let match): match
        case .openInBrowser, .reject: nil
        }
    }

    /// A sentence describing the outcome.
    public var description: String {
        switch self {
        case .route(let match): "route to '\(match.route)' \(match.parameters)"
        case .confirm(let match): "confirm \(match.safety) route '\(match.route)' \(match.parameters)"
        case .openInBrowser(let link, let reason): "open \(link.original) in the browser: \(reason)"
        case .reject(let rejection): "reject: \(rejection)"
        }
    }
}
