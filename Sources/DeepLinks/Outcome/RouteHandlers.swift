/// What a route handler did with a match.
public enum HandlerResult: Sendable, Hashable {
    /// The handler presented the content.
    case handled
    /// The handler cannot present it (the content is gone, the app is in the wrong state);
    /// the dispatcher falls back to the browser for web links.
    case declined(reason: String)
}

/// Handlers bound to route names: the app's code that presents a matched route.
///
/// Handlers run only through ``LinkDispatcher/dispatch(_:to:)`` (for navigate routes) and
/// ``LinkDispatcher/dispatchConfirmed(_:to:)`` (after the user confirmed). A handler that
/// declines turns the outcome into ``LinkOutcome/openInBrowser(_:reason:)`` (SPEC §8:
/// declined links go to the browser, never to a blank screen).
///
/// ```swift
/// var handlers = RouteHandlers()
/// handlers.bind("photo") { match in
///     guard let index = match.parameters.integer("index"), await library.hasPhoto(index) else {
///         return .declined(reason: "photo not in the library")
///     }
///     await show(index)
///     return .handled
/// }
/// let outcome = await dispatcher.dispatch(text, to: handlers)
/// ```
public struct RouteHandlers: Sendable {
    /// A handler: receives the match, presents it or declines.
    public typealias Handler = @Sendable (RouteMatch) async -> HandlerResult

    private var handlers: [String: Handler] = [:]

    /// Creates an empty set of handlers.
    public init() {}

    /// Binds a handler to a route name, replacing any handler bound before.
    public mutating func bind(_ route: String, _ handler: @escaping Handler) {
        handlers[route] = handler
    }

    /// The handler bound to a route name, or `nil`.
    public subscript(route: String) -> Handler? { handlers[route] }

    /// The bound route names, sorted.
    public var routeNames: [String] { handlers.keys.sorted() }

    /// Bound names that no route of the router has, sorted: usually a typo.
    public func unknownRouteNames(in router: Router) -> [String] {
        routeNames.filter { router.route(named: $0) == nil }
    }
}
