/// Why a link got the route it got: every route that was tried, in the order tried, and what
/// happened with each.
///
/// Routes whose literal segments or segment count rule the link out are not listed: the
/// compiled table never visits them. The explanation is computed only when asked for
/// (``Router/explain(_:)``, ``LinkReceiver/explain(_:)``); ordinary matching does not pay for it.
///
/// ```swift
/// let explanation = router.explain(try LinkGate().parse("https://example.com/albums/Summer"))
/// print(explanation)
/// // album: path parameter 'album' must be a slug: … (got 'Summer')
/// // search: matched
/// ```
public struct RouteExplanation: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The routes tried, in order; the last one is the winner when there is one.
    public let attempts: [RouteAttempt]

    /// Creates an explanation.
    public init(attempts: [RouteAttempt]) { self.attempts = attempts }

    /// The name of the route that matched, or `nil`.
    public var winner: String? {
        attempts.last.flatMap { $0.result == .matched ? $0.route : nil }
    }

    /// The first parameter failure met, in precedence order: the closest miss. When a
    /// guarded route refused a link its navigate route fit, that refusal is the one reported.
    public var closestFailure: (route: String, failure: ParameterFailure)? {
        if attempts.count >= 2, case .yieldedToGuardedRoute = attempts[attempts.count - 2].result,
            let last = attempts.last, case .parameterFailed(let failure) = last.result
        {
            return (last.route, failure)
        }
        for attempt in attempts {
            if case .parameterFailed(let failure) = attempt.result { return (attempt.route, failure) }
        }
        return nil
    }

    /// One line per attempt: `route: result`.
    public var description: String {
        attempts.isEmpty
            ? "no route fits the link's path" : attempts.map(\.description).joined(separator: "\n")
    }
}

/// One route tried for a link, and the result.
public struct RouteAttempt: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What happened when the route was tried.
    public enum Result: Sendable, Hashable, Encodable {
        /// The route matched.
        case matched
        /// The route's scope does not list the link's scheme.
        case schemeNotInScope(String)
        /// The route's scope does not cover the link's host.
        case hostNotInScope(String?)
        /// A path, query or fragment parameter failed.
        case parameterFailed(ParameterFailure)
        /// The route (a navigate route) fit the link, but the link is shaped like this
        /// sensitive or destructive route, which decides it instead: the next attempt is that
        /// route's, matched or with the parameter that refused the link.
        case yieldedToGuardedRoute(String)
    }

    /// The route's name.
    public let route: String
    /// What happened.
    public let result: Result

    /// Creates an attempt.
    public init(route: String, result: Result) {
        self.route = route
        self.result = result
    }

    /// `route: result` in words.
    public var description: String {
        let text: String
        switch result {
        case .matched: text = "matched"
        case .schemeNotInScope(let scheme): text = "the scheme '\(scheme)' is not in the route's scope"
        case .hostNotInScope(let host): text = "the host '\(host ?? "")' is not in the route's scope"
        case .parameterFailed(let failure): text = failure.description
        case .yieldedToGuardedRoute(let guarded):
            text = "fits, but the link is shaped like guarded route '\(guarded)', which decides it"
        }
        return "\(route): \(text)"
    }
}

extension RouteAttempt.Result {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .matched: _ = EnumCaseEncoder(encoder, "matched")
        case .schemeNotInScope(let value):
            var values = EnumCaseEncoder(encoder, "schemeNotInScope")
            try values("_0", value)
        case .hostNotInScope(let value):
            var values = EnumCaseEncoder(encoder, "hostNotInScope")
            try values("_0", ifPresent: value)
        case .parameterFailed(let value):
            var values = EnumCaseEncoder(encoder, "parameterFailed")
            try values("_0", value)
        case .yieldedToGuardedRoute(let value):
            var values = EnumCaseEncoder(encoder, "yieldedToGuardedRoute")
            try values("_0", value)
        }
    }
}

extension RouteAttempt {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(route, forKey: "route")
        try c.encode(result, forKey: "result")
    }
}

extension RouteExplanation {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(attempts, forKey: "attempts")
    }
}
