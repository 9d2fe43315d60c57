import DeepLinks

/// What a link's preview shows: the title, description, image, type, site name and locale
/// that chat apps, social sites and search engines read from a page.
///
/// A backend builds one per link in its provider (``PreviewProviders``), from the record the link points
/// to (the album, the article). Every string is untrusted: ``PreviewMetadata`` cleans,
/// bounds and validates it before anything is rendered, and reports what it changed.
///
/// ```swift
/// let preview = LinkPreview(
///     title: "Summer 2024",
///     description: "48 photos from the coast",
///     image: PreviewImage(url: "https://photos.example.com/covers/summer.jpg", width: 1200, height: 630,
///                         alt: "A beach at sunset"),
///     type: .website)
/// ```
///
/// In JSON: `{"title": "…", "description": "…", "image": {…}, "type": "website",
/// "siteName": "…", "locale": "en_US"}`; every key but `title` may be omitted.
public struct LinkPreview: Sendable, Hashable, Codable {
    /// The title (`og:title`); must not be empty after cleaning.
    public var title: String
    /// A one- or two-sentence summary (`og:description`, `description`).
    public var description: String?
    /// The image shown with the link.
    public var image: PreviewImage?
    /// The Open Graph type (`og:type`). Default ``PreviewType/website``.
    public var type: PreviewType
    /// The site name, when it differs from the site's configured one (`og:site_name`).
    public var siteName: String?
    /// The content's locale as `language_TERRITORY` (`en_US`, `de_DE`) or a bare language
    /// (`en`), when it differs from the site's (`og:locale`).
    public var locale: String?

    /// Creates a preview.
    public init(
        title: String, description: String? = nil, image: PreviewImage? = nil, type: PreviewType = .website,
        siteName: String? = nil, locale: String? = nil
    ) {
        self.title = title
        self.description = description
        self.image = image
        self.type = type
        self.siteName = siteName
        self.locale = locale
    }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "title", "description", "image", "type", "siteName", "locale",
    ]

    /// Decodes a preview; only `title` is required.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a link preview")
        self.init(
            title: try c.decode(String.self, forKey: "title"),
            description: try c.decodeIfPresent(String.self, forKey: "description"),
            image: try c.decodeIfPresent(PreviewImage.self, forKey: "image"),
            type: try c.decodeIfPresent(PreviewType.self, forKey: "type") ?? .website,
            siteName: try c.decodeIfPresent(String.self, forKey: "siteName"),
            locale: try c.decodeIfPresent(String.self, forKey: "locale"))
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(title, forKey: "title")
        try c.encodeIfPresent(description, forKey: "description")
        try c.encodeIfPresent(image, forKey: "image")
        try c.encode(type, forKey: "type")
        try c.encodeIfPresent(siteName, forKey: "siteName")
        try c.encodeIfPresent(locale, forKey: "locale")
    }
}
