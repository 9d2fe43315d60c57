extension Router {
    /// The table's canonical web host when the named route serves web links on it, else `nil`:
    /// the host to write links for the route with, for sharing, Handoff and previews.
    ///
    /// ```swift
    /// router.canonicalHost(for: "product")    // "shop.example.com"
    /// ```
    public func canonicalHost(for name: String) -> String? {
        guard let canonical = table.canonicalHost, let route = route(named: name),
            route.scope.servesWeb(host: canonical)
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
    /// which the router reads the same way.
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
    ///   - destinationOnly: stop once the scheme and host are settled and return
    ///     `scheme://host`: a build-time check that the route can be written at all.
    ///   - domain: for a custom scheme whose host is a domain, that domain: the link is
    ///     written `scheme://domain/path`, which the scheme's registration reads back as `/path`.
    func writeLink(
        for name: String, parameters: RouteParameters, scheme: String?, host: String?,
        checkingRoundTrip: Bool, destinationOnly: Bool = false, domain: String? = nil
    ) throws(ReverseRoutingError) -> String {
        guard let index = indexByName[name] else { throw .unknownRoute(name) }
        let route = compiled[index]
        let destination = try self.destination(of: route, scheme: scheme, host: host)
        if destinationOnly { return destination.scheme + "://" + (destination.host ?? "") }
        try Self.checkNames(of: parameters, against: route)
        let path = try Self.writtenPath(of: route, parameters)
        let suffix = try Self.writtenSuffix(of: route, parameters)
        let candidates = Self.spellings(
            destination, path: path, suffix: suffix, domain: domain)
        if !checkingRoundTrip { return candidates[0] }
        return try readBack(candidates, route: index, parameters: parameters, scheme: destination.scheme)
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
            chosenScheme = scheme.lowercased()
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
            let lower = host.lowercased()
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
        if let unknown = parameters.names.first(where: { parameter in
            !(declared?.contains(parameter) ?? extraction.contains { $0.name == parameter })
        }) {
            throw .unknownParameter(route: route.name, parameter: unknown)
        }
    }

    /// A value as its parameter writes it: formatted by its validator, and read back by the
    /// same validator to the same value.
    private static func text(
        _ parameter: String, _ value: ParameterValue, _ validator: ParameterValidator,
        _ location: ParameterLocation, route name: String
    ) throws(ReverseRoutingError) -> String {
        guard let text = validator.format(value) else {
            throw .valueDoesNotRoundTrip(route: name, parameter: parameter, value: value)
        }
        switch validator.validate(text) {
        case .failure(let reason):
            throw .invalidParameter(
                route: name,
                failure: ParameterFailure(
                    parameter: parameter, location: location, value: text, reason: reason))
        case .success(let back) where back != value:
            throw .valueDoesNotRoundTrip(route: name, parameter: parameter, value: value)
        case .success:
            return text
        }
    }

    /// The path's segments, decoded and percent-encoded, each segment written as its kind
    /// writes it: a literal as declared, a parameter from its value (an optional one without a
    /// value left out), a catch-all from its list.
    private static func writtenPath(of route: CompiledRoute, _ parameters: RouteParameters)
        throws(ReverseRoutingError) -> (decoded: [String], encoded: [String])
    {
        let name = route.name
        var decoded: [String] = []
        var encoded: [String] = []
        decoded.reserveCapacity(route.segmentCount)
        encoded.reserveCapacity(route.segmentCount)
        let pattern = route.route.path
        var position = -1
        // Each segment as written (no array of them, no lower-cased keys).
        try route.forEachWrittenSegment { (segment) throws(ReverseRoutingError) in
            position += 1
            switch segment {
            case .literal(let literal, _):
                decoded.append(literal)
                encoded.append(encodeSegment(literal))
            case .parameter(let parameter, _, let validator):
                guard let value = parameters[parameter] else {
                    if pattern.isOptionalSegment(at: position) { return }
                    throw .missingParameter(route: name, parameter: parameter)
                }
                let written = try text(parameter, value, validator, .path, route: name)
                if let reason = segmentProblem(written) {
                    throw .invalidParameter(
                        route: name,
                        failure: ParameterFailure(
                            parameter: parameter, location: .path, value: written, reason: reason))
                }
                decoded.append(written)
                encoded.append(encodeSegment(written))
            case .catchAll(let parameter, let type, let validator):
                guard let value = parameters[parameter] else {
                    throw .missingParameter(route: name, parameter: parameter)
                }
                guard case .segments(let list) = value, let first = list.first, !first.isEmpty else {
                    throw .valueDoesNotRoundTrip(route: name, parameter: parameter, value: value)
                }
                for item in list {
                    if item.isEmpty, type == nil { continue }
                    if let reason = segmentProblem(item) ?? validator.validate(item).failureReason {
                        throw .invalidParameter(
                            route: name,
                            failure: ParameterFailure(
                                parameter: parameter, location: .path, value: item, reason: reason))
                    }
                }
                decoded += list
                encoded += list.map(encodeSegment)
            }
        }
        return (decoded, encoded)
    }

    /// The query and the fragment, in declaration order: `?name=value&…#fragment`, or `""`.
    private static func writtenSuffix(of route: CompiledRoute, _ parameters: RouteParameters)
        throws(ReverseRoutingError) -> String
    {
        let name = route.name
        var suffix = ""
        var queryText: [String] = []
        for parameter in route.query {
            guard let value = parameters[parameter.name] else {
                if parameter.isRequired { throw .missingParameter(route: name, parameter: parameter.name) }
                continue
            }
            let written = try text(parameter.name, value, parameter.validator, .query, route: name)
            // A form-encoded parameter writes a space as `+`; any other writes `%20`, so that
            // each reads its own link back to the same value.
            queryText.append(
                PercentEncoding.encode(parameter.name, allowing: .queryItem) + "="
                    + (parameter.isFormEncoded
                        ? PercentEncoding.encodeForm(written)
                        : PercentEncoding.encode(written, allowing: .queryItem)))
        }
        if !queryText.isEmpty { suffix += "?" + queryText.joined(separator: "&") }
        if case .parameter(let parameter) = route.fragment {
            if let value = parameters[parameter.name] {
                let written = try text(parameter.name, value, parameter.validator, .fragment, route: name)
                suffix += "#" + PercentEncoding.encode(written, allowing: .fragment)
            } else if parameter.isRequired {
                throw .missingParameter(route: name, parameter: parameter.name)
            }
        }
        return suffix
    }

    /// The spellings to try, the first preferred. A custom-scheme link puts its first segment
    /// in the host when that segment is a lower-case name, else keeps every segment in the path
    /// after an empty authority (`myapp:///Inbox/1`), which the router reads the same way.
    private static func spellings(
        _ destination: (scheme: String, isWeb: Bool, host: String?),
        path: (decoded: [String], encoded: [String]),
        suffix: String, domain: String?
    ) -> [String] {
        let scheme = destination.scheme
        let joined = path.encoded.joined(separator: "/")
        if destination.isWeb {
            return [scheme + "://" + (destination.host ?? "") + "/" + joined + suffix]
        }
        if let domain {
            return [scheme + "://" + domain + (joined.isEmpty ? "" : "/" + joined) + suffix]
        }
        var candidates: [String] = []
        if let first = path.decoded.first, isCustomSchemeHost(first) {
            let rest = path.encoded.dropFirst()
            candidates.append(
                scheme + "://" + first + (rest.isEmpty ? "" : "/" + rest.joined(separator: "/")) + suffix)
        }
        candidates.append(scheme + "://" + (joined.isEmpty ? "" : "/" + joined) + suffix)
        return candidates
    }

    /// The first spelling a gate accepts that leads back to the route with the same values
    /// (plus the defaults of the optional parameters left out), or the last reason none did.
    private func readBack(
        _ candidates: [String], route index: Int, parameters: RouteParameters, scheme: String
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
        var failure = ReverseRoutingError.doesNotRouteBack(route: name, reachedRoute: nil)
        for candidate in candidates {
            let link: Link
            do {
                link = try gate.parse(candidate)
            } catch {
                failure = .notALink(route: name, error: error)
                continue
            }
            let input = MatchInput(link: link, options: table.options)
            let winner = unguardedMatchIndex(input)
            guard winner == index else {
                failure = .doesNotRouteBack(route: name, reachedRoute: winner.map { compiled[$0].name })
                continue
            }
            let back = route.parametersOfReading(input)
            if let differing = expected.names.first(where: { back[$0] != expected[$0] })
                ?? back.names.first(where: { expected[$0] == nil })
            {
                failure = .valueDoesNotRoundTrip(
                    route: name, parameter: differing,
                    value: expected[differing] ?? back[differing] ?? .string(""))
                continue
            }
            return candidate
        }
        throw failure
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

    /// Whether a decoded segment can be written as a custom-scheme link's host and read back
    /// unchanged: lower-case letters, digits, `-`, `_` and `.`.
    static func isCustomSchemeHost(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ASCII.isDigit($0)
                    || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
            }
    }

    /// Why a decoded value cannot be one path segment of a link the gate accepts, or `nil`.
    static func segmentProblem(_ text: String) -> ParameterFailure.Reason? {
        if text.isEmpty { return .empty }
        if text == "." || text == ".." || text.utf8.contains(where: { $0 == 0x2F || $0 == 0x5C || $0 == 0 }) {
            return .notASegment
        }
        return nil
    }

    /// A segment percent-encoded for a path; a leading `:` or `*` is kept as is (only
    /// patterns give them meaning).
    static func encodeSegment(_ text: String) -> String {
        PercentEncoding.encode(text, allowing: .pathSegment)
    }
}

extension Result where Failure == ParameterFailure.Reason {
    /// The reason of a failure, or `nil` on success.
    var failureReason: ParameterFailure.Reason? {
        if case .failure(let reason) = self { reason } else { nil }
    }
}
