extension RouteTrie {
    /// The trie while it is built: edges and terminals in flat lists, each node's own linked
    /// through them, and literal edges found through one open-addressing table keyed by the
    /// parent node and ``RouteTrie/literalHash(_:)``, so that building allocates a handful
    /// of arrays instead of several per node.
    struct Builder {
        struct Literal {
            let key: String
            let hash: UInt64
            let parent: Int32
            let child: Int32
            /// The parent's next literal edge, or -1.
            let next: Int32
        }

        /// A parameter or catch-all edge. Equal types share one validator (``ValidatorPool``),
        /// so the validator's identity is the edge's key; its type, unless the parameter is
        /// untyped, gives the precedence key when a node's edges are ordered. No type is kept
        /// here: the edge stays small and copying it retains one reference.
        struct ParameterEdge {
            let validator: ParameterValidator
            let untyped: Bool
            let catchAll: Bool
            /// Whether the edge's type is an enumeration (a literal may cover it).
            let isEnumeration: Bool
            let child: Int32
            /// The parent's next parameter or catch-all edge, or -1 (kept in declaration order).
            var next: Int32

            /// The precedence key of the edge's segment.
            var key: SegmentKey {
                let type = untyped ? nil : validator.type
                return catchAll
                    ? CompiledRoute.Segment.catchAll(name: "", type: type, validator: validator).key
                    : CompiledRoute.Segment.parameter(name: "", type: type, validator: validator).key
            }
        }

        var literals: [Literal] = []
        /// The positions in ``literals``, by parent and key (``RouteTrie/edgeHash(_:parent:)``).
        var literalTable: PositionTable
        var parameterEdges: [ParameterEdge] = []
        /// The parameter edges after a node's first ``scannedEdges``, by key.
        var manyEdges: [EdgeKey: Int32] = [:]
        /// Route and the node's next terminal (-1 ends the list).
        var terminals: [(route: Int32, next: Int32)] = []
        /// Per node: the first literal edge, first parameter or catch-all edge, last such
        /// edge and first terminal, or -1.
        var firstLiteral: [Int32] = [-1]
        var firstEdge: [Int32] = [-1]
        var lastEdge: [Int32] = [-1]
        var firstTerminal: [Int32] = [-1]
        /// For routes whose literals ignore case: the declared texts other than its key of
        /// each literal node reached by one, and the literal nodes some route reaches by their
        /// key as declared (the overlap walk reads them, ``RouteTrie/Builder/overlapCandidates(of:relations:into:)``).
        var literalTexts: [Int32: [String]] = [:]
        var keyedLiterals: Set<Int32> = []
        /// Per node, the lowest and highest priority of the routes ending at or below it, and
        /// how many end at it; per terminal, its route and the route's priority (the overlap
        /// walk reads them, ``RouteTrie/Builder/overlapCandidates(of:relations:into:)``).
        var minimumPriority: [Int] = [Int.max]
        var maximumPriority: [Int] = [Int.min]
        var terminalCounts: [Int32] = [0]
        var terminalRoutes: [CompiledRoute] = []
        var terminalPriorities: [Int] = []
        /// The routes of nodes where many end (``TerminalIndex``).
        var terminalIndex = TerminalIndex()

        /// A builder sized for about `routeCount` routes (it grows past that): routes share
        /// their first segments, so a table has about as many literal edges as routes.
        init(routeCount: Int) {
            literalTable = PositionTable(capacity: max(4, routeCount))
            literals.reserveCapacity(routeCount)
            parameterEdges.reserveCapacity(routeCount)
            terminals.reserveCapacity(routeCount)
            firstLiteral.reserveCapacity(2 * routeCount)
            firstEdge.reserveCapacity(2 * routeCount)
            lastEdge.reserveCapacity(2 * routeCount)
            firstTerminal.reserveCapacity(2 * routeCount)
            minimumPriority.reserveCapacity(2 * routeCount)
            maximumPriority.reserveCapacity(2 * routeCount)
            terminalCounts.reserveCapacity(2 * routeCount)
            terminalRoutes.reserveCapacity(routeCount)
            terminalPriorities.reserveCapacity(routeCount)
        }

        var nodeCount: Int { firstEdge.count }

        private mutating func newNode() -> Int32 {
            firstLiteral.append(-1)
            firstEdge.append(-1)
            lastEdge.append(-1)
            firstTerminal.append(-1)
            minimumPriority.append(Int.max)
            maximumPriority.append(Int.min)
            terminalCounts.append(0)
            return Int32(firstEdge.count - 1)
        }

        /// The child of `node` for a literal key, made when new.
        mutating func literalChild(_ node: Int32, _ key: String) -> Int32 {
            let hash = RouteTrie.literalHash(key)
            let existing = find(node, key, hash)
            if existing >= 0 { return existing }
            let child = newNode()
            if literalTable.isFull {
                literalTable.grow { [literals] e in
                    RouteTrie.edgeHash(literals[e].hash, parent: literals[e].parent)
                }
            }
            literalTable.insert(literals.count, hash: RouteTrie.edgeHash(hash, parent: node))
            literals.append(
                Literal(key: key, hash: hash, parent: node, child: child, next: firstLiteral[Int(node)]))
            firstLiteral[Int(node)] = Int32(literals.count - 1)
            return child
        }

        /// The child of `node` for a literal key, or -1 when there is none (nothing is made).
        func existingLiteralChild(_ node: Int32, _ key: String) -> Int32 {
            guard firstLiteral[Int(node)] >= 0 else { return -1 }
            return find(node, key, RouteTrie.literalHash(key))
        }

        @inline(__always)
        private func find(_ node: Int32, _ key: String, _ hash: UInt64) -> Int32 {
            let found = literalTable.find(RouteTrie.edgeHash(hash, parent: node)) { e in
                literals[e].parent == node && literals[e].hash == hash && literals[e].key == key
            }
            return found.map { literals[$0].child } ?? -1
        }

        /// The child of `node` for a parameter or catch-all segment, made when new.
        ///
        /// A node's first ``scannedEdges`` edges are compared one by one; the rest are found by
        /// their key (``manyEdges``), so that a node with thousands of parameter edges (routes of
        /// one shape told apart by their parameters' types) costs a lookup a route, not a scan.
        mutating func edgeChild(
            _ node: Int32, untyped: Bool, _ validator: ParameterValidator, catchAll: Bool
        ) -> Int32 {
            var e = Int(firstEdge[Int(node)])
            var scanned = 0
            while e >= 0, scanned < Self.scannedEdges {
                if parameterEdges[e].validator === validator, parameterEdges[e].catchAll == catchAll {
                    return parameterEdges[e].child
                }
                e = Int(parameterEdges[e].next)
                scanned += 1
            }
            let key = EdgeKey(node: node, validator: ObjectIdentifier(validator), catchAll: catchAll)
            let isMany = scanned == Self.scannedEdges
            if isMany, e >= 0, let found = manyEdges[key] { return parameterEdges[Int(found)].child }
            let child = newNode()
            let made = Int32(parameterEdges.count)
            var isEnumeration = false
            if !untyped, case .enumeration = validator.type { isEnumeration = true }
            parameterEdges.append(
                ParameterEdge(
                    validator: validator, untyped: untyped, catchAll: catchAll, isEnumeration: isEnumeration,
                    child: child, next: -1))
            let last = Int(lastEdge[Int(node)])
            if last < 0 { firstEdge[Int(node)] = made } else { parameterEdges[last].next = made }
            lastEdge[Int(node)] = made
            if isMany { manyEdges[key] = made }
            return child
        }

        /// How many of a node's parameter edges ``edgeChild(_:untyped:_:catchAll:)`` compares
        /// one by one before it looks the rest up by key.
        static let scannedEdges = 8

        /// A parameter or catch-all edge's identity: its node, its validator, whether it is a
        /// catch-all.
        struct EdgeKey: Hashable {
            let node: Int32
            let validator: ObjectIdentifier
            let catchAll: Bool
        }

        /// Adds the route at position `r` of the list the trie is made for, reading its
        /// declared segments (no compiled segment is made): each of its readings ends where its
        /// own segments lead, with the position `r`. `r` is the route's ``CompiledRoute/index``:
        /// the trie reads a terminal's position from its compiled route.
        mutating func add(_ route: CompiledRoute, as r: Int) {
            addPath(of: route, as: r)
            for reading in route.readings { addPath(of: reading, as: r) }
        }

        /// Adds one reading (a path without optional segments) with the position `r`.
        mutating func addPath(of route: CompiledRoute, as r: Int) {
            var node: Int32 = 0
            let path = route.route.path.segments
            let validators = route.parameterValidators
            let folds = route.foldsLiteralKeys
            let priority = route.route.priority
            notePriority(priority, at: node)
            defer { notePriority(priority, at: node) }
            var next = 0
            for position in path.indices {
                notePriority(priority, at: node)
                // Matched in place: only a literal's text is read out of the segment.
                switch path[position] {
                case .literal(let text):
                    guard folds else {
                        node = literalChild(node, text)
                        break
                    }
                    let key = text.lowercased()
                    node = literalChild(node, key)
                    if key == text {
                        keyedLiterals.insert(node)
                    } else if !(literalTexts[node]?.contains(text) ?? false) {
                        literalTexts[node, default: []].append(text)
                    }
                case .parameter(_, nil):
                    node = edgeChild(node, untyped: true, validators[next], catchAll: false)
                    next += 1
                case .parameter:
                    node = edgeChild(node, untyped: false, validators[next], catchAll: false)
                    next += 1
                case .catchAll(_, nil):
                    node = edgeChild(node, untyped: true, validators[next], catchAll: true)
                    next += 1
                case .catchAll:
                    node = edgeChild(node, untyped: false, validators[next], catchAll: true)
                    next += 1
                }
            }
            if route.hasEmptyLastSegment {
                notePriority(priority, at: node)
                node = literalChild(node, "")
            }
            addTerminal(node, route: route, as: r)
        }

        @inline(__always)
        private mutating func notePriority(_ priority: Int, at node: Int32) {
            let n = Int(node)
            if priority < minimumPriority[n] { minimumPriority[n] = priority }
            if priority > maximumPriority[n] { maximumPriority[n] = priority }
        }

        /// Adds the route at position `r` to the routes ending at `node`, and to the node's
        /// index once it has many (``TerminalIndex``).
        mutating func addTerminal(_ node: Int32, route: CompiledRoute, as r: Int) {
            terminals.append((Int32(r), firstTerminal[Int(node)]))
            firstTerminal[Int(node)] = Int32(terminals.count - 1)
            terminalRoutes.append(route)
            terminalPriorities.append(route.route.priority)
            notePriority(route.route.priority, at: node)
            let count = terminalCounts[Int(node)] + 1
            terminalCounts[Int(node)] = count
            if count > TerminalIndex.threshold {
                terminalIndex.add(route, as: Int32(r), at: node)
            } else if count == TerminalIndex.threshold {
                var t = Int(firstTerminal[Int(node)])
                while t >= 0 {
                    terminalIndex.add(terminalRoutes[t], as: terminals[t].route, at: node)
                    t = Int(terminals[t].next)
                }
            }
        }
    }
}
