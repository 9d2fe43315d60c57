/// Calls `body` with `object` without counting a reference for the call.
///
/// A method called on a reference read from an array or a stored property retains and
/// releases it around the call, atomically; the router's search calls a validator for every
/// edge it tries and a route for every terminal, where those counts cost more than the call.
/// Here the reference is lent to `body` as the caller holds it.
///
/// Safe for every caller: `object` is a borrowed argument, so the caller keeps it alive for
/// the whole call, and `body` receives it as a borrowed argument too (a copy it keeps is
/// retained as any copy is).
@inline(__always)
func withoutRetaining<Object: AnyObject, Result>(_ object: Object, _ body: (Object) -> Result) -> Result {
    // Safe: the unmanaged reference is made from `object`, which the caller keeps alive until
    // this function returns, so it is valid for the whole closure (see above).
    unsafe Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}

extension Array where Element: AnyObject {
    /// Calls `body` with the element at `i` without counting a reference for the call; stops
    /// when `i` is outside the array, in every build.
    ///
    /// ``withoutRetaining(_:_:)`` lends a reference the caller already holds; an element read
    /// from an array (the router's tries, a trie's routes) is retained by the read itself,
    /// before that function sees it. Here the reference is read as the bits the array stores
    /// and lent to `body` as the array holds it.
    @inline(__always)
    func withUnretainedElement<Result>(at i: Int, _ body: (Element) -> Result) -> Result {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
        // Safe: `i` is inside the array (checked above), whose storage is alive and unchanged
        // for the whole closure (`self` is borrowed for the call), so the element it stores
        // there is a valid reference for that long; it is lent to `body`, which retains a copy
        // it keeps as any copy is.
        return unsafe withUnsafeBufferPointer { buffer in
            let bits = unsafe UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + i).load(
                as: UnsafeRawPointer.self)
            return unsafe Unmanaged<Element>.fromOpaque(bits)._withUnsafeGuaranteedRef(body)
        }
    }
}

extension Array {
    /// Calls `body` with the object a field of the element at `i` refers to, without counting
    /// a reference for the call; stops when `i` is outside the array, in every build. The
    /// field must be a stored property of the element (a trie edge's validator).
    @inline(__always)
    func withUnretainedField<Object: AnyObject, Result>(
        at i: Int, _ field: KeyPath<Element, Object>, _ body: (Object) -> Result
    ) -> Result {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
        guard let offset = MemoryLayout<Element>.offset(of: field) else {
            return withoutRetaining(self[i][keyPath: field], body)
        }
        // Safe: as in `withUnretainedElement(at:_:)`; `offset` is where the element stores the
        // field's reference (a stored property, which `offset(of:)` only answers for).
        return unsafe withUnsafeBufferPointer { buffer in
            let bits = unsafe UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + i).load(
                fromByteOffset: offset, as: UnsafeRawPointer.self)
            return unsafe Unmanaged<Object>.fromOpaque(bits)._withUnsafeGuaranteedRef(body)
        }
    }
}
