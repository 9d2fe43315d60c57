extension CompiledRoute {
    /// Whether the link's scheme and host fall in the route's scope.
    func scopeFailure(_ input: MatchInput) -> RouteAttempt.Result? {
        let scope = self.scope
        if !scope.schemes.isEmpty, !scope.schemes.contains(input.scheme) {
            return .schemeNotInScope(input.scheme)
        }
        if scope.hosts.isEmpty { return nil }
        // Hosts apply to web links; a custom scheme the scope names matches by scheme alone.
        guard input.isWeb else { return scope.schemes.isEmpty ? .schemeNotInScope(input.scheme) : nil }
        guard let host = input.host, scope.hosts.contains(where: { $0.matches(host) }) else {
            return .hostNotInScope(input.host)
        }
        return nil
    }

    /// Why the segments from `start` do not satisfy a catch-all, or `nil` when they do: one or
    /// more segments, the first non-empty, each valid.
    static func catchAllFailure(
        _ input: MatchInput, from start: Int, validator: ParameterValidator, untyped: Bool
    ) -> ParameterFailure.Reason? {
        guard start < input.count, !input[start].isEmpty else { return .missing }
        for i in start..<input.count {
            if case .failure(let reason) = validator.validate(input[i]) {
                // An empty segment inside an untyped catch-all is a trailing slash kept by the
                // `significant` rule, or an empty segment the policy allows: keep it.
                if reason == .empty, untyped { continue }
                return reason
            }
        }
        return nil
    }

    /// Whether the segments from `start` satisfy a catch-all: ``catchAllFailure(_:from:validator:untyped:)``
    /// is `nil`, told without building a reason.
    static func catchAllAccepts(
        _ input: MatchInput, from start: Int, validator: ParameterValidator, untyped: Bool
    ) -> Bool {
        guard start < input.count, !input[start].isEmpty else { return false }
        for i in start..<input.count {
            guard case .none = validator.check(input[i]) else { continue }
            // An empty segment inside an untyped catch-all is kept (see `catchAllFailure`);
            // the untyped validator refuses a segment for being empty and nothing else.
            if untyped, input[i].isEmpty { continue }
            return false
        }
        return true
    }

    /// Whether the link's scheme and host fall in the route's scope: ``scopeFailure(_:)`` is
    /// `nil`, told without building a result.
    @inline(__always)
    func inScope(_ input: MatchInput) -> Bool { scope.parts.admits(input) }

    /// Why the query or fragment does not satisfy the route, or `nil`.
    func queryFailure(_ input: MatchInput) -> ParameterFailure? {
        let items = input.queryItems
        for parameter in query {
            // Indices, not items: reading one field does not copy the item's four strings.
            var found = -1
            var count = 0
            for i in items.indices where items[i].name == parameter.name {
                count += 1
                found = i
            }
            guard found >= 0 else {
                if parameter.isRequired {
                    return ParameterFailure(
                        parameter: parameter.name, location: .query, value: nil, reason: .missing)
                }
                continue
            }
            if count > 1 {
                return ParameterFailure(
                    parameter: parameter.name, location: .query, value: nil, reason: .repeated(count: count))
            }
            let value = parameter.value(of: items[found])
            if case .failure(let reason) = parameter.validator.validate(value) {
                return ParameterFailure(
                    parameter: parameter.name, location: .query, value: value, reason: reason)
            }
        }
        switch fragment {
        case .any: return nil
        case .none:
            guard let text = input.fragment else { return nil }
            return ParameterFailure(
                parameter: "#", location: .fragment, value: text, reason: .unexpectedFragment)
        case .parameter(let parameter):
            guard let text = input.fragment else {
                return parameter.isRequired
                    ? ParameterFailure(
                        parameter: parameter.name, location: .fragment, value: nil, reason: .missing)
                    : nil
            }
            if case .failure(let reason) = parameter.validator.validate(text) {
                return ParameterFailure(
                    parameter: parameter.name, location: .fragment, value: text, reason: reason)
            }
            return nil
        }
    }

    /// Whether the route accepts a link whose path the trie already matched.
    func accepts(_ input: MatchInput) -> Bool {
        acceptsAnyPathMatch || (scopeFailure(input) == nil && queryFailure(input) == nil)
    }

    /// Whether the route accepts a link whose path the trie matched, writing its typed
    /// parameters to `parameters` when it does (and leaving them empty when it does not):
    /// ``accepts(_:)`` and ``parameters(_:)`` in one pass, each value validated once. A path
    /// parameter's value is built from what the trie kept in `kept` at its position (only
    /// read; passed `inout` so that the values are read in place, not copied for the call).
    func accept(
        _ input: MatchInput, kept: inout KeptValues, into parameters: inout RouteParameters
    ) -> Bool {
        // One function: the matcher's loop that reads each parameter of a matched route once, in
        // place (path values from what the trie kept, query items, the fragment); split, the input,
        // the kept values and the parameters would be passed to a call per parameter of every link
        // routed.
        if !acceptsAnyPathMatch {
            if !inScope(input) { return false }
            if case .none = fragment, input.fragment != nil { return false }
        }
        for k in extraction.indices {
            let value: ParameterValue?
            switch extraction[k].source {
            case .path(let i):
                // An optional last segment the link leaves out has no value.
                if i >= input.count { continue }
                // Read in place where it is used: only a text value keeps a copy.
                switch kept[i] {
                case .text: value = .string(input[i])
                case .integer(let v): value = .integer(v)
                case .uuid(let v): value = .uuid(v)
                case .boolean(let v): value = .boolean(v)
                case let other:
                    guard case .parameter(_, _, let validator) = segment(at: i),
                        let checked = validator.value(of: input[i], kept: other)
                    else { return refuse(&parameters) }
                    value = checked
                }
            case .catchAll(let i):
                value = .segments(input.suffix(from: i))
            case .query(let i):
                // Through an unretained reference (the route keeps the parameter): a
                // parameter bound from the array, and its validator, would each be retained
                // and released.
                let read = withoutRetaining(query[i]) {
                    parameter -> ParameterValue?? in
                    // Each item is read in place from the input.
                    var found = -1
                    var count = 0
                    for j in 0..<input.queryItemCount where input[item: j].name == parameter.name {
                        count += 1
                        found = j
                    }
                    if found < 0 { return parameter.isRequired ? nil : .some(parameter.defaultValue) }
                    guard count == 1,
                        case .success(let checked) = parameter.validator.validate(
                            parameter.value(of: input[item: found]))
                    else { return nil }
                    return .some(checked)
                }
                guard let read else { return refuse(&parameters) }
                value = read
            case .fragment:
                guard case .parameter(let parameter) = fragment else { continue }
                if let text = input.fragment {
                    guard case .success(let checked) = parameter.validator.validate(text) else {
                        return refuse(&parameters)
                    }
                    value = checked
                } else {
                    if parameter.isRequired { return refuse(&parameters) }
                    value = parameter.defaultValue
                }
            }
            // `extraction` is sorted by name and its names are unique.
            if let value { parameters.append(RouteParameters.Entry(name: extraction[k].name, value: value)) }
        }
        return true
    }

    /// Empties the parameters of a route that turned out to refuse the link.
    private func refuse(_ parameters: inout RouteParameters) -> Bool {
        if !parameters.isEmpty { parameters = RouteParameters() }
        return false
    }

    /// The typed parameters of an accepted link, in name order.
    func parameters(_ input: MatchInput) -> RouteParameters {
        var parameters = RouteParameters()
        for (name, source) in extraction {
            let value: ParameterValue?
            switch source {
            case .path(let i):
                // An absent optional last segment has no value.
                guard i < input.count, case .parameter(_, _, let validator) = segment(at: i) else { continue }
                value = try? validator.validate(input[i]).get()
            case .catchAll(let i):
                value = .segments(input.suffix(from: i))
            case .query(let i):
                let parameter = query[i]
                let items = input.queryItems
                if let i = items.firstIndex(where: { $0.name == parameter.name }) {
                    value = try? parameter.validator.validate(parameter.value(of: items[i])).get()
                } else {
                    value = parameter.defaultValue
                }
            case .fragment:
                guard case .parameter(let parameter) = fragment else { continue }
                if let text = input.fragment {
                    value = try? parameter.validator.validate(text).get()
                } else {
                    value = parameter.defaultValue
                }
            }
            // `extraction` is sorted by name and its names are unique.
            if let value { parameters.append(RouteParameters.Entry(name: name, value: value)) }
        }
        return parameters
    }
}

extension CompiledRoute {
    /// The reading of the route (``allReadings``) whose path the link fits, or `nil` when
    /// none does. A route's readings never share a link (the table refuses those that could,
    /// ``RouteTableFinding/ambiguousOptionalSegment(route:parameter:reading:other:)``), so at
    /// most one fits.
    func reading(fitting input: MatchInput) -> CompiledRoute? {
        if readings.isEmpty { return self }
        for reading in allReadings where reading.pathAccepts(input) { return reading }
        return nil
    }

    /// The typed parameters of a link the route accepted, read through the reading its path
    /// fits: where a parameter sits in the link depends on the optional segments it has.
    func parametersOfReading(_ input: MatchInput) -> RouteParameters {
        (reading(fitting: input) ?? self).parameters(input)
    }

    /// Whether the link's path fits this reading's segments, each parameter valid.
    func pathAccepts(_ input: MatchInput) -> Bool {
        let segments = self.segments
        for (i, segment) in segments.enumerated() {
            switch segment {
            case .literal(_, let key):
                guard i < input.count, !input.withKey(i, { $0 != key }) else { return false }
            case .parameter(_, _, let validator):
                guard i < input.count, !input[i].isEmpty, case .success = validator.validate(input[i]) else {
                    return false
                }
            case .catchAll(_, let type, let validator):
                return Self.catchAllAccepts(input, from: i, validator: validator, untyped: type == nil)
            }
        }
        return input.count == segments.count
    }
}

extension RouteScope.Parts {
    /// Whether the link's scheme and host fall in the scope (``CompiledRoute/inScope(_:)``).
    @inline(__always)
    func admits(_ input: MatchInput) -> Bool {
        // Index loops, not `for … in`: an array's iterator holds (retains) the array.
        if !schemes.isEmpty {
            var named = false
            for i in schemes.indices where schemes[i] == input.scheme {
                named = true
                break
            }
            if !named { return false }
        }
        if hosts.isEmpty { return true }
        guard input.isWeb else { return !schemes.isEmpty }
        guard input.host != nil else { return false }
        // The host is read in place for each pattern, without a copy bound to a name.
        for i in hosts.indices where hosts[i].matches(input.hostText) { return true }
        return false
    }
}
