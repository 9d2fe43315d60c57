import DeepLinks
import Foundation

/// Compares a route table with an association file, both ways.
///
/// - **Routes the file does not send to the app.** For every route that serves http(s) links
///   on the domain, a sample link is written by reverse routing (with a valid value for each
///   parameter) and matched against the file: a navigating or sensitive route should
///   ``AssociationMatch/Decision/match``; a destructive one should not.
/// - **URLs the file sends to the app that no route handles.** For every component that can
///   open the app, example URLs are drawn from its patterns; each that the
///   file really sends to the app is passed through the gate and the router, and one that
///   nothing handles is reported: it would open the app on a blank screen.
///
/// ```swift
/// let check = try AssociationCrossCheck(
///     table: table, file: file, appID: "ABCDE12345.com.example.app", domain: "example.com")
/// for finding in check.findings() { print(finding) }
/// ```
public struct AssociationCrossCheck: Sendable, CrossCheckedFile {
    /// The router built from the table.
    public let router: Router
    /// The file, compiled.
    public let file: CompiledAssociationFile
    /// The App ID whose links are compared.
    public let appID: String
    /// The domain the file is served on.
    public let domain: String
    /// The gate that example URLs pass before the router.
    public let gate: LinkGate

    /// Prepares a cross-check; refuses a table that does not build.
    public init(
        table: RouteTable, file: AssociationFile, appID: String, domain: String,
        registry: ParameterTypeRegistry = ParameterTypeRegistry(), gate: LinkGate = LinkGate()
    ) throws(RouteTableError) {
        router = try Router(table, registry: registry)
        self.file = CompiledAssociationFile(file)
        self.appID = appID
        self.domain = domain.lowercased()
        self.gate = gate
    }

    /// Every disagreement: ``routeFindings()`` then ``ruleFindings()``.
    public func findings() -> [CrossCheckFinding] {
        routeFindings() + ruleFindings()
    }

    /// Routes the file does not treat as their safety says, in table order.
    public func routeFindings() -> [CrossCheckFinding] {
        findingsForRoutes()
    }

    /// Components that send the app URLs no route handles (at most one finding a component),
    /// in the file's order.
    public func ruleFindings() -> [CrossCheckFinding] {
        findingsForRules()
    }

    /// The URLs on `domain` a rule is tried with: its patterns' shortest witness and a long one
    /// whose path spans two segments where a wildcard allows it.
    static func exampleURLs(for rule: CompiledRule, domain: String) -> [String] {
        var urls: [String] = []
        for fill in [nil, "x/y"] as [String?] {
            /// The witness of a part: `""` when the rule has no pattern for it, `nil` when the
            /// pattern matches nothing.
            func witness(_ part: String) -> String? {
                guard let node = rule.parsedPatterns.first(where: { $0.part == part })?.parsed.node else {
                    return ""
                }
                guard let fill else { return PatternWitness.short(node) }
                return PatternWitness.long(node, fill: part == "/" ? fill : "x")
            }
            guard let path = witness("/"), let query = witness("?"), let fragment = witness("#") else {
                continue
            }
            var url =
                "https://" + domain + "/" + encoded(path, rule: rule, allowing: .pathSegment, keepSlash: true)
            var queryParts: [String] = []
            if !query.isEmpty {
                queryParts.append(encoded(query, rule: rule, allowing: .fragment, keepSlash: false))
            }
            var matchesNothing = false
            for entry in rule.parsedPatterns where entry.part.hasPrefix("?") && entry.part.count > 1 {
                guard let value = witness(entry.part) else {
                    matchesNothing = true
                    break
                }
                // An absent item is the empty string, so an empty witness is written by leaving the item out.
                guard !value.isEmpty else { continue }
                queryParts.append(
                    encoded(
                        String(entry.part.dropFirst()), rule: rule, allowing: .queryItem, keepSlash: false)
                        + "="
                        + encoded(value, rule: rule, allowing: .queryItem, keepSlash: false))
            }
            if matchesNothing { continue }
            if !queryParts.isEmpty { url += "?" + queryParts.joined(separator: "&") }
            if !fragment.isEmpty {
                url += "#" + encoded(fragment, rule: rule, allowing: .fragment, keepSlash: false)
            }
            if !urls.contains(url) { urls.append(url) }
        }
        return urls
    }

    /// The witness as URL text: as it is for a percent-encoded rule, encoded for one that
    /// compares decoded text.
    private static func encoded(
        _ text: String, rule: CompiledRule, allowing: PercentEncoding.Allowed, keepSlash: Bool
    ) -> String {
        guard !rule.percentEncoded else { return text }
        guard keepSlash else { return PercentEncoding.encode(text, allowing: allowing) }
        return text.split(separator: "/", omittingEmptySubsequences: false)
            .map { PercentEncoding.encode(String($0), allowing: allowing) }.joined(separator: "/")
    }

    /// A link for the route on `domain` from sample parameter values, trying a second set when
    /// the first leads to another route (shared with ``AssetLinksCrossCheck``).
    static func sampleLink(for route: Route, router: Router, domain: String) -> Result<
        String, ReverseRoutingError
    > {
        var lastError: ReverseRoutingError?
        for variant in 0..<2 {
            var pairs: [(String, ParameterValue)] = []
            for segment in route.path.segments {
                switch segment {
                case .literal: continue
                case .parameter(let name, let type):
                    if let value = SampleValues.value(for: router.table.resolved(type), variant: variant) {
                        pairs.append((name, value))
                    }
                case .catchAll(let name, let type):
                    if case .string(let text)? = SampleValues.value(
                        for: router.table.resolved(type), variant: variant)
                    {
                        pairs.append((name, .segments([text])))
                    } else if let value = SampleValues.value(
                        for: router.table.resolved(type), variant: variant)
                    {
                        pairs.append((name, .segments([value.text])))
                    }
                }
            }
            for parameter in route.query where parameter.isRequired {
                if let value = SampleValues.value(
                    for: router.table.resolved(parameter.type), variant: variant)
                {
                    pairs.append((parameter.name, value))
                }
            }
            if case .parameter(let declaration) = route.fragment, declaration.isRequired,
                let value = SampleValues.value(for: router.table.resolved(declaration.type), variant: variant)
            {
                pairs.append((declaration.name, value))
            }
            do {
                return .success(
                    try router.link(
                        for: route.name, parameters: RouteParameters(pairs), scheme: "https", host: domain))
            } catch {
                lastError = error
            }
        }
        return .failure(lastError ?? .unknownRoute(route.name))
    }
}

// The platform's half of the one comparison (CrossCheckFinding.swift).
extension AssociationCrossCheck {
    var platform: AssociationPlatform { .apple }
    var fileName: String { "the association file" }
    var subject: String { "the app" }

    func decide(_ url: String) -> CrossCheckDecision {
        let result = file.match(url, appID: appID, domain: domain)
        let whyNot =
            result.decision == .exclude
            ? "it is excluded by \(result.rule?.jsonPath ?? "a rule")" : result.reason.sentence
        return CrossCheckDecision(
            opensApp: result.decision == .match, rule: result.rule.map(CrossCheckFinding.Rule.apple),
            whyNot: whyNot)
    }

    func openingRules() -> [(rule: CrossCheckFinding.Rule, urls: [String])] {
        file.details.filter { $0.appIDs.contains(appID) }.flatMap { detail in
            detail.rules.filter { !$0.exclude && $0.isReadable }.map { rule in
                (CrossCheckFinding.Rule.apple(rule.reference), Self.exampleURLs(for: rule, domain: domain))
            }
        }
    }
}
