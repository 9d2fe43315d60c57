extension CustomScheme {
    /// The link the route table matches for a link of this scheme, or why it is refused.
    ///
    /// With ``HostRule/routeSegment`` the link is matched as it is: the router reads the host
    /// as the first path segment, and a port after it is refused (a route name has no port). With ``HostRule/domain(_:)`` the host (without a port) must
    /// match one of the domains; the link is then matched without it, as
    /// `scheme:///path?query#fragment`, so that `photoalbum://photos.example.com/albums` and
    /// `https://photos.example.com/albums` can share the route `/albums`.
    func routedLink(_ link: Link) -> Result<Link, LinkRejection> {
        guard case .domain(let patterns) = host else {
            if let port = link.port {
                return .failure(.portOnRouteHost(scheme: name, host: link.host ?? "", port: port))
            }
            return .success(link)
        }
        guard let domain = link.host else { return .failure(.hostNotAllowed(scheme: name, host: nil)) }
        if let port = link.port {
            return .failure(.hostNotAllowed(scheme: name, host: domain + ":" + String(port)))
        }
        guard patterns.contains(where: { $0.matches(domain) }) else {
            return .failure(.hostNotAllowed(scheme: name, host: domain))
        }
        return .success(link.withoutHost())
    }
}
