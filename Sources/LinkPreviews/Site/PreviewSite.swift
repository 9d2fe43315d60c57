import DeepLinks

/// What a site configures once for all its previews: its name, home page, generic preview,
/// social handle, locale and app.
///
/// The ``fallback`` preview is the one shown for every link that does not lead to a route
/// with content: links the app would open in the browser, links to routes that must be
/// confirmed, routes without a provider, content that was not found. It is built from this
/// configuration alone, never from anything the link carries.
///
/// ```swift
/// let site = PreviewSite(
///     name: "Photo Album",
///     homeURL: "https://photos.example.com/",
///     fallback: LinkPreview(title: "Photo Album", description: "Albums you share with the people you love"),
///     twitterHandle: "@photoalbum",
///     locale: "en_US",
///     app: AppListing(name: "Photo Album", appStoreID: "1234567890"))
/// ```
public struct PreviewSite: Sendable, Hashable, Codable {
    /// The site's name (`og:site_name`), unless a preview names another.
    public var name: String
    /// The site's home page: an absolute `http(s)` link. The generic preview's canonical link.
    public var homeURL: String
    /// The generic preview for links that lead to no content.
    public var fallback: LinkPreview
    /// The site's handle on X/Twitter (`@photoalbum`: `@` and 1 to 15 letters, digits or
    /// underscores), for `twitter:site`.
    public var twitterHandle: String?
    /// The site's locale (`en_US`), unless a preview names another.
    public var locale: String?
    /// The app the site's links open.
    public var app: AppListing

    /// Creates a site configuration.
    public init(
        name: String, homeURL: String, fallback: LinkPreview, twitterHandle: String? = nil,
        locale: String? = nil,
        app: AppListing
    ) {
        self.name = name
        self.homeURL = homeURL
        self.fallback = fallback
        self.twitterHandle = twitterHandle
        self.locale = locale
        self.app = app
    }

    static func isTwitterHandle(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "@"), (2...16).contains(bytes.count) else { return false }
        return bytes.dropFirst().allSatisfy {
            AppListing.isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_")
        }
    }

    /// Whether a locale is `ll`, `lll`, `ll_TT` or `lll_TT` (ISO 639 language, ISO 3166 territory).
    static func isLocale(_ text: String) -> Bool {
        // Read in place: two or three lower-case letters, then nothing, or `_` and exactly two
        // upper-case letters.
        TextSpan.read(text) { bytes in
            var language = 0
            while language < bytes.count, bytes[language] != UInt8(ascii: "_") {
                guard (0x61...0x7A).contains(bytes[language]) else { return false }
                language += 1
            }
            guard (2...3).contains(language) else { return false }
            if language == bytes.count { return true }
            return bytes.count == language + 3 && (0x41...0x5A).contains(bytes[language + 1])
                && (0x41...0x5A).contains(bytes[language + 2])
        }
    }
}

extension PreviewSite {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "name", "homeURL", "fallback", "twitterHandle", "locale", "app",
    ]

    /// Decodes the value, refusing a key it does not know (a misspelt key is an error, never
    /// a value silently left at nothing).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a preview site")
        name = try c.decode(String.self, forKey: "name")
        homeURL = try c.decode(String.self, forKey: "homeURL")
        fallback = try c.decode(LinkPreview.self, forKey: "fallback")
        twitterHandle = try c.decodeIfPresent(String.self, forKey: "twitterHandle")
        locale = try c.decodeIfPresent(String.self, forKey: "locale")
        app = try c.decode(AppListing.self, forKey: "app")
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(name, forKey: "name")
        try c.encode(homeURL, forKey: "homeURL")
        try c.encode(fallback, forKey: "fallback")
        try c.encodeIfPresent(twitterHandle, forKey: "twitterHandle")
        try c.encodeIfPresent(locale, forKey: "locale")
        try c.encode(app, forKey: "app")
    }
}
