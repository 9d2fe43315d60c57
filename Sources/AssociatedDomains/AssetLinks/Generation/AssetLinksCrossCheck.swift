import DeepLinks

/// Compares a route table with an `assetlinks.json` file for one app, both ways, as
/// ``AssociationCrossCheck`` does for Apple's file.
///
/// For every route that serves http(s) links on the domain, a sample link is written by
/// reverse routing (a valid value for each parameter) and decided by the file: a navigating or
/// sensitive route should open the app (``AssetLinksMatch/Decision/match``); a destructive one
/// should not. Then each rule that opens the app is tried with the URLs its patterns match at
/// their shortest and with a wildcard spanning two segments: a URL the rule decides that the
/// gate refuses or no route takes is reported (`ASSETLINKS303`). A generated file reports only
/// its routes' listed over-reach (``GeneratedAssetLinks/overReach``).
///
/// ```swift
/// let check = try AssetLinksCrossCheck(table: table, file: file, packageName: "com.example.app", domain: "example.com")
/// for finding in check.findings() { print(finding) }
/// ```
public struct AssetLinksCrossCheck: Sendable {
    /// The router built from the table.
    public let router: Router
    /// The file, compiled.
    public let file: CompiledAssetLinks
    /// The app whose links are compared.
    public let packageName: String
    /// The domain the file is served on.
    public let domain: String
    /// The gate the app's links pass (URLs it refuses are reported as URLs without a route).
    public let gate: LinkGate
    /// The file as read, for the rules' patterns.
    private let source: AssetLinksFile

    /// Prepares a cross-check; refuses a table that does not build.
    public init(
        table: RouteTable, file: AssetLinksFile, packageName: String, domain: String,
        registry: ParameterTypeRegistry = ParameterTypeRegistry(), gate: LinkGate = LinkGate()
    ) throws(RouteTableError) {
        router = try Router(table, registry: registry)
        self.file = CompiledAssetLinks(file)
        self.source = file
        self.packageName = packageName
        self.domain = domain.lowercased()
        self.gate = gate
    }

    /// Every finding: ``routeFindings()`` then ``ruleFindings()``.
    public func findings() -> [CrossCheckFinding] {
        routeFindings() + ruleFindings()
    }

    /// Each rule that opens the app on a URL the gate refuses or no route takes, with the first
    /// such URL (at most one finding a rule), in the file's order.
    public func ruleFindings() -> [CrossCheckFinding] {
        findingsForRules()
    }

    /// Every route whose link the file does not treat as the route's safety says, in table order.
    public func routeFindings() -> [CrossCheckFinding] {
        findingsForRoutes()
    }
}

// The platform's half of the one comparison (CrossCheckFinding.swift).
extension AssetLinksCrossCheck: CrossCheckedFile {
    var platform: AssociationPlatform { .android }
    var fileName: String { "assetlinks.json" }
    var subject: String { packageName }

    func decide(_ url: String) -> CrossCheckDecision {
        let result = file.match(url, packageName: packageName)
        return CrossCheckDecision(
            opensApp: result.decision == .match, rule: result.rule.map(CrossCheckFinding.Rule.android),
            whyNot: result.reason.sentence)
    }

    func openingRules() -> [(rule: CrossCheckFinding.Rule, urls: [String])] {
        var rules: [(rule: CrossCheckFinding.Rule, urls: [String])] = []
        for (statementIndex, statement) in source.statements.enumerated()
        where statement.grantsAppLinks && statement.target.androidApp?.packageName == packageName {
            for (index, rule) in (statement.dynamicComponents ?? []).enumerated() where !rule.isExclusion {
                // The rule as an Apple component: the two pattern languages agree on `*` and `?`.
                let compiled = CompiledRule(
                    component: AssetLinksGenerator.appleComponent(rule), detailDefaults: nil,
                    domainDefaults: nil, variables: SubstitutionVariables(custom: [:]),
                    reference: RuleReference(detailIndex: 0, appIDs: [], kind: .component, index: index))
                rules.append(
                    (
                        .android(
                            AssetLinksMatch.RuleReference(
                                statementIndex: statementIndex, componentIndex: index)),
                        AssociationCrossCheck.exampleURLs(for: compiled, domain: domain)
                    ))
            }
        }
        return rules
    }
}
