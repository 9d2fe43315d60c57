import DeepLinks
import DeepLinksJSON

/// The checks of `applinks` details and App IDs.
extension ValidationRun {
    // MARK: Details

    mutating func checkDetail(_ detail: AppLinksDetail, at path: String, style: AppLinks.DetailsStyle) {
        if let unreadable = detail.unreadable {
            let kind = unreadable.objectValue?.values.first?.kindDescription ?? unreadable.kindDescription
            report(
                .detailsMalformed, path,
                "a detail must be an object, but this one is \(kind); it matches nothing")
            return
        }
        checkDetailAppIDs(detail, at: path, style: style)
        checkDetailRules(detail, at: path)
        checkDetailOtherKeys(detail, at: path)
    }

    /// The detail's `appIDs` or `appID`: malformed, ignored, empty or missing.
    mutating func checkDetailAppIDs(_ detail: AppLinksDetail, at path: String, style: AppLinks.DetailsStyle) {
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
    }

    /// The detail's `components` or legacy `paths`: malformed, ignored, empty or missing.
    mutating func checkDetailRules(_ detail: AppLinksDetail, at path: String) {
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
    }

    /// The detail's `defaults` of the wrong type, and the keys a detail does not have.
    mutating func checkDetailOtherKeys(_ detail: AppLinksDetail, at path: String) {
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
        if let problem = AssociationFileValidator.appIDProblem(appID) {
            report(.malformedAppID, path, problem)
            return
        }
        let prefix = appID[..<(appID.firstIndex(of: ".") ?? appID.endIndex)]
        if prefix.count != 10 || !prefix.allSatisfy({ $0.isUppercase || $0.isNumber }) {
            report(
                .unusualTeamID, path,
                "'\(prefix)' is not a 10-character Team ID; Apple's matcher accepts it, but an App ID normally "
                    + "starts with the team's 10 upper-case letters and digits")
        }
    }
}

extension AssociationFileValidator {
    /// Why text is not an App ID (`<Team ID>.<bundle ID>`), as the sentence findings and the
    /// command line give; `nil` for a well-formed App ID. A Team ID that is not 10 upper-case
    /// letters and digits is still well-formed (Apple's matcher accepts it).
    ///
    /// ```swift
    /// AssociationFileValidator.appIDProblem("ABCDE12345.com.example.app")  // nil
    /// AssociationFileValidator.appIDProblem("com.example")  // nil: "com" is an unusual Team ID
    /// AssociationFileValidator.appIDProblem("app")
    /// // "'app' is not an App ID of the form <Team ID>.<bundle ID>"
    /// ```
    public static func appIDProblem(_ appID: String) -> String? {
        let problem = "'\(appID)' is not an App ID of the form <Team ID>.<bundle ID>"
        guard let dot = appID.firstIndex(of: ".") else { return problem }
        let prefix = appID[..<dot]
        let bundle = appID[appID.index(after: dot)...]
        let isBundleCharacter: (Character) -> Bool = {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")
        }
        guard !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            !bundle.isEmpty,
            bundle.allSatisfy(isBundleCharacter), !bundle.hasPrefix("."), !bundle.hasSuffix("."),
            !bundle.contains("..")
        else { return problem }
        return nil
    }
}
