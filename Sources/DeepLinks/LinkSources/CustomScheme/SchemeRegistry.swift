/// The custom schemes an app registers, each once.
///
/// The registry is what the gate needs to admit custom-scheme links and what ``LinkReceiver``
/// needs to read their host.
///
/// ```swift
/// let schemes = try SchemeRegistry([CustomScheme("newsapp")])
/// schemes["newsapp"]?.host       // .routeSegment
/// let gate = LinkGate(policy: schemes.admitting(into: LinkPolicy()))
/// ```
///
/// In JSON a registry is an array of ``CustomScheme``s.
public struct SchemeRegistry: Sendable, Hashable {
    /// The schemes, in registration order.
    public let schemes: [CustomScheme]

    /// Creates an empty registry: only web links are admitted.
    public init() { schemes = [] }

    /// Creates a registry.
    ///
    /// - Throws: ``CustomSchemeError/duplicate(_:)`` when a name is registered twice.
    public init(_ schemes: [CustomScheme]) throws(CustomSchemeError) {
        var seen: Set<String> = []
        for scheme in schemes where !seen.insert(scheme.name).inserted { throw .duplicate(scheme.name) }
        self.schemes = schemes
    }

    /// The registration for a scheme (compared without regard to case), or `nil`.
    public subscript(name: String) -> CustomScheme? {
        let lower = name.lowercased()
        return schemes.first { $0.name == lower }
    }

    /// The registered names, in registration order.
    public var names: [String] { schemes.map(\.name) }

    /// This registry, plus a default registration (``CustomScheme/HostRule/routeSegment``, no
    /// confirmation) for every custom scheme in `allowed` that it does not register. `http`,
    /// `https` and names that cannot be registered (well-known schemes) are left out.
    public func implying(_ allowed: Set<String>) -> SchemeRegistry {
        var all = schemes
        for name in allowed.sorted() where !WebScheme.contains(name) && self[name] == nil {
            if let scheme = try? CustomScheme(name) { all.append(scheme) }
        }
        return SchemeRegistry(checked: all)
    }

    /// A registry of schemes already known to be distinct.
    private init(checked: [CustomScheme]) { schemes = checked }

    /// A policy that also allows every registered scheme, so the gate admits their links.
    public func admitting(into policy: LinkPolicy) -> LinkPolicy {
        var policy = policy
        policy.allowedSchemes.formUnion(names)
        return policy
    }
}

extension SchemeRegistry: Codable {
    /// Decodes a registry from an array of schemes, refusing duplicates.
    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode([CustomScheme].self))
    }

    /// Encodes the registry as an array of schemes.
    public func encode(to encoder: any Encoder) throws { try schemes.encode(to: encoder) }
}
