extension Router {
    /// The table's canonical web host when the named route serves web links on it, else `nil`:
    /// the host to write links for the route with, for sharing, Handoff and previews.
    ///
    /// ```swift
    /// router.canonicalHost(for: "product")    // "shop.example.com"
    /// ```
    public func canonicalHost(for name: String) -> String? {
        guard let canonical = table.canonicalHost, let scope = scope(ofRoute: name),
            scope.servesWeb(host: canonical)
        else { return nil }
        return canonical
    }

    /// The table's canonical web host (``RouteTable/canonicalHost``), or `nil`.
    public var canonicalHost: String? { table.canonicalHost }

    /// Writes the link for a route and typed parameters: for sharing, previews and
    /// association files.
    ///
    /// Each value is checked against its parameter's type and percent-encoded; optional query
    /// parameters that are not given are left out. The text is then parsed by a gate with the
    /// default syntax rules and matched forward, and is returned only if it leads back to the
    /// same route with the same parameters (plus the defaults of optional parameters that were
    /// left out).
    ///
    /// When no value is given for an optional last segment (`:page?`), the segment is left
    /// out: `/c/shoes` rather than `/c/shoes/2`.
    ///
    /// The scheme defaults to the scope's only scheme, else `https` when the scope serves it;
    /// the host defaults to the table's ``RouteTable/canonicalHost`` when the route serves it,
    /// else to the scope's only exact host. For a custom scheme `host` must be
    /// `nil`: the first path segment becomes the host when it is a lower-case name
    /// (`myapp://inbox/1`), else every segment follows an empty authority (`myapp:///Inbox/1`),
    /// which the router reads the same way. A receiver whose custom scheme has a domain host
    /// (``CustomScheme/HostRule/domain(_:)``) reads neither: write its links with
    /// ``LinkReceiver/link(for:parameters:scheme:domain:)``.
    ///
    /// ```swift
    /// let text = try router.link(for: "photo", parameters: ["album": "summer", "index": 3])
    /// // "https://example.com/albums/summer/photos/3"
    /// ```
    ///
    /// - Throws: ``ReverseRoutingError``.
    public func link(
        for name: String, parameters: RouteParameters = [:], scheme: String? = nil, host: String? = nil
    ) throws(ReverseRoutingError) -> String {
        try writeLink(for: name, parameters: parameters, scheme: scheme, host: host, checkingRoundTrip: true)
    }

    /// Writes the link for a route: ``link(for:parameters:scheme:host:)`` with its last check
    /// optional.
    ///
    /// - Parameters:
    ///   - checkingRoundTrip: whether the text is parsed and matched forward before it is
    ///     returned. The receiver passes `false` for an activity's link because it then
    ///     decides that link exactly as a URL, which parses and matches it once.
    ///   - checkingValues: whether each value is read back by its parameter's validator to the
    ///     same value (a wrong one throws ``ReverseRoutingError/invalidParameter(route:failure:)``
    ///     or ``ReverseRoutingError/valueDoesNotRoundTrip(route:parameter:value:)``). Only a
    ///     caller that decides the text afterwards and compares the route and parameters passes
    ///     `false`: a wrong value then gives a link that does not lead back, and so does a
    ///     parameter the route does not declare (left out of the link, not looked for).
    ///   - destinationOnly: stop once the scheme and host are settled and return
    ///     `scheme://host`: a build-time check that the route can be written at all.
    ///   - domain: for a custom scheme whose host is a domain, that domain: the link is
    ///     written `scheme://domain/path`, which the scheme's registration reads back as `/path`.
    ///   - reusing: a text the link may turn out to be (the link that was decided): a link
    ///     written with exactly its bytes is this text itself, without a new string.
    func writeLink(
        for name: String, parameters: RouteParameters, scheme: String?, host: String?,
        checkingRoundTrip: Bool, checkingValues: Bool = true, destinationOnly: Bool = false,
        domain: String? = nil, hint: Int = -1, reusing: String? = nil
    ) throws(ReverseRoutingError) -> String {
        guard let index = index(ofRoute: name, hint: hint) else { throw .unknownRoute(name) }
        let route = compiled[index]
        let destination = try self.destination(of: route, scheme: scheme, host: host)
        if destinationOnly { return destination.scheme + "://" + (destination.host ?? "") }
        if checkingValues { try Self.checkNames(of: parameters, against: route) }
        // One byte buffer, reserved once: the scheme and host, then each part of the route
        // appends itself (its segments, its query items, its fragment); the string is made from
        // it once (appending to a string costs several times as much as to an array).
        let authority = destination.isWeb ? destination.host ?? "" : domain ?? ""
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            destination.scheme.utf8.count + 3 + authority.utf8.count + 16 * route.segmentCount
                + 24 * route.query.count + 16)
        TextBytes.appendStart(scheme: destination.scheme, authority: authority, to: &bytes)
        let pathStart = bytes.count
        try route.writePath(into: &bytes, parameters, checkingValues: checkingValues)
        let pathLength = bytes.count - pathStart
        // A web link's path is at least `/`; any other link's path is empty rather than `/`.
        if destination.isWeb, pathLength == 0 { bytes.append(UInt8(ascii: "/")) }
        if !destination.isWeb, pathLength == 1 { bytes.removeLast() }
        var separator = UInt8(ascii: "?")
        for parameter in route.query {
            if try parameter.writeQueryItem(
                into: &bytes, after: separator, parameters, route: name, checkingValues: checkingValues)
            {
                separator = UInt8(ascii: "&")
            }
        }
        try route.fragment.write(into: &bytes, parameters, route: name, checkingValues: checkingValues)
        // Every part is a whole string's bytes or ASCII: valid UTF-8, kept as it is.
        let link: String
        if let reusing, TextBytes.sameBytes(reusing, bytes) {
            link = reusing
        } else {
            link = String(decoding: bytes, as: UTF8.self)
        }
        let hostSpelling =
            !destination.isWeb && domain == nil && Self.startsWithCustomSchemeHost(link, pathStart: pathStart)
        return try spelled(
            link, pathStart: pathStart, hostSpelling: hostSpelling, checkingRoundTrip: checkingRoundTrip,
            route: index, parameters: parameters, scheme: destination.scheme)
    }

    /// The link in the spelling preferred: a custom-scheme link whose first segment can be its
    /// host (`hostSpelling`) puts it there (`myapp://inbox/1`), else keeps every segment in the
    /// path after an empty authority (`myapp:///Inbox/1`), which the router reads the same way.
    /// When `checkingRoundTrip`, the first spelling that reads back (``readBack(_:route:parameters:scheme:)``).
    private func spelled(
        _ link: String, pathStart: Int, hostSpelling: Bool, checkingRoundTrip: Bool,
        route index: Int, parameters: RouteParameters, scheme: String
    ) throws(ReverseRoutingError) -> String {
        guard hostSpelling else {
            if !checkingRoundTrip { return link }
            return try readBack(link, route: index, parameters: parameters, scheme: scheme)
        }
        var withHost = link
        withHost.remove(at: withHost.utf8.index(withHost.startIndex, offsetBy: pathStart))
        if !checkingRoundTrip { return withHost }
        do {
            return try readBack(withHost, route: index, parameters: parameters, scheme: scheme)
        } catch {
            return try readBack(link, route: index, parameters: parameters, scheme: scheme)
        }
    }

    /// Where a written link goes: the scheme (the one asked for, the scope's only one, or
    /// `https`), whether it is a web scheme, and for a web link its host (the one asked for,
    /// the table's canonical host, or the scope's only exact host).
    private func destination(of route: CompiledRoute, scheme: String?, host: String?)
        throws(ReverseRoutingError)
        -> (scheme: String, isWeb: Bool, host: String?)
    {
        let name = route.name
        let scope = route.route.scope
        let chosenScheme: String
        if let scheme {
            chosenScheme = ASCII.lowercased(scheme)
            if !scope.schemes.isEmpty, !scope.schemes.contains(chosenScheme) {
                throw .schemeNotInScope(route: name, scheme: chosenScheme)
            }
        } else if scope.schemes.count == 1 {
            chosenScheme = scope.schemes[0]
        } else if scope.schemes.isEmpty || scope.schemes.contains("https") {
            chosenScheme = "https"
        } else {
            throw .needsScheme(route: name)
        }
        let isWeb = WebScheme.contains(chosenScheme)
        guard isWeb else {
            if let host { throw .hostNotInScope(route: name, host: host) }
            return (chosenScheme, false, nil)
        }
        if let host {
            let lower = ASCII.lowercased(host)
            if !scope.hosts.isEmpty, !scope.hosts.contains(where: { $0.matches(lower) }) {
                throw .hostNotInScope(route: name, host: lower)
            }
            return (chosenScheme, true, lower)
        } else if let canonical = table.canonicalHost, scope.servesWeb(host: canonical) {
            return (chosenScheme, true, canonical)
        } else if scope.hosts.count == 1, !scope.hosts[0].isSubdomainWildcard {
            return (chosenScheme, true, scope.hosts[0].name)
        }
        throw .needsHost(route: name)
    }

    /// Refuses a parameter the route does not declare. A route declares a few parameters: a
    /// look through them costs less than a set of them.
    private static func checkNames(of parameters: RouteParameters, against route: CompiledRoute)
        throws(ReverseRoutingError)
    {
        let extraction = route.extraction
        let declared = extraction.count > 16 ? Set(extraction.map(\.name)) : nil
        if let unknown = parameters.firstName(where: { parameter in
            !(declared?.contains(parameter) ?? extraction.contains { $0.name == parameter })
        }) {
            throw .unknownParameter(route: route.name, parameter: unknown)
        }
    }

    /// The link when a gate accepts it and it leads back to the route with the same values
    /// (plus the defaults of the optional parameters left out), else the reason it does not.
    private func readBack(
        _ candidate: String, route index: Int, parameters: RouteParameters, scheme: String
    ) throws(ReverseRoutingError) -> String {
        let route = compiled[index]
        let name = route.name
        var expected = parameters
        for parameter in route.query where expected[parameter.name] == nil {
            expected[parameter.name] = parameter.defaultValue
        }
        if case .parameter(let parameter) = route.fragment, expected[parameter.name] == nil {
            expected[parameter.name] = parameter.defaultValue
        }
        let gate = Self.writingGates[scheme] ?? LinkGate(policy: Self.writingPolicy(scheme: scheme))
        let link: Link
        do {
            link = try gate.parse(candidate)
        } catch {
            throw .notALink(route: name, error: error)
        }
        let input = MatchInput(link: link, options: table.options)
        let winner = unguardedMatchIndex(input)
        guard winner == index else {
            throw .doesNotRouteBack(route: name, reachedRoute: winner.map { compiled[$0].name })
        }
        let back = route.parametersOfReading(input)
        if let differing = expected.names.first(where: { back[$0] != expected[$0] })
            ?? back.names.first(where: { expected[$0] == nil })
        {
            throw .valueDoesNotRoundTrip(
                route: name, parameter: differing,
                value: expected[differing] ?? back[differing] ?? .string(""))
        }
        return candidate
    }

    /// The gates for written web links, compiled once: compiling a policy costs about as much
    /// as writing the link, and most links written are web links. A custom scheme's gate is
    /// compiled for each link.
    static let writingGates: [String: LinkGate] = [
        "https": LinkGate(policy: writingPolicy(scheme: "https")),
        "http": LinkGate(policy: writingPolicy(scheme: "http")),
    ]

    /// What a written link must satisfy: the gate's syntax rules, with room for any length.
    static func writingPolicy(scheme: String) -> LinkPolicy {
        LinkPolicy(
            allowedSchemes: [scheme], allowsIPLiterals: WebScheme.contains(scheme),
            limits: LinkLimits(
                maxLength: 1 << 20, maxPathSegments: 4096, maxSegmentLength: 1 << 16, maxQueryItems: 4096,
                maxQueryLength: 1 << 20, maxFragmentLength: 1 << 16))
    }

    /// Whether the first segment of a written custom-scheme link (its path begins at
    /// `pathStart`) can be written as the link's host and read back unchanged: lower-case
    /// letters, digits, `-`, `_` and `.`. Those need no percent-encoding, so the segment's
    /// encoded text qualifies exactly when its decoded text does.
    static func startsWithCustomSchemeHost(_ link: String, pathStart: Int) -> Bool {
        var bytes = link.utf8.dropFirst(pathStart)[...]
        guard bytes.first == UInt8(ascii: "/") else { return false }
        bytes = bytes.dropFirst()
        var length = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            guard isCustomSchemeHostByte(byte) else { return false }
            length += 1
        }
        return length > 0
    }

    /// Whether a byte may appear in a custom-scheme link's host as written from a segment.
    static func isCustomSchemeHostByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || ASCII.isDigit(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
}
