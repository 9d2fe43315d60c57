/// What to do with a link: the one decision an app switches on, whichever way the link came.
///
/// | outcome | when | the app should |
/// |---|---|---|
/// | ``route(_:)`` | a ``RouteSafety/navigate`` route matched | present it |
/// | ``confirm(_:)`` | a ``RouteSafety/sensitive`` or ``RouteSafety/destructive`` route matched (or a route under a sensitive ancestor, ``Router/effectiveSafety(ofRoute:)``), or any route of a scheme registered with ``CustomScheme/confirmsEveryRoute`` | ask the user (and check sign-in), then run it with ``LinkReceiver/runConfirmed(_:source:with:)`` |
/// | ``openInBrowser(_:reason:)`` | a valid http(s) link the app cannot present | open it in the browser, never show a blank screen |
/// | ``reject(_:)`` | malformed or hostile text, a refused activity or banner, or a custom-scheme link nothing presents | discard it; never open it anywhere |
///
/// ```swift
/// switch receiver.receive(url: text).outcome {
/// case .route(let match): navigate(to: match)
/// case .confirm(let match): askToConfirm(match)
/// case .openInBrowser(let link, _): if let url = link.url { openInSafari(url) }
/// case .reject(let reason): log(reason)
/// }
/// ```
///
/// Outcomes are `Encodable` (logs, the command line's JSON) but not `Decodable`: an outcome
/// is made by ``LinkReceiver`` only.
public enum LinkOutcome: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// Present the route.
    case route(RouteMatch)
    /// Ask the user before running the route: it is sensitive or destructive, or opens under
    /// a sensitive ancestor, or its scheme asks for confirmation of every route.
    case confirm(RouteMatch)
    /// Open the link in the browser; the reason says why the app does not present it. The
    /// link is the sanitised one: tracking and credential items are not passed on (an app
    /// whose website needs one of them removes it from ``LinkPolicy/removedQueryItems``).
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

    /// Encodes `{"outcome": "route", "match": {…}}`, `{"outcome": "openInBrowser", "link": {…},
    /// "reason": {…}}` or `{"outcome": "reject", "rejection": {…}}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        switch self {
        case .route(let match):
            try c.encode("route", forKey: "outcome")
            try c.encode(match, forKey: "match")
        case .confirm(let match):
            try c.encode("confirm", forKey: "outcome")
            try c.encode(match, forKey: "match")
        case .openInBrowser(let link, let reason):
            try c.encode("openInBrowser", forKey: "outcome")
            try c.encode(link, forKey: "link")
            try c.encode(reason, forKey: "reason")
        case .reject(let rejection):
            try c.encode("reject", forKey: "outcome")
            try c.encode(rejection, forKey: "rejection")
        }
    }
}
