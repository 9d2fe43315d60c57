/// What the gate accepts and what sanitising removes: schemes, hosts, limits and query items.
///
/// A policy is a plain value with safe defaults: `https` and `http` only, any valid DNS host,
/// no IP literals, no encoded separators, no empty path segments, and the limits in
/// ``LinkLimits``. It is `Codable`; keys missing from JSON take their defaults, and an unknown
/// key is refused with its name (a misspelt `allowedHost` must not leave every host allowed).
///
/// ```swift
/// var policy = LinkPolicy()
/// policy.allowedHosts = ["example.com", "*.example.com"]
/// policy.allowedSchemes.insert("myapp")
/// let gate = LinkGate(policy: policy)
/// ```
public struct LinkPolicy: Sendable, Hashable, Codable {
    /// Schemes the gate accepts, lower-case. Default: `https`, `http`. A scheme ignores case,
    /// so one added in capitals (`insert("MyApp")`) is kept lower-case (`myapp`) and accepts
    /// `myapp:` and `MyApp:` links alike.
    public var allowedSchemes: Set<String> {
        didSet {
            if allowedSchemes.contains(where: { $0.utf8.contains { ASCII.lowercased($0) != $0 } }) {
                allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
            }
        }
    }

    /// Hosts the gate accepts, matched on the parsed host (never by substring). Empty means any
    /// valid host. The host is checked, never the port: a web link to an allowed host is
    /// accepted on any valid port (0 to 65535, without leading zeros), as
    /// `https://shop.example.com:8443/products/42` is, and its ``Link/canonical`` text keeps the
    /// port unless it is the scheme's default (`:443` for `https`, `:80` for `http`, dropped).
    /// A custom-scheme link is not held to this list, because its "host" is usually a route name
    /// (see ``customSchemeHostsAreDomains``). String literals are patterns; a host held in a
    /// variable is made one with ``HostPattern/init(validating:)`` (which refuses what is not a
    /// host name) or ``HostPattern/init(_:)``.
    public var allowedHosts: [HostPattern]

    /// Whether a custom-scheme link's host is a domain that ``allowedHosts`` must allow.
    /// Default `false`: for `myapp://settings/profile` the host `settings` is a route name.
    public var customSchemeHostsAreDomains: Bool

    /// Whether IPv4 and IPv6 literals are accepted as hosts. Default `false`.
    public var allowsIPLiterals: Bool

    /// Whether `%2F`, `%5C` and `%00` are accepted in the path. Default `false`: they let one
    /// segment pose as two to any layer that decodes before splitting.
    public var allowsEncodedSeparators: Bool

    /// Whether empty interior path segments (`/a//b`) are accepted. Default `false`: `//`
    /// turns a path into a protocol-relative link wherever the path is reused as a target.
    public var allowsEmptySegments: Bool

    /// Size limits for the link and its parts.
    public var limits: LinkLimits

    /// Query items that sanitising removes (tracking parameters and credentials).
    public var removedQueryItems: [QueryItemPattern]

    /// Creates a policy; every argument has a safe default.
    public init(
        allowedSchemes: Set<String> = ["https", "http"],
        allowedHosts: [HostPattern] = [],
        customSchemeHostsAreDomains: Bool = false,
        allowsIPLiterals: Bool = false,
        allowsEncodedSeparators: Bool = false,
        allowsEmptySegments: Bool = false,
        limits: LinkLimits = LinkLimits(),
        removedQueryItems: [QueryItemPattern] = QueryItemPattern.trackingAndCredentials
    ) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.allowedHosts = allowedHosts
        self.customSchemeHostsAreDomains = customSchemeHostsAreDomains
        self.allowsIPLiterals = allowsIPLiterals
        self.allowsEncodedSeparators = allowsEncodedSeparators
        self.allowsEmptySegments = allowsEmptySegments
        self.limits = limits
        self.removedQueryItems = removedQueryItems
    }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "allowedSchemes", "allowedHosts", "customSchemeHostsAreDomains", "allowsIPLiterals",
        "allowsEncodedSeparators", "allowsEmptySegments", "limits", "removedQueryItems",
    ]

    /// Decodes a policy; missing keys take their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a link policy")
        let d = LinkPolicy()
        self.init(
            allowedSchemes: try c.decode("allowedSchemes", or: d.allowedSchemes),
            allowedHosts: try c.decode("allowedHosts", or: d.allowedHosts),
            customSchemeHostsAreDomains: try c.decode(
                "customSchemeHostsAreDomains", or: d.customSchemeHostsAreDomains),
            allowsIPLiterals: try c.decode("allowsIPLiterals", or: d.allowsIPLiterals),
            allowsEncodedSeparators: try c.decode("allowsEncodedSeparators", or: d.allowsEncodedSeparators),
            allowsEmptySegments: try c.decode("allowsEmptySegments", or: d.allowsEmptySegments),
            limits: try c.decode("limits", or: d.limits),
            removedQueryItems: try c.decode("removedQueryItems", or: d.removedQueryItems))
    }

    /// Encodes every key, so that a written policy is explicit.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(allowedSchemes.sorted(), forKey: "allowedSchemes")
        try c.encode(allowedHosts, forKey: "allowedHosts")
        try c.encode(customSchemeHostsAreDomains, forKey: "customSchemeHostsAreDomains")
        try c.encode(allowsIPLiterals, forKey: "allowsIPLiterals")
        try c.encode(allowsEncodedSeparators, forKey: "allowsEncodedSeparators")
        try c.encode(allowsEmptySegments, forKey: "allowsEmptySegments")
        try c.encode(limits, forKey: "limits")
        try c.encode(removedQueryItems, forKey: "removedQueryItems")
    }

    /// Whether the policy allows this (already lower-cased) host.
    public func allowsHost(_ host: String) -> Bool {
        allowedHosts.isEmpty || allowedHosts.contains { $0.matches(host) }
    }
}

/// Upper bounds on a link and its parts. Every limit is in bytes or items.
public struct LinkLimits: Sendable, Hashable, Codable {
    /// Longest accepted link, in bytes. Default 4096.
    public var maxLength: Int
    /// Longest accepted host, in bytes. Default 253, the DNS maximum, which no host may pass
    /// whatever this says: the limit can be lowered, not raised.
    public var maxHostLength: Int
    /// Most path segments. Default 32.
    public var maxPathSegments: Int
    /// Longest single path segment, in bytes. Default 1024.
    public var maxSegmentLength: Int
    /// Most query items. Default 64.
    public var maxQueryItems: Int
    /// Longest query, in bytes. Default 2048.
    public var maxQueryLength: Int
    /// Longest fragment, in bytes. Default 1024.
    public var maxFragmentLength: Int

    /// Creates limits; every argument has a default.
    public init(
        maxLength: Int = 4096, maxHostLength: Int = 253, maxPathSegments: Int = 32,
        maxSegmentLength: Int = 1024, maxQueryItems: Int = 64, maxQueryLength: Int = 2048,
        maxFragmentLength: Int = 1024
    ) {
        self.maxLength = maxLength
        self.maxHostLength = maxHostLength
        self.maxPathSegments = maxPathSegments
        self.maxSegmentLength = maxSegmentLength
        self.maxQueryItems = maxQueryItems
        self.maxQueryLength = maxQueryLength
        self.maxFragmentLength = maxFragmentLength
    }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "maxLength", "maxHostLength", "maxPathSegments", "maxSegmentLength", "maxQueryItems",
        "maxQueryLength", "maxFragmentLength",
    ]

    /// Decodes limits; missing keys take their defaults, and a limit below 1 is refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "link limits")
        let d = LinkLimits()
        func limit(_ key: AnyCodingKey, _ fallback: Int) throws -> Int {
            let value = try c.decode(key, or: fallback)
            guard value >= 1 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c,
                    debugDescription: "\(key.stringValue) must be at least 1, not \(value)")
            }
            return value
        }
        self.init(
            maxLength: try limit("maxLength", d.maxLength),
            maxHostLength: try limit("maxHostLength", d.maxHostLength),
            maxPathSegments: try limit("maxPathSegments", d.maxPathSegments),
            maxSegmentLength: try limit("maxSegmentLength", d.maxSegmentLength),
            maxQueryItems: try limit("maxQueryItems", d.maxQueryItems),
            maxQueryLength: try limit("maxQueryLength", d.maxQueryLength),
            maxFragmentLength: try limit("maxFragmentLength", d.maxFragmentLength))
    }
}

/// A host rule: an exact name (`example.com`) or all subdomains (`*.example.com`).
///
/// `*.example.com` matches `a.example.com` and `a.b.example.com` but not `example.com`
/// itself, the same rule as the Associated Domains entitlement. Matching compares whole labels,
/// so `*.example.com` never matches `evilexample.com`. In JSON a pattern is its string.
public struct HostPattern: Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The host name, lower-case, without the `*.` prefix.
    public let name: String
    /// Whether the pattern covers strict subdomains of ``name`` instead of ``name`` itself.
    public let isSubdomainWildcard: Bool

    /// Creates a pattern from its text: `example.com` or `*.example.com`.
    ///
    /// The text is not checked here (a string literal cannot throw): ``init(validating:)``
    /// checks it. A ``LinkReceiver`` refuses a policy with a pattern that is not a host name
    /// (``LinkReceiverError/invalidHostPattern(_:)``), a ``CustomScheme`` such a domain, and
    /// decoding such a pattern in JSON; a ``LinkGate`` made directly takes its policy as it is.
    public init(_ text: String) {
        let lower = text.lowercased()
        if lower.hasPrefix("*.") {
            name = String(lower.dropFirst(2))
            isSubdomainWildcard = true
        } else {
            name = lower
            isSubdomainWildcard = false
        }
    }

    /// A pattern whose (already lower-case) name is this very string: for sharing one string
    /// between equal names.
    init(name: String, isSubdomainWildcard: Bool) {
        self.name = name
        self.isSubdomainWildcard = isSubdomainWildcard
    }

    /// Creates a pattern from a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// Decodes a pattern from its string, refusing one that is not a host name or `*.` and one
    /// (the checks of ``init(validating:)``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let pattern = HostPattern(validating: text) else {
            throw DecodingError.dataCorruptedError(
                in: c,
                debugDescription: "'\(text)' is not a host pattern: write a host (example.com) or *.host")
        }
        self = pattern
    }

    /// A pattern from its text, or `nil` when the text is not a host name or `*.` and one: the
    /// name (after a leading `*.`) is empty, starts or ends with `.`, has `..`, whitespace, a
    /// control or non-ASCII character (write a name in its ASCII form, `xn--bcher-kva.example`),
    /// `/`, `@`, `\`, `?`, `#`, `%` or a `*`, or a `:`, `[` or `]` outside an IPv6 literal in
    /// brackets (a port, `example.com:443`, is never part of a host).
    ///
    /// A link's host never has any of these, so such a pattern would allow nothing. The check is
    /// of form alone: a name the gate refuses for other reasons (a label of 64 bytes) passes it.
    public init?(validating text: String) {
        self.init(text)
        guard isHostName else { return nil }
    }

    /// Whether ``name`` passes the checks of ``init(validating:)``: read from the pattern
    /// itself, so that a pattern already made is checked without writing and parsing its text
    /// again.
    var isHostName: Bool {
        var previous: UInt8 = 0
        let bracketed = name.utf8.first == UInt8(ascii: "[") && name.utf8.last == UInt8(ascii: "]")
        for byte in name.utf8 {
            switch byte {
            case 0...0x20, 0x7F...0xFF, UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "@"),
                UInt8(ascii: "\\"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"):
                return false
            // (`where` binds to one pattern of a list: each carries its own.)
            case UInt8(ascii: ":") where !bracketed, UInt8(ascii: "[") where !bracketed,
                UInt8(ascii: "]") where !bracketed:
                return false
            case UInt8(ascii: ".") where previous == 0 || previous == UInt8(ascii: "."):
                return false
            default: previous = byte
            }
        }
        return previous != 0 && previous != UInt8(ascii: ".")
    }

    /// Encodes the pattern as its string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    /// The pattern's text.
    public var description: String { isSubdomainWildcard ? "*." + name : name }

    /// Whether a lower-cased host falls under this pattern (whole labels only).
    public func matches(_ host: String) -> Bool {
        if !isSubdomainWildcard { return host == name }
        return host.count > name.count + 1 && host.hasSuffix("." + name)
    }
}

/// A query-item name rule for sanitising: an exact name (`fbclid`) or a prefix (`utm_*`).
/// Names compare case-insensitively. In JSON a pattern is its string.
public struct QueryItemPattern: Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name or prefix, lower-case, without the trailing `*`.
    public let name: String
    /// Whether the pattern matches every name starting with ``name``.
    public let isPrefix: Bool

    /// Creates a pattern from its text: `fbclid` or `utm_*`.
    public init(_ text: String) {
        let lower = text.lowercased()
        if lower.hasSuffix("*") {
            name = String(lower.dropLast())
            isPrefix = true
        } else {
            name = lower
            isPrefix = false
        }
    }

    /// Creates a pattern from a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// Decodes a pattern from its string, refusing an empty name, whitespace, control
    /// characters and a `*` anywhere but at the end.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        self.init(text)
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "*" }) else {
            throw DecodingError.dataCorruptedError(
                in: c,
                debugDescription:
                    "'\(text)' is not a query item pattern: write a name (fbclid) or a prefix (utm_*)")
        }
    }

    /// Encodes the pattern as its string.
    public func encode(to encoder: any Encoder) throws { try description.encode(to: encoder) }

    /// The pattern's text.
    public var description: String { isPrefix ? name + "*" : name }

    /// Whether a decoded query-item name falls under this pattern.
    public func matches(_ itemName: String) -> Bool {
        let lower = itemName.lowercased()
        return isPrefix ? lower.hasPrefix(name) : lower == name
    }

    /// Click and campaign trackers that say nothing about what the link points to.
    public static let tracking: [QueryItemPattern] = [
        "utm_*", "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "mc_cid", "mc_eid",
        "igshid", "yclid", "twclid", "ttclid", "li_fat_id", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok",
        "oly_anon_id", "oly_enc_id", "vero_id", "rb_clickid", "s_cid", "ref_src",
    ]

    /// Credentials that must never travel in a link, and never reach an app's handler or logs.
    public static let credentials: [QueryItemPattern] = [
        "token", "access_token", "refresh_token", "id_token", "oauth_token", "oauth_verifier",
        "password", "passwd", "pwd", "secret", "client_secret", "api_key", "apikey", "auth",
        "authorization", "session", "sessionid", "session_id", "sid", "jwt",
    ]

    /// The default list: ``tracking`` followed by ``credentials``.
    public static let trackingAndCredentials: [QueryItemPattern] = tracking + credentials
}

extension LinkLimits {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(maxLength, forKey: "maxLength")
        try c.encode(maxHostLength, forKey: "maxHostLength")
        try c.encode(maxPathSegments, forKey: "maxPathSegments")
        try c.encode(maxSegmentLength, forKey: "maxSegmentLength")
        try c.encode(maxQueryItems, forKey: "maxQueryItems")
        try c.encode(maxQueryLength, forKey: "maxQueryLength")
        try c.encode(maxFragmentLength, forKey: "maxFragmentLength")
    }
}
