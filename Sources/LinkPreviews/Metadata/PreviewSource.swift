import DeepLinks

/// Where a preview's content came from: a route's provider, or the site's generic preview
/// and why.
///
/// A server can map it to a status: 200 for ``Kind/route`` and the generic kinds, 404 for
/// ``Kind/contentNotFound``.
///
/// ```swift
/// rendered.metadata.source.kind        // .route
/// rendered.metadata.source.routeName   // "album"
/// ```
public struct PreviewSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How the preview was chosen.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The route's provider supplied the preview.
        case route
        /// The link leads to no route, or its route declined it: the app would open it in the
        /// browser. The site's generic preview is shown.
        case browserFallback
        /// The link leads to a route that must be confirmed before it runs (it changes data
        /// or shows the user's own); its content is never previewed.
        case confirmationRequired
        /// The route has no preview provider.
        case noProvider
        /// The route's provider found nothing for the link's parameters.
        case contentNotFound
        /// The preview was built directly, not from a link (``PreviewMetadata`` used alone).
        case direct
    }

    /// How the preview was chosen.
    public let kind: Kind
    /// The route the link led to, when it led to one.
    public let routeName: String?

    /// Creates a source.
    public init(_ kind: Kind, routeName: String? = nil) {
        self.kind = kind
        self.routeName = routeName
    }

    /// The HTTP status for a page with this source: 404 for ``Kind/contentNotFound``, 200
    /// otherwise (a link the app would open in the browser still has a page).
    public var httpStatus: Int { kind == .contentNotFound ? 404 : 200 }

    /// Whether the site's generic preview was used.
    public var isGeneric: Bool { kind != .route && kind != .direct }

    /// `route album`, `browserFallback`.
    public var description: String {
        routeName.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue
    }
}

extension PreviewSource {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["kind", "routeName"]

    /// Decodes the value, refusing a key it does not know (a misspelt key is an error, never
    /// a value silently left at nothing).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a preview source")
        kind = try c.decode(Kind.self, forKey: "kind")
        routeName = try c.decodeIfPresent(String.self, forKey: "routeName")
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(kind, forKey: "kind")
        try c.encodeIfPresent(routeName, forKey: "routeName")
    }
}
