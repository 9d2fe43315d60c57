extension Link.StorageBuilder {
    /// A storage holding copies of the given segments and items, to be frozen.
    init(
        scheme: String, host: String?, port: Int?, segments: some Collection<PathSegment>,
        items: some Collection<QueryItem>
    ) {
        self.init(
            scheme: scheme, host: host, port: port, segmentCapacity: segments.count,
            itemCapacity: items.count)
        for segment in segments { append(segment) }
        for item in items { append(item) }
    }
}

extension Link.Storage {

    /// The path segments, read in place.
    var segments: Segments { Segments(storage: self) }

    /// The query items, read in place.
    var items: Items { Items(storage: self) }

    /// Calls `body` with the segments, read in place.
    @inline(__always)
    func withSegments<R, E: Error>(_ body: (Segments) throws(E) -> R) throws(E) -> R {
        try body(segments)
    }

    /// Calls `body` with the query items, read in place.
    @inline(__always)
    func withItems<R, E: Error>(_ body: (Items) throws(E) -> R) throws(E) -> R {
        try body(items)
    }
}
