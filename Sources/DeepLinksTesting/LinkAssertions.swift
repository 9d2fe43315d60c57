import DeepLinks

/// Asserts that an incoming link routes to a navigate route, with exactly these parameters
/// when given.
///
/// Every assertion takes the app's own `LinkReceiver` and any incoming link (a URL, written
/// as a string literal or `.url(text)`, a user activity or a Smart App Banner), so a test
/// checks exactly what the app decides. Works under Swift Testing and XCTest alike: a failure
/// is recorded with the framework that runs the test, at the caller's line, with the outcome
/// and the routes tried.
///
/// ```swift
/// @Test func photoLink() throws {
///     let receiver = try LinkReceiver(table: AppRoutes.table, configuration: AppRoutes.configuration)
///     assertRoute("https://example.com/albums/summer/photos/3", in: receiver,
///                 is: "photo", parameters: ["album": "summer", "index": 3])
/// }
/// ```
public func assertRoute(
    _ link: IncomingLink, in receiver: LinkReceiver, is route: String, parameters: RouteParameters? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .route(route, parameters: parameters), link, receiver,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that an incoming link needs the user's confirmation for a sensitive or destructive route.
///
/// ```swift
/// assertConfirmation("https://example.com/albums/summer/delete", in: receiver,
///                    is: "deleteAlbum", safety: .destructive)
/// ```
public func assertConfirmation(
    _ link: IncomingLink, in receiver: LinkReceiver, is route: String, parameters: RouteParameters? = nil,
    safety: RouteSafety? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .confirm(route, parameters: parameters, safety: safety), link, receiver,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that an incoming link is a valid web link the app does not present, for exactly this
/// reason when given.
///
/// ```swift
/// assertOpensInBrowser("https://example.com/unknown", in: receiver, reason: .noMatchingRoute)
/// ```
public func assertOpensInBrowser(
    _ link: IncomingLink, in receiver: LinkReceiver, reason: RoutingFailure? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .openInBrowser(reason: reason), link, receiver,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that the gate rejects an incoming link's text as malformed, for exactly this rule when given.
///
/// ```swift
/// assertRejected(#"https://example.com\@evil.com/"#, in: receiver, rule: .backslash)
/// ```
public func assertRejected(
    _ link: IncomingLink, in receiver: LinkReceiver, rule: LinkError.Rule? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .malformed(rule: rule), link, receiver,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that a valid custom-scheme link is rejected because nothing presents it, for
/// exactly this reason when given.
///
/// ```swift
/// assertUnhandled("myapp://nowhere", in: receiver, reason: .noMatchingRoute)
/// ```
public func assertUnhandled(
    _ link: IncomingLink, in receiver: LinkReceiver, reason: RoutingFailure? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .unhandled(reason: reason), link, receiver,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that an incoming link is rejected for exactly this reason: an activity, banner or
/// scheme rule refusal, or any other `LinkRejection`.
///
/// ```swift
/// assertRejected(.activity(try UserActivity(activityType: "com.other.app.view")), in: receiver,
///                because: .unregisteredActivityType("com.other.app.view"))
/// ```
public func assertRejected(
    _ link: IncomingLink, in receiver: LinkReceiver, because rejection: LinkRejection,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .rejected(rejection), link, receiver,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that no route of a table is shadowed by, duplicates, or is ambiguous with another,
/// checked against the policy the app's receiver applies.
///
/// ```swift
/// assertNoShadowedRoutes(AppRoutes.table, configuration: AppRoutes.configuration)
/// ```
public func assertNoShadowedRoutes(
    _ table: RouteTable, configuration: LinkReceiver.Configuration = LinkReceiver.Configuration(),
    registry: ParameterTypeRegistry = ParameterTypeRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let overlaps = table.findings(registry: registry, policy: configuration.effectivePolicy).filter(
        \.isOverlap)
    guard !overlaps.isEmpty else { return }
    FailureReporting.fail(
        "the route table has routes that compete for the same links:\n"
            + overlaps.map { "- \($0)" }.joined(separator: "\n"),
        at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that a receiver can be built from a table and a configuration: every allowed host
/// pattern of the policy is a host name, the table has no problems under the effective policy
/// (`LinkReceiver.Configuration.effectivePolicy`), and every activity route fits the table.
///
/// ```swift
/// assertValidReceiver(AppRoutes.table, configuration: AppRoutes.configuration)
/// ```
public func assertValidReceiver(
    _ table: RouteTable, configuration: LinkReceiver.Configuration = LinkReceiver.Configuration(),
    registry: ParameterTypeRegistry = ParameterTypeRegistry(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    do {
        _ = try LinkReceiver(table: table, configuration: configuration, registry: registry)
    } catch {
        FailureReporting.fail(
            error.description, at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

private func check(
    _ expectation: LinkExpectation, _ link: IncomingLink, _ receiver: LinkReceiver,
    _ location: FailureReporting.Location
) {
    let explanation = receiver.explain(link)
    guard let message = expectation.failureMessage(for: explanation.outcome) else { return }
    let subject = if case .url(let url) = link { url } else { link.description }
    var text = "\(subject): \(message)"
    if let routing = explanation.routing { text += "\nroutes tried:\n" + routing.description }
    FailureReporting.fail(text, at: location)
}
