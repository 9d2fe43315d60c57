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
///
/// Name a shape once: a table may declare parameter types of its own (``types``), used by
/// name in its routes like built-ins, so that the JSON form carries them to every consumer.
///
/// ```swift
/// let films = RouteTable(types: [ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}")]) {
///     Route("title", "/title/:id(titleID)")
/// }
/// ```
///
/// Say things once: a table may name a default ``RouteScope`` for every route that has none
/// of its own, and a ``canonicalHost``, the web host that links are written for when no host
/// is given (reverse routing, previews, Handoff, association files).
///
/// ```swift
/// let shop = RouteTable(
///     canonicalHost: "shop.example.com",
///     scope: RouteScope(schemes: ["https", "shop"], hosts: ["shop.example.com", "www.shop.example.com"])
/// ) {
///     Route("category", "/c/:slug(slug)/:page(int 1...)?")
///     Route("product", "/p/:id(int 1...)")
/// }
/// ```
public struct RouteTable: Sendable, Hashable {
    /// The routes, in declaration order, with the table's and groups' scopes applied.
    public var routes: [Route] {
        // Any change may give a route a scope or query list of its own.
        didSet { sharesEqualParts = false }
    }
    /// The table-wide rules.
    public var options: RoutingOptions
    /// The web host links are written for when no host is given, lower-cased, or `nil`.
    ///
    /// It must be a host some route serves web links on (a table whose routes serve any host
    /// accepts any valid host name); otherwise building the table fails with
    /// ``RouteTableFinding/invalidCanonicalHost(host:reason:)``. ``Router/link(for:parameters:scheme:host:)``
    /// uses it when no host is passed and the route serves it; link previews use it for the
    /// canonical link and `og:url`, so `https://www.shop.example.com/p/1` previews as
    /// `https://shop.example.com/p/1`.
    public var canonicalHost: String?
    /// The parameter types the table declares, which its routes name like built-ins
    /// (`/title/:id(titleID)`); checked with the table.
    public var types: [ParameterTypeDeclaration]
    /// Whether equal scopes, query lists and path segments of ``routes`` share one copy
    /// (``sharingEqualParts()``): true for a table as created, false once its routes change.
    /// The router then keeps this very list of routes instead of a copy.
    private(set) var sharesEqualParts = false

    /// Creates a table from a list of routes.
    ///
    /// - Parameters:
    ///   - canonicalHost: the web host links are written for when none is given.
    ///   - scope: the scope of every route whose own scope is ``RouteScope/any``.
    ///   - options: the trailing-slash, case and precedence rules.
    ///   - types: the parameter types the routes may name besides the built-ins.
    ///   - routes: the routes, in declaration order.
    public init(
        canonicalHost: String? = nil, scope: RouteScope = .any, options: RoutingOptions = RoutingOptions(),
        types: [ParameterTypeDeclaration] = [], routes: [Route]
    ) {
        self.options = options
        self.types = types
        self.canonicalHost = canonicalHost?.lowercased()
        self.routes = Self.sharingEqualParts(of: RouteGroup.applying(scope, to: routes))
        sharesEqualParts = true
    }

    /// Two tables are equal when their routes, options, canonical hosts and declared types
    /// are (however their routes share their parts).
    public static func == (a: RouteTable, b: RouteTable) -> Bool {
        a.routes == b.routes && a.options == b.options && a.canonicalHost == b.canonicalHost
            && a.types == b.types
    }

    /// Hashes the routes, the options, the canonical host and the declared types.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(routes)
        hasher.combine(options)
        hasher.combine(canonicalHost)
        hasher.combine(types)
    }

    /// Creates a table with the result builder.
    ///
    /// - Parameters:
    ///   - canonicalHost: the web host links are written for when none is given.
    ///   - scope: the scope of every route whose own scope is ``RouteScope/any``.
    ///   - options: the trailing-slash, case and precedence rules.
    ///   - types: the parameter types the routes may name besides the built-ins.
    ///   - routes: the routes, in declaration order.
    public init(
        canonicalHost: String? = nil, scope: RouteScope = .any, options: RoutingOptions = RoutingOptions(),
        types: [ParameterTypeDeclaration] = [], @RouteTableBuilder _ routes: () -> [Route]
    ) {
        self.init(
            canonicalHost: canonicalHost, scope: scope, options: options, types: types, routes: routes())
    }

    /// The route with a name, or `nil`.
    public func route(named name: String) -> Route? { routes.first { $0.name == name } }

    /// The most routes a table may hold: 50,000. A larger table is refused with
    /// ``RouteTableFinding/tooManyRoutes(count:limit:)`` before anything else is checked.
    ///
    /// Checking a table compares only routes whose paths can share a link, so its cost grows
    /// about linearly with the table (a generated 10,000-route table builds in about 20 ms in a
    /// release build, hostile shapes of 10,000 routes in at most about 130 ms, 50,000 in about a
    /// second); the limit bounds the work a table read from outside can cause. The comparison
    /// itself is bounded too: a table whose routes share links so widely that it would take more
    /// than 1,000,000 steps and 400 a route is refused with
    /// ``RouteTableFinding/checkTooCostly(routes:steps:)``.
    public static let maximumRouteCount = 50_000

    /// The most ancestors a route may have through ``Route/parent``: 16. A deeper chain is
    /// refused with ``RouteTableFinding/parentCycle(route:chain:)``, so that a navigation
    /// path is never longer than 17 screens.
    public static let maximumParentDepth = 16

    /// The most problems of one code a table check lists: 100. The rest of that code are
    /// counted in one ``RouteTableFinding/moreFindings(code:count:)`` line, and once one kind
    /// of overlap (duplicate, shadowed or ambiguous routes) passes the limit the check stops
    /// comparing routes, so a table whose every pair of routes conflicts costs no more to
    /// check than one that conflicts a hundred times.
    public static let maximumFindingsPerCode = 100

    /// Why the canonical host cannot be used, if it cannot.
    var canonicalHostFindings: [RouteTableFinding] {
        guard let host = canonicalHost else { return [] }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            !host.isEmpty
            && labels.allSatisfy { label in
                !label.isEmpty
                    && label.utf8.allSatisfy {
                        ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-")
                    }
            }
        if !valid {
            return [
                .invalidCanonicalHost(host: host, reason: "it is not a host name such as shop.example.com")
            ]
        }
        if !routes.contains(where: { $0.scope.servesWeb(host: host) }) {
            return [
                .invalidCanonicalHost(
                    host: host,
                    reason: "no route serves web links on it; list it in a route's or the table's scope")
            ]
        }
        return []
    }
}

extension RouteTable: Codable {
    /// The keys of a table's JSON, which the route-table reader reads too.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case options, canonicalHost, scope, types, routes, groups
    }

    /// Decodes a table; every key may be omitted but one of `routes` and `groups`, and unknown
    /// keys are refused. `scope` is the default scope of every route without one; `groups`
    /// are ``RouteGroup``s (`{"prefix": …, "scope": …, "routes": […], "groups": […]}`), whose routes follow
    /// the table's `routes`; `types` lists ``ParameterTypeDeclaration``s.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, what: "the route table")
        let groups = try c.decodeIfPresent([RouteGroupDeclaration].self, forKey: .groups)
        let routes: [Route]
        if groups == nil {
            routes = try c.decode([Route].self, forKey: .routes)
        } else {
            routes = try c.decodeIfPresent([Route].self, forKey: .routes) ?? []
        }
        self.init(
            canonicalHost: try c.decodeIfPresent(String.self, forKey: .canonicalHost),
            scope: try c.decodeIfPresent(RouteScope.self, forKey: .scope) ?? .any,
            options: try c.decodeIfPresent(RoutingOptions.self, forKey: .options) ?? RoutingOptions(),
            types: try c.decodeIfPresent([ParameterTypeDeclaration].self, forKey: .types) ?? [],
            routes: routes + (groups ?? []).flatMap(\.routes))
    }

    /// Encodes the options, the canonical host when there is one, the declared types when
    /// there are some, and the routes, each with its scope.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(options, forKey: .options)
        try c.encodeIfPresent(canonicalHost, forKey: .canonicalHost)
        if !types.isEmpty { try c.encode(types, forKey: .types) }
        try c.encode(routes, forKey: .routes)
    }
}

/// A group in route-table JSON: `{"prefix": …, "scope": …, "routes": […], "groups": […]}`.
package struct RouteGroupDeclaration: Decodable {
    package let routes: [Route]

    /// The keys of a group's JSON, which the route-table reader reads too.
    package enum CodingKeys: String, CodingKey, CaseIterable { case prefix, scope, routes, groups }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, what: "a route group")
        let prefix = try c.decodeIfPresent(PathPattern.self, forKey: .prefix) ?? "/"
        let scope = try c.decodeIfPresent(RouteScope.self, forKey: .scope) ?? .any
        let own = try c.decodeIfPresent([Route].self, forKey: .routes) ?? []
        let nested = try c.decodeIfPresent([RouteGroupDeclaration].self, forKey: .groups) ?? []
        routes = RouteGroup.applying(
            scope, to: RouteGroup.applying(prefix: prefix, to: own + nested.flatMap(\.routes)))
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

/// Routes that share a path prefix or a scope, declared together.
///
/// Each route inside whose own scope is ``RouteScope/any`` takes the group's scope; a route
/// with its own scope keeps it. A group's `prefix` is written before the path of each of
/// its routes (`/:locale(enum de|fr)?` and `/title/:id` make `/:locale(enum de|fr)?/title/:id`;
/// the root `/` inside the group is the prefix itself), so a locale prefix, optional or not,
/// is declared once for every route under it. Nested groups apply their prefixes from the
/// outside in. Groups are a writing aid: the table stores plain routes, and a prefix that
/// makes a malformed pattern is reported on each route with the whole pattern's text. A
/// route whose own path does not start with `/` is left as it is and reported with its own
/// error, never joined to the prefix into another pattern.
///
/// ```swift
/// RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["example.com"])) {
///     Route("album", "/albums/:album(slug)")
///     Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
/// }
/// RouteGroup(prefix: "/:locale(enum de|fr)?") {
///     Route("title", "/title/:id")     // matches /title/42 and /de/title/42
///     Route("home", "/")               // matches / and /fr
/// }
/// ```
///
/// In JSON a group is `{"prefix": "/:locale(enum de|fr)?", "scope": …, "routes": […],
/// "groups": […]}`; every key may be omitted.
public struct RouteGroup: Sendable {
    /// The routes with the group's prefix and scope applied.
    public let routes: [Route]

    /// Creates a group.
    ///
    /// - Parameters:
    ///   - prefix: the path written before each route's path; the root `/` (the default)
    ///     adds nothing.
    ///   - scope: the scope of each route whose own scope is ``RouteScope/any``.
    ///   - routes: the routes, in declaration order.
    public init(
        prefix: PathPattern = "/", scope: RouteScope = .any, @RouteTableBuilder _ routes: () -> [Route]
    ) {
        self.routes = Self.applying(scope, to: Self.applying(prefix: prefix, to: routes()))
    }

    /// The routes with `scope` given to those whose scope is ``RouteScope/any``.
    package static func applying(_ scope: RouteScope, to routes: [Route]) -> [Route] {
        guard scope != .any else { return routes }
        return routes.map { route in
            var route = route
            if route.scope == .any { route.scope = scope }
            return route
        }
    }

    /// The routes with `prefix` written before their paths. A path that does not start with
    /// `/` is malformed on its own and is kept as written, so that the table reports its own
    /// error: joined to the prefix as text it would silently become another pattern
    /// (`/p` and `:id(int)` would make the literal segment `p:id(int)`).
    package static func applying(prefix: PathPattern, to routes: [Route]) -> [Route] {
        let head = prefix.text
        guard head != "/" else { return routes }
        return routes.map { route in
            var route = route
            let tail = route.path.text
            guard tail.utf8.first == UInt8(ascii: "/") else { return route }
            route.path = PathPattern(parsing: tail == "/" ? head : head + tail)
            return route
        }
    }
}

extension RouteTable {
    /// The same table with equal scopes, equal query lists and equal path segments sharing
    /// one copy, so that a compiled table keeps each distinct one once instead of once per
    /// route (a generated table declares the same scope, query list and parameter segments
    /// for thousands of routes).
    ///
    /// A table shares them from the start (its initialisers call this): only a table whose
    /// routes were changed since is copied.
    func sharingEqualParts() -> RouteTable {
        guard !sharesEqualParts else { return self }
        var table = self
        table.routes = Self.sharingEqualParts(of: routes)
        table.sharesEqualParts = true
        return table
    }

    /// The routes with equal scopes, equal query lists and equal path segments sharing one copy,
    /// and the segment lists of their patterns side by side in one list (``PathPattern/Segments``):
    /// one allocation for the table instead of one a route.
    private static func sharingEqualParts(of routes: [Route]) -> [Route] {
        var scopes = Interner<RouteScope>()
        var queries = Interner<[QueryParameter]>()
        var segments = Interner<PathPattern.Segment>()
        // The segment kept last at each position: neighbouring routes usually share their first
        // segments (`/albums/:album`, `/albums/:album/photos`), which are then found without
        // hashing.
        var lastAt: [PathPattern.Segment?] = []
        var shared = routes
        var total = 0
        for route in routes where route.path.segments.count <= PathPattern.Segments.mostShared {
            total += route.path.segments.count
        }
        // Every list is appended before any pattern refers to it: a pattern that held the list
        // while it grew would keep the copy it was made from.
        var all = ContiguousArray<PathPattern.Segment>()
        all.reserveCapacity(total)
        var ranges: [(start: Int, count: Int)?] = Array(repeating: nil, count: shared.count)
        for i in shared.indices {
            if !shared[i].scope.schemes.isEmpty || !shared[i].scope.hosts.isEmpty {
                shared[i].scope = scopes.intern(shared[i].scope)
            }
            if !shared[i].query.isEmpty { shared[i].query = queries.intern(shared[i].query) }
            let path = shared[i].path.segments
            guard !path.isEmpty, path.count <= PathPattern.Segments.mostShared,
                all.count + path.count <= Int(UInt32.max)
            else { continue }
            ranges[i] = (all.count, path.count)
            for (position, segment) in path.enumerated() {
                if position == lastAt.count { lastAt.append(nil) }
                if let last = lastAt[position], last == segment {
                    all.append(last)
                    continue
                }
                let kept = segments.intern(segment)
                lastAt[position] = kept
                all.append(kept)
            }
        }
        for i in shared.indices {
            guard let range = ranges[i] else { continue }
            shared[i].path = shared[i].path.keeping(
                PathPattern.Segments(shared: all, start: range.start, count: range.count))
        }
        return shared
    }
}

/// Keeps one copy of each distinct value and hands it out for every equal one. Neighbouring
/// routes usually share their scope and query list, so the value kept last is compared first,
/// which is cheaper than hashing.
private struct Interner<Value: Hashable> {
    private var kept: [Value: Value] = [:]
    private var last: Value?

    /// The kept copy equal to `value`, keeping `value` when it is the first of its kind.
    mutating func intern(_ value: Value) -> Value {
        if let last, last == value { return last }
        let copy: Value
        if let known = kept[value] {
            copy = known
        } else {
            kept[value] = value
            copy = value
        }
        last = copy
        return copy
    }
}
