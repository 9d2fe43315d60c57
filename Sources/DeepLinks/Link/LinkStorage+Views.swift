extension Link.Storage {
    /// A storage holding copies of the given segments and items.
    static func make(
        scheme: String, host: String?, port: Int?, segments: some Collection<PathSegment>,
        items: some Collection<QueryItem>
    ) -> Link.Storage {
        let storage = make(
            scheme: scheme, host: host, port: port, segmentCapacity: segments.count,
            itemCapacity: items.count)
        for segment in segments { storage.append(segment) }
        for item in items { storage.append(item) }
        return storage
    }

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
