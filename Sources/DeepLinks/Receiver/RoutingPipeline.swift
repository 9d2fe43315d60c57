/// The stages behind ``LinkReceiver`` for a link the gate has parsed: sanitise, route, outcome.
///
/// 1. ``LinkGate/sanitize(_:)``: routing sees the link without tracking or credential items.
/// 2. ``Router``: a match on a route whose effective safety (``Router/effectiveSafety(ofRoute:)``:
///    its own, or a guarded ancestor's) is ``RouteSafety/navigate`` is
///    ``LinkOutcome/route(_:)``; on any other route ``LinkOutcome/confirm(_:)``. No match is
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
        outcome(forSanitized: gate.sanitizedLink(link))
    }

    /// The decision for a link already without the query items sanitising removes (what
    /// ``LinkGate/parseSanitized(_:)`` gives for a web link).
    func outcome(forSanitized sanitized: consuming Link) -> LinkOutcome {
        // The input holds the link's storage and reads its parts in place.
        let input = MatchInput(link: sanitized, options: router.table.options)
        var parameters = RouteParameters()
        var refusal: Router.GuardRefusal?
        if let index = router.matchIndex(input, into: &parameters, refusal: &refusal) {
            // Two fields read in place from the router's route: a copy of the whole
            // declaration would retain and release each of its parts, and a route returned by
            // the look-up would itself be retained and released.
            let name = router.compiled[index].route.name
            // The effective safety: a navigate route under a sensitive ancestor is sensitive.
            let safety = router.safeties[index]
            let match = RouteMatch(
                route: name, parameters: consume parameters, safety: safety, link: sanitized,
                routeIndex: index)
            return safety.requiresConfirmation ? .confirm(match) : .route(match)
        }
        // Only the failure path looks for the parameter that refused the link: a guarded
        // route's refusal when there was one (as the explanation names it), else the first
        // route in precedence order that a parameter refused.
        let reason: RoutingFailure =
            if let refusal {
                .invalidParameter(route: refusal.route, failure: refusal.failure)
            } else {
                router.closestFailure(ofMiss: input).map {
                    .invalidParameter(route: $0.route, failure: $0.failure)
                } ?? .noMatchingRoute
            }
        return Self.fallback(sanitized, reason)
    }

    /// The outcome for a valid link the app does not present.
    @inline(__always)
    static func fallback(_ link: consuming Link, _ reason: consuming RoutingFailure) -> LinkOutcome {
        link.isWeb ? .openInBrowser(link, reason: reason) : .reject(.unhandled(link, reason: reason))
    }
}
