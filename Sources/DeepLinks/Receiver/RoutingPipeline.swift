/// The stages behind ``LinkReceiver`` for a link the gate has parsed: sanitise, route, outcome.
///
/// 1. ``LinkGate/sanitize(_:)``: routing sees the link without tracking or credential items.
/// 2. ``Router``: a match on a ``RouteSafety/navigate`` route is ``LinkOutcome/route(_:)``; on
///    any other route ``LinkOutcome/confirm(_:)``. No match is
///    ``LinkOutcome/openInBrowser(_:reason:)`` for a web link and ``LinkOutcome/reject(_:)``
///    with ``LinkRejection/unhandled(_:reason:)`` for a custom-scheme link, which has no page
///    to fall back to.
///
/// Internal on purpose: what a custom scheme's host means and whether it confirms every route
/// is the receiver's to apply, so the only public way to an outcome is the receiver.
struct RoutingPipeline: Sendable {
    /// The gate that parses and sanitises.
    let gate: LinkGate
    /// The compiled route table.
    let router: Router

    /// The decision for a link the gate has already parsed, as the route table sees it.
    func outcome(for link: Link) -> LinkOutcome {
        outcome(forSanitized: gate.strippedLink(link))
    }

    /// The decision for a link already without the query items the policy strips (what
    /// ``LinkGate/parseStripped(_:)`` gives for a web link).
    func outcome(forSanitized sanitized: Link) -> LinkOutcome {
        let input = MatchInput(link: sanitized, options: router.table.options)
        var parameters = RouteParameters()
        if let compiled = router.lookup(input, into: &parameters) {
            let route = compiled.route
            let match = RouteMatch(
                route: route.name, parameters: consume parameters, safety: route.safety, link: sanitized)
            return route.safety.requiresConfirmation ? .confirm(match) : .route(match)
        }
        // Only the failure path pays for the explanation that names the failing parameter (the
        // explanation applies the guard, so a guarded route's refusal is the one named).
        let reason: RoutingFailure =
            router.explain(input).closestFailure.map {
                .invalidParameter(route: $0.route, failure: $0.failure)
            }
            ?? .noMatchingRoute
        return Self.fallback(sanitized, reason)
    }

    /// The outcome for a valid link the app does not present.
    static func fallback(_ link: Link, _ reason: RoutingFailure) -> LinkOutcome {
        link.isWeb ? .openInBrowser(link, reason: reason) : .reject(.unhandled(link, reason: reason))
    }
}
