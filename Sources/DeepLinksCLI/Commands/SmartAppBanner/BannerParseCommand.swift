import AssociatedDomains
import DeepLinks

/// `deeplinks banner parse`: reads the content of an `apple-itunes-app` meta tag.
enum BannerParseCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["banner", "parse"],
        summary: "Parse a Smart App Banner's content (app-id, app-argument, ...) the way the SDK reads it.",
        usage: "[options] <content>",
        discussion: """
            The content is the content attribute of <meta name="apple-itunes-app">:
            comma-separated key=value items. app-id (digits) is required; app-argument must pass
            the link gate (use --allow-scheme for a custom scheme); affiliate-data,
            app-clip-bundle-id and app-clip-display=card are optional. Unknown or repeated keys
            and commas inside a value are refused, never guessed around.
            """,
        arguments: [
            ArgumentSpec(
                name: "<content>", help: "The banner content, e.g. 'app-id=123, app-argument=https://...'.")
        ],
        options: [
            .value("--allow-scheme", "NAME", repeatable: true, help: "Allow this scheme in app-argument."),
            .value("--allow-host", "NAME", repeatable: true, help: "Allow only these hosts in app-argument."),
            .flag("--json", help: "Print the report as JSON."),
        ],
        positionalCount: 1...1,
        examples: [
            "banner parse 'app-id=425349261, app-argument=newsapp://doc/CHLFGFCB00097U7S' --allow-scheme newsapp"
        ],
        exitStatuses: [
            (.success, "the content is a valid banner"),
            (.checkFailed, "the content was refused (the reason is printed)"),
            (.usage, ExitStatus.usage.meaning),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let content = arguments.positionals[0]
        var policy = LinkPolicy()
        for scheme in arguments.allValues("--allow-scheme") {
            policy.allowedSchemes.insert(scheme.lowercased())
        }
        policy.allowedHosts += try allowedHostPatterns(arguments)
        let banner: SmartAppBanner
        do {
            banner = try SmartAppBanner(parsing: content, gate: LinkGate(policy: policy))
        } catch {
            if arguments.has("--json") {
                let report: JSONValue = [
                    "command": "banner parse", "input": .string(content), "status": "failed",
                    "reason": .string(error.description),
                ]
                return .finished(CommandOutput(ReportJSON.text(report), status: .checkFailed))
            }
            return .finished(CommandOutput("REFUSED: \(error.description)\n", status: .checkFailed))
        }
        let fields: [(String, String?)] = [
            ("app-id", String(banner.appID)), ("app-argument", banner.appArgument?.original),
            ("affiliate-data", banner.affiliateData), ("app-clip-bundle-id", banner.appClipBundleID),
            ("app-clip-display", banner.appClipDisplay?.rawValue),
        ]
        if arguments.has("--json") {
            var members: [String: JSONValue] = [:]
            for (key, value) in fields { members[key] = value.map(JSONValue.string) ?? .null }
            let report: JSONValue = [
                "command": "banner parse", "input": .string(content), "status": "passed",
                "banner": .object(members), "metaTag": .string(banner.metaTag),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        var table = TextTable(["KEY", "VALUE"])
        for (key, value) in fields { table.append([key, value ?? "-"]) }
        return .finished(CommandOutput(table.rendered + "\n" + banner.metaTag + "\n"))
    }
}
