/// A bounded map shared by every copy of a responder: the links it has decided, the pages it
/// has rendered.
///
/// It holds at most `capacity` entries (none when `capacity` is 0); when it is full, storing a
/// new key drops one entry first, the first in the dictionary's order, which follows the keys'
/// hashes: an arbitrary entry, so no order of requests can pin one in place. Its memory is
/// bounded by `capacity` times the largest entry. A read or a write holds the lock for one
/// dictionary operation: constant time on average, plus hashing the key (linear in its size).
final class ResponderCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most entries kept.
    let capacity: Int
    private let entries: Locked<[Key: Value]>

    init(capacity: Int) {
        self.capacity = capacity
        entries = Locked([:])
    }

    /// The value kept for a key.
    func value(for key: Key) -> Value? {
        entries.withLock { $0[key] }
    }

    /// Keeps a value for a key, dropping an arbitrary entry when the cache is full.
    func store(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil {
                entries.remove(at: entries.startIndex)
            }
            entries[key] = value
        }
    }

    /// How many entries are kept.
    var count: Int {
        entries.withLock { $0.count }
    }
}
