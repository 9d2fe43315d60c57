import DeepLinks

/// Compares a route table with an `assetlinks.json` file for one app: does each route's link
/// go where its safety says?
///
/// For every route that serves http(s) links on the domain, a sample link is written by
/// reverse routing (a valid value for each parameter, as ``AssociationCrossCheck`` does) and
/// decided by the file: a navigating or sensitive route should open the app
/// (``AssetLinksMatch/Decision/match``); a destructive one should not. A generated file passes;
/// a hand-edited one that drifted from the table does not.
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

    /// Prepares a cross-check; refuses a table that does not build.
    public init(
        table: RouteTable, file: AssetLinksFile, packageName: String, domain: String,
        registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) throws(RouteTableError) {
        router = try Router(table, registry: registry)
        self.file = CompiledAssetLinks(file)
        self.packageName = packageName
        self.domain = domain.lowercased()
    }

    /// Every route whose link the file does not treat as the route's safety says, in table order.
    public func findings() -> [AssetLinksCrossCheckFinding] {
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
        /// No sample link could be written for a route (custom parameter types, for example).
        case routeWithoutSample

        /// The stable code: `ASSETLINKS301` route not sent to the app, `ASSETLINKS302`
        /// destructive route opens the app, `ASSETLINKS304` route without a sample link (the
        /// numbers follow the Apple file's `AASA3xx`). Codes never change meaning.
        public var code: String {
            switch self {
            case .routeNotSentToApp: "ASSETLINKS301"
            case .destructiveRouteOpensApp: "ASSETLINKS302"
            case .routeWithoutSample: "ASSETLINKS304"
            }
        }
    }

    /// The kind.
    public let kind: Kind
    /// The route it is about.
    public let route: String
    /// The rule that decided the route's sample link, when one did.
    public let rule: AssetLinksMatch.RuleReference?
    /// The sample link, when one could be written.
    public let url: String?
    /// A sentence.
    public let message: String

    /// Creates a finding.
    public init(
        _ kind: Kind, route: String, rule: AssetLinksMatch.RuleReference?, url: String?, _ message: String
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
