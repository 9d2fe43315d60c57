/// A URL scheme an app registers (`newsapp`, `photoalbum`), and what its host means.
///
/// Any app can claim any scheme, so a custom-scheme link is the least trusted way in: nothing
/// proves which app or page sent it. Registration is therefore explicit:
///
/// - The name must be a valid scheme and never a well-known one (``isWellKnown(_:)``):
///   `http`, `https`, `mailto`, `tel`, `sms`, `javascript`, `data`, `file`, `about`, `blob`,
///   the App Store's and the system's own schemes, and the rest of ``wellKnownNames``.
/// - ``host`` states what the part after `//` is, instead of guessing from a dot (see “A custom-scheme host is never guessed to be a domain” in the documentation):
///   a route segment (`newsapp://doc/42` routes `/doc/42`) or a domain that must be one of a
///   list (`photoalbum://photos.example.com/albums` routes `/albums`).
/// - ``confirmsEveryRoute`` makes every route reached through the scheme ask the user first,
///   whatever the route's own ``RouteSafety``.
///
/// ```swift
/// let news = try CustomScheme("newsapp")
/// let album = try CustomScheme("photoalbum", host: .domain(["photos.example.com"]), confirmsEveryRoute: true)
/// ```
///
/// In JSON: `{"name": "newsapp"}`, or
/// `{"name": "photoalbum", "host": "domain", "domains": ["photos.example.com"], "confirmsEveryRoute": true}`.
public struct CustomScheme: Sendable, Hashable {
    /// What the host of a link with this scheme means.
    public enum HostRule: Sendable, Hashable {
        /// The host is the first segment of the routed path (`newsapp://doc/42` is `/doc/42`).
        case routeSegment
        /// The host is a domain that must match one of the patterns; the routed path starts
        /// after it (`photoalbum://photos.example.com/albums` is `/albums`).
        case domain([HostPattern])
    }

    /// The longest scheme name accepted.
    public static let maximumNameLength = 255

    /// The scheme, lower-case.
    public let name: String
    /// What the host means.
    public let host: HostRule
    /// Whether every route reached through this scheme asks the user to confirm first.
    public let confirmsEveryRoute: Bool

    /// Registers a scheme; the name is compared without regard to case and kept lower-case.
    ///
    /// - Throws: ``CustomSchemeError`` for a malformed or well-known name, a domain rule
    ///   without domains, or a domain that is not a host name.
    public init(_ name: String, host: HostRule = .routeSegment, confirmsEveryRoute: Bool = false)
        throws(CustomSchemeError)
    {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, ASCII.isAlpha(first), bytes.count <= Self.maximumNameLength,
            bytes.allSatisfy({ ASCII.isAlpha($0) || ASCII.isDigit($0) || "+-.".utf8.contains($0) })
        else { throw .invalidName(name) }
        let lower = name.lowercased()
        guard !Self.isWellKnown(lower) else { throw .wellKnown(lower) }
        if case .domain(let patterns) = host {
            if patterns.isEmpty { throw .noDomains(lower) }
            if let invalid = patterns.first(where: { !$0.isHostName }) {
                throw .invalidDomain(scheme: lower, pattern: invalid.description)
            }
        }
        self.name = lower
        self.host = host
        self.confirmsEveryRoute = confirmsEveryRoute
    }
}

extension CustomScheme: Codable {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["name", "host", "domains", "confirmsEveryRoute"]

    private enum HostKind: String, Codable {
        case segment, domain
    }

    /// Decodes a registration, applying the checks of ``init(_:host:confirmsEveryRoute:)``;
    /// `host` defaults to `segment` and unknown keys are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a custom scheme")
        let kind = try c.decode("host", or: HostKind.segment)
        let domains = try c.decodeIfPresent([HostPattern].self, forKey: "domains")
        let rule: HostRule
        switch kind {
        case .segment:
            guard domains == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: "domains", in: c,
                    debugDescription: "domains are listed only when host is 'domain'"
                )
            }
            rule = .routeSegment
        case .domain: rule = .domain(domains ?? [])
        }
        try self.init(
            try c.decode(String.self, forKey: "name"), host: rule,
            confirmsEveryRoute: try c.decode("confirmsEveryRoute", or: false))
    }

    /// Encodes the registration, leaving out defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(name, forKey: "name")
        if case .domain(let patterns) = host {
            try c.encode(HostKind.domain, forKey: "host")
            try c.encode(patterns, forKey: "domains")
        }
        if confirmsEveryRoute { try c.encode(true, forKey: "confirmsEveryRoute") }
    }
}
