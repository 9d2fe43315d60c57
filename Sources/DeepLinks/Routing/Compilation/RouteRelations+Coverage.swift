/// Coverage: whether every link one route takes is a link another takes.
extension RouteRelations {
    /// Whether every link that matches `b` also matches `a`.
    func covers(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        scopeCovers(a.route.scope, b.route.scope) && pathCovers(a.segments, b.segments) && queryCovers(a, b)
            && fragmentCovers(a.fragment, b.fragment)
    }

    func scopeCovers(_ a: RouteScope, _ b: RouteScope) -> Bool {
        if !a.schemes.isEmpty {
            guard !b.schemes.isEmpty, b.schemes.allSatisfy(a.schemes.contains) else { return false }
        }
        if b.servesCustomSchemes, !a.servesCustomSchemes { return false }
        guard b.servesWeb, !a.hosts.isEmpty else { return true }
        guard !b.hosts.isEmpty else { return false }
        return b.hosts.allSatisfy { y in
            a.hosts.contains { x in
                switch (x.isSubdomainWildcard, y.isSubdomainWildcard) {
                case (false, false): x.name == y.name
                case (true, false): x.matches(y.name)
                case (false, true): false
                case (true, true): x.name == y.name || y.name.hasSuffix("." + x.name)
                }
            }
        }
    }

    func pathCovers(_ a: [CompiledRoute.Segment], _ b: [CompiledRoute.Segment]) -> Bool {
        for (i, sa) in a.enumerated() {
            if case .catchAll(_, let type, let validator) = sa {
                // The rest of `b` must be one or more segments that the catch-all accepts.
                guard i < b.count else { return false }
                return b[i...].allSatisfy { sb in
                    switch sb {
                    case .literal(let text, _): validator.takesEveryForm(of: text)
                    case .parameter(_, let other, _), .catchAll(_, let other, _): typeCovers(type, other)
                    }
                }
            }
            guard i < b.count else { return false }
            switch (sa, b[i]) {
            case (.literal(_, let x), .literal(_, let y)): if x != y { return false }
            case (.literal(let text, let key), .parameter(_, .enumeration(let values)?, _)):
                // A literal covers an enumeration whose only value it is.
                let folded = caseSensitive ? values : values.map { $0.lowercased() }
                if !folded.allSatisfy({ $0 == key }) || text.isEmpty { return false }
            case (.literal, _): return false
            case (.parameter(_, _, let validator), .literal(let text, _)):
                // Every spelling of the literal the router takes, in any case where it folds.
                if !validator.takesEveryForm(of: text) { return false }
            case (.parameter(_, let x, _), .parameter(_, let y, _)): if !typeCovers(x, y) { return false }
            case (.parameter, .catchAll): return false
            case (.catchAll, _): return false
            }
        }
        return a.count == b.count
    }

    /// Whether every value of type `y` is a value of type `x` (`nil` is untyped).
    func typeCovers(_ x: ParameterType?, _ y: ParameterType?) -> Bool {
        guard let x else {
            switch y {
            case .custom?: return false
            case .string(let length, _)?: return length.lowerBound >= 1
            default: return true
            }
        }
        guard let y else { return false }
        if x == y { return true }
        // Made only where a value is tried: most pairs of types are decided by their bounds.
        func validator() -> ParameterValidator {
            ParameterValidator(x, caseSensitive: caseSensitive, registry: registry)
        }
        switch (x, y) {
        case (.integer(let rx), .integer(let ry)):
            return rx.lowerBound <= ry.lowerBound && ry.upperBound <= rx.upperBound
        case (_, .enumeration(let values)):
            let vx = validator()
            return values.allSatisfy { vx.takesEveryForm(of: $0) }
        case (_, .boolean):
            let vx = validator()
            return Self.booleanTexts.allSatisfy { accepts(vx, $0) }
        case (.string(let length, let characters), .string(let otherLength, let otherCharacters)):
            return length.lowerBound <= otherLength.lowerBound && otherLength.upperBound <= length.upperBound
                && otherCharacters.isSubset(of: characters)
        case (.string(let length, let characters), .slug(let slugLength)):
            return Self.slugCharacters.isSubset(of: characters)
                && length.lowerBound <= slugLength.lowerBound && slugLength.upperBound <= length.upperBound
        case (.string(let length, let characters), .uuid):
            return CharacterClass.hexDigits.isSubset(of: characters) && characters.contains(Character("-"))
                && length.contains(36)
        case (.slug(let length), .slug(let other)):
            return length.lowerBound <= other.lowerBound && other.upperBound <= length.upperBound
        default:
            return false
        }
    }

    func queryCovers(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        a.query.allSatisfy { p in
            guard let q = b.query.first(where: { $0.name == p.name }) else { return false }
            return (!p.isRequired || q.isRequired) && typeCovers(p.declaration.type, q.declaration.type)
        }
    }

    func fragmentCovers(_ a: CompiledRoute.Fragment, _ b: CompiledRoute.Fragment) -> Bool {
        switch (a, b) {
        case (.any, _): true
        case (.none, .none): true
        case (.parameter(let p), .none): !p.isRequired
        case (.parameter(let p), .parameter(let q)):
            (!p.isRequired || q.isRequired) && typeCovers(p.declaration.type, q.declaration.type)
        default: false
        }
    }
}
