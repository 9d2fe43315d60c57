/// A page as the responder sends it: its status, body and entity tag, and its headers, all
/// written once, when the page is rendered; the headers of `304 Not Modified` are the end of
/// the page's own.
///
/// The key is everything a page depends on: the link's resolution (where the content came
/// from, the canonical link, the provider's preview as given, the links offered to the app)
/// and the representation. A provider that returns another preview for the same link makes
/// another key, so a kept page is never stale; keeping it saves cleaning the text, building
/// the tags, rendering, hashing and writing the headers.
struct RenderedPage: Sendable {
    /// What a page is rendered from.
    ///
    /// Its hash is worked out once, when it is made: a full cache hashes a kept key again each
    /// time an entry near it is dropped, and hashing a resolution reads all its text.
    struct Key: Hashable, Sendable {
        let resolution: LinkPreviewService.Resolution
        let representation: HTTPNegotiation.Representation
        /// The short link a page was reached by, for its deferred-link parts; `nil` for a link
        /// reached directly.
        let deferred: LandingPage.DeferredLink?
        private let hash: Int

        init(
            resolution: LinkPreviewService.Resolution, representation: HTTPNegotiation.Representation,
            deferred: LandingPage.DeferredLink? = nil
        ) {
            self.resolution = resolution
            self.representation = representation
            self.deferred = deferred
            var hasher = Hasher()
            hasher.combine(resolution)
            hasher.combine(representation)
            hasher.combine(deferred)
            hash = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.representation == rhs.representation && lhs.deferred == rhs.deferred
                && lhs.resolution == rhs.resolution
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    /// The status: 200, or 404 for content that is not found.
    let status: Int
    /// The body.
    let body: [UInt8]
    /// The strong entity tag of the body, quoted.
    let etag: String
    /// The headers of the page, in order: `Content-Type`, `Content-Length`, then the headers of
    /// `304 Not Modified` (from ``notModifiedStart`` on).
    let headers: [ResponseHeader]

    /// Where the headers of `304 Not Modified` start in ``headers``: after the two that describe
    /// the body.
    static let notModifiedStart = 2

    /// The headers of `304 Not Modified`, in order: the tag, `Cache-Control`, `Vary` and the
    /// security headers. Made when one is sent: most pages never send one.
    func notModifiedHeaders() -> [ResponseHeader] {
        Array(headers[Self.notModifiedStart...])
    }
}
