import DeepLinks

/// The links a page offers the app, each one the app's own receiver accepts.
///
/// A landing page hands the app a link in three places: the "Open in the app" button (a
/// custom-scheme link, since a tap on a link to the page's own domain stays in Safari), the
/// Smart App Banner's `app-argument`, and the Twitter and App Links app tags
/// (`twitter:app:url:*`, `al:ios:url`, `al:android:url`). ``LinkPreviewService`` writes each
/// one by reverse routing from the route the link matched and keeps it only when the app's
/// `LinkReceiver` routes it back to that route; a link the app would refuse is never offered,
/// and a place without a link is left out (no button, a banner without `app-argument`, no app
/// URL tags).
///
/// ```swift
/// let links = OfferedAppLinks(
///     webLink: "https://photos.example.com/albums/summer",
///     customSchemeLink: "photoalbum://photos.example.com/albums/summer")
/// links.appURL   // "photoalbum://photos.example.com/albums/summer"
/// ```
public struct OfferedAppLinks: Sendable, Hashable, Codable {
    /// The web link the app accepts: the Smart App Banner's `app-argument`.
    public let webLink: String?
    /// The custom-scheme link the app accepts: the "Open in the app" button.
    public let customSchemeLink: String?

    /// No link: the page offers the app nothing but its store pages.
    public static let none = OfferedAppLinks()

    /// Creates the links a page offers. Give only links the app's receiver accepts;
    /// ``LinkPreviewService`` checks them for you.
    public init(webLink: String? = nil, customSchemeLink: String? = nil) {
        self.webLink = webLink
        self.customSchemeLink = customSchemeLink
    }

    /// The link the app tags carry: the custom-scheme link when there is one (what the Twitter
    /// and App Links specifications ask for), else the web link.
    public var appURL: String? { customSchemeLink ?? webLink }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["webLink", "customSchemeLink"]

    /// Decodes the value, refusing a key it does not know.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "offered app links")
        webLink = try c.decodeIfPresent(String.self, forKey: "webLink")
        customSchemeLink = try c.decodeIfPresent(String.self, forKey: "customSchemeLink")
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encodeIfPresent(webLink, forKey: "webLink")
        try c.encodeIfPresent(customSchemeLink, forKey: "customSchemeLink")
    }
}
