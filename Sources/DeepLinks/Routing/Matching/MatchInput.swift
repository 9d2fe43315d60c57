/// What the router reads from a link, with the path normalised once.
///
/// The matched path is the link's decoded path segments, with:
/// - the bare path `/` read as no segments (the root);
/// - a trailing empty segment dropped unless trailing slashes are significant;
/// - for a custom-scheme link with a host, the host prepended as the first segment.
///
/// An input holds what it reads: a link's storage, or the parts split elsewhere (the caller's
/// strings and array, held by value). It can therefore outlive the call that made it and the
/// link it came from without reading anything that is gone. Each text is lent in place
/// (``Source``): reading the scheme, the host or a segment counts no reference and copies
/// nothing, which matters most for texts over 15 bytes (hosts such as `shop.example.com`, UUID
/// segments), whose reference counts are atomic.
struct MatchInput {
    /// The query items, read in place where the input's storage holds them.
    struct QueryItems: RandomAccessCollection {
        /// The items of a link's storage; `nil` holds none.
        let items: Link.Storage.Items?

        var startIndex: Int { 0 }
        var endIndex: Int { items?.count ?? 0 }

        /// The item at a position; stops on a position outside the items.
        subscript(i: Int) -> QueryItem {
            guard let items else { preconditionFailure("query item index out of range") }
            return items[i]
        }

        /// The items of a link's storage; `nil` holds none.
        init(_ storage: Link.Storage?) {
            items = storage.map { Link.Storage.Items(storage: $0) }
        }
    }

    /// Where the scheme, the host, the segments and the query items are read: the input's
    /// one reference, so that making and dropping an input counts one reference, not one
    /// per part it reads.
    let source: Source
    let isWeb: Bool
    /// Whether the host is read as segment 0 (a custom scheme with a host). Declared beside
    /// ``isWeb`` so that the two flags share one word.
    let hostIsSegment: Bool
    /// How many stored segments to read (a dropped trailing or root segment is not counted).
    let storedCount: Int
    /// The decoded fragment; `nil` when absent or empty.
    let fragment: String?
    /// Folded segments, when literals compare without case.
    let folded: [String]?

    /// `stored` is the number of segments the source holds.
    @inline(__always)
    init(
        _ source: Source, stored: Int, hasHost: Bool, fragment: String?, options: RoutingOptions
    ) {
        self.source = source
        self.fragment = fragment.flatMap { $0.isEmpty ? nil : $0 }
        isWeb = source.isWeb
        hostIsSegment = !isWeb && hasHost
        let lastIsEmpty = stored > 0 && source.segment(stored - 1).isEmpty
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
            if hostIsSegment { folded.append(source.hostText.lowercased()) }
            for j in 0..<storedCount { folded.append(source.segment(j).lowercased()) }
            self.folded = folded
        } else {
            self.folded = nil
        }
    }

    /// The input for a link: it holds the link's storage.
    @inline(__always)
    init(link: borrowing Link, options: RoutingOptions) {
        let storage = link.storage
        self.init(
            .link(storage), stored: storage.segmentCount, hasHost: storage.hasHost, fragment: link.fragment,
            options: options)
    }

    /// The query items, read in place from the input's source.
    var queryItems: QueryItems { QueryItems(source.itemStorage) }

    /// The number of segments matched.
    var count: Int { hostIsSegment ? storedCount + 1 : storedCount }

    /// The host, lower-cased; `nil` when there is none.
    var host: String? { source.hasHost ? hostText : nil }

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

extension MatchInput {
    /// Where an input reads the scheme, the host, the segments and the query items: a link's
    /// storage, or parts split elsewhere. Either is held, so every text lent below lives as long
    /// as the input; each is lent for the length of the access (`_read`), so a read counts no
    /// reference and copies nothing.
    enum Source {
        /// A link's storage.
        case link(Link.Storage)
        /// Parts split elsewhere.
        case parts(Parts)

        /// Whether the scheme is `https` or `http`.
        var isWeb: Bool {
            switch self {
            case .link(let storage): storage.isWeb
            case .parts(let parts): parts.isWeb
            }
        }

        /// The storage that holds the query items; `nil` when there are none.
        var itemStorage: Link.Storage? {
            switch self {
            case .link(let storage): storage.itemCount == 0 ? nil : storage
            case .parts(let parts): parts.items
            }
        }

        /// How many query items there are.
        var itemCount: Int {
            switch self {
            case .link(let storage): storage.itemCount
            case .parts(let parts): parts.items?.itemCount ?? 0
            }
        }

        /// Whether there is a host.
        var hasHost: Bool {
            switch self {
            case .link(let storage): storage.hasHost
            case .parts(let parts): parts.host != nil
            }
        }

        /// The scheme, lent in place.
        var scheme: String {
            _read {
                switch self {
                case .link(let storage): yield storage.scheme
                case .parts(let parts): yield parts.scheme
                }
            }
        }

        /// The host's text, lent in place; stops when there is no host.
        var hostText: String {
            _read {
                switch self {
                case .link(let storage):
                    precondition(storage.hasHost, "the input has no host")
                    yield storage.hostText
                case .parts(let parts):
                    guard let host = parts.host else { preconditionFailure("the input has no host") }
                    yield host
                }
            }
        }

        /// The stored segment at a position, decoded, lent in place; stops on a position
        /// outside the stored segments.
        subscript(segment j: Int) -> String {
            _read {
                switch self {
                case .link(let storage): yield storage[segment: j].decoded
                case .parts(let parts): yield parts.segments[j]
                }
            }
        }

        /// The query item at a position, lent in place; stops on a position outside the items.
        subscript(item j: Int) -> QueryItem {
            _read {
                switch self {
                case .link(let storage): yield storage[item: j]
                case .parts(let parts):
                    guard let items = parts.items else { preconditionFailure("query item index out of range") }
                    yield items[item: j]
                }
            }
        }

        /// The stored segment at a position, decoded, lent in place.
        @inline(__always)
        func segment(_ j: Int) -> String { self[segment: j] }
    }

    /// Parts given as strings, held by value: the caller's strings and array cost one
    /// reference each to hold, and nothing to read.
    struct Parts {
        let scheme: String
        /// The host's text; `nil` when there is no host.
        let host: String?
        let segments: [String]
        /// The query items, in a storage of their own; `nil` when there are none.
        let items: Link.Storage?
        /// Whether the scheme is `https` or `http`.
        let isWeb: Bool
    }

    /// The input for parts split elsewhere
    /// (``Router/lookup(scheme:host:pathSegments:queryItems:fragment:)``): it holds them.
    @inline(__always)
    init(
        scheme: String, host: String?, pathSegments: [String], queryItems: [QueryItem],
        fragment: String?, options: RoutingOptions
    ) {
        // Items given as an array are copied into a storage of their own, read in place.
        let items =
            queryItems.isEmpty
            ? nil
            : Link.StorageBuilder(scheme: "", host: nil, port: nil, segments: [], items: queryItems).freezeParts()
        let parts = Parts(
            scheme: scheme, host: host, segments: pathSegments, items: items, isWeb: RouteScope.isWeb(scheme))
        self.init(
            .parts(parts), stored: pathSegments.count, hasHost: host != nil, fragment: fragment,
            options: options)
    }

    /// The scheme, lower-cased.
    var scheme: String { _read { yield source.scheme } }

    /// The host's text, for an input whose host is not `nil`; stops on an input without one.
    var hostText: String { _read { yield source.hostText } }

    /// How many query items the input has.
    var queryItemCount: Int { source.itemCount }

    /// The query item at a position, lent in place (no reference counted, nothing copied);
    /// stops on a position outside the items.
    subscript(item j: Int) -> QueryItem { _read { yield source[item: j] } }

    /// The decoded segment at a position, lent in place; stops on a position outside the
    /// matched segments.
    subscript(i: Int) -> String {
        _read {
            if hostIsSegment, i == 0 {
                yield source.hostText
            } else {
                let j = hostIsSegment ? i - 1 : i
                precondition(j >= 0 && j < storedCount, "segment index out of range")
                yield source[segment: j]
            }
        }
    }
}
