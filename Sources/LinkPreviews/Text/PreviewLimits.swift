import DeepLinks

/// The longest text each preview field may carry, in Unicode scalars.
///
/// Text with more scalars than its limit is cut to the longest run of whole characters
/// (grapheme clusters) that has at most `limit - 1` scalars, trailing spaces are dropped, and
/// an ellipsis (`…`, U+2026) is appended, so that the result has at most `limit` scalars. The
/// cut never splits an emoji or a letter from its accents, and because the limit counts
/// scalars, not characters, one character stacked with thousands of combining marks cannot
/// slip past it. Every cut is reported as a ``TextAdjustment``.
///
/// The defaults are generous: what chat apps and social sites display is shorter still, and
/// they shorten it themselves; the limits exist to bound what a hostile or broken record can
/// put on a page.
///
/// ```swift
/// var limits = PreviewLimits()
/// limits.title = 90
/// ```
public struct PreviewLimits: Sendable, Hashable, Codable {
    /// The longest title. Default 200.
    public var title: Int
    /// The longest description. Default 500.
    public var description: Int
    /// The longest image alt text. Default 420, the most that social sites accept.
    public var imageAlt: Int
    /// The longest site name. Default 100.
    public var siteName: Int
    /// The longest app name. Default 100.
    public var appName: Int

    /// Creates limits; every argument has a default.
    public init(
        title: Int = 200, description: Int = 500, imageAlt: Int = 420, siteName: Int = 100, appName: Int = 100
    ) {
        self.title = title
        self.description = description
        self.imageAlt = imageAlt
        self.siteName = siteName
        self.appName = appName
    }
}

extension PreviewLimits {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["title", "description", "imageAlt", "siteName", "appName"]

    /// Decodes the value, refusing a key it does not know (a misspelt key is an error, never
    /// a value silently left at nothing).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "preview limits")
        title = try c.decode(Int.self, forKey: "title")
        description = try c.decode(Int.self, forKey: "description")
        imageAlt = try c.decode(Int.self, forKey: "imageAlt")
        siteName = try c.decode(Int.self, forKey: "siteName")
        appName = try c.decode(Int.self, forKey: "appName")
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(title, forKey: "title")
        try c.encode(description, forKey: "description")
        try c.encode(imageAlt, forKey: "imageAlt")
        try c.encode(siteName, forKey: "siteName")
        try c.encode(appName, forKey: "appName")
    }
}
