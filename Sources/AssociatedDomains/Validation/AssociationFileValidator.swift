/// Checks an association file against what Apple accepts and what its rules can do.
///
/// Findings carry a stable code (``AssociationFinding/Code``), a severity, a sentence and a
/// JSON path. The checks: size, JSON syntax, CMS signing, service shapes, `apps`, App IDs,
/// `appID`/`appIDs` and `paths`/`components` conflicts, unknown and misspelled keys, wrong value
/// types, non-string query values, substitution variables, patterns that can never match, and
/// rules that can never decide because an earlier rule matches first.
///
/// ```swift
/// let findings = AssociationFileValidator().validate(bytes: served)
/// for finding in findings where finding.severity == .error { print(finding) }
/// ```
public struct AssociationFileValidator: Sendable {
    /// Exploration steps the rule-reachability analysis may take for one file; past it the
    /// analysis stops with ``AssociationFinding/Code/analysisIncomplete``.
    public var analysisBudget: Int

    /// Creates a validator.
    public init(analysisBudget: Int = 100_000) {
        self.analysisBudget = analysisBudget
    }

    /// Validates bytes as served: size, JSON syntax and signing first, then the file.
    public func validate(bytes: some Sequence<UInt8>) -> [AssociationFinding] {
        let data = Array(bytes)
        do {
            return validate(try AssociationFileDocument(bytes: data))
        } catch {
            var findings: [AssociationFinding] = []
            if data.count > AssociationFileDocument.maximumByteCount {
                findings.append(sizeFinding(data.count))
            }
            switch error {
            case .empty:
                findings.append(AssociationFinding(.emptyFile, at: "$", "the file is empty"))
            case .invalidJSON(let syntax):
                findings.append(
                    AssociationFinding(.invalidJSON, at: "$", "the file is not valid JSON: \(syntax)"))
            case .notAnObject(let found):
                findings.append(
                    AssociationFinding(
                        .notAnObject, at: "$", "the file must be a JSON object, but it is \(found)"))
            case .unreadableSignedFile(let cms):
                findings.append(
                    AssociationFinding(
                        .unreadableSignedFile, at: "$",
                        "the file looks CMS-signed, but its JSON cannot be extracted: \(cms)"))
            }
            return findings
        }
    }

    /// Validates a read document: size, signing and duplicate keys, then the file.
    public func validate(_ document: AssociationFileDocument) -> [AssociationFinding] {
        var findings: [AssociationFinding] = []
        if document.byteCount > AssociationFileDocument.maximumByteCount {
            findings.append(sizeFinding(document.byteCount))
        }
        if document.isSigned {
            findings.append(
                AssociationFinding(
                    .signedFile, at: "$",
                    "the file is CMS-signed (application/pkcs7-mime), which only iOS 8 required; since iOS 9 "
                        + "serve the JSON unsigned as application/json"))
        }
        for path in document.duplicateKeys {
            findings.append(
                AssociationFinding(
                    .duplicateKey, at: path, "this key appears more than once; only the last value counts"))
        }
        return findings + validate(document.file)
    }

    /// Validates the typed file.
    public func validate(_ file: AssociationFile) -> [AssociationFinding] {
        var run = ValidationRun(budget: PatternLanguage.Budget(analysisBudget))
        run.checkTopLevel(file)
        return run.findings
    }

    private func sizeFinding(_ count: Int) -> AssociationFinding {
        AssociationFinding(
            .fileTooLarge, at: "$",
            "the file is \(count) bytes; Apple ignores association files larger than 128 KB "
                + "(\(AssociationFileDocument.maximumByteCount) bytes)")
    }
}

/// The state of one validation: findings so far and the analysis budget.
struct ValidationRun {
    var findings: [AssociationFinding] = []
    let budget: PatternLanguage.Budget

    init(budget: PatternLanguage.Budget) { self.budget = budget }

    mutating func report(_ code: AssociationFinding.Code, _ path: String, _ message: String) {
        findings.append(AssociationFinding(code, at: path, message))
    }

    // MARK: Services

    mutating func checkTopLevel(_ file: AssociationFile) {
        if !file.declaresAnyService {
            report(
                .noService, "$",
                "the file declares none of the services applinks, webcredentials, appclips, activitycontinuation"
            )
        }
        for key in file.additionalKeys.keys.sorted() {
            let path = JSONPath.appending(key: key, to: "$")
            if AssociationKey.services.contains(key) {
                report(
                    .serviceNotAnObject, path,
                    "'\(key)' must be an object, but it is \(file.additionalKeys[key]?.kindDescription ?? "missing")"
                )
            } else {
                report(
                    .unknownTopLevelKey, path,
                    "'\(key)' is not a service, so Apple ignores it" + hint(key, AssociationKey.services))
            }
        }
        if let appLinks = file.appLinks { checkAppLinks(appLinks) }
        for (key, list) in [
            (AssociationKey.webCredentials, file.webCredentials), (AssociationKey.appClips, file.appClips),
            (AssociationKey.activityContinuation, file.activityContinuation),
        ] {
            guard let list else { continue }
            checkAppList(list, at: "$." + key)
        }
    }

    mutating func checkAppList(_ list: AppList, at path: String) {
        if let apps = list.apps {
            checkAppIDs(apps, at: path + ".apps")
            if apps.isEmpty {
                report(.appListMalformed, path + ".apps", "'apps' is empty, so the service names no app")
            }
        } else if let value = list.additionalKeys[AssociationKey.apps] {
            report(
                .appListMalformed, path + ".apps",
                "'apps' must be an array of App ID strings, but it is \(value.kindDescription)")
        } else {
            report(.appListMalformed, path, "the service has no 'apps' array, so it names no app")
        }
        for key in list.additionalKeys.keys.sorted() where key != AssociationKey.apps {
            report(
                .unknownServiceKey, JSONPath.appending(key: key, to: path),
                "'\(key)' is not a key of this service, so Apple ignores it"
                    + hint(key, [AssociationKey.apps]))
        }
    }

    // MARK: applinks

    mutating func checkAppLinks(_ appLinks: AppLinks) {
        let path = "$.applinks"
        if let apps = appLinks.apps, !apps.isEmpty {
            report(
                .legacyAppsNotEmpty, path + ".apps",
                "the legacy 'apps' must be an empty array; App IDs belong in each detail's 'appIDs'")
        }
        for key in appLinks.additionalKeys.keys.sorted() {
            let keyPath = JSONPath.appending(key: key, to: path)
            let kind = appLinks.additionalKeys[key]?.kindDescription ?? "missing"
            switch key {
            case AssociationKey.apps:
                report(
                    .legacyAppsNotEmpty, keyPath,
                    "the legacy 'apps' must be an empty array, but it is \(kind)")
            case AssociationKey.details:
                report(.detailsMalformed, keyPath, "'details' must be an array of objects, but it is \(kind)")
            case AssociationKey.defaults:
                report(
                    .wrongTypeComponentKey, keyPath,
                    "'defaults' must be an object, but it is \(kind); Apple ignores it")
            case AssociationKey.substitutionVariables:
                report(
                    .variablesMalformed, keyPath,
                    "'substitutionVariables' must map each name to an array of strings; Apple cannot use it as written"
                )
            default:
                report(
                    .unknownServiceKey, keyPath,
                    "'\(key)' is not a key of applinks, so Apple ignores it"
                        + hint(key, AssociationKey.appLinksKeys))
            }
        }
        if let variables = appLinks.substitutionVariables {
            checkVariables(variables, at: path + ".substitutionVariables")
        }
        let compiled = CompiledAssociationFile(AssociationFile(appLinks: appLinks))
        if let defaults = appLinks.defaults {
            checkComponentShape(defaults, at: path + ".defaults", isDefaults: true)
            checkPatterns(
                of: defaults, at: path + ".defaults", caseSensitive: defaults.caseSensitive ?? true,
                percentEncoded: defaults.percentEncoded ?? true, variables: compiled.variables)
        }
        guard let details = appLinks.details else {
            if appLinks.additionalKeys[AssociationKey.details] == nil {
                report(.noDetails, path, "applinks has no 'details', so no URL opens any app")
            }
            return
        }
        if details.isEmpty {
            report(.noDetails, path + ".details", "'details' is empty, so no URL opens any app")
        }
        for (index, detail) in details.enumerated() {
            let detailPath =
                appLinks.detailsStyle == .dictionary
                ? JSONPath.appending(key: detail.appID ?? "", to: path + ".details")
                : path + ".details[\(index)]"
            checkDetail(detail, at: detailPath, style: appLinks.detailsStyle)
            guard detail.unreadable == nil else { continue }
            let rules = compiled.details.first { $0.index == index }?.rules ?? []
            checkRules(
                of: detail, rules: rules, at: detailPath, appLinks: appLinks, variables: compiled.variables)
        }
        if budget.isExhausted {
            report(
                .analysisIncomplete, path + ".details",
                "the file has too many rules to compare every pair; some unreachable rules may be unreported")
        }
    }

    mutating func checkVariables(_ variables: [String: [String]], at path: String) {
        for name in variables.keys.sorted() {
            let variablePath = JSONPath.appending(key: name, to: path)
            let values = variables[name] ?? []
            if SubstitutionVariables.builtInNames.contains(name) {
                report(
                    .variableShadowsBuiltIn, variablePath,
                    "'\(name)' replaces the built-in variable $(\(name))")
            }
            if values.isEmpty {
                report(
                    .emptyVariable, variablePath,
                    "$(\(name)) has no values, so every pattern using it matches nothing")
            }
            for (position, value) in values.enumerated() where value.contains("$(") {
                report(
                    .variableValueUsesVariable, variablePath + "[\(position)]",
                    "the value '\(value)' uses another variable; values are not expanded, so it is matched literally"
                )
            }
        }
    }

    // MARK: Details

    mutating func checkDetail(_ detail: AppLinksDetail, at path: String, style: AppLinks.DetailsStyle) {
        if let unreadable = detail.unreadable {
            let kind = unreadable.objectValue?.values.first?.kindDescription ?? unreadable.kindDescription
            report(
                .detailsMalformed, path,
                "a detail must be an object, but this one is \(kind); it matches nothing")
            return
        }
        let malformedAppIDs = detail.additionalKeys[AssociationKey.appIDs]
        let malformedAppID = detail.additionalKeys[AssociationKey.appID]
        if let malformedAppIDs {
            report(
                .appIDsMalformed, path + ".appIDs",
                "'appIDs' must be an array of App ID strings, but it is \(malformedAppIDs.kindDescription); "
                    + "the detail applies to no app")
        }
        if let malformedAppID {
            report(
                .appIDsMalformed, path + ".appID",
                "'appID' must be a string, but it is \(malformedAppID.kindDescription)")
        }
        if let appIDs = detail.appIDs {
            if detail.appID != nil {
                report(.appIDIgnored, path + ".appID", "'appID' is ignored because 'appIDs' is present")
            }
            if appIDs.isEmpty {
                report(.emptyAppIDs, path + ".appIDs", "'appIDs' is empty, so the detail applies to no app")
            }
            checkAppIDs(appIDs, at: path + ".appIDs")
        } else if let appID = detail.appID {
            if style == .dictionary {
                checkAppID(appID, at: path)
            } else {
                checkAppID(appID, at: path + ".appID")
            }
        } else if malformedAppIDs == nil && malformedAppID == nil {
            report(
                .detailWithoutAppID, path,
                "the detail has neither 'appIDs' nor 'appID', so it applies to no app")
        }
        if detail.components != nil
            && (detail.paths != nil || detail.additionalKeys[AssociationKey.paths] != nil)
        {
            report(.pathsIgnored, path + ".paths", "'paths' is ignored because 'components' is present")
        }
        if let components = detail.additionalKeys[AssociationKey.components] {
            report(
                .rulesMalformed, path + ".components",
                "'components' must be an array of objects, but it is \(components.kindDescription)")
        }
        if let paths = detail.additionalKeys[AssociationKey.paths], detail.components == nil {
            report(
                .rulesMalformed, path + ".paths",
                "'paths' must be an array of strings, but it is \(paths.kindDescription)")
        }
        if let components = detail.components {
            if components.isEmpty {
                report(.noRules, path + ".components", "'components' is empty, so the detail matches no URL")
            }
        } else if let paths = detail.paths {
            report(
                .legacyPaths, path + ".paths",
                "the detail uses the legacy 'paths'; 'components' (iOS 13 and later) can also match query and fragment"
            )
            if paths.isEmpty {
                report(.noRules, path + ".paths", "'paths' is empty, so the detail matches no URL")
            }
        } else if detail.additionalKeys[AssociationKey.components] == nil
            && detail.additionalKeys[AssociationKey.paths] == nil
        {
            report(.noRules, path, "the detail has neither 'components' nor 'paths', so it matches no URL")
        }
        if let defaults = detail.additionalKeys[AssociationKey.defaults] {
            report(
                .wrongTypeComponentKey, path + ".defaults",
                "'defaults' must be an object, but it is \(defaults.kindDescription); Apple ignores it")
        }
        let known = [
            AssociationKey.appID, AssociationKey.appIDs, AssociationKey.components, AssociationKey.paths,
            AssociationKey.defaults,
        ]
        for key in detail.additionalKeys.keys.sorted() where !known.contains(key) {
            report(
                .unknownDetailKey, JSONPath.appending(key: key, to: path),
                "'\(key)' is not a key of a detail, so Apple ignores it"
                    + hint(key, AssociationKey.detailKeys))
        }
    }

    mutating func checkAppIDs(_ appIDs: [String], at path: String) {
        var seen = Set<String>()
        for (position, appID) in appIDs.enumerated() {
            checkAppID(appID, at: path + "[\(position)]")
            if !seen.insert(appID).inserted {
                report(.duplicateAppID, path + "[\(position)]", "'\(appID)' is listed more than once")
            }
        }
    }

    mutating func checkAppID(_ appID: String, at path: String) {
        guard let dot = appID.firstIndex(of: ".") else {
            report(.malformedAppID, path, "'\(appID)' is not an App ID of the form <Team ID>.<bundle ID>")
            return
        }
        let prefix = appID[..<dot]
        let bundle = appID[appID.index(after: dot)...]
        let isBundleCharacter: (Character) -> Bool = {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")
        }
        guard !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            !bundle.isEmpty,
            bundle.allSatisfy(isBundleCharacter), !bundle.hasPrefix("."), !bundle.hasSuffix("."),
            !bundle.contains("..")
        else {
            report(.malformedAppID, path, "'\(appID)' is not an App ID of the form <Team ID>.<bundle ID>")
            return
        }
        if prefix.count != 10 || !prefix.allSatisfy({ $0.isUppercase || $0.isNumber }) {
            report(
                .unusualTeamID, path,
                "'\(prefix)' is not a 10-character Team ID; Apple's matcher accepts it, but an App ID normally "
                    + "starts with the team's 10 upper-case letters and digits")
        }
    }

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
                let rule = rules.first { $0.reference.kind == .component && $0.reference.index == index }
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
        findings += RuleReachability(budget: budget).findings(for: rules)
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

    // MARK: Suggestions

    func hint(_ key: String, _ known: [String]) -> String {
        if let match = known.first(where: { $0.lowercased() == key.lowercased() }) {
            return " (did you mean '\(match)'?)"
        }
        guard key.count >= 4 else { return "" }
        let scored = known.map { ($0, ValidationRun.distance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return "" }
        return " (did you mean '\(best.0)'?)"
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
