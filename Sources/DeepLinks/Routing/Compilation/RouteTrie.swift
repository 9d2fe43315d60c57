/// The compiled form of the routes of one priority level: a trie over path segments,
/// flattened into arrays.
///
/// Each node holds its literal children (in a shared array, found through the trie's one hash
/// table, ``literalTable``, keyed by the parent node and the segment), then its parameter
/// edges and catch-all edges in precedence order, then the routes that end there in
/// precedence order. Nodes are 16 bytes of indices into shared arrays (where each list
/// starts: it ends where the next node's starts), so a lookup touches few cache lines. A
/// lookup walks the link's segments once (``walk(node:depth:carried:_:_:_:_:)``),
/// backtracking only where a literal and a parameter (or two parameters) both accept a
/// segment, so its cost grows with the length of the link and the branching along it, not
/// with the number of routes.
///
/// A class, because the tries are built once and read by every lookup: a reference is
/// passed where a struct would retain each of its arrays.
final class RouteTrie: Sendable {
    /// A node as the walk reads it: the ranges of its edges and terminals in the shared lists.
    struct Node: Sendable {
        let literalStart: Int32
        let literalEnd: Int32
        let parameterStart: Int32
        let catchAllStart: Int32
        let catchAllEnd: Int32
        let terminalStart: Int32
        let terminalEnd: Int32

        var literalEdges: Range<Int> { Int(literalStart)..<Int(literalEnd) }
        var parameterEdges: Range<Int> { Int(parameterStart)..<Int(catchAllStart) }
        var catchAllEdges: Range<Int> { Int(catchAllStart)..<Int(catchAllEnd) }
        var terminals: Range<Int> { Int(terminalStart)..<Int(terminalEnd) }
        var hasLiterals: Bool { literalStart < literalEnd }
    }

    /// A node as it is kept: where its lists start, 16 bytes. Each node's lists end where the
    /// next node's start (the lists are laid out node after node, parameter edges before
    /// catch-all edges), so the ends are read from the next node, and the last node is
    /// followed by one that starts at the lists' ends.
    struct NodeStarts: Sendable {
        let literal: Int32
        let parameter: Int32
        let catchAll: Int32
        let terminal: Int32
    }

    struct LiteralEdge: Sendable {
        let key: String
        /// ``RouteTrie/literalHash(_:)`` of the key's bytes: a segment that differs from the
        /// key is told apart by it without comparing strings, and a segment spelled with other
        /// bytes that `String`'s `==` calls equal (`e` and U+0301 beside `é`) never matches
        /// the key (the table's slot keeps only the high half, mixed with the parent).
        let hash: UInt64
        let parent: Int32
        let target: Int32
    }

    struct Edge: Sendable {
        let validator: ParameterValidator
        let untyped: Bool
        let target: Int32
    }

    /// The nodes' starts, and one after the last node (``node(_:)``).
    let nodeStarts: [NodeStarts]

    /// The node at `index`, its ranges read from its starts and the next node's.
    @inline(__always)
    func node(_ index: Int) -> Node {
        let starts = nodeStarts[index]
        let next = nodeStarts[index + 1]
        return Node(
            literalStart: starts.literal, literalEnd: next.literal, parameterStart: starts.parameter,
            catchAllStart: starts.catchAll, catchAllEnd: next.parameter, terminalStart: starts.terminal,
            terminalEnd: next.terminal)
    }
    /// Each node's literal edges, by key, node after node.
    let literalEdges: [LiteralEdge]
    /// The positions in ``literalEdges``, by parent and key (``edgeHash(_:parent:)``).
    let literalTable: PositionTable
    let edges: [Edge]
    /// The compiled route of each terminal, node after node: for a route with optional
    /// segments, the reading that ends there, whose parameter positions are the link's. Its
    /// position in the router's compiled routes is its ``CompiledRoute/index``, so no list of
    /// positions is kept beside it.
    let terminalRoutes: [CompiledRoute]

    /// The child for a literal segment, or `nil`.
    @inline(__always)
    func literalChild(_ node: Int, _ key: String) -> Int? {
        let hash = Self.literalHash(key)
        let parent = Int32(truncatingIfNeeded: node)
        let found = literalTable.find(Self.edgeHash(hash, parent: parent)) { e in
            literalEdges[e].parent == parent && literalEdges[e].hash == hash && literalEdges[e].key == key
        }
        return found.map { Int(literalEdges[$0].target) }
    }

    /// A 64-bit hash of the text's UTF-8 bytes (``TextBytes/hash(_:)``): cheaper than
    /// `Hasher`, and the same within a process, which is all the tables need.
    @inline(__always)
    static func literalHash(_ text: String) -> UInt64 {
        TextBytes.read(text, TextBytes.hash)
    }

    /// The hash of a literal edge in the trie's table: its key's hash mixed with its parent.
    @inline(__always)
    static func edgeHash(_ hash: UInt64, parent: Int32) -> UInt64 {
        var mixed = hash ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
        mixed ^= mixed >> 32
        return mixed
    }

    /// Builds the trie for some of the compiled routes; `routeIndices` are positions in `routes`.
    convenience init(routes: [CompiledRoute], routeIndices: [Int], precedence: RoutingOptions.Precedence) {
        var builder = Builder(routeCount: routeIndices.count)
        for r in routeIndices { builder.add(routes[r], as: r) }
        self.init(builder, precedence: precedence)
    }

    /// The trie of the routes added to `builder`. The table check adds each route as soon as
    /// it is compiled, while its declaration is at hand.
    init(_ builder: Builder, precedence: RoutingOptions.Precedence) {
        // One function: one pass over the builder's nodes that lays the trie out in its final
        // lists, made at their exact capacities, with two scratch lists reused from node to node;
        // split, the five lists and the scratch would be passed to every step.
        let nodeCount = builder.nodeCount
        var nodes: [NodeStarts] = []
        var literalEdges: [LiteralEdge] = []
        var literalTable = PositionTable(capacity: builder.literals.count)
        var edges: [Edge] = []
        // The compiled route (the reading) of each terminal.
        var terminalCompiled: [CompiledRoute] = []
        // Exact capacities: the trie is kept as long as the router.
        nodes.reserveCapacity(nodeCount + 1)
        literalEdges.reserveCapacity(builder.literals.count)
        edges.reserveCapacity(builder.parameterEdges.count)
        terminalCompiled.reserveCapacity(builder.terminals.count)
        // Read through locals: a closure that captured the builder would copy it.
        let builtLiterals = builder.literals
        let builtEdges = builder.parameterEdges
        // Scratch lists of one node's edges or terminals, reused from node to node.
        var scratch: [Int32] = []
        var ordered: [Int32] = []
        for n in 0..<nodeCount {
            let literalStart = literalEdges.count
            // Most nodes have no literal or parameter child: their lists are left as they are.
            if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
            var l = Int(builder.firstLiteral[n])
            while l >= 0 {
                scratch.append(Int32(l))
                l = Int(builder.literals[l].next)
            }
            if scratch.count > 1 {
                scratch.sort { builtLiterals[Int($0)].key < builtLiterals[Int($1)].key }
            }
            for l in scratch {
                let literal = builder.literals[Int(l)]
                literalTable.insert(
                    literalEdges.count, hash: RouteTrie.edgeHash(literal.hash, parent: Int32(n)))
                literalEdges.append(
                    LiteralEdge(key: literal.key, hash: literal.hash, parent: Int32(n), target: literal.child)
                )
            }

            let parameterStart = edges.count
            var catchAllStart = edges.count
            for pass in 0..<2 {
                let catchAll = pass == 1
                if catchAll { catchAllStart = edges.count }
                if !ordered.isEmpty { ordered.removeAll(keepingCapacity: true) }
                var e = Int(builder.firstEdge[n])
                while e >= 0 {
                    if builder.parameterEdges[e].catchAll == catchAll { ordered.append(Int32(e)) }
                    e = Int(builder.parameterEdges[e].next)
                }
                if ordered.count > 1 {
                    ordered.sort { builtEdges[Int($0)].key < builtEdges[Int($1)].key }
                }
                for e in ordered {
                    let edge = builder.parameterEdges[Int(e)]
                    edges.append(
                        Edge(validator: edge.validator, untyped: edge.untyped, target: edge.child))
                }
            }

            let terminalStart = terminalCompiled.count
            var t = Int(builder.firstTerminal[n])
            if !ordered.isEmpty { ordered.removeAll(keepingCapacity: true) }
            while t >= 0 {
                ordered.append(Int32(t))
                t = Int(builder.terminals[t].next)
            }
            if ordered.count > 1 {
                // The list runs from the last added; sorted from declaration order as before.
                ordered.reverse()
                let built = builder.terminalRoutes
                ordered.sort { a, b in
                    RouteTrie.terminalPrecedes(built[Int(a)], built[Int(b)], precedence: precedence)
                }
            }
            for t in ordered {
                // The route's position is read from the compiled route: the builder was given
                // the routes at their positions in the router's list (`add(_:as:)`).
                assert(Int(builder.terminals[Int(t)].route) == builder.terminalRoutes[Int(t)].index)
                terminalCompiled.append(builder.terminalRoutes[Int(t)])
            }
            nodes.append(
                NodeStarts(
                    literal: Int32(literalStart), parameter: Int32(parameterStart),
                    catchAll: Int32(catchAllStart), terminal: Int32(terminalStart)))
        }
        // The ends of the last node's lists.
        nodes.append(
            NodeStarts(
                literal: Int32(literalEdges.count), parameter: Int32(edges.count),
                catchAll: Int32(edges.count), terminal: Int32(terminalCompiled.count)))
        self.nodeStarts = nodes
        self.literalEdges = literalEdges
        self.literalTable = literalTable
        self.edges = edges
        terminalRoutes = terminalCompiled
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
