/// The candidate pairs of routes that the table check compares, found by walking the trie of
/// every route's path instead of comparing every route with every other.
///
/// The trie is the router's own (``RouteTrie``), built once: the table check walks it for
/// the routes that guarded routes must refuse (``RouteRelations/guardedPairs(_:index:)``), and
/// the router keeps it when the table has one priority level. Overlapping pairs are found by
/// the same walk on the trie as it is built (``RouteTrie/Builder/overlapCandidates(of:relations:into:)``,
/// below). Each route walks the trie
/// along its own segments: at each level it follows the same literal, the parameter edges
/// that may accept its literal, the literal edges its parameter may accept, parameter edges
/// whose type may share a value with its own, and catch-alls. Routes found that way are only
/// candidates; ``RouteRelations`` decides each pair exactly, so the walk may find more than
/// the pairs that overlap (a route with an optional last segment also ends at the node
/// before it) but never fewer. The cost grows with the number of routes times the branching
/// along one path, plus the pairs that really can share a link, so a generated table of
/// 10,000 routes is checked in near-linear time.
struct RouteOverlapIndex {
    /// The trie of all the routes, its terminals positions in ``routes``.
    let trie: RouteTrie
    /// Declared texts of a literal node whose texts differ from its folded key (only when
    /// letters ignore case and a literal holds a capital), by node.
    private let literalTexts: [Int: [String]]
    private let routes: [CompiledRoute]
    private let relations: RouteRelations

    /// Indexes `routes`, building their trie unless `trie` (built over all of `routes`, in
    /// order) is given.
    init(_ routes: [CompiledRoute], relations: RouteRelations, trie: RouteTrie? = nil) {
        self.routes = routes
        self.relations = relations
        let trie =
            trie
            ?? RouteTrie(
                routes: routes, routeIndices: Array(routes.indices), precedence: relations.options.precedence)
        self.trie = trie
        literalTexts =
            relations.options.caseSensitivity == .sensitive ? [:] : Self.foldedTexts(routes, trie)
    }

    /// For each literal node reached by a declared text other than its key, every text that
    /// reaches it (its key included when some route declares it so).
    private static func foldedTexts(_ routes: [CompiledRoute], _ trie: RouteTrie) -> [Int: [String]] {
        var texts: [Int: [String]] = [:]
        // Nodes reached by their key as declared, so that the key counts among their texts.
        var keyed: [Int: String] = [:]
        for route in routes {
            var node = 0
            route.forEachSegment { segment in
                guard node >= 0 else { return }
                let n = trie.nodes[node]
                switch segment {
                case .literal(let text, let key):
                    node = trie.literalChild(n, key) ?? -1
                    guard node >= 0 else { return }
                    if text == key {
                        keyed[node] = key
                    } else if !(texts[node]?.contains(text) ?? false) {
                        texts[node, default: []].append(text)
                    }
                case .parameter(_, _, let validator):
                    node =
                        n.parameterEdges.first { trie.edges[$0].validator === validator }
                        .map { Int(trie.edges[$0].target) } ?? -1
                case .catchAll(_, _, let validator):
                    node =
                        n.catchAllEdges.first { trie.edges[$0].validator === validator }
                        .map { Int(trie.edges[$0].target) } ?? -1
                }
            }
        }
        for (node, key) in keyed where texts[node] != nil { texts[node]?.append(key) }
        return texts
    }

    /// The positions of the routes whose paths may share a link with the route at `position`,
    /// written to `found` (emptied first, its storage kept).
    ///
    /// With `shapeOnly`, the route's own parameters are read as accepting anything: the
    /// answer is then every route that may take a link shaped like this route's, whatever
    /// its parameter checks say. A route whose last segment is optional is walked for both
    /// of its shapes.
    func candidates(of position: Int, shapeOnly: Bool = false, into found: inout [Int]) {
        found.removeAll(keepingCapacity: true)
        let route = routes[position]
        let walker = Walker(
            path: route.route.path.segments, validators: route.parameterValidators,
            count: route.segmentCount, optional: route.hasOptionalLastSegment, folds: route.foldsLiteralKeys,
            shapeOnly: shapeOnly)
        walk(node: 0, depth: 0, validator: 0, walker, &found)
    }

    /// The route being walked, read from its declared segments (no compiled segment list is
    /// made): the declared path, the validators of its parameters in order, its segment
    /// count (a kept trailing slash adds an empty literal), whether its last segment is
    /// optional (so that its shorter shape ends one level up) and how literals are keyed.
    private struct Walker {
        let path: [PathPattern.Segment]
        let validators: [ParameterValidator]
        let count: Int
        let optional: Bool
        let folds: Bool
        let shapeOnly: Bool
    }

    private func appendTerminals(of index: Int, to found: inout [Int]) {
        let node = trie.nodes[index]
        for t in node.terminals { found.append(Int(trie.terminals[t])) }
    }

    /// Walks from trie node `index` with the route's segment at `depth`; `validator` is the
    /// position of the route's next parameter validator.
    private func walk(
        node index: Int, depth: Int, validator next: Int, _ route: Walker, _ found: inout [Int]
    ) {
        let node = trie.nodes[index]
        guard depth < route.count else {
            appendTerminals(of: index, to: &found)
            return
        }
        // The shorter shape of a route whose last segment is optional ends here.
        if route.optional, depth == route.count - 1 { appendTerminals(of: index, to: &found) }
        guard depth < route.path.count else {
            // The empty segment of a kept trailing slash.
            walkLiteral(node, "", "", depth: depth, validator: next, route, &found)
            return
        }
        switch route.path[depth] {
        case .literal(let text):
            walkLiteral(
                node, text, route.folds ? text.lowercased() : text, depth: depth, validator: next, route,
                &found)
        case .parameter:
            let validator = route.validators[next]
            for e in node.literalEdges {
                let edge = trie.literalEdges[e]
                let child = Int(edge.target)
                let accepted =
                    route.shapeOnly
                    || (literalTexts.isEmpty
                        ? relations.accepts(validator, edge.key)
                        : (literalTexts[child] ?? [edge.key]).contains { relations.accepts(validator, $0) })
                if accepted { walk(node: child, depth: depth + 1, validator: next + 1, route, &found) }
            }
            for e in node.parameterEdges
            where route.shapeOnly || relations.typesMayOverlap(validator, trie.edges[e].validator) {
                walk(node: Int(trie.edges[e].target), depth: depth + 1, validator: next + 1, route, &found)
            }
            for e in node.catchAllEdges { appendTerminals(of: Int(trie.edges[e].target), to: &found) }
        case .catchAll:
            // One or more further segments: every route below this node at a greater depth.
            var stack: [Int] = []
            func push(_ n: RouteTrie.Node) {
                for e in n.literalEdges { stack.append(Int(trie.literalEdges[e].target)) }
                for e in n.parameterEdges { stack.append(Int(trie.edges[e].target)) }
                for e in n.catchAllEdges { stack.append(Int(trie.edges[e].target)) }
            }
            push(node)
            while let next = stack.popLast() {
                appendTerminals(of: next, to: &found)
                push(trie.nodes[next])
            }
        }
    }

    private func walkLiteral(
        _ node: RouteTrie.Node, _ text: String, _ key: String, depth: Int, validator next: Int,
        _ route: Walker,
        _ found: inout [Int]
    ) {
        if node.hasLiterals, let child = trie.literalChild(node, key) {
            walk(node: child, depth: depth + 1, validator: next, route, &found)
        }
        for e in node.parameterEdges where relations.accepts(trie.edges[e].validator, text) {
            walk(node: Int(trie.edges[e].target), depth: depth + 1, validator: next, route, &found)
        }
        for e in node.catchAllEdges where relations.accepts(trie.edges[e].validator, text) {
            appendTerminals(of: Int(trie.edges[e].target), to: &found)
        }
    }
}

/// The overlap walk on a trie still being built: the table check adds each route to the trie
/// and walks it at once over the routes added before it. The walk is the one
/// ``RouteOverlapIndex`` makes (literal against parameter, type against type, catch-alls),
/// and it is symmetric, so walking the later route of each pair over the earlier ones finds
/// every pair, each once, while the route's declaration is still at hand.
extension RouteTrie.Builder {
    /// The route being walked, read from its declared segments.
    private struct OverlapWalker {
        let path: [PathPattern.Segment]
        let validators: [ParameterValidator]
        let count: Int
        let folds: Bool
        let relations: RouteRelations
    }

    /// The positions of the routes added so far whose paths may share a link with `route`,
    /// written to `found` (emptied first, its storage kept); may name a position more than
    /// once, and `route`'s own when it was added.
    func overlapCandidates(of route: CompiledRoute, relations: RouteRelations, into found: inout [Int]) {
        found.removeAll(keepingCapacity: true)
        let walker = OverlapWalker(
            path: route.route.path.segments, validators: route.parameterValidators,
            count: route.segmentCount, folds: route.foldsLiteralKeys, relations: relations)
        walk(node: 0, depth: 0, validator: 0, walker, &found)
    }

    private func appendTerminals(of node: Int32, to found: inout [Int]) {
        var t = Int(firstTerminal[Int(node)])
        while t >= 0 {
            found.append(Int(terminals[t].route))
            t = Int(terminals[t].next)
        }
    }

    /// Whether a parameter's validator may accept the literal edge into `child` keyed `key`:
    /// tried on every text that reaches the node when literals ignore case.
    private func accepts(
        _ validator: ParameterValidator, literal key: String, child: Int32, _ w: OverlapWalker
    )
        -> Bool
    {
        if !literalTexts.isEmpty, let texts = literalTexts[child] {
            return texts.contains { w.relations.accepts(validator, $0) }
                || (keyedLiterals.contains(child) && w.relations.accepts(validator, key))
        }
        return w.relations.accepts(validator, key)
    }

    private func walk(node: Int32, depth: Int, validator next: Int, _ w: OverlapWalker, _ found: inout [Int])
    {
        guard depth < w.count else {
            appendTerminals(of: node, to: &found)
            return
        }
        guard depth < w.path.count else {
            // The empty segment of a kept trailing slash.
            walkLiteral(node, "", "", depth: depth, validator: next, w, &found)
            return
        }
        switch w.path[depth] {
        case .literal(let text):
            walkLiteral(
                node, text, w.folds ? text.lowercased() : text, depth: depth, validator: next, w, &found)
        case .parameter:
            let validator = w.validators[next]
            var l = Int(firstLiteral[Int(node)])
            while l >= 0 {
                let child = literals[l].child
                if accepts(validator, literal: literals[l].key, child: child, w) {
                    walk(node: child, depth: depth + 1, validator: next + 1, w, &found)
                }
                l = Int(literals[l].next)
            }
            var e = Int(firstEdge[Int(node)])
            while e >= 0 {
                let child = parameterEdges[e].child
                if parameterEdges[e].catchAll {
                    appendTerminals(of: child, to: &found)
                } else if w.relations.typesMayOverlap(validator, parameterEdges[e].validator) {
                    walk(node: child, depth: depth + 1, validator: next + 1, w, &found)
                }
                e = Int(parameterEdges[e].next)
            }
        case .catchAll:
            // One or more further segments: every route below this node at a greater depth.
            var stack: [Int32] = []
            func push(_ n: Int32) {
                var l = Int(firstLiteral[Int(n)])
                while l >= 0 {
                    stack.append(literals[l].child)
                    l = Int(literals[l].next)
                }
                var e = Int(firstEdge[Int(n)])
                while e >= 0 {
                    stack.append(parameterEdges[e].child)
                    e = Int(parameterEdges[e].next)
                }
            }
            push(node)
            while let next = stack.popLast() {
                appendTerminals(of: next, to: &found)
                push(next)
            }
        }
    }

    private func walkLiteral(
        _ node: Int32, _ text: String, _ key: String, depth: Int, validator next: Int, _ w: OverlapWalker,
        _ found: inout [Int]
    ) {
        let child = existingLiteralChild(node, key)
        if child >= 0 { walk(node: child, depth: depth + 1, validator: next, w, &found) }
        var e = Int(firstEdge[Int(node)])
        while e >= 0 {
            if w.relations.accepts(parameterEdges[e].validator, text) {
                if parameterEdges[e].catchAll {
                    appendTerminals(of: parameterEdges[e].child, to: &found)
                } else {
                    walk(node: parameterEdges[e].child, depth: depth + 1, validator: next, w, &found)
                }
            }
            e = Int(parameterEdges[e].next)
        }
    }
}
