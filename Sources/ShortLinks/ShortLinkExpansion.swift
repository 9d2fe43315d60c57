import Foundation

/// What a short link stands for, as the site answers `GET <prefix>/<code>` with
/// `Accept: application/json`, and as the app reads it.
///
/// ```json
/// {"code": "spring-sale", "link": "https://shop.example.com/p/42", "route": "product",
///  "fallbacks": {"appStore": "https://apps.apple.com/app/id123"},
///  "minimumAppVersion": "2.4", "expiresAt": 1798761600}
/// ```
///
/// Times are whole seconds since 1970 (UTC). Decoding ignores keys it does not know, so an app
/// reads the answer of a newer site.
public struct ShortLinkExpansion: Sendable, Hashable, Codable {
    /// The short link's code.
    public var code: ShortCode
    /// The long link, canonical and sanitised: what the app's table routes.
    public var link: String
    /// The route the long link took when the short link was made.
    public var route: String
    /// Where to send someone the app cannot serve.
    public var fallbacks: ShortLinkFallbacks
    /// The oldest app version that can open the long link, or `nil` for any.
    public var minimumAppVersion: String?
    /// When the short link stops answering, or `nil` for never.
    public var expiresAt: Int64?

    /// Creates an expansion.
    public init(
        code: ShortCode, link: String, route: String, fallbacks: ShortLinkFallbacks = ShortLinkFallbacks(),
        minimumAppVersion: String? = nil, expiresAt: Int64? = nil
    ) {
        self.code = code
        self.link = link
        self.route = route
        self.fallbacks = fallbacks
        self.minimumAppVersion = minimumAppVersion
        self.expiresAt = expiresAt
    }

    private enum CodingKeys: String, CodingKey {
        case code, link, route, fallbacks, minimumAppVersion, expiresAt
    }

    /// Decodes an expansion; `fallbacks` may be left out (none), and unknown keys are ignored.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try c.decode(ShortCode.self, forKey: .code), link: try c.decode(String.self, forKey: .link),
            route: try c.decode(String.self, forKey: .route),
            fallbacks: try c.decodeIfPresent(ShortLinkFallbacks.self, forKey: .fallbacks)
                ?? ShortLinkFallbacks(),
            minimumAppVersion: try c.decodeIfPresent(String.self, forKey: .minimumAppVersion),
            expiresAt: try c.decodeIfPresent(Int64.self, forKey: .expiresAt))
    }

    /// The expansion as JSON, keys sorted.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads an expansion from JSON.
    ///
    /// - Throws: ``ShortLinkError/invalidExpansion(_:)`` saying what is missing or wrong.
    public init(json: some DataProtocol) throws(ShortLinkError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(json))
        } catch {
            throw .invalidExpansion(Self.describe(error))
        }
    }

    /// A decoding failure as a sentence: the missing key, or the path and what was wrong there.
    package static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, _): return "the key '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : path + ": ") + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}

/// Where a short link sends someone the app cannot serve: each an `https` URL, or `nil`.
public struct ShortLinkFallbacks: Sendable, Hashable, Codable {
    /// The app's App Store page, for iOS visitors without the app.
    public var appStore: String?
    /// The app's Google Play page, for Android visitors without the app.
    public var playStore: String?
    /// A web page for everyone else, instead of the long link's landing page.
    public var web: String?

    /// Creates fallbacks.
    public init(appStore: String? = nil, playStore: String? = nil, web: String? = nil) {
        self.appStore = appStore
        self.playStore = playStore
        self.web = web
    }
}
