/// The compiled form of the routes of one priority level: a trie over path segments,
/// flattened into arrays.
///
/// Each node holds a hash map from literal segment to child, then its parameter edges and
/// catch-all edges in precedence order, then the routes that end there in precedence order.
/// A lookup walks the link's segments once, backtracking only where a literal and a
/// parameter (or two parameters) both accept a segment, so its cost grows with the length of
/// the link and the branching along it, not with the number of routes.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literals: [String: Int32]
        var parameterEdges: Range<Int>
        var catchAllEdges: Range<Int>
        var terminals: Range<Int>
    }

    struct Edge: Sendable {
        let validator: ParameterValidator
        let untyped: Bool
        let target: Int32
    }

    let nodes: [Node]
    let edges: [Edge]
    /// Indices into the router's compiled routes.
    let terminals: [Int32]

    private struct BuilderNode {
        var literals: [String: Int] = [:]
        var parameters: [SegmentKey: (validator: ParameterValidator, untyped: Bool, child: Int)] = [:]
        var catchAlls: [SegmentKey: (validator: ParameterValidator, untyped: Bool, child: Int)] = [:]
        var terminals: [Int] = []
    }

    /// Builds the trie for some of the compiled routes; `routeIndices` are positions in `routes`.
    init(routes: [CompiledRoute], routeIndices: [Int], precedence: RoutingOptions.Precedence) {
        var builder = [BuilderNode()]
        for r in routeIndices {
            var node = 0
            for segment in routes[r].segments {
                let key = segment.key
                switch segment {
                case .literal:
                    if let child = builder[node].literals[key.text] {
                        node = child
                    } else {
                        builder.append(BuilderNode())
                        builder[node].literals[key.text] = builder.count - 1
                        node = builder.count - 1
                    }
                case .parameter(_, let type, let validator):
                    if let edge = builder[node].parameters[key] {
                        node = edge.child
                    } else {
                        builder.append(BuilderNode())
                        builder[node].parameters[key] = (validator, type == nil, builder.count - 1)
                        node = builder.count - 1
                    }
                case .catchAll(_, let type, let validator):
                    if let edge = builder[node].catchAlls[key] {
                        node = edge.child
                    } else {
                        builder.append(BuilderNode())
                        builder[node].catchAlls[key] = (validator, type == nil, builder.count - 1)
                        node = builder.count - 1
                    }
                }
            }
            builder[node].terminals.append(r)
        }

        var nodes: [Node] = []
        var edges: [Edge] = []
        var terminals: [Int32] = []
        nodes.reserveCapacity(builder.count)
        for node in builder {
            let parameterStart = edges.count
            for (_, edge) in node.parameters.sorted(by: { $0.key < $1.key }) {
                edges.append(
                    Edge(validator: edge.validator, untyped: edge.untyped, target: Int32(edge.child)))
            }
            let catchAllStart = edges.count
            for (_, edge) in node.catchAlls.sorted(by: { $0.key < $1.key }) {
                edges.append(
                    Edge(validator: edge.validator, untyped: edge.untyped, target: Int32(edge.child)))
            }
            let terminalStart = terminals.count
            let ordered = node.terminals.sorted { a, b in
                Self.terminalPrecedes(routes[a], routes[b], precedence: precedence)
            }
            terminals.append(contentsOf: ordered.map { Int32($0) })
            nodes.append(
                Node(
                    literals: node.literals.mapValues { Int32($0) },
                    parameterEdges: parameterStart..<catchAllStart,
                    catchAllEdges: catchAllStart..<edges.count,
                    terminals: terminalStart..<terminals.count))
        }
        self.nodes = nodes
        self.edges = edges
        self.terminals = terminals
    }

    /// The order of routes that share a path shape: the more specific scope, then more
    /// required query parameters, then the name (only for routes that cannot both match,
    /// because the table refuses ambiguous ones).
    static func terminalPrecedes(
        _ a: CompiledRoute, _ b: CompiledRoute, precedence: RoutingOptions.Precedence
    ) -> Bool {
        if precedence == .declarationOrder { return a.index < b.index }
        let sa = a.route.scope.specificity
        let sb = b.route.scope.specificity
        if sa != sb { return sa > sb }
        if a.requiredQueryCount != b.requiredQueryCount { return a.requiredQueryCount > b.requiredQueryCount }
        return a.name < b.name
    }
}
