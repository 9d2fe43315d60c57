extension Link {
    /// Every part of a link in one allocation: the scalar parts in the header, the path
    /// segments and then the query items in the tail. A link is copied into sanitised links,
    /// matches, outcomes and explanations; a copy costs one reference count, and a parsed
    /// link one allocation (a separate box and two arrays cost three, and as many frees).
    ///
    /// This file holds every unsafe operation on the storage; the rest of the module reads it
    /// through the safe API below, which never lets an address out:
    /// - the header's parts (``scheme``, ``host``, ``text``) and each segment and item
    ///   (``subscript(segment:)``, ``subscript(item:)``) are read in place through
    ///   addressors: the access borrows the storage for as long as the value is read, so a
    ///   read counts no reference and copies nothing, and outlives nothing;
    /// - a position outside the written segments or items stops the program, in every build:
    ///   the one check each read pays for the storage's safety.
    ///
    /// Written only while it is built (by the gate's parser or from given parts), before any
    /// `Link` holds it; immutable afterwards, which is what makes sharing it across
    /// concurrency domains safe (`ManagedBuffer` itself is never `Sendable`).
    final class Storage: ManagedBuffer<Storage.Header, UInt64> {
        struct Header {
            var scheme: String
            /// The host's text; empty when there is no host (``hasHost``). Kept apart from the
            /// flag so that the text is read in place without assuming how an optional is laid
            /// out.
            var hostText: String
            var hasHost: Bool
            /// Whether the scheme is `https` or `http`, decided once when the storage is
            /// made: the receiver, the router and the outcome each ask.
            let isWeb: Bool
            var port: Int?
            var text: Text
            var isKnownCanonical: Bool
            /// How many segments are initialised, at the start of the tail.
            var segmentCount: Int
            /// How many query items are initialised, after the segments' room.
            var itemCount: Int
            /// Room for segments: the query items start after it.
            let segmentCapacity: Int
            let itemCapacity: Int
        }

        /// An empty storage with room for the given numbers of segments and items.
        static func make(
            scheme: String, host: String?, port: Int?, segmentCapacity: Int, itemCapacity: Int
        ) -> Storage {
            precondition(segmentCapacity >= 0 && itemCapacity >= 0, "a negative capacity")
            // The tail is counted in words: both element types must fit a word's alignment.
            assert(MemoryLayout<PathSegment>.alignment <= MemoryLayout<UInt64>.alignment)
            assert(MemoryLayout<QueryItem>.alignment <= MemoryLayout<UInt64>.alignment)
            assert(MemoryLayout<PathSegment>.stride % MemoryLayout<QueryItem>.alignment == 0)
            let words =
                (segmentCapacity * MemoryLayout<PathSegment>.stride + itemCapacity
                    * MemoryLayout<QueryItem>.stride
                    + 7) / 8
            let buffer = Storage.create(minimumCapacity: words) { _ in
                Header(
                    scheme: scheme, hostText: host ?? "", hasHost: host != nil,
                    isWeb: RouteScope.isWeb(scheme), port: port, text: .building,
                    isKnownCanonical: false,
                    segmentCount: 0, itemCount: 0, segmentCapacity: segmentCapacity,
                    itemCapacity: itemCapacity)
            }
            // The tail is raw room of at least `words` words: each region is bound to its own
            // type once, here, and only ever read as that type.
            unsafe buffer.withUnsafeMutablePointerToElements {
                let raw = UnsafeMutableRawPointer($0)
                unsafe raw.bindMemory(to: PathSegment.self, capacity: segmentCapacity)
                unsafe (raw + segmentCapacity * MemoryLayout<PathSegment>.stride)
                    .bindMemory(to: QueryItem.self, capacity: itemCapacity)
            }
            // `create` made an instance of this class (it is called on `Storage`).
            return unsafe unsafeDowncast(buffer, to: Storage.self)
        }

        /// The header's address. Read through it rather than `header`, which as a class's
        /// stored property is checked for exclusive access at run time on every read. Valid
        /// while `self` is alive; never leaves this file.
        @inline(__always)
        private var head: UnsafeMutablePointer<Header> {
            unsafe withUnsafeMutablePointerToHeader { unsafe $0 }
        }

        /// The first segment's address: the start of the tail, bound to `PathSegment` by
        /// ``make(scheme:host:port:segmentCapacity:itemCapacity:)``. Never leaves this file.
        @inline(__always)
        private var segmentBase: UnsafeMutablePointer<PathSegment> {
            unsafe withUnsafeMutablePointerToElements {
                unsafe UnsafeMutableRawPointer($0).assumingMemoryBound(to: PathSegment.self)
            }
        }

        /// The first query item's address: after the segments' room, bound to `QueryItem` by
        /// ``make(scheme:host:port:segmentCapacity:itemCapacity:)``. Never leaves this file.
        @inline(__always)
        private var itemBase: UnsafeMutablePointer<QueryItem> {
            unsafe withUnsafeMutablePointers { header, elements in
                unsafe (UnsafeMutableRawPointer(elements) + header.pointee.segmentCapacity
                    * MemoryLayout<PathSegment>.stride)
                    .assumingMemoryBound(to: QueryItem.self)
            }
        }

        // MARK: - Header

        /// The scheme, read in place.
        var scheme: String {
            // A stored property of the header, which lives as long as the storage; the access
            // borrows the storage for as long as the value is read (so for every addressor here).
            unsafeAddress { unsafe Self.address(of: \Header.scheme, in: head, as: String.self) }
        }

        /// The host; `nil` for a custom-scheme link with an empty authority.
        var host: String? { hasHost ? hostText : nil }

        /// Whether the link has a host.
        var hasHost: Bool { unsafe head.pointee.hasHost }

        /// Whether the scheme is `https` or `http`.
        var isWeb: Bool { unsafe head.pointee.isWeb }

        /// The host's text, read in place; empty when there is no host.
        var hostText: String {
            unsafeAddress { unsafe Self.address(of: \Header.hostText, in: head, as: String.self) }
        }

        /// The address of the scheme, for an addressor of a value that holds this storage: valid
        /// while the storage is alive.
        var schemeAddress: UnsafePointer<String> {
            unsafe Self.address(of: \Header.scheme, in: head, as: String.self)
        }

        /// The address of the host's text, for an addressor of a value that holds this storage:
        /// valid while the storage is alive.
        var hostTextAddress: UnsafePointer<String> {
            unsafe Self.address(of: \Header.hostText, in: head, as: String.self)
        }

        /// The address of a written segment's decoded text, for an addressor of a value that
        /// holds this storage: valid while the storage is alive. Stops on a position outside
        /// the written segments.
        @inline(__always)
        func decodedAddress(ofSegment i: Int) -> UnsafePointer<String> {
            precondition(i >= 0 && i < segmentCount, "segment index out of range")
            let segment = unsafe UnsafeRawPointer(segmentBase + i)
            let offset = unsafe MemoryLayout<PathSegment>.offset(of: \PathSegment.decoded).unsafelyUnwrapped
            return unsafe (segment + offset).assumingMemoryBound(to: String.self)
        }

        /// Where the raw parts and the original text come from, read in place.
        var text: Text {
            unsafeAddress { unsafe Self.address(of: \Header.text, in: head, as: Text.self) }
        }

        /// The explicit port.
        var port: Int? { unsafe head.pointee.port }

        /// Whether the gate saw that the original text is in canonical form.
        var isKnownCanonical: Bool { unsafe head.pointee.isKnownCanonical }

        /// How many segments are written.
        var segmentCount: Int { unsafe head.pointee.segmentCount }

        /// How many query items are written.
        var itemCount: Int { unsafe head.pointee.itemCount }

        /// The address of a stored property of the header.
        @inline(__always)
        private static func address<T>(
            of field: PartialKeyPath<Header>, in header: UnsafeMutablePointer<Header>, as type: T.Type
        ) -> UnsafePointer<T> {
            // Every stored property of `Header` has an offset (none is computed); the header is
            // initialised by `create`, so the property holds a `T`.
            let offset = MemoryLayout<Header>.offset(of: field)
            assert(offset != nil, "a header field without storage")
            return unsafe (UnsafeRawPointer(header) + offset.unsafelyUnwrapped).assumingMemoryBound(
                to: T.self)
        }

        // MARK: - Writing, while the storage is built

        /// Writes the text and whether it is canonical, once, over the `building` placeholder:
        /// the placeholder holds nothing, so it is written over without being destroyed.
        @inline(__always)
        func finish(text: Text, isKnownCanonical: Bool) {
            let header = unsafe head
            if case .building = unsafe header.pointee.text {
            } else {
                preconditionFailure("a link's text is written twice")
            }
            let offset = unsafe MemoryLayout<Header>.offset(of: \Header.text).unsafelyUnwrapped
            // `building` is a case without payload: overwriting it leaks nothing.
            unsafe (UnsafeMutableRawPointer(header) + offset).assumingMemoryBound(to: Text.self)
                .initialize(to: text)
            unsafe header.pointee.isKnownCanonical = isKnownCanonical
        }

        /// Adds a segment; stops when there is no room for it.
        @inline(__always)
        func append(_ segment: PathSegment) {
            let n = unsafe head.pointee.segmentCount
            let capacity = unsafe head.pointee.segmentCapacity
            precondition(n < capacity, "no room for another segment")
            // `n` is below the capacity the tail was sized and bound for, and not yet written.
            unsafe (segmentBase + n).initialize(to: segment)
            unsafe head.pointee.segmentCount = n + 1
        }

        /// Adds a query item; stops when there is no room for it.
        @inline(__always)
        func append(_ item: QueryItem) {
            let n = unsafe head.pointee.itemCount
            let capacity = unsafe head.pointee.itemCapacity
            precondition(n < capacity, "no room for another query item")
            // `n` is below the capacity the tail was sized and bound for, and not yet written.
            unsafe (itemBase + n).initialize(to: item)
            unsafe head.pointee.itemCount = n + 1
        }

        // MARK: - Reading segments and items in place

        /// The segment at a position, read in place; stops on a position outside the
        /// written segments.
        subscript(segment i: Int) -> PathSegment {
            unsafeAddress { unsafe address(ofSegment: i) }
        }

        /// The query item at a position, read in place; stops on a position outside the
        /// written items.
        subscript(item i: Int) -> QueryItem {
            unsafeAddress { unsafe address(ofItem: i) }
        }

        /// A written segment's address, for an addressor of a value that holds this storage:
        /// valid while the storage is alive. Stops on a position outside the written segments,
        /// in every build: only written segments are ever read.
        @inline(__always)
        func address(ofSegment i: Int) -> UnsafePointer<PathSegment> {
            precondition(i >= 0 && i < segmentCount, "segment index out of range")
            return unsafe UnsafePointer(segmentBase + i)
        }

        /// A written item's address, for an addressor of a value that holds this storage:
        /// valid while the storage is alive. Stops on a position outside the written items, in
        /// every build: only written items are ever read.
        @inline(__always)
        func address(ofItem i: Int) -> UnsafePointer<QueryItem> {
            precondition(i >= 0 && i < itemCount, "query item index out of range")
            return unsafe UnsafePointer(itemBase + i)
        }

        /// Calls `body` with the written segments as contiguous memory, for the standard
        /// library's bulk copies; the buffer is valid only inside `body`.
        @inline(__always)
        func withContiguousSegments<R>(_ body: (UnsafeBufferPointer<PathSegment>) throws -> R) rethrows -> R {
            // `self` is borrowed for the call, so the buffer stays allocated inside `body`.
            try unsafe body(UnsafeBufferPointer(start: segmentBase, count: segmentCount))
        }

        /// Calls `body` with the written query items as contiguous memory, for the standard
        /// library's bulk copies; the buffer is valid only inside `body`.
        @inline(__always)
        func withContiguousItems<R>(_ body: (UnsafeBufferPointer<QueryItem>) throws -> R) rethrows -> R {
            // `self` is borrowed for the call, so the buffer stays allocated inside `body`.
            try unsafe body(UnsafeBufferPointer(start: itemBase, count: itemCount))
        }

        deinit {
            unsafe withUnsafeMutablePointers { header, elements in
                // Exactly the written elements are destroyed: `segmentCount` and `itemCount`
                // count the initialised ones. One element at a time: the loop destroys each in
                // line, where `deinitialize(count:)` goes through the runtime's generic array
                // destroy.
                let raw = UnsafeMutableRawPointer(elements)
                let segments = unsafe raw.assumingMemoryBound(to: PathSegment.self)
                let segmentCount = unsafe header.pointee.segmentCount
                for i in 0..<segmentCount { unsafe (segments + i).deinitialize(count: 1) }
                let items = unsafe (raw + header.pointee.segmentCapacity * MemoryLayout<PathSegment>.stride)
                    .assumingMemoryBound(to: QueryItem.self)
                let itemCount = unsafe header.pointee.itemCount
                for i in 0..<itemCount { unsafe (items + i).deinitialize(count: 1) }
            }
        }
    }
}

extension Link {
    /// A link's storage, as a link holds it: `Sendable`, which `ManagedBuffer` never is.
    /// Sharing it is safe because the storage is immutable once a link holds it: every write
    /// happens while it is built, before it is shared.
    struct SharedStorage: @unchecked Sendable {
        let storage: Storage
    }
}

extension Link.Storage {
    /// The path segments, read in place: a view that holds the storage, so it can never
    /// outlive what it reads, and whose elements are read without being copied.
    struct Segments: RandomAccessCollection {
        /// The storage read; the view keeps it alive.
        let storage: Link.Storage

        var startIndex: Int { 0 }
        var endIndex: Int { storage.segmentCount }

        /// The segment at a position; stops on a position outside the segments.
        subscript(i: Int) -> PathSegment {
            // In the storage this view holds, borrowed for the access.
            unsafeAddress { unsafe storage.address(ofSegment: i) }
        }

        /// The segments as contiguous memory, for the standard library's bulk copies (`Array`).
        func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<PathSegment>) throws -> R)
            rethrows -> R?
        {
            try unsafe storage.withContiguousSegments(body)
        }
    }

    /// The query items, read in place: a view that holds the storage, so it can never
    /// outlive what it reads, and whose elements are read without being copied.
    struct Items: RandomAccessCollection {
        /// The storage read; the view keeps it alive.
        let storage: Link.Storage

        var startIndex: Int { 0 }
        var endIndex: Int { storage.itemCount }

        /// The item at a position; stops on a position outside the items.
        subscript(i: Int) -> QueryItem {
            // In the storage this view holds, borrowed for the access.
            unsafeAddress { unsafe storage.address(ofItem: i) }
        }

        /// The items as contiguous memory, for the standard library's bulk copies (`Array`).
        func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<QueryItem>) throws -> R)
            rethrows -> R?
        {
            try unsafe storage.withContiguousItems(body)
        }
    }
}
