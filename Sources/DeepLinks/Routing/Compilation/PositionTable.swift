/// An open-addressing table of positions in a list kept elsewhere, found by a 64-bit hash of
/// what the list holds there: the router's one hash table, behind the trie's literal edges
/// (while it is built and once built) and the index of route names.
///
/// A slot keeps the position and the high half of the hash, so most probes that meet another
/// entry tell it apart without reading the list; `matches` decides the rest. Slots are probed
/// linearly from the hash, and the table is at most two-thirds full, so probes stay short: a
/// lookup or an insertion costs a few probes on average (about two for a position it holds,
/// five for one it does not, at the fullest), in 8-byte slots.
struct PositionTable: Sendable {
    private struct Slot: Sendable {
        var tag: UInt32
        /// The position in the caller's list, -1 for an empty slot.
        var position: Int32
    }

    private var slots: [Slot]
    private var mask: Int
    /// How many positions the table holds.
    private(set) var count = 0

    /// A table with room for `capacity` positions before it must grow.
    init(capacity: Int) {
        let slotCount = Self.slotCount(for: max(4, capacity))
        slots = Array(repeating: Slot(tag: 0, position: -1), count: slotCount)
        mask = slotCount - 1
    }

    /// The number of slots for `count` positions: a power of two, at least one and a half
    /// times the count (the table is kept as long as its router: a 10,000-route name index
    /// is 16,384 slots, not 32,768).
    static func slotCount(for count: Int) -> Int {
        1 << (Int.bitWidth - ((3 * count + 1) / 2 - 1).leadingZeroBitCount)
    }

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

    /// The position stored under `hash` for which `matches` holds, or `nil`.
    @inline(__always)
    func find(_ hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        let tag = Self.tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry.position < 0 { return nil }
            if entry.tag == tag, matches(Int(entry.position)) { return Int(entry.position) }
            slot = (slot + 1) & mask
        }
    }

    /// Whether another position fits without growing the table (``grow(hashOf:)``).
    var isFull: Bool { 3 * (count + 1) > 2 * slots.count }

    /// Adds a position under `hash`; the caller has found no equal entry (``find(_:where:)``)
    /// and grown a full table.
    @inline(__always)
    mutating func insert(_ position: Int, hash: UInt64) {
        assert(!isFull, "a full table grows before an insertion")
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].position >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Slot(tag: Self.tag(hash), position: Int32(position))
        count += 1
    }

    /// Doubles the slots, placing each position again by `hashOf(position)`.
    mutating func grow(hashOf: (Int) -> UInt64) {
        let old = slots
        slots = Array(repeating: Slot(tag: 0, position: -1), count: 2 * old.count)
        mask = slots.count - 1
        count = 0
        for entry in old where entry.position >= 0 {
            insert(Int(entry.position), hash: hashOf(Int(entry.position)))
        }
    }
}
