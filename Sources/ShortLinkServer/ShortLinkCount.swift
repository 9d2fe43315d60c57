import ShortLinks

/// What happened to a short link, counted per day.
public enum ShortLinkEvent: String, Sendable, Hashable, Codable, CaseIterable {
    /// Someone's browser (or a crawler) got the landing page of the short link.
    case pageShown
    /// The landing page it got offered the app a link (the Smart App Banner's argument, the
    /// "Open in the app" button), so a visitor with the app could go straight in.
    case appLinkOffered
    /// The app fetched the expansion after a tap on the short link.
    case expandedByApp
    /// The app fetched the expansion of a code it was handed after its install (a deferred
    /// link).
    case deferredResolved
}

/// The kind of client a request came from, read from its `User-Agent` and then forgotten.
///
/// Only the class is counted: no address, cookie, user agent text, user or device
/// identifier is stored or logged.
public enum PlatformClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// An iPhone, iPad or iPod (a browser or an app).
    case iOS
    /// An Android device.
    case android
    /// Anything else a person uses: a computer's browser, an unknown client.
    case desktop
    /// A link-preview fetcher or search crawler (Slack, iMessage, WhatsApp, Googlebot, …).
    case crawler

    /// The class of a `User-Agent` value; `desktop` when there is none.
    ///
    /// Cost: linear in the value, which is read only up to its first 512 bytes.
    public init(userAgent: String?) {
        guard let userAgent else {
            self = .desktop
            return
        }
        let text = String(
            decoding: userAgent.utf8.prefix(512).map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        if Self.crawlerMarks.contains(where: text.contains) {
            self = .crawler
        } else if text.contains("android") {
            self = .android
        } else if text.contains("iphone") || text.contains("ipad") || text.contains("ipod")
            || (text.contains("cfnetwork") && text.contains("darwin"))
        {
            self = .iOS
        } else {
            self = .desktop
        }
    }

    /// Lower-case marks of the usual preview fetchers and crawlers.
    static let crawlerMarks = [
        "bot", "crawler", "spider", "facebookexternalhit", "slack", "whatsapp", "telegram", "discord",
        "embedly", "preview", "headless", "curl/", "wget/", "python-requests",
    ]
}

/// One counter: how many times an event happened to a short link on a day, for one class of
/// client.
public struct ShortLinkCount: Sendable, Hashable, Codable {
    /// The day, as whole days since 1970-01-01 (UTC).
    public var day: Int64
    /// The short link's code.
    public var code: ShortCode
    /// The route of its long link, for counts per route.
    public var route: String
    /// The class of client.
    public var platform: PlatformClass
    /// What happened.
    public var event: ShortLinkEvent
    /// How many times.
    public var count: Int64

    /// Creates a counter.
    public init(
        day: Int64, code: ShortCode, route: String, platform: PlatformClass, event: ShortLinkEvent,
        count: Int64
    ) {
        self.day = day
        self.code = code
        self.route = route
        self.platform = platform
        self.event = event
        self.count = count
    }

    /// The day of a time in seconds since 1970.
    public static func day(of time: Int64) -> Int64 { time >= 0 ? time / 86_400 : (time - 86_399) / 86_400 }
}

/// Which counters to read: every filter left `nil` matches all.
public struct ShortLinkCountQuery: Sendable, Hashable, Codable {
    /// One short link's counters.
    public var code: ShortCode?
    /// One route's counters.
    public var route: String?
    /// The first day (days since 1970), included.
    public var fromDay: Int64?
    /// The last day, included.
    public var toDay: Int64?

    /// Creates a query.
    public init(code: ShortCode? = nil, route: String? = nil, fromDay: Int64? = nil, toDay: Int64? = nil) {
        self.code = code
        self.route = route
        self.fromDay = fromDay
        self.toDay = toDay
    }

    /// Whether a counter matches.
    public func matches(_ count: ShortLinkCount) -> Bool {
        (code.map { $0 == count.code } ?? true) && (route.map { $0 == count.route } ?? true)
            && (fromDay.map { count.day >= $0 } ?? true) && (toDay.map { count.day <= $0 } ?? true)
    }
}
