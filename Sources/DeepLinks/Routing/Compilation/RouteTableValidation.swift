/// Checks a route table and compiles the routes that are sound.
struct RouteTableValidation {
    let table: RouteTable
    let registry: ParameterTypeRegistry
    let policy: LinkPolicy?

    /// The problems found (warnings included), the compiled routes when no problem is an
    /// error, and for each compiled route's index the indices of the sensitive or destructive
    /// routes whose links it must not take (``RouteTableProblem/navigationTakesGuardedLinks(route:guarded:safety:)``).
    func run() -> (problems: [RouteTableProblem], compiled: [CompiledRoute], guards: [Int: [Int]]) {
        guard table.routes.count <= RouteTable.maximumRouteCount else {
            return ([.tooManyRoutes(count: table.routes.count, limit: RouteTable.maximumRouteCount)], [], [:])
        }
        var problems = registry.problems
        var perRoute: [[RouteTableProblem]] = Array(repeating: [], count: table.routes.count)
        var compiled: [CompiledRoute] = []
        var names: Set<String> = []
        let validators = ValidatorPool(options: table.options, registry: registry)

        for (index, route) in table.routes.enumerated() {
            var found: [RouteTableProblem] = []
            if route.name.isEmpty || route.name.unicodeScalars.contains(where: { $0.properties.isWhitespace })
                || route.name.unicodeScalars.contains(where: CharacterClass.isInvisible)
            {
                found.append(.invalidName(route: route.name))
            }
            if !names.insert(route.name).inserted { found.append(.duplicateName(route: route.name)) }
            let declarationProblems = checkDeclarations(route)
            found += declarationProblems
            found += checkScope(route)
            if declarationProblems.isEmpty {
                found += checkReachability(route)
                compiled.append(
                    CompiledRoute(route, index: index, options: table.options, validators: validators))
            }
            perRoute[index] = found
        }

        let relations = RouteRelations(options: table.options, registry: registry)
        for finding in relations.overlapProblems(compiled) {
            let (earlier, later, problem) = (finding.earlier, finding.later, finding.problem)
            let reported =
                problem.route.flatMap { name in
                    [earlier, later].first { $0.name == name }?.index
                } ?? later.index
            perRoute[reported].append(problem)
        }
        let index = RouteOverlapIndex(compiled, relations: relations)
        var guards: [Int: [Int]] = [:]
        for (navigate, guarded) in relations.guardedPairs(compiled, index: index) {
            guards[navigate.index, default: []].append(guarded.index)
            perRoute[navigate.index].append(
                .navigationTakesGuardedLinks(
                    route: navigate.name, guarded: guarded.name, safety: guarded.route.safety))
        }
        problems += perRoute.flatMap { $0 }
        problems += table.canonicalHostProblems
        let buildable = !problems.contains(where: \.isError)
        return (problems, buildable ? compiled : [], buildable ? guards : [:])
    }

    /// Syntax, names, types, bounds and defaults of every parameter.
    private func checkDeclarations(_ route: Route) -> [RouteTableProblem] {
        var problems: [RouteTableProblem] = []
        func syntax(_ error: PatternSyntaxError) {
            if case .invalidType(let typeError) = error.reason, typeError.isImpossibleBounds,
                let parameter = error.parameter
            {
                problems.append(
                    .impossibleBounds(route: route.name, parameter: parameter, reason: typeError.description))
            } else {
                problems.append(.invalidPattern(route: route.name, error: error))
            }
        }
        if let error = route.path.syntaxError { syntax(error) }
        for declaration in route.query { if let error = declaration.syntaxError { syntax(error) } }
        if let error = route.fragment.declaration?.syntaxError { syntax(error) }
        guard problems.isEmpty else { return problems }

        var seen: Set<String> = []
        for name in route.parameterNames where !seen.insert(name).inserted {
            problems.append(.parameterNameClash(route: route.name, parameter: name))
        }

        var typed: [(name: String, type: ParameterType)] = []
        for segment in route.path.segments {
            switch segment {
            case .parameter(let name, let type?), .catchAll(let name, let type?): typed.append((name, type))
            default: break
            }
        }
        let declarations = route.query + (route.fragment.declaration.map { [$0] } ?? [])
        for declaration in declarations {
            if let type = declaration.type { typed.append((declaration.name, type)) }
        }
        for (name, type) in typed {
            if case .custom(let typeName) = type, registry[typeName] == nil {
                problems.append(.unknownParameterType(route: route.name, parameter: name, type: typeName))
            }
            if let reason = type.boundsProblem {
                problems.append(.impossibleBounds(route: route.name, parameter: name, reason: reason))
            }
        }
        guard problems.isEmpty else { return problems }

        let caseSensitive = table.options.caseSensitivity == .sensitive
        for declaration in declarations {
            guard case .defaulted(let text) = declaration.requirement else { continue }
            let validator =
                declaration.type.map {
                    ParameterValidator($0, caseSensitive: caseSensitive, registry: registry)
                }
                ?? CompiledRoute.untypedValidator(registry: registry)
            if case .failure(let reason) = validator.validate(text) {
                problems.append(
                    .invalidDefault(route: route.name, parameter: declaration.name, reason: reason))
            }
        }
        return problems
    }

    /// Scheme and host syntax, and hosts on a scope that serves custom schemes only.
    private func checkScope(_ route: Route) -> [RouteTableProblem] {
        var problems: [RouteTableProblem] = []
        let scope = route.scope
        for scheme in scope.schemes {
            let bytes = Array(scheme.utf8)
            let valid =
                bytes.first.map(ASCII.isAlpha) == true
                && bytes.allSatisfy {
                    ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "+")
                        || $0 == UInt8(ascii: "-")
                        || $0 == UInt8(ascii: ".")
                }
            if !valid {
                problems.append(.invalidScope(route: route.name, reason: "'\(scheme)' is not a valid scheme"))
            }
        }
        for host in scope.hosts {
            let labels = host.name.split(separator: ".", omittingEmptySubsequences: false)
            let valid =
                !host.name.isEmpty
                && labels.allSatisfy { label in
                    !label.isEmpty
                        && label.utf8.allSatisfy {
                            ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-")
                        }
                }
            if !valid {
                problems.append(
                    .invalidScope(route: route.name, reason: "'\(host)' is not a valid host pattern"))
            }
        }
        if !scope.hosts.isEmpty, !scope.schemes.isEmpty, !scope.servesWeb {
            problems.append(
                .invalidScope(
                    route: route.name,
                    reason: "hosts apply to web links only and the scope lists no web scheme; "
                        + "for a custom scheme the host is the first segment of the path"))
        }
        return problems
    }

    /// Routes that the gate or the matching rules would never let a link reach.
    private func checkReachability(_ route: Route) -> [RouteTableProblem] {
        var problems: [RouteTableProblem] = []
        func never(_ reason: String) { problems.append(.neverMatches(route: route.name, reason: reason)) }
        let scope = route.scope
        let customOnly = !scope.servesWeb && scope.hosts.isEmpty

        if customOnly, case .literal(let first) = route.path.segments.first {
            let validHost = first.utf8.allSatisfy {
                ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: ".")
            }
            if !validHost {
                never(
                    "the first segment of a custom-scheme route is the link's host, which cannot be '\(first)'"
                )
            } else if table.options.caseSensitivity == .sensitive, first != first.lowercased() {
                never(
                    "the first segment '\(first)' is the link's host, which the gate lower-cases; write it in lower case"
                )
            }
        }

        for case .literal(let literal) in route.path.segments {
            if literal.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                never(
                    "the literal '\(ParameterFailure.shortened(literal))' holds a control character, which the gate refuses"
                )
            } else if let policy, !policy.allowsEncodedSeparators,
                literal.contains(where: { $0 == "/" || $0 == "\\" })
            {
                never("the literal '\(literal)' holds an encoded separator, which the gate's policy refuses")
            }
        }

        guard let policy else { return problems }
        for scheme in scope.schemes where !policy.allowedSchemes.contains(scheme) {
            never("the gate's policy does not allow the scheme '\(scheme)'")
        }
        if !policy.allowedHosts.isEmpty {
            for host in scope.hosts where !host.isSubdomainWildcard && !policy.allowsHost(host.name) {
                never("the gate's policy does not allow the host '\(host)'")
            }
        }
        let hostSegment = customOnly ? 1 : 0
        let minimumSegments =
            route.path.segments.count - (route.path.hasOptionalLastSegment ? 1 : 0) - hostSegment
        if minimumSegments > policy.limits.maxPathSegments {
            never(
                "its path has \(minimumSegments) segments and the gate's policy allows at most \(policy.limits.maxPathSegments)"
            )
        }
        for declaration in route.query
        where policy.strippedQueryItems.contains(where: { $0.matches(declaration.name) }) {
            never(
                "sanitising removes the query item '\(declaration.name)' before routing (the policy strips it)"
            )
        }
        return problems
    }
}
