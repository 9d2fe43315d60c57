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
    public func findings() -> [AssetLinksCrossCheckFinding] {
        routeFindings() + ruleFindings()
    }

    /// Each rule that opens the app on a URL the gate refuses or no route takes, with the first
    /// such URL (at most one finding a rule), in the file's order.
    public func ruleFindings() -> [AssetLinksCrossCheckFinding] {
        var findings: [AssetLinksCrossCheckFinding] = []
        for (statementIndex, statement) in source.statements.enumerated()
        where statement.grantsAppLinks && statement.target.androidApp?.packageName == packageName {
            for (index, rule) in (statement.dynamicComponents ?? []).enumerated() where !rule.isExclusion {
                let reference = AssetLinksMatch.RuleReference(
                    statementIndex: statementIndex, componentIndex: index)
                // The rule as an Apple component: the two pattern languages agree on `*` and `?`.
                let compiled = CompiledRule(
                    component: AssetLinksGenerator.appleComponent(rule), detailDefaults: nil,
                    domainDefaults: nil,
                    variables: SubstitutionVariables(custom: [:]),
                    reference: RuleReference(detailIndex: 0, appIDs: [], kind: .component, index: index))
                for url in AssociationCrossCheck.exampleURLs(for: compiled, domain: domain) {
                    guard file.match(url, packageName: packageName).rule == reference else { continue }
                    let refusal: String
                    do {
                        let link = try gate.parse(url)
                        guard router.match(gate.sanitize(link).link) == nil else { continue }
                        refusal = "no route handles it"
                    } catch {
                        refusal = "the gate refuses it: \(error)"
                    }
                    findings.append(
                        AssetLinksCrossCheckFinding(
                            .urlWithoutRoute, route: nil, rule: reference, url: url,
                            "\(reference.jsonPath) sends \(url) to \(packageName), but \(refusal)"))
                    break
                }
            }
        }
        return findings
    }

    /// Every route whose link the file does not treat as the route's safety says, in table order.
    public func routeFindings() -> [AssetLinksCrossCheckFinding] {
        var findings: [AssetLinksCrossCheckFinding] = []
        for route in router.routes where route.scope.servesWeb {
            guard route.scope.hosts.isEmpty || route.scope.hosts.contains(where: { $0.matches(domain) })
            else {
                continue
            }
            let url: String
            switch AssociationCrossCheck.sampleLink(for: route, router: router, domain: domain) {
            case .success(let text): url = text
            case .failure(let error):
                findings.append(
                    AssetLinksCrossCheckFinding(
                        .routeWithoutSample, route: route.name, rule: nil, url: nil,
                        "no sample link could be written for route '\(route.name)': \(error)"))
                continue
            }
            let result = file.match(url, packageName: packageName)
            if route.safety == .destructive {
                if result.decision == .match {
                    findings.append(
                        AssetLinksCrossCheckFinding(
                            .destructiveRouteOpensApp, route: route.name, rule: result.rule, url: url,
                            "the destructive route '\(route.name)' opens \(packageName) straight from the web "
                                + "(\(url)); exclude it in assetlinks.json"))
                }
            } else if result.decision != .match {
                findings.append(
                    AssetLinksCrossCheckFinding(
                        .routeNotSentToApp, route: route.name, rule: result.rule, url: url,
                        "assetlinks.json does not send route '\(route.name)' to \(packageName) (\(url)): "
                            + result.reason.sentence))
            }
        }
        return findings
    }
}

/// One disagreement between a route table and an `assetlinks.json` file.
public struct AssetLinksCrossCheckFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What kind of disagreement.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A route's links do not open the app (no rule matches, or an exclusion does).
        case routeNotSentToApp
        /// A destructive route's links open the app straight from the web.
        case destructiveRouteOpensApp
        /// The file sends the app a URL that the gate refuses or no route handles.
        case urlWithoutRoute
        /// No sample link could be written for a route (custom parameter types, for example).
        case routeWithoutSample

        /// The stable code: `ASSETLINKS301` route not sent to the app, `ASSETLINKS302`
        /// destructive route opens the app, `ASSETLINKS303` URL without a route,
        /// `ASSETLINKS304` route without a sample link (the numbers follow the Apple file's
        /// `AASA3xx`). Codes never change meaning.
        public var code: String {
            switch self {
            case .routeNotSentToApp: "ASSETLINKS301"
            case .destructiveRouteOpensApp: "ASSETLINKS302"
            case .urlWithoutRoute: "ASSETLINKS303"
            case .routeWithoutSample: "ASSETLINKS304"
            }
        }
    }

    /// The kind.
    public let kind: Kind
    /// The route it is about; `nil` for a URL without a route.
    public let route: String?
    /// The rule that decided the route's sample link (or sent the URL without a route), when
    /// one did.
    public let rule: AssetLinksMatch.RuleReference?
    /// The sample link, when one could be written.
    public let url: String?
    /// A sentence.
    public let message: String

    /// Creates a finding.
    public init(
        _ kind: Kind, route: String?, rule: AssetLinksMatch.RuleReference?, url: String?, _ message: String
    ) {
        self.kind = kind
        self.route = route
        self.rule = rule
        self.url = url
        self.message = message
    }

    /// The stable code of the kind (`ASSETLINKS301`…).
    public var code: String { kind.code }

    /// The code and the message.
    public var description: String { "\(kind.code) \(kind.rawValue): \(message)" }
}
