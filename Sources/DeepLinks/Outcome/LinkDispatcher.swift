/// The pipeline from link text to decision: gate, sanitise, route, outcome.
///
/// 1. ``LinkGate/parse(_:)``: a refusal is ``LinkOutcome/reject(_:)`` with
///    ``LinkRejection/malformed(_:)``.
/// 2. ``LinkGate/sanitize(_:)``: routing sees the link without tracking or credential items.
/// 3. ``Router``: a match on a ``RouteSafety/navigate`` route is ``LinkOutcome/route(_:)``; on
///    any other route ``LinkOutcome/confirm(_:)``. No match is
///    ``LinkOutcome/openInBrowser(_:reason:)`` for a web link and ``LinkOutcome/reject(_:)``
///    with ``LinkRejection/unhandled(_:reason:)`` for a custom-scheme link, which has no page
///    to fall back to.
///
/// The dispatcher is a value; ``outcome(for:)`` performs nothing. ``dispatch(_:to:)`` also
/// runs the bound handler of a navigate route.
///
/// ```swift
/// var policy = LinkPolicy(allowedHosts: ["example.com"])
/// policy.allowedSchemes.insert("myapp")
/// let dispatcher = try LinkDispatcher(table: table, policy: policy)
/// dispatcher.outcome(for: "https://example.com/albums/summer")   // .route(…)
/// dispatcher.outcome(for: #"https://example.com\@evil.com/"#)    // .reject(.malformed(…))
/// ```
public struct LinkDispatcher: Sendable {
    /// The gate that parses and sanitises.
    public let gate: LinkGate
    /// The compiled route table.
    public let router: Router

    /// Builds the router for a table and checks it against the gate's policy.
    ///
    /// - Throws: ``RouteTableError``, including routes the policy would never let through.
    public init(
        table: RouteTable, policy: LinkPolicy = LinkPolicy(),
        registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) throws(RouteTableError) {
        gate = LinkGate(policy: policy)
        router = try Router(table, registry: registry, policy: policy)
    }

    /// Combines a gate and a router built elsewhere.
    public init(gate: LinkGate, router: Router) {
        self.gate = gate
        self.router = router
    }

    /// The decision for link text.
    public func outcome(for text: String) -> LinkOutcome {
        do {
            return outcome(for: try gate.parse(text))
        } catch {
            return .reject(.malformed(error))
        }
    }

    /// The decision for a link the gate has already parsed.
    public func outcome(for link: Link) -> LinkOutcome {
        let sanitized = gate.strippedLink(link)
        let input = MatchInput(link: sanitized, options: router.table.options)
        if let lookup = router.lookup(input) {
            let safety = lookup.compiled.route.safety
            let match = RouteMatch(
                route: lookup.name, parameters: lookup.parameters, safety: safety, link: sanitized)
            return safety.requiresConfirmation ? .confirm(match) : .route(match)
        }
        // Only the failure path pays for the explanation that names the failing parameter.
        let reason: RoutingFailure =
            router.explain(input).closestFailure.map {
                .invalidParameter(route: $0.route, failure: $0.failure)
            }
            ?? .noMatchingRoute
        return fallback(sanitized, reason)
    }

    /// The outcome for a valid link the app does not present.
    func fallback(_ link: Link, _ reason: RoutingFailure) -> LinkOutcome {
        link.isWeb ? .openInBrowser(link, reason: reason) : .reject(.unhandled(link, reason: reason))
    }

    /// The decision for link text, with every route tried and why.
    public func explain(_ text: String) -> LinkExplanation {
        let outcome = outcome(for: text)
        guard let link = try? gate.parse(text) else { return LinkExplanation(outcome: outcome, routing: nil) }
        return LinkExplanation(outcome: outcome, routing: router.explain(gate.sanitize(link).link))
    }

    /// Decides, then runs the bound handler of a navigate route.
    ///
    /// A route without a handler, or whose handler declines, falls back as an unmatched link
    /// does (browser for web links, rejection for custom schemes). ``LinkOutcome/confirm(_:)``
    /// is returned without running anything: call ``dispatchConfirmed(_:to:)`` once the user
    /// has confirmed.
    public func dispatch(_ text: String, to handlers: RouteHandlers) async -> LinkOutcome {
        let decided = outcome(for: text)
        guard case .route(let match) = decided else { return decided }
        return await run(match, handlers)
    }

    /// Runs the handler of a match the user has confirmed (sensitive or destructive routes).
    public func dispatchConfirmed(_ match: RouteMatch, to handlers: RouteHandlers) async -> LinkOutcome {
        await run(match, handlers)
    }

    private func run(_ match: RouteMatch, _ handlers: RouteHandlers) async -> LinkOutcome {
        guard let handler = handlers[match.route] else {
            return fallback(match.link, .noHandler(route: match.route))
        }
        switch await handler(match) {
        case .handled: return .route(match)
        case .declined(let reason):
            return fallback(match.link, .handlerDeclined(route: match.route, reason: reason))
        }
    }
}

/// A link's outcome together with the routes tried for it.
public struct LinkExplanation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The decision.
    public let outcome: LinkOutcome
    /// The routes tried; `nil` when the gate refused the text, so no route was tried.
    public let routing: RouteExplanation?

    /// Creates an explanation.
    public init(outcome: LinkOutcome, routing: RouteExplanation?) {
        self.outcome = outcome
        self.routing = routing
    }

    /// The outcome, then one line per route tried.
    public var description: String {
        var text = "outcome: \(outcome)"
        if let routing { text += "\n" + routing.description }
        return text
    }
}
