/// The schemes and hosts a route serves.
///
/// Empty ``schemes`` means every scheme the gate's policy allows; empty ``hosts`` means every
/// host. Hosts are domains, so they apply to web (http/https) links only. A scope may list web
/// hosts and custom schemes together, and each kind of link uses the part that applies: a web
/// link matches by scheme and host, a custom-scheme link by scheme alone. For a custom-scheme
/// link the host is the first segment of the matched path and belongs in the pattern (a host
/// is never guessed to be a domain). A scope that lists hosts and no schemes serves web links
/// only; one that lists hosts beside custom schemes only is refused when the table is built,
/// since its hosts could never apply. Host patterns compare whole labels: `*.example.com`
/// covers `www.example.com`, not `example.com` and never `evilexample.com`.
///
/// ```swift
/// let web = RouteScope(schemes: ["https"], hosts: ["example.com", "*.example.com"])
/// let app = RouteScope(schemes: ["myapp"])
/// let both = RouteScope(schemes: ["https", "myapp"], hosts: ["example.com"])
/// // https://example.com/p/1 and myapp://p/1 both fall in `both`; https://other.com/p/1 does not.
/// ```
///
/// In JSON: `{"schemes": ["https", "myapp"], "hosts": ["example.com"]}`; both keys may be omitted.
public struct RouteScope: Sendable, Hashable, CustomStringConvertible {
    /// Lower-case schemes; empty means any allowed scheme.
    public var schemes: [String] { parts.schemes }
    /// Host patterns for web links; empty means any host.
    public var hosts: [HostPattern] { parts.hosts }

    /// Both lists behind one reference: every route and every compiled route keeps a scope,
    /// and a table's equal scopes share one copy (`RouteTable.sharingEqualParts()`), so a
    /// scope is one word in each of them.
    let parts: Parts

    /// The lists of a scope. The router's check of a link reads them as a method of this class
    /// (``Parts/admits(_:)``), where they are its own fields: read through the scope, each
    /// list would be retained and released for every link.
    final class Parts: Sendable {
        let schemes: [String]
        let hosts: [HostPattern]

        init(schemes: [String], hosts: [HostPattern]) {
            self.schemes = schemes
            self.hosts = hosts
        }

        /// The parts of ``RouteScope/any``, shared by every scope that names nothing.
        static let none = Parts(schemes: [], hosts: [])
    }

    /// Every scheme and host the gate allows.
    public static let any = RouteScope()

    /// Creates a scope; schemes are lower-cased.
    public init(schemes: [String] = [], hosts: [HostPattern] = []) {
        parts =
            schemes.isEmpty && hosts.isEmpty
            ? .none : Parts(schemes: schemes.map { $0.lowercased() }, hosts: hosts)
    }

    /// Two scopes are equal when they list the same schemes and hosts in the same order.
    public static func == (lhs: RouteScope, rhs: RouteScope) -> Bool {
        lhs.parts === rhs.parts || (lhs.schemes == rhs.schemes && lhs.hosts == rhs.hosts)
    }

    /// Hashes the schemes and the hosts.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(schemes)
        hasher.combine(hosts)
    }

    /// Whether the scope may serve web links.
    public var servesWeb: Bool { schemes.isEmpty || schemes.contains { WebScheme.contains($0) } }
    /// Whether the scope may serve custom-scheme links: it names a custom scheme, or names
    /// neither schemes nor hosts.
    public var servesCustomSchemes: Bool {
        schemes.contains { !WebScheme.contains($0) } || (schemes.isEmpty && hosts.isEmpty)
    }

    /// Whether a link's scheme and host fall in the scope: a web link by scheme and host, a
    /// custom-scheme link by scheme alone.
    public func contains(scheme: String, host: String?) -> Bool {
        if !schemes.isEmpty, !schemes.contains(scheme) { return false }
        if hosts.isEmpty { return true }
        guard WebScheme.contains(scheme) else { return !schemes.isEmpty }
        guard let host else { return false }
        return hosts.contains { $0.matches(host) }
    }

    /// Whether the scope serves web links on a host.
    public func servesWeb(host: String) -> Bool {
        servesWeb && (hosts.isEmpty || hosts.contains { $0.matches(host.lowercased()) })
    }

    /// How specific the scope is, for ordering routes with the same path: exact hosts before
    /// subdomain wildcards before any host, then named schemes before any scheme.
    var specificity: Int {
        let hostRank =
            hosts.isEmpty ? 0 : hosts.allSatisfy { !$0.isSubdomainWildcard } ? 2 : 1
        return hostRank * 2 + (schemes.isEmpty ? 0 : 1)
    }

    /// `schemes=… hosts=…`, or `any`.
    public var description: String {
        if schemes.isEmpty, hosts.isEmpty { return "any" }
        var parts: [String] = []
        if !schemes.isEmpty { parts.append("schemes " + schemes.joined(separator: ",")) }
        if !hosts.isEmpty { parts.append("hosts " + hosts.map(\.description).joined(separator: ",")) }
        return parts.joined(separator: " ")
    }
}

extension RouteScope: Codable {
    /// The keys of a scope's JSON, which the route-table reader reads too.
    package enum CodingKeys: String, CodingKey, CaseIterable { case schemes, hosts }
    private static let keyNames = Set(CodingKeys.allCases.map(\.rawValue))

    /// Decodes a scope; missing keys mean any.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(
            keyedBy: CodingKeys.self, what: "a route scope", allowed: Self.keyNames)
        self.init(
            schemes: try c.decodeIfPresent([String].self, forKey: .schemes) ?? [],
            hosts: try c.decodeIfPresent([HostPattern].self, forKey: .hosts) ?? [])
    }

    /// Encodes only the keys that are not empty.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if !schemes.isEmpty { try c.encode(schemes, forKey: .schemes) }
        if !hosts.isEmpty { try c.encode(hosts, forKey: .hosts) }
    }
}
