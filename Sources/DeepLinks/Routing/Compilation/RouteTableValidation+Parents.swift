extension RouteTableValidation {
    /// The problems of the routes' parents and requirements: unknown parents, cycles, chains
    /// deeper than ``RouteTable/maximumParentDepth``, parents that cannot be built from their
    /// child's parameters, destructive parents, navigate routes under a sensitive ancestor
    /// (a warning), and condition names that are not names.
    ///
    /// Cost: one walk up each route's chain (at most ``RouteTable/maximumParentDepth`` steps)
    /// and one look-up per parameter of each parent; nothing is indexed for a table whose
    /// routes declare no parent and no requirement.
    static func parentFindings(_ routes: [Route], compiled: [CompiledRoute]) -> [RouteTableFinding] {
        guard routes.contains(where: { $0.parent != nil || !$0.requirements.isEmpty }) else { return [] }
        var findings: [RouteTableFinding] = []
        var byName: [String: Int] = [:]
        for (index, route) in routes.enumerated() where byName[route.name] == nil {
            byName[route.name] = index
        }
        var compiledByName: [String: CompiledRoute] = [:]
        for route in compiled { compiledByName[route.name] = route }
        for route in routes {
            for requirement in route.requirements.sorted() where !isValidName(requirement) {
                findings.append(.invalidRequirement(route: route.name, requirement: requirement))
            }
            guard let parentName = route.parent else { continue }
            guard byName[parentName] != nil else {
                findings.append(.unknownParent(route: route.name, parent: parentName))
                continue
            }
            if let parent = byName[parentName], routes[parent].safety == .destructive {
                findings.append(.destructiveParent(route: route.name, parent: parentName))
            }
            var chain = [route.name]
            var next: String? = parentName
            // The nearest ancestor of the strongest safety, for a navigate route.
            var guardedBy: (name: String, safety: RouteSafety)?
            while let name = next, let ancestor = byName[name] {
                chain.append(name)
                if name == route.name || chain.count > RouteTable.maximumParentDepth + 1 {
                    findings.append(.parentCycle(route: route.name, chain: chain))
                    break
                }
                let safety = routes[ancestor].safety
                if route.safety == .navigate, safety.requiresConfirmation,
                    safety.strength > (guardedBy?.safety.strength ?? 0)
                {
                    guardedBy = (name, safety)
                }
                next = routes[ancestor].parent
            }
            // A destructive parent is already an error; its warning would say it again.
            if let guardedBy, guardedBy.safety != .destructive || guardedBy.name != parentName {
                findings.append(
                    .guardedAncestor(route: route.name, ancestor: guardedBy.name, safety: guardedBy.safety))
            }
            if let child = compiledByName[route.name], let parent = compiledByName[parentName],
                let finding = unbuildable(parent, from: child)
            {
                findings.append(finding)
            }
        }
        return findings
    }

    /// Why `parent` cannot be built from `child`'s parameters, if it cannot: every parameter
    /// the parent needs a value for must be one the child always has, of the same type.
    private static func unbuildable(_ parent: CompiledRoute, from child: CompiledRoute) -> RouteTableFinding?
    {
        let given = child.declaredParameters
        for (name, needed) in parent.declaredParameters.sorted(by: { $0.key < $1.key }) {
            guard parent.needsValue(for: name) else { continue }
            func finding(_ reason: String) -> RouteTableFinding {
                .unbuildableParent(route: child.name, parent: parent.name, parameter: name, reason: reason)
            }
            guard let have = given[name] else {
                return finding("'\(child.name)' has no parameter of that name")
            }
            guard have.alwaysPresent else {
                return finding("'\(child.name)' may leave it out (it is optional there)")
            }
            guard have.type == needed.type, have.isCatchAll == needed.isCatchAll else {
                return finding(
                    "'\(child.name)' declares it as \(have.summary), the parent as \(needed.summary)")
            }
        }
        return nil
    }
}

extension CompiledRoute {
    /// Whether a link to the route must carry `name` (a required path, query or fragment
    /// parameter without a default).
    func needsValue(for name: String) -> Bool {
        let path = route.path
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .literal: continue
            case .parameter(let parameter, _, _) where parameter == name:
                return !path.isOptionalSegment(at: position)
            case .catchAll(let parameter, _, _) where parameter == name: return true
            default: continue
            }
        }
        if let parameter = query.first(where: { $0.name == name }) {
            return parameter.isRequired && parameter.defaultValue == nil
        }
        if case .parameter(let fragment) = fragment, fragment.name == name {
            return fragment.isRequired && fragment.defaultValue == nil
        }
        return false
    }
}

extension DeclaredParameter {
    /// The declaration in words, for messages: "a catch-all of slug", "int 1...9", "text".
    var summary: String {
        let type = type.map { "'\($0)'" } ?? "untyped"
        return isCatchAll ? "a catch-all of \(type)" : type
    }
}
