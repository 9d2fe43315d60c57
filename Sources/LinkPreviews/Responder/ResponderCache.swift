/// A bounded map shared by every copy of a responder: the links it has decided, the pages it
/// has rendered.
///
/// It holds at most `capacity` entries (none when `capacity` is 0); when it is full, storing a
/// new key drops the entry kept longest first, so no order of requests can pin one in place
/// (reading an entry does not keep it longer). Its memory is bounded by `capacity` times the
/// largest entry. A read or a write holds the lock for one dictionary operation (two when an
/// entry is dropped): constant time on average, plus hashing the key (linear in its size).
///
/// The entry to drop is found in a ring of the keys in the order they were stored, not in the
/// dictionary's order: always dropping the dictionary's first entry empties the start of its
/// table while new keys land everywhere, and the entries left form one long run that every
/// lookup then probes (measured: a site of links seen once spent most of each page there).
final class ResponderCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most entries kept.
    let capacity: Int
    private let state: Locked<State>

    private struct State: Sendable {
        var entries: [Key: Value] = [:]
        /// The keys in the order they were stored; once full, `next` is the oldest.
        var order: [Key] = []
        var next = 0
    }

    init(capacity: Int) {
        self.capacity = capacity
        state = Locked(State())
    }

    /// The value kept for a key.
    func value(for key: Key) -> Value? {
        state.withLock { $0.entries[key] }
    }

    /// Keeps a value for a key, dropping the entry kept longest when the cache is full.
    func store(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        let capacity = self.capacity
        state.withLock { state in
            if state.entries.updateValue(value, forKey: key) != nil { return }
            if state.order.count < capacity {
                state.order.append(key)
                return
            }
            state.entries[state.order[state.next]] = nil
            state.order[state.next] = key
            state.next = state.next + 1 == capacity ? 0 : state.next + 1
        }
    }

    /// How many entries are kept.
    var count: Int {
        state.withLock { $0.entries.count }
    }
}

/// The texts seen once and not yet kept, by their hashes: a table of `capacity` slots (at most
/// ``mostSlots``), each holding the hash of the last text whose hash chose it.
///
/// A site's long tail of links seen once costs a responder one slot written per link here,
/// where keeping each link's decision would copy it into the cache and drop, then destroy, the
/// entry kept longest. Two texts whose hashes choose the same slot forget each other (the
/// second time either is seen counts as the first again); two texts with the same hash count
/// as one. Neither changes an answer, only what is kept. Its memory is one word a slot, made
/// with the table; a look holds the lock for one slot.
final class SeenTexts: Sendable {
    private let slots: Locked<[Int]>

    /// The most slots a table has (512 KiB), whatever capacity it is made for: a cache of more
    /// entries (up to `Int.max`, "no bound") keeps what is asked for twice while those slots
    /// remember it, and notes the rest again.
    static let mostSlots = 1 << 16

    /// A table of `capacity` slots, at most ``mostSlots`` (none when `capacity` is 0 or less:
    /// nothing is ever seen before).
    init(capacity: Int) {
        slots = Locked(Array(repeating: 0, count: min(max(capacity, 0), Self.mostSlots)))
    }

    /// Whether `key` was seen since its slot last changed: `true` empties the slot, `false` notes
    /// `key` in it.
    func seenBefore(_ key: HashedText) -> Bool {
        slots.withLock { slots in
            guard !slots.isEmpty else { return false }
            let slot = Int(UInt(bitPattern: key.textHash) % UInt(slots.count))
            if slots[slot] == key.textHash {
                slots[slot] = 0
                return true
            }
            slots[slot] = key.textHash
            return false
        }
    }
}

/// A text kept as a cache key with its hash worked out once, when the key is made.
///
/// A dictionary hashes a key each time it is looked up, stored, or moved when a neighbouring
/// entry is dropped; hashing a link reads every byte of it. This key pays that once per link
/// and then hashes one integer. Equality is the text's own (`==`), checked after the hashes.
struct HashedText: Hashable, Sendable {
    /// The text.
    let text: String
    /// The text's `hashValue`.
    let textHash: Int

    init(_ text: String) {
        self.text = text
        textHash = text.hashValue
    }

    static func == (lhs: HashedText, rhs: HashedText) -> Bool {
        lhs.textHash == rhs.textHash && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(textHash)
    }
}
