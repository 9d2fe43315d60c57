import DeepLinks

/// One `<meta>` tag of a preview: which attribute names it, its name, and its content.
///
/// Open Graph and App Links tags are named with `property`, Twitter card tags and the Smart
/// App Banner with `name`, as their specifications say.
///
/// ```swift
/// let tag = MetaTag(.property, "og:title", "Summer 2024")
/// tag.html    // <meta property="og:title" content="Summer 2024">
/// ```
public struct MetaTag: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The attribute that holds the tag's name.
    public enum Attribute: String, Sendable, Hashable, Codable {
        /// `property="…"` (Open Graph, App Links).
        case property
        /// `name="…"` (Twitter cards, `description`, `apple-itunes-app`).
        case name
    }

    /// The attribute that holds the tag's name.
    public let attribute: Attribute
    /// The tag's name (`og:title`).
    public let key: String
    /// The content, unescaped.
    public let content: String

    /// Creates a tag.
    public init(_ attribute: Attribute, _ key: String, _ content: String) {
        self.attribute = attribute
        self.key = key
        self.content = content
    }

    /// The tag as HTML, with the content escaped for a double-quoted attribute.
    public var html: String {
        "<meta \(attribute.rawValue)=\"\(HTMLEscaping.attribute(key))\" content=\"\(HTMLEscaping.attribute(content))\">"
    }

    /// `key = content`.
    public var description: String { "\(key) = \(content)" }
}

extension MetaTag {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(attribute, forKey: "attribute")
        try c.encode(key, forKey: "key")
        try c.encode(content, forKey: "content")
    }
}
