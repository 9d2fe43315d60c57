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
            let value = items[found].value
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

    /// The typed parameters when the route accepts a link whose path the trie matched, or
    /// `nil` when its scope, query or fragment refuses the link: ``accepts(_:)`` and
    /// ``parameters(_:)`` in one pass, each value validated once. A path parameter's value is
    /// read from `pathValues` when the trie left it there.
    func parametersIfAccepted(
        _ input: MatchInput, pathValues: UnsafeMutableBufferPointer<ParameterValue?>
    ) -> RouteParameters? {
        if !acceptsAnyPathMatch {
            if scopeFailure(input) != nil { return nil }
            if case .none = fragment, input.fragment != nil { return nil }
        }
        var parameters = RouteParameters()
        for (name, source) in extraction {
            let value: ParameterValue?
            switch source {
            case .path(let i):
                // An optional last segment the link leaves out has no value.
                if i >= input.count { continue }
                if i < pathValues.count, let known = pathValues[i] {
                    value = known
                } else {
                    guard case .parameter(_, _, let validator) = segment(at: i),
                        case .success(let checked) = validator.validate(input[i])
                    else { return nil }
                    value = checked
                }
            case .catchAll(let i):
                value = .segments(input.suffix(from: i))
            case .query(let i):
                let parameter = query[i]
                let items = input.queryItems
                var found = -1
                var count = 0
                for j in items.indices where items[j].name == parameter.name {
                    count += 1
                    found = j
                }
                if found < 0 {
                    if parameter.isRequired { return nil }
                    value = parameter.defaultValue
                } else {
                    guard count == 1,
                        case .success(let checked) = parameter.validator.validate(items[found].value)
                    else { return nil }
                    value = checked
                }
            case .fragment:
                guard case .parameter(let parameter) = fragment else { continue }
                if let text = input.fragment {
                    guard case .success(let checked) = parameter.validator.validate(text) else { return nil }
                    value = checked
                } else {
                    if parameter.isRequired { return nil }
                    value = parameter.defaultValue
                }
            }
            // `extraction` is sorted by name and its names are unique.
            if let value { parameters.append(RouteParameters.Entry(name: name, value: value)) }
        }
        return parameters
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
                    value = try? parameter.validator.validate(items[i].value).get()
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
