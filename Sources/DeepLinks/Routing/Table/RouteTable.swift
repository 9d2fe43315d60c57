/// The declarative route table: every route an app serves, and the rules that choose among
/// them, as one `Codable`, `Sendable` value.
///
/// The same table serves the app, its tests, a server rendering previews and association
/// files, and the command line: write it in Swift with the result builder or load it from
/// JSON, with identical meaning (the JSON format is described in the *Route table JSON*
/// article). A table is only a declaration; ``Router`` validates and compiles it.
///
/// ```swift
/// let table = RouteTable {
///     Route("album", "/albums/:album(slug)")
///     Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
///     Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
///     RouteGroup(scope: RouteScope(schemes: ["newsapp"])) {
///         Route("article", "/doc/:id(string 1...32 [A-Z0-9])", query: ["s(slug)?"])
///     }
/// }
/// let router = try Router(table)
/// let same = try JSONDecoder().decode(RouteTable.self, from: try JSONEncoder().encode(table))
/// ```
public struct RouteTable: Sendable, Hashable {
    /// The routes, in declaration order.
    public var routes: [Route]
    /// The table-wide rules.
    public var options: RoutingOptions

    /// Creates a table from a list of routes.
    public init(options: RoutingOptions = RoutingOptions(), routes: [Route]) {
        self.options = options
        self.routes = routes
    }

    /// Creates a table with the result builder.
    public init(options: RoutingOptions = RoutingOptions(), @RouteTableBuilder _ routes: () -> [Route]) {
        self.init(options: options, routes: routes())
    }

    /// The route with a name, or `nil`.
    public func route(named name: String) -> Route? { routes.first { $0.name == name } }

    /// The most routes a table may hold: 50,000. A larger table is refused with
    /// ``RouteTableProblem/tooManyRoutes(count:limit:)`` before anything else is checked.
    ///
    /// Checking a table compares only routes whose paths can share a link, so its cost grows
    /// about linearly with the table (a generated 10,000-route table builds in about half a
    /// second in a release build); the limit bounds the work a table read from outside can cause.
    public static let maximumRouteCount = 50_000

    /// Every problem of the table, in declaration order; empty when the table is sound.
    ///
    /// A problem whose ``RouteTableProblem/isError`` is `false` is a warning: it is listed
    /// here, but ``Router`` still builds the table.
    ///
    /// With a `policy`, the table is also checked against the gate that will feed it: schemes
    /// and hosts the policy refuses, patterns longer than its segment limit, and query
    /// parameters that sanitising strips are reported as routes that can never match.
    public func problems(
        registry: ParameterTypeRegistry = ParameterTypeRegistry(), policy: LinkPolicy? = nil
    ) -> [RouteTableProblem] {
        RouteTableValidation(table: self, registry: registry, policy: policy).run().problems
    }
}

extension RouteTable: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case options, routes }

    /// Decodes a table; `options` may be omitted and unknown keys are refused.
    public init(from decoder: any Decoder) throws {
        try RouteTableDecoding.refuseUnknownKeys(
            in: decoder, allowed: Set(CodingKeys.allCases.map(\.rawValue)), what: "the route table")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            options: try c.decodeIfPresent(RoutingOptions.self, forKey: .options) ?? RoutingOptions(),
            routes: try c.decode([Route].self, forKey: .routes))
    }

    /// Encodes the options and the routes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(options, forKey: .options)
        try c.encode(routes, forKey: .routes)
    }
}

/// Builds the route list of a ``RouteTable`` from route declarations, groups, conditions and
/// loops.
///
/// ```swift
/// RouteTable {
///     Route("home", "/")
///     if showsBeta { Route("beta", "/beta") }
///     for section in ["news", "sport"] { Route(section, PathPattern(parsing: "/" + section)) }
/// }
/// ```
@resultBuilder
public enum RouteTableBuilder {
    /// A single route.
    public static func buildExpression(_ route: Route) -> [Route] { [route] }
    /// A list of routes.
    public static func buildExpression(_ routes: [Route]) -> [Route] { routes }
    /// A group's routes.
    public static func buildExpression(_ group: RouteGroup) -> [Route] { group.routes }
    /// Routes in sequence.
    public static func buildBlock(_ parts: [Route]...) -> [Route] { parts.flatMap { $0 } }
    /// Routes under an `if`.
    public static func buildOptional(_ routes: [Route]?) -> [Route] { routes ?? [] }
    /// Routes under the first branch of an `if`/`else`.
    public static func buildEither(first routes: [Route]) -> [Route] { routes }
    /// Routes under the second branch of an `if`/`else`.
    public static func buildEither(second routes: [Route]) -> [Route] { routes }
    /// Routes from a `for` loop.
    public static func buildArray(_ parts: [[Route]]) -> [Route] { parts.flatMap { $0 } }
}

/// Routes that share a scope, declared together.
///
/// Each route inside whose own scope is ``RouteScope/any`` takes the group's scope; a route
/// with its own scope keeps it. Groups are a writing aid: the table stores plain routes.
///
/// ```swift
/// RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["example.com"])) {
///     Route("album", "/albums/:album(slug)")
///     Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
/// }
/// ```
public struct RouteGroup: Sendable {
    /// The routes with the group's scope applied.
    public let routes: [Route]

    /// Creates a group.
    public init(scope: RouteScope, @RouteTableBuilder _ routes: () -> [Route]) {
        self.routes = routes().map { route in
            var route = route
            if route.scope == .any { route.scope = scope }
            return route
        }
    }
}
