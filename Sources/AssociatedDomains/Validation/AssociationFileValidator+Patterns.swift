import DeepLinks
import DeepLinksJSON

/// The checks of components and their patterns, and the reachability of rules.
extension ValidationRun {
    // MARK: Components and patterns

    mutating func checkRules(
        of detail: AppLinksDetail, rules: [CompiledRule], at path: String, appLinks: AppLinks,
        variables: SubstitutionVariables
    ) {
        if let defaults = detail.defaults {
            checkComponentShape(defaults, at: path + ".defaults", isDefaults: true)
            checkPatterns(
                of: defaults, at: path + ".defaults",
                caseSensitive: defaults.caseSensitive ?? appLinks.defaults?.caseSensitive ?? true,
                percentEncoded: defaults.percentEncoded ?? appLinks.defaults?.percentEncoded ?? true,
                variables: variables)
        }
        if let components = detail.components {
            var ruleAt: [Int: CompiledRule] = [:]
            for rule in rules where rule.reference.kind == .component { ruleAt[rule.reference.index] = rule }
            for (index, component) in components.enumerated() {
                let componentPath = path + ".components[\(index)]"
                guard component.unreadable == nil else {
                    report(
                        .rulesMalformed, componentPath,
                        "a component must be an object, but this one is \(component.unreadable?.kindDescription ?? "")"
                    )
                    continue
                }
                checkComponentShape(component, at: componentPath, isDefaults: false)
                let rule = ruleAt[index]
                if let rule, rule.source.path == nil, rule.source.query == nil, rule.source.fragment == nil {
                    report(
                        .componentMatchesEverything, componentPath,
                        "the component has no '/', '?' or '#' pattern, so it matches every URL on the domain")
                }
                checkPatterns(
                    of: component, at: componentPath, caseSensitive: rule?.caseSensitive ?? true,
                    percentEncoded: rule?.percentEncoded ?? true, variables: variables)
            }
        } else if let paths = detail.paths {
            for (index, text) in paths.enumerated() {
                let pattern = text.hasPrefix("NOT ") ? String(text.dropFirst(4)) : text
                checkPattern(
                    pattern, part: .path, at: path + ".paths[\(index)]", caseSensitive: true,
                    percentEncoded: true,
                    variables: nil)
            }
        }
        report(RuleReachability(budget: budget).findings(for: rules))
    }

    mutating func checkComponentShape(_ component: AppLinksComponent, at path: String, isDefaults: Bool) {
        for key in component.additionalKeys.keys.sorted() {
            let keyPath = JSONPath.appending(key: key, to: path)
            let kind = component.additionalKeys[key]?.kindDescription ?? "missing"
            switch key {
            case AssociationKey.path, AssociationKey.fragment, AssociationKey.comment:
                report(
                    .wrongTypeComponentKey, keyPath,
                    "'\(key)' must be a string, but it is \(kind); Apple ignores it")
            case AssociationKey.query:
                report(
                    .wrongTypeComponentKey, keyPath,
                    "'?' must be a string or an object of strings, but it is \(kind); Apple ignores it")
            case AssociationKey.exclude, AssociationKey.caseSensitive, AssociationKey.percentEncoded:
                report(
                    .wrongTypeComponentKey, keyPath,
                    "'\(key)' must be true or false, but it is \(kind); Apple ignores it")
            default:
                report(
                    .unknownComponentKey, keyPath,
                    "'\(key)' is not a \(isDefaults ? "defaults" : "component") key, so Apple ignores it"
                        + hint(key, AssociationKey.componentKeys))
            }
        }
        if case .itemsWithNonStringValues(let items)? = component.query {
            let names = items.keys.sorted().filter { items[$0]?.stringValue == nil }
            report(
                .nonStringQueryValue, path + "[\"?\"]",
                "the query item \(names.map { "'\($0)'" }.joined(separator: ", ")) has a value that is not a string, "
                    + "so Apple ignores the whole query dictionary and it matches every query")
        }
    }

    mutating func checkPatterns(
        of component: AppLinksComponent, at path: String, caseSensitive: Bool, percentEncoded: Bool,
        variables: SubstitutionVariables
    ) {
        if let pattern = component.path {
            checkPattern(
                pattern, part: .path, at: path + "[\"/\"]", caseSensitive: caseSensitive,
                percentEncoded: percentEncoded, variables: variables)
        }
        switch component.query {
        case .whole(let pattern)?:
            checkPattern(
                pattern, part: .query, at: path + "[\"?\"]", caseSensitive: caseSensitive,
                percentEncoded: percentEncoded, variables: variables)
        case .items(let items)?:
            for name in items.keys.sorted() {
                checkPattern(
                    items[name] ?? "", part: .queryValue,
                    at: JSONPath.appending(key: name, to: path + "[\"?\"]"),
                    caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
            }
        default:
            break
        }
        if let pattern = component.fragment {
            checkPattern(
                pattern, part: .fragment, at: path + "[\"#\"]", caseSensitive: caseSensitive,
                percentEncoded: percentEncoded, variables: variables)
        }
    }

    enum PatternPart {
        case path, query, queryValue, fragment

        var name: String {
            switch self {
            case .path: "path"
            case .query: "query"
            case .queryValue: "query value"
            case .fragment: "fragment"
            }
        }

        var encodedAlphabet: PatternLanguage.Alphabet {
            switch self {
            case .path: .encodedPath
            case .query: .encodedQuery
            case .queryValue: .encodedQueryValue
            case .fragment: .encodedFragment
            }
        }
    }

    mutating func checkPattern(
        _ text: String, part: PatternPart, at path: String, caseSensitive: Bool, percentEncoded: Bool,
        variables: SubstitutionVariables?
    ) {
        let parsed =
            part == .path
            ? CompiledRule.parsePath(text, caseSensitive: caseSensitive, variables: variables)
            : PatternParser.parse(text, caseSensitive: caseSensitive, variables: variables)
        for name in Set(parsed.undefinedVariables).sorted() {
            report(
                .undefinedVariable, path,
                "$(\(name)) is not a defined variable, so this pattern matches nothing")
        }
        if parsed.hasUnterminatedVariable {
            report(.unterminatedVariable, path, "'$(' has no closing ')', so '\(text)' is matched literally")
        }
        if part == .path, let mark = text.firstIndex(of: "?"), text[mark...].contains("=") {
            report(
                .queryInPathPattern, path,
                "the path pattern '\(text)' looks like it carries a query, but in a path pattern '?' matches one "
                    + "character; match the query with the '?' key")
        }
        guard parsed.undefinedVariables.isEmpty else { return }
        let automaton = PatternAutomaton(parsed.node)
        let alphabet = percentEncoded ? part.encodedAlphabet : .everything
        guard !PatternLanguage.canMatch(automaton, over: caseSensitive ? alphabet : alphabet.folded()) else {
            return
        }
        var reason = "no URL \(part.name) can match it"
        if percentEncoded,
            let culprit = text.unicodeScalars.first(where: { !alphabet.allows($0.value) && $0 != "*" })
        {
            let shown = culprit == " " ? "a space" : "'\(culprit)'"
            reason =
                "a percent-encoded URL \(part.name) never contains \(shown); write it percent-encoded or set "
                + "'percentEncoded' to false"
        }
        report(.patternNeverMatches, path, "the pattern '\(text)' can never match: \(reason)")
    }
}
