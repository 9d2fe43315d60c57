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
    /// A parameter or catch-all edge. Equal types share one validator (``ValidatorPool``),
    /// so the validator's identity is the edge's key.
    private struct Edge {
        let validator: ParameterValidator
        let child: Int
    }

    private struct Node {
        /// The literal children: folded key, then child.
        var literals: [(key: String, child: Int)] = []
        var parameters: [Edge] = []
        var catchAlls: [Edge] = []
        /// Positions (in the compiled list) of the routes whose path ends here.
        var terminals: [Int] = []
    }

    /// A literal edge, for finding a node's child while building.
    private struct LiteralKey: Hashable {
        let node: Int
        let key: String
    }

    private var nodes: [Node] = [Node()]
    /// Every literal edge, for finding a node's child by its folded key.
    private var literalChildren: [LiteralKey: Int] = [:]
    /// Declared texts of a literal child whose texts differ from its folded key (only when
    /// letters ignore case), by child.
    private var literalTexts: [Int: [String]] = [:]
    private let routes: [CompiledRoute]
    private let relations: RouteRelations

    init(_ routes: [CompiledRoute], relations: RouteRelations) {
        self.routes = routes
        self.relations = relations
        for (position, route) in routes.enumerated() {
            var node = 0
            route.forEachSegment { segment in
                switch segment {
                case .literal(let text, let folded):
                    let edge = LiteralKey(node: node, key: folded)
                    let child: Int
                    let isNew: Bool
                    if let known = literalChildren[edge] {
                        child = known
                        isNew = false
                    } else {
                        child = nodes.count
                        isNew = true
                        nodes.append(Node())
                        nodes[node].literals.append((folded, child))
                        literalChildren[edge] = child
                    }
                    // Without a record, every text of the child so far was its key.
                    if text != folded || literalTexts[child] != nil {
                        var texts = literalTexts[child] ?? (isNew ? [] : [folded])
                        if !texts.contains(text) { texts.append(text) }
                        literalTexts[child] = texts
                    }
                    node = child
                case .parameter(_, _, let validator):
                    if let edge = nodes[node].parameters.first(where: { $0.validator === validator }) {
                        node = edge.child
                    } else {
                        let child = nodes.count
                        nodes.append(Node())
                        nodes[node].parameters.append(Edge(validator: validator, child: child))
                        node = child
                    }
                case .catchAll(_, _, let validator):
                    if let edge = nodes[node].catchAlls.first(where: { $0.validator === validator }) {
                        node = edge.child
                    } else {
                        let child = nodes.count
                        nodes.append(Node())
                        nodes[node].catchAlls.append(Edge(validator: validator, child: child))
                        node = child
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
            if let child = literalChildren[LiteralKey(node: index, key: key)] {
                walk(node: child, depth: depth + 1, segments, shapeOnly, &found)
            }
            for edge in node.parameters where relations.accepts(edge.validator, text) {
                walk(node: edge.child, depth: depth + 1, segments, shapeOnly, &found)
            }
            for edge in node.catchAlls where relations.accepts(edge.validator, text) {
                found += nodes[edge.child].terminals
            }
        case .parameter(_, _, let validator):
            for (key, child) in node.literals {
                if shapeOnly
                    || (literalTexts[child] ?? [key]).contains(where: { relations.accepts(validator, $0) })
                {
                    walk(node: child, depth: depth + 1, segments, shapeOnly, &found)
                }
            }
            for edge in node.parameters
            where shapeOnly || relations.typesMayOverlap(validator, edge.validator) {
                walk(node: edge.child, depth: depth + 1, segments, shapeOnly, &found)
            }
            for edge in node.catchAlls { found += nodes[edge.child].terminals }
        case .catchAll:
            // One or more further segments: every route below this node at a greater depth.
            var stack: [Int] = []
            func push(_ n: Node) {
                for literal in n.literals { stack.append(literal.child) }
                for edge in n.parameters { stack.append(edge.child) }
                for edge in n.catchAlls { stack.append(edge.child) }
            }
            push(node)
            while let next = stack.popLast() {
                let n = nodes[next]
                found += n.terminals
                push(n)
            }
        }
    }
}
