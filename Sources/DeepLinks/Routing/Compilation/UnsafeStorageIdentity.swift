/// The identity of an array's element storage: two arrays that share their storage (copies
/// of one array, not modified since) have the same identity.
///
/// The table check and the compilation keep one answer per shared list
/// (``RouteTable/sharingEqualParts()`` makes equal lists share their storage), which an
/// identity finds without hashing the elements. It is an address kept as a number, never
/// read through: it names one list only while that list is alive, which the table being
/// checked or compiled ensures for its own lists, and the compilation's pool for the lists it
/// keys its objects by (each object holds its lists). A stale identity could only mistake one
/// list for another, never read memory.
struct StorageIdentity: Hashable {
    private let address: Int

    /// The identity of the array's storage, or `nil` for an array without storage.
    @inline(__always)
    init?<Element>(of array: [Element]) {
        // Safe: the address is taken inside the closure and kept as a number only; nothing
        // reads through it.
        guard
            let address = unsafe array.withUnsafeBufferPointer({
                unsafe $0.baseAddress.map { Int(bitPattern: $0) }
            })
        else { return nil }
        self.address = address
    }
}
