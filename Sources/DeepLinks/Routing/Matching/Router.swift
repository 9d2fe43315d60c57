/// A validated, compiled route table: the immutable value that matches links to routes.
///
/// Building a router checks the table (``RouteTableFinding``) and refuses it with every
/// problem found. Matching is deterministic and documented:
///
/// **What is matched.** The link's decoded path segments. The bare path `/` is the root; a
/// trailing slash is dropped unless ``RoutingOptions/TrailingSlash/significant``. For a
/// custom-scheme link the host comes first: `newsapp://doc/ABC` is matched as the path
/// `/doc/ABC`, and `myapp:///settings` (empty host) as `/settings`. Web links are matched on
/// their path alone, their host being checked against each route's scope (a scope that lists
/// hosts serves web links only). A parameter never matches an empty segment, and a catch-all
/// matches one or more segments, never zero.
///
/// **Precedence** (``RoutingOptions/Precedence/specificity``, the default):
/// 1. A route with a higher ``Route/priority`` beats every route with a lower one.
/// 2. Segment by segment from the left, the first segment that differs decides: a literal
///    beats a typed parameter, which beats an untyped parameter, which beats a typed
///    catch-all, which beats an untyped catch-all. Among typed parameters: enumeration,
///    Boolean, integer, UUID, slug, string, custom.
/// 3. Routes with the same path shape: the more specific scope (exact host, then subdomain
///    wildcard, then any host; a named scheme before any scheme), then the route with more
///    required query parameters.
/// 4. What is still tied and can match the same link is refused when the table is built
///    (``RouteTableFinding/ambiguousRoutes(route:other:)``), including two different types of
///    the same rank at one position (`int 0...9` and `int 5...20`): no winner ever depends
///    on dictionary or declaration order.
///
/// The search backtracks: if the literal branch fails further down (`/foo/bar` then `/baz`),
/// the parameter branches are tried, so `/foo/bar` never hides `/foo/:id/baz`. A route
/// matches only when every parameter is valid; a route that fails is passed over for the next
/// one in precedence order. With ``RoutingOptions/Precedence/declarationOrder`` the first
/// declared matching route wins instead.
///
/// **Guarded routes.** A navigate route never takes a link shaped like a sensitive or
/// destructive route's (that route's literals in place, whatever the values): the guarded
/// route takes it if it accepts it, and otherwise no route matches and the guarded route's
/// failing parameter is the reason
/// (``RouteTableFinding/navigationTakesGuardedLinks(route:guarded:safety:)``).
///
/// ```swift
/// let router = try Router(RouteTable {
///     Route("new", "/albums/new")
///     Route("album", "/albums/:album(slug)")
/// })
/// let link = try LinkGate().parse("https://example.com/albums/summer-2024")
/// router.match(link)?.route.name          // "album"
/// router.match(link)?.parameters          // ["album": "summer-2024"]
/// ```
public struct Router: Sendable {
    /// The table the router was built from.
    public let table: RouteTable
    let compiled: [CompiledRoute]
    /// One trie per priority level, highest priority first.
    let levels: [RouteTrie]
    /// Each route's position by its name.
    let indexByName: RouteNameIndex
    /// For a navigate route, the sensitive or destructive routes whose links it must not take
    /// (see `Router+GuardedRoutes.swift`).
    let guards: [Int: [Int]]
    /// Each compiled route's effective safety (``effectiveSafety(ofRoute:)``), by position:
    /// the strongest of its own and its ancestors'.
    let safeties: [RouteSafety]

    /// Validates and compiles a table.
    ///
    /// - Parameters:
    ///   - table: the route table to compile.
    ///   - registry: the custom parameter types the table may name.
    ///   - policy: the gate's policy, to also report routes it would never let through.
    /// - Throws: ``RouteTableError`` with every problem found.
    public init(
        _ table: RouteTable, registry: ParameterTypeRegistry = ParameterTypeRegistry(),
        policy: LinkPolicy? = nil
    ) throws(RouteTableError) {
        // Equal scopes and query lists are kept once (see `RouteTable.sharingEqualParts()`).
        let table = table.sharingEqualParts()
        let validation = RouteTableValidation(table: table, registry: registry, policy: policy).run()
        guard !validation.findings.contains(where: \.isError) else {
            throw RouteTableError(findings: validation.findings)
        }
        self.init(
            table: table, compiled: validation.compiled, guards: validation.guards, trie: validation.trie,
            indexByName: validation.names)
    }

    /// `trie` is the trie of all of `compiled`, which is the only level when every route has
    /// the same priority; `indexByName` gives each route's position by its (unique) name.
    private init(
        table: RouteTable, compiled: [CompiledRoute], guards: [Int: [Int]], trie: RouteTrie?,
        indexByName: RouteNameIndex
    ) {
        self.table = table
        self.compiled = compiled
        self.guards = guards
        if let trie, let first = compiled.first,
            compiled.allSatisfy({ $0.route.priority == first.route.priority })
        {
            levels = [trie]
        } else {
            var byPriority: [Int: [Int]] = [:]
            for route in compiled { byPriority[route.route.priority, default: []].append(route.index) }
            levels = byPriority.keys.sorted(by: >).map { priority in
                RouteTrie(
                    routes: compiled, routeIndices: byPriority[priority] ?? [],
                    precedence: table.options.precedence)
            }
        }
        self.indexByName = indexByName
        safeties = Self.effectiveSafeties(compiled, indexByName: indexByName)
    }

    /// The safety that decides a link to the route named `name`: the strongest of its own
    /// ``Route/safety`` and its ancestors' (``Route/parent``), since the route's navigation
    /// path (``path(for:)``) opens every ancestor's screen. A navigate route under a sensitive
    /// route is sensitive: its links are ``LinkOutcome/confirm(_:)``, and the table check
    /// says so (``RouteTableFinding/guardedAncestor(route:ancestor:safety:)``). `nil` for a
    /// name the table lacks.
    ///
    /// ```swift
    /// // Route("account", "/account", safety: .sensitive)
    /// // Route("orders", "/account/orders", parent: "account")
    /// router.effectiveSafety(ofRoute: "orders")   // .sensitive
    /// ```
    public func effectiveSafety(ofRoute name: String) -> RouteSafety? {
        indexByName[name].map { safeties[$0] }
    }

    /// Each route's effective safety, by position; the declared safeties when no route has a
    /// parent. Cost: at most ``RouteTable/maximumParentDepth`` look-ups per route with a parent.
    private static func effectiveSafeties(_ compiled: [CompiledRoute], indexByName: RouteNameIndex)
        -> [RouteSafety]
    {
        compiled.map { route in
            var safety = route.route.safety
            var next = route.route.parent
            var depth = 0
            while let name = next, let index = indexByName[name], depth < RouteTable.maximumParentDepth {
                let ancestor = compiled[index].route
                if ancestor.safety.strength > safety.strength { safety = ancestor.safety }
                next = ancestor.parent
                depth += 1
            }
            return safety
        }
    }

    /// The routes, in declaration order.
    public var routes: [Route] { table.routes }

    /// The route with a name, or `nil`.
    public func route(named name: String) -> Route? { indexByName[name].map { compiled[$0].route } }

    /// The position of the route named `name`, or `nil` when the table has no such route.
    ///
    /// `hint` is where the route is expected (a match's ``RouteMatch/routeIndex``): taken when
    /// the route there has the name, which costs one comparison of strings that are, as a rule,
    /// the same string; else the name is looked up.
    @inline(__always)
    func index(ofRoute name: String, hint: Int) -> Int? {
        if hint >= 0, hint < compiled.count, compiled[hint].name == name { return hint }
        return indexByName[name]
    }

    /// The scope of the route named `name`, or `nil` when the table has no such route: one
    /// field of it, without copying the route. `hint` as in ``index(ofRoute:hint:)``.
    func scope(ofRoute name: String, hint: Int = -1) -> RouteScope? {
        index(ofRoute: name, hint: hint).map { compiled[$0].route.scope }
    }

    /// The query parameters the route named `name` declares (none when there is no such route),
    /// without copying the route. `hint` as in ``index(ofRoute:hint:)``.
    package func queryParameters(ofRoute name: String, hint: Int = -1) -> [QueryParameter] {
        index(ofRoute: name, hint: hint).map { compiled[$0].route.query } ?? []
    }

    /// The route a link leads to and its typed parameters, or `nil` when no route matches.
    ///
    /// Pass the sanitised link (``LinkGate/sanitize(_:)``) so that tracking and credential
    /// items never reach a route; ``LinkReceiver`` does.
    public func match(_ link: Link) -> TableMatch? {
        match(MatchInput(link: link, options: table.options))
    }

    /// Matches parts of a link that were split elsewhere.
    ///
    /// `pathSegments` are the decoded segments of the path without the leading empty one, as
    /// ``Link/pathSegments`` has them (`/a/b` is `["a", "b"]`, `/` is `[""]`); for a custom
    /// scheme `host` is prepended as the matching rules say. This is the allocation-light
    /// entry point for benchmarks and servers that already hold the parts.
    ///
    /// Nothing here is checked or normalised: the parts must be what the gate would have made
    /// of the link (``Link/scheme`` and ``Link/host`` lower-case, segments percent-decoded).
    /// An upper-case host or a still-encoded segment simply matches no route. Links that come
    /// from outside the app go through ``LinkReceiver`` (or ``LinkGate`` and ``match(_:)``).
    public func match(
        scheme: String, host: String?, pathSegments: [String], queryItems: [QueryItem] = [],
        fragment: String? = nil
    ) -> TableMatch? {
        MatchInput.withParts(
            scheme: scheme, host: host, pathSegments: pathSegments, queryItems: queryItems,
            fragment: fragment, options: table.options
        ) { match($0) }
    }

    /// The match for parts already read into a `MatchInput`: what both public entry points answer.
    func match(_ input: MatchInput) -> TableMatch? {
        var parameters = RouteParameters()
        var refusal: GuardRefusal?
        guard let route = match(input, into: &parameters, refusal: &refusal) else { return nil }
        return TableMatch(compiled: route, parameters: consume parameters)
    }

    /// The route that matches, with its parameters written into `parameters` (given empty;
    /// empty again when none matches): what the match of a `MatchInput` answers, without a
    /// match value that the caller copies the parameters out of and then destroys. When no route matches
    /// because a guarded route refused the link, `refusal` says which and why.
    func match(
        _ input: MatchInput, into parameters: inout RouteParameters, refusal: inout GuardRefusal?
    ) -> CompiledRoute? {
        matchIndex(input, into: &parameters, refusal: &refusal).map { compiled[$0] }
    }

    /// The position in ``compiled`` of the route that ``match(_:into:refusal:)`` answers:
    /// a caller that reads a field or two of the route reads them in place, where the route
    /// returned would be retained and released.
    func matchIndex(
        _ input: MatchInput, into parameters: inout RouteParameters, refusal: inout GuardRefusal?
    ) -> Int? {
        // Under declaration order the winner is found first and its parameters read after.
        if table.options.precedence != .specificity {
            guard let winner = unguardedMatchIndex(input),
                let index = deciding(input, winner: winner, refusal: &refusal)
            else { return nil }
            parameters = compiled[index].parametersOfReading(input)
            return index
        }
        guard let found = firstMatchIndex(input, parameters: &parameters) else { return nil }
        // Only a winner that the table check paired with a guarded route (a navigate route
        // that can take a sensitive or destructive route's links) asks the guard; every other
        // winner keeps the parameters the search already checked.
        if guards.isEmpty || guards[found] == nil { return found }
        guard let index = deciding(input, winner: found, refusal: &refusal) else {
            parameters = RouteParameters()
            return nil
        }
        if index != found { parameters = compiled[index].parametersOfReading(input) }
        return index
    }

    /// The index of the winner under ``RoutingOptions/Precedence/specificity``, with its
    /// parameters written into `parameters` (given empty).
    @inline(__always)
    private func firstMatchIndex(_ input: MatchInput, parameters: inout RouteParameters) -> Int? {
        var kept = KeptValues(segmentCount: input.count)
        // Each level is called without a reference counted: `for level in levels` retains
        // and releases each trie around its search.
        for l in levels.indices {
            let found = levels.withUnretainedElement(at: l) {
                $0.firstMatch(input, kept: &kept, parameters: &parameters)
            }
            if found >= 0 { return found }
        }
        return nil
    }

    /// The position of the winner before the guard (``guarded(_:_:winner:)``) is asked: what
    /// ``matchIndex(_:into:refusal:)`` starts from.
    func unguardedMatchIndex(_ input: MatchInput) -> Int? {
        guard table.options.precedence == .declarationOrder else {
            var parameters = RouteParameters()
            return firstMatchIndex(input, parameters: &parameters)
        }
        for level in levels {
            if let found = level.earliestMatch(input, routes: compiled) { return found }
        }
        return nil
    }

    /// What ``RouteExplanation/closestFailure`` names for a link that ``match(_:into:refusal:)``
    /// found no route for and no guarded route refused: under the default precedence, the first
    /// route in precedence order that a parameter refuses, found without an attempt for every
    /// route tried. A property test (`missReasonIsTheClosestFailure`) pins it against the
    /// explanation.
    func closestFailure(ofMiss input: MatchInput) -> (route: String, failure: ParameterFailure)? {
        guard table.options.precedence == .specificity else { return explain(input).closestFailure }
        // The one attempt is kept in place: no list is allocated for it.
        var found = FirstRouteAttempt()
        for level in levels {
            _ = level.explain(input, routes: compiled, mode: .firstVerdict, into: &found)
            guard let attempt = found.first?.attempt else { continue }
            if case .parameterFailed(let failure) = attempt.result { return (attempt.route, failure) }
            // A route matched after all (not a miss): the explanation decides.
            return explain(input).closestFailure
        }
        return nil
    }

    /// Every route tried for a link, in the order tried, and why each failed or matched.
    public func explain(_ link: Link) -> RouteExplanation {
        explain(MatchInput(link: link, options: table.options))
    }

    func explain(_ input: MatchInput) -> RouteExplanation {
        var attempts: [RouteAttempt] = []
        for level in levels {
            var found: [(Int, RouteAttempt)] = []
            switch table.options.precedence {
            case .specificity:
                let winner = level.explain(input, routes: compiled, mode: .stopAtMatch, into: &found)
                // The first level's attempts become the list itself: no second array to copy into.
                if attempts.isEmpty { attempts = found.map(\.1) } else { attempts += found.map(\.1) }
                if let winner { return RouteExplanation(attempts: guarded(attempts, input, winner: winner)) }
            case .declarationOrder:
                _ = level.explain(input, routes: compiled, mode: .all, into: &found)
                found.sort { $0.0 < $1.0 }
                if let winner = found.firstIndex(where: { $0.1.result == .matched }) {
                    attempts += found[...winner].map(\.1)
                    return RouteExplanation(attempts: guarded(attempts, input, winner: found[winner].0))
                }
                attempts += found.map(\.1)
            }
        }
        return RouteExplanation(attempts: attempts)
    }

    /// The attempts with the guard applied, as ``match(_:into:refusal:)`` applies it: when the winner is a
    /// navigate route and the link is shaped like a sensitive or destructive route, the
    /// winner's attempt says so and the guarded route's attempt follows, matched or with the
    /// parameter that refused the link.
    private func guarded(_ attempts: [RouteAttempt], _ input: MatchInput, winner: Int) -> [RouteAttempt] {
        let guardedAttempt: RouteAttempt
        switch guardVerdict(input, winner: winner) {
        case .keep: return attempts
        case .take(let index): guardedAttempt = RouteAttempt(route: compiled[index].name, result: .matched)
        case .refuse(let refusal):
            guardedAttempt = RouteAttempt(route: refusal.route, result: .parameterFailed(refusal.failure))
        }
        var attempts = attempts
        let winnerName = compiled[winner].name
        if let last = attempts.lastIndex(where: { $0.route == winnerName && $0.result == .matched }) {
            attempts[last] = RouteAttempt(
                route: winnerName, result: .yieldedToGuardedRoute(guardedAttempt.route))
        }
        attempts.append(guardedAttempt)
        return attempts
    }
}

/// A link matched to a route of the table: the route and its typed parameters, as
/// ``Router/match(_:)`` finds them.
///
/// This is the router's half of a match, with the route's whole declaration: ``LinkReceiver``
/// makes a ``RouteMatch`` of it, which adds the route's effective safety and the sanitised link
/// and is what handlers receive.
public struct TableMatch: Sendable, Hashable {
    let compiled: CompiledRoute
    /// The typed parameters read from the link, defaults included.
    public let parameters: RouteParameters

    /// The route that matched.
    public var route: Route { compiled.route }
    /// The name of the route that matched.
    public var name: String { compiled.route.name }

    /// Two matches are equal when their routes and parameters are.
    public static func == (a: TableMatch, b: TableMatch) -> Bool {
        a.compiled.route == b.compiled.route && a.parameters == b.parameters
    }

    /// Hashes the route's name and the parameters.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(compiled.route.name)
        hasher.combine(parameters)
    }
}
