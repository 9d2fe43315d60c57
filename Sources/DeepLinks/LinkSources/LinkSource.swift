/// How a link reached the app: recorded with every decision ``LinkReceiver`` returns.
///
/// | source | arrives as | trust |
/// |---|---|---|
/// | ``universalLink`` | a browsing-web user activity (a tapped universal link, or web-to-app Handoff), or an http(s) URL handed to `onOpenURL` | the domain's association file names the app |
/// | ``handoff`` | the app's own activity type, continued from another device | the same developer team's app sent it |
/// | ``smartAppBanner`` | the `app-argument` of a web page's banner | the page's author wrote it |
/// | ``customScheme`` | a URL with a registered scheme, from `application(_:open:options:)` or `onOpenURL` | none: any app or page can send it |
///
/// A tapped universal link and web-to-app Handoff arrive identically (a browsing-web activity
/// with a `webpageURL`), so both are ``universalLink``.
public enum LinkSource: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A universal link or web-to-app Handoff.
    case universalLink
    /// One of the app's own activity types, continued from another device or app.
    case handoff
    /// The `app-argument` of a Smart App Banner.
    case smartAppBanner
    /// A custom-scheme URL.
    case customScheme

    /// The raw name.
    public var description: String { rawValue }
}
