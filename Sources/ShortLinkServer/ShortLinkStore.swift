import ShortLinks

/// Where a site keeps its short links.
///
/// A store must make ``insert(_:)`` atomic: two insertions of one code, or of one request key,
/// never both succeed, whichever processes or tasks make them. The package has
/// ``InMemoryShortLinkStore`` for tests and ``SQLiteShortLinkStore`` for a site on one
/// machine; a site on several machines conforms its shared database, and checks its store with
/// the same conformance tests.
public protocol ShortLinkStore: Sendable {
    /// Adds a link unless its code or its request key is taken.
    func insert(_ link: ShortLink) async throws(ShortLinkError) -> ShortLinkInsertion
    /// The link of a code, expired or not; `nil` when there is none.
    func link(for code: ShortCode) async throws(ShortLinkError) -> ShortLink?
    /// Up to `limit` links in the order of their codes, starting after `code` (from the first
    /// when `nil`): a page of a listing.
    func links(after code: ShortCode?, limit: Int) async throws(ShortLinkError) -> [ShortLink]
    /// Sets the expiry of a code's link and returns the link as changed; `nil` when there is
    /// none.
    func setExpiry(of code: ShortCode, to time: Int64?) async throws(ShortLinkError) -> ShortLink?
    /// Adds one to the counter of an event for a link, a class of client and a day.
    func record(_ event: ShortLinkEvent, for link: ShortLink, platform: PlatformClass, day: Int64)
        async throws(ShortLinkError)
    /// The counters a query matches, ordered by day, code, platform and event.
    func counts(_ query: ShortLinkCountQuery) async throws(ShortLinkError) -> [ShortLinkCount]
}

/// What an insertion did.
public enum ShortLinkInsertion: Sendable, Hashable {
    /// The link was added.
    case inserted
    /// A link with the same request key exists; it is this one, and nothing was added.
    case sameRequest(ShortLink)
    /// The code is taken by this link, and nothing was added.
    case codeTaken(ShortLink)
}

/// A store in memory, for tests and previews: everything is lost with the process.
public actor InMemoryShortLinkStore: ShortLinkStore {
    private var byCode: [ShortCode: ShortLink] = [:]
    private var byRequestKey: [String: ShortCode] = [:]
    private var counters: [CounterKey: ShortLinkCount] = [:]

    private struct CounterKey: Hashable {
        let day: Int64
        let code: ShortCode
        let platform: PlatformClass
        let event: ShortLinkEvent
    }

    /// Creates an empty store.
    public init() {}

    /// Adds a link unless its code or its request key is taken.
    public func insert(_ link: ShortLink) throws(ShortLinkError) -> ShortLinkInsertion {
        if let key = link.requestKey, let code = byRequestKey[key], let existing = byCode[code] {
            return .sameRequest(existing)
        }
        if let existing = byCode[link.code] { return .codeTaken(existing) }
        byCode[link.code] = link
        if let key = link.requestKey { byRequestKey[key] = link.code }
        return .inserted
    }

    /// The link of a code.
    public func link(for code: ShortCode) throws(ShortLinkError) -> ShortLink? { byCode[code] }

    /// A page of links in the order of their codes.
    public func links(after code: ShortCode?, limit: Int) throws(ShortLinkError) -> [ShortLink] {
        let sorted = byCode.keys.filter { key in code.map { key > $0 } ?? true }.sorted()
        return sorted.prefix(max(0, limit)).compactMap { byCode[$0] }
    }

    /// Sets the expiry of a code's link.
    public func setExpiry(of code: ShortCode, to time: Int64?) throws(ShortLinkError) -> ShortLink? {
        guard var link = byCode[code] else { return nil }
        link.expansion.expiresAt = time
        byCode[code] = link
        return link
    }

    /// Adds one to a counter.
    public func record(_ event: ShortLinkEvent, for link: ShortLink, platform: PlatformClass, day: Int64)
        throws(ShortLinkError)
    {
        let key = CounterKey(day: day, code: link.code, platform: platform, event: event)
        counters[
            key,
            default: ShortLinkCount(
                day: day, code: link.code, route: link.expansion.route, platform: platform, event: event,
                count: 0)
        ]
        .count += 1
    }

    /// The counters a query matches.
    public func counts(_ query: ShortLinkCountQuery) throws(ShortLinkError) -> [ShortLinkCount] {
        counters.values.filter(query.matches).sorted(by: ShortLinkCount.storeOrder)
    }
}

extension ShortLinkCount {
    /// The order stores list counters in: by day, code, platform and event.
    static func storeOrder(_ a: ShortLinkCount, _ b: ShortLinkCount) -> Bool {
        (a.day, a.code.text, a.platform.rawValue, a.event.rawValue) < (
            b.day, b.code.text, b.platform.rawValue, b.event.rawValue
        )
    }
}
