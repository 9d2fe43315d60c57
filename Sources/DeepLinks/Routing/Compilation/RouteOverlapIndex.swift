/// The candidate pairs of routes that the table check compares, found by walking the trie of
/// every route's path instead of comparing every route with every other.
///
/// The trie is the router's own (``RouteTrie``), built once: the table check walks it, and
/// the router keeps it when the table has one priority level. Each route walks the trie
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
    /// its parameter checks say.
    func candidates(of position: Int, shapeOnly: Bool = false, into found: inout [Int]) {
        found.removeAll(keepingCapacity: true)
        let route = routes[position]
        let walker = Walker(
            path: route.route.path.segments, validators: route.parameterValidators,
            count: route.segmentCount, folds: route.foldsLiteralKeys, shapeOnly: shapeOnly)
        walk(node: 0, depth: 0, validator: 0, walker, &found)
    }

    /// The route being walked, read from its declared segments (no compiled segment list is
    /// made): the declared path, the validators of its parameters in order, its segment
    /// count (a kept trailing slash adds an empty literal) and how literals are keyed.
    private struct Walker {
        let path: [PathPattern.Segment]
        let validators: [ParameterValidator]
        let count: Int
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
