/// What a route handler did with a match.
public enum HandlerResult: Sendable, Hashable {
    /// The handler presented the content.
    case handled
    /// The handler cannot present it (the content is gone, the app is in the wrong state);
    /// the receiver falls back to the browser for web links.
    case declined(reason: String)
}

/// Handlers bound to route names: the app's code that presents a matched route.
///
/// Handlers run only through ``LinkReceiver/dispatch(_:to:)`` (navigate routes) and
/// ``LinkReceiver/runConfirmed(_:source:with:)`` (after the user confirmed). A handler that
/// declines turns the outcome into ``LinkOutcome/openInBrowser(_:reason:)`` for a web link:
/// declined links go to the browser, never to a blank screen.
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
/// receiver.unboundRoutes(in: handlers)     // routes nothing presents yet
/// let decision = await receiver.dispatch(.url(text), to: handlers)
/// ```
///
/// A handler can also be bound to a ``RouteValue`` type: it receives the match read as that
/// type, instead of reading parameters by their string names. ``typeErrors(in:)`` checks
/// every such binding against the table when the app starts.
///
/// ```swift
/// handlers.bind(Product.self) { product, match in
///     guard await catalog.has(product.id) else { return .declined(reason: "no such product") }
///     await show(product)
///     return .handled
/// }
/// handlers.typeErrors(in: receiver.router)   // [] when every bound type fits its route
/// ```
public struct RouteHandlers: Sendable {
    /// A handler: receives the match, presents it or declines.
    public typealias Handler = @Sendable (RouteMatch) async -> HandlerResult

    private var handlers: [String: Handler] = [:]
    /// For each route bound through a ``RouteValue`` type: how to check the type against a table.
    private var typeChecks: [String: @Sendable (Router) -> TypedRoutesError?] = [:]

    /// Creates an empty set of handlers.
    public init() {}

    /// Binds a handler to a route name, replacing any handler bound before.
    public mutating func bind(_ route: String, _ handler: @escaping Handler) {
        handlers[route] = handler
        typeChecks[route] = nil
    }

    /// Binds a handler to the route a ``RouteValue`` type names, replacing any handler bound
    /// before: it receives the match read as the type, and the match itself.
    ///
    /// A match whose parameters do not read as the type (possible only for a type that does
    /// not fit its route, which ``typeErrors(in:)`` reports) is declined with the reason, so
    /// a web link falls back to the browser instead of reaching a half-read value.
    public mutating func bind<Value: RouteValue>(
        _ type: Value.Type, _ handler: @escaping @Sendable (Value, RouteMatch) async -> HandlerResult
    ) {
        handlers[Value.route] = { match in
            let value: Value
            do throws(TypedRoutesError) {
                value = try match.value(as: Value.self)
            } catch {
                return .declined(reason: error.description)
            }
            return await handler(value, match)
        }
        typeChecks[Value.route] = { router in router.typeError(for: Value.self) }
    }

    /// Why each handler bound through a ``RouteValue`` type does not fit its route in a
    /// router's table, in route-name order; empty when every one fits.
    public func typeErrors(in router: Router) -> [TypedRoutesError] {
        typeChecks.sorted { $0.key < $1.key }.compactMap { $0.value(router) }
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

extension LinkReceiver {
    /// Decides about an incoming link, then runs the handler bound to a navigate route.
    ///
    /// A route without a handler, or whose handler declines, falls back as an unmatched link
    /// does (browser for web links, rejection for custom schemes). ``LinkOutcome/confirm(_:)``
    /// is returned without running anything: call ``runConfirmed(_:source:with:)`` once the
    /// user has confirmed.
    public func dispatch(_ incoming: IncomingLink, to handlers: RouteHandlers) async -> LinkDecision {
        let decided = receive(incoming)
        guard case .route(let match) = decided.outcome else { return decided }
        return LinkDecision(source: decided.source, outcome: await run(match, handlers))
    }

    /// Runs the handler of a match the user has confirmed (a sensitive or destructive route,
    /// or a scheme that confirms every route).
    public func runConfirmed(_ match: RouteMatch, source: LinkSource, with handlers: RouteHandlers) async
        -> LinkDecision
    {
        LinkDecision(source: source, outcome: await run(match, handlers))
    }

    /// The routes of the table that no handler is bound to, in declaration order: links to
    /// them would fall back to the browser.
    public func unboundRoutes(in handlers: RouteHandlers) -> [String] {
        router.table.routes.map(\.name).filter { handlers[$0] == nil }
    }

    private func run(_ match: RouteMatch, _ handlers: RouteHandlers) async -> LinkOutcome {
        guard let handler = handlers[match.route] else {
            return RoutingPipeline.fallback(match.link, .noHandler(route: match.route))
        }
        switch await handler(match) {
        case .handled: return .route(match)
        case .declined(let reason):
            return RoutingPipeline.fallback(match.link, .handlerDeclined(route: match.route, reason: reason))
        }
    }
}
