extension LinkReceiver {
    /// Writes a route's link for one of the receiver's schemes, spelled the way this receiver
    /// reads that scheme back.
    ///
    /// A web scheme is written like ``Router/link(for:parameters:scheme:host:)``, on `domain`
    /// when it is given (else the table's canonical host when the route serves it). A custom scheme is written as its
    /// registration reads it: after the domain when its host is a domain (the given `domain`,
    /// else the table's canonical host when a pattern matches it, else the scheme's only
    /// exact domain), as a route segment otherwise. The text is parsed and matched forward
    /// before it is returned, as reverse routing always does; deciding it with
    /// ``receive(url:)`` then gives the same route and parameters.
    ///
    /// ```swift
    /// // photoalbum registered with host: .domain(["photos.example.com"])
    /// try receiver.link(for: "album", parameters: ["album": "summer"], scheme: "photoalbum")
    /// // "photoalbum://photos.example.com/albums/summer"
    /// ```
    ///
    /// - Throws: ``ReverseRoutingError``: the route, a parameter or the scheme cannot be
    ///   written, or a custom scheme whose host is a domain has no domain to write.
    public func link(
        for route: String, parameters: RouteParameters = [:], scheme: String, domain: String? = nil
    ) throws(ReverseRoutingError) -> String {
        let name = scheme.lowercased()
        guard !WebScheme.contains(name), let registration = schemes[name],
            case .domain(let patterns) = registration.host
        else {
            return try router.link(
                for: route, parameters: parameters, scheme: name, host: WebScheme.contains(name) ? domain : nil)
        }
        let chosen: String
        if let domain {
            chosen = domain.lowercased()
        } else if let canonical = router.canonicalHost, patterns.contains(where: { $0.matches(canonical) }) {
            chosen = canonical
        } else {
            let exact = patterns.filter { !$0.isSubdomainWildcard }
            guard exact.count == 1 else { throw .needsHost(route: route) }
            chosen = exact[0].name
        }
        guard patterns.contains(where: { $0.matches(chosen) }) else {
            throw .hostNotInScope(route: route, host: chosen)
        }
        let text = try router.writeLink(
            for: route, parameters: parameters, scheme: name, host: nil, checkingRoundTrip: false,
            domain: chosen)
        // The router reads such a link only after the registration has removed its domain, so
        // the round trip is the receiver's own.
        let match = receive(url: text).match
        guard let match, match.route == route else {
            throw .doesNotRouteBack(route: route, reachedRoute: match?.route)
        }
        if let differing = parameters.entries.first(where: { match.parameters[$0.name] != $0.value }) {
            throw .valueDoesNotRoundTrip(route: route, parameter: differing.name, value: differing.value)
        }
        return text
    }

    /// Whether ``link(for:parameters:scheme:domain:)`` decides each link it writes for `scheme`
    /// with ``receive(url:)`` and returns it only when that leads to the route: a custom scheme
    /// whose host is a domain. Deciding such a link again gives the same outcome.
    package func decidesWrittenLinks(scheme: String) -> Bool {
        let name = scheme.lowercased()
        guard !WebScheme.contains(name), let registration = schemes[name] else { return false }
        if case .domain = registration.host { return true }
        return false
    }
}
