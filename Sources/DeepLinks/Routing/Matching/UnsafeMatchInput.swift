/// What the router reads from a link, with the path normalised once.
///
/// The matched path is the link's decoded path segments, with:
/// - the bare path `/` read as no segments (the root);
/// - a trailing empty segment dropped unless trailing slashes are significant;
/// - for a custom-scheme link with a host, the host prepended as the first segment.
///
/// An input made from a link holds the link's storage, so it can never outlive what it
/// reads; an input of parts split elsewhere exists only inside
/// ``withParts(scheme:host:pathSegments:queryItems:fragment:options:_:)``'s body: the input
/// is not escapable, and one of parts depends on the lifetime of the caller's segments as lent
/// to that body, so the compiler refuses code that keeps it longer. Each text is read in place:
/// reading the scheme, the host or a segment counts no reference and copies nothing, which
/// matters most for texts over 15 bytes (hosts such as `shop.example.com`, UUID segments),
/// whose reference counts are atomic. Where it reads is private to this file.
@safe struct MatchInput: ~Escapable {
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
    private let source: Source
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

    /// `stored` is the number of segments the source holds. The input lives as long as
    /// `lifetime`, what the source's texts live in.
    @inline(__always)
    @_lifetime(copy lifetime)
    private init(
        _ source: Source, stored: Int, hasHost: Bool, fragment: String?, options: RoutingOptions,
        lifetime: Span<String>
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

    /// The input for a link: it holds the link's storage, so it depends on nothing else.
    @inline(__always)
    @_lifetime(immortal)
    init(link: borrowing Link, options: RoutingOptions) {
        let storage = link.storage
        self.init(
            .link(storage), stored: storage.segmentCount, hasHost: storage.hasHost, fragment: link.fragment,
            options: options, lifetime: Span())
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
    /// Where an input reads the scheme, the host and the segments.
    ///
    /// The texts are read in place through addressors, so that a read counts no reference:
    /// - a link's storage is held by the input, so every address into it is valid for as long
    ///   as the input is, and the storage is immutable;
    /// - parts split elsewhere are the caller's values, addressed only inside
    ///   ``MatchInput/withParts(scheme:host:pathSegments:queryItems:fragment:options:_:)``'s
    ///   body, which is the only place such an input exists.
    @safe fileprivate enum Source {
        /// A link's storage.
        case link(Link.Storage)
        /// Parts split elsewhere, valid only inside `withParts`' body.
        case parts(Parts)

        /// The scheme's address: in the link's storage, which the input holds, or the
        /// caller's string inside `withParts`' body.
        @inline(__always)
        var schemeAddress: UnsafePointer<String> {
            switch self {
            case .link(let storage): unsafe storage.schemeAddress
            case .parts(let parts): unsafe parts.scheme
            }
        }

        /// Whether the scheme is `https` or `http`.
        var isWeb: Bool {
            switch self {
            case .link(let storage): storage.isWeb
            case .parts(let parts): unsafe WebScheme.contains(parts.scheme.pointee)
            }
        }

        /// The storage that holds the query items; `nil` when there are none.
        var itemStorage: Link.Storage? {
            switch self {
            case .link(let storage): storage.itemCount == 0 ? nil : storage
            case .parts(let parts): unsafe parts.items
            }
        }

        /// How many query items there are.
        var itemCount: Int {
            switch self {
            case .link(let storage): storage.itemCount
            case .parts(let parts): unsafe parts.items?.itemCount ?? 0
            }
        }

        /// The address of the query item at a position; stops on a position outside the
        /// items.
        @inline(__always)
        func itemAddress(_ j: Int) -> UnsafePointer<QueryItem> {
            switch self {
            case .link(let storage):
                return unsafe storage.address(ofItem: j)
            case .parts(let parts):
                guard let items = unsafe parts.items else {
                    preconditionFailure("query item index out of range")
                }
                return unsafe items.address(ofItem: j)
            }
        }

        /// Whether there is a host.
        var hasHost: Bool {
            switch self {
            case .link(let storage): storage.hasHost
            case .parts(let parts): unsafe parts.host != nil
            }
        }

        /// The host text's address; stops when there is no host.
        @inline(__always)
        var hostTextAddress: UnsafePointer<String> {
            switch self {
            case .link(let storage):
                precondition(storage.hasHost, "the input has no host")
                return unsafe storage.hostTextAddress
            case .parts(let parts):
                guard let host = unsafe parts.host else { preconditionFailure("the input has no host") }
                return unsafe host
            }
        }

        /// The address of the stored segment at a position, decoded; stops on a position
        /// outside the stored segments.
        @inline(__always)
        func segmentAddress(_ j: Int) -> UnsafePointer<String> {
            switch self {
            case .link(let storage):
                return unsafe storage.decodedAddress(ofSegment: j)
            case .parts(let parts):
                // Only the given segments are read.
                unsafe precondition(j >= 0 && j < parts.segments.count, "segment index out of range")
                return unsafe parts.segments.baseAddress.unsafelyUnwrapped + j
            }
        }

        /// The scheme, read in place.
        var scheme: String { unsafeAddress { unsafe schemeAddress } }

        /// The host's text, read in place; stops when there is no host.
        var hostText: String { unsafeAddress { unsafe hostTextAddress } }

        /// The stored segment at a position, decoded, read in place.
        subscript(segment j: Int) -> String { unsafeAddress { unsafe segmentAddress(j) } }

        /// The stored segment at a position, decoded, read in place.
        @inline(__always)
        func segment(_ j: Int) -> String { self[segment: j] }
    }

    /// The addresses of parts given as strings: the caller's values, valid only inside
    /// ``MatchInput/withParts(scheme:host:pathSegments:queryItems:fragment:options:_:)``'s body.
    @unsafe fileprivate struct Parts {
        let scheme: UnsafePointer<String>
        /// The host's text; `nil` when there is no host.
        let host: UnsafePointer<String>?
        let segments: UnsafeBufferPointer<String>
        /// The query items, in a storage of their own; `nil` when there are none.
        let items: Link.Storage?
    }

    /// Calls `body` with the input for parts split elsewhere
    /// (``Router/match(scheme:host:pathSegments:queryItems:fragment:)``): the input reads the
    /// caller's strings in place, so it exists only inside `body`.
    @inline(__always)
    static func withParts<R>(
        scheme: String, host: String?, pathSegments: [String], queryItems: [QueryItem],
        fragment: String?, options: RoutingOptions, _ body: (MatchInput) -> R
    ) -> R {
        // Items given as an array are copied into a storage of their own, read in place.
        let items =
            queryItems.isEmpty
            ? nil
            : Link.StorageBuilder(scheme: "", host: nil, port: nil, segments: [], items: queryItems)
                .freezeParts()
        // Every address below is taken for the duration of `body` only, and the input made of
        // them depends on the segments' span, which cannot leave the closure: the compiler keeps
        // the input inside `body`.
        func run(_ host: UnsafePointer<String>?) -> R {
            unsafe withUnsafePointer(to: scheme) { scheme in
                unsafe pathSegments.withUnsafeBufferPointer { segments in
                    unsafe body(
                        MatchInput(
                            .parts(
                                unsafe Parts(scheme: scheme, host: host, segments: segments, items: items)),
                            stored: segments.count, hasHost: host != nil, fragment: fragment,
                            options: options, lifetime: segments.span))
                }
            }
        }
        guard let host else { return run(nil) }
        return unsafe withUnsafePointer(to: host) { unsafe run($0) }
    }

    // Each address below is into the input's own source: valid for the access, which
    // borrows the input (see ``Source``).

    /// The scheme, lower-cased.
    var scheme: String { unsafeAddress { unsafe source.schemeAddress } }

    /// The host's text, for an input whose host is not `nil`; stops on an input without one.
    var hostText: String { unsafeAddress { unsafe source.hostTextAddress } }

    /// How many query items the input has.
    var queryItemCount: Int { source.itemCount }

    /// The query item at a position, read in place (no reference counted, nothing copied);
    /// stops on a position outside the items.
    subscript(item j: Int) -> QueryItem { unsafeAddress { unsafe source.itemAddress(j) } }

    /// The decoded segment at a position, read in place; stops on a position outside the
    /// matched segments.
    subscript(i: Int) -> String {
        unsafeAddress {
            if hostIsSegment, i == 0 { return unsafe source.hostTextAddress }
            let j = hostIsSegment ? i - 1 : i
            precondition(j >= 0 && j < storedCount, "segment index out of range")
            return unsafe source.segmentAddress(j)
        }
    }
}
