extension MatchInput {
    /// Where an input reads the scheme, the host and the segments.
    ///
    /// The texts are read in place through addressors, so that a read counts no reference:
    /// - a link's storage is held by the input, so every address into it is valid for as long
    ///   as the input is, and the storage is immutable;
    /// - parts split elsewhere are the caller's values, addressed only inside
    ///   ``MatchInput/withParts(scheme:host:pathSegments:queryItems:fragment:options:_:)``'s
    ///   body, which is the only place such an input exists.
    @safe enum Source {
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
            case .parts(let parts): unsafe RouteScope.isWeb(parts.scheme.pointee)
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
    @unsafe struct Parts {
        let scheme: UnsafePointer<String>
        /// The host's text; `nil` when there is no host.
        let host: UnsafePointer<String>?
        let segments: UnsafeBufferPointer<String>
        /// The query items, in a storage of their own; `nil` when there are none.
        let items: Link.Storage?
    }

    /// Calls `body` with the input for parts split elsewhere
    /// (``Router/lookup(scheme:host:pathSegments:queryItems:fragment:)``): the input reads the
    /// caller's strings in place, so it exists only inside `body`.
    @inline(__always)
    static func withParts<R>(
        scheme: String, host: String?, pathSegments: [String], queryItems: [QueryItem],
        fragment: String?, options: RoutingOptions, _ body: (MatchInput) -> R
    ) -> R {
        // Items given as an array are copied into a storage of their own, read in place.
        let items =
            queryItems.isEmpty
            ? nil : Link.Storage.make(scheme: "", host: nil, port: nil, segments: [], items: queryItems)
        // Every address below is taken for the duration of `body` only, and the input made of
        // them is handed to `body` alone.
        func run(_ host: UnsafePointer<String>?) -> R {
            unsafe withUnsafePointer(to: scheme) { scheme in
                unsafe pathSegments.withUnsafeBufferPointer { segments in
                    unsafe body(
                        MatchInput(
                            .parts(
                                unsafe Parts(scheme: scheme, host: host, segments: segments, items: items)),
                            stored: segments.count, hasHost: host != nil, fragment: fragment,
                            options: options))
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
