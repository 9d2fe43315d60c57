import DeepLinks

/// The route of the app's table that short links take: `<prefix>/:code(slug 3...40)` on the
/// site's hosts.
///
/// The route belongs in the app's own table, like any other: so the association files the
/// table generates claim the short links' path (a short link opens the app, not the browser),
/// the receiver routes a short link like any link, and the site answers the same path with the
/// expanded link's landing page.
///
/// ```swift
/// let shortLinks = try ShortLinkRoute(prefix: "/s", hosts: ["shop.example.com"])
/// let table = RouteTable([product, shortLinks.route])
/// shortLinks.route.path.description                   // "/s/:code(slug 3...40)"
/// shortLinks.url(for: try ShortCode("spring-sale"), host: "shop.example.com")
/// // "https://shop.example.com/s/spring-sale"
/// ```
public struct ShortLinkRoute: Sendable, Hashable {
    /// The route's name in the table; `shortLink` unless given.
    public let name: String
    /// The literal path before the code, such as `/s`.
    public let prefix: String
    /// The hosts the short links live on; empty for every host the table serves.
    public let hosts: [HostPattern]
    /// The route to add to the app's table.
    public let route: Route

    /// Makes the route.
    ///
    /// - Throws: ``ShortLinkError/invalidPrefix(_:reason:)`` when the prefix is not one or
    ///   more literal segments of lower-case letters, digits and hyphens (`/s`, `/go`,
    ///   `/l/share`). The hosts are checked with the rest of the table (`RouteTable`'s check).
    public init(name: String = "shortLink", prefix: String = "/s", hosts: [HostPattern] = [])
        throws(ShortLinkError)
    {
        let segments = prefix.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard prefix.hasPrefix("/"), !segments.isEmpty else {
            throw .invalidPrefix(prefix, reason: "it must start with / and name at least one segment")
        }
        for segment in segments {
            guard !segment.isEmpty,
                segment.utf8.allSatisfy({
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
                })
            else {
                throw .invalidPrefix(
                    prefix, reason: "each segment holds lower-case letters, digits and hyphens only")
            }
        }
        let pattern: PathPattern
        do {
            pattern = try PathPattern(
                prefix
                    + "/:code(slug \(ShortCode.allowedLength.lowerBound)...\(ShortCode.allowedLength.upperBound))"
            )
        } catch {
            throw .invalidPrefix(prefix, reason: error.description)
        }
        self.name = name
        self.prefix = prefix
        self.hosts = hosts
        self.route = Route(
            name, pattern, scope: RouteScope(schemes: hosts.isEmpty ? [] : ["https"], hosts: hosts))
    }

    /// The code a match of this route carries, or `nil` when the match is of another route.
    public func code(of match: RouteMatch) -> ShortCode? {
        guard match.route == name, let text = match.parameters.string("code") else { return nil }
        return try? ShortCode(text)
    }

    /// The path of a short link: the prefix, a slash and the code.
    public func path(for code: ShortCode) -> String { prefix + "/" + code.text }

    /// The short link's URL on a host: `https://<host><prefix>/<code>`.
    public func url(for code: ShortCode, host: String) -> String { "https://" + host + path(for: code) }
}
