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
        let (text, onSchemeDomain) = try writtenText(
            for: route, parameters: parameters, scheme: ASCII.lowercased(scheme), domain: domain,
            checkingRoundTrip: true, checkingValues: true)
        guard onSchemeDomain else { return text }
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

    /// A route's link for the scheme `name` (lower-case): after the scheme's domain when its
    /// registration reads the host as a domain (`onSchemeDomain`: reverse routing cannot read such
    /// a link back, so it is never checked here), else as reverse routing writes it, on `domain`
    /// for a web scheme, checked when `checkingRoundTrip`. Each value is read back by its
    /// validator when `checkingValues`. `hint` is where the route is expected in the table.
    private func writtenText(
        for route: String, parameters: RouteParameters, scheme name: String, domain: String?,
        checkingRoundTrip: Bool, checkingValues: Bool, hint: Int = -1, reusing: String? = nil
    ) throws(ReverseRoutingError) -> (text: String, onSchemeDomain: Bool) {
        guard !WebScheme.contains(name), let registration = schemes[name],
            case .domain(let patterns) = registration.host
        else {
            let text = try router.writeLink(
                for: route, parameters: parameters, scheme: name,
                host: WebScheme.contains(name) ? domain : nil,
                checkingRoundTrip: checkingRoundTrip, checkingValues: checkingValues, hint: hint,
                reusing: reusing)
            return (text, false)
        }
        let chosen = try Self.domain(domain, of: patterns, route: route, canonicalHost: router.canonicalHost)
        let text = try router.writeLink(
            for: route, parameters: parameters, scheme: name, host: nil, checkingRoundTrip: false,
            checkingValues: checkingValues, domain: chosen, hint: hint, reusing: reusing)
        return (text, true)
    }

    /// The domain a custom scheme whose host is a domain writes a route's link on: the given
    /// one, else the table's canonical host when a pattern matches it, else the scheme's only
    /// exact domain.
    static func domain(
        _ given: String?, of patterns: [HostPattern], route: String, canonicalHost: String?
    ) throws(ReverseRoutingError) -> String {
        let chosen: String
        if let given {
            chosen = ASCII.lowercased(given)
        } else if let canonicalHost, patterns.contains(where: { $0.matches(canonicalHost) }) {
            chosen = canonicalHost
        } else {
            let exact = patterns.filter { !$0.isSubdomainWildcard }
            guard exact.count == 1 else { throw .needsHost(route: route) }
            chosen = exact[0].name
        }
        guard patterns.contains(where: { $0.matches(chosen) }) else {
            throw .hostNotInScope(route: route, host: chosen)
        }
        return chosen
    }

    /// A route's link written for one of the receiver's schemes and decided once: the text
    /// ``link(for:parameters:scheme:domain:)`` would write (on `host` for a web scheme), the
    /// link this receiver's gate parsed from it (`nil` when the gate refused it), and this
    /// receiver's outcome for it, the one ``receive(url:)`` gives.
    ///
    /// Reverse routing's own read-back (a gate of its own and a forward match) is left out:
    /// the caller reads the parsed link and the match the receiver made instead of parsing the
    /// text again. So is each value's read-back by its validator, and the look for names the
    /// route does not declare: a value its parameter does not take, or a parameter the route
    /// does not have, gives a link that does not lead back with it, where
    /// ``link(for:parameters:scheme:domain:)`` throws. A link written from a route's own
    /// parameters leads back to that route with those parameters; tests pin that over many
    /// generated links.
    ///
    /// - Throws: ``ReverseRoutingError`` when the link cannot be written (an unknown route, a
    ///   missing parameter, a value its type cannot format, a scheme or host out of scope).
    ///
    /// `webLink`, when given, is the same route's web link, written by this method with the
    /// same parameters: a custom scheme whose host is a domain is then made from it
    /// (``customSchemeText(for:scheme:webLink:)``) instead of being written again.
    package func writtenLinkDecided(
        for route: String, parameters: RouteParameters, scheme: String, host: String?, webLink: String? = nil
    ) throws(ReverseRoutingError) -> (text: String, link: Link?, outcome: LinkOutcome) {
        let text = try writtenLinkText(
            for: route, parameters: parameters, scheme: scheme, host: host, webLink: webLink)
        let decided = decideWritten(text)
        return (text, decided.link, decided.outcome)
    }

    /// The text ``writtenLinkDecided(for:parameters:scheme:host:webLink:)`` decides: a route's
    /// link written for one of the receiver's schemes (on `host` for a web scheme), made from
    /// `webLink` for a custom scheme whose host is a domain, without reverse routing's read-back
    /// or its values' read-back by their validators. `routeHint` is where the route is expected
    /// in the table (a match's ``RouteMatch/routeIndex``), checked before it is taken. A link
    /// written with exactly the bytes of `reusing` is `reusing` itself (no new string).
    ///
    /// - Throws: ``ReverseRoutingError`` when the link cannot be written.
    package func writtenLinkText(
        for route: String, parameters: RouteParameters, scheme: String, host: String?, webLink: String? = nil,
        routeHint: Int = -1, reusing: String? = nil
    ) throws(ReverseRoutingError) -> String {
        let name = ASCII.lowercased(scheme)
        if let webLink, let made = try customSchemeText(for: route, scheme: name, webLink: webLink) {
            return made
        }
        // `host` is the web link's host; a custom scheme's domain is its default one.
        return try writtenText(
            for: route, parameters: parameters, scheme: name, domain: WebScheme.contains(name) ? host : nil,
            checkingRoundTrip: false, checkingValues: false, hint: routeHint, reusing: reusing
        ).text
    }

    /// A written link decided as ``receive(url:)`` decides it, keeping the link the gate parsed
    /// (`nil` when the gate refused it).
    package func decideWritten(_ text: String) -> (link: Link?, outcome: LinkOutcome) {
        let link: Link
        do {
            link = try gate.parseSanitized(text)
        } catch {
            return (nil, .reject(.malformed(error)))
        }
        return (link, decide(sanitized: link))
    }

    /// The link of `route` for a custom scheme whose host is a domain, made from the route's web
    /// link `webLink` (written by reverse routing with the same parameters, without a port or
    /// user info), or `nil` when `scheme` is not such a scheme.
    ///
    /// Reverse routing writes a route's path, query and fragment the same for every scheme: only
    /// what comes before the path differs, and a path that is `/` alone is left out of a link
    /// that is not a web link. So the link is the scheme, `://`, the domain that
    /// ``link(for:parameters:scheme:domain:)`` chooses without a given one, and the web link
    /// from its path on, less a lone `/`: the same text, without writing each part again.
    /// `WrittenLinkEquivalenceTests` pins the two spellings together.
    ///
    /// - Throws: ``ReverseRoutingError`` as writing the link would: the route's scope does not
    ///   take the scheme, or the scheme has no domain to write.
    package func customSchemeText(
        for route: String, scheme name: String, webLink: String
    ) throws(ReverseRoutingError) -> String? {
        guard let written = writtenDomains.first(where: { $0.scheme == name }) else { return nil }
        return try customSchemeLink(for: route, written: written, webLink: webLink)?.text
    }

    /// ``customSchemeText(for:scheme:webLink:)`` for the scheme `written` describes, and whether
    /// the made link has a path (it has none when the web link's path is a lone `/`); `nil`
    /// when `webLink` has no `://` or no path.
    private func customSchemeLink(
        for route: String, written: WrittenDomain, webLink: String, hint: Int = -1
    ) throws(ReverseRoutingError) -> (text: String, hasPath: Bool)? {
        let name = written.scheme
        // The scheme's domain was chosen when the receiver was made; a scheme without one to
        // choose throws the route's own error.
        let chosen: String
        if let domain = written.domain {
            chosen = domain
        } else {
            chosen = try Self.domain(
                nil, of: written.patterns, route: route, canonicalHost: router.canonicalHost)
        }
        guard let scope = router.scope(ofRoute: route, hint: hint) else { throw .unknownRoute(route) }
        if !scope.schemes.isEmpty, !scope.schemes.contains(name) {
            throw .schemeNotInScope(route: route, scheme: name)
        }
        // The path starts at the first `/` after `://`: a web link always has one, a host none.
        // The text is written straight into the string's storage (appending to a string costs
        // several times as much): `scheme://domain`, then the web link's bytes from its path
        // on, less a lone `/`.
        let path: (start: Int, isEmpty: Bool)? = TextBytes.read(webLink) { link in
            var index = 0
            while index < link.count, link[index] != UInt8(ascii: ":") { index += 1 }
            guard index + 3 <= link.count, link[index + 1] == UInt8(ascii: "/"),
                link[index + 2] == UInt8(ascii: "/")
            else { return nil }
            index += 3
            while index < link.count, link[index] != UInt8(ascii: "/") { index += 1 }
            guard index < link.count else { return nil }
            let next = index + 1
            if next == link.count || link[next] == UInt8(ascii: "?") || link[next] == UInt8(ascii: "#") {
                return (next, true)
            }
            return (index, false)
        }
        guard let path else { return nil }
        let text = TextBytes.link(scheme: name, authority: chosen, rest: webLink, from: path.start)
        return (text, !path.isEmpty)
    }

    /// The link of `route` for the custom scheme `name` made from its web link `webLink`
    /// (``customSchemeText(for:scheme:webLink:)``) when this receiver is known to decide it
    /// exactly as it decides `webLink`, without reading it; `nil` when that is not known, and
    /// the link is then to be decided (``writtenLinkDecided(for:parameters:scheme:host:webLink:)``).
    ///
    /// `webLink` must be a web link in this receiver gate's canonical spelling that the
    /// receiver decides to `route` (to show it, or to ask first). The made link is then decided
    /// to the same route with the same parameters, asked first when the web link is or the
    /// scheme confirms every route, and the text is its own canonical spelling, when:
    /// - the scheme's domain is fixed, the gate reads `scheme://domain/` back as it is, and the
    ///   registration's patterns match the domain (``decidesAlike(webScheme:scheme:domain:patterns:gate:router:)``,
    ///   worked out when the receiver is made);
    /// - every route's scope admits the web link's scheme, on any host, exactly when it admits
    ///   the custom scheme (the same);
    /// - the made link is no longer than the gate's limit, and its path is not empty (a web
    ///   link's lone `/` is left out of it, and the gate spells an empty path by scheme).
    ///
    /// Why: the gate reads a link's path, query and fragment, and spells them canonically, the
    /// same for every scheme: only the scheme and the authority are read by scheme, and the
    /// query items sanitising removes are left out of a web link as it is parsed and out of any
    /// other link before it is routed, by the same rules. The registration checks the domain
    /// and routes the link without it, so the router reads the same segments, items and
    /// fragment as for the web link; the router reads a link's scheme and host only through
    /// the routes' scopes, which admit both alike. `CustomLinkShortcutTests` compares this with
    /// deciding the link over many generated links.
    ///
    /// `routeHint` is where the route is expected in the table (a match's
    /// ``RouteMatch/routeIndex``), checked before it is taken.
    ///
    /// - Throws: ``ReverseRoutingError`` as ``customSchemeText(for:scheme:webLink:)`` does.
    package func customSchemeLinkDecidedAlike(
        for route: String, scheme: String, webLink: String, routeHint: Int = -1
    ) throws(ReverseRoutingError) -> String? {
        let name = ASCII.lowercased(scheme)
        guard let written = writtenDomains.first(where: { $0.scheme == name }),
            !written.webSchemesDecidedAlike.isEmpty
        else { return nil }
        // A canonical web link starts `https:` or `http:`.
        let webScheme: String? = TextBytes.read(webLink) { bytes in
            guard bytes.count > 5, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
                bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p")
            else { return nil }
            if bytes[4] == UInt8(ascii: ":") { return "http" }
            return bytes[4] == UInt8(ascii: "s") && bytes[5] == UInt8(ascii: ":") ? "https" : nil
        }
        guard let webScheme, written.webSchemesDecidedAlike.contains(webScheme),
            let made = try customSchemeLink(for: route, written: written, webLink: webLink, hint: routeHint),
            made.hasPath, made.text.utf8.count <= gate.policy.limits.maxLength
        else { return nil }
        return made.text
    }

    /// Whether this receiver decides the links of the custom scheme `scheme` on `domain` made
    /// from web links of `webScheme` exactly as it decides those web links, whatever their host
    /// (see ``customSchemeLinkDecidedAlike(for:scheme:webLink:)``): the gate reads
    /// `scheme://domain/` back as it is, the registration's `patterns` match `domain`, and every
    /// route's scope admits both kinds of link alike. A scope that lists hosts admits a web
    /// link by its host, so it must admit neither. Cost: one parse, and one look at each route.
    static func decidesAlike(
        webScheme: String, scheme: String, domain: String, patterns: [HostPattern], gate: LinkGate,
        router: Router
    ) -> Bool {
        let probe = scheme + "://" + domain + "/"
        guard patterns.contains(where: { $0.matches(domain) }), let link = try? gate.parse(probe),
            link.scheme == scheme, link.host == domain, link.port == nil,
            UTF8Text.sameBytes(link.canonical, probe)
        else { return false }
        return router.compiled.allSatisfy { route in
            let scope = route.scope
            if scope.parts === RouteScope.Parts.none { return true }
            let admitsWeb = scope.schemes.isEmpty || scope.schemes.contains(webScheme)
            let admitsCustom = scope.contains(scheme: scheme, host: nil)
            return scope.hosts.isEmpty ? admitsWeb == admitsCustom : !admitsWeb && !admitsCustom
        }
    }

    /// Whether ``link(for:parameters:scheme:domain:)`` decides each link it writes for `scheme`
    /// with ``receive(url:)`` and returns it only when that leads to the route: a custom scheme
    /// whose host is a domain. Deciding such a link again gives the same outcome.
    package func decidesWrittenLinks(scheme: String) -> Bool {
        let name = ASCII.lowercased(scheme)
        guard !WebScheme.contains(name), let registration = schemes[name] else { return false }
        if case .domain = registration.host { return true }
        return false
    }
}

extension LinkReceiver {
    /// Writes the link for a ``RouteValue`` for one of the receiver's schemes, spelled the way
    /// this receiver reads it back (``link(for:parameters:scheme:domain:)``): a custom scheme
    /// registered with a domain host is written after its domain.
    ///
    /// ```swift
    /// // photoalbum registered with host: .domain(["photos.example.com"])
    /// try receiver.link(for: Album(album: "summer"), scheme: "photoalbum")
    /// // "photoalbum://photos.example.com/albums/summer"
    /// ```
    ///
    /// - Throws: ``ReverseRoutingError``, including
    ///   ``ReverseRoutingError/unwritableValue(route:reason:)`` when a property holds a value
    ///   no parameter type carries.
    public func link<Value: RouteValue>(for value: Value, scheme: String, domain: String? = nil)
        throws(ReverseRoutingError) -> String
    {
        try link(
            for: Value.route, parameters: ParameterEncoder.written(value), scheme: scheme, domain: domain)
    }
}
