/// How two routes relate: whether some link can match both, whether one matches every link
/// the other does, and which one precedes. Answers are conservative: "may overlap" errs
/// towards yes and "covers" towards no, so that a reported shadow is always real.
struct RouteRelations {
    let options: RoutingOptions
    let registry: ParameterTypeRegistry

    var caseSensitive: Bool { options.caseSensitivity == .sensitive }

    enum Order { case before, after, tie }

    // MARK: Pairs worth comparing

    /// Pairs `(later, earlier)` that may overlap, ordered by `later` then `earlier`.
    ///
    /// Candidates come from a walk of the routes' trie as it is built (each route walks the
    /// routes added before it, ``RouteTrie/Builder/overlapCandidates(of:relations:budget:into:)``),
    /// so only routes whose paths can share a link are compared; each candidate pair is then
    /// decided exactly.
    func overlappingPairs(_ routes: [CompiledRoute], budget: inout CheckBudget) -> [(
        CompiledRoute, CompiledRoute
    )] {
        var pairs: [(CompiledRoute, CompiledRoute)] = []
        var found: [Int] = []
        var builder = RouteTrie.Builder(routeCount: routes.count)
        for later in routes.indices {
            builder.add(routes[later], as: later)
            appendOverlaps(
                of: later, in: routes, builder: builder, found: &found, to: &pairs, budget: &budget)
        }
        return pairs
    }

    /// Appends to `pairs` the pairs `(later, earlier)` that may overlap, `earlier` in
    /// increasing order, for the route at `later` in `routes`, just added to `builder` (which
    /// holds the routes before it, positions in `routes`). `found` is scratch storage.
    func appendOverlaps(
        of later: Int, in routes: [CompiledRoute], builder: RouteTrie.Builder, found: inout [Int],
        to pairs: inout [(CompiledRoute, CompiledRoute)], budget: inout CheckBudget
    ) {
        let route = routes[later]
        builder.overlapCandidates(of: route, relations: self, budget: &budget, into: &found)
        Self.sortUnique(&found, below: later)
        guard budget.charge(CheckBudget.pairSteps * found.count) else { return }
        for e in found where mayOverlap(routes[e], route) { pairs.append((route, routes[e])) }
    }

    /// Appends to `findings` the problems of the pairs `(later, earlier)` that
    /// ``appendOverlaps(of:in:builder:found:to:budget:)`` finds, in its order, counting each code in
    /// `counts`; stops and returns the code of the first problem past `limit` of its code
    /// (that problem included), else `nil`.
    func appendOverlapFindings(
        of later: Int, in routes: [CompiledRoute], builder: RouteTrie.Builder, found: inout [Int],
        to findings: inout [OverlapFinding], counts: inout [String: Int], limit: Int,
        budget: inout CheckBudget
    ) -> String? {
        let route = routes[later]
        builder.overlapCandidates(of: route, relations: self, budget: &budget, into: &found)
        Self.sortUnique(&found, below: later)
        guard budget.charge(CheckBudget.pairSteps * found.count) else { return nil }
        for e in found where mayOverlap(routes[e], route) {
            guard let finding = finding(earlier: routes[e], later: route) else { continue }
            findings.append(OverlapFinding(earlier: routes[e], later: route, tableFinding: finding))
            let code = finding.code
            let count = counts[code, default: 0] + 1
            counts[code] = count
            if count > limit { return code }
        }
        return nil
    }

    /// Keeps the positions below `limit`, in increasing order, each once.
    static func sortUnique(_ positions: inout [Int], below limit: Int) {
        var kept = 0
        for i in positions.indices where positions[i] < limit {
            positions[kept] = positions[i]
            kept += 1
        }
        positions.removeLast(positions.count - kept)
        if kept < 2 { return }
        positions.sort()
        kept = 1
        for i in 1..<positions.count where positions[i] != positions[kept - 1] {
            positions[kept] = positions[i]
            kept += 1
        }
        positions.removeLast(positions.count - kept)
    }

    /// Pairs `(navigate, guarded)`: a navigate route that can take a link shaped like a
    /// sensitive or destructive route's (same literals, same length; a route with optional
    /// segments has one shape per reading) that the guarded route does
    /// not take, either because the link fails the guarded route's parameter checks or
    /// because the navigate route is tried first. Ordered by navigate route, then guarded.
    /// `builder` holds every route of `routes`, each at its position.
    func guardedPairs(_ routes: [CompiledRoute], builder: RouteTrie.Builder, budget: inout CheckBudget) -> [(
        CompiledRoute, CompiledRoute
    )] {
        var pairs: [(CompiledRoute, CompiledRoute)] = []
        var found: [Int] = []
        // Each route's shapes are made once (a route's segments are made on each call), when
        // first compared.
        var shapes: [[[CompiledRoute.Segment]]?] = Array(repeating: nil, count: routes.count)
        func shapesOf(_ position: Int) -> [[CompiledRoute.Segment]] {
            if let made = shapes[position] { return made }
            let made = Self.pathShapes(routes[position])
            shapes[position] = made
            return made
        }
        for position in routes.indices where routes[position].route.safety.requiresConfirmation {
            let guarded = routes[position]
            let guardedShapes = shapesOf(position)
            builder.shapeCandidates(of: guarded, relations: self, budget: &budget, into: &found)
            Self.sortUnique(&found, below: routes.count)
            // A pair compared costs several steps of a walk (``CheckBudget/pairSteps``). Spent:
            // the table is refused (``CheckBudget``), and the pairs found so far are not used.
            guard budget.charge(CheckBudget.pairSteps * found.count) else { break }
            for other in found {
                let navigate = routes[other]
                guard navigate.route.safety == .navigate,
                    scopesMayOverlap(navigate.route.scope, guarded.route.scope),
                    navigationMayTake(navigate, shapesOf(other), guarded, guardedShapes)
                else { continue }
                pairs.append((navigate, guarded))
            }
        }
        return pairs.sorted { ($0.0.index, $0.1.index) < ($1.0.index, $1.1.index) }
    }

    /// The path shapes of a route: the segments of each of its readings (one for a route
    /// without optional segments).
    static func pathShapes(_ route: CompiledRoute) -> [[CompiledRoute.Segment]] {
        route.allReadings.map(\.segments)
    }

    /// Whether `navigate` (whose path shapes are `navigateShapes`) may take a link shaped like
    /// one of `guarded`'s shapes that `guarded` does not take: some shape of each may share a
    /// link, and the guarded route can refuse a link of that shape or is not tried first.
    func navigationMayTake(
        _ navigate: CompiledRoute, _ navigateShapes: [[CompiledRoute.Segment]], _ guarded: CompiledRoute,
        _ guardedShapes: [[CompiledRoute.Segment]]
    ) -> Bool {
        guardedShapes.contains { g in
            navigateShapes.contains { n in
                shapeMayOverlap(n, g)
                    && (guarded.canRefuse(shape: g) || order(navigate, n, guarded, g) != .after)
            }
        }
    }

    /// Whether some link shaped like `guarded` (its literals in place, anything for its
    /// parameters) may match the path of `navigate`.
    func shapeMayOverlap(_ navigate: [CompiledRoute.Segment], _ guarded: [CompiledRoute.Segment])
        -> Bool
    {
        var i = 0
        while i < navigate.count, i < guarded.count {
            switch (navigate[i], guarded[i]) {
            case (.catchAll(_, _, let validator), _):
                return guarded[i...].allSatisfy { segment in
                    if case .literal(let text, _) = segment { validator.mayTake(literal: text) } else { true }
                }
            case (_, .catchAll): return true
            case (.literal(_, let x), .literal(_, let y)): if x != y { return false }
            case (.parameter(_, _, let validator), .literal(let text, _)):
                // Under a case-insensitive table the link may spell the literal in any case.
                if !validator.mayTake(literal: text) { return false }
            case (.literal(let text, _), .parameter(_, _, let validator)):
                // A literal the guarded parameter cannot take is not a value of it.
                if !validator.mayTake(literal: text) { return false }
            default: break
            }
            i += 1
        }
        return navigate.count == guarded.count
    }

    /// The problem two overlapping routes make, if any.
    func finding(earlier a: CompiledRoute, later b: CompiledRoute) -> RouteTableFinding? {
        let aCoversB = covers(a, b)
        let bCoversA = covers(b, a)
        if aCoversB, bCoversA { return .duplicateRoute(route: b.name, duplicateOf: a.name) }
        switch order(a, b) {
        case .before: return aCoversB ? .shadowedRoute(route: b.name, shadowedBy: a.name) : nil
        case .after: return bCoversA ? .shadowedRoute(route: a.name, shadowedBy: b.name) : nil
        case .tie: return .ambiguousRoutes(route: b.name, other: a.name)
        }
    }

    // MARK: Precedence

    /// Which of two overlapping routes the router tries first.
    func order(_ a: CompiledRoute, _ b: CompiledRoute) -> Order { order(a, a.segments, b, b.segments) }

    /// Which of two overlapping routes the router tries first for links of the path shapes
    /// `sa` of `a` and `sb` of `b` (each a route's segments, or them without an optional
    /// last segment).
    func order(
        _ a: CompiledRoute, _ sa: [CompiledRoute.Segment], _ b: CompiledRoute, _ sb: [CompiledRoute.Segment]
    ) -> Order {
        if a.route.priority != b.route.priority {
            return a.route.priority > b.route.priority ? .before : .after
        }
        if options.precedence == .declarationOrder { return a.index < b.index ? .before : .after }
        for (x, y) in zip(sa, sb) {
            let ka = x.key
            let kb = y.key
            if ka == kb { continue }
            // Two different types of the same rank: the trie orders them by their text, which
            // is deterministic but says nothing about intent, so overlapping routes that
            // differ only there are reported as ambiguous.
            if ka.kind == kb.kind, ka.typeRank == kb.typeRank { return .tie }
            return ka < kb ? .before : .after
        }
        guard sa.count == sb.count else { return .tie }
        let scopeA = a.route.scope.specificity
        let scopeB = b.route.scope.specificity
        if scopeA != scopeB { return scopeA > scopeB ? .before : .after }
        if a.requiredQueryCount != b.requiredQueryCount {
            return a.requiredQueryCount > b.requiredQueryCount ? .before : .after
        }
        return .tie
    }

    // MARK: Overlap

    /// Whether some link might match both routes.
    func mayOverlap(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        scopesMayOverlap(a.route.scope, b.route.scope) && pathsMayOverlap(a.segments, b.segments)
            && queriesMayOverlap(a, b)
    }

    func scopesMayOverlap(_ a: RouteScope, _ b: RouteScope) -> Bool {
        let schemes: [String]?  // nil: every scheme
        switch (a.schemes.isEmpty, b.schemes.isEmpty) {
        case (true, true): schemes = nil
        case (true, false): schemes = b.schemes
        case (false, true): schemes = a.schemes
        case (false, false):
            schemes = a.schemes.filter(b.schemes.contains)
            if schemes?.isEmpty == true { return false }
        }
        let webPossible = schemes.map { $0.contains(where: WebScheme.contains) } ?? true
        let customPossible =
            a.servesCustomSchemes && b.servesCustomSchemes
            && (schemes.map { $0.contains { !WebScheme.contains($0) } } ?? true)
        if customPossible { return true }
        guard webPossible else { return false }
        if a.hosts.isEmpty || b.hosts.isEmpty { return true }
        return a.hosts.contains { x in b.hosts.contains { y in hostsMayOverlap(x, y) } }
    }

    private func hostsMayOverlap(_ x: HostPattern, _ y: HostPattern) -> Bool {
        switch (x.isSubdomainWildcard, y.isSubdomainWildcard) {
        case (false, false): x.name == y.name
        case (true, false): x.matches(y.name)
        case (false, true): y.matches(x.name)
        case (true, true):
            x.name == y.name || x.name.hasSuffix("." + y.name) || y.name.hasSuffix("." + x.name)
        }
    }

    func pathsMayOverlap(_ a: [CompiledRoute.Segment], _ b: [CompiledRoute.Segment]) -> Bool {
        var i = 0
        while i < a.count, i < b.count {
            if case .catchAll(_, _, let validator) = a[i] {
                return restMayOverlap(catchAll: validator, b[i...])
            }
            if case .catchAll(_, _, let validator) = b[i] {
                return restMayOverlap(catchAll: validator, a[i...])
            }
            if !segmentsMayOverlap(a[i], b[i]) { return false }
            i += 1
        }
        return a.count == b.count
    }

    private func restMayOverlap(
        catchAll validator: ParameterValidator, _ rest: ArraySlice<CompiledRoute.Segment>
    )
        -> Bool
    {
        rest.allSatisfy { segment in
            switch segment {
            case .literal(let text, _): validator.mayTake(literal: text)
            case .parameter(_, _, let other), .catchAll(_, _, let other): typesMayOverlap(validator, other)
            }
        }
    }

    private func segmentsMayOverlap(_ a: CompiledRoute.Segment, _ b: CompiledRoute.Segment) -> Bool {
        switch (a, b) {
        case (.literal(_, let x), .literal(_, let y)): x == y
        case (.literal(let text, _), .parameter(_, _, let v)),
            (.parameter(_, _, let v), .literal(let text, _)):
            v.mayTake(literal: text)
        case (.parameter(_, _, let v), .parameter(_, _, let w)): typesMayOverlap(v, w)
        default: true
        }
    }

    func accepts(_ validator: ParameterValidator, _ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        if case .success = validator.validate(text) { return true }
        return false
    }

    static let booleanTexts = ["true", "false", "1", "0"]
    static let slugCharacters = (try? CharacterClass("[a-z0-9-]")) ?? .any

    /// Whether two parameter types may accept a common value; `true` unless provably disjoint.
    func typesMayOverlap(_ v: ParameterValidator, _ w: ParameterValidator) -> Bool {
        switch (v.type, w.type) {
        case (.integer(let x), .integer(let y)): return x.overlaps(y)
        // Under a case-insensitive table an enumeration takes its values in any case.
        case (.enumeration(let values), _): return values.contains { w.mayTake(literal: $0) }
        case (_, .enumeration(let values)): return values.contains { v.mayTake(literal: $0) }
        case (.boolean, _): return Self.booleanTexts.contains { accepts(w, $0) }
        case (_, .boolean): return Self.booleanTexts.contains { accepts(v, $0) }
        case (.integer, .uuid), (.uuid, .integer): return false
        case (.integer(let range), .slug), (.slug, .integer(let range)): return range.upperBound >= 0
        default: return true
        }
    }

    private func queriesMayOverlap(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        for p in a.query where p.isRequired {
            if let q = b.query.first(where: { $0.name == p.name }), q.isRequired,
                !typesMayOverlap(p.validator, q.validator)
            {
                return false
            }
        }
        switch (a.fragment, b.fragment) {
        case (.none, .parameter(let p)), (.parameter(let p), .none): return !p.isRequired
        default: return true
        }
    }
}
