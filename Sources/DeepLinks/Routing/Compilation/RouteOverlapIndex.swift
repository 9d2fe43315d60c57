/// The candidate pairs of routes that the table check compares, found by walking a trie of
/// every route's path instead of comparing every route with every other.
///
/// Each route walks the trie along its own segments: at each level it follows the same
/// literal, the parameter edges that may accept its literal, the literal edges its parameter
/// may accept, parameter edges whose type may share a value with its own, and catch-alls.
/// Routes found that way are only candidates; ``RouteRelations`` decides each pair exactly.
/// The cost grows with the number of routes times the branching along one path, plus the
/// pairs that really can share a link, so a generated table of 10,000 routes is checked in
/// near-linear time.
struct RouteOverlapIndex {
    private struct Node {
        var literals: [String: Int] = [:]
        /// One declared text per literal key (the key is folded when letters ignore case).
        var literalTexts: [String: [String]] = [:]
        var parameters: [SegmentKey: (validator: ParameterValidator, child: Int)] = [:]
        var catchAlls: [SegmentKey: (validator: ParameterValidator, child: Int)] = [:]
        /// Positions (in the compiled list) of the routes whose path ends here.
        var terminals: [Int] = []
    }

    private var nodes: [Node] = [Node()]
    private let routes: [CompiledRoute]
    private let relations: RouteRelations

    init(_ routes: [CompiledRoute], relations: RouteRelations) {
        self.routes = routes
        self.relations = relations
        for (position, route) in routes.enumerated() {
            var node = 0
            for segment in route.segments {
                let key = segment.key
                switch segment {
                case .literal(let text, let folded):
                    if let child = nodes[node].literals[folded] {
                        node = child
                        if !(nodes[node].literalTexts[folded]?.contains(text) ?? false) {
                            nodes[node].literalTexts[folded, default: []].append(text)
                        }
                    } else {
                        nodes.append(Node())
                        let child = nodes.count - 1
                        nodes[node].literals[folded] = child
                        nodes[node].literalTexts[folded] = [text]
                        node = child
                    }
                case .parameter(_, _, let validator):
                    if let edge = nodes[node].parameters[key] {
                        node = edge.child
                    } else {
                        nodes.append(Node())
                        nodes[node].parameters[key] = (validator, nodes.count - 1)
                        node = nodes.count - 1
                    }
                case .catchAll(_, _, let validator):
                    if let edge = nodes[node].catchAlls[key] {
                        node = edge.child
                    } else {
                        nodes.append(Node())
                        nodes[node].catchAlls[key] = (validator, nodes.count - 1)
                        node = nodes.count - 1
                    }
                }
            }
            nodes[node].terminals.append(position)
        }
    }

    /// The positions of the routes whose paths may share a link with the route at `position`.
    ///
    /// With `shapeOnly`, the route's own parameters are read as accepting anything: the
    /// answer is then every route that may take a link shaped like this route's, whatever
    /// its parameter checks say.
    func candidates(of position: Int, shapeOnly: Bool = false) -> [Int] {
        var found: [Int] = []
        walk(node: 0, depth: 0, routes[position].segments, shapeOnly, &found)
        return found
    }

    private func walk(
        node index: Int, depth: Int, _ segments: [CompiledRoute.Segment], _ shapeOnly: Bool,
        _ found: inout [Int]
    ) {
        let node = nodes[index]
        guard depth < segments.count else {
            found += node.terminals
            return
        }
        switch segments[depth] {
        case .literal(let text, let key):
            if let child = node.literals[key] {
                walk(node: child, depth: depth + 1, segments, shapeOnly, &found)
            }
            for edge in node.parameters.values where relations.accepts(edge.validator, text) {
                walk(node: edge.child, depth: depth + 1, segments, shapeOnly, &found)
            }
            for edge in node.catchAlls.values where relations.accepts(edge.validator, text) {
                found += nodes[edge.child].terminals
            }
        case .parameter(_, _, let validator):
            for (key, child) in node.literals {
                let texts = node.literalTexts[key] ?? [key]
                if shapeOnly || texts.contains(where: { relations.accepts(validator, $0) }) {
                    walk(node: child, depth: depth + 1, segments, shapeOnly, &found)
                }
            }
            for edge in node.parameters.values
            where shapeOnly || relations.typesMayOverlap(validator, edge.validator) {
                walk(node: edge.child, depth: depth + 1, segments, shapeOnly, &found)
            }
            for edge in node.catchAlls.values { found += nodes[edge.child].terminals }
        case .catchAll:
            // One or more further segments: every route below this node at a greater depth.
            var stack =
                Array(node.literals.values) + node.parameters.values.map(\.child)
                + node.catchAlls.values.map(\.child)
            while let next = stack.popLast() {
                let n = nodes[next]
                found += n.terminals
                stack += Array(n.literals.values)
                stack += n.parameters.values.map(\.child)
                stack += n.catchAlls.values.map(\.child)
            }
        }
    }
}
