/// What a link's storage keeps in its tail, a path segment or a query item: how a view
/// (``Link/Storage/Elements``) finds the written elements of its kind.
protocol LinkStorageElement {
    /// How many elements of this kind `storage` has written.
    static func writtenCount(in storage: Link.Storage) -> Int
    /// The address of the written element at `i`, valid while `storage` is alive; stops on a
    /// position outside the written elements.
    static func address(at i: Int, in storage: Link.Storage) -> UnsafePointer<Self>
    /// Calls `body` with the written elements as contiguous memory, valid only inside `body`.
    static func withContiguous<R>(in storage: Link.Storage, _ body: (UnsafeBufferPointer<Self>) throws -> R)
        rethrows -> R
}

extension PathSegment: LinkStorageElement {
    @inline(__always)
    static func writtenCount(in storage: Link.Storage) -> Int { storage.segmentCount }

    @inline(__always)
    static func address(at i: Int, in storage: Link.Storage) -> UnsafePointer<PathSegment> {
        unsafe storage.address(ofSegment: i)
    }

    @inline(__always)
    static func withContiguous<R>(
        in storage: Link.Storage, _ body: (UnsafeBufferPointer<PathSegment>) throws -> R
    ) rethrows -> R {
        try unsafe storage.withContiguousSegments(body)
    }
}

extension QueryItem: LinkStorageElement {
    @inline(__always)
    static func writtenCount(in storage: Link.Storage) -> Int { storage.itemCount }

    @inline(__always)
    static func address(at i: Int, in storage: Link.Storage) -> UnsafePointer<QueryItem> {
        unsafe storage.address(ofItem: i)
    }

    @inline(__always)
    static func withContiguous<R>(
        in storage: Link.Storage, _ body: (UnsafeBufferPointer<QueryItem>) throws -> R
    ) rethrows -> R {
        try unsafe storage.withContiguousItems(body)
    }
}
