extension ActivityRoute {
    /// Reads the typed parameters of a compiled route from a `userInfo`, kind by kind and
    /// with the route's own validators (its case rule and custom types), each from the key
    /// ``userInfoKeys`` maps to it or else from the key of its own name.
    ///
    /// Parameters left out (an optional last segment, optional query parameters, or ones with
    /// a default) are absent from the result: the link
    /// written from it gets its defaults when it is matched forward. A key that no parameter
    /// is read from is refused. The cost is linear in the number of keys and parameters.
    func parameters(
        from userInfo: UserInfo, for route: CompiledRoute
    ) -> Result<RouteParameters, UserInfoFailure> {
        var parameters = RouteParameters()
        var readKeys: Set<String> = []
        func read(
            _ name: String, _ type: ParameterType?, _ validator: ParameterValidator, required: Bool
        ) -> UserInfoFailure? {
            let key = userInfoKey(forParameter: name)
            readKeys.insert(key)
            switch Self.value(userInfo[key], at: key, type: type, validator: validator, required: required) {
            case .success(let typed?): parameters[name] = typed
            case .success(nil): break
            case .failure(let failure): return failure
            }
            return nil
        }

        let path = route.route.path
        for (position, segment) in route.segments.enumerated() {
            let optional = path.isOptionalSegment(at: position)
            switch segment {
            case .literal: continue
            case .parameter(let name, let type, let validator):
                if let failure = read(name, type, validator, required: !optional) { return .failure(failure) }
            case .catchAll(let name, _, let validator):
                let key = userInfoKey(forParameter: name)
                readKeys.insert(key)
                switch Self.segments(userInfo[key], at: key, validator: validator) {
                case .success(let segments): parameters[name] = segments
                case .failure(let failure): return .failure(failure)
                }
            }
        }
        var declared = route.query
        if case .parameter(let fragment) = route.fragment { declared.append(fragment) }
        for parameter in declared {
            if let failure = read(
                parameter.name, parameter.declaration.type, parameter.validator,
                required: parameter.isRequired)
            {
                return .failure(failure)
            }
        }
        // Sorted, so that the key named is the same on every run.
        for key in userInfo.keys where !readKeys.contains(key) {
            return .failure(UserInfoFailure(key: key, value: userInfo[key], reason: .unexpectedKey))
        }
        return .success(parameters)
    }

    /// A parameter's typed value from the `userInfo` value at `key`: `nil` when there is none
    /// and the parameter is not required, or why the value cannot be read.
    private static func value(
        _ value: UserInfoValue?, at key: String, type: ParameterType?, validator: ParameterValidator,
        required: Bool
    ) -> Result<ParameterValue?, UserInfoFailure> {
        guard let value else {
            return required
                ? .failure(UserInfoFailure(key: key, value: nil, reason: .invalid(.missing))) : .success(nil)
        }
        let expected: UserInfoValue.Kind =
            switch type {
            case .integer: .integer
            case .boolean: .boolean
            default: .string
            }
        let text: String? =
            switch (expected, value) {
            case (.integer, .integer(let v)): String(v)
            case (.boolean, .boolean(let v)): v ? "true" : "false"
            case (.string, .string(let v)): v
            default: nil
            }
        guard let text else {
            return .failure(UserInfoFailure(key: key, value: value, reason: .wrongKind(expected: expected)))
        }
        switch validator.validate(text) {
        case .success(let typed): return .success(typed)
        case .failure(let reason):
            return .failure(UserInfoFailure(key: key, value: value, reason: .invalid(reason)))
        }
    }

    /// A catch-all's segments from the `userInfo` value at `key`, a non-empty array of strings
    /// each of which its validator takes, or why the value cannot be read.
    private static func segments(
        _ value: UserInfoValue?, at key: String, validator: ParameterValidator
    ) -> Result<ParameterValue, UserInfoFailure> {
        guard let value else {
            return .failure(UserInfoFailure(key: key, value: nil, reason: .invalid(.missing)))
        }
        guard case .array(let elements) = value, !elements.isEmpty else {
            return .failure(UserInfoFailure(key: key, value: value, reason: .wrongKind(expected: .array)))
        }
        var segments: [String] = []
        for element in elements {
            guard case .string(let text) = element else {
                return .failure(UserInfoFailure(key: key, value: value, reason: .wrongKind(expected: .array)))
            }
            if case .failure(let reason) = validator.validate(text) {
                return .failure(UserInfoFailure(key: key, value: element, reason: .invalid(reason)))
            }
            segments.append(text)
        }
        return .success(.segments(segments))
    }
}
