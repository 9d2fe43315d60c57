import DeepLinks

/// The app's Associated Domains entitlement: every entry, parsed, with the checks Apple's
/// guidance asks for and the lookup a device performs.
///
/// ```swift
/// let entitlement = try AssociatedDomainsEntitlement([
///     "applinks:example.com", "applinks:*.example.com", "webcredentials:example.com",
/// ])
/// entitlement.entry(for: "shop.example.com", service: .appLinks)?.description   // "applinks:*.example.com"
/// entitlement.findings(for: .release)                                          // []
/// ```
public struct AssociatedDomainsEntitlement: Sendable, Hashable, Codable {
    /// The entitlement's key in an `.entitlements` file.
    public static let key = "com.apple.developer.associated-domains"
    /// Apple's advice is to keep to about 20 to 30 domains; past this many the checks warn.
    public static let recommendedMaximumDomains = 30

    /// How the app is built, for the `mode=developer` check.
    public enum BuildConfiguration: String, Sendable, Hashable, Codable, CaseIterable {
        /// A development-signed build.
        case debug
        /// A build for the App Store, TestFlight or enterprise distribution.
        case release
    }

    /// The entries, in order.
    public let entries: [AssociatedDomain]

    /// Creates an entitlement from parsed entries.
    public init(entries: [AssociatedDomain]) { self.entries = entries }

    /// Parses every entry; refuses the list with every malformed entry named.
    public init(_ texts: [String]) throws(AssociatedDomainsEntitlementError) {
        var entries: [AssociatedDomain] = []
        var problems: [AssociatedDomainsEntitlementError.Item] = []
        for (index, text) in texts.enumerated() {
            do {
                entries.append(try AssociatedDomain(text))
            } catch {
                problems.append(.init(index: index, error: error))
            }
        }
        guard problems.isEmpty else { throw AssociatedDomainsEntitlementError(items: problems) }
        self.entries = entries
    }

    /// The most specific entry for a service that covers a host and is in effect: an exact
    /// entry before any wildcard, then the wildcard with the longest domain.
    public func entry(
        for host: String, service: AssociatedDomain.Service, activeModes: AssociatedDomain.Modes = []
    ) -> AssociatedDomain? {
        entries.filter { $0.service == service && $0.isActive(in: activeModes) && $0.covers(host) }
            .max { left, right in
                if left.isWildcard != right.isWildcard { return left.isWildcard }
                return left.domain.count < right.domain.count
            }
    }

    /// What Apple's guidance warns about, for a build configuration.
    public func findings(for configuration: BuildConfiguration) -> [EntitlementFinding] {
        var findings: [EntitlementFinding] = []
        let domains = Set(entries.map { ($0.isWildcard ? "*." : "") + $0.domain })
        if domains.count > AssociatedDomainsEntitlement.recommendedMaximumDomains {
            findings.append(
                EntitlementFinding(
                    .tooManyDomains, entryIndex: nil,
                    "the entitlement names \(domains.count) domains; Apple advises keeping to about 20 to 30")
            )
        }
        var seen = Set<String>()
        for (index, entry) in entries.enumerated() {
            if !seen.insert(entry.description).inserted {
                findings.append(
                    EntitlementFinding(
                        .duplicateEntry, entryIndex: index, "'\(entry)' is listed more than once"))
            }
            if configuration == .release && entry.modes.contains(.developer) {
                findings.append(
                    EntitlementFinding(
                        .developerModeInRelease, entryIndex: index,
                        "'\(entry)' uses mode=developer, which only development-signed builds honour; remove it before shipping"
                    ))
            }
            if entry.isWildcard
                && !entries.contains(where: {
                    $0.service == entry.service && !$0.isWildcard && $0.domain == entry.domain
                })
            {
                findings.append(
                    EntitlementFinding(
                        .wildcardWithoutApex, entryIndex: index,
                        "'\(entry)' covers subdomains of \(entry.domain) but not \(entry.domain) itself; add "
                            + "'\(entry.service.rawValue):\(entry.domain)' if links to it should open the app"
                    ))
            }
        }
        return findings
    }
}

extension AssociatedDomainsEntitlement {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["entries"]

    /// Decodes the entries, each checked as ``AssociatedDomain`` decodes it, refusing a key the
    /// type does not know.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(
            allowing: Self.codingKeys, what: "an associated domains entitlement")
        self.init(entries: try c.decode([AssociatedDomain].self, forKey: "entries"))
    }

    /// Encodes the entries.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(entries, forKey: "entries")
    }
}

/// Why an entitlement list was refused: every malformed entry, by position.
public struct AssociatedDomainsEntitlementError: Error, Sendable, Hashable, Encodable, CustomStringConvertible
{
    /// One refused entry.
    public struct Item: Sendable, Hashable, Encodable {
        /// Its zero-based position in the list.
        public let index: Int
        /// Why it was refused.
        public let error: AssociatedDomainError

        /// Creates an item.
        public init(index: Int, error: AssociatedDomainError) {
            self.index = index
            self.error = error
        }
    }

    /// Every refused entry, in order.
    public let items: [Item]

    /// Creates an error.
    public init(items: [Item]) { self.items = items }

    /// One line per refused entry.
    public var description: String {
        items.map { "entry \($0.index): \($0.error)" }.joined(separator: "\n")
    }
}

/// Something Apple's guidance warns about in an entitlement.
public struct EntitlementFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The stable codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// More domains than Apple advises (about 20 to 30).
        case tooManyDomains = "ENT001"
        /// `mode=developer` in a release build.
        case developerModeInRelease = "ENT002"
        /// The same entry twice.
        case duplicateEntry = "ENT003"
        /// `*.domain` without `domain`: the apex is not covered.
        case wildcardWithoutApex = "ENT004"

        /// The severity of a finding with this code.
        public var severity: AssociationFinding.Severity {
            switch self {
            case .tooManyDomains, .developerModeInRelease, .duplicateEntry: .warning
            case .wildcardWithoutApex: .note
            }
        }
    }

    /// The code.
    public let code: Code
    /// The severity (the code's).
    public let severity: AssociationFinding.Severity
    /// The entry it is about, when it is about one.
    public let entryIndex: Int?
    /// What was found.
    public let message: String

    /// Creates a finding.
    public init(_ code: Code, entryIndex: Int?, _ message: String) {
        self.code = code
        self.severity = code.severity
        self.entryIndex = entryIndex
        self.message = message
    }

    /// "ENT002 warning (entry 3): …".
    public var description: String {
        "\(code.rawValue) \(severity.rawValue)\(entryIndex.map { " (entry \($0))" } ?? ""): \(message)"
    }
}

extension AssociatedDomainsEntitlementError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(items, forKey: "items")
    }
}

extension AssociatedDomainsEntitlementError.Item {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(index, forKey: "index")
        try c.encode(error, forKey: "error")
    }
}

extension EntitlementFinding {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(code, forKey: "code")
        try c.encode(severity, forKey: "severity")
        try c.encodeIfPresent(entryIndex, forKey: "entryIndex")
        try c.encode(message, forKey: "message")
    }
}
