/// The Smart App Banner of a web page: the content of its
/// `<meta name="apple-itunes-app" content="…">` tag, parsed strictly and rendered safely.
///
/// Safari shows the banner for ``appID`` and, when the user opens the app from it, hands the
/// app ``appArgument``: often a custom-scheme link (`newsapp://doc/CHLFGFCB00097U7S?s=sps_article`).
/// That argument is a link like any other: parsing runs it through the same ``LinkGate``, and
/// ``LinkReceiver`` routes it through the same table.
///
/// Parsing is tolerant of spacing around items, keys and `=`, and strict about everything
/// else (``SmartAppBannerError``): every item is `key=value` with a known key, at most once;
/// `app-id` is required and numeric; `app-argument` must pass the gate; `affiliate-data` is
/// printable ASCII without spaces; `app-clip-bundle-id` is a bundle identifier; and
/// `app-clip-display` is `card`, only with an App Clip. An App Clip is invoked with the page's
/// URL, not with the argument, which goes to the full app.
///
/// ```swift
/// var policy = LinkPolicy()
/// policy.allowedSchemes.insert("newsapp")
/// let banner = try SmartAppBanner(
///     parsing: "app-id=425349261, affiliate-data=myAffiliateData, app-argument=newsapp://doc/CHLFGFCB00097U7S?s=sps_article",
///     gate: LinkGate(policy: policy))
/// banner.appID                    // 425349261
/// banner.appArgument?.host        // "doc"
/// banner.metaTag
/// // <meta name="apple-itunes-app" content="app-id=425349261, app-argument=newsapp://doc/…, affiliate-data=myAffiliateData">
/// ```
///
/// In JSON a banner is an object with the keys `appID`, `appArgument` (a ``Link``),
/// `affiliateData`, `appClipBundleID` and `appClipDisplay`; decoding applies the same checks.
public struct SmartAppBanner: Sendable, Hashable {
    /// The keys of the meta tag's content, in the order ``content`` writes them.
    public enum Key: String, Sendable, Hashable, Codable, CaseIterable {
        /// `app-id`: the App Store ID, required.
        case appID = "app-id"
        /// `app-argument`: the link handed to the app.
        case appArgument = "app-argument"
        /// `affiliate-data`: the affiliate token.
        case affiliateData = "affiliate-data"
        /// `app-clip-bundle-id`: the App Clip to offer.
        case appClipBundleID = "app-clip-bundle-id"
        /// `app-clip-display`: how the App Clip is offered.
        case appClipDisplay = "app-clip-display"
    }

    /// How an App Clip is offered in the banner.
    public enum AppClipDisplay: String, Sendable, Hashable, Codable, CaseIterable {
        /// As a card.
        case card
    }

    /// The longest content accepted, in bytes: 8192.
    public static let maximumContentLength = 8192

    /// The App Store ID of the app.
    public let appID: Int
    /// The link the app receives when opened from the banner.
    public let appArgument: Link?
    /// The affiliate token.
    public let affiliateData: String?
    /// The bundle identifier of the App Clip to offer.
    public let appClipBundleID: String?
    /// How the App Clip is offered.
    public let appClipDisplay: AppClipDisplay?

    /// Creates a banner from checked values, to render it.
    ///
    /// - Throws: ``SmartAppBannerError`` when a value breaks a rule of the format, or when the
    ///   content would be longer than ``maximumContentLength`` (``SmartAppBannerError/tooLong(bytes:)``),
    ///   so that every banner renders to content that parses back to itself.
    public init(
        appID: Int, appArgument: Link? = nil, affiliateData: String? = nil, appClipBundleID: String? = nil,
        appClipDisplay: AppClipDisplay? = nil
    ) throws(SmartAppBannerError) {
        guard appID > 0 else { throw .nonNumericAppID(String(appID)) }
        if let appArgument, appArgument.original.utf8.contains(UInt8(ascii: ",")) {
            throw .commaInAppArgument(appArgument.original)
        }
        if let affiliateData { try Self.checkAffiliateData(affiliateData) }
        if let appClipBundleID { try Self.checkBundleID(appClipBundleID) }
        if appClipDisplay != nil, appClipBundleID == nil { throw .appClipDisplayWithoutBundleID }
        self.appID = appID
        self.appArgument = appArgument
        self.affiliateData = affiliateData
        self.appClipBundleID = appClipBundleID
        self.appClipDisplay = appClipDisplay
        // Content longer than the parser takes would not parse back.
        let length = content.utf8.count
        guard length <= Self.maximumContentLength else { throw .tooLong(bytes: length) }
    }

    static func checkAffiliateData(_ text: String) throws(SmartAppBannerError) {
        let valid =
            !text.isEmpty
            && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") }
        guard valid else { throw .invalidAffiliateData(text) }
    }

    static func checkBundleID(_ text: String) throws(SmartAppBannerError) {
        let labels = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let valid =
            text.utf8.count <= 255 && labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty
                    && label.allSatisfy { ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-") }
            }
        guard valid else { throw .invalidAppClipBundleID(text) }
    }
}

extension SmartAppBanner: Codable {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "appID", "appArgument", "affiliateData", "appClipBundleID", "appClipDisplay",
    ]

    /// Decodes a banner, applying the checks of ``init(appID:appArgument:affiliateData:appClipBundleID:appClipDisplay:)``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a Smart App Banner")
        try self.init(
            appID: try c.decode(Int.self, forKey: "appID"),
            appArgument: try c.decodeIfPresent(Link.self, forKey: "appArgument"),
            affiliateData: try c.decodeIfPresent(String.self, forKey: "affiliateData"),
            appClipBundleID: try c.decodeIfPresent(String.self, forKey: "appClipBundleID"),
            appClipDisplay: try c.decodeIfPresent(AppClipDisplay.self, forKey: "appClipDisplay"))
    }

    /// Encodes the values that are present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(appID, forKey: "appID")
        try c.encodeIfPresent(appArgument, forKey: "appArgument")
        try c.encodeIfPresent(affiliateData, forKey: "affiliateData")
        try c.encodeIfPresent(appClipBundleID, forKey: "appClipBundleID")
        try c.encodeIfPresent(appClipDisplay, forKey: "appClipDisplay")
    }
}
