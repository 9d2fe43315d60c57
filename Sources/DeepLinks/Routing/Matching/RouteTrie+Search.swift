extension RouteTrie {
    /// The first route, in precedence order, that fully matches the link: its index, with
    /// its typed parameters written to `parameters`; -1 when none matches.
    ///
    /// A path parameter is checked once: what its edge kept on the way down is stored in
    /// `kept` at the segment's position and read back when the winner's parameters are
    /// built. Backtracking overwrites a position before anything below it is tried, so the
    /// winner reads the values of its own path. Nothing is copied up the recursion but an
    /// index.
    /// The routes are the trie's own (``terminalRoutes``), called without a reference counted.
    func firstMatch(
        _ input: MatchInput, kept: UnsafeMutableBufferPointer<KeptValue>, parameters: inout RouteParameters
    ) -> Int {
        firstMatch(node: 0, depth: 0, input, kept, &parameters)
    }

    private func firstMatch(
        node index: Int, depth: Int, _ input: MatchInput, _ kept: UnsafeMutableBufferPointer<KeptValue>,
        _ parameters: inout RouteParameters
    ) -> Int {
        let node = nodes[index]
        if depth == input.count {
            return firstAccepting(node.terminals, input, kept, &parameters)
        }
        if node.hasLiterals, let child = input.withKey(depth, { literalChild(node, $0) }) {
            let found = firstMatch(node: child, depth: depth + 1, input, kept, &parameters)
            if found >= 0 { return found }
        }
        if node.parameterStart == node.catchAllEnd { return -1 }
        // The segment is read in place at each use: a copy bound once would count a
        // reference to it (an atomic one for a segment over 15 bytes, such as a UUID).
        if !input[depth].isEmpty {
            for e in node.parameterEdges {
                // Fields read one at a time: a copy of the edge would retain its validator.
                let value = edges[e].checker._withUnsafeGuaranteedRef { $0.check(input[depth]) }
                if case .none = value { continue }
                if depth < kept.count { kept[depth] = value }
                let found = firstMatch(
                    node: Int(edges[e].target), depth: depth + 1, input, kept, &parameters)
                if found >= 0 { return found }
            }
        }
        for e in node.catchAllEdges {
            let edge = edges[e]
            guard
                CompiledRoute.catchAllAccepts(
                    input, from: depth, validator: edge.validator, untyped: edge.untyped)
            else { continue }
            let found = firstAccepting(nodes[Int(edge.target)].terminals, input, kept, &parameters)
            if found >= 0 { return found }
        }
        return -1
    }

    /// The first of a node's routes that accepts the link, its parameters written to
    /// `parameters`; -1 when none does.
    @inline(__always)
    private func firstAccepting(
        _ terminalRange: Range<Int>, _ input: MatchInput, _ kept: UnsafeMutableBufferPointer<KeptValue>,
        _ parameters: inout RouteParameters
    ) -> Int {
        for t in terminalRange {
            let accepted = terminalRoutes[t]._withUnsafeGuaranteedRef {
                $0.accept(input, kept: kept, into: &parameters)
            }
            if accepted { return Int(terminals[t]) }
        }
        return -1
    }

    /// The matching route declared first (lowest index): every candidate is visited.
    func earliestMatch(_ input: MatchInput, routes: [CompiledRoute]) -> Int? {
        var best: Int?
        earliestMatch(node: 0, depth: 0, input, routes, best: &best)
        return best
    }

    private func earliestMatch(
        node index: Int, depth: Int, _ input: MatchInput, _ routes: [CompiledRoute], best: inout Int?
    ) {
        let node = nodes[index]
        func consider(_ terminalRange: Range<Int>) {
            for t in terminalRange {
                let r = Int(terminals[t])
                if let current = best, current <= r { continue }
                if routes[r].accepts(input) { best = r }
            }
        }
        if depth == input.count {
            consider(node.terminals)
            return
        }
        if node.hasLiterals, let child = input.withKey(depth, { literalChild(node, $0) }) {
            earliestMatch(node: child, depth: depth + 1, input, routes, best: &best)
        }
        let segment = input[depth]
        if !segment.isEmpty {
            for e in node.parameterEdges {
                let edge = edges[e]
                if case .none = edge.validator.check(segment) { continue }
                earliestMatch(node: Int(edge.target), depth: depth + 1, input, routes, best: &best)
            }
        }
        for e in node.catchAllEdges {
            let edge = edges[e]
            guard
                CompiledRoute.catchAllAccepts(
                    input, from: depth, validator: edge.validator, untyped: edge.untyped)
            else { continue }
            consider(nodes[Int(edge.target)].terminals)
        }
    }

    /// A path parameter that failed on the way down, carried to the routes below it.
    private struct CarriedFailure {
        let depth: Int
        let value: String?
        let reason: ParameterFailure.Reason
    }

    /// How far an explanation goes and what it keeps.
    enum ExplainMode {
        /// Every route tried, matched or not.
        case all
        /// Every route tried, up to and including the first that matches (the winner).
        case stopAtMatch
        /// Only the first route that matches or that a parameter refuses, in precedence
        /// order: the closest failure of a link no route takes, without an attempt for every
        /// route out of scope.
        case firstVerdict
    }

    /// Tries routes in precedence order like ``firstMatch(_:kept:parameters:)``, but also follows
    /// parameter edges that refuse the segment, so that the routes below them can be reported
    /// with the parameter that failed. Appends `(route index, attempt)` pairs; returns the
    /// winner when `mode` stops at a match and one is found (under `firstVerdict`, the route
    /// of the one attempt kept).
    func explain(
        _ input: MatchInput, routes: [CompiledRoute], mode: ExplainMode,
        into attempts: inout some RouteAttemptSink
    ) -> Int? {
        explain(node: 0, depth: 0, carried: nil, input, routes, mode, &attempts)
    }

    private func explain(
        node index: Int, depth: Int, carried: CarriedFailure?, _ input: MatchInput, _ routes: [CompiledRoute],
        _ mode: ExplainMode, _ attempts: inout some RouteAttemptSink
    ) -> Int? {
        let node = nodes[index]
        func evaluate(_ terminalRange: Range<Int>, carried: CarriedFailure?) -> Int? {
            for t in terminalRange {
                let r = Int(terminals[t])
                let route = routes[r]
                let result: RouteAttempt.Result
                if let scope = route.scopeFailure(input) {
                    if mode == .firstVerdict { continue }
                    result = scope
                } else if let carried {
                    // The reading that ends here names the segment: a parameter's position in
                    // the link depends on the optional segments the reading has.
                    let reading = terminalRoutes[t].takeUnretainedValue()
                    result = .parameterFailed(
                        ParameterFailure(
                            parameter: reading.segment(at: carried.depth).name ?? "", location: .path,
                            value: carried.value, reason: carried.reason))
                } else if let failure = route.queryFailure(input) {
                    result = .parameterFailed(failure)
                } else {
                    result = .matched
                }
                attempts.append(r, RouteAttempt(route: route.name, result: result))
                switch mode {
                case .all: break
                case .stopAtMatch: if result == .matched { return r }
                case .firstVerdict: return r
                }
            }
            return nil
        }
        if depth == input.count {
            if let found = evaluate(node.terminals, carried: carried) { return found }
            // A catch-all never matches zero segments; list its routes with the reason.
            for e in node.catchAllEdges {
                let failure = carried ?? CarriedFailure(depth: depth, value: nil, reason: .missing)
                if let found = evaluate(nodes[Int(edges[e].target)].terminals, carried: failure) {
                    return found
                }
            }
            return nil
        }
        if node.hasLiterals, let child = input.withKey(depth, { literalChild(node, $0) }),
            let found = explain(
                node: child, depth: depth + 1, carried: carried, input, routes, mode, &attempts)
        {
            return found
        }
        let segment = input[depth]
        for e in node.parameterEdges {
            let edge = edges[e]
            var failure = carried
            if failure == nil {
                if segment.isEmpty {
                    failure = CarriedFailure(depth: depth, value: segment, reason: .empty)
                } else if case .failure(let reason) = edge.validator.validate(segment) {
                    failure = CarriedFailure(depth: depth, value: segment, reason: reason)
                }
            }
            if let found = explain(
                node: Int(edge.target), depth: depth + 1, carried: failure, input, routes, mode, &attempts)
            {
                return found
            }
        }
        for e in node.catchAllEdges {
            let edge = edges[e]
            var failure = carried
            if failure == nil,
                let reason = CompiledRoute.catchAllFailure(
                    input, from: depth, validator: edge.validator, untyped: edge.untyped)
            {
                failure = CarriedFailure(
                    depth: depth, value: input.suffix(from: depth).joined(separator: "/"), reason: reason)
            }
            if let found = evaluate(nodes[Int(edge.target)].terminals, carried: failure) { return found }
        }
        return nil
    }
}

/// Where an explanation puts the routes it tried: a list of them, or only the first (what
/// ``RouteTrie/ExplainMode/firstVerdict`` keeps, which then needs no array).
protocol RouteAttemptSink {
    /// Adds the attempt of the route at a position.
    mutating func append(_ route: Int, _ attempt: RouteAttempt)
}

extension Array: RouteAttemptSink where Element == (Int, RouteAttempt) {
    mutating func append(_ route: Int, _ attempt: RouteAttempt) { append((route, attempt)) }
}

/// The first attempt only, held in place: the closest failure of a link no route takes is
/// found without allocating a list for its one attempt.
struct FirstRouteAttempt: RouteAttemptSink {
    /// The route's position and its attempt; `nil` until one is added.
    private(set) var first: (route: Int, attempt: RouteAttempt)?

    mutating func append(_ route: Int, _ attempt: RouteAttempt) {
        if first == nil { first = (route, attempt) }
    }
}
