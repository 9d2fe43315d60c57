/// A link as it reaches the app, before anything has been decided about it: one case per way in.
///
/// ```swift
/// let incoming: [IncomingLink] = [
///     .url("newsapp://doc/CHLFGFCB00097U7S?s=sps_article"),
///     .activity(try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "https://example.com/a")),
///     .smartAppBanner(content: "app-id=425349261, app-argument=newsapp://doc/CHLFGFCB00097U7S"),
/// ]
/// let decisions = incoming.map(receiver.receive)
/// ```
///
/// In JSON an incoming link is an object with one key naming the case: `{"url": "…"}`,
/// `{"activity": {…}}` (a ``UserActivity``) or `{"smartAppBanner": "app-id=…, app-argument=…"}`.
public enum IncomingLink: Sendable, Hashable {
    /// A URL handed to the app: `application(_:open:options:)`, `scene(_:openURLContexts:)`,
    /// SwiftUI's `onOpenURL`. An http(s) URL counts as a universal link, any other as a
    /// custom-scheme link.
    case url(String)
    /// A user activity: a universal link or Handoff.
    case activity(UserActivity)
    /// The content of a page's `apple-itunes-app` meta tag, whose `app-argument` is the link.
    case smartAppBanner(content: String)

    /// The source this link is recorded as. For a URL it is read from the scheme at the
    /// start of the text, before the gate has looked at it, so even refused text has a source.
    public var source: LinkSource {
        switch self {
        case .url(let text): WebScheme.startsLink(text) ? .universalLink : .customScheme
        case .activity(let activity): activity.isBrowsingWeb ? .universalLink : .handoff
        case .smartAppBanner: .smartAppBanner
        }
    }
}

extension IncomingLink: ExpressibleByStringLiteral {
    /// A URL written as a literal: `"https://example.com/albums/summer"` is `.url(…)`.
    public init(stringLiteral value: String) { self = .url(value) }
}

extension IncomingLink: CustomStringConvertible {
    /// The case and what it carries, in one line.
    public var description: String {
        switch self {
        case .url(let text): "url \(text)"
        case .activity(let activity): "activity \(activity)"
        case .smartAppBanner(let content): "banner \(content)"
        }
    }
}

extension IncomingLink: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case url, activity, smartAppBanner }

    /// Decodes an incoming link from an object with exactly one case key; an activity is checked as
    /// ``UserActivity`` creation checks it.
    public init(from decoder: any Decoder) throws {
        let (c, key) = try decoder.soleKeyContainer(keyedBy: CodingKeys.self, what: "an incoming link")
        switch key {
        case .url: self = .url(try c.decode(String.self, forKey: key))
        case .activity: self = .activity(try c.decode(UserActivity.self, forKey: key))
        case .smartAppBanner: self = .smartAppBanner(content: try c.decode(String.self, forKey: key))
        }
    }

    /// Encodes the incoming link as an object with one case key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .url(let text): try c.encode(text, forKey: .url)
        case .activity(let activity): try c.encode(activity, forKey: .activity)
        case .smartAppBanner(let content): try c.encode(content, forKey: .smartAppBanner)
        }
    }
}
