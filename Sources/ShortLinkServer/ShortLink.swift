import LinkPreviews
import ShortLinks

/// A short link as the site keeps it: its expansion, when it was made, and the key of the
/// request that made it.
///
/// Nothing about any person is kept: no creator, no address, no device. Times are whole
/// seconds since 1970 (UTC).
public struct ShortLink: Sendable, Hashable, Codable {
    /// What the short link stands for: its code, the long link, its route, fallbacks, the
    /// minimum app version and the expiry.
    public var expansion: ShortLinkExpansion
    /// When the link was made.
    public var createdAt: Int64
    /// The creator's key for the request, so that a retried request returns the first link
    /// instead of making a second; `nil` when the request named none.
    public var requestKey: String?
    /// The title, description or image its landing page shows instead of the long link's
    /// own preview, or `nil`.
    public var preview: PreviewOverride?

    /// Creates a short link record.
    public init(
        expansion: ShortLinkExpansion, createdAt: Int64, requestKey: String? = nil,
        preview: PreviewOverride? = nil
    ) {
        self.expansion = expansion
        self.createdAt = createdAt
        self.requestKey = requestKey
        self.preview = preview
    }

    /// The code.
    public var code: ShortCode { expansion.code }

    /// Whether the link still answers at a time: it has no expiry, or the expiry is later.
    public func isLive(at time: Int64) -> Bool { expansion.expiresAt.map { time < $0 } ?? true }
}

/// Asks for a short link, from Swift, from the site's `POST` API (as JSON) or from the
/// command line.
///
/// ```json
/// {"link": "https://shop.example.com/p/42", "code": "spring-sale",
///  "fallbacks": {"appStore": "https://apps.apple.com/app/id123"}, "expiresAt": 1798761600,
///  "preview": {"title": "Spring sale: 30% off"}, "requestKey": "campaign-42-retry-safe"}
/// ```
public struct ShortLinkRequest: Sendable, Hashable, Codable {
    /// The long link: an https link on a site host that the app's table routes.
    public var link: String
    /// A vanity code, or `nil` for a random one.
    public var code: String?
    /// Where to send someone the app cannot serve.
    public var fallbacks: ShortLinkFallbacks
    /// The oldest app version that can open the link (numbers and dots), or `nil`.
    public var minimumAppVersion: String?
    /// When the link stops answering (seconds since 1970), or `nil` for never.
    public var expiresAt: Int64?
    /// A key the creator chooses so that retrying the request is safe (1 to 128 printable
    /// ASCII characters), or `nil`.
    public var requestKey: String?
    /// The title, description or image the landing page shows instead of the long link's own
    /// preview, or `nil`.
    public var preview: PreviewOverride?

    /// Creates a request.
    public init(
        link: String, code: String? = nil, fallbacks: ShortLinkFallbacks = ShortLinkFallbacks(),
        minimumAppVersion: String? = nil, expiresAt: Int64? = nil, requestKey: String? = nil,
        preview: PreviewOverride? = nil
    ) {
        self.preview = preview
        self.link = link
        self.code = code
        self.fallbacks = fallbacks
        self.minimumAppVersion = minimumAppVersion
        self.expiresAt = expiresAt
        self.requestKey = requestKey
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case link, code, fallbacks, minimumAppVersion, expiresAt, requestKey, preview
    }

    /// Decodes a request: `link` is required, every other key optional, and a key this type
    /// does not know is refused, so that a misspelt key is never silently ignored.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = c.allKeys.first(where: { CodingKeys(rawValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: c.codingPath + [unknown],
                    debugDescription:
                        "unknown key '\(unknown.stringValue)' (a request has \(CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")))"
                ))
        }
        let known = try decoder.container(keyedBy: CodingKeys.self)
        if known.contains(.fallbacks) {
            let fallbacks = try known.nestedContainer(keyedBy: AnyKey.self, forKey: .fallbacks)
            let names: Set = ["appStore", "playStore", "web"]
            if let unknown = fallbacks.allKeys.first(where: { !names.contains($0.stringValue) }) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: fallbacks.codingPath + [unknown],
                        debugDescription:
                            "unknown key '\(unknown.stringValue)' (fallbacks are appStore, playStore and web)"
                    ))
            }
        }
        self.init(
            link: try known.decode(String.self, forKey: .link),
            code: try known.decodeIfPresent(String.self, forKey: .code),
            fallbacks: try known.decodeIfPresent(ShortLinkFallbacks.self, forKey: .fallbacks)
                ?? ShortLinkFallbacks(),
            minimumAppVersion: try known.decodeIfPresent(String.self, forKey: .minimumAppVersion),
            expiresAt: try known.decodeIfPresent(Int64.self, forKey: .expiresAt),
            requestKey: try known.decodeIfPresent(String.self, forKey: .requestKey),
            preview: try known.decodeIfPresent(PreviewOverride.self, forKey: .preview))
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
