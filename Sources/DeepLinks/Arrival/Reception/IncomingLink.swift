/// A link as it reaches the app, before anything has been decided about it: one case per way in.
///
/// ```swift
/// let arrivals: [IncomingLink] = [
///     .url("newsapp://doc/CHLFGFCB00097U7S?s=sps_article"),
///     .activity(try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "https://example.com/a")),
///     .smartAppBanner(content: "app-id=425349261, app-argument=newsapp://doc/CHLFGFCB00097U7S"),
/// ]
/// let decisions = arrivals.map(receiver.receive)
/// ```
///
/// In JSON: `{"url": "…"}`, `{"activity": {…}}` or `{"smartAppBanner": {"content": "…"}}`.
public enum IncomingLink: Sendable, Hashable, Codable {
    /// A URL handed to the app: `application(_:open:options:)`, `scene(_:openURLContexts:)`,
    /// SwiftUI's `onOpenURL`. An http(s) URL counts as a universal link, any other as a
    /// custom-scheme link.
    case url(String)
    /// A user activity: a universal link or Handoff.
    case activity(UserActivity)
    /// The content of a page's `apple-itunes-app` meta tag, whose `app-argument` is the link.
    case smartAppBanner(content: String)

    /// The source this arrival is recorded as. For a URL it is read from the scheme at the
    /// start of the text, before the gate has looked at it, so even refused text has a source.
    public var source: LinkSource {
        switch self {
        case .url(let text): UserActivity.isWeb(text) ? .universalLink : .customScheme
        case .activity(let activity): activity.isBrowsingWeb ? .universalLink : .handoff
        case .smartAppBanner: .smartAppBanner
        }
    }
}
