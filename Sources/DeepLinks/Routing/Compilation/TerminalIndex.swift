/// The routes that end at one trie node, indexed once the node has more than
/// ``threshold`` of them, so that a route ending there too compares only those that may make
/// a problem with it:
/// - by exact host, for routes whose scope serves web links on exact hosts only (two such
///   routes can share a link only on a host both name); other scopes are in one more list;
/// - by the set of query names, and by each name: a route covers another only when its query
///   names are among the other's;
/// - by priority, scope specificity and count of required query items: routes of one path
///   that are not ordered by them tie.
/// Each list is kept twice: for its scope class and for the whole node.
struct TerminalIndex {
    /// Routes ending at one node beyond which the node is indexed.
    static let threshold = 24

    /// What the index reads of a route.
    struct RouteInfo {
        /// Host identifiers, or [``generalScope``].
        let scopes: [Int32]
        /// Query name identifiers, sorted, each once.
        let names: [Int32]
        let signature: Int32
        let priority: Int
        let order: Int
    }

    static let generalScope: Int32 = -1
    static let wholeNode: Int32 = -2

    private struct Key: Hashable {
        let node: Int32
        let scope: Int32
        /// 0: every route, 1: by query names (`value` the signature), 2: by one query name,
        /// 3: by precedence (`value` the priority, `order` the specificity and count).
        let kind: Int8
        let value: Int
        let order: Int
    }

    private var hostIDs: [String: Int32] = [:]
    private var nameIDs: [String: Int32] = [:]
    private var signatureIDs: [[Int32]: Int32] = [:]
    private var lists: [Key: [Int32]] = [:]
    private var indexed: Set<Int32> = []

    func isIndexed(_ node: Int32) -> Bool { !indexed.isEmpty && indexed.contains(node) }

    /// The entry of a route that ends at an indexed node (so its names and hosts are known),
    /// or `nil` when it names more than four query items or a name the index does not know
    /// (the node's routes are then read one by one).
    func info(of route: CompiledRoute) -> RouteInfo? {
        var names: [Int32] = []
        for parameter in route.query {
            guard let id = nameIDs[parameter.name] else { return nil }
            if !names.contains(id) { names.append(id) }
        }
        guard names.count <= 4 else { return nil }
        names.sort()
        let scope = route.route.scope
        var scopes: [Int32] = []
        if Self.isByHost(scope) {
            for host in scope.hosts {
                if let id = hostIDs[host.name], !scopes.contains(id) { scopes.append(id) }
            }
            scopes.append(Self.generalScope)
        } else {
            scopes = [Self.wholeNode]
        }
        return RouteInfo(
            scopes: scopes, names: names, signature: signatureIDs[names] ?? -1,
            priority: route.route.priority, order: Self.order(route))
    }

    private static func order(_ route: CompiledRoute) -> Int {
        route.route.scope.specificity << 16 | min(route.requiredQueryCount, 0xFFFF)
    }

    private static func isByHost(_ scope: RouteScope) -> Bool {
        !scope.hosts.isEmpty && !scope.servesCustomSchemes
            && scope.hosts.allSatisfy { !$0.isSubdomainWildcard }
    }

    /// Indexes the route at position `r` ending at `node`.
    mutating func add(_ route: CompiledRoute, as r: Int32, at node: Int32) {
        indexed.insert(node)
        var names: [Int32] = []
        for parameter in route.query {
            let id = nameIDs[parameter.name] ?? Int32(nameIDs.count)
            nameIDs[parameter.name] = id
            if !names.contains(id) { names.append(id) }
        }
        names.sort()
        let signature = signatureIDs[names] ?? Int32(signatureIDs.count)
        signatureIDs[names] = signature
        let scope = route.route.scope
        var scopes: [Int32] = [Self.wholeNode]
        if Self.isByHost(scope) {
            for host in scope.hosts {
                let id = hostIDs[host.name] ?? Int32(hostIDs.count)
                hostIDs[host.name] = id
                if !scopes.contains(id) { scopes.append(id) }
            }
        } else {
            scopes.append(Self.generalScope)
        }
        let priority = route.route.priority
        let order = Self.order(route)
        for scope in scopes {
            lists[Key(node: node, scope: scope, kind: 0, value: 0, order: 0), default: []].append(r)
            lists[Key(node: node, scope: scope, kind: 1, value: Int(signature), order: 0), default: []]
                .append(r)
            for name in names {
                lists[Key(node: node, scope: scope, kind: 2, value: Int(name), order: 0), default: []].append(
                    r)
            }
            lists[Key(node: node, scope: scope, kind: 3, value: priority, order: order), default: []].append(
                r)
        }
    }

    /// Appends the routes ending at `node` that may make a problem with a route of the same
    /// path described by `info`: in a scope class it may share a link in, and covering it,
    /// covered by it (by query names) or tied with it.
    func appendCandidates(at node: Int32, for info: RouteInfo, to found: inout [Int]) {
        func append(_ key: Key) {
            guard let list = lists[key] else { return }
            for r in list { found.append(Int(r)) }
        }
        for scope in info.scopes {
            if info.names.isEmpty {
                // No query: covered, query-wise, by nothing but routes without one, and
                // covering every route.
                append(Key(node: node, scope: scope, kind: 0, value: 0, order: 0))
                continue
            }
            // Routes whose names are among `info.names` (each subset's signature).
            for mask in 0..<(1 << info.names.count) {
                var subset: [Int32] = []
                for (bit, name) in info.names.enumerated() where mask & (1 << bit) != 0 {
                    subset.append(name)
                }
                if let signature = signatureIDs[subset] {
                    append(Key(node: node, scope: scope, kind: 1, value: Int(signature), order: 0))
                }
            }
            // Routes that have all of `info.names` have its first.
            append(Key(node: node, scope: scope, kind: 2, value: Int(info.names[0]), order: 0))
            append(Key(node: node, scope: scope, kind: 3, value: info.priority, order: info.order))
        }
    }
}
