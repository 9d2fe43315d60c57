// Over 400 lines by design: a storage is written only through the fileprivate operations below,
// which only the builder in this file can call, so a storage a link shares is immutable by
// construction; splitting the file would make those operations visible to the whole module.

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
    /// Written only while it is built, through a ``Link/StorageBuilder`` (the gate's parser, or
    /// given parts), which is the only code that can write it: the builder is not copyable, and
    /// handing its storage out (``Link/StorageBuilder/freeze(text:isKnownCanonical:)``) consumes
    /// it. A storage is therefore immutable once anything but its builder holds it, which is what
    /// makes sharing it across concurrency domains safe (`ManagedBuffer` itself is never
    /// `Sendable`).
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

        /// An empty storage with room for the given numbers of segments and items: only a builder
        /// makes one.
        fileprivate static func make(
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
                    isWeb: WebScheme.contains(scheme), port: port, text: .building,
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

        // MARK: - Writing, while the storage is built (by its builder only)

        /// Writes the text and whether it is canonical, once, over the `building` placeholder:
        /// the placeholder holds nothing, so it is written over without being destroyed.
        @inline(__always)
        fileprivate func finish(text: Text, isKnownCanonical: Bool) {
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
        fileprivate func append(_ segment: PathSegment) {
            let n = unsafe head.pointee.segmentCount
            let capacity = unsafe head.pointee.segmentCapacity
            precondition(n < capacity, "no room for another segment")
            // `n` is below the capacity the tail was sized and bound for, and not yet written.
            unsafe (segmentBase + n).initialize(to: segment)
            unsafe head.pointee.segmentCount = n + 1
        }

        /// Adds a query item; stops when there is no room for it.
        @inline(__always)
        fileprivate func append(_ item: QueryItem) {
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
                // destroy. An element whose strings are all immortal owns nothing, and
                // destroying it would only ask the runtime to release each string for nothing:
                // it is left as it is (see ``ownsNothing(segment:)``).
                let skipsImmortal = Self.immortalTextsOwnNothing
                let raw = UnsafeMutableRawPointer(elements)
                let segments = unsafe raw.assumingMemoryBound(to: PathSegment.self)
                let segmentCount = unsafe header.pointee.segmentCount
                for i in 0..<segmentCount {
                    if skipsImmortal, unsafe Self.ownsNothing(segment: UnsafePointer(segments + i)) {
                        continue
                    }
                    unsafe (segments + i).deinitialize(count: 1)
                }
                let items = unsafe (raw + header.pointee.segmentCapacity * MemoryLayout<PathSegment>.stride)
                    .assumingMemoryBound(to: QueryItem.self)
                let itemCount = unsafe header.pointee.itemCount
                for i in 0..<itemCount {
                    if skipsImmortal, unsafe Self.ownsNothing(item: UnsafePointer(items + i)) { continue }
                    unsafe (items + i).deinitialize(count: 1)
                }
            }
        }

        // MARK: - Elements that own nothing

        /// Whether a string's value is immortal: the top bit of its second word, which the
        /// standard library sets on every small string (most segments and query items, written
        /// by ``SmallASCIIString``) and on literals, and on no string that owns storage. The
        /// runtime never counts references on an immortal string, so its destruction does
        /// nothing; the bit is read where `address` points, at a `String` that is initialised.
        @inline(__always)
        private static func isImmortal(_ address: UnsafeRawPointer) -> Bool {
            unsafe address.load(fromByteOffset: 8, as: UInt64.self) >> 63 != 0
        }

        /// Whether every string of an initialised segment is immortal, so that the segment
        /// owns nothing and may be dropped without being destroyed.
        @inline(__always)
        private static func ownsNothing(segment: UnsafePointer<PathSegment>) -> Bool {
            // Both offsets are of stored `String` properties, inside the segment.
            let base = unsafe UnsafeRawPointer(segment)
            let raw = unsafe MemoryLayout<PathSegment>.offset(of: \PathSegment.raw).unsafelyUnwrapped
            let decoded = unsafe MemoryLayout<PathSegment>.offset(of: \PathSegment.decoded).unsafelyUnwrapped
            return unsafe isImmortal(base + raw) && isImmortal(base + decoded)
        }

        /// Whether every string of an initialised query item is immortal, so that the item
        /// owns nothing and may be dropped without being destroyed.
        @inline(__always)
        private static func ownsNothing(item: UnsafePointer<QueryItem>) -> Bool {
            // Every offset is of a stored `String` property, inside the item.
            let base = unsafe UnsafeRawPointer(item)
            let rawName = unsafe MemoryLayout<QueryItem>.offset(of: \QueryItem.rawName).unsafelyUnwrapped
            let rawValue = unsafe MemoryLayout<QueryItem>.offset(of: \QueryItem.rawValue).unsafelyUnwrapped
            let name = unsafe MemoryLayout<QueryItem>.offset(of: \QueryItem.name).unsafelyUnwrapped
            let value = unsafe MemoryLayout<QueryItem>.offset(of: \QueryItem.value).unsafelyUnwrapped
            return unsafe isImmortal(base + rawName) && isImmortal(base + rawValue) && isImmortal(base + name)
                && isImmortal(base + value)
        }

        /// Whether the written segment at a position would be dropped without being destroyed
        /// (every string of it immortal, where ``immortalTextsOwnNothing`` holds); stops on a
        /// position outside the written segments.
        func dropsWithoutDestroying(segment i: Int) -> Bool {
            // A written segment, in this storage, which the call borrows.
            unsafe Self.immortalTextsOwnNothing && Self.ownsNothing(segment: address(ofSegment: i))
        }

        /// Whether the written query item at a position would be dropped without being
        /// destroyed; stops on a position outside the written items.
        func dropsWithoutDestroying(item i: Int) -> Bool {
            // A written item, in this storage, which the call borrows.
            unsafe Self.immortalTextsOwnNothing && Self.ownsNothing(item: address(ofItem: i))
        }

        /// Whether strings are laid out as ``isImmortal(_:)`` reads them, checked once against
        /// strings the standard library made: small ones read immortal, one that owns heap
        /// storage does not. Where the check fails (or on a big-endian or 32-bit platform)
        /// every element is destroyed.
        static let immortalTextsOwnNothing: Bool = {
            #if _endian(little) && _pointerBitWidth(_64)
                guard MemoryLayout<String>.size == 16 else { return false }
                // Each string is read as the 16 bytes of its own value, inside the call.
                func readsImmortal(_ text: String) -> Bool {
                    unsafe withUnsafeBytes(of: text) { unsafe isImmortal($0.baseAddress.unsafelyUnwrapped) }
                }
                let owned = String(repeating: "x", count: 40)
                guard !readsImmortal(owned) else { return false }
                return readsImmortal("") && readsImmortal(String(decoding: Array("a".utf8), as: UTF8.self))
                    && readsImmortal(String(decoding: Array("abcdefghijklmno".utf8), as: UTF8.self))
            #else
                return false
            #endif
        }()
    }
}

extension Link {
    /// A link's storage while it is built: the one value that can write it.
    ///
    /// The builder is not copyable and keeps its storage to itself; ``freeze(text:isKnownCanonical:)``
    /// consumes the builder and hands the storage out, after which nothing can write it. So a
    /// storage that a link, an input or a view holds is immutable by construction, not by
    /// convention (``SharedStorage``).
    struct StorageBuilder: ~Copyable {
        /// The storage being written; never leaves the builder except through `freeze`.
        private let storage: Storage

        /// An empty storage with room for the given numbers of segments and items; stops on a
        /// negative capacity.
        init(scheme: String, host: String?, port: Int?, segmentCapacity: Int, itemCapacity: Int) {
            storage = Storage.make(
                scheme: scheme, host: host, port: port, segmentCapacity: segmentCapacity,
                itemCapacity: itemCapacity)
        }

        /// How many segments are written.
        var segmentCount: Int { storage.segmentCount }

        /// How many query items are written.
        var itemCount: Int { storage.itemCount }

        /// Adds a segment; stops when there is no room for it.
        @inline(__always)
        func append(_ segment: PathSegment) { storage.append(segment) }

        /// Adds a query item; stops when there is no room for it.
        @inline(__always)
        func append(_ item: QueryItem) { storage.append(item) }

        /// The finished storage, with the link's text and whether it is canonical: the builder
        /// is used up, so the storage is never written again.
        @inline(__always)
        consuming func freeze(text: Text, isKnownCanonical: Bool) -> Storage {
            storage.finish(text: text, isKnownCanonical: isKnownCanonical)
            return storage
        }

        /// The finished storage of parts that are not a link (the query items an input is given
        /// apart from any link): no text is written. The builder is used up.
        @inline(__always)
        consuming func freezeParts() -> Storage { storage }
    }

    /// A link's storage, as a link holds it: `Sendable`, which `ManagedBuffer` never is.
    /// Sharing it is safe because a storage is immutable once anything but its builder holds it
    /// (``StorageBuilder``): every write happens through the builder, which is used up when it
    /// hands the storage out.
    struct SharedStorage: @unchecked Sendable {
        let storage: Storage
    }
}

extension Link.Storage {
    /// The elements of one part of the tail, the path segments or the query items, read in
    /// place: a view that holds the storage, so it can never outlive what it reads, and whose
    /// elements are read without being copied.
    struct Elements<Element: LinkStorageElement>: RandomAccessCollection {
        /// The storage read; the view keeps it alive.
        let storage: Link.Storage

        var startIndex: Int { 0 }
        var endIndex: Int { Element.writtenCount(in: storage) }

        /// The element at a position; stops on a position outside the written elements.
        subscript(i: Int) -> Element {
            // In the storage this view holds, borrowed for the access.
            unsafeAddress { unsafe Element.address(at: i, in: storage) }
        }

        /// The elements as contiguous memory, for the standard library's bulk copies (`Array`).
        func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R)
            rethrows -> R?
        {
            try unsafe Element.withContiguous(in: storage, body)
        }
    }

    /// The path segments, read in place.
    typealias Segments = Elements<PathSegment>
    /// The query items, read in place.
    typealias Items = Elements<QueryItem>
}
