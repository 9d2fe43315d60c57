import DeepLinks

/// The platform whose association file a finding is about: Apple's
/// `apple-app-site-association` or Android's `assetlinks.json`.
public enum AssociationPlatform: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple's `apple-app-site-association`.
    case apple
    /// Android's `assetlinks.json`.
    case android

    /// The prefix of the platform's finding codes: `AASA` or `ASSETLINKS`.
    public var codePrefix: String {
        switch self {
        case .apple: "AASA"
        case .android: "ASSETLINKS"
        }
    }
}

/// One disagreement between a route table and an association file, of either platform.
///
/// ``AssociationCrossCheck`` (Apple's file) and ``AssetLinksCrossCheck`` (Android's) make the
/// same four kinds of finding from the same comparison; only the code's prefix (`AASA301`,
/// `ASSETLINKS301`) and the rule's reference differ.
public struct CrossCheckFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
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

        /// The number of the kind's code, the same on both platforms: 301 route not sent to the
        /// app, 302 destructive route opens the app, 303 URL without a route, 304 route without a
        /// sample link. Numbers never change meaning.
        public var number: Int {
            switch self {
            case .routeNotSentToApp: 301
            case .destructiveRouteOpensApp: 302
            case .urlWithoutRoute: 303
            case .routeWithoutSample: 304
            }
        }

        /// The stable code on a platform: `AASA301`, `ASSETLINKS301`, ….
        public func code(on platform: AssociationPlatform) -> String {
            platform.codePrefix + String(number)
        }

        /// How much it matters: an error when links go where they must not (a route the file
        /// keeps from the app, a destructive route it opens), a warning for a URL no route
        /// handles, a note when no sample link could be written.
        public var severity: Diagnostic.Severity {
            switch self {
            case .routeNotSentToApp, .destructiveRouteOpensApp: .error
            case .urlWithoutRoute: .warning
            case .routeWithoutSample: .note
            }
        }
    }

    /// The rule of a file a finding is about.
    public enum Rule: Sendable, Hashable, Encodable {
        /// A component (or legacy path) of Apple's file.
        case apple(RuleReference)
        /// A dynamic rule of Android's file.
        case android(AssetLinksMatch.RuleReference)

        /// The rule's JSON path in its file.
        public var jsonPath: String {
            switch self {
            case .apple(let reference): reference.jsonPath
            case .android(let reference): reference.jsonPath
            }
        }

        /// The reference when the rule is Apple's, else `nil`.
        public var appleReference: RuleReference? {
            if case .apple(let reference) = self { reference } else { nil }
        }

        /// The reference when the rule is Android's, else `nil`.
        public var androidReference: AssetLinksMatch.RuleReference? {
            if case .android(let reference) = self { reference } else { nil }
        }

        /// Encodes the reference itself, as the platform's matcher reports it.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .apple(let reference): try reference.encode(to: encoder)
            case .android(let reference): try reference.encode(to: encoder)
            }
        }
    }

    /// The platform of the file.
    public let platform: AssociationPlatform
    /// The kind.
    public let kind: Kind
    /// The route it is about; `nil` for a URL without a route.
    public let route: String?
    /// The rule that decided the route's sample link (or sent the URL without a route), when
    /// one did.
    public let rule: Rule?
    /// The URL that shows the disagreement, when one could be written.
    public let url: String?
    /// A sentence.
    public let message: String

    /// Creates a finding.
    public init(
        _ kind: Kind, on platform: AssociationPlatform, route: String?, rule: Rule?, url: String?,
        _ message: String
    ) {
        self.platform = platform
        self.kind = kind
        self.route = route
        self.rule = rule
        self.url = url
        self.message = message
    }

    /// The stable code of the kind on the file's platform (`AASA301`, `ASSETLINKS301`, …).
    public var code: String { kind.code(on: platform) }

    /// How much it matters (``Kind/severity``).
    public var severity: Diagnostic.Severity { kind.severity }

    /// Where the finding is: the rule's JSON path, or `route <name>`; empty when neither.
    public var location: String { rule?.jsonPath ?? route.map { "route \($0)" } ?? "" }

    /// The code and the message.
    public var description: String { "\(code) \(kind.rawValue): \(message)" }
}

/// What the one comparison of a table with a file needs of the file's platform: how the file
/// decides a URL, and which rules open the app, with the URLs each is tried with.
/// ``AssociationCrossCheck`` and ``AssetLinksCrossCheck`` conform; the comparison itself is
/// written once, below.
protocol CrossCheckedFile {
    /// The router built from the table.
    var router: Router { get }
    /// The domain the file is served on (lower-case).
    var domain: String { get }
    /// The gate the app's links pass.
    var gate: LinkGate { get }
    /// The platform.
    var platform: AssociationPlatform { get }
    /// The file as a sentence names it ("the association file", "assetlinks.json").
    var fileName: String { get }
    /// Whom the file opens ("the app", a package name).
    var subject: String { get }
    /// How the file decides a URL: whether it opens the app, the rule that decided, and why
    /// it does not open the app when it does not.
    func decide(_ url: String) -> CrossCheckDecision
    /// Every rule that can open the app, in the file's order, with the URLs it is tried with.
    func openingRules() -> [(rule: CrossCheckFinding.Rule, urls: [String])]
}

/// How a file decided one URL, for the cross-check.
struct CrossCheckDecision {
    /// Whether the file opens the app on it.
    var opensApp: Bool
    /// The rule that decided, when one did.
    var rule: CrossCheckFinding.Rule?
    /// Why the app is not opened, as a sentence (read only when it is not).
    var whyNot: String
}

extension CrossCheckedFile {
    /// Every route whose sample link the file does not treat as the route's safety says, in
    /// table order.
    func findingsForRoutes() -> [CrossCheckFinding] {
        var findings: [CrossCheckFinding] = []
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
                    CrossCheckFinding(
                        .routeWithoutSample, on: platform, route: route.name, rule: nil, url: nil,
                        "no sample link could be written for route '\(route.name)': \(error)"))
                continue
            }
            let decided = decide(url)
            if route.safety == .destructive {
                if decided.opensApp {
                    findings.append(
                        CrossCheckFinding(
                            .destructiveRouteOpensApp, on: platform, route: route.name, rule: decided.rule,
                            url: url,
                            "the destructive route '\(route.name)' opens \(subject) straight from the web "
                                + "(\(url)); exclude it in \(fileName)"))
                }
            } else if !decided.opensApp {
                findings.append(
                    CrossCheckFinding(
                        .routeNotSentToApp, on: platform, route: route.name, rule: decided.rule, url: url,
                        "\(fileName) does not send route '\(route.name)' to \(subject) (\(url)): "
                            + decided.whyNot))
            }
        }
        return findings
    }

    /// Each rule that opens the app on a URL the gate refuses or no route takes, with the first
    /// such URL (at most one finding a rule), in the file's order.
    func findingsForRules() -> [CrossCheckFinding] {
        var findings: [CrossCheckFinding] = []
        for (rule, urls) in openingRules() {
            for url in urls {
                let decided = decide(url)
                guard decided.opensApp, decided.rule == rule else { continue }
                let refusal: String
                do {
                    let link = try gate.parse(url)
                    guard router.match(gate.sanitize(link).link) == nil else { continue }
                    refusal = "no route handles it"
                } catch {
                    refusal = "the gate refuses it: \(error)"
                }
                findings.append(
                    CrossCheckFinding(
                        .urlWithoutRoute, on: platform, route: nil, rule: rule, url: url,
                        "\(rule.jsonPath) sends \(url) to \(subject), but \(refusal)"))
                break
            }
        }
        return findings
    }
}

extension CrossCheckFinding {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(platform, forKey: "platform")
        try c.encode(kind, forKey: "kind")
        try c.encodeIfPresent(route, forKey: "route")
        try c.encodeIfPresent(rule, forKey: "rule")
        try c.encodeIfPresent(url, forKey: "url")
        try c.encode(message, forKey: "message")
    }
}
