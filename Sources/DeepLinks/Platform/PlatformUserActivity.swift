import Foundation

/// What the receiver reads of a platform's user activity: `NSUserActivity` on Apple platforms.
///
/// `NSUserActivity` adopts it in a one-line conformance, so everything the SDK does with an
/// activity (reading it, checking it, deciding about it) is written against this protocol and
/// compiled and tested on every platform, Linux included. Tests can hand the receiver any value
/// that adopts it.
///
/// ```swift
/// func scene(_ scene: UIScene, continue activity: NSUserActivity) {
///     navigator.present(receiver.receive(activity))
/// }
/// ```
public protocol PlatformUserActivity {
    /// The activity type: `NSUserActivityTypeBrowsingWeb` or one of the app's own types.
    var activityType: String { get }
    /// The web page the activity shows.
    var webpageURL: URL? { get }
    /// The page that led to the activity, when the system reports one.
    var referrerURL: URL? { get }
    /// The activity's state, as a property list.
    var userInfo: [AnyHashable: Any]? { get }
    /// The `userInfo` keys the activity cannot be continued without.
    var requiredUserInfoKeys: Set<String>? { get }
    /// The identifier a scene uses to claim the activity.
    var targetContentIdentifier: String? { get }
    /// The identifier the app gave the activity so that it can be deleted later.
    var persistentIdentifier: String? { get }
    /// Whether the activity may be continued on another device.
    var isEligibleForHandoff: Bool { get }
}

/// A platform activity the SDK writes: `NSUserActivity` on Apple platforms, for the Handoff an
/// app advertises.
///
/// `NSUserActivity` adopts it in a one-line conformance, and its initializer from a
/// ``UserActivity`` is ``UserActivity/write(to:)`` after `init(activityType:)`, so writing an
/// activity is compiled and tested on every platform, Linux included. The activity type is
/// not written: a platform activity is created with it.
///
/// ```swift
/// let activity = try receiver.userActivity(for: Product(id: 42), activityType: "com.example.shop.product")
/// let handoff = NSUserActivity(activity)
/// handoff.becomeCurrent()
/// ```
public protocol MutablePlatformUserActivity: PlatformUserActivity, AnyObject {
    /// The web page the activity shows.
    var webpageURL: URL? { get set }
    /// The page that led to the activity.
    var referrerURL: URL? { get set }
    /// The activity's state, as a property list.
    var userInfo: [AnyHashable: Any]? { get set }
    /// The `userInfo` keys the activity cannot be continued without.
    var requiredUserInfoKeys: Set<String>? { get set }
    /// The identifier a scene uses to claim the activity.
    var targetContentIdentifier: String? { get set }
    /// The identifier the app gave the activity so that it can be deleted later.
    var persistentIdentifier: String? { get set }
    /// Whether the activity may be continued on another device.
    var isEligibleForHandoff: Bool { get set }
}

extension UserActivity {
    /// Writes every property but the activity type to a platform activity created with this
    /// activity's ``activityType``: the reverse of ``init(_:)``, which reads it back as an equal
    /// activity.
    ///
    /// URLs are written as Foundation reads their text (a text it cannot read as a URL is
    /// left out); the `userInfo` is ``UserInfo/propertyList``, each value of its own kind; an
    /// empty `userInfo` or `requiredUserInfoKeys` is written as `nil`, as a new platform
    /// activity holds it.
    public func write(to activity: some MutablePlatformUserActivity) {
        activity.webpageURL = webpageURL.flatMap(URL.init(string:))
        activity.referrerURL = referrerURL.flatMap(URL.init(string:))
        activity.userInfo = userInfo.isEmpty ? nil : userInfo.propertyList
        activity.requiredUserInfoKeys = requiredUserInfoKeys.isEmpty ? nil : requiredUserInfoKeys
        activity.targetContentIdentifier = targetContentIdentifier
        activity.persistentIdentifier = persistentIdentifier
        activity.isEligibleForHandoff = isEligibleForHandoff
    }

    /// Reads a platform activity: universal links, Handoff, and the app's own activity types.
    ///
    /// URLs are read as their `absoluteString`; a missing `userInfo` or `requiredUserInfoKeys`
    /// reads as empty.
    ///
    /// - Throws: ``UserActivityError`` when the activity breaks a rule of ``UserActivity``
    ///   or its `userInfo` holds a value without a ``UserInfoValue`` form.
    public init(_ activity: some PlatformUserActivity) throws(UserActivityError) {
        try self.init(
            activityType: activity.activityType,
            webpageURL: activity.webpageURL?.absoluteString,
            referrerURL: activity.referrerURL?.absoluteString,
            userInfo: UserInfo(propertyList: activity.userInfo ?? [:]),
            requiredUserInfoKeys: activity.requiredUserInfoKeys ?? [],
            targetContentIdentifier: activity.targetContentIdentifier,
            persistentIdentifier: activity.persistentIdentifier,
            isEligibleForHandoff: activity.isEligibleForHandoff)
    }
}

extension LinkReceiver {
    /// Decides about a platform activity: `scene(_:continue:)`,
    /// `application(_:continue:restorationHandler:)`, SwiftUI's `onContinueUserActivity`.
    ///
    /// An activity that cannot be read is rejected with
    /// ``LinkRejection/invalidActivity(_:)``, from the universal-link source when its type is
    /// ``UserActivity/browsingWeb`` and from Handoff otherwise.
    public func receive(_ activity: some PlatformUserActivity) -> LinkDecision {
        do {
            return receive(try UserActivity(activity))
        } catch {
            return rejected(error, activityType: activity.activityType)
        }
    }

    /// The activity types a SwiftUI view continues for this receiver, each once:
    /// ``UserActivity/browsingWeb`` (universal links and web-to-app Handoff) first, then
    /// ``activityTypes`` in declaration order.
    public var continuedActivityTypes: [String] {
        [UserActivity.browsingWeb] + activityTypes.filter { $0 != UserActivity.browsingWeb }
    }
}
