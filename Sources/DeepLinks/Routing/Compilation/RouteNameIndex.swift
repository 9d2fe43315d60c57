/// Each route's position in its table by its name, for ``Router/route(named:)`` and reverse
/// routing, filled while the table is checked (a second route with a name already taken is
/// refused).
///
/// An open-addressing table of positions, keyed by ``RouteTrie/literalHash(_:)`` of the
/// name: cheaper to fill than a dictionary of names, which hashes each name with `Hasher`
/// and keeps a copy of it. The names are read from the table's routes, which the index
/// shares.
struct RouteNameIndex: Sendable {
    /// One slot: the high half of the name's hash, and the route's position (-1 when empty).
    private struct Slot: Sendable {
        var hash: UInt32
        var position: Int32
    }

    private let routes: [Route]
    private var slots: [Slot]
    private let mask: Int

    /// An empty index.
    init() {
        routes = []
        slots = []
        mask = 0
    }

    /// An index for the names of `routes`, empty until ``insert(_:)`` adds them.
    init(routes: [Route]) {
        self.routes = routes
        let capacity = RouteTrie.tableCapacity(max(8, routes.count))
        slots = Array(repeating: Slot(hash: 0, position: -1), count: capacity)
        mask = capacity - 1
    }

    /// Adds the route at `position` by its name; false, with nothing added, when an earlier
    /// route has the same name.
    mutating func insert(_ position: Int) -> Bool {
        let probe = find(routes[position].name)
        guard probe.position == nil else { return false }
        slots[probe.slot] = Slot(hash: probe.high, position: Int32(position))
        return true
    }

    /// The position of the route with a name, or `nil`.
    subscript(name: String) -> Int? {
        slots.isEmpty ? nil : find(name).position
    }

    /// The slot holding the route named `name` and its position, or the empty slot where it
    /// would go (`position` `nil`); `high` is the half of the name's hash a slot keeps.
    @inline(__always)
    private func find(_ name: String) -> (slot: Int, high: UInt32, position: Int?) {
        let hash = RouteTrie.literalHash(name)
        let high = UInt32(truncatingIfNeeded: hash >> 32)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry.position < 0 { return (slot, high, nil) }
            if entry.hash == high, routes[Int(entry.position)].name == name {
                return (slot, high, Int(entry.position))
            }
            slot = (slot + 1) & mask
        }
    }
}
