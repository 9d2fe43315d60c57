import DeepLinks
import Foundation
import Testing

/// A platform activity that can be written, as `NSUserActivity` is: created with its type,
/// every other property set afterwards.
private final class WrittenActivity: MutablePlatformUserActivity, @unchecked Sendable {
    let activityType: String
    var webpageURL: URL?
    var referrerURL: URL?
    var userInfo: [AnyHashable: Any]?
    var requiredUserInfoKeys: Set<String>?
    var targetContentIdentifier: String?
    var persistentIdentifier: String?
    var isEligibleForHandoff = true

    /// As `NSUserActivity(activity)` makes one: `init(activityType:)`, then the activity written.
    convenience init(_ activity: UserActivity) {
        self.init(activityType: activity.activityType)
        activity.write(to: self)
    }

    init(activityType: String) { self.activityType = activityType }
}

@Suite("Outgoing Handoff: an activity to property-list values and back")
struct OutgoingActivityTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000.25)
    static let bytes = Data([0, 1, 2, 255])
    static let url = URL(string: "https://photos.example.com/albums/summer?index=3")!

    /// One value of every kind, nested kinds holding every scalar kind.
    static let everyKind: [(String, UserInfoValue)] = [
        ("string", .string("Summer")),
        ("integer", .integer(3)),
        ("negative", .integer(Int.min)),
        ("largest", .integer(Int.max)),
        ("double", .double(2.5)),
        ("whole double", .double(3.0)),
        ("boolean", .boolean(true)),
        ("false", .boolean(false)),
        ("url", .url(url)),
        ("date", .date(date)),
        ("data", .data(bytes)),
        ("array", .array([.string("a"), .integer(1), .boolean(false), .double(0.5), .url(url)])),
        ("dictionary", .dictionary(["name": .string("b"), "when": .date(date), "raw": .data(bytes)])),
        ("nested", .array([.dictionary(["tags": .array([.string("x")])])])),
        ("empty array", .array([])),
        ("empty dictionary", .dictionary([:])),
    ]

    @Test("each kind's property-list value is of Foundation's type for it")
    func propertyListTypes() throws {
        #expect(UserInfoValue.string("Summer").propertyListValue as? String == "Summer")
        #expect(UserInfoValue.integer(3).propertyListValue as? Int == 3)
        #expect(UserInfoValue.double(2.5).propertyListValue as? Double == 2.5)
        #expect(UserInfoValue.boolean(true).propertyListValue as? Bool == true)
        #expect(UserInfoValue.url(Self.url).propertyListValue as? URL == Self.url)
        #expect(UserInfoValue.date(Self.date).propertyListValue as? Date == Self.date)
        #expect(UserInfoValue.data(Self.bytes).propertyListValue as? Data == Self.bytes)
        let array = try #require(
            UserInfoValue.array([.string("a"), .integer(1)]).propertyListValue as? [Any])
        #expect(array.count == 2)
        #expect(array[0] as? String == "a")
        #expect(array[1] as? Int == 1)
        let dictionary = try #require(
            UserInfoValue.dictionary(["k": .boolean(false)]).propertyListValue as? [String: Any])
        #expect(dictionary.keys.sorted() == ["k"])
        #expect(dictionary["k"] as? Bool == false)
    }

    @Test("a userInfo's property list has its keys, and reads back as the same userInfo, for every kind")
    func userInfoRoundTrip() throws {
        for (key, value) in Self.everyKind {
            let info = UserInfo([key: value])
            #expect(info.propertyList.keys.sorted() == [key])
            #expect(try UserInfo(propertyList: info.propertyList) == info, "\(key)")
        }
        let all = UserInfo(Dictionary(uniqueKeysWithValues: Self.everyKind))
        #expect(all.propertyList.keys.sorted() == Self.everyKind.map(\.0).sorted())
        #expect(try UserInfo(propertyList: all.propertyList) == all)
    }

    @Test("an empty userInfo is an empty property list")
    func emptyUserInfo() throws {
        #expect(UserInfo().propertyList.isEmpty)
        #expect(try UserInfo(propertyList: UserInfo().propertyList) == UserInfo())
    }

    @Test("the measured size writes a URL as its text, the property list keeps the URL")
    func urlMeasuredAsText() throws {
        let asURL = UserInfo(["link": .url(Self.url)])
        let asText = UserInfo(["link": .string(Self.url.absoluteString)])
        #expect(asURL.serializedSize == asText.serializedSize)
        #expect(asURL.propertyList["link"] as? URL == Self.url)
    }

    @Test("an activity written to a platform activity reads back as the same activity, every property set")
    func activityRoundTrip() throws {
        let activity = try UserActivity(
            activityType: "com.example.photos.viewing",
            webpageURL: "https://photos.example.com/albums/summer",
            referrerURL: "https://search.example.net/?q=summer",
            userInfo: UserInfo(Dictionary(uniqueKeysWithValues: Self.everyKind)),
            requiredUserInfoKeys: ["string", "integer"], targetContentIdentifier: "album-summer",
            persistentIdentifier: "viewing-summer", isEligibleForHandoff: false)
        let platform = WrittenActivity(activity)
        #expect(platform.activityType == "com.example.photos.viewing")
        #expect(platform.webpageURL == URL(string: "https://photos.example.com/albums/summer"))
        #expect(platform.referrerURL == URL(string: "https://search.example.net/?q=summer"))
        #expect(platform.userInfo?.count == Self.everyKind.count)
        #expect(platform.userInfo?["integer"] as? Int == 3)
        #expect(platform.requiredUserInfoKeys == ["string", "integer"])
        #expect(platform.targetContentIdentifier == "album-summer")
        #expect(platform.persistentIdentifier == "viewing-summer")
        #expect(platform.isEligibleForHandoff == false)
        #expect(try UserActivity(platform) == activity)
    }

    @Test("a browsing-web activity without state writes no userInfo and no required keys")
    func browsingWebActivity() throws {
        let activity = try UserActivity(
            activityType: UserActivity.browsingWeb, webpageURL: "https://photos.example.com/albums/summer")
        let platform = WrittenActivity(activity)
        #expect(platform.userInfo == nil)
        #expect(platform.requiredUserInfoKeys == nil)
        #expect(platform.referrerURL == nil)
        #expect(platform.targetContentIdentifier == nil)
        #expect(platform.persistentIdentifier == nil)
        #expect(platform.isEligibleForHandoff == true)
        #expect(try UserActivity(platform) == activity)
    }

    @Test("what the receiver advertises for a route value, written and read back, routes the same way")
    func advertisedActivityRoutes() throws {
        let receiver = try LinkReceiver(
            table: RouteTable(canonicalHost: "photos.example.com", scope: RouteScope(schemes: ["https"])) {
                Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
            },
            configuration: LinkReceiver.Configuration(
                policy: LinkPolicy(allowedHosts: ["photos.example.com"]),
                activities: [ActivityRoute(activityType: "com.example.photos.viewing", route: "photo")]))
        let activity = try receiver.userActivity(
            for: Photo(album: "summer", index: 3), activityType: "com.example.photos.viewing")
        let platform = WrittenActivity(activity)
        #expect(platform.userInfo?["album"] as? String == "summer")
        #expect(platform.userInfo?["index"] as? Int == 3)
        let decision = receiver.receive(platform)
        #expect(decision.match?.route == "photo")
        #expect(decision.match?.parameters == ["album": "summer", "index": 3])
        #expect(decision.source == .handoff)
    }
}

/// The photo route's value.
private struct Photo: RouteValue {
    static let route = "photo"
    let album: String
    let index: Int
}
