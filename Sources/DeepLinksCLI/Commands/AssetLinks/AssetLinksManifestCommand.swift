import AssociatedDomains
import DeepLinks

/// `deeplinks assetlinks manifest`: the intent filters an Android app's manifest declares for
/// App Links, from the route table.
enum AssetLinksManifestCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["assetlinks", "manifest"],
        summary:
            "Write the App Links <intent-filter> elements an Android manifest declares, from a route table.",
        usage: "--table <file> [--domain <domain>...] [options]",
        discussion: """
            Writes one <intent-filter android:autoVerify="true"> per domain (VIEW, DEFAULT,
            BROWSABLE, the schemes, the host, and a <data> element for each path the
            'assetlinks generate' rules open the app on: android:path when exact, else
            android:pathPattern), to paste inside the <activity> that receives the links.
            Android 15's dynamic rules can only narrow what the manifest claims, and earlier
            devices use the manifest alone, so the filter is written from the same reading of
            the table as the rules. Destructive routes are left out. --domain defaults to the
            table's canonical host; repeat it for several hosts.
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value(
                "--domain", "DOMAIN", repeatable: true,
                help: "A domain the app opens links of (default: the canonical host)."),
            .flag("--json", help: "Print the filters as JSON (schemes, hosts, path matchers, XML)."),
        ],
        examples: ["assetlinks manifest --table routes.json --domain example.com"],
        exitStatuses: [
            (.success, "the filters were written"),
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
        let table = try environment.loadRouteTable(tablePath)
        let domains = try DomainArguments.domains(arguments, orCanonicalHostOf: table, spec: spec)
        let filters = domains.map { AssetLinksGenerator(apps: [], domain: $0).intentFilter(from: table) }
        let empty = filters.filter(\.paths.isEmpty).flatMap(\.hosts)
        let notes = empty.map {
            "deeplinks: note: no route opens the app on \($0): its filter claims no path\n"
        }
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "assetlinks manifest", "status": "passed",
                "filters": .array(
                    filters.map { filter in
                        [
                            "schemes": .array(filter.schemes.map(JSONValue.string)),
                            "hosts": .array(filter.hosts.map(JSONValue.string)),
                            "paths": .array(
                                filter.paths.map { matcher in
                                    switch matcher {
                                    case .path(let text): ["path": .string(text)]
                                    case .pattern(let text): ["pathPattern": .string(text)]
                                    }
                                }),
                            "xml": .string(filter.xml),
                        ]
                    }),
            ]
            return .finished(CommandOutput(ReportJSON.text(report), standardError: notes.joined()))
        }
        return .finished(
            CommandOutput(filters.map(\.xml).joined(separator: "\n"), standardError: notes.joined()))
    }
}
