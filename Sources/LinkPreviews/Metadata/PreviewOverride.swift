import DeepLinks

/// What one shared link shows instead of its page's own preview: a title, a description or an
/// image chosen for a campaign, over whatever the link's provider (or the site's generic
/// preview) gives.
///
/// A short link carries one (`ShortLink.preview`); every field left `nil` keeps the page's own.
/// The strings are as untrusted as a provider's: ``PreviewMetadata`` cleans and bounds them
/// before anything is rendered.
///
/// ```json
/// {"title": "Spring sale: 30% off", "image": {"url": "https://shop.example.com/spring.jpg"}}
/// ```
public struct PreviewOverride: Sendable, Hashable, Codable {
    /// The title shown instead of the page's.
    public var title: String?
    /// The description shown instead of the page's.
    public var description: String?
    /// The image shown instead of the page's.
    public var image: PreviewImage?

    /// Creates an override; give at least one field.
    public init(title: String? = nil, description: String? = nil, image: PreviewImage? = nil) {
        self.title = title
        self.description = description
        self.image = image
    }

    /// The preview with this override's fields in place of its own.
    public func applied(to preview: LinkPreview) -> LinkPreview {
        var preview = preview
        if let title { preview.title = title }
        if let description { preview.description = description }
        if let image { preview.image = image }
        return preview
    }

    /// Why the override cannot be shown, or `nil` when it can: it must change something, its
    /// title and description must not be empty once cleaned, and its image must be an absolute
    /// `https` link of a sensible size.
    ///
    /// Cost: linear in the override's text.
    public func validationError(limits: PreviewLimits = PreviewLimits()) -> LinkPreviewError? {
        if title == nil, description == nil, image == nil { return .emptyOverride }
        if let title,
            PreviewText.clean(title, field: .title, limit: PreviewField.title.limit(in: limits)).text.isEmpty
        {
            return .emptyText(.title)
        }
        if let description,
            PreviewText.clean(
                description, field: .description, limit: PreviewField.description.limit(in: limits)
            )
            .text.isEmpty
        {
            return .emptyText(.description)
        }
        if let image {
            do {
                try PreviewMetadata.checkImage(image)
            } catch {
                return error
            }
        }
        return nil
    }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["title", "description", "image"]

    /// Decodes an override, refusing a key it does not know (a misspelt key is an error, never
    /// a field silently left as the page's).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a preview override")
        self.init(
            title: try c.decodeIfPresent(String.self, forKey: "title"),
            description: try c.decodeIfPresent(String.self, forKey: "description"),
            image: try c.decodeIfPresent(PreviewImage.self, forKey: "image"))
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encodeIfPresent(title, forKey: "title")
        try c.encodeIfPresent(description, forKey: "description")
        try c.encodeIfPresent(image, forKey: "image")
    }
}
