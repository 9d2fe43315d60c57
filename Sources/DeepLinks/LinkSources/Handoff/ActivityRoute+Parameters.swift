extension ActivityRoute {
    /// Reads the typed parameters of a compiled route from a `userInfo`, kind by kind and
    /// with the route's own validators (its case rule and custom types).
    ///
    /// Parameters left out (an optional last segment, optional query parameters, or ones with
    /// a default) are absent from the result: the link
    /// written from it gets its defaults when it is matched forward.
    static func parameters(
        from userInfo: UserInfo, for route: CompiledRoute
    ) -> Result<RouteParameters, UserInfoFailure> {
        var parameters = RouteParameters()
        func read(
            _ name: String, _ type: ParameterType?, _ validator: ParameterValidator, required: Bool
        ) -> UserInfoFailure? {
            guard let value = userInfo[name] else {
                return required ? UserInfoFailure(key: name, value: nil, reason: .invalid(.missing)) : nil
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
                return UserInfoFailure(key: name, value: value, reason: .wrongKind(expected: expected))
            }
            switch validator.validate(text) {
            case .success(let typed): parameters[name] = typed
            case .failure(let reason):
                return UserInfoFailure(key: name, value: value, reason: .invalid(reason))
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
                guard let value = userInfo[name] else {
                    return .failure(UserInfoFailure(key: name, value: nil, reason: .invalid(.missing)))
                }
                guard case .array(let elements) = value, !elements.isEmpty else {
                    return .failure(
                        UserInfoFailure(key: name, value: value, reason: .wrongKind(expected: .array)))
                }
                var segments: [String] = []
                for element in elements {
                    guard case .string(let text) = element else {
                        return .failure(
                            UserInfoFailure(key: name, value: value, reason: .wrongKind(expected: .array)))
                    }
                    if case .failure(let reason) = validator.validate(text) {
                        return .failure(UserInfoFailure(key: name, value: element, reason: .invalid(reason)))
                    }
                    segments.append(text)
                }
                parameters[name] = .segments(segments)
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
        return .success(parameters)
    }
}
