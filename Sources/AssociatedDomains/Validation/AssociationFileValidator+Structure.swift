import DeepLinks
import DeepLinksJSON

/// The checks of services, `applinks` and substitution variables.
extension ValidationRun {
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
        checkAppLinksKeys(appLinks, at: path)
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
        checkDetails(of: appLinks, compiled: compiled, at: path)
    }

    /// The legacy `apps` that is not empty, and the keys of `applinks` that are of the wrong type
    /// or unknown.
    mutating func checkAppLinksKeys(_ appLinks: AppLinks, at path: String) {
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
    }

    /// The `details` of `applinks`: missing or empty, then each detail and its rules, and
    /// whether comparing the rules ran out of budget.
    mutating func checkDetails(of appLinks: AppLinks, compiled: CompiledAssociationFile, at path: String) {
        guard let details = appLinks.details else {
            if appLinks.additionalKeys[AssociationKey.details] == nil {
                report(.noDetails, path, "applinks has no 'details', so no URL opens any app")
            }
            return
        }
        if details.isEmpty {
            report(.noDetails, path + ".details", "'details' is empty, so no URL opens any app")
        }
        var rulesOfDetail: [Int: [CompiledRule]] = [:]
        for detail in compiled.details { rulesOfDetail[detail.index] = detail.rules }
        for (index, detail) in details.enumerated() {
            let detailPath =
                appLinks.detailsStyle == .dictionary
                ? JSONPath.appending(key: detail.appID ?? "", to: path + ".details")
                : path + ".details[\(index)]"
            checkDetail(detail, at: detailPath, style: appLinks.detailsStyle)
            guard detail.unreadable == nil else { continue }
            let rules = rulesOfDetail[index] ?? []
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
}
