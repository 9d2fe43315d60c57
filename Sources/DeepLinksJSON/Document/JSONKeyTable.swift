import DeepLinks

/// The keys of one kind of JSON object, taken from its `CodingKey` enumeration, matched against
/// the bytes a key is written with.
///
/// A reader that builds a `Codable` type straight from JSON bytes (the route-table reader)
/// finds the keys it reads here, so its keys are the `Codable` conformance's own: a key
/// renamed there is renamed here, and a key added there is a case the reader's exhaustive
/// `switch` must handle.
///
/// Cost: matching a key compares it with at most every name, each only when the lengths agree,
/// so it is linear in the key's length times the number of names (a few, fixed per type).
struct JSONKeyTable<Key: CodingKey & CaseIterable> {
    /// Each key with the bytes of its name, in the order of `Key.allCases`.
    private let entries: [(name: [UInt8], key: Key)]

    /// The keys of `Key`, in the order of its cases.
    init(_: Key.Type) {
        entries = Key.allCases.map { (Array($0.stringValue.utf8), $0) }
        assert(entries.count <= 64, "a key's position must fit a 64-bit set of keys seen")
    }

    /// The key whose name is `bytes` and its position among the keys (below 64), or `nil` when no
    /// name is.
    func key(named bytes: ArraySlice<UInt8>) -> (key: Key, position: Int)? {
        for position in entries.indices {
            let name = entries[position].name
            if name.count == bytes.count && name.elementsEqual(bytes) {
                return (entries[position].key, position)
            }
        }
        return nil
    }
}
