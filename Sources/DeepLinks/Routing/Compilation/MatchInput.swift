/// What the router reads from a link, with the path normalised once.
///
/// The matched path is the link's decoded path segments, with:
/// - the bare path `/` read as no segments (the root);
/// - a trailing empty segment dropped unless trailing slashes are significant;
/// - for a custom-scheme link with a host, the host prepended as the first segment.
struct MatchInput {
    enum Storage {
        /// A link's segments, read in its storage.
        case link(Link.Storage)
        case strings([String])
    }

    /// Query items read in place in a link's storage: reading one field of an item copies
    /// neither the item nor an array of them.
    struct QueryItems: RandomAccessCollection {
        /// The storage holding the items, `nil` when there are none.
        let owner: Link.Storage?
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(i: Int) -> QueryItem {
            unsafeAddress {
                precondition(i >= 0 && i < count, "query item index out of range")
                return UnsafePointer(owner.unsafelyUnwrapped.itemBase + i)
            }
        }

        /// The items of a link.
        init(_ storage: Link.Storage) {
            count = storage.itemCount
            owner = count == 0 ? nil : storage
        }

        /// Items given as an array, copied into a storage of their own.
        init(_ items: [QueryItem]) {
            count = items.count
            owner =
                items.isEmpty
                ? nil : Link.Storage.make(scheme: "", host: nil, port: nil, segments: [], items: items)
        }
    }

    let scheme: String
    let host: String?
    let isWeb: Bool
    let storage: Storage
    /// Whether the host is read as segment 0 (a custom scheme with a host).
    let hostIsSegment: Bool
    /// How many stored segments to read (a dropped trailing or root segment is not counted).
    let storedCount: Int
    let queryItems: QueryItems
    /// The decoded fragment; `nil` when absent or empty.
    let fragment: String?
    /// Folded segments, when literals compare without case.
    let folded: [String]?

    init(
        scheme: String, host: String?, storage: Storage, queryItems: QueryItems, fragment: String?,
        options: RoutingOptions
    ) {
        self.scheme = scheme
        self.host = host
        self.isWeb = RouteScope.isWeb(scheme)
        self.storage = storage
        self.queryItems = queryItems
        self.fragment = fragment.flatMap { $0.isEmpty ? nil : $0 }
        hostIsSegment = !isWeb && host != nil
        let stored: Int
        let lastIsEmpty: Bool
        switch storage {
        case .link(let link):
            stored = link.segmentCount
            lastIsEmpty = stored > 0 && link.segmentBase[stored - 1].decoded.isEmpty
        case .strings(let segments):
            stored = segments.count
            lastIsEmpty = segments.last?.isEmpty ?? false
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
                case .link(let link): folded.append(link.segmentBase[i].decoded.lowercased())
                case .strings(let segments): folded.append(segments[i].lowercased())
                }
            }
            self.folded = folded
        } else {
            self.folded = nil
        }
    }

    init(link: Link, options: RoutingOptions) {
        self.init(
            scheme: link.scheme, host: link.host, storage: .link(link.storage),
            queryItems: QueryItems(link.storage),
            fragment: link.fragment, options: options)
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
        case .link(let link):
            precondition(j >= 0 && j < link.segmentCount, "segment index out of range")
            return withExtendedLifetime(link) { link.segmentBase[j].decoded }
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
