import AssociatedDomains
import DeepLinks

/// `deeplinks aasa generate`: the `applinks` section written from a route table.
enum AASAGenerateCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["aasa", "generate"],
        summary: "Generate an apple-app-site-association file from a route table.",
        usage: "--table <file> --app-id <appid>... --domain <domain> [options]",
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
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value("--app-id", "APPID", repeatable: true, help: "An App ID the file names (one or more)."),
            .value("--domain", "DOMAIN", help: "The domain the file will be served on."),
            .flag("--webcredentials", help: "Also list the App IDs under webcredentials."),
            .flag("--json", help: "Print a JSON report (the file, components and skipped routes)."),
        ],
        examples: [
            "aasa generate --table routes.json --app-id ABCDE12345.com.example.app --domain example.com"
        ],
        exitStatuses: [
            (.success, "the file was generated"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the table is unreadable or invalid"),
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
        guard let domain = arguments.value("--domain") else {
            throw usage(.missingArgument("--domain <domain>"))
        }
        let table = try environment.loadRouteTable(tablePath)
        let generated = AppLinksGenerator(appIDs: appIDs, domain: domain).generate(from: table)
        var file = generated.file
        if arguments.has("--webcredentials") { file.webCredentials = AppList(apps: appIDs) }
        let skipped = generated.skippedRoutes.map {
            "route '\($0.route)' was left out: \(sentence($0.reason))"
        }
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "aasa generate", "domain": .string(domain), "status": "passed", "file": file.json,
                "components": .array(
                    generated.componentRoutes.enumerated().map { index, route in
                        [
                            "location": .string("$.applinks.details[0].components[\(index)]"),
                            "route": route.map(JSONValue.string) ?? .null,
                        ]
                    }),
                "skipped": .array(
                    generated.skippedRoutes.map {
                        ["route": .string($0.route), "reason": .string($0.reason.rawValue)]
                    }),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        let notes = skipped.map { "deeplinks: note: \($0)\n" }.joined()
        return .finished(CommandOutput(file.serialized(.pretty) + "\n", standardError: notes))
    }

    static func sentence(_ reason: GeneratedAppLinks.SkippedRoute.Reason) -> String {
        switch reason {
        case .notWeb: "it serves custom schemes only"
        case .otherHost: "it is scoped to other hosts"
        case .invalidPattern: "its path pattern is malformed"
        }
    }
}
