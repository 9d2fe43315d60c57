/// Each route's position in its table by its name, for ``Router/route(named:)`` and reverse
/// routing, filled while the table is checked (a second route with a name already taken is
/// refused).
///
/// The router's hash table (``PositionTable``), keyed by ``RouteTrie/literalHash(_:)`` of
/// the name: cheaper to fill than a dictionary of names, which hashes each name with `Hasher`
/// and keeps a copy of it. The names are read from the table's routes, which the index
/// shares.
struct RouteNameIndex: Sendable {
    private let routes: [Route]
    private var table: PositionTable?

    /// An empty index.
    init() {
        routes = []
        table = nil
    }

    /// An index for the names of `routes`, empty until ``insert(_:)`` adds them.
    init(routes: [Route]) {
        self.routes = routes
        table = PositionTable(capacity: routes.count)
    }

    /// Adds the route at `position` by its name; false, with nothing added, when an earlier
    /// route has the same name.
    mutating func insert(_ position: Int) -> Bool {
        guard table != nil else { return false }
        let name = routes[position].name
        let hash = RouteTrie.literalHash(name)
        if find(name, hash) != nil { return false }
        table?.insert(position, hash: hash)
        return true
    }

    /// The position of the route with a name, or `nil`.
    subscript(name: String) -> Int? {
        table == nil ? nil : find(name, RouteTrie.literalHash(name))
    }

    @inline(__always)
    private func find(_ name: String, _ hash: UInt64) -> Int? {
        table?.find(hash) { routes[$0].name == name }
    }
}
