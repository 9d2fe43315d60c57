import DeepLinks
import Foundation
import Testing

/// A platform activity as `NSUserActivity` presents one: optional `userInfo` and key set, URLs
/// as `URL`, identity as the object.
private final class Activity: PlatformUserActivity, Hashable, @unchecked Sendable {
    let activityType: String
    let webpageURL: URL?
    let referrerURL: URL?
    let userInfo: [AnyHashable: Any]?
    let requiredUserInfoKeys: Set<String>?
    let targetContentIdentifier: String?
    let persistentIdentifier: String?
    let isEligibleForHandoff: Bool

    init(
        _ activityType: String, webpageURL: String? = nil, referrerURL: String? = nil,
        userInfo: [AnyHashable: Any]? = nil, requiredUserInfoKeys: Set<String>? = nil,
        targetContentIdentifier: String? = nil, persistentIdentifier: String? = nil,
        isEligibleForHandoff: Bool = true
    ) {
        self.activityType = activityType
        self.webpageURL = webpageURL.flatMap(URL.init(string:))
        self.referrerURL = referrerURL.flatMap(URL.init(string:))
        self.userInfo = userInfo
        self.requiredUserInfoKeys = requiredUserInfoKeys
        self.targetContentIdentifier = targetContentIdentifier
        self.persistentIdentifier = persistentIdentifier
        self.isEligibleForHandoff = isEligibleForHandoff
    }

    static func == (a: Activity, b: Activity) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A URL a scene is asked to open, as `UIOpenURLContext` presents one.
private struct URLContext: PlatformURLContext {
    let url: URL
    init(_ text: String) { url = URL(string: text)! }
}

/// The options a scene connects with, as `UIScene.ConnectionOptions` presents them.
private struct Connection: PlatformSceneConnection {
    var userActivities: Set<Activity> = []
    var urlContexts: Set<URLContext> = []
}

@Suite("Platform adapters: NSUserActivity, scene connection and URL contexts, tested here")
struct PlatformAdapterTests {
    let receiver: LinkReceiver

    init() throws { receiver = try IncomingFixtures.receiver() }

    @Test("a universal-link activity is read and decided exactly as the checked model is")
    func universalLink() throws {
        let url = "https://photos.example.com/albums/summer?shared=true"
        let platform = Activity(
            "NSUserActivityTypeBrowsingWeb", webpageURL: url, referrerURL: "https://search.example/",
            targetContentIdentifier: "albums", persistentIdentifier: "p1", isEligibleForHandoff: false)
        let model = try UserActivity(platform)
        #expect(
            model
                == (try UserActivity(
                    activityType: UserActivity.browsingWeb, webpageURL: url,
                    referrerURL: "https://search.example/", targetContentIdentifier: "albums",
                    persistentIdentifier: "p1", isEligibleForHandoff: false)))
        let decision = receiver.receive(platform)
        #expect(decision == receiver.receive(model))
        #expect(decision.source == .universalLink)
        guard case .route(let match) = decision.outcome else {
            Issue.record("expected a route, got \(decision)")
            return
        }
        #expect(match.route == "album")
        #expect(match.parameters == ["album": "summer", "shared": true])
    }

    @Test("a Handoff activity's userInfo property list becomes typed parameters")
    func handoff() throws {
        let platform = Activity(
            IncomingFixtures.viewingPhoto, userInfo: ["albumname": "Summer", "index": 3],
            requiredUserInfoKeys: ["albumname"])
        let decision = receiver.receive(platform)
        #expect(decision.source == .handoff)
        guard case .route(let match) = decision.outcome else {
            Issue.record("expected a route, got \(decision)")
            return
        }
        #expect(match.route == "photo")
        #expect(match.parameters == ["albumname": "Summer", "index": 3])
    }

    @Test("a missing userInfo and key set read as empty, not as an error")
    func missingOptionals() throws {
        let model = try UserActivity(Activity(IncomingFixtures.viewingPhoto))
        #expect(model.userInfo == [:])
        #expect(model.requiredUserInfoKeys == [])
        #expect(model.webpageURL == nil)
    }

    @Test("an unreadable universal link is rejected from the universal-link source, with the rule")
    func unreadableUniversalLink() {
        let decision = receiver.receive(Activity(UserActivity.browsingWeb))
        #expect(decision.source == .universalLink)
        #expect(decision.outcome == .reject(.invalidActivity(.missingWebpageURL)))
        let notWeb = receiver.receive(
            Activity(UserActivity.browsingWeb, webpageURL: "photoalbum://photos.example.com/albums"))
        #expect(notWeb.source == .universalLink)
        #expect(
            notWeb.outcome
                == .reject(.invalidActivity(.webpageURLNotWeb("photoalbum://photos.example.com/albums"))))
    }

    @Test("an unreadable Handoff activity is rejected from the Handoff source, naming the value")
    func unreadableHandoff() {
        struct Opaque: Hashable {}
        let decision = receiver.receive(
            Activity(IncomingFixtures.viewingPhoto, userInfo: ["albumname": "Summer", "index": Opaque()]))
        #expect(decision.source == .handoff)
        guard case .reject(.invalidActivity(.unsupportedUserInfo(let path, _))) = decision.outcome else {
            Issue.record("expected an unsupported userInfo value, got \(decision)")
            return
        }
        #expect(path == "index")
        let missingKey = receiver.receive(
            Activity(
                IncomingFixtures.viewingPhoto, userInfo: ["index": 3], requiredUserInfoKeys: ["albumname"]))
        #expect(missingKey.source == .handoff)
        #expect(missingKey.outcome == .reject(.invalidActivity(.missingRequiredKeys(["albumname"]))))
    }

    @Test("cold start: the activities and URLs a scene connects with, decided as in a running scene")
    @MainActor
    func coldStart() {
        let tap = Activity(UserActivity.browsingWeb, webpageURL: "https://photos.example.com/albums/summer")
        let urls = [
            URLContext("photoalbum://photos.example.com/albums/winter"), URLContext("newsapp://doc/A1"),
        ]
        // One set: two sets of the same elements need not list them in the same order.
        let contexts = Set(urls)
        let decisions = receiver.receive(Connection(userActivities: [tap], urlContexts: contexts))
        #expect(decisions.count == 3)
        #expect(decisions.first == receiver.receive(tap))
        // The URLs, in the set's order, exactly as `scene(_:openURLContexts:)` decides them.
        #expect(Array(decisions.dropFirst()) == receiver.receive(contexts))
        #expect(
            Set(decisions.dropFirst().map(\.description))
                == Set(urls.map { receiver.receive($0.url).description }))
        #expect(decisions.map(\.source) == [.universalLink, .customScheme, .customScheme])
    }

    @Test("cold start with nothing to open decides nothing; a refused URL is still reported")
    @MainActor
    func coldStartEdges() {
        #expect(receiver.receive(Connection()) == [])
        let refused = receiver.receive(
            Connection(urlContexts: [URLContext("https://evil.example/albums/summer")]))
        #expect(refused.count == 1)
        #expect(refused.first == receiver.receive(url: "https://evil.example/albums/summer"))
        guard case .reject = refused.first?.outcome else {
            Issue.record("expected a refusal, got \(refused)")
            return
        }
    }

    @Test("warm start: each URL context decided as the URL itself is")
    @MainActor
    func warmStart() {
        let context = URLContext("newsapp://doc/A1?s=home")
        #expect(receiver.receive([context]) == [receiver.receive(context.url)])
        #expect(receiver.receive([context]) == [receiver.receive(url: "newsapp://doc/A1?s=home")])
    }

    @Test("the SwiftUI modifier's registrations: the browsing-web type first, then each app type once")
    func continuedActivityTypes() {
        #expect(receiver.continuedActivityTypes.first == UserActivity.browsingWeb)
        #expect(receiver.continuedActivityTypes == [UserActivity.browsingWeb] + receiver.activityTypes)
        #expect(Set(receiver.continuedActivityTypes).count == receiver.continuedActivityTypes.count)
        #expect(receiver.continuedActivityTypes.contains(IncomingFixtures.viewingPhoto))
        // The value `NSUserActivityTypeBrowsingWeb` has on Apple platforms.
        #expect(UserActivity.browsingWeb == "NSUserActivityTypeBrowsingWeb")
    }
}
