import DeepLinks

/// One entry of the Associated Domains entitlement: `<service>:<domain>[?mode=…]`.
///
/// The entitlement (`com.apple.developer.associated-domains`) is the app's half of the
/// association. An entry names a service and a domain; `*.example.com` covers every subdomain
/// of `example.com` but not `example.com` itself, and its association file is fetched from
/// `example.com`. Entries never carry a scheme, port, path or trailing slash
/// (`applinks:example.com:8080` never works), so such entries are refused rather than trimmed.
///
/// ```swift
/// let entry = try AssociatedDomain("applinks:*.example.com?mode=developer")
/// entry.service                          // .appLinks
/// entry.covers("shop.example.com")        // true
/// entry.covers("example.com")             // false
/// entry.modes                             // [.developer]
/// ```
public struct AssociatedDomain: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The services an entry can name.
    public enum Service: String, Sendable, Hashable, Codable, CaseIterable {
        /// Universal links.
        case appLinks = "applinks"
        /// Shared web credentials (passwords and passkeys).
        case webCredentials = "webcredentials"
        /// Handoff between the website and the app.
        case activityContinuation = "activitycontinuation"
        /// App Clips.
        case appClips = "appclips"
    }

    /// The alternate modes an entry may be limited to (`?mode=developer`, `managed`, or
    /// `developer+managed`); an entry without a mode is always in effect.
    public struct Modes: OptionSet, Sendable, Hashable, Codable {
        /// The raw bits.
        public let rawValue: Int
        /// Creates modes from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Developer mode: a development-signed build on a device with associated-domains
        /// development enabled; the file is fetched from the server directly, not the CDN.
        public static let developer = Modes(rawValue: 1)
        /// Managed mode: an app on a device managed by an organisation (MDM).
        public static let managed = Modes(rawValue: 2)
    }

    /// The service.
    public let service: Service
    /// The domain, lower-cased, without a `*.` prefix.
    public let domain: String
    /// Whether the entry covers the strict subdomains of ``domain`` (`*.example.com`).
    public let isWildcard: Bool
    /// The modes the entry is limited to; empty for an entry always in effect.
    public let modes: Modes

    /// Parses an entry, refusing anything Apple would not honour.
    public init(_ text: String) throws(AssociatedDomainError) {
        func fail(_ problem: AssociatedDomainError.Problem) -> AssociatedDomainError {
            AssociatedDomainError(entry: text, problem: problem)
        }
        guard !text.isEmpty else { throw fail(.empty) }
        guard
            !text.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
            })
        else { throw fail(.whitespace) }
        guard let colon = text.firstIndex(of: ":") else { throw fail(.missingService) }
        let serviceText = String(text[..<colon])
        guard let service = Service(rawValue: serviceText) else { throw fail(.unknownService(serviceText)) }
        var rest = text[text.index(after: colon)...]
        if rest.hasPrefix("//") || rest.contains("://") { throw fail(.scheme) }
        var modes: Modes = []
        if let mark = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
            guard query.hasPrefix("mode=") else { throw fail(.invalidQuery(String(query))) }
            let value = query.dropFirst(5)
            switch value {
            case "developer": modes = .developer
            case "managed": modes = .managed
            case "developer+managed", "managed+developer": modes = [.developer, .managed]
            default: throw fail(.invalidMode(String(value)))
            }
        }
        if rest.contains("/") { throw fail(.path) }
        if rest.contains(":") {
            let afterColon = rest[rest.index(after: rest.lastIndex(of: ":") ?? rest.startIndex)...]
            throw fail(
                afterColon.allSatisfy(\.isNumber) && !afterColon.isEmpty
                    ? .port : .invalidDomain("it contains ':'"))
        }
        var host = Substring(rest)
        var wildcard = false
        if host.hasPrefix("*.") {
            wildcard = true
            host = host.dropFirst(2)
        }
        if host.contains("*") { throw fail(.misplacedWildcard) }
        guard !host.isEmpty else { throw fail(.empty) }
        if let problem = AssociatedDomain.domainProblem(host) { throw fail(problem) }
        self.service = service
        self.domain = host.lowercased()
        self.isWildcard = wildcard
        self.modes = modes
    }

    /// Creates an entry from checked parts.
    public init(service: Service, domain: String, isWildcard: Bool = false, modes: Modes = [])
        throws(AssociatedDomainError)
    {
        try self.init(
            AssociatedDomain.text(service: service, domain: domain, isWildcard: isWildcard, modes: modes))
    }

    private static func text(service: Service, domain: String, isWildcard: Bool, modes: Modes) -> String {
        var text = service.rawValue + ":" + (isWildcard ? "*." : "") + domain
        if modes == [.developer, .managed] {
            text += "?mode=developer+managed"
        } else if modes == .developer {
            text += "?mode=developer"
        } else if modes == .managed {
            text += "?mode=managed"
        }
        return text
    }

    private static func domainProblem(_ host: Substring) -> AssociatedDomainError.Problem? {
        guard host.unicodeScalars.allSatisfy(\.isASCII) else { return .nonASCII }
        if host.hasPrefix("[")
            || host.split(separator: ".").count == 4
                && host.split(separator: ".").allSatisfy({ $0.allSatisfy(\.isNumber) })
        {
            return .ipAddress
        }
        guard host.utf8.count <= 253 else { return .invalidDomain("it is longer than 253 characters") }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return .invalidDomain("it has a single label") }
        for label in labels {
            guard !label.isEmpty else { return .invalidDomain("it has an empty label") }
            guard label.utf8.count <= 63 else {
                return .invalidDomain("the label '\(label)' is longer than 63 characters")
            }
            guard label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return .invalidDomain(
                    "the label '\(label)' has a character other than letters, digits and '-'")
            }
            guard !label.hasPrefix("-"), !label.hasSuffix("-") else {
                return .invalidDomain("the label '\(label)' starts or ends with '-'")
            }
        }
        return nil
    }

    /// The entry as written in the entitlement (`applinks:*.example.com?mode=developer`).
    public var description: String {
        AssociatedDomain.text(service: service, domain: domain, isWildcard: isWildcard, modes: modes)
    }

    /// Whether the entry covers a host: the domain itself, or for a wildcard, any strict
    /// subdomain (whole labels only, case-insensitive).
    public func covers(_ host: String) -> Bool {
        let host = host.lowercased()
        guard isWildcard else { return host == domain }
        return host.count > domain.count + 1 && host.hasSuffix("." + domain)
    }

    /// The domain whose association file the entry relies on: the domain itself, and for a
    /// wildcard entry the domain without `*.`.
    public var associationFileDomain: String { domain }

    /// Whether the entry is in effect with these modes active (an entry without a mode always is).
    public func isActive(in activeModes: Modes) -> Bool {
        modes.isEmpty || !modes.isDisjoint(with: activeModes)
    }
}

/// Why an entitlement entry was refused: the entry and the problem.
///
/// ```swift
/// do {
///     _ = try AssociatedDomain("applinks:example.com:8080")
/// } catch {
///     error.description   // "'applinks:example.com:8080': an entry cannot carry a port …"
/// }
/// ```
public struct AssociatedDomainError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Sendable, Hashable, Encodable {
        /// The entry, or its domain, is empty.
        case empty
        /// The entry contains whitespace or a control character.
        case whitespace
        /// There is no `service:` before the domain.
        case missingService
        /// The service is not one of the four (its text).
        case unknownService(String)
        /// The domain is written with a scheme (`https://`).
        case scheme
        /// The domain carries a port.
        case port
        /// The domain carries a path or a trailing slash.
        case path
        /// A query other than `mode=` (its text).
        case invalidQuery(String)
        /// A mode other than `developer`, `managed`, `developer+managed` (its text).
        case invalidMode(String)
        /// A `*` anywhere but a leading `*.`.
        case misplacedWildcard
        /// Non-ASCII characters: write the domain in Punycode (`xn--`).
        case nonASCII
        /// An IP address instead of a domain name.
        case ipAddress
        /// A malformed domain name (why).
        case invalidDomain(String)

        /// A sentence for the problem.
        public var sentence: String {
            switch self {
            case .empty: "the entry has no domain"
            case .whitespace: "the entry contains whitespace or a control character"
            case .missingService:
                "the entry has no service; write applinks:, webcredentials:, activitycontinuation: or appclips:"
            case .unknownService(let name):
                "'\(name)' is not a service; use applinks, webcredentials, activitycontinuation or appclips"
            case .scheme: "an entry names a domain, not a URL: leave out the scheme"
            case .port: "an entry cannot carry a port; Apple never fetches association files from other ports"
            case .path: "an entry cannot carry a path or a trailing slash"
            case .invalidQuery(let query): "the only query an entry may carry is mode=…, not '\(query)'"
            case .invalidMode(let mode):
                "'\(mode)' is not a mode; use developer, managed or developer+managed"
            case .misplacedWildcard: "a wildcard may only be a leading '*.'"
            case .nonASCII: "the domain must be ASCII; write an internationalised name in Punycode (xn--…)"
            case .ipAddress: "an entry must name a domain, not an IP address"
            case .invalidDomain(let why): "the domain is malformed: \(why)"
            }
        }
    }

    /// The entry as given.
    public let entry: String
    /// What was wrong with it.
    public let problem: Problem

    /// Creates an error.
    public init(entry: String, problem: Problem) {
        self.entry = entry
        self.problem = problem
    }

    /// "'entry': sentence".
    public var description: String { "'\(entry)': \(problem.sentence)" }
}

extension AssociatedDomain {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["service", "domain", "isWildcard", "modes"]

    /// Decodes an entry from its parts and checks it exactly as
    /// ``init(service:domain:isWildcard:modes:)`` does: a part that the check would refuse or
    /// write differently (`"domain": "Example.com:8080"`) is a `DecodingError`, and so is a key it
    /// does not know.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "an associated domain")
        let service = try c.decode(Service.self, forKey: "service")
        let domain = try c.decode(String.self, forKey: "domain")
        let isWildcard = try c.decode(Bool.self, forKey: "isWildcard")
        let modes = try c.decode(Modes.self, forKey: "modes")
        let checked = try c.corrupted(at: "domain") { () throws(AssociatedDomainError) in
            try AssociatedDomain(service: service, domain: domain, isWildcard: isWildcard, modes: modes)
        }
        guard checked.domain == domain else {
            throw DecodingError.dataCorruptedError(
                forKey: "domain", in: c,
                debugDescription:
                    "'\(domain)' is not written as the entry's check writes it ('\(checked.domain)')")
        }
        self = checked
    }

    /// Encodes the service, the domain, whether it is a wildcard, and the modes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(service, forKey: "service")
        try c.encode(domain, forKey: "domain")
        try c.encode(isWildcard, forKey: "isWildcard")
        try c.encode(modes, forKey: "modes")
    }
}

extension AssociatedDomainError.Problem {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        case .whitespace: _ = EnumCaseEncoder(encoder, "whitespace")
        case .missingService: _ = EnumCaseEncoder(encoder, "missingService")
        case .unknownService(let value):
            var values = EnumCaseEncoder(encoder, "unknownService")
            try values("_0", value)
        case .scheme: _ = EnumCaseEncoder(encoder, "scheme")
        case .port: _ = EnumCaseEncoder(encoder, "port")
        case .path: _ = EnumCaseEncoder(encoder, "path")
        case .invalidQuery(let value):
            var values = EnumCaseEncoder(encoder, "invalidQuery")
            try values("_0", value)
        case .invalidMode(let value):
            var values = EnumCaseEncoder(encoder, "invalidMode")
            try values("_0", value)
        case .misplacedWildcard: _ = EnumCaseEncoder(encoder, "misplacedWildcard")
        case .nonASCII: _ = EnumCaseEncoder(encoder, "nonASCII")
        case .ipAddress: _ = EnumCaseEncoder(encoder, "ipAddress")
        case .invalidDomain(let value):
            var values = EnumCaseEncoder(encoder, "invalidDomain")
            try values("_0", value)
        }
    }
}

extension AssociatedDomainError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(entry, forKey: "entry")
        try c.encode(problem, forKey: "problem")
    }
}
