import AssociatedDomains
import DeepLinks
import LinkPreviews

/// Every URL of a site through every file a universal link crosses: the entitlement, the
/// association file, the app's receiver and route table, and (optionally) the page's preview.
///
/// For each URL and each App ID the audit asks what a device decides when the link is tapped
/// in another app (`UniversalLinkDecision`), asks the app's `LinkReceiver` what it does
/// with the link, and compares the two. The mismatches that matter get a stable code
/// (``AuditFinding/Code``); the worst of them gives the URL its ``AuditVerdict``.
///
/// Sensitive and destructive routes are expected to stay in the browser: a guarded route that
/// the file keeps out of the app is as meant, one it sends to the app is `AUDIT003`.
///
/// **Cost:** for each URL, one pass of the gate and router and one association-file match per
/// App ID (each linear in the URL, see the association file's cost bounds), plus the preview
/// when previews are audited; the whole audit is linear in the number of URLs. Each distinct
/// association file and `assetlinks.json` is compiled once, however many domains or hosts
/// it is given for, and when Android is audited the table's intent filter is written once per
/// host with an `assetlinks.json` (each URL is then matched against its paths).
///
/// ```swift
/// let audit = try SiteAudit(
///     receiver: receiver, entitlement: try AssociatedDomainsEntitlement(["applinks:shop.example.com"]),
///     associationFiles: ["shop.example.com": file])
/// let report = await audit.audit(sitemap.locations)
/// report.count(of: .blankScreen)     // links that open the app on nothing
/// ```
public struct SiteAudit: Sendable {
    /// The app's entry point: gate, custom schemes, route table.
    public let receiver: LinkReceiver
    /// The app's Associated Domains entitlement.
    public let entitlement: AssociatedDomainsEntitlement
    /// The App IDs audited, in order.
    public let appIDs: [String]
    /// The preview service, when previews are audited.
    public let previews: LinkPreviewService?
    /// The Android packages audited, in order; empty when Android is not audited.
    public let androidPackages: [String]
    /// The association files by the domain they are served on, compiled.
    let files: [String: CompiledAssociationFile]
    /// Android's statement lists by the host they are served on, compiled.
    let assetLinks: [String: CompiledAssetLinks]
    /// For each host with a statement list, the intent filter the app's manifest declares for it,
    /// written from the route table (`AssetLinksGenerator.intentFilter(from:)`).
    let intentFilters: [String: AndroidIntentFilter]

    /// Prepares an audit.
    ///
    /// - Parameters:
    ///   - receiver: The app's receiver (its table and configuration).
    ///   - entitlement: The app's entitlement.
    ///   - associationFiles: The association file of each domain, keyed by the domain it is
    ///     served on (for a wildcard entry `*.example.com`, `example.com`).
    ///   - appIDs: The App IDs to audit; by default every App ID the files' `applinks` name.
    ///   - previews: A preview service, to audit each page's preview and banner.
    ///   - assetLinks: Android's `assetlinks.json` of each host, keyed by the host it is served on,
    ///     to compare Android's verdict with Apple's (`AUDIT008`), and its dynamic rules with the
    ///     intent filter the table writes for the app's manifest (`AUDIT009`).
    ///   - androidPackages: The Android packages to audit; by default every package the
    ///     `assetlinks.json` files grant App Links.
    /// - Throws: ``SiteAuditError/noAppID`` when there is no App ID to audit.
    public init(
        receiver: LinkReceiver, entitlement: AssociatedDomainsEntitlement,
        associationFiles: [String: AssociationFile], appIDs: [String]? = nil,
        previews: LinkPreviewService? = nil,
        assetLinks: [String: AssetLinksFile] = [:], androidPackages: [String]? = nil
    ) throws(SiteAuditError) {
        // One file given for many domains or hosts (the tool gives one file for every host of
        // the sitemaps) is compiled once: compiling it per host would multiply its cost by the
        // number of hosts. A copy of the same value compares equal at once (same storage).
        var compiledFiles: [(file: AssociationFile, compiled: CompiledAssociationFile)] = []
        var compiled: [String: CompiledAssociationFile] = [:]
        for (domain, file) in associationFiles {
            if let known = compiledFiles.first(where: { $0.file == file }) {
                compiled[domain.lowercased()] = known.compiled
            } else {
                let made = CompiledAssociationFile(file)
                compiledFiles.append((file, made))
                compiled[domain.lowercased()] = made
            }
        }
        var ids = appIDs ?? []
        if appIDs == nil {
            for domain in compiled.keys.sorted() {
                for id in compiled[domain]?.appIDs ?? [] where !ids.contains(id) { ids.append(id) }
            }
        }
        guard !ids.isEmpty else { throw .noAppID }
        self.receiver = receiver
        self.entitlement = entitlement
        self.appIDs = ids
        self.previews = previews
        files = compiled
        var packages = androidPackages ?? []
        var android: [String: CompiledAssetLinks] = [:]
        var compiledAssetLinks: [(file: AssetLinksFile, compiled: CompiledAssetLinks)] = []
        for host in assetLinks.keys.sorted() {
            guard let file = assetLinks[host] else { continue }
            if let known = compiledAssetLinks.first(where: { $0.file == file }) {
                android[host.lowercased()] = known.compiled
                continue
            }
            let made = CompiledAssetLinks(file)
            compiledAssetLinks.append((file, made))
            android[host.lowercased()] = made
            if androidPackages == nil {
                for name in file.appLinksPackages where !packages.contains(name) { packages.append(name) }
            }
        }
        self.androidPackages = packages
        self.assetLinks = android
        var filters: [String: AndroidIntentFilter] = [:]
        if !packages.isEmpty {
            for host in android.keys {
                filters[host] = AssetLinksGenerator(apps: [], domain: host).intentFilter(
                    from: receiver.router.table)
            }
        }
        intentFilters = filters
    }

    /// The audit of one URL.
    public func audit(_ url: String) async -> URLAudit {
        let decision = receiver.receive(url: url)
        let apps = appIDs.map { appID in
            AppAudit(
                appID: appID,
                decision: UniversalLinkDecision(
                    url: url, appID: appID, entitlement: entitlement, associationFiles: files,
                    context: TapContext()))
        }
        var findings = findings(url: url, decision: decision, apps: apps)
        let android = androidAudits(url)
        findings += androidFindings(android, apps: apps)
        findings += manifestFindings(url, android: android)
        var preview: PreviewAudit?
        if let previews {
            let (result, previewFindings) = await self.preview(url, service: previews)
            preview = result
            findings += previewFindings
        }
        findings.sort { ($0.severity, $1.code) > ($1.severity, $0.code) }
        return URLAudit(
            url: url, apps: apps, decision: decision, findings: findings, preview: preview,
            verdict: Self.verdict(findings: findings, decision: decision, apps: apps), android: android)
    }

    /// Each Android package's verdict, from the `assetlinks.json` of the link's host.
    func androidAudits(_ url: String) -> [AndroidAudit] {
        guard !androidPackages.isEmpty else { return [] }
        let parsed = try? AssociationURL(url)
        let file = parsed?.host.flatMap { assetLinks[$0.lowercased()] }
        return androidPackages.map { name in
            AndroidAudit(
                packageName: name, match: parsed.flatMap { url in file?.match(url, packageName: name) })
        }
    }

    /// `AUDIT008` for each Android package that decides otherwise than Apple.
    func androidFindings(_ android: [AndroidAudit], apps: [AppAudit]) -> [AuditFinding] {
        let appleOpens = apps.contains(where: \.opensApp)
        return android.filter { $0.opensApp != appleOpens }.map { app in
            AuditFinding(
                .androidVerdictDiffers, severity: .warning, appID: app.packageName,
                "Android \(app.opensApp ? "opens the app" : "keeps the link in the browser") (\(app.decidedBy)), "
                    + "Apple \(appleOpens ? "opens the app" : "keeps it in the browser")")
        }
    }

    /// `AUDIT009` for each Android package whose dynamic rules and the manifest's intent filter
    /// (as the table writes it) disagree about the link: a rule opens it but the filter does not
    /// claim it (the rule is dead on Android), or the filter claims its path but no rule's path,
    /// not even an exclusion's, matches it. A package without dynamic rules has nothing to
    /// disagree with.
    func manifestFindings(_ url: String, android: [AndroidAudit]) -> [AuditFinding] {
        guard !android.isEmpty, let parsed = try? AssociationURL(url), let host = parsed.host?.lowercased(),
            let file = assetLinks[host], let filter = intentFilters[host]
        else { return [] }
        let claimed = filter.matches(url)
        return android.compactMap { app in
            guard let match = app.match, match.reason != .noDynamicRules else { return nil }
            if match.decision == .match, !claimed {
                return AuditFinding(
                    .manifestDisagrees, severity: .warning, appID: app.packageName,
                    "\(app.decidedBy) opens the link, but the manifest's intent filter (written from the table) "
                        + "does not claim it: Android never hands the link to the app")
            }
            if claimed, file.pathDecision(parsed, packageName: app.packageName) == .noMatch {
                return AuditFinding(
                    .manifestDisagrees, severity: .warning, appID: app.packageName,
                    "the manifest's intent filter (written from the table) claims the link's path, but no dynamic "
                        + "rule's path matches it, not even an exclusion's: Android 15 keeps it in the browser, "
                        + "earlier versions open the app")
            }
            return nil
        }
    }

    /// The audit of every URL, in order.
    public func audit(_ urls: [String]) async -> AuditReport {
        var results: [URLAudit] = []
        results.reserveCapacity(urls.count)
        for url in urls { results.append(await audit(url)) }
        return AuditReport(results: results)
    }

    func findings(url: String, decision: LinkDecision, apps: [AppAudit]) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        if case .reject(let rejection) = decision.outcome {
            findings.append(
                AuditFinding(.linkRefused, severity: .error, "the app refuses the link: \(rejection)"))
        }
        let several = apps.count > 1
        for app in apps {
            let appID = several ? app.appID : nil
            let rule = app.decision.match?.rule?.jsonPath
            if let match = decision.match {
                if app.opensApp, match.safety != .navigate {
                    findings.append(
                        AuditFinding(
                            .guardedRouteOpensApp, severity: match.safety == .destructive ? .error : .warning,
                            appID: appID,
                            "\(rule ?? "a rule") sends the \(match.safety.rawValue) route '\(match.route)' to the app "
                                + "without an exclusion"))
                } else if !app.opensApp, match.safety == .navigate {
                    findings.append(missedRoute(match, app: app, appID: appID))
                }
            } else if app.opensApp {
                let why = decision.outcome.description
                findings.append(
                    AuditFinding(
                        .opensAppWithoutRoute, severity: .error, appID: appID,
                        "\(rule ?? "a rule") sends the link to the app, but no route takes it (\(why))"))
            }
        }
        return findings
    }

    /// The problem for a navigating route's link that stays in the browser: the first reason
    /// the device gives.
    func missedRoute(_ match: RouteMatch, app: AppAudit, appID: String?) -> AuditFinding {
        for reason in app.decision.reasons {
            switch reason {
            case .hostNotInEntitlement(let host):
                var message = "route '\(match.route)' takes the link, but no applinks entry covers \(host)"
                if let inactive = entitlement.entry(
                    for: host, service: .appLinks, activeModes: [.developer, .managed])
                {
                    let mode = inactive.modes.contains(.developer) ? "developer" : "managed"
                    message += "; '\(inactive)' applies only in \(mode) mode"
                }
                return AuditFinding(.hostNotInEntitlement, severity: .error, appID: appID, message)
            case .associationFileMissing(let domain):
                return AuditFinding(
                    .associationFileMissing, severity: .error, appID: appID,
                    "route '\(match.route)' takes the link, but there is no association file for \(domain)")
            case .excluded(let rule):
                return AuditFinding(
                    .routeKeptInBrowser, severity: .error, appID: appID,
                    "route '\(match.route)' takes the link, but the exclusion \(rule.jsonPath) keeps it in the browser"
                )
            case .noRuleMatched(let domain):
                return AuditFinding(
                    .routeKeptInBrowser, severity: .error, appID: appID,
                    "route '\(match.route)' takes the link, but no rule of \(domain)'s association file sends it to "
                        + "the app")
            case .appNotInAssociationFile(let domain):
                return AuditFinding(
                    .routeKeptInBrowser, severity: .error, appID: appID,
                    "route '\(match.route)' takes the link, but \(domain)'s association file does not name "
                        + (appID ?? "the app"))
            default:
                continue
            }
        }
        return AuditFinding(
            .routeKeptInBrowser, severity: .error, appID: appID,
            "route '\(match.route)' takes the link, but it stays in the browser: \(app.decision)")
    }

    func preview(_ url: String, service: LinkPreviewService) async
        -> (PreviewAudit, [AuditFinding])
    {
        let metadata: PreviewMetadata
        do {
            metadata = try await service.preview(for: url)
        } catch {
            return (
                PreviewAudit(
                    status: .none, source: nil, bannerContent: nil, bannerArgument: nil,
                    reason: error.description),
                []
            )
        }
        let content = metadata.smartAppBannerContent
        let argument = (try? SmartAppBanner(parsing: content, gate: receiver.gate))?.appArgument?.canonical
        let status: PreviewAudit.Status =
            switch metadata.source.kind {
            case .route, .direct: .routed
            case .contentNotFound: .notFound
            default: .generic
            }
        var findings: [AuditFinding] = []
        if status == .notFound {
            findings.append(
                AuditFinding(
                    .previewNotFound, severity: .warning,
                    "route '\(metadata.source.routeName ?? "?")' finds no content for the link: the page answers 404"
                ))
        }
        return (
            PreviewAudit(
                status: status, source: metadata.source, bannerContent: content, bannerArgument: argument,
                reason: nil),
            findings
        )
    }

    static func verdict(findings: [AuditFinding], decision: LinkDecision, apps: [AppAudit]) -> AuditVerdict {
        var verdict: AuditVerdict =
            apps.contains(where: \.opensApp) && decision.match != nil ? .route : .browser
        for finding in findings {
            let candidate: AuditVerdict? =
                switch finding.code {
                case .opensAppWithoutRoute: .blankScreen
                case .guardedRouteOpensApp: .unguardedRoute
                case .routeKeptInBrowser, .hostNotInEntitlement, .associationFileMissing: .missedRoute
                case .linkRefused: .refused
                default: nil
                }
            if let candidate, candidate < verdict { verdict = candidate }
        }
        return verdict
    }
}

/// Why an audit could not be prepared.
public enum SiteAuditError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// No App ID was given and the association files name none.
    case noAppID

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .noAppID: "there is no App ID to audit: give one, or an association file whose applinks name one"
        }
    }

    /// Encodes the case as `{"noAppID": {}}`, the text Swift's synthesized conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .noAppID: _ = EnumCaseEncoder(encoder, "noAppID")
        }
    }
}

/// The audit of a list of URLs, with counts per verdict and per problem code.
public struct AuditReport: Sendable, Hashable {
    /// One result per URL, in the order they were given.
    public let results: [URLAudit]

    /// Creates a report.
    public init(results: [URLAudit]) { self.results = results }

    /// The number of URLs with this verdict.
    public func count(of verdict: AuditVerdict) -> Int {
        results.reduce(0) { $0 + ($1.verdict == verdict ? 1 : 0) }
    }

    /// The number of problems with this code.
    public func count(of code: AuditFinding.Code) -> Int {
        results.reduce(0) { total, result in
            total + result.findings.reduce(0) { $0 + ($1.code == code ? 1 : 0) }
        }
    }

    /// Every verdict with its count, worst first, including those no URL has.
    public var verdictCounts: [(verdict: AuditVerdict, count: Int)] {
        var counts: [AuditVerdict: Int] = [:]
        for result in results { counts[result.verdict, default: 0] += 1 }
        return AuditVerdict.allCases.map { ($0, counts[$0] ?? 0) }
    }
}
