import DeepLinks

/// The image shown with a link: where it is, its size, and the text that stands in for it.
///
/// The URL must be an absolute `https` link that passes the link gate: previews are fetched
/// by other companies' crawlers and shown on pages served over HTTPS, and an `http`,
/// `javascript:` or `data:` image is refused with ``LinkPreviewError/invalidImageURL(_:reason:)``.
/// Width and height are in pixels, from 1 to 100 000; give them when known, because chat apps
/// lay the preview out before the image arrives.
///
/// ```swift
/// PreviewImage(url: "https://photos.example.com/covers/summer.jpg", width: 1200, height: 630,
///              alt: "A beach at sunset")
/// ```
public struct PreviewImage: Sendable, Hashable, Codable {
    /// The image's absolute `https` URL (`og:image`).
    public var url: String
    /// The width in pixels (`og:image:width`).
    public var width: Int?
    /// The height in pixels (`og:image:height`).
    public var height: Int?
    /// What the image shows, for people who cannot see it (`og:image:alt`, the page's `alt`).
    public var alt: String?

    /// Creates an image description.
    public init(url: String, width: Int? = nil, height: Int? = nil, alt: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.alt = alt
    }
}

extension PreviewImage {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["url", "width", "height", "alt"]

    /// Decodes the value, refusing a key it does not know (a misspelt key is an error, never
    /// a value silently left at nothing).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a preview image")
        url = try c.decode(String.self, forKey: "url")
        width = try c.decodeIfPresent(Int.self, forKey: "width")
        height = try c.decodeIfPresent(Int.self, forKey: "height")
        alt = try c.decodeIfPresent(String.self, forKey: "alt")
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(url, forKey: "url")
        try c.encodeIfPresent(width, forKey: "width")
        try c.encodeIfPresent(height, forKey: "height")
        try c.encodeIfPresent(alt, forKey: "alt")
    }
}
