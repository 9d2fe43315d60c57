import AssociatedDomains
import DeepLinks

/// `deeplinks aasa generate`: the `applinks` section written from a route table.
enum AASAGenerateCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["aasa", "generate"],
        summary: "Generate an apple-app-site-association file from a route table.",
        usage: "--table <file> --app-id <appid> --domain <domain> [options]",
        discussion: """
            Every route that serves https links on the domain becomes one component;
            destructive routes become exclusions, placed first, so a web link never opens a
            destructive screen directly. The file goes to standard output (redirect it to
            save it); routes left out are listed on standard error. Components are ordered
            so that none is shadowed: a more specific route's component goes before a broader
            one (/a/latest before /a/?*), and routes with the same pattern share one
            component, so the output passes 'aasa validate --strict'. Each --app-id must be
            <Team ID>.<bundle ID>. With --json the file and
            the route behind each component are printed as one report.

            --domain may be repeated, one file per domain (the routes each domain serves
            differ when scopes name hosts). With several domains give --output-dir: each
            file is written to <dir>/<domain>/apple-app-site-association, the path to serve
            at https://<domain>/.well-known/apple-app-site-association, and one line per
            file is printed. With --json and several domains, the report lists one entry per
            domain under "domains" and --output-dir is optional.
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value("--app-id", "APPID", repeatable: true, help: "An App ID the file names (one or more)."),
            .value(
                "--domain", "DOMAIN", repeatable: true,
                help: "A domain the file will be served on (one or more; one file each)."),
            .value(
                "--output-dir", alias: "-o", "DIR",
                help: "Write each file to DIR/<domain>/apple-app-site-association."),
            .flag("--webcredentials", help: "Also list the App IDs under webcredentials."),
            .flag("--json", help: "Print a JSON report (the file, components and skipped routes)."),
        ],
        examples: [
            "aasa generate --table routes.json --app-id ABCDE12345.com.example.app --domain example.com",
            "aasa generate -t routes.json --app-id ABCDE12345.com.example.app --domain example.com "
                + "--domain www.example.com -o site",
        ],
        exitStatuses: [
            (.success, "the files were generated"),
            (.usage, ExitStatus.usage.meaning),
            (
                .invalidInput,
                "the table is unreadable or invalid, a file would be over 128 KB, or a file cannot be written"
            ),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let tablePath = arguments.value("--table") else {
            throw usage(.missingArgument("--table <file>"))
        }
        let appIDs = arguments.allValues("--app-id")
        guard !appIDs.isEmpty else { throw usage(.missingArgument("--app-id <appid>")) }
        for appID in appIDs { try checkAppID(appID) }
        let domains = try DomainArguments.domains(arguments, spec: spec)
        let directory = arguments.value("--output-dir")
        try GeneratedFiles.checkDestination(
            domains: domains, directory: directory, json: arguments.has("--json"),
            name: "apple-app-site-association", spec: spec)
        let table = try environment.loadRouteTable(tablePath)
        let generated = domains.map { domain in
            (domain, generate(table, appIDs: appIDs, domain: domain, arguments))
        }
        let several = domains.count > 1
        let files = generated.map { domain, result in
            GeneratedFiles.File(
                domain: domain, pretty: { result.file.serialized(.pretty) },
                compact: { result.file.serialized(.compact) }, report: report(domain, result),
                notes: result.skipped.map {
                    "route '\($0.route)' was left out\(several ? " of \(domain)" : ""): \($0.reason.sentence)"
                } + [overReachNote(result.overReach, of: several ? domain : nil)].compactMap { $0 },
                ruleCount: result.componentRoutes.count)
        }
        return try GeneratedFiles.finish(
            files, command: "aasa generate", name: "apple-app-site-association", noun: "component",
            limit: AssociationFileDocument.maximumByteCount, directory: directory,
            json: arguments.has("--json"),
            in: environment)
    }

    /// One domain's file, the route behind each component, and the routes left out.
    struct Generated {
        var file: AssociationFile
        var componentRoutes: [String?]
        var skipped: [GeneratedAppLinks.SkippedRoute]
        var overReach: [GeneratedAppLinks.OverReach]
    }

    static func generate(_ table: RouteTable, appIDs: [String], domain: String, _ arguments: ParsedArguments)
        -> Generated
    {
        let generated = AppLinksGenerator(appIDs: appIDs, domain: domain).generate(from: table)
        var file = generated.file
        if arguments.has("--webcredentials") { file.webCredentials = AppList(apps: appIDs) }
        return Generated(
            file: file, componentRoutes: generated.componentRoutes, skipped: generated.skippedRoutes,
            overReach: generated.overReach)
    }

    /// One domain's `--json` report: the file, the route behind each component, the routes left
    /// out and over-reaching.
    static func report(_ domain: String, _ result: Generated) -> [String: JSONValue] {
        var members: [String: JSONValue] = [
            "command": "aasa generate", "domain": .string(domain), "status": "passed",
            "file": result.file.json,
            "components": .array(
                result.componentRoutes.enumerated().map { index, route in
                    [
                        "location": .string("$.applinks.details[0].components[\(index)]"),
                        "route": route.map(JSONValue.string) ?? .null,
                    ]
                }),
            "skipped": .array(
                result.skipped.map { ["route": .string($0.route), "reason": .string($0.reason.rawValue)] }),
        ]
        members["overReach"] = overReachJSON(result.overReach)
        return members
    }

    /// The routes whose patterns match more than their links, as `--json` lists them.
    static func overReachJSON(_ list: [GeneratedAppLinks.OverReach]) -> JSONValue {
        .array(
            list.map { entry in
                [
                    "route": .string(entry.route),
                    "reasons": .array(entry.reasons.map { .string($0.rawValue) }),
                    "excludes": .bool(entry.excludes),
                ]
            })
    }

    /// One note naming the routes whose patterns match more than their links, or `nil`: those
    /// whose patterns open the app (it sends the extra links back to the browser), then the
    /// destructive routes whose exclusions keep extra links in the browser.
    static func overReachNote(_ list: [GeneratedAppLinks.OverReach], of domain: String?) -> String? {
        func named(_ names: [String]) -> String {
            names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
        }
        let place = domain.map { " for \($0)" } ?? ""
        let opening = list.filter { !$0.excludes }.map(\.route)
        let excluding = list.filter(\.excludes).map(\.route)
        var sentences: [String] = []
        if !opening.isEmpty {
            let one = opening.count == 1
            sentences.append(
                "\(opening.count) route\(one ? "'s" : "s'") patterns\(place) "
                    + "also match links \(one ? "the route refuses" : "the routes refuse"), because the patterns cannot say one path segment or a "
                    + "parameter's type (\(named(opening))); the app sends such links back to the browser")
        }
        if !excluding.isEmpty {
            let one = excluding.count == 1
            sentences.append(
                "\(excluding.count) destructive route\(one ? "'s" : "s'") exclusions\(place) also keep in the browser "
                    + "links \(one ? "the route does" : "the routes do") not take (\(named(excluding)))")
        }
        guard !sentences.isEmpty else { return nil }
        return sentences.joined(separator: "; ") + ", and --json lists why"
    }
}
