import DeepLinks

/// Asserts that an incoming link opens exactly this navigation path: its route's ancestors,
/// root first, then the route itself (`Router.path(for:)`).
///
/// ```swift
/// assertPath("https://reel.example/title/tt0111161/season/2/episode/5", in: receiver,
///            is: ["title", "season", "episode"])
/// ```
public func assertPath(
    _ link: IncomingLink, in receiver: LinkReceiver, is routes: [String],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = FailureReporting.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let match = match(link, in: receiver, expected: "the path \(routes)", at: location) else { return }
    let path = receiver.router.path(for: match)
    guard path.map(\.route) == routes else {
        return FailureReporting.fail(
            "\(subject(link)): expected the path \(routes), but got: "
                + path.map(\.description).joined(separator: " → "),
            at: location)
    }
}

/// Asserts that an incoming link opens exactly these destinations (`TypedRoutes.path(for:)`),
/// root first: the stack a `NavigationStack` path or a coordinator is given.
///
/// ```swift
/// assertPath("https://reel.example/title/tt0111161/season/2", in: receiver, screens: screens,
///            is: [.title(Title(title: "tt0111161")), .season(Season(title: "tt0111161", season: 2))])
/// ```
public func assertPath<Destination: Equatable>(
    _ link: IncomingLink, in receiver: LinkReceiver, screens: TypedRoutes<Destination>,
    is expected: [Destination],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = FailureReporting.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let match = match(link, in: receiver, expected: "\(expected)", at: location) else { return }
    do {
        let path = try screens.path(for: match)
        if path != expected {
            FailureReporting.fail("\(subject(link)): expected \(expected), but got: \(path)", at: location)
        }
    } catch {
        FailureReporting.fail("\(subject(link)): expected \(expected), but got: \(error)", at: location)
    }
}

/// Asserts that a holder's actions end with the link held, waiting for exactly these conditions.
///
/// ```swift
/// assertHeld(holder.receive(receiver.receive(url: "https://reel.example/cart"), at: now),
///            missing: ["signedIn"])
/// ```
public func assertHeld(
    _ actions: [LinkHolder.Action], missing: Set<String>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = FailureReporting.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard case .hold(_, let waiting)? = actions.last, waiting == missing else {
        return FailureReporting.fail(
            "expected the link held, waiting for \(missing.sorted()), but the holder said: \(describe(actions))",
            at: location)
    }
}

/// Asserts that a holder's actions hand a link back for this route: opened, or put to the user
/// for confirmation.
///
/// ```swift
/// assertReplayed(holder.update(conditions: ["signedIn"], at: now), route: "cart")
/// ```
public func assertReplayed(
    _ actions: [LinkHolder.Action], route: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = FailureReporting.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let handedBack = actions.contains { action in
        switch action {
        case .open(let decision), .askToConfirm(let decision): decision.match?.route == route
        default: false
        }
    }
    if !handedBack {
        FailureReporting.fail(
            "expected the link for '\(route)' handed back, but the holder said: \(describe(actions))",
            at: location)
    }
}

/// Asserts that a holder's actions hand nothing back: no link is opened or put to the user.
///
/// ```swift
/// _ = holder.declined()
/// assertNothingReplayed(holder.update(conditions: ["signedIn"], at: now))
/// ```
public func assertNothingReplayed(
    _ actions: [LinkHolder.Action],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = FailureReporting.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let replayed = actions.contains { action in
        switch action {
        case .open, .askToConfirm: true
        default: false
        }
    }
    if replayed {
        FailureReporting.fail(
            "expected nothing handed back, but the holder said: \(describe(actions))", at: location)
    }
}

/// The match the receiver decides for `link`, or `nil` after reporting that it decided no
/// route (`expected` says what was expected instead).
private func match(
    _ link: IncomingLink, in receiver: LinkReceiver, expected: String, at location: FailureReporting.Location
) -> RouteMatch? {
    let decision = receiver.receive(link)
    if decision.match == nil {
        FailureReporting.fail(
            "\(subject(link)): expected \(expected), but got: \(decision.outcome)", at: location)
    }
    return decision.match
}

private func subject(_ link: IncomingLink) -> String {
    if case .url(let url) = link { url } else { link.description }
}

private func describe(_ actions: [LinkHolder.Action]) -> String {
    guard !actions.isEmpty else { return "nothing" }
    return actions.map { action in
        switch action {
        case .open(let decision): "open \(decision)"
        case .askToConfirm(let decision): "ask to confirm \(decision)"
        case .hold(let decision, let missing): "hold \(decision) until \(missing.sorted())"
        case .drop(let decision, let reason): "drop \(decision) (\(reason.rawValue))"
        }
    }.joined(separator: "; ")
}
