/// What the router reads from a link, with the path normalised once.
///
/// The matched path is the link's decoded path segments, with:
/// - the bare path `/` read as no segments (the root);
/// - a trailing empty segment dropped unless trailing slashes are significant;
/// - for a custom-scheme link with a host, the host prepended as the first segment.
struct MatchInput {
    enum Storage {
        /// A link's segments, read in place in its storage, which ``owner`` or the caller
        /// keeps alive (see ``init(borrowing:options:)``).
        case link(UnsafePointer<PathSegment>)
        case strings([String])
    }

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
    let scheme: String
    let host: String?
    let isWeb: Bool
    /// Whether the host is read as segment 0 (a custom scheme with a host). Declared beside
    /// ``isWeb`` so that the two flags share one word.
    let hostIsSegment: Bool
    let storage: Storage
    /// How many stored segments to read (a dropped trailing or root segment is not counted).
    let storedCount: Int
    let queryItems: QueryItems
    /// The decoded fragment; `nil` when absent or empty.
    let fragment: String?
    /// Folded segments, when literals compare without case.
    let folded: [String]?

    /// `stored` is the number of segments in `storage`.
    @inline(__always)
    private init(
        scheme: String, host: String?, storage: Storage, stored: Int, queryItems: QueryItems,
        fragment: String?,
        owner: Link.Storage?, options: RoutingOptions
    ) {
        self.owner = owner
        self.scheme = scheme
        self.host = host
        self.isWeb = RouteScope.isWeb(scheme)
        self.storage = storage
        self.queryItems = queryItems
        self.fragment = fragment.flatMap { $0.isEmpty ? nil : $0 }
        hostIsSegment = !isWeb && host != nil
        let lastIsEmpty: Bool
        switch storage {
        case .link(let segments): lastIsEmpty = stored > 0 && segments[stored - 1].decoded.isEmpty
        case .strings(let segments): lastIsEmpty = segments.last?.isEmpty ?? false
        }
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
            if hostIsSegment, let host { folded.append(host.lowercased()) }
            for i in 0..<storedCount {
                switch storage {
                case .link(let segments): folded.append(segments[i].decoded.lowercased())
                case .strings(let segments): folded.append(segments[i].lowercased())
                }
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
        self.init(
            scheme: link.scheme, host: link.host,
            storage: .link(UnsafePointer(storage.segmentBase)), stored: storage.segmentCount,
            queryItems: QueryItems(storage), fragment: link.fragment, owner: owner, options: options)
    }

    /// The input for parts split elsewhere
    /// (``Router/lookup(scheme:host:pathSegments:queryItems:fragment:)``).
    init(
        scheme: String, host: String?, pathSegments: [String], queryItems: borrowing [QueryItem],
        fragment: String?,
        options: RoutingOptions
    ) {
        // Counted first, so that the array is moved into the storage, not copied.
        let stored = pathSegments.count
        guard !queryItems.isEmpty else {
            self.init(
                scheme: scheme, host: host, storage: .strings(pathSegments), stored: stored,
                queryItems: QueryItems(empty: ()), fragment: fragment, owner: nil, options: options)
            return
        }
        // Items given as an array are copied into a storage of their own, read in place.
        let owner = Link.Storage.make(scheme: "", host: nil, port: nil, segments: [], items: queryItems)
        self.init(
            scheme: scheme, host: host, storage: .strings(pathSegments), stored: stored,
            queryItems: QueryItems(owner), fragment: fragment, owner: owner, options: options)
    }

    /// The number of segments matched.
    var count: Int { hostIsSegment ? storedCount + 1 : storedCount }

    /// The decoded segment at a position.
    subscript(i: Int) -> String {
        var j = i
        if hostIsSegment {
            if i == 0 { return host ?? "" }
            j -= 1
        }
        switch storage {
        case .link(let segments):
            precondition(j >= 0 && j < storedCount, "segment index out of range")
            return segments[j].decoded
        case .strings(let segments): return segments[j]
        }
    }

    /// The segment as literals compare it.
    func key(_ i: Int) -> String {
        if let folded { return folded[i] }
        return self[i]
    }

    /// The segments from a position to the end.
    func suffix(from i: Int) -> [String] { (i..<count).map { self[$0] } }
}
