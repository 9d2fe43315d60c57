/// What a search of the trie does at each step of the one walk
/// (``RouteTrie/walk(node:depth:carried:_:_:_:_:)``): the lookup, the lookup in declaration
/// order and the explanation walk the trie alike and differ only in which parameter and
/// catch-all edges they follow, what a branch carries, and what they do with the routes that
/// end where the link does.
protocol TrieSearch {
    /// What a branch carries from the edges above it: nothing for a lookup, the parameter
    /// that refused its segment for an explanation.
    associatedtype Carried

    /// What the branch through the parameter edge `e` carries when the search follows it for
    /// the segment at `depth`, or `nil` when it does not; what it keeps of the segment goes to
    /// `kept` at `depth`.
    mutating func parameter(
        _ e: Int, of trie: RouteTrie, at depth: Int, _ input: MatchInput, _ carried: Carried,
        kept: inout KeptValues
    ) -> Carried?

    /// What the branch through the catch-all edge `e` carries when the search follows it for
    /// the segments from `depth` (none left when `depth` is the link's segment count), or
    /// `nil` when it does not.
    mutating func catchAll(
        _ e: Int, of trie: RouteTrie, from depth: Int, _ input: MatchInput, _ carried: Carried
    ) -> Carried?

    /// Tries the routes of the terminals in `range`, whose path the link fits; `true` ends the
    /// walk.
    mutating func routes(
        _ range: Range<Int>, of trie: RouteTrie, _ input: MatchInput, _ carried: Carried,
        kept: inout KeptValues, parameters: inout RouteParameters
    ) -> Bool
}

extension RouteTrie {
    /// The one walk of the trie along a link: from node `index` at segment `depth`, the
    /// literal child first, then the parameter edges and the catch-all edges in precedence
    /// order, each as `search` decides; `true` when the search ended.
    ///
    /// A path parameter is checked once: what its edge keeps on the way down is stored in
    /// `kept` at the segment's position and read back when the winner's parameters are built.
    /// Backtracking overwrites a position before anything below it is tried, so the winner
    /// reads the values of its own path. Nothing is copied up the recursion but a flag.
    func walk<Search: TrieSearch>(
        node index: Int, depth: Int, carried: Search.Carried, _ input: MatchInput, _ search: inout Search,
        _ kept: inout KeptValues, _ parameters: inout RouteParameters
    ) -> Bool {
        let node = self.node(index)
        if depth == input.count {
            if search.routes(node.terminals, of: self, input, carried, kept: &kept, parameters: &parameters) {
                return true
            }
            // A catch-all never matches zero segments: only an explanation lists its routes.
            for e in node.catchAllEdges {
                guard let below = search.catchAll(e, of: self, from: depth, input, carried) else { continue }
                let target = self.node(Int(edges[e].target))
                if search.routes(
                    target.terminals, of: self, input, below, kept: &kept, parameters: &parameters)
                {
                    return true
                }
            }
            return false
        }
        if node.hasLiterals, let child = input.withKey(depth, { literalChild(index, $0) }),
            walk(node: child, depth: depth + 1, carried: carried, input, &search, &kept, &parameters)
        {
            return true
        }
        if node.parameterStart == node.catchAllEnd { return false }
        for e in node.parameterEdges {
            guard let below = search.parameter(e, of: self, at: depth, input, carried, kept: &kept) else {
                continue
            }
            if walk(
                node: Int(edges[e].target), depth: depth + 1, carried: below, input, &search, &kept,
                &parameters)
            {
                return true
            }
        }
        for e in node.catchAllEdges {
            guard let below = search.catchAll(e, of: self, from: depth, input, carried) else { continue }
            let target = self.node(Int(edges[e].target))
            if search.routes(target.terminals, of: self, input, below, kept: &kept, parameters: &parameters) {
                return true
            }
        }
        return false
    }

    /// The first route, in precedence order, that fully matches the link: its index, with
    /// its typed parameters written to `parameters`; -1 when none matches. `kept` holds what
    /// the edges keep of the path parameters (``TrieSearch/parameter(_:of:at:_:_:kept:)``).
    func firstMatch(
        _ input: MatchInput, kept: inout KeptValues, parameters: inout RouteParameters
    ) -> Int {
        var search = FirstMatch()
        _ = walk(node: 0, depth: 0, carried: (), input, &search, &kept, &parameters)
        return search.found
    }

    /// The matching route declared first (lowest index): every candidate is visited.
    func earliestMatch(_ input: MatchInput, routes: [CompiledRoute]) -> Int? {
        var search = EarliestMatch(routes: routes)
        var parameters = RouteParameters()
        var kept = KeptValues(segmentCount: 0)
        _ = walk(node: 0, depth: 0, carried: (), input, &search, &kept, &parameters)
        return search.best
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
    func explain<Sink: RouteAttemptSink>(
        _ input: MatchInput, routes: [CompiledRoute], mode: ExplainMode, into attempts: inout Sink
    ) -> Int? {
        // The sink moves into the search and back: appending to a copy would copy its list.
        var search = Explanation(routes: routes, mode: mode, attempts: consume attempts)
        var parameters = RouteParameters()
        var kept = KeptValues(segmentCount: 0)
        _ = walk(node: 0, depth: 0, carried: nil, input, &search, &kept, &parameters)
        attempts = search.attempts
        return search.winner
    }
}

/// The lookup: the first route in precedence order that accepts the link.
private struct FirstMatch: TrieSearch {
    /// The winner's position, -1 until one is found.
    var found = -1

    @inline(__always)
    mutating func parameter(
        _ e: Int, of trie: RouteTrie, at depth: Int, _ input: MatchInput, _ carried: Void,
        kept: inout KeptValues
    ) -> Void? {
        // The segment is read in place at each use: a copy bound once would count a
        // reference to it (an atomic one for a segment over 15 bytes, such as a UUID).
        if input[depth].isEmpty { return nil }
        let value = trie.edges.withUnretainedField(at: e, \.validator) { $0.check(input[depth]) }
        if case .none = value { return nil }
        kept[depth] = value
        return ()
    }

    @inline(__always)
    mutating func catchAll(
        _ e: Int, of trie: RouteTrie, from depth: Int, _ input: MatchInput, _ carried: Void
    ) -> Void? {
        CompiledRoute.catchAllAccepts(
            input, from: depth, validator: trie.edges[e].validator, untyped: trie.edges[e].untyped)
            ? () : nil
    }

    @inline(__always)
    mutating func routes(
        _ range: Range<Int>, of trie: RouteTrie, _ input: MatchInput, _ carried: Void,
        kept: inout KeptValues, parameters: inout RouteParameters
    ) -> Bool {
        for t in range {
            // The routes are called without a reference counted.
            // The route's position is read from it only when it accepts the link.
            let accepted = trie.withTerminalRoute(t) {
                $0.accept(input, kept: &kept, into: &parameters) ? $0.index : -1
            }
            if accepted >= 0 {
                found = accepted
                return true
            }
        }
        return false
    }
}

/// The lookup in declaration order: every route whose path the link fits is visited, and the
/// one declared first that accepts the link wins.
private struct EarliestMatch: TrieSearch {
    let routes: [CompiledRoute]
    var best: Int?

    mutating func parameter(
        _ e: Int, of trie: RouteTrie, at depth: Int, _ input: MatchInput, _ carried: Void,
        kept: inout KeptValues
    ) -> Void? {
        let segment = input[depth]
        if segment.isEmpty { return nil }
        if case .none = trie.edges[e].validator.check(segment) { return nil }
        return ()
    }

    mutating func catchAll(
        _ e: Int, of trie: RouteTrie, from depth: Int, _ input: MatchInput, _ carried: Void
    ) -> Void? {
        CompiledRoute.catchAllAccepts(
            input, from: depth, validator: trie.edges[e].validator, untyped: trie.edges[e].untyped)
            ? () : nil
    }

    mutating func routes(
        _ range: Range<Int>, of trie: RouteTrie, _ input: MatchInput, _ carried: Void,
        kept: inout KeptValues, parameters: inout RouteParameters
    ) -> Bool {
        for t in range {
            let r = trie.routeIndex(ofTerminal: t)
            if let current = best, current <= r { continue }
            if routes[r].accepts(input) { best = r }
        }
        // Every candidate is visited: the walk goes on.
        return false
    }
}

/// A path parameter that failed on the way down, carried to the routes below it.
struct CarriedFailure {
    let depth: Int
    let value: String?
    let reason: ParameterFailure.Reason
}

/// The explanation: every route tried, in precedence order, with why it failed or matched.
/// It also follows the parameter edges that refuse their segment, carrying the refusal to
/// the routes below them.
private struct Explanation<Sink: RouteAttemptSink>: TrieSearch {
    let routes: [CompiledRoute]
    let mode: RouteTrie.ExplainMode
    var attempts: Sink
    /// The route that ended the walk, if one did.
    var winner: Int?

    mutating func parameter(
        _ e: Int, of trie: RouteTrie, at depth: Int, _ input: MatchInput, _ carried: CarriedFailure?,
        kept: inout KeptValues
    ) -> CarriedFailure?? {
        if let carried { return .some(carried) }
        let segment = input[depth]
        if segment.isEmpty { return .some(CarriedFailure(depth: depth, value: segment, reason: .empty)) }
        if case .failure(let reason) = trie.edges[e].validator.validate(segment) {
            return .some(CarriedFailure(depth: depth, value: segment, reason: reason))
        }
        return .some(nil)
    }

    mutating func catchAll(
        _ e: Int, of trie: RouteTrie, from depth: Int, _ input: MatchInput, _ carried: CarriedFailure?
    ) -> CarriedFailure?? {
        if let carried { return .some(carried) }
        let edge = trie.edges[e]
        guard
            let reason = CompiledRoute.catchAllFailure(
                input, from: depth, validator: edge.validator, untyped: edge.untyped)
        else { return .some(nil) }
        // No segment left: nothing to quote.
        let value = depth < input.count ? input.suffix(from: depth).joined(separator: "/") : nil
        return .some(CarriedFailure(depth: depth, value: value, reason: reason))
    }

    mutating func routes(
        _ range: Range<Int>, of trie: RouteTrie, _ input: MatchInput, _ carried: CarriedFailure?,
        kept: inout KeptValues, parameters: inout RouteParameters
    ) -> Bool {
        for t in range {
            let r = trie.routeIndex(ofTerminal: t)
            let route = routes[r]
            let result: RouteAttempt.Result
            if let scope = route.scopeFailure(input) {
                if mode == .firstVerdict { continue }
                result = scope
            } else if let carried {
                // The reading that ends here names the segment: a parameter's position in
                // the link depends on the optional segments the reading has.
                let reading = trie.withTerminalRoute(t) { $0 }
                // An optional segment that refuses its value is a near miss only when the
                // rest of the reading fits the link on a literal: `/xx/product/5` for
                // `/:locale?/product/:id`. Where nothing else of the route fits (`/about` for
                // `/:locale?/`), the link only has a segment the route may leave out, so
                // the route is not listed, as a route whose path does not fit is not.
                if Self.isUnanchoredOptionalRefusal(carried, reading: reading, route: route) { continue }
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
            case .stopAtMatch:
                if result == .matched {
                    winner = r
                    return true
                }
            case .firstVerdict:
                winner = r
                return true
            }
        }
        return false
    }

    /// Whether the refusal carried to a reading is of an optional path parameter, in a reading
    /// with no non-empty literal segment: the link fits the route only by taking a segment the
    /// route may leave out, so the refusal names no near miss.
    static func isUnanchoredOptionalRefusal(
        _ carried: CarriedFailure, reading: CompiledRoute, route: CompiledRoute
    ) -> Bool {
        let declared = route.route.path
        guard !declared.optionalSegmentPositions.isEmpty,
            case .parameter(let name, _, _) = reading.segment(at: carried.depth),
            let position = declared.segments.firstIndex(where: {
                if case .parameter(name, _) = $0 { true } else { false }
            }),
            declared.isOptionalSegment(at: position)
        else { return false }
        return !reading.route.path.segments.contains {
            if case .literal(let text) = $0 { !text.isEmpty } else { false }
        }
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

extension RouteTrie {
    /// The position in the router's compiled routes of the route that ends at terminal `t`.
    @inline(__always)
    func routeIndex(ofTerminal t: Int) -> Int {
        terminalRoutes.withUnretainedElement(at: t) { $0.index }
    }

    /// Calls `body` with the compiled route that ends at terminal `t`, without counting a
    /// reference to it: for a route with optional segments, the reading that ends there,
    /// whose parameter positions are the link's.
    @inline(__always)
    func withTerminalRoute<Result>(_ t: Int, _ body: (CompiledRoute) -> Result) -> Result {
        terminalRoutes.withUnretainedElement(at: t, body)
    }
}
