/// A user activity as it reaches an app: a universal link, web-to-app Handoff, or the app's
/// own continued activity, as a value that works on every platform.
///
/// `NSUserActivity` does not exist on Linux, and on Apple platforms it is a mutable class that
/// raises an exception for some bad values. `UserActivity` is its immutable model: every
/// property the link-handling path reads, checked once when the value is created.
///
/// - A browsing-web activity (``browsingWeb``, the value of `NSUserActivityTypeBrowsingWeb`)
///   carries its link in ``webpageURL``. That is how universal links and web-to-app Handoff
///   arrive.
/// - Any other type is the app's own reverse-DNS type (listed under `NSUserActivityTypes` in
///   its Info.plist) and carries its state in ``userInfo``; an activity route declares the
///   keys it reads (``ActivityRoute``).
///
/// Creation refuses, with a ``UserActivityError``: an empty activity type or one with
/// whitespace; a browsing-web activity without a `webpageURL`; a `webpageURL` that is not
/// `http` or `https` (Apple platforms raise an exception for it); a `userInfo` over
/// ``UserInfo/sizeBudget``; and `requiredUserInfoKeys` that the `userInfo` lacks. The
/// `webpageURL` is kept as text: the ``LinkGate`` decides whether it is well formed.
///
/// ```swift
/// let tap = try UserActivity(
///     activityType: UserActivity.browsingWeb,
///     webpageURL: "https://photos.example.com/albums?albumname=Summer&index=3")
/// let handoff = try UserActivity(
///     activityType: "com.example.photos.viewing-photo",
///     userInfo: ["albumname": "Summer", "index": 3],
///     requiredUserInfoKeys: ["albumname"])
/// ```
///
/// In JSON an activity is an object with its property names as keys; decoding applies the
/// same checks as the initializer.
public struct UserActivity: Sendable, Hashable {
    /// The activity type of universal links and web-to-app Handoff: the value of
    /// `NSUserActivityTypeBrowsingWeb`.
    public static let browsingWeb = "NSUserActivityTypeBrowsingWeb"

    /// The activity type: ``browsingWeb`` or one of the app's reverse-DNS types.
    public let activityType: String
    /// The web page the activity shows, as text; always `http` or `https` when present, and
    /// always present for ``browsingWeb``.
    public let webpageURL: String?
    /// The page that led to the activity, as text, when the system reports one. Recorded,
    /// never routed.
    public let referrerURL: String?
    /// The activity's state.
    public let userInfo: UserInfo
    /// The `userInfo` keys the activity cannot be continued without; all present.
    public let requiredUserInfoKeys: Set<String>
    /// The identifier a scene uses to claim the activity (`targetContentIdentifier`).
    public let targetContentIdentifier: String?
    /// The identifier the app gave the activity so that it can be deleted later.
    public let persistentIdentifier: String?
    /// Whether the activity may be continued on another device.
    public let isEligibleForHandoff: Bool

    /// Creates an activity, checking every rule above.
    ///
    /// - Throws: ``UserActivityError`` naming the first rule the values break.
    public init(
        activityType: String, webpageURL: String? = nil, referrerURL: String? = nil, userInfo: UserInfo = [:],
        requiredUserInfoKeys: Set<String> = [], targetContentIdentifier: String? = nil,
        persistentIdentifier: String? = nil, isEligibleForHandoff: Bool = true
    ) throws(UserActivityError) {
        guard !activityType.isEmpty else { throw .emptyActivityType }
        guard !activityType.unicodeScalars.contains(where: Self.isWhitespaceOrControl) else {
            throw .invalidActivityType(activityType)
        }
        if let webpageURL {
            guard WebScheme.startsLink(webpageURL) else { throw .webpageURLNotWeb(webpageURL) }
        } else if activityType == Self.browsingWeb {
            throw .missingWebpageURL
        }
        let missing = requiredUserInfoKeys.filter { userInfo[$0] == nil }.sorted()
        guard missing.isEmpty else { throw .missingRequiredKeys(missing) }
        let size = userInfo.serializedSize
        guard size <= UserInfo.sizeBudget else {
            throw .userInfoTooLarge(bytes: size, budget: UserInfo.sizeBudget)
        }
        self.activityType = activityType
        self.webpageURL = webpageURL
        self.referrerURL = referrerURL
        self.userInfo = userInfo
        self.requiredUserInfoKeys = requiredUserInfoKeys
        self.targetContentIdentifier = targetContentIdentifier
        self.persistentIdentifier = persistentIdentifier
        self.isEligibleForHandoff = isEligibleForHandoff
    }

    /// Whether this is a browsing-web activity (a universal link or web-to-app Handoff).
    public var isBrowsingWeb: Bool { activityType == Self.browsingWeb }

    static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }
}

extension UserActivity: CustomStringConvertible {
    /// The type, then the `webpageURL` or the `userInfo`, in one line.
    public var description: String {
        var text = activityType
        if let webpageURL { text += " " + webpageURL }
        if !userInfo.isEmpty { text += " " + userInfo.description }
        return text
    }
}

extension UserActivity: Codable {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "activityType", "webpageURL", "referrerURL", "userInfo", "requiredUserInfoKeys",
        "targetContentIdentifier", "persistentIdentifier", "isEligibleForHandoff",
    ]

    /// Decodes an activity, applying every check of the initializer; optional keys may be omitted.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a user activity")
        try self.init(
            activityType: try c.decode(String.self, forKey: "activityType"),
            webpageURL: try c.decodeIfPresent(String.self, forKey: "webpageURL"),
            referrerURL: try c.decodeIfPresent(String.self, forKey: "referrerURL"),
            userInfo: try c.decode("userInfo", or: [:]),
            requiredUserInfoKeys: try c.decode("requiredUserInfoKeys", or: []),
            targetContentIdentifier: try c.decodeIfPresent(String.self, forKey: "targetContentIdentifier"),
            persistentIdentifier: try c.decodeIfPresent(String.self, forKey: "persistentIdentifier"),
            isEligibleForHandoff: try c.decode("isEligibleForHandoff", or: true))
    }

    /// Encodes the activity, leaving out empty optional values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(activityType, forKey: "activityType")
        try c.encodeIfPresent(webpageURL, forKey: "webpageURL")
        try c.encodeIfPresent(referrerURL, forKey: "referrerURL")
        if !userInfo.isEmpty { try c.encode(userInfo, forKey: "userInfo") }
        if !requiredUserInfoKeys.isEmpty {
            try c.encode(requiredUserInfoKeys.sorted(), forKey: "requiredUserInfoKeys")
        }
        try c.encodeIfPresent(targetContentIdentifier, forKey: "targetContentIdentifier")
        try c.encodeIfPresent(persistentIdentifier, forKey: "persistentIdentifier")
        try c.encode(isEligibleForHandoff, forKey: "isEligibleForHandoff")
    }
}
