import DeepLinks

/// A host the site answers, and the host its links are read for.
///
/// A request names its host (the `Host` header, or the authority of an absolute-form target).
/// The responder reads the request's link as a link on the site host of that name, written
/// with its ``canonicalHost``: `m.shop.example.com` can serve the same pages as
/// `shop.example.com`, each page naming `shop.example.com` once. A request naming a host the
/// site does not list is answered as the first host, so a forged `Host` never reaches a page.
///
/// ```swift
/// let hosts = [try SiteHost("shop.example.com"), try SiteHost("m.shop.example.com", canonicalHost: "shop.example.com")]
/// ```
public struct SiteHost: Sendable, Hashable {
    /// The host as a request names it, lower-case, without a port.
    public let name: String
    /// The host the request's link is read for and its pages name.
    public let canonicalHost: String

    /// Creates a site host.
    ///
    /// - Throws: ``SiteResponderError/invalidHost(_:reason:)`` when a name is not a host
    ///   name the link gate accepts in an `https` link.
    public init(_ name: String, canonicalHost: String? = nil) throws(SiteResponderError) {
        self.name = try Self.checked(name)
        self.canonicalHost =
            try canonicalHost.map { (host) throws(SiteResponderError) in try Self.checked(host) } ?? self.name
    }

    static let gate = LinkGate(policy: LinkPolicy(allowedSchemes: ["https"], removedQueryItems: []))

    static func checked(_ host: String) throws(SiteResponderError) -> String {
        let link: Link
        do {
            link = try gate.parse("https://" + host + "/")
        } catch {
            throw .invalidHost(host, reason: error.description)
        }
        guard let parsed = link.host, link.port == nil, parsed == host.lowercased() else {
            throw .invalidHost(
                host, reason: "it must be a host name alone, without a port, a path or user information")
        }
        return parsed
    }
}

/// Why a site responder cannot be made.
///
/// ```swift
/// SiteResponderError.noHosts.description   // "a site responder needs at least one host"
/// ```
public enum SiteResponderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No host was given.
    case noHosts
    /// A host name is not usable.
    case invalidHost(String, reason: String)
    /// Two site hosts have the same name.
    case duplicateHost(String)
    /// The app's link gate refuses links on a host's canonical host, so every page of it
    /// would be refused.
    case hostRefusedByGate(String, reason: LinkError)
    /// The landing page template or a header value is invalid.
    case invalidConfiguration(String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .noHosts: "a site responder needs at least one host"
        case .invalidHost(let host, let reason):
            "the host \(LinkPreviewError.quote(host)) is not usable: \(reason)"
        case .duplicateHost(let host): "the host \(LinkPreviewError.quote(host)) is listed twice"
        case .hostRefusedByGate(let host, let reason):
            "the app's link gate refuses links on \(LinkPreviewError.quote(host)), so every page would be refused: \(reason.description)"
        case .invalidConfiguration(let reason): "the site responder's configuration is invalid: \(reason)"
        }
    }
}
