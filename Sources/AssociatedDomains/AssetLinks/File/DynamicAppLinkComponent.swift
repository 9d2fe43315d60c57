import DeepLinks

/// One dynamic rule of Android 15's App Links (`dynamic_app_link_components`): which URLs it
/// matches, and whether a match opens the app or keeps the link in the browser.
///
/// A rule matches a URL when each matcher it has matches: ``path`` the URL's path, ``fragment``
/// its fragment, and each ``query`` key a query parameter of that name whose value matches. A
/// matcher left out matches anything. Patterns know two wildcards: `*` (any run of
/// characters, possibly empty) and `?` (exactly one character), so `?*` is one or more; every
/// other character stands for itself. Rules are tried in order and the first that matches
/// decides (see “Android App Links” in the documentation).
///
/// ```swift
/// let rule = DynamicAppLinkComponent(path: "/redeem", exclude: true, comments: "gift codes stay on the web")
/// rule.isExclusion   // true
/// ```
public struct DynamicAppLinkComponent: Sendable, Hashable, Codable {
    /// `/`: the pattern for the URL's path; `nil` matches any path.
    public var path: String?
    /// `?`: patterns for query parameters by name; `nil` matches any query.
    public var query: [String: String]?
    /// `#`: the pattern for the fragment; `nil` matches any fragment.
    public var fragment: String?
    /// `exclude`: `true` keeps a matching URL in the browser.
    public var exclude: Bool?
    /// `comments`: text for people, ignored by matching.
    public var comments: String?

    /// Creates a rule.
    public init(
        path: String? = nil, query: [String: String]? = nil, fragment: String? = nil, exclude: Bool? = nil,
        comments: String? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.comments = comments
    }

    /// Whether a matching URL stays in the browser.
    public var isExclusion: Bool { exclude == true }

    /// Whether the rule has no matcher at all, so that it matches every URL.
    public var matchesEverything: Bool {
        (path == nil || path == "*") && (query ?? [:]).isEmpty && (fragment == nil || fragment == "*")
    }

    /// The keys of the `assetlinks.json` form.
    private static let codingKeys: Set<String> = ["/", "?", "#", "exclude", "comments"]

    /// Decodes a rule in its `assetlinks.json` form (`/`, `?`, `#`, `exclude`, `comments`),
    /// refusing a key it does not know.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a dynamic app link component")
        self.init(
            path: try c.decodeIfPresent(String.self, forKey: "/"),
            query: try c.decodeIfPresent([String: String].self, forKey: "?"),
            fragment: try c.decodeIfPresent(String.self, forKey: "#"),
            exclude: try c.decodeIfPresent(Bool.self, forKey: "exclude"),
            comments: try c.decodeIfPresent(String.self, forKey: "comments"))
    }

    /// Encodes the rule in the same form, leaving out a part that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encodeIfPresent(path, forKey: "/")
        try c.encodeIfPresent(query, forKey: "?")
        try c.encodeIfPresent(fragment, forKey: "#")
        try c.encodeIfPresent(exclude, forKey: "exclude")
        try c.encodeIfPresent(comments, forKey: "comments")
    }
}
