import AssociatedDomains
import DeepLinks

/// `deeplinks assetlinks diff`: a route table and an `assetlinks.json` file, cross-checked for
/// one app, with the baselines and report of `aasa diff`.
enum AssetLinksDiffCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["assetlinks", "diff"],
        summary: "Cross-check a route table against an assetlinks.json file for an Android app.",
        usage: "--table <file> (--file <file> | --dir <dir>) --package <name> --domain <domain>... [options]",
        discussion: """
            For each route that serves web links on the domain, a sample link is written from
            the table and decided by the file for the package: routes whose links the file
            does not send to the app (ASSETLINKS301, error), destructive routes whose links
            open the app straight from the web (ASSETLINKS302, error), and routes no sample
            link could be written for (ASSETLINKS304, note). The codes follow aasa diff's
            AASA3xx. A file generated from the same table passes.

            \(CrossCheckDiff.baselineHelp(example: "ASSETLINKS301", about: "route legacyCatalog"))

            The baseline's stale-entry warning is ASSETLINKS305.
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value("--file", alias: "-f", "FILE", help: "The assetlinks.json file (one --domain)."),
            CrossCheckDiff.directoryOption("assetlinks.json"),
            .value("--package", "NAME", help: "The Android app's package name (com.example.app)."),
        ] + CrossCheckDiff.options,
        examples: [
            "assetlinks diff --table routes.json --file assetlinks.json --package com.example.app --domain example.com",
            "assetlinks diff --table routes.json --dir site --package com.example.app --domain example.com --domain www.example.com",
        ],
        exitStatuses: [
            (.success, "table and file agree (no error findings)"),
            (.checkFailed, "at least one error finding (or warning, with --strict)"),
            (.usage, ExitStatus.usage.meaning),
            (
                .invalidInput,
                "the table, file or baseline is unreadable or invalid, or the table does not build"
            ),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let tablePath = arguments.value("--table") else {
            throw usage(.missingArgument("--table <file>"))
        }
        guard let package = arguments.value("--package") else {
            throw usage(.missingArgument("--package <name>"))
        }
        try checkPackageName(package, option: "--package")
        let files = try CrossCheckDiff.files(arguments, name: "assetlinks.json", spec: spec)
        let table = try environment.loadRouteTable(tablePath)
        var runs: [CrossCheckDiff.Run] = []
        for (domain, filePath) in files {
            let file = try environment.loadAssetLinks(filePath)
            let check: AssetLinksCrossCheck
            do {
                check = try AssetLinksCrossCheck(
                    table: table, file: file, packageName: package, domain: domain)
            } catch {
                throw ToolError.invalidInput(source: tablePath, reason: error.description)
            }
            let prefix = files.count > 1 ? domain + " " : ""
            let items = check.findings().map { finding in
                CrossCheckDiff.Item(
                    finding: Finding(
                        finding.code, severity(finding.kind), finding.message,
                        at: finding.rule?.jsonPath ?? "route \(finding.route)"),
                    about: prefix + "route \(finding.route)")
            }
            runs.append(
                CrossCheckDiff.Run(
                    header: "\(tablePath) against \(filePath) for \(package) on \(domain)",
                    identity: ["domain": .string(domain), "packageName": .string(package)], items: items))
        }
        return try CrossCheckDiff.report(
            runs, .init(command: "assetlinks diff", staleCode: "ASSETLINKS305", spec: spec), arguments,
            in: environment)
    }

    static func severity(_ kind: AssetLinksCrossCheckFinding.Kind) -> Finding.Severity {
        switch kind {
        case .routeNotSentToApp, .destructiveRouteOpensApp: .error
        case .routeWithoutSample: .note
        }
    }
}
