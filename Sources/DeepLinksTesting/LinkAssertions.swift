import DeepLinks

/// Asserts that link text routes to a navigate route, with exactly these parameters when
/// given.
///
/// Works under Swift Testing and XCTest alike: a failure is recorded with the framework that
/// runs the test, at the caller's line, with the outcome and the routes tried.
///
/// ```swift
/// @Test func photoLink() throws {
///     let dispatcher = try LinkDispatcher(table: AppRoutes.table, policy: AppRoutes.policy)
///     assertRoute("https://example.com/albums/summer/photos/3", in: dispatcher,
///                 is: "photo", parameters: ["album": "summer", "index": 3])
/// }
/// ```
public func assertRoute(
    _ link: String, in dispatcher: LinkDispatcher, is route: String, parameters: RouteParameters? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .route(route, parameters: parameters), link, dispatcher,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that link text needs the user's confirmation for a sensitive or destructive route.
///
/// ```swift
/// assertConfirmation("https://example.com/albums/summer/delete", in: dispatcher,
///                    is: "deleteAlbum", safety: .destructive)
/// ```
public func assertConfirmation(
    _ link: String, in dispatcher: LinkDispatcher, is route: String, parameters: RouteParameters? = nil,
    safety: RouteSafety? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .confirm(route, parameters: parameters, safety: safety), link, dispatcher,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that link text is a valid web link the app does not present, for exactly this
/// reason when given.
///
/// ```swift
/// assertOpensInBrowser("https://example.com/unknown", in: dispatcher, reason: .noMatchingRoute)
/// ```
public func assertOpensInBrowser(
    _ link: String, in dispatcher: LinkDispatcher, reason: RoutingFailure? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .openInBrowser(reason: reason), link, dispatcher,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that the gate rejects link text as malformed, for exactly this rule when given.
///
/// ```swift
/// assertRejected(#"https://example.com\@evil.com/"#, in: dispatcher, rule: .backslash)
/// ```
public func assertRejected(
    _ link: String, in dispatcher: LinkDispatcher, rule: LinkError.Rule? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .malformed(rule: rule), link, dispatcher,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that a valid custom-scheme link is rejected because nothing presents it, for
/// exactly this reason when given.
///
/// ```swift
/// assertUnhandled("myapp://nowhere", in: dispatcher, reason: .noMatchingRoute)
/// ```
public func assertUnhandled(
    _ link: String, in dispatcher: LinkDispatcher, reason: RoutingFailure? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    check(
        .unhandled(reason: reason), link, dispatcher,
        .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that no route of a table is shadowed by, duplicates, or is ambiguous with another.
///
/// ```swift
/// assertNoShadowedRoutes(AppRoutes.table)
/// ```
public func assertNoShadowedRoutes(
    _ table: RouteTable, registry: ParameterTypeRegistry = ParameterTypeRegistry(), policy: LinkPolicy? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let overlaps = table.problems(registry: registry, policy: policy).filter(\.isOverlap)
    guard !overlaps.isEmpty else { return }
    FailureReporting.fail(
        "the route table has routes that compete for the same links:\n"
            + overlaps.map { "- \($0)" }.joined(separator: "\n"),
        at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that a table has no problems at all, checked against a gate policy when given.
///
/// ```swift
/// assertValidTable(AppRoutes.table, policy: AppRoutes.policy)
/// ```
public func assertValidTable(
    _ table: RouteTable, registry: ParameterTypeRegistry = ParameterTypeRegistry(), policy: LinkPolicy? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let problems = table.problems(registry: registry, policy: policy)
    guard !problems.isEmpty else { return }
    FailureReporting.fail(
        RouteTableError(problems: problems).description,
        at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
}

private func check(
    _ expectation: LinkExpectation, _ link: String, _ dispatcher: LinkDispatcher,
    _ location: FailureReporting.Location
) {
    let explanation = dispatcher.explain(link)
    guard let message = expectation.failureMessage(for: explanation.outcome) else { return }
    var text = "\(link): \(message)"
    if let routing = explanation.routing { text += "\nroutes tried:\n" + routing.description }
    FailureReporting.fail(text, at: location)
}
