import AssociatedDomains
import DeepLinks
import LinkPreviews

/// What the audit found for one URL: whether tapping it opens each app and which rule decides,
/// what the app then does, the mismatches, and (when previews are audited) the page's preview.
///
/// ```swift
/// let result = await audit.audit("https://shop.example.com/help/returns")
/// result.verdict                    // .blankScreen
/// result.apps[0].decidedBy          // "$.applinks.details[0].components[3]"
/// result.findings.map(\.code)       // [.opensAppWithoutRoute]
/// ```
public struct URLAudit: Sendable, Hashable {
    /// The URL as the site lists it.
    public let url: String
    /// The verdict for each App ID, in the order the audit was given them.
    public let apps: [AppAudit]
    /// What the app does with the link once it has it (the receiver's decision for a
    /// universal link).
    public let decision: LinkDecision
    /// The mismatches, worst first.
    public let findings: [AuditFinding]
    /// The page's preview, when previews are audited.
    public let preview: PreviewAudit?
    /// The verdict: the worst thing that happens to the link.
    public let verdict: AuditVerdict
    /// The verdict for each Android package, when Android's `assetlinks.json` is audited.
    public let android: [AndroidAudit]

    /// Creates a result.
    public init(
        url: String, apps: [AppAudit], decision: LinkDecision, findings: [AuditFinding],
        preview: PreviewAudit?,
        verdict: AuditVerdict, android: [AndroidAudit] = []
    ) {
        self.url = url
        self.apps = apps
        self.android = android
        self.decision = decision
        self.findings = findings
        self.preview = preview
        self.verdict = verdict
    }

    /// Whether tapping the link opens at least one of the apps.
    public var opensApp: Bool { apps.contains(where: \.opensApp) }

    /// The route that takes the link, when one does.
    public var route: String? { decision.match?.route }

    /// `route`, `confirm`, `openInBrowser` or `reject`: what the app does with the link.
    public var outcome: String {
        switch decision.outcome {
        case .route: "route"
        case .confirm: "confirm"
        case .openInBrowser: "openInBrowser"
        case .reject: "reject"
        }
    }

    /// Why the app does what it does: the route's safety, the fallback's or the refusal's reason.
    public var outcomeReason: String? {
        switch decision.outcome {
        case .route: nil
        case .confirm(let match): "route '\(match.route)' is \(match.safety.rawValue): the app asks first"
        case .openInBrowser(_, let reason): reason.description
        case .reject(let rejection): rejection.description
        }
    }
}

/// Whether tapping a URL opens one app, and what decides it.
public struct AppAudit: Sendable, Hashable {
    /// The App ID (`TEAMID.bundle.id`).
    public let appID: String
    /// The device's decision, with every reason (a tap from another app, no earlier choice).
    public let decision: UniversalLinkDecision

    /// Creates a verdict for one app.
    public init(appID: String, decision: UniversalLinkDecision) {
        self.appID = appID
        self.decision = decision
    }

    /// Whether tapping the link opens the app.
    public var opensApp: Bool { decision.opensApp }

    /// What decides: the JSON path of the association file's rule that matched first
    /// (`$.applinks.details[0].components[2]`), or, when no rule decided, `notWebLink`,
    /// `unreadableURL`, `missingHost`, `entitlement` (no entry covers the host),
    /// `associationFileMissing`, `appNotInAssociationFile` or `noRuleMatched`.
    public var decidedBy: String {
        if let rule = decision.match?.rule { return rule.jsonPath }
        for reason in decision.reasons {
            switch reason {
            case .unreadableURL: return "unreadableURL"
            case .notWebLink: return "notWebLink"
            case .missingHost: return "missingHost"
            case .hostNotInEntitlement: return "entitlement"
            case .associationFileMissing: return "associationFileMissing"
            case .appNotInAssociationFile: return "appNotInAssociationFile"
            case .noRuleMatched: return "noRuleMatched"
            default: continue
            }
        }
        return "noRuleMatched"
    }
}

/// Whether tapping a URL opens one Android app, as the `assetlinks.json` of the link's host decides.
public struct AndroidAudit: Sendable, Hashable {
    /// The app's package name.
    public let packageName: String
    /// What the file decides; `nil` when there is no file for the link's host.
    public let match: AssetLinksMatch?

    /// Creates a verdict for one Android app.
    public init(packageName: String, match: AssetLinksMatch?) {
        self.packageName = packageName
        self.match = match
    }

    /// Whether tapping the link opens the app (without dynamic rules: when its manifest declares
    /// the link, which no file shows, so the audit counts it as opening).
    public var opensApp: Bool { match?.decision == .match }

    /// What decides: the JSON path of the dynamic rule that matched first, or `noAssetLinksFile`,
    /// `appNotAssociated`, `noRuleMatched`, `manifest` (no dynamic rules), `notWebLink` or
    /// `unreadableURL`.
    public var decidedBy: String {
        guard let match else { return "noAssetLinksFile" }
        if let rule = match.rule { return rule.jsonPath }
        switch match.reason {
        case .includedByRule, .excludedByRule, .noRuleMatched: return "noRuleMatched"
        case .noDynamicRules: return "manifest"
        case .appNotAssociated: return "appNotAssociated"
        case .notWeb: return "notWebLink"
        case .invalidURL: return "unreadableURL"
        }
    }
}

/// What a page's preview shows, and where its Smart App Banner leads.
public struct PreviewAudit: Sendable, Hashable {
    /// How the preview was chosen.
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// The route's provider supplied the preview.
        case routed
        /// The site's generic preview (no route, a confirmed route, no provider).
        case generic
        /// The route's provider found no content: the page answers 404.
        case notFound
        /// The link gets no preview at all (refused, or not a web link).
        case none
    }

    /// How the preview was chosen.
    public let status: Status
    /// Where the preview came from, when there is one.
    public let source: PreviewSource?
    /// The Smart App Banner's content (`app-id=…, app-argument=…`), when there is a preview.
    public let bannerContent: String?
    /// The banner's `app-argument`, when there is a preview.
    public let bannerArgument: String?
    /// Why there is no preview, for ``Status/none``.
    public let reason: String?

    /// Creates a preview result.
    public init(
        status: Status, source: PreviewSource?, bannerContent: String?, bannerArgument: String?,
        reason: String?
    ) {
        self.status = status
        self.source = source
        self.bannerContent = bannerContent
        self.bannerArgument = bannerArgument
        self.reason = reason
    }
}

/// The worst thing that happens to a link, for counting and sorting; cases are listed worst
/// first.
public enum AuditVerdict: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The link opens the app and no route takes it (`AUDIT001`).
    case blankScreen
    /// The link opens a sensitive or destructive route straight from the web (`AUDIT003`).
    case unguardedRoute
    /// A route takes the link, but it opens in the browser (`AUDIT002`, `AUDIT004`, `AUDIT005`).
    case missedRoute
    /// The app refuses the link (`AUDIT006`).
    case refused
    /// The link opens in the browser and the app has no route for it either: as meant.
    case browser
    /// The link opens the app on its route: as meant.
    case route

    /// Orders verdicts worst first.
    public static func < (left: AuditVerdict, right: AuditVerdict) -> Bool {
        left.rank < right.rank
    }

    private var rank: Int {
        switch self {
        case .blankScreen: 0
        case .unguardedRoute: 1
        case .missedRoute: 2
        case .refused: 3
        case .browser: 4
        case .route: 5
        }
    }

    /// Whether the verdict is one of the intended ones (``browser``, ``route``).
    public var isIntended: Bool { self == .browser || self == .route }

    /// A few words for reports.
    public var title: String {
        switch self {
        case .blankScreen: "opens the app on nothing"
        case .unguardedRoute: "opens a guarded route from the web"
        case .missedRoute: "a route the link never reaches"
        case .refused: "refused by the app"
        case .browser: "stays in the browser"
        case .route: "opens the app on its route"
        }
    }
}
