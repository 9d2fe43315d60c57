/// The compiled form of the routes of one priority level: a trie over path segments,
/// flattened into arrays.
///
/// Each node holds its literal children (in a shared array, found by a scan when they are
/// few and through an open-addressing table of their positions when many), then
/// its parameter edges and catch-all edges in precedence order, then the routes that end
/// there in precedence order. Nodes are 32 bytes of indices into shared arrays, so a lookup
/// touches few cache lines. A lookup walks the link's segments once, backtracking only where
/// a literal and a parameter (or two parameters) both accept a segment, so its cost grows
/// with the length of the link and the branching along it, not with the number of routes.
///
/// A class, because the tries are built once and read by every lookup: a reference is
/// passed where a struct would retain each of its arrays.
final class RouteTrie: Sendable {
    /// Nodes with more literal children than this use a hash table; the others a short scan.
    static let literalScanLimit = 8

    struct Node: Sendable {
        /// Where the node's table starts in ``RouteTrie/literalSlots``, or -1 when its
        /// literals are found by a scan of ``RouteTrie/literalEdges``.
        let literalMap: Int32
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
        var hasLiterals: Bool { literalMap >= 0 || literalStart < literalEnd }
    }

    struct LiteralEdge: Sendable {
        let key: String
        /// ``RouteTrie/literalHash(_:)`` of the key: most segments that differ from the key
        /// are told apart by it without comparing strings.
        let hash: UInt64
        let target: Int32
    }

    struct Edge: Sendable {
        let validator: ParameterValidator
        let untyped: Bool
        let target: Int32
    }

    let nodes: [Node]
    let literalEdges: [LiteralEdge]
    /// The tables of nodes with many literals: positions in ``literalEdges`` (-1 for an
    /// empty slot), ``tableCapacity(_:)`` slots per node, probed linearly from the hash.
    let literalSlots: [Int32]
    let edges: [Edge]
    /// Indices into the router's compiled routes.
    let terminals: [Int32]

    /// The child for a literal segment, or `nil`.
    @inline(__always)
    func literalChild(_ node: Node, _ key: String) -> Int? {
        let hash = Self.literalHash(key)
        if node.literalMap >= 0 {
            let base = Int(node.literalMap)
            let mask = Self.tableCapacity(Int(node.literalEnd - node.literalStart)) - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let e = Int(literalSlots[base + slot])
                if e < 0 { return nil }
                if literalEdges[e].hash == hash, literalEdges[e].key == key {
                    return Int(literalEdges[e].target)
                }
                slot = (slot + 1) & mask
            }
        }
        for i in node.literalEdges where literalEdges[i].hash == hash && literalEdges[i].key == key {
            return Int(literalEdges[i].target)
        }
        return nil
    }

    /// The number of slots of the table of a node with `count` literals: a power of two, at
    /// least twice the count, so that probes stay short.
    @inline(__always)
    static func tableCapacity(_ count: Int) -> Int {
        1 << (Int.bitWidth - (2 * count - 1).leadingZeroBitCount)
    }

    /// A 64-bit hash of the text's UTF-8 bytes, read eight at a time: cheaper than `Hasher`,
    /// and the same within a process, which is all the tables need.
    @inline(__always)
    static func literalHash(_ text: String) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable(literalHash) { return hash }
        return Array(text.utf8).withUnsafeBufferPointer(literalHash)
    }

    @inline(__always)
    static func literalHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            i += 8
        }
        // The last 0 to 7 bytes in at most three loads, none past the end.
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        if count & 4 != 0 {
            tail = UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            shift = 32
            i += 4
        }
        if count & 2 != 0 {
            tail |= UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt16.self)) << shift
            shift += 16
            i += 2
        }
        if count & 1 != 0 { tail |= UInt64(raw.load(fromByteOffset: i, as: UInt8.self)) << shift }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }

    /// A node while the trie is built: its children in the order first declared.
    private struct BuilderNode {
        var literals: [(key: String, child: Int)] = []
        var parameters: [BuilderEdge] = []
        var catchAlls: [BuilderEdge] = []
        var terminals: [Int] = []
    }

    /// A parameter or catch-all edge while the trie is built. Equal types share one
    /// validator (``ValidatorPool``), so the validator's identity is the edge's key; the
    /// segment gives the precedence key when a node's edges are ordered.
    private struct BuilderEdge {
        let segment: CompiledRoute.Segment
        let validator: ParameterValidator
        let untyped: Bool
        let child: Int
    }

    /// A literal edge, for finding a node's child by its key while building.
    private struct LiteralKey: Hashable {
        let node: Int
        let key: String
    }

    /// Builds the trie for some of the compiled routes; `routeIndices` are positions in `routes`.
    init(routes: [CompiledRoute], routeIndices: [Int], precedence: RoutingOptions.Precedence) {
        var builder = [BuilderNode()]
        var literalChildren: [LiteralKey: Int] = [:]
        func child(
            _ node: Int, _ edges: WritableKeyPath<BuilderNode, [BuilderEdge]>,
            _ segment: CompiledRoute.Segment,
            _ validator: ParameterValidator, untyped: Bool
        ) -> Int {
            if let edge = builder[node][keyPath: edges].first(where: { $0.validator === validator }) {
                return edge.child
            }
            builder.append(BuilderNode())
            let made = builder.count - 1
            builder[node][keyPath: edges].append(
                BuilderEdge(segment: segment, validator: validator, untyped: untyped, child: made))
            return made
        }
        for r in routeIndices {
            var node = 0
            let optionalAt = routes[r].hasOptionalLastSegment ? routes[r].segmentCount - 1 : -1
            var position = -1
            routes[r].forEachSegment { segment in
                position += 1
                // A route whose last segment is optional also ends before it.
                if position == optionalAt { builder[node].terminals.append(r) }
                switch segment {
                case .literal(_, let key):
                    let edge = LiteralKey(node: node, key: key)
                    if let known = literalChildren[edge] {
                        node = known
                    } else {
                        builder.append(BuilderNode())
                        let made = builder.count - 1
                        builder[node].literals.append((key, made))
                        literalChildren[edge] = made
                        node = made
                    }
                case .parameter(_, let type, let validator):
                    node = child(node, \.parameters, segment, validator, untyped: type == nil)
                case .catchAll(_, let type, let validator):
                    node = child(node, \.catchAlls, segment, validator, untyped: type == nil)
                }
            }
            builder[node].terminals.append(r)
        }

        var nodes: [Node] = []
        var literalEdges: [LiteralEdge] = []
        var literalSlots: [Int32] = []
        var edges: [Edge] = []
        var terminals: [Int32] = []
        // Exact capacities: the trie is kept as long as the router.
        nodes.reserveCapacity(builder.count)
        var counts = (literals: 0, slots: 0, edges: 0, terminals: 0)
        for node in builder {
            counts.literals += node.literals.count
            if node.literals.count > RouteTrie.literalScanLimit {
                counts.slots += RouteTrie.tableCapacity(node.literals.count)
            }
            counts.edges += node.parameters.count + node.catchAlls.count
            counts.terminals += node.terminals.count
        }
        literalEdges.reserveCapacity(counts.literals)
        literalSlots.reserveCapacity(counts.slots)
        edges.reserveCapacity(counts.edges)
        terminals.reserveCapacity(counts.terminals)
        func append(_ list: [BuilderEdge]) {
            let ordered = list.count > 1 ? list.sorted { $0.segment.key < $1.segment.key } : list
            for edge in ordered {
                edges.append(
                    Edge(validator: edge.validator, untyped: edge.untyped, target: Int32(edge.child)))
            }
        }
        for node in builder {
            let literalStart = literalEdges.count
            var literalMap = -1
            let ordered = node.literals.count > 1 ? node.literals.sorted { $0.key < $1.key } : node.literals
            for (key, child) in ordered {
                literalEdges.append(
                    LiteralEdge(key: key, hash: RouteTrie.literalHash(key), target: Int32(child)))
            }
            if node.literals.count > RouteTrie.literalScanLimit {
                literalMap = literalSlots.count
                let capacity = RouteTrie.tableCapacity(node.literals.count)
                literalSlots.append(contentsOf: repeatElement(-1, count: capacity))
                for e in literalStart..<literalEdges.count {
                    var slot = Int(truncatingIfNeeded: literalEdges[e].hash) & (capacity - 1)
                    while literalSlots[literalMap + slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
                    literalSlots[literalMap + slot] = Int32(e)
                }
            }
            let parameterStart = edges.count
            append(node.parameters)
            let catchAllStart = edges.count
            append(node.catchAlls)
            let terminalStart = terminals.count
            if node.terminals.count > 1 {
                let ordered = node.terminals.sorted { a, b in
                    RouteTrie.terminalPrecedes(routes[a], routes[b], precedence: precedence)
                }
                for r in ordered { terminals.append(Int32(r)) }
            } else {
                for r in node.terminals { terminals.append(Int32(r)) }
            }
            nodes.append(
                Node(
                    literalMap: Int32(literalMap), literalStart: Int32(literalStart),
                    literalEnd: Int32(literalEdges.count), parameterStart: Int32(parameterStart),
                    catchAllStart: Int32(catchAllStart), catchAllEnd: Int32(edges.count),
                    terminalStart: Int32(terminalStart), terminalEnd: Int32(terminals.count)))
        }
        self.nodes = nodes
        self.literalEdges = literalEdges
        self.literalSlots = literalSlots
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
