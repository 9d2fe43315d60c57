import Foundation

/// An absolute link that passed the gate: every part is known to be well formed.
///
/// A `Link` is produced only by ``LinkGate/parse(_:)``. It keeps each component both as it
/// arrived (still percent-encoded) and decoded, so that matchers which must compare encoded
/// text (association files) and routers which want plain values (route tables) read the same
/// value.
///
/// ```swift
/// let link = try LinkGate().parse("https://example.com/albums/Summer%202024?index=3")
/// link.host                           // "example.com"
/// link.pathSegments.map(\.decoded)    // ["albums", "Summer 2024"]
/// link.queryItems.first?.value        // "3"
/// ```
public struct Link: Sendable, Hashable, Codable {
    /// The scheme, lower-cased (`https`, `myapp`).
    public let scheme: String

    /// The host, lower-cased; `nil` only for a custom-scheme link with an empty authority
    /// (`myapp:///settings`). For http(s) it is a DNS name or, where the policy allows, an
    /// IP literal (IPv6 literals keep their brackets).
    public let host: String?

    /// The explicit port, if the link carried one (also when it equals the scheme's default).
    public let port: Int?

    /// The path exactly as it arrived, still percent-encoded (`/a/b%20c`). Empty when the
    /// link has no path (`https://example.com`).
    public let rawPath: String

    /// The path split on `/`, without the leading empty segment. A trailing slash yields a
    /// final empty segment (`/a/` is `["a", ""]`); the bare path `/` is `[""]`, and an
    /// empty path is `[]`.
    public let pathSegments: [PathSegment]

    /// The query exactly as it arrived, without the `?`; `nil` when there is no `?`.
    public let rawQuery: String?

    /// The query split on `&` into items, in order, repeats kept. `+` is kept as a literal
    /// plus sign: links are not HTML form submissions.
    public let queryItems: [QueryItem]

    /// The fragment exactly as it arrived, without the `#`; `nil` when there is no `#`.
    public let rawFragment: String?

    /// The exact text the gate accepted.
    public let original: String

    /// Creates a link from parts that the gate has already checked.
    init(
        scheme: String, host: String?, port: Int?, rawPath: String, pathSegments: [PathSegment],
        rawQuery: String?, queryItems: [QueryItem], rawFragment: String?, original: String
    ) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.rawPath = rawPath
        self.pathSegments = pathSegments
        self.rawQuery = rawQuery
        self.queryItems = queryItems
        self.rawFragment = rawFragment
        self.original = original
    }
}

extension Link {
    /// The fragment, percent-decoded; `nil` when there is no `#`.
    public var fragment: String? {
        rawFragment.map { PercentEncoding.decode($0) ?? $0 }
    }

    /// The path, percent-decoded, as one string (`/a/b c`).
    public var path: String {
        PercentEncoding.decode(rawPath) ?? rawPath
    }

    /// Whether the scheme is `http` or `https`.
    public var isWeb: Bool { scheme == "https" || scheme == "http" }

    /// The port to connect to: the explicit one, or the scheme's default (443, 80).
    public var effectivePort: Int? {
        port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }

    /// The decoded values of every query item with this name, in order.
    public func queryValues(named name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// Foundation's `URL` for this link, built from the original text.
    ///
    /// The gate already refused everything Foundation would repair, so the `URL` carries the
    /// same text the gate accepted.
    public var url: URL? { URL(string: original) }
}

/// One segment of a link's path, as it arrived and decoded.
public struct PathSegment: Sendable, Hashable, Codable {
    /// The segment as it arrived, still percent-encoded (`Summer%202024`).
    public let raw: String
    /// The segment percent-decoded (`Summer 2024`).
    public let decoded: String

    /// Creates a segment from its raw and decoded spellings.
    public init(raw: String, decoded: String) {
        self.raw = raw
        self.decoded = decoded
    }
}

/// One `name=value` item of a link's query, as it arrived and decoded.
///
/// An item without `=` (`?flag`) has the empty value and ``hasValue`` `false`.
public struct QueryItem: Sendable, Hashable, Codable {
    /// The name as it arrived, still percent-encoded.
    public let rawName: String
    /// The value as it arrived, still percent-encoded; empty when the item has no `=`.
    public let rawValue: String
    /// The name, percent-decoded.
    public let name: String
    /// The value, percent-decoded; empty when the item has no `=`.
    public let value: String
    /// Whether the item carried an `=` sign.
    public let hasValue: Bool

    /// Creates an item from its raw and decoded spellings.
    public init(rawName: String, rawValue: String, name: String, value: String, hasValue: Bool) {
        self.rawName = rawName
        self.rawValue = rawValue
        self.name = name
        self.value = value
        self.hasValue = hasValue
    }
}
