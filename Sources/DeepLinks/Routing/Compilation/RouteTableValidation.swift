/// Checks a route table and compiles the routes that are sound.
struct RouteTableValidation {
    let table: RouteTable
    /// The registered types and the table's valid declarations.
    let registry: ParameterTypeRegistry
    let policy: LinkPolicy?
    /// The policy's removed query items (``LinkPolicy/removedQueryItems``; none without a
    /// policy), compiled once for the check: each query parameter of each route is looked up in
    /// it, and asking every pattern in turn lower-cases the name once per pattern (forty of them
    /// by default).
    private let removedNames: RemovedNameMatcher
    /// The problems of the registrations and the table's declarations.
    private let typeFindings: [RouteTableFinding]

    init(table: RouteTable, registry: ParameterTypeRegistry, policy: LinkPolicy?) {
        self.table = table
        self.registry = registry.declaring(table.types)
        self.policy = policy
        removedNames = RemovedNameMatcher(policy?.removedQueryItems ?? [])
        typeFindings = registry.findings + registry.findings(of: table.types)
    }

    /// The problems found (warnings included), the compiled routes when no problem is an
    /// error, and for each compiled route's index the indices of the sensitive or destructive
    /// routes whose links it must not take (``RouteTableFinding/navigationTakesGuardedLinks(route:guarded:safety:)``).
    ///
    /// `trie` is the trie of every compiled route the check walked and `names` each route's
    /// position by name, both kept when the table is sound: the router uses the trie when all
    /// routes share one priority level.
    func run() -> (
        findings: [RouteTableFinding], compiled: [CompiledRoute], guards: [Int: [Int]], trie: RouteTrie?,
        names: RouteNameIndex
    ) {
        guard table.routes.count <= RouteTable.maximumRouteCount else {
            return (
                [.tooManyRoutes(count: table.routes.count, limit: RouteTable.maximumRouteCount)], [], [:],
                nil,
                RouteNameIndex()
            )
        }
        var findings = typeFindings
        var state = State(routes: table.routes)
        let validators = ValidatorPool(options: table.options, registry: registry)
        let cache = DeclarationCache()
        let relations = RouteRelations(options: table.options, registry: registry)
        for (index, route) in table.routes.enumerated() {
            check(route, at: index, into: &state, cache: cache, validators: validators, relations: relations)
        }
        var perRoute = state.perRoute
        state.perRoute = []  // so that `perRoute` is the only reference and is not copied
        let compiled = state.compiled
        let names = state.names
        let trie = state.trie
        let limit = RouteTable.maximumFindingsPerCode
        let overlaps: (findings: [RouteRelations.OverlapFinding], stoppedAt: String?)
        if state.walksOverlaps {
            overlaps = (state.overlapFindings, state.overlapsStoppedAt)
        } else {
            overlaps = relations.overlapFindings(compiled, limit: limit, budget: &state.budget)
        }
        state.overlapFindings = []

        for overlap in overlaps.findings {
            let (earlier, later, finding) = (overlap.earlier, overlap.later, overlap.tableFinding)
            let reported =
                finding.route.flatMap { name in
                    [earlier, later].first { $0.name == name }?.index
                } ?? later.index
            perRoute[reported].append(finding)
        }
        var guards: [Int: [Int]] = [:]
        for (navigate, guarded) in relations.guardedPairs(compiled, builder: trie, budget: &state.budget) {
            guards[navigate.index, default: []].append(guarded.index)
            perRoute[navigate.index].append(
                .navigationTakesGuardedLinks(
                    route: navigate.name, guarded: guarded.name, safety: guarded.route.safety))
        }
        if state.budget.isSpent {
            // The pairs not compared could hide any overlap, so the table is refused; what was
            // found before the budget was spent is real and reported with it.
            findings.append(.checkTooCostly(routes: table.routes.count, steps: state.budget.limit))
            guards = [:]
        }
        findings += perRoute.flatMap { $0 }
        findings += table.canonicalHostFindings
        findings += Self.parentFindings(table.routes, compiled: compiled)
        findings = RouteTableFinding.capped(
            findings, limit: limit, uncounted: overlaps.stoppedAt.map { [$0] } ?? [])
        let buildable = !findings.contains(where: \.isError)
        guard buildable else { return (findings, [], [:], nil, RouteNameIndex()) }
        return (
            findings, compiled, guards,
            RouteTrie(trie, precedence: table.options.precedence), names
        )
    }

    /// What the checks of the routes one by one gather.
    private struct State {
        var perRoute: [[RouteTableFinding]]
        var compiled: [CompiledRoute] = []
        var names: RouteNameIndex
        /// The trie of the compiled routes (positions in `compiled`), grown route by route.
        var trie: RouteTrie.Builder
        /// The problems of the pairs of compiled routes that may overlap, found by walking the
        /// trie as each route is added (``RouteRelations/appendOverlapFindings(of:in:builder:found:to:counts:limit:budget:)``),
        /// while `walksOverlaps`: a route with optional segments has one shape per reading,
        /// which ``RouteRelations/overlapFindings(_:limit:budget:)`` compares on its own.
        var overlapFindings: [RouteRelations.OverlapFinding] = []
        /// How many of `overlapFindings` each code has, and the code that passed the limit
        /// (the walk then stops).
        var overlapCounts: [String: Int] = [:]
        var overlapsStoppedAt: String?
        var walksOverlaps = true
        /// Scratch storage of the walk.
        var found: [Int] = []
        /// What the walks and comparisons may still spend: one budget for the whole check
        /// (``CheckBudget``), which keeps it linear in the table's size.
        var budget: CheckBudget

        init(routes: [Route]) {
            let routeCount = routes.count
            perRoute = Array(repeating: [], count: routeCount)
            compiled.reserveCapacity(routeCount)
            names = RouteNameIndex(routes: routes)
            trie = RouteTrie.Builder(routeCount: routeCount)
            budget = CheckBudget(routeCount: routeCount)
        }
    }

    /// Checks the route at `index` on its own and compiles it when its declarations are sound.
    private func check(
        _ route: Route, at index: Int, into state: inout State, cache: DeclarationCache,
        validators: ValidatorPool, relations: RouteRelations
    ) {
        var found: [RouteTableFinding] = []
        if !Self.isValidName(route.name) { found.append(.invalidName(route: route.name)) }
        if !state.names.insert(index) {
            found.append(.duplicateName(route: route.name))
        }
        // Most routes have no problem: appending empty lists is skipped.
        let declarationFindings = checkDeclarations(route, cache: cache, validators: validators)
        if !declarationFindings.isEmpty { found += declarationFindings }
        let scopeFindings = checkScope(route, cache: cache)
        if !scopeFindings.isEmpty { found += scopeFindings }
        if declarationFindings.isEmpty {
            let reachability = checkReachability(route)
            if !reachability.isEmpty { found += reachability }
            let made = CompiledRoute(
                declarations: table.routes, index: index, options: table.options, validators: validators)
            state.compiled.append(made)
            let position = state.compiled.count - 1
            state.trie.add(made, as: position)
            if made.hasOptionalSegments {
                let ambiguity = relations.optionalSegmentFindings(made)
                if !ambiguity.isEmpty { found += ambiguity }
                state.walksOverlaps = false
                state.overlapFindings = []
                state.overlapCounts = [:]
                state.overlapsStoppedAt = nil
            } else if state.walksOverlaps, state.overlapsStoppedAt == nil {
                state.overlapsStoppedAt = relations.appendOverlapFindings(
                    of: position, in: state.compiled, builder: state.trie, found: &state.found,
                    to: &state.overlapFindings, counts: &state.overlapCounts,
                    limit: RouteTable.maximumFindingsPerCode, budget: &state.budget)
            }
        }
        if !found.isEmpty { state.perRoute[index] = found }
    }

    /// Syntax, names, types, bounds and defaults of every parameter.
    private func checkDeclarations(_ route: Route, cache: DeclarationCache, validators: ValidatorPool)
        -> [RouteTableFinding]
    {
        var findings: [RouteTableFinding] = []
        // The declarations are read in place, by position: iterating a list would copy each.
        let segments = route.path.segments
        let query = route.query
        let fragment = route.fragment.declaration
        Self.appendSyntaxFindings(of: route, query: query, fragment: fragment, to: &findings)
        guard findings.isEmpty else { return findings }
        Self.appendNameClashes(
            of: route, segments: segments, query: query, fragment: fragment, to: &findings)
        appendTypeFindings(
            of: route, segments: segments, query: query, fragment: fragment, cache: cache, to: &findings)
        guard findings.isEmpty else { return findings }
        Self.appendDefaultFindings(
            of: route, fragment: fragment, cache: cache, validators: validators, to: &findings)
        return findings
    }

    /// The syntax errors of the route's path, query and fragment declarations.
    private static func appendSyntaxFindings(
        of route: Route, query: [QueryParameter], fragment: QueryParameter?,
        to findings: inout [RouteTableFinding]
    ) {
        func syntax(_ error: PatternSyntaxError) {
            if case .invalidType(let typeError) = error.reason, typeError.isImpossibleBounds,
                let parameter = error.parameter
            {
                findings.append(
                    .impossibleBounds(route: route.name, parameter: parameter, reason: typeError.description))
            } else {
                findings.append(.invalidPattern(route: route.name, error: error))
            }
        }
        if let error = route.path.syntaxError { syntax(error) }
        for j in query.indices { if let error = query[j].syntaxError { syntax(error) } }
        if let error = fragment?.syntaxError { syntax(error) }
    }

    /// Every parameter whose name an earlier one of the route has, path then query then
    /// fragment, in the order problems are reported.
    private static func appendNameClashes(
        of route: Route, segments: PathPattern.Segments, query: [QueryParameter], fragment: QueryParameter?,
        to findings: inout [RouteTableFinding]
    ) {
        // A route has a handful of parameters: comparing each with the earlier ones is cheaper
        // than hashing them, and makes no list.
        func isEarlier(_ name: String, pathBefore pathEnd: Int, queryBefore queryEnd: Int) -> Bool {
            for i in 0..<pathEnd {
                switch segments[i] {
                case .literal: continue
                case .parameter(let other, _), .catchAll(let other, _): if other == name { return true }
                }
            }
            for j in 0..<queryEnd where query[j].name == name { return true }
            return false
        }
        func clash(_ name: String) {
            findings.append(.parameterNameClash(route: route.name, parameter: name))
        }
        for i in segments.indices {
            switch segments[i] {
            case .literal: continue
            case .parameter(let name, _), .catchAll(let name, _):
                if isEarlier(name, pathBefore: i, queryBefore: 0) { clash(name) }
            }
        }
        for j in query.indices where isEarlier(query[j].name, pathBefore: segments.count, queryBefore: j) {
            clash(query[j].name)
        }
        if let fragment, isEarlier(fragment.name, pathBefore: segments.count, queryBefore: query.count) {
            clash(fragment.name)
        }
    }

    /// Every parameter of a type the registry does not know, or whose bounds nothing satisfies.
    private func appendTypeFindings(
        of route: Route, segments: PathPattern.Segments, query: [QueryParameter], fragment: QueryParameter?,
        cache: DeclarationCache, to findings: inout [RouteTableFinding]
    ) {
        func checkType(_ name: String, _ type: ParameterType?) {
            guard let type else { return }
            if case .custom(let typeName) = type, !registry.knows(typeName) {
                findings.append(.unknownParameterType(route: route.name, parameter: name, type: typeName))
            }
            if let reason = cache.boundsProblem(of: type) {
                findings.append(.impossibleBounds(route: route.name, parameter: name, reason: reason))
            }
        }
        for i in segments.indices {
            switch segments[i] {
            case .literal: continue
            case .parameter(let name, let type), .catchAll(let name, let type): checkType(name, type)
            }
        }
        for j in query.indices { checkType(query[j].name, query[j].type) }
        if let fragment { checkType(fragment.name, fragment.type) }
    }

    /// Every query or fragment default its parameter's type refuses.
    private static func appendDefaultFindings(
        of route: Route, fragment: QueryParameter?, cache: DeclarationCache, validators: ValidatorPool,
        to findings: inout [RouteTableFinding]
    ) {
        // Routes share equal query lists (``RouteTable/sharingEqualParts()``): a list whose
        // defaults were all found valid is not checked again.
        if !cache.hasSoundDefaults(route.query) {
            var sound = true
            for declaration in route.query {
                if let reason = cache.defaultProblem(of: declaration, validators: validators) {
                    findings.append(
                        .invalidDefault(route: route.name, parameter: declaration.name, reason: reason))
                    sound = false
                }
            }
            if sound { cache.noteSoundDefaults(route.query) }
        }
        if let declaration = fragment,
            let reason = cache.defaultProblem(of: declaration, validators: validators)
        {
            findings.append(.invalidDefault(route: route.name, parameter: declaration.name, reason: reason))
        }
    }

    /// Scheme and host syntax, and hosts on a scope that serves custom schemes only.
    private func checkScope(_ route: Route, cache: DeclarationCache) -> [RouteTableFinding] {
        // Routes share scopes (``RouteTable/sharingEqualParts()``): one found sound is not
        // checked again, and the very lists found sound are known by their storage without
        // comparing (or copying) the scope.
        if cache.isSoundScope(route.scope) { return [] }
        let scope = route.scope
        if let clean = cache.soundScope, clean == scope {
            cache.noteSoundScope(scope)
            return []
        }
        var findings: [RouteTableFinding] = []
        for scheme in scope.schemes where !Self.isValidScheme(scheme) {
            findings.append(.invalidScope(route: route.name, reason: "'\(scheme)' is not a valid scheme"))
        }
        for host in scope.hosts where !Self.isValidHostName(host.name) {
            findings.append(
                .invalidScope(route: route.name, reason: "'\(host)' is not a valid host pattern"))
        }
        if !scope.hosts.isEmpty, !scope.schemes.isEmpty, !scope.servesWeb {
            findings.append(
                .invalidScope(
                    route: route.name,
                    reason: "hosts apply to web links only and the scope lists no web scheme; "
                        + "for a custom scheme the host is the first segment of the path"))
        }
        if findings.isEmpty { cache.noteSoundScope(scope) }
        return findings
    }

    /// Routes that the gate or the matching rules would never let a link reach.
    private func checkReachability(_ route: Route) -> [RouteTableFinding] {
        var findings: [RouteTableFinding] = []
        func never(_ reason: String) { findings.append(.neverMatches(route: route.name, reason: reason)) }
        let scope = route.scope
        let customOnly = !scope.servesWeb && scope.hosts.isEmpty
        if customOnly { checkHostSegment(route, never) }
        checkLiterals(route, never)
        guard let policy else { return findings }
        checkPolicy(route, scope: scope, policy, customOnly: customOnly, never)
        return findings
    }

    /// The first literal of a custom-scheme route, which the gate reads as the link's host.
    private func checkHostSegment(_ route: Route, _ never: (String) -> Void) {
        guard case .literal(let first) = route.path.segments.first else { return }
        let validHost = first.utf8.allSatisfy {
            ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: ".")
        }
        if !validHost {
            never(
                "the first segment of a custom-scheme route is the link's host, which cannot be '\(first)'"
            )
        } else if table.options.caseSensitivity == .sensitive, first != first.lowercased() {
            never(
                "the first segment '\(first)' is the link's host, which the gate lower-cases; write it in lower case"
            )
        }
    }

    /// The path's literals that hold what the gate refuses.
    private func checkLiterals(_ route: Route, _ never: (String) -> Void) {
        for case .literal(let literal) in route.path.segments {
            // Control characters are ASCII: their bytes never occur inside another character.
            if Self.holdsControlCharacter(literal) {
                never(
                    "the literal '\(ParameterFailure.shortened(literal))' holds a control character, which the gate refuses"
                )
            } else if let policy, !policy.allowsEncodedSeparators,
                // Bytes, not characters: the gate refuses `%2F` and `%5C` whatever follows
                // them, so a separator that a combining mark joins into one character counts
                // too (and reading bytes costs a fraction of reading characters).
                literal.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
            {
                never("the literal '\(literal)' holds an encoded separator, which the gate's policy refuses")
            }
        }
    }

    /// The schemes, hosts, segment count, bounds and query items the gate's policy refuses.
    private func checkPolicy(
        _ route: Route, scope: RouteScope, _ policy: LinkPolicy, customOnly: Bool, _ never: (String) -> Void
    ) {
        for scheme in scope.schemes where !policy.allowedSchemes.contains(scheme) {
            never("the gate's policy does not allow the scheme '\(scheme)'")
        }
        if !policy.allowedHosts.isEmpty {
            for host in scope.hosts where !host.isSubdomainWildcard && !policy.allowsHost(host.name) {
                never("the gate's policy does not allow the host '\(host)'")
            }
        }
        let hostSegment = customOnly ? 1 : 0
        let minimumSegments =
            route.path.segments.count - route.path.optionalSegmentPositions.count - hostSegment
        if minimumSegments > policy.limits.maxPathSegments {
            never(
                "its path has \(minimumSegments) segments and the gate's policy allows at most \(policy.limits.maxPathSegments)"
            )
        }
        checkBounds(route, against: policy.limits, never)
        for declaration in route.query where removedNames.matches(declaration.name) {
            never(
                "sanitising removes the query item '\(declaration.name)' before routing (the policy's removedQueryItems name it)"
            )
        }
    }
}
