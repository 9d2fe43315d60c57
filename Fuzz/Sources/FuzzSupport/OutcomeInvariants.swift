import DeepLinks

/// Invariants of a decision for a link the gate accepted:
/// - it is never a `reject(.malformed)`, and text and parsed link decide alike;
/// - a `route` outcome is never a sensitive or destructive route, a `confirm` never a
///   navigate one, and the match carries the sanitised link;
/// - a browser fallback is only ever the sanitised web link; a rejection only a custom scheme;
/// - a routed link is written back from its route and parameters to a link that the gate
///   accepts and that routes to the same route and parameters.
public func checkOutcome(_ link: Link, text: String, receiver: LinkReceiver, input: String) {
    let outcome = receiver.receive(url: text).outcome
    require(
        outcome == receiver.receive(url: link.original).outcome, "text and parsed link decided differently",
        input: input)
    let sanitized = receiver.gate.sanitize(link).link
    switch outcome {
    case .reject(.malformed(let error)):
        violated("an accepted link was rejected as malformed: \(error)", input: input)
    case .reject(.unhandled(let rejected, _)):
        require(!rejected.isWeb, "a web link was rejected instead of opened in the browser", input: input)
    case .reject(.hostNotAllowed), .reject(.portOnRouteHost):
        require(!link.isWeb, "a web link was rejected by a custom scheme's rule", input: input)
    case .reject(let other):
        violated("a URL was rejected for a reason only activities and banners have: \(other)", input: input)
    case .openInBrowser(let opened, _):
        require(opened.isWeb, "a custom-scheme link was sent to the browser", input: input)
        require(opened == sanitized, "the browser gets a link other than the sanitised one", input: input)
    case .route(let match), .confirm(let match):
        guard let route = receiver.router.route(named: match.route) else {
            violated("outcome names an unknown route", input: input)
        }
        require(match.safety == route.safety, "the match reports another safety than its route", input: input)
        if case .route = outcome {
            require(
                route.safety == .navigate, "a \(route.safety) route ran without confirmation", input: input)
        } else {
            require(route.safety != .navigate, "a navigate route asked for confirmation", input: input)
        }
        require(
            match.link == sanitized, "the match carries a link other than the sanitised one", input: input)
        checkWriteBack(match, receiver: receiver, input: input)
    }
}

/// A routed link's route and parameters are written back (reverse routing) to a link that the
/// gate accepts and that matches the same route with the same parameters. A route whose link
/// cannot be written (a reverse-routing error) is not checked: that refusal is typed.
public func checkWriteBack(_ match: RouteMatch, receiver: LinkReceiver, input: String) {
    let host = match.link.isWeb ? match.link.host : nil
    guard
        let written = try? receiver.router.link(
            for: match.route, parameters: match.parameters, scheme: match.link.scheme, host: host)
    else { return }
    guard let back = try? receiver.gate.parse(written) else {
        violated("the link written back, \(written.debugDescription), is refused by the gate", input: input)
    }
    guard let tableMatch = receiver.router.match(back) else {
        violated("the link written back, \(written.debugDescription), matches no route", input: input)
    }
    require(
        tableMatch.name == match.route, "the link written back leads to '\(tableMatch.name)'", input: input)
    require(
        tableMatch.parameters == match.parameters,
        "the link written back, \(written.debugDescription), reads \(tableMatch.parameters)", input: input)
}
