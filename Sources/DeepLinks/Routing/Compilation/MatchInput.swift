/// What the router reads from a link, with the path normalised once.
///
/// The matched path is the link's decoded path segments, with:
/// - the bare path `/` read as no segments (the root);
/// - a trailing empty segment dropped unless trailing slashes are significant;
/// - for a custom-scheme link with a host, the host prepended as the first segment.
///
/// Every text is read in place, where the link (or the caller, for parts given as strings)
/// keeps it: reading the scheme, the host or a segment counts no reference and copies
/// nothing, which matters most for texts over 15 bytes (hosts such as `shop.example.com`,
/// UUID segments), whose reference counts are atomic.
struct MatchInput {
    /// Query items read in place in a link's storage: reading one field of an item copies
    /// neither the item nor an array of them. The storage is kept alive by the input's
    /// ``owner`` or by the caller.
    struct QueryItems: RandomAccessCollection {
        /// The first item, `nil` when there are none.
        let base: UnsafePointer<QueryItem>?
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(i: Int) -> QueryItem {
            unsafeAddress {
                precondition(i >= 0 && i < count, "query item index out of range")
                return base.unsafelyUnwrapped + i
            }
        }

        /// No items.
        init(empty: Void) {
            base = nil
            count = 0
        }

        /// The items of a link's storage.
        init(_ storage: Link.Storage) {
            count = storage.itemCount
            base = count == 0 ? nil : UnsafePointer(storage.itemBase)
        }
    }

    /// What keeps the storage read in place alive: the link's storage, or one made for
    /// query items given as an array; `nil` when the caller keeps the link alive.
    private let owner: Link.Storage?
    /// The scheme's address: in a link's header, or the caller's string.
    private let schemeAddress: UnsafePointer<String>
    /// The host's address: in a link's header, or the caller's optional string.
    private let hostAddress: UnsafePointer<String?>
    /// The first stored segment's decoded text; the next ones follow ``segmentStride``
    /// bytes apart (a link's `PathSegment`s or the caller's array of strings).
    private let segmentBase: UnsafeRawPointer
    private let segmentStride: Int
    let isWeb: Bool
    /// Whether the host is read as segment 0 (a custom scheme with a host). Declared beside
    /// ``isWeb`` so that the two flags share one word.
    let hostIsSegment: Bool
    /// How many stored segments to read (a dropped trailing or root segment is not counted).
    let storedCount: Int
    let queryItems: QueryItems
    /// The decoded fragment; `nil` when absent or empty.
    let fragment: String?
    /// Folded segments, when literals compare without case.
    let folded: [String]?

    /// `stored` is the number of segments at `segmentBase`.
    @inline(__always)
    private init(
        scheme: UnsafePointer<String>, host: UnsafePointer<String?>, segmentBase: UnsafeRawPointer,
        segmentStride: Int, stored: Int, queryItems: QueryItems, fragment: String?,
        owner: Link.Storage?, options: RoutingOptions
    ) {
        self.owner = owner
        schemeAddress = scheme
        hostAddress = host
        self.segmentBase = segmentBase
        self.segmentStride = segmentStride
        self.isWeb = RouteScope.isWeb(scheme.pointee)
        self.queryItems = queryItems
        self.fragment = fragment.flatMap { $0.isEmpty ? nil : $0 }
        hostIsSegment = !isWeb && host.pointee != nil
        let lastIsEmpty =
            stored > 0
            && (segmentBase + (stored - 1) * segmentStride).assumingMemoryBound(to: String.self).pointee
                .isEmpty
        if stored == 1, lastIsEmpty {
            storedCount = 0
        } else if stored > 1, lastIsEmpty, options.trailingSlash == .ignored {
            storedCount = stored - 1
        } else {
            storedCount = stored
        }
        if options.caseSensitivity == .insensitive {
            var folded: [String] = []
            folded.reserveCapacity(storedCount + 1)
            if hostIsSegment { folded.append(host.pointee?.lowercased() ?? "") }
            for i in 0..<storedCount {
                folded.append(
                    (segmentBase + i * segmentStride).assumingMemoryBound(to: String.self).pointee
                        .lowercased())
            }
            self.folded = folded
        } else {
            self.folded = nil
        }
    }

    /// The input for a link, holding a reference to it.
    init(link: Link, options: RoutingOptions) {
        self.init(link, owner: link.storage, options: options)
    }

    /// The input for a link that the caller keeps alive for as long as it uses the input
    /// (`withExtendedLifetime(link)` or `_fixLifetime(link)` after the input's last use): no
    /// reference is counted.
    @inline(__always)
    init(borrowing link: borrowing Link, options: RoutingOptions) {
        self.init(link, owner: nil, options: options)
    }

    @inline(__always)
    private init(_ link: borrowing Link, owner: Link.Storage?, options: RoutingOptions) {
        let storage = link.storage
        let header = UnsafePointer(storage.head)
        self.init(
            scheme: Link.Storage.schemeAddress(header), host: Link.Storage.hostAddress(header),
            segmentBase: UnsafeRawPointer(storage.segmentBase)
                + MemoryLayout<PathSegment>.offset(of: \PathSegment.decoded).unsafelyUnwrapped,
            segmentStride: MemoryLayout<PathSegment>.stride, stored: storage.segmentCount,
            queryItems: QueryItems(storage), fragment: link.fragment, owner: owner, options: options)
    }

    /// Calls `body` with the input for parts split elsewhere
    /// (``Router/lookup(scheme:host:pathSegments:queryItems:fragment:)``): the input reads
    /// the caller's strings in place, so it is valid only inside `body`.
    @inline(__always)
    static func withParts<R>(
        scheme: String, host: String?, pathSegments: [String], queryItems: borrowing [QueryItem],
        fragment: String?, options: RoutingOptions, _ body: (MatchInput) -> R
    ) -> R {
        // Items given as an array are copied into a storage of their own, read in place.
        let owner =
            queryItems.isEmpty
            ? nil : Link.Storage.make(scheme: "", host: nil, port: nil, segments: [], items: queryItems)
        let items = owner.map { QueryItems($0) } ?? QueryItems(empty: ())
        return withUnsafePointer(to: scheme) { scheme in
            withUnsafePointer(to: host) { host in
                pathSegments.withUnsafeBufferPointer { segments in
                    // An empty array may have no address: any address serves when nothing is read.
                    let base = segments.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(scheme)
                    return body(
                        MatchInput(
                            scheme: scheme, host: host, segmentBase: base,
                            segmentStride: MemoryLayout<String>.stride, stored: segments.count,
                            queryItems: items, fragment: fragment, owner: owner, options: options))
                }
            }
        }
    }

    /// The number of segments matched.
    var count: Int { hostIsSegment ? storedCount + 1 : storedCount }

    /// The scheme, lower-cased.
    var scheme: String { unsafeAddress { schemeAddress } }

    /// The host, lower-cased; `nil` when there is none.
    var host: String? { unsafeAddress { hostAddress } }

    /// The host's text, for an input whose host is not `nil`. An optional's payload lies at
    /// its start, so the text is read in place, where binding the optional's value would
    /// copy it.
    var hostText: String {
        unsafeAddress {
            precondition(hostAddress.pointee != nil, "the input has no host")
            return UnsafeRawPointer(hostAddress).assumingMemoryBound(to: String.self)
        }
    }

    /// The decoded segment at a position, read in place.
    subscript(i: Int) -> String {
        unsafeAddress {
            if hostIsSegment, i == 0 {
                return UnsafeRawPointer(hostAddress).assumingMemoryBound(to: String.self)
            }
            let j = hostIsSegment ? i - 1 : i
            precondition(j >= 0 && j < storedCount, "segment index out of range")
            return (segmentBase + j * segmentStride).assumingMemoryBound(to: String.self)
        }
    }

    /// Calls `body` with the segment at a position as literals compare it: folded when
    /// literals compare without case, else read in place.
    @inline(__always)
    func withKey<R>(_ i: Int, _ body: (String) -> R) -> R {
        if let folded { return body(folded[i]) }
        return body(self[i])
    }

    /// The segments from a position to the end.
    func suffix(from i: Int) -> [String] { (i..<count).map { self[$0] } }
}
