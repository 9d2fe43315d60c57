/// What the router reads from a link, with the path normalised once.
///
/// The matched path is the link's decoded path segments, with:
/// - the bare path `/` read as no segments (the root);
/// - a trailing empty segment dropped unless trailing slashes are significant;
/// - for a custom-scheme link with a host, the host prepended as the first segment.
///
/// An input made from a link holds the link's storage, so it can never outlive what it
/// reads; an input of parts split elsewhere exists only inside
/// ``withParts(scheme:host:pathSegments:queryItems:fragment:options:_:)``'s body. Each text
/// is read in place (`UnsafeMatchInput.swift`): reading the scheme, the host or a segment
/// counts no reference and copies nothing, which matters most for texts over 15 bytes (hosts
/// such as `shop.example.com`, UUID segments), whose reference counts are atomic.
@safe struct MatchInput {
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
