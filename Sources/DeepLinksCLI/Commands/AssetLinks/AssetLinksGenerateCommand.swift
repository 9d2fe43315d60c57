import AssociatedDomains
import DeepLinks

/// `deeplinks assetlinks generate`: the statement list written from a route table.
enum AssetLinksGenerateCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["assetlinks", "generate"],
        summary: "Generate an assetlinks.json statement list from a route table.",
        usage: "--table <file> --app <package>=<fingerprint>... [--domain <domain>...] [options]",
        discussion: """
            Writes one App Links statement per app (delegate_permission/common.handle_all_urls),
            each with Android 15 dynamic rules: every route that serves https links on the
            domain becomes a rule; destructive routes become exclusions, placed first, so a
            web link never opens a destructive screen directly; rules are ordered so that none
            is shadowed, and routes with the same pattern share one rule, so the output passes
            'assetlinks validate --strict'. Each --app is a package name and a SHA-256
            fingerprint (32 upper-case hex bytes joined by colons) joined by '='; repeat it
            for more apps, or for more fingerprints of one app. --domain defaults to the
            table's canonical host; repeat it with --output-dir to write one file per domain,
            DIR/<domain>/assetlinks.json (rules differ when scopes name hosts). The file goes
            to standard output; routes left out, routes whose rules open the app on more links
            than Apple's components, and routes whose patterns match more than their links are
            listed on standard error. With --json the file and the route behind each rule are
            printed as one report.
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value(
                "--app", "PACKAGE=FINGERPRINT", repeatable: true,
                help: "An app and one of its signing certificates' SHA-256 fingerprints (one or more)."),
            .value(
                "--domain", "DOMAIN", repeatable: true,
                help:
                    "A domain the file will be served on (default: the canonical host); several need --output-dir."
            ),
            .value(
                "--output-dir", alias: "-o", "DIR",
                help: "Write DIR/<domain>/assetlinks.json for each domain instead of printing the file."),
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
        let domains = try DomainArguments.domains(arguments, orCanonicalHostOf: table, spec: spec)
        let directory = arguments.value("--output-dir")
        try GeneratedFiles.checkDestination(
            domains: domains, directory: directory, json: arguments.has("--json"), name: "assetlinks.json",
            spec: spec)
        let generated = domains.map { domain in
            (domain, AssetLinksGenerator(apps: apps, domain: domain).generate(from: table))
        }
        let several = domains.count > 1
        let files = generated.map { domain, result in
            let of = several ? " of \(domain)" : ""
            return GeneratedFiles.File(
                domain: domain, pretty: { result.file.serialized(.pretty) },
                compact: { result.file.serialized(.compact) }, report: report(domain, result),
                notes: result.skippedRoutes.map {
                    "route '\($0.route)' was left out\(of): \($0.reason.sentence)"
                }
                    + result.widenedRoutes.map {
                        "route '\($0.route)' opens the app on more links on Android than on Apple platforms\(of): "
                            + $0.reason.sentence
                    }
                    + [AASAGenerateCommand.overReachNote(result.overReach, of: several ? domain : nil)]
                    .compactMap {
                        $0
                    },
                ruleCount: result.componentRoutes.count)
        }
        return try GeneratedFiles.finish(
            files, command: "assetlinks generate", name: "assetlinks.json", noun: "rule",
            limit: AssetLinksFile.maximumByteCount, directory: directory, json: arguments.has("--json"),
            in: environment)
    }

    /// One domain's report: the file, the route behind each rule, the routes left out, widened
    /// and over-reaching.
    static func report(_ domain: String, _ generated: GeneratedAssetLinks) -> [String: JSONValue] {
        [
            "command": "assetlinks generate", "domain": .string(domain), "status": "passed",
            "file": generated.file.json,
            "rules": .array(
                generated.componentRoutes.enumerated().map { index, route in
                    [
                        "location": .string(
                            AssetLinksMatch.RuleReference(statementIndex: 0, componentIndex: index).jsonPath),
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
