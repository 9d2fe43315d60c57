/// Overlap checking for routes with optional segments.
///
/// Such a route matches one path shape per reading (``PathPattern/readings``: with and
/// without each optional segment). Each shape is compared with the other routes as if it
/// were a route of its own, and the findings are folded back onto the route: it is a
/// duplicate only when each of its shapes duplicates the other route, shadowed only when
/// every one of its shapes is shadowed, and ambiguous as soon as one shape ties with the
/// other route.
extension RouteRelations {
    /// A problem between two routes, reported on one of them.
    struct OverlapFinding {
        let earlier: CompiledRoute
        let later: CompiledRoute
        let tableFinding: RouteTableFinding
    }

    /// Every overlap problem among the compiled routes, in the order of the pairs compared,
    /// and the code whose problems passed `limit` (the comparison then stops, the problem
    /// past the limit included), or `nil`.
    func overlapFindings(_ routes: [CompiledRoute], limit: Int, budget: inout CheckBudget) -> (
        findings: [OverlapFinding], stoppedAt: String?
    ) {
        guard routes.contains(where: \.hasOptionalSegments) else {
            return plainOverlapFindings(routes, limit: limit, budget: &budget)
        }
        // One entry per shape; the other readings of a route follow its full one.
        var shapes: [CompiledRoute] = []
        var owner: [ObjectIdentifier: (route: CompiledRoute, shape: Int)] = [:]
        for route in routes {
            for (shape, reading) in route.allReadings.enumerated() {
                shapes.append(reading)
                owner[ObjectIdentifier(reading)] = (route, shape)
            }
        }
        var gathered = GatheredPairs()
        var pairs: [(CompiledRoute, CompiledRoute)] = []
        var found: [Int] = []
        var builder = RouteTrie.Builder(routeCount: shapes.count)
        for later in shapes.indices {
            builder.addPath(of: shapes[later], as: later)
            pairs.removeAll(keepingCapacity: true)
            appendOverlaps(
                of: later, in: shapes, builder: builder, found: &found, to: &pairs, budget: &budget)
            for (laterShape, earlierShape) in pairs {
                guard let l = owner[ObjectIdentifier(laterShape)],
                    let e = owner[ObjectIdentifier(earlierShape)],
                    l.route.index != e.route.index,
                    let found = finding(earlier: earlierShape, later: laterShape)
                else { continue }
                gathered.note(found, e, l)
            }
            // The last shape of a route: its pairs are complete.
            let isLastShape =
                later + 1 == shapes.count
                || owner[ObjectIdentifier(shapes[later + 1])]?.shape == 0
            if isLastShape, let stopped = gathered.fold(limit: limit) { return (gathered.findings, stopped) }
        }
        return (gathered.findings, nil)
    }

    /// ``overlapFindings(_:limit:budget:)`` when no route has optional segments: each route is its one
    /// shape, and its findings need no folding.
    private func plainOverlapFindings(_ routes: [CompiledRoute], limit: Int, budget: inout CheckBudget) -> (
        findings: [OverlapFinding], stoppedAt: String?
    ) {
        var findings: [OverlapFinding] = []
        var counts: [String: Int] = [:]
        var found: [Int] = []
        var builder = RouteTrie.Builder(routeCount: routes.count)
        for later in routes.indices {
            builder.add(routes[later], as: later)
            if let stopped = appendOverlapFindings(
                of: later, in: routes, builder: builder, found: &found, to: &findings, counts: &counts,
                limit: limit, budget: &budget)
            {
                return (findings, stopped)
            }
        }
        return (findings, nil)
    }

    /// The pairs of routes whose shapes met, gathered until every shape of their later route has
    /// been compared, and the findings folded from them so far.
    struct GatheredPairs {
        private var order: [String] = []
        private var states: [String: PairState] = [:]
        private(set) var findings: [OverlapFinding] = []
        private var counts: [String: Int] = [:]

        /// Notes what a shape of an earlier route and a shape of a later one did to each other.
        mutating func note(
            _ found: RouteTableFinding, _ e: (route: CompiledRoute, shape: Int),
            _ l: (route: CompiledRoute, shape: Int)
        ) {
            let key = "\(e.route.index) \(l.route.index)"
            if states[key] == nil {
                order.append(key)
                states[key] = PairState(earlier: e.route, later: l.route)
            }
            if !e.route.hasOptionalSegments, !l.route.hasOptionalSegments {
                states[key]?.plain = found
                return
            }
            switch found {
            case .ambiguousRoutes: states[key]?.ambiguous = true
            case .duplicateRoute:
                states[key]?.duplicated = true
                states[key]?.covered.insert("\(e.route.index) \(e.shape)")
                states[key]?.covered.insert("\(l.route.index) \(l.shape)")
            case .shadowedRoute(let route, _):
                let shaded = route == l.route.name ? l : e
                states[key]?.covered.insert("\(shaded.route.index) \(shaded.shape)")
            default: states[key]?.plain = found
            }
        }

        /// Folds the pairs gathered so far into findings (every shape of their later route has
        /// been compared); the code that passed the limit, if one did.
        mutating func fold(limit: Int) -> String? {
            for key in order {
                guard let state = states[key], let finding = RouteRelations.finding(state) else { continue }
                findings.append(finding)
                let code = finding.tableFinding.code
                let count = counts[code, default: 0] + 1
                counts[code] = count
                if count > limit { return code }
            }
            order.removeAll(keepingCapacity: true)
            states.removeAll(keepingCapacity: true)
            return nil
        }
    }

    /// What the shapes of one pair of routes did to each other.
    struct PairState {
        let earlier: CompiledRoute
        let later: CompiledRoute
        var plain: RouteTableFinding?
        var ambiguous = false
        var duplicated = false
        /// Shapes of each route covered by the other: (route name, shape).
        var covered: Set<String> = []
    }

    /// The finding the shapes of a pair make together, if any.
    static func finding(_ state: PairState) -> OverlapFinding? {
        let (e, l) = (state.earlier, state.later)
        func allCovered(_ route: CompiledRoute) -> Bool {
            route.allReadings.indices.allSatisfy {
                state.covered.contains("\(route.index) \($0)")
            }
        }
        let finding: RouteTableFinding?
        if let plain = state.plain {
            finding = plain
        } else if state.ambiguous {
            finding = .ambiguousRoutes(route: l.name, other: e.name)
        } else if state.duplicated {
            finding =
                allCovered(e) && allCovered(l)
                ? .duplicateRoute(route: l.name, duplicateOf: e.name)
                : .ambiguousRoutes(route: l.name, other: e.name)
        } else if allCovered(l) {
            finding = .shadowedRoute(route: l.name, shadowedBy: e.name)
        } else if allCovered(e) {
            finding = .shadowedRoute(route: e.name, shadowedBy: l.name)
        } else {
            finding = nil
        }
        return finding.map { OverlapFinding(earlier: e, later: l, tableFinding: $0) }
    }
}
