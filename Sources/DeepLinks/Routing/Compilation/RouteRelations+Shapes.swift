/// Overlap checking for routes whose last segment is optional.
///
/// Such a route matches two path shapes (with and without the segment). Each shape is
/// compared with the other routes as if it were a route of its own, and the findings are
/// folded back onto the route: it is a duplicate only when each of its shapes duplicates the
/// other route, shadowed only when every one of its shapes is shadowed, and ambiguous as soon
/// as one shape ties with the other route.
extension RouteRelations {
    /// A problem between two routes, reported on one of them.
    struct OverlapFinding {
        let earlier: CompiledRoute
        let later: CompiledRoute
        let problem: RouteTableProblem
    }

    /// Every overlap problem among the compiled routes, in the order of the pairs compared.
    ///
    /// `walked` are the pairs ``overlappingPairs(_:)`` answers for `routes` when the caller
    /// already walked them (the table check does, as it builds the trie), and `validators` the
    /// pool the routes were compiled with (the shorter shapes of optional routes are compiled
    /// with it too).
    func overlapProblems(
        _ routes: [CompiledRoute], walked: [(CompiledRoute, CompiledRoute)]?, validators: ValidatorPool
    ) -> [OverlapFinding] {
        guard routes.contains(where: \.hasOptionalLastSegment) else {
            return (walked ?? overlappingPairs(routes)).compactMap {
                later, earlier in
                problem(earlier: earlier, later: later).map {
                    OverlapFinding(earlier: earlier, later: later, problem: $0)
                }
            }
        }
        // One entry per shape; an optional route's shorter shape follows its full one.
        var shapes: [CompiledRoute] = []
        var owner: [ObjectIdentifier: (route: CompiledRoute, shape: Int)] = [:]
        for route in routes {
            shapes.append(route)
            owner[ObjectIdentifier(route)] = (route, 0)
            if let shorter = route.route.path.withoutOptionalSegment {
                var declaration = route.route
                declaration.path = shorter
                let shape = CompiledRoute(
                    declaration, index: route.index, options: options, validators: validators)
                shapes.append(shape)
                owner[ObjectIdentifier(shape)] = (route, 1)
            }
        }

        /// What the shapes of one pair of routes did to each other.
        struct PairState {
            let earlier: CompiledRoute
            let later: CompiledRoute
            var plain: RouteTableProblem?
            var ambiguous = false
            var duplicated = false
            /// Shapes of each route covered by the other: (route name, shape).
            var covered: Set<String> = []
        }
        var order: [String] = []
        var states: [String: PairState] = [:]
        for (laterShape, earlierShape) in overlappingPairs(shapes) {
            guard let l = owner[ObjectIdentifier(laterShape)], let e = owner[ObjectIdentifier(earlierShape)],
                l.route.index != e.route.index,
                let found = problem(earlier: earlierShape, later: laterShape)
            else { continue }
            let key = "\(e.route.index) \(l.route.index)"
            if states[key] == nil {
                order.append(key)
                states[key] = PairState(earlier: e.route, later: l.route)
            }
            if !e.route.hasOptionalLastSegment, !l.route.hasOptionalLastSegment {
                states[key]?.plain = found
                continue
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

        return order.compactMap { key -> OverlapFinding? in
            guard let state = states[key] else { return nil }
            let (e, l) = (state.earlier, state.later)
            func allCovered(_ route: CompiledRoute) -> Bool {
                (0..<(route.hasOptionalLastSegment ? 2 : 1)).allSatisfy {
                    state.covered.contains("\(route.index) \($0)")
                }
            }
            let problem: RouteTableProblem?
            if let plain = state.plain {
                problem = plain
            } else if state.ambiguous {
                problem = .ambiguousRoutes(route: l.name, other: e.name)
            } else if state.duplicated {
                problem =
                    allCovered(e) && allCovered(l)
                    ? .duplicateRoute(route: l.name, duplicateOf: e.name)
                    : .ambiguousRoutes(route: l.name, other: e.name)
            } else if allCovered(l) {
                problem = .shadowedRoute(route: l.name, shadowedBy: e.name)
            } else if allCovered(e) {
                problem = .shadowedRoute(route: e.name, shadowedBy: l.name)
            } else {
                problem = nil
            }
            return problem.map { OverlapFinding(earlier: e, later: l, problem: $0) }
        }
    }
}
