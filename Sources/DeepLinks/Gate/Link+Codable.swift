import Foundation

// A link's JSON form is read back through the gate, so its Codable conformance sits with the
// gate (Link/ knows nothing of the gate: the gate makes links).

extension Link: Codable {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "scheme", "host", "port", "rawPath", "pathSegments", "rawQuery", "queryItems", "rawFragment",
        "original",
    ]

    /// Decodes a link by parsing its `original` text again, then checking every other key
    /// given against what the parse derives.
    ///
    /// The text is parsed with the gate's syntax rules only (any scheme, any host): which
    /// hosts and schemes an app accepts is its receiver's policy, applied when a link comes
    /// in. A key that disagrees with the text (`{"host": "evil.com", "original":
    /// "https://example.com/x"}`) is a `DecodingError`, never a link.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a link")
        let original = try c.decode(String.self, forKey: "original")
        let parsed: Link
        do {
            parsed = try LinkGate(policy: Self.decodingPolicy(for: original)).parse(original)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: "original", in: c, debugDescription: "the link text is refused by the gate: \(error)")
        }
        func agree<T: Decodable & Equatable>(_ key: AnyCodingKey, _ derived: T?, _ type: T.Type) throws {
            guard c.contains(key) else { return }
            let given = try c.decodeIfPresent(T.self, forKey: key)
            guard given == derived else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c,
                    debugDescription:
                        "'\(key.stringValue)' is \(given.map { "\($0)" } ?? "null") but the link "
                        + "text \(original) says \(derived.map { "\($0)" } ?? "null")")
            }
        }
        try agree("scheme", parsed.scheme, String.self)
        try agree("host", parsed.host, String.self)
        try agree("port", parsed.port, Int.self)
        try agree("rawPath", parsed.rawPath, String.self)
        try agree("pathSegments", parsed.pathSegments, [PathSegment].self)
        try agree("rawQuery", parsed.rawQuery, String.self)
        try agree("queryItems", parsed.queryItems, [QueryItem].self)
        try agree("rawFragment", parsed.rawFragment, String.self)
        self = parsed
    }

    /// The syntax-only policy a decoded link's text is parsed with: its own scheme, any host,
    /// IP literals, encoded separators and empty segments allowed, generous limits.
    static func decodingPolicy(for text: String) -> LinkPolicy {
        let scheme = text.prefix { $0 != ":" }.lowercased()
        return LinkPolicy(
            allowedSchemes: [scheme], allowsIPLiterals: true, allowsEncodedSeparators: true,
            allowsEmptySegments: true,
            limits: LinkLimits(
                maxLength: 1 << 20, maxPathSegments: 4096, maxSegmentLength: 1 << 16, maxQueryItems: 4096,
                maxQueryLength: 1 << 20, maxFragmentLength: 1 << 16),
            removedQueryItems: [])
    }

    /// Encodes one key per part, leaving out absent optional parts.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(scheme, forKey: "scheme")
        try c.encodeIfPresent(host, forKey: "host")
        try c.encodeIfPresent(port, forKey: "port")
        try c.encode(rawPath, forKey: "rawPath")
        try c.encode(pathSegments, forKey: "pathSegments")
        try c.encodeIfPresent(rawQuery, forKey: "rawQuery")
        try c.encode(queryItems, forKey: "queryItems")
        try c.encodeIfPresent(rawFragment, forKey: "rawFragment")
        try c.encode(original, forKey: "original")
    }
}
