import AssociatedDomains
import DeepLinks
import Foundation
import LinkAudit
import LinkPreviews

/// `deeplinks audit`: every URL of a site through the entitlement, the association file, the
/// route table and (optionally) the previews; the logic is ``SiteAudit``.
enum AuditCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["audit"],
        summary: "For every URL of a site: does it open the app, which route takes it, and why not.",
        usage: "--table <file> --entitlements <file> (--file <file> | --fetch) [options] [<urls>...]",
        discussion: """
            Reads the site's URLs from sitemaps (sitemap.xml, a sitemap index, either gzipped),
            plain lists (one URL a line) or standard input ('-'), and --url. A sitemap index's
            entries are read from the index's folder, by file name, each file once. A file lists
            at most 50,000 URLs (50 MiB after gzip); a run reads at most 200,000 URLs and 256 MiB
            (files plus what gzip expands to), and says which limit a file passed. For each URL
            and App ID it decides what a device does when the link is tapped in another app
            (which component of the association file decides), what the app's receiver then
            does (route, confirm, openInBrowser, reject), and reports the mismatches:
            \(AuditFinding.Code.allCases.map { "  \($0.rawValue)  \($0.title)" }.joined(separator: "\n"))
            Each URL gets the verdict of its worst mismatch, worst first: blankScreen,
            unguardedRoute, missedRoute, refused; or browser and route when all is as meant.

            --file gives the association file of every domain the entitlement's applinks
            entries name; --fetch fetches each domain's file as 'verify-domain' does (no
            redirects, 128 KB at most); a domain whose file cannot be fetched has none.
            --base-url fetches every file from a test server instead: an https:// URL, or
            http:// to the machine itself (127.0.0.1, [::1] or localhost) only.
            --app-id limits the audit to these App IDs (default: every App ID the file names).

            --assetlinks FILE compares Android's verdict (its dynamic rules, Android 15) with
            Apple's for every host, per package (--android-package; default: every package the
            file grants App Links): a URL one platform opens and the other keeps in the browser
            is AUDIT008. --fetch-assetlinks (with --fetch) fetches each applinks domain's
            /.well-known/assetlinks.json instead, as 'verify-domain' does; a domain whose file
            cannot be fetched has none, and the reason is a note that fails the run.
            The dynamic rules are also compared with the intent filter the table writes for the
            app's manifest ('assetlinks manifest'): a URL a rule opens and the filter does not
            claim, or whose path the filter claims and no rule's path matches, is AUDIT009.

            --previews (with --site, and --preview-content: route name to a preview, or null
            when the route finds no content) audits each page's preview and banner argument.

            --baseline FILE acknowledges known problems, as 'aasa diff' does:
              {"acknowledged": [{"code": "AUDIT002", "about": "<url>", "reason": "…"}]}
            ("location" is read in place of "about").
            An entry that matches no problem is reported as AUDIT100 (warning).
            """,
        arguments: [
            ArgumentSpec(
                name: "<urls>",
                help: "Sitemaps, sitemap indexes or URL lists (gzip too; '-': standard input).")
        ],
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value(
                "--config", alias: "-c", "FILE",
                help: "The receiver configuration (JSON: policy, schemes, activities) the app uses."),
            .value("--allow-host", "NAME", repeatable: true, help: "Allow this host in the link policy."),
            .value(
                "--entitlements", "FILE",
                help: "The entitlement: an .entitlements file, a JSON array or a list of entries."),
            .value("--file", alias: "-f", "FILE", help: "The association file, for every domain."),
            .flag("--fetch", help: "Fetch each domain's association file instead of --file."),
            .value(
                "--base-url", "URL",
                help: "With --fetch: fetch from URL instead of https://<domain> (http:// on loopback only)."),
            .value("--ca-file", "FILE", help: "With --fetch: trust the CA certificates in FILE (PEM)."),
            .value(
                "--timeout", "SECONDS", help: "With --fetch: give up on a server after SECONDS (default 20)."),
            .value(
                "--app-id", "APPID", repeatable: true,
                help: "Audit this App ID (default: every one the file names)."),
            .value("--url", "URL", repeatable: true, help: "Audit this URL too."),
            .value(
                "--assetlinks", "FILE",
                help: "Android's assetlinks.json, for every host: compare its verdict."),
            .flag(
                "--fetch-assetlinks",
                help: "With --fetch: fetch each domain's assetlinks.json and compare Android's verdict."),
            .value(
                "--android-package", "NAME", repeatable: true,
                help:
                    "With --assetlinks or --fetch-assetlinks: audit this package (default: every one the file grants)."
            ),
            .flag(
                "--previews", help: "Audit each page's preview and Smart App Banner argument (needs --site)."),
            .value("--site", "FILE", help: "The preview site (JSON), for --previews."),
            .value(
                "--preview-content", "FILE", help: "Route name to preview (JSON object; null: no content)."),
            .value("--baseline", "FILE", help: "Acknowledged findings (JSON, see above)."),
            .value("--explain", "URL", help: "Explain one URL in depth instead of auditing the list."),
            .value("--html", "FILE", help: "Also write a self-contained HTML report to FILE."),
            .flag("--strict", help: "Fail on warnings too."),
            .flag("--json", help: "Print the report as JSON (one object per URL)."),
        ],
        positionalCount: 0...Int.max,
        examples: [
            "audit --table routes.json --entitlements App.entitlements --file apple-app-site-association sitemap.xml",
            "audit -t routes.json --entitlements App.entitlements --fetch --json sitemap.xml.gz",
            "audit -t routes.json --entitlements App.entitlements --fetch --fetch-assetlinks sitemap.xml",
            "audit -t routes.json --entitlements App.entitlements --fetch --base-url http://127.0.0.1:8080 sitemap.xml",
            "audit -t routes.json --entitlements App.entitlements -f aasa.json --html report.html sitemap.xml",
            "audit -t routes.json --entitlements App.entitlements -f aasa.json --explain https://example.com/p/1",
        ],
        exitStatuses: [
            (.success, "no error finding (and, with --strict, no warning) outside the baseline"),
            (
                .checkFailed,
                "at least one error finding (or warning, with --strict), or a domain's file (or, with "
                    + "--fetch-assetlinks, its assetlinks.json) could not be fetched"
            ),
            (.usage, ExitStatus.usage.meaning),
            (
                .invalidInput,
                "a sitemap, table, configuration, entitlement, association file or baseline is invalid"
            ),
            (.networkFailure, "with --fetch, a server could not be reached at all"),
        ]
    )

    /// The code of a baseline entry that matches no problem.
    static let staleBaselineCode = "AUDIT100"

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        try checkOptions(arguments)
        let entitlementPath = arguments.value("--entitlements") ?? ""
        let explainURL = arguments.value("--explain")
        var urls = arguments.allValues("--url")
        if explainURL == nil {
            urls = try readURLs(arguments.positionals, urls: urls, in: environment)
            guard !urls.isEmpty else { throw usage(.missingArgument("<urls> or --url")) }
        }
        let receiver = try ResolveCommand.makeReceiver(arguments, in: environment)
        let entitlement = try loadEntitlement(entitlementPath, in: environment)
        var notes: [Finding] = []
        let files = try await associationFiles(
            arguments, entitlement: entitlement, notes: &notes, in: environment)
        let previews = try makePreviews(arguments, receiver: receiver, in: environment)
        let assetLinks = try await androidFiles(
            arguments, hosts: Set(files.keys), urls: urls + [explainURL].compactMap { $0 },
            entitlement: entitlement,
            notes: &notes, in: environment)
        let audit: SiteAudit
        do {
            audit = try SiteAudit(
                receiver: receiver, entitlement: entitlement, associationFiles: files,
                appIDs: arguments.allValues("--app-id").isEmpty ? nil : arguments.allValues("--app-id"),
                previews: previews, assetLinks: assetLinks,
                androidPackages: arguments.allValues("--android-package").isEmpty
                    ? nil : arguments.allValues("--android-package"))
        } catch {
            throw ToolError.invalidInput(
                source: arguments.value("--file") ?? "--fetch", reason: error.description)
        }
        if let explainURL {
            return await explain(explainURL, audit: audit, receiver: receiver, json: arguments.has("--json"))
        }
        let report = await audit.audit(urls)
        let baseline = try arguments.value("--baseline").map { path throws(ToolError) in
            try DiffBaseline.load(path, in: environment)
        }
        let outcome = AuditOutcome(
            report: report, baseline: baseline, notes: notes, strict: arguments.has("--strict"),
            appIDs: audit.appIDs)
        if let path = arguments.value("--html") {
            try environment.writeFile(path, Array(AuditHTML.page(outcome).utf8))
        }
        if arguments.has("--json") {
            return .finished(
                CommandOutput(AuditOutput.jsonText(outcome), status: outcome.status))
        }
        return .finished(CommandOutput(AuditOutput.text(outcome), status: outcome.status))
    }

    /// The options that must come together or not at all.
    static func checkOptions(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.value("--table") != nil else { throw usage(.missingArgument("--table <file>")) }
        guard arguments.value("--entitlements") != nil else {
            throw usage(.missingArgument("--entitlements <file>"))
        }
        if arguments.has("--fetch"), arguments.value("--file") != nil {
            throw usage(.conflictingOptions("--file", "--fetch"))
        }
        guard arguments.has("--fetch") || arguments.value("--file") != nil else {
            throw usage(.missingArgument("--file <file> or --fetch"))
        }
        if arguments.has("--fetch-assetlinks") {
            guard arguments.has("--fetch") else {
                throw usage(.missingArgument("--fetch (for --fetch-assetlinks)"))
            }
            if arguments.value("--assetlinks") != nil {
                throw usage(.conflictingOptions("--assetlinks", "--fetch-assetlinks"))
            }
        }
        if let base = arguments.value("--base-url") { try checkBaseURL(base) }
        if arguments.has("--previews"), arguments.value("--site") == nil {
            throw usage(.missingArgument("--site <file> (for --previews)"))
        }
        for appID in arguments.allValues("--app-id") { try checkAppID(appID) }
    }

    /// Android's files by host: the one `--assetlinks` file for every audited host, or each
    /// applinks domain's fetched file (`--fetch-assetlinks`), or none.
    static func androidFiles(
        _ arguments: ParsedArguments, hosts: Set<String>, urls: [String],
        entitlement: AssociatedDomainsEntitlement,
        notes: inout [Finding], in environment: ToolEnvironment
    ) async throws -> [String: AssetLinksFile] {
        var assetLinks: [String: AssetLinksFile] = [:]
        if let path = arguments.value("--assetlinks") {
            let file = try loadAssetLinks(path, in: environment)
            var hosts = hosts
            for url in urls {
                if let host = (try? AssociationURL(url))?.host { hosts.insert(host.lowercased()) }
            }
            for host in hosts { assetLinks[host] = file }
        } else if arguments.has("--fetch-assetlinks") {
            assetLinks = try await fetchedAssetLinks(
                arguments, domains: applinksDomains(entitlement), notes: &notes, in: environment)
        } else if !arguments.allValues("--android-package").isEmpty {
            throw usage(.missingArgument("--assetlinks <file> (for --android-package)"))
        }
        return assetLinks
    }

    /// `--explain URL`: one URL in depth, each app's reasons and the routes tried.
    static func explain(_ url: String, audit: SiteAudit, receiver: LinkReceiver, json: Bool) async
        -> CommandOutcome
    {
        let result = await audit.audit(url)
        let explanation = receiver.explain(.url(url)).routing
        if json {
            var object = AuditOutput.json(result)
            if case .object(var members) = object {
                members["command"] = "audit --explain"
                members["reasons"] = .object(
                    Dictionary(
                        uniqueKeysWithValues: result.apps.map {
                            ($0.appID, JSONValue.array($0.decision.reasons.map { .string($0.sentence) }))
                        }))
                members["attempts"] = ResolveCommand.explanationJSON(explanation)
                object = .object(members)
            }
            return .finished(CommandOutput(ReportJSON.text(object), status: .success))
        }
        return .finished(
            CommandOutput(AuditOutput.explanation(result, routing: explanation), status: .success))
    }
}
