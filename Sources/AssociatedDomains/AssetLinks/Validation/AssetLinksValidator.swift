import DeepLinksJSON

/// Checks an `assetlinks.json` file against the Digital Asset Links format and what its App
/// Links statements and dynamic rules can do.
///
/// Findings carry a stable code (``AssetLinksFinding/Code``), a severity, a sentence and a JSON
/// path. Reading's findings come first (size, JSON syntax, duplicate keys, unknown keys, value
/// types, relations, targets, package names, fingerprints, rules), then, when reading found no
/// error, what the statements do together: no app granted App Links, an app in several statements, rules that never decide
/// because an earlier rule matches every URL they match, and rule lists that open nothing.
///
/// The cost is linear in the file: bytes over ``AssetLinksFile/maximumByteCount`` are refused
/// before parsing, reading looks at each value once, the rule comparison compares each rule
/// with one summary of the rules before it (a rule matching everything, and the set of rules
/// seen), and each code reports at most ``maximumFindingsPerCode`` findings, then one line
/// counting the rest.
///
/// ```swift
/// let findings = AssetLinksValidator().validate(bytes: served)
/// for finding in findings where finding.severity == .error { print(finding) }
/// ```
public struct AssetLinksValidator: Sendable {
    /// The most findings of one code reported one by one.
    public var maximumFindingsPerCode: Int

    /// Creates a validator.
    public init(maximumFindingsPerCode: Int = 100) {
        self.maximumFindingsPerCode = max(maximumFindingsPerCode, 1)
    }

    /// Validates bytes as served. At most ``AssetLinksFile/maximumByteCount`` plus one bytes of
    /// the sequence are read.
    public func validate(bytes: some Sequence<UInt8>) -> [AssetLinksFinding] {
        do {
            let result = try AssetLinksReader.read(bytes: bytes)
            return capped(result.findings + Self.analysis(of: result.file, after: result.findings))
        } catch {
            return [Self.finding(for: error)]
        }
    }

    /// Validates a parsed JSON value (duplicate keys cannot be seen here: validate bytes for them).
    public func validate(json: JSONValue) -> [AssetLinksFinding] {
        var reader = AssetLinksReader()
        guard let file = reader.file(json) else { return reader.findings }
        return capped(reader.findings + Self.analysis(of: file, after: reader.findings))
    }

    /// Validates a typed list: what its statements and rules do together.
    public func validate(_ file: AssetLinksFile) -> [AssetLinksFinding] {
        validate(json: file.json)
    }

    /// The finding for bytes that could not be read as a list at all.
    public static func finding(for error: AssetLinksError) -> AssetLinksFinding {
        switch error {
        case .empty: AssetLinksFinding(.emptyFile, at: "$", "the file is empty")
        case .tooLarge: AssetLinksFinding(.fileTooLarge, at: "$", error.description)
        case .invalidJSON(let syntax):
            AssetLinksFinding(.invalidJSON, at: "$", "the file is not valid JSON: \(syntax)")
        case .notAnArray(let found):
            AssetLinksFinding(
                .notAnArray, at: "$", "the file must be a JSON array of statements, but it is \(found)")
        case .invalid(let findings):
            findings.first ?? AssetLinksFinding(.notAnArray, at: "$", error.description)
        }
    }

    /// What the statements do together, once the file reads without errors (a statement or
    /// rule that did not read would make these findings wrong).
    static func analysis(of file: AssetLinksFile, after reading: [AssetLinksFinding]) -> [AssetLinksFinding] {
        guard reading.allSatisfy({ $0.severity < .error }) else { return [] }
        var findings: [AssetLinksFinding] = []
        if !file.statements.contains(where: \.grantsAppLinks) {
            findings.append(
                AssetLinksFinding(
                    .noAppLinksStatement, at: "$",
                    "no statement grants '\(AssetStatement.handleAllURLs)' to an Android app, so no app "
                        + "opens this domain's links"))
        }
        var firstStatement: [String: Int] = [:]
        for (index, statement) in file.statements.enumerated() where statement.grantsAppLinks {
            guard let name = statement.target.androidApp?.packageName else { continue }
            if let earlier = firstStatement[name] {
                findings.append(
                    AssetLinksFinding(
                        .duplicatePackage, at: "$[\(index)]",
                        "'\(name)' is already granted App Links by statement \(earlier); keep one statement "
                            + "per app (with all its fingerprints), so its dynamic rules are in one place"))
            } else {
                firstStatement[name] = index
            }
            guard let components = statement.dynamicComponents else { continue }
            let base =
                "$[\(index)].relation_extensions[\"\(AssetStatement.handleAllURLs)\"]"
                + ".dynamic_app_link_components"
            findings += ruleAnalysis(components, at: base, package: name)
        }
        return findings
    }

    /// Rules that never decide, and rule lists that open nothing.
    static func ruleAnalysis(_ components: [DynamicAppLinkComponent], at base: String, package: String)
        -> [AssetLinksFinding]
    {
        var findings: [AssetLinksFinding] = []
        var seen: [DynamicAppLinkComponent: Int] = [:]
        var everything: Int?
        for (index, component) in components.enumerated() {
            var matchers = component
            matchers.exclude = nil
            matchers.comments = nil
            if let everything {
                findings.append(
                    AssetLinksFinding(
                        .unreachableComponent, at: "\(base)[\(index)]",
                        "this rule never decides: rule \(everything) matches every URL first"))
            } else if let earlier = seen[matchers] {
                findings.append(
                    AssetLinksFinding(
                        .unreachableComponent, at: "\(base)[\(index)]",
                        "this rule never decides: rule \(earlier) has the same matchers and comes first"))
            } else {
                seen[matchers] = index
            }
            if everything == nil, component.matchesEverything { everything = index }
        }
        if !components.contains(where: { !$0.isExclusion }) {
            findings.append(
                AssetLinksFinding(
                    .noComponentOpensApp, at: base,
                    "no rule opens '\(package)': on Android 15 and later a URL no rule includes stays in the "
                        + "browser, so the app opens none of this domain's links"))
        }
        return findings
    }

    /// The findings with at most ``maximumFindingsPerCode`` of each code, then one line each.
    private func capped(_ findings: [AssetLinksFinding]) -> [AssetLinksFinding] {
        var counts: [AssetLinksFinding.Code: Int] = [:]
        var kept: [AssetLinksFinding] = []
        for finding in findings {
            counts[finding.code, default: 0] += 1
            if counts[finding.code, default: 0] <= maximumFindingsPerCode { kept.append(finding) }
        }
        for code in AssetLinksFinding.Code.allCases {
            guard let count = counts[code], count > maximumFindingsPerCode else { continue }
            kept.append(
                AssetLinksFinding(
                    code, at: "$", "… and \(count - maximumFindingsPerCode) more \(code.rawValue) findings"))
        }
        return kept
    }
}
