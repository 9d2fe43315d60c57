/// What the router reads from a link, with the path normalised once.
///
/// The matched path is the link's decoded path segments, with:
/// - the bare path `/` read as no segments (the root);
/// - a trailing empty segment dropped unless trailing slashes are significant;
/// - for a custom-scheme link with a host, the host prepended as the first segment.
///
/// The input holds what it reads: the link's storage, or the parts given to the parts-based
/// look-up. It can therefore never outlive the texts it reads, whoever made it. Each text is
/// read in place where it is held: reading the scheme, the host or a segment counts no
/// reference and copies nothing, which matters most for texts over 15 bytes (hosts such as
/// `shop.example.com`, UUID segments), whose reference counts are atomic.
struct MatchInput {
    /// Where the scheme, the host and the segments are read.
    private enum Source {
        /// A link's storage.
        case link(Link.Storage)
        /// Parts split elsewhere (``Router/lookup(scheme:host:pathSegments:queryItems:fragment:)``).
        case parts(scheme: String, host: String?, segments: [String])
    }

    /// The query items, read in place where the input's storage holds them.
    struct QueryItems: RandomAccessCollection {
        /// The storage holding the items; `nil` when there are none.
        private let storage: Link.Storage?

        var startIndex: Int { 0 }
        var endIndex: Int { storage?.itemCount ?? 0 }

        /// The item at a position; stops on a position outside the items.
        subscript(i: Int) -> QueryItem {
            _read {
                guard let storage else { preconditionFailure("query item index out of range") }
                yield storage[item: i]
            }
        }

        /// The items of a link's storage; `nil` holds none.
        init(_ storage: Link.Storage?) {
            self.storage = storage
        }
    }

    private let source: Source
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

    /// `stored` is the number of segments the source holds.
    @inline(__always)
    private init(
        _ source: Source, stored: Int, queryItems: QueryItems, fragment: String?, options: RoutingOptions
    ) {
        self.source = source
        self.queryItems = queryItems
        self.fragment = fragment.flatMap { $0.isEmpty ? nil : $0 }
        let lastIsEmpty: Bool
        switch source {
        case .link(let storage):
            isWeb = RouteScope.isWeb(storage.scheme)
            hostIsSegment = !isWeb && storage.host != nil
            lastIsEmpty = stored > 0 && storage[segment: stored - 1].decoded.isEmpty
        case .parts(let scheme, let host, let segments):
            isWeb = RouteScope.isWeb(scheme)
            hostIsSegment = !isWeb && host != nil
            lastIsEmpty = stored > 0 && segments[stored - 1].isEmpty
        }
        if stored == 1, lastIsEmpty {
            storedCount = 0
        } else if stored > 1, lastIsEmpty, options.trailingSlash == .ignored {
            storedCount = stored - 1
        } else {
            storedCount = stored
        }
        folded =
            options.caseSensitivity == .insensitive
            ? Self.folded(source, hostIsSegment: hostIsSegment, storedCount: storedCount) : nil
    }

    /// The matched segments lower-cased, host first when it is read as a segment.
    private static func folded(_ source: Source, hostIsSegment: Bool, storedCount: Int) -> [String] {
        var folded: [String] = []
        folded.reserveCapacity(storedCount + 1)
        switch source {
        case .link(let storage):
            if hostIsSegment { folded.append(storage.host?.lowercased() ?? "") }
            for j in 0..<storedCount { folded.append(storage[segment: j].decoded.lowercased()) }
        case .parts(_, let host, let segments):
            if hostIsSegment { folded.append(host?.lowercased() ?? "") }
            for j in 0..<storedCount { folded.append(segments[j].lowercased()) }
        }
        return folded
    }

    /// The input for a link: it holds the link's storage.
    @inline(__always)
    init(link: borrowing Link, options: RoutingOptions) {
        let storage = link.storage
        self.init(
            .link(storage), stored: storage.segmentCount,
            queryItems: QueryItems(storage.itemCount == 0 ? nil : storage), fragment: link.fragment,
            options: options)
    }

    /// The input for parts split elsewhere
    /// (``Router/lookup(scheme:host:pathSegments:queryItems:fragment:)``): it holds the
    /// strings given (a copy of a string or an array counts a reference, never copies text).
    @inline(__always)
    init(
        scheme: String, host: String?, pathSegments: [String], queryItems: [QueryItem], fragment: String?,
        options: RoutingOptions
    ) {
        // Items given as an array are copied into a storage of their own, read in place.
        let items =
            queryItems.isEmpty
            ? nil : Link.Storage.make(scheme: "", host: nil, port: nil, segments: [], items: queryItems)
        self.init(
            .parts(scheme: scheme, host: host, segments: pathSegments), stored: pathSegments.count,
            queryItems: QueryItems(items), fragment: fragment, options: options)
    }

    /// Calls `body` with the input for parts split elsewhere.
    @inline(__always)
    static func withParts<R>(
        scheme: String, host: String?, pathSegments: [String], queryItems: [QueryItem],
        fragment: String?, options: RoutingOptions, _ body: (MatchInput) -> R
    ) -> R {
        body(
            MatchInput(
                scheme: scheme, host: host, pathSegments: pathSegments, queryItems: queryItems,
                fragment: fragment, options: options))
    }

    /// The number of segments matched.
    var count: Int { hostIsSegment ? storedCount + 1 : storedCount }

    /// The scheme, lower-cased.
    var scheme: String {
        _read {
            switch source {
            case .link(let storage): yield storage.scheme
            case .parts(let scheme, _, _): yield scheme
            }
        }
    }

    /// The host, lower-cased; `nil` when there is none.
    var host: String? {
        _read {
            switch source {
            case .link(let storage): yield storage.host
            case .parts(_, let host, _): yield host
            }
        }
    }

    /// The host's text, for an input whose host is not `nil`; stops on an input without one.
    var hostText: String {
        _read {
            switch source {
            case .link(let storage): yield storage.host!
            case .parts(_, let host, _): yield host!
            }
        }
    }

    /// The decoded segment at a position, read in place; stops on a position outside the
    /// matched segments.
    subscript(i: Int) -> String {
        _read {
            if hostIsSegment, i == 0 {
                yield hostText
            } else {
                let j = hostIsSegment ? i - 1 : i
                precondition(j >= 0 && j < storedCount, "segment index out of range")
                switch source {
                case .link(let storage): yield storage[segment: j].decoded
                case .parts(_, _, let segments): yield segments[j]
                }
            }
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
