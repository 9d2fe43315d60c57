import AssociatedDomains
import DeepLinks

/// `deeplinks assetlinks generate`: the statement list written from a route table.
enum AssetLinksGenerateCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["assetlinks", "generate"],
        summary: "Generate an assetlinks.json statement list from a route table.",
        usage: "--table <file> --app <package>=<fingerprint>... [--domain <domain>] [options]",
        discussion: """
            Writes one App Links statement per app (delegate_permission/common.handle_all_urls),
            each with Android 15 dynamic rules: every route that serves https links on the
            domain becomes a rule; destructive routes become exclusions, placed first, so a
            web link never opens a destructive screen directly; rules are ordered so that none
            is shadowed, and routes with the same pattern share one rule, so the output passes
            'assetlinks validate --strict'. Each --app is a package name and a SHA-256
            fingerprint (32 upper-case hex bytes joined by colons) joined by '='; repeat it
            for more apps, or for more fingerprints of one app. --domain defaults to the
            table's canonical host. The file goes to standard output; routes left out are
            listed on standard error. With --json the file and the route behind each rule are
            printed as one report.
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value(
                "--app", "PACKAGE=FINGERPRINT", repeatable: true,
                help: "An app and one of its signing certificates' SHA-256 fingerprints (one or more)."),
            .value(
                "--domain", "DOMAIN",
                help: "The domain the file will be served on (default: the canonical host)."),
            .flag("--json", help: "Print a JSON report (the file, rules and skipped routes)."),
        ],
        examples: [
            "assetlinks generate --table routes.json --app com.example.app=14:6D:E9:...:44:E5 --domain example.com"
        ],
        exitStatuses: [
            (.success, "the file was generated"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the table is unreadable or invalid, or the file would be over 128 KB"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let tablePath = arguments.value("--table") else {
            throw usage(.missingArgument("--table <file>"))
        }
        let apps = try Self.apps(arguments.allValues("--app"))
        let table = try environment.loadRouteTable(tablePath)
        guard let domain = arguments.value("--domain") ?? table.canonicalHost else {
            throw usage(.other("--domain is needed: the table names no canonical host"))
        }
        let generated = AssetLinksGenerator(apps: apps, domain: domain).generate(from: table)
        let text = try ServedFileText.choose(
            what: "the assetlinks.json file for \(domain)", limit: AssetLinksFile.maximumByteCount,
            pretty: { generated.file.serialized(.pretty) }, compact: { generated.file.serialized(.compact) })
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "assetlinks generate", "domain": .string(domain), "status": "passed",
                "file": generated.file.json,
                "rules": .array(
                    generated.componentRoutes.enumerated().map { index, route in
                        [
                            "location": .string(
                                AssetLinksMatch.RuleReference(statementIndex: 0, componentIndex: index)
                                    .jsonPath),
                            "route": route.map(JSONValue.string) ?? .null,
                        ]
                    }),
                "skipped": .array(
                    generated.skippedRoutes.map {
                        ["route": .string($0.route), "reason": .string($0.reason.rawValue)]
                    }),
                "overReach": AASAGenerateCommand.overReachJSON(generated.overReach),
                "widened": .array(
                    generated.widenedRoutes.map {
                        [
                            "route": .string($0.route), "reason": .string($0.reason.rawValue),
                            "message": .string($0.reason.sentence),
                        ]
                    }),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        let notes =
            generated.skippedRoutes.map {
                "deeplinks: note: route '\($0.route)' was left out: \(AASAGenerateCommand.sentence($0.reason))\n"
            }
            + generated.widenedRoutes.map {
                "deeplinks: note: route '\($0.route)' opens the app on more links on Android than on Apple platforms: \($0.reason.sentence)\n"
            }
            + (AASAGenerateCommand.overReachNote(generated.overReach, of: nil).map {
                ["deeplinks: note: \($0)\n"]
            } ?? [])
            + (text.note.map { ["deeplinks: note: \($0)\n"] } ?? [])
        return .finished(CommandOutput(text.text, standardError: notes.joined()))
    }

    /// The apps of the `--app` values, in order; a package named twice collects its fingerprints.
    static func apps(_ values: [String]) throws(UsageError) -> [AndroidAppTarget] {
        guard !values.isEmpty else { throw usage(.missingArgument("--app <package>=<fingerprint>")) }
        var apps: [AndroidAppTarget] = []
        for value in values {
            guard let equals = value.firstIndex(of: "=") else {
                throw usage(
                    .invalidValue(option: "--app", value: value, expected: "<package>=<SHA-256 fingerprint>"))
            }
            let name = String(value[..<equals])
            try checkPackageName(name, option: "--app")
            let fingerprint: CertificateFingerprint
            do {
                fingerprint = try CertificateFingerprint(String(value[value.index(after: equals)...]))
            } catch {
                throw usage(.other("--app \(name): \(error.description)"))
            }
            if let index = apps.firstIndex(where: { $0.packageName == name }) {
                if !apps[index].fingerprints.contains(fingerprint) {
                    apps[index].fingerprints.append(fingerprint)
                }
            } else {
                apps.append(AndroidAppTarget(packageName: name, fingerprints: [fingerprint]))
            }
        }
        return apps
    }
}
