import AssociatedDomains
import DeepLinks

/// `deeplinks assetlinks diff`: a route table and an `assetlinks.json` file, cross-checked for
/// one app, with the baselines and report of `aasa diff`.
enum AssetLinksDiffCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["assetlinks", "diff"],
        summary: "Cross-check a route table against an assetlinks.json file for an Android app.",
        usage: "--table <file> --file <file> --package <name> --domain <domain> [options]",
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
            .value("--file", alias: "-f", "FILE", help: "The assetlinks.json file."),
            .value("--package", "NAME", help: "The Android app's package name (com.example.app)."),
            .value("--domain", "DOMAIN", help: "The domain the file is served on."),
        ] + CrossCheckDiff.options,
        examples: [
            "assetlinks diff --table routes.json --file assetlinks.json --package com.example.app --domain example.com"
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
        guard let filePath = arguments.value("--file") else { throw usage(.missingArgument("--file <file>")) }
        guard let package = arguments.value("--package") else {
            throw usage(.missingArgument("--package <name>"))
        }
        try checkPackageName(package, option: "--package")
        guard let domain = arguments.value("--domain") else {
            throw usage(.missingArgument("--domain <domain>"))
        }
        let table = try environment.loadRouteTable(tablePath)
        let file = try environment.loadAssetLinks(filePath)
        let check: AssetLinksCrossCheck
        do {
            check = try AssetLinksCrossCheck(table: table, file: file, packageName: package, domain: domain)
        } catch {
            throw ToolError.invalidInput(source: tablePath, reason: error.description)
        }
        let items = check.findings().map { finding in
            CrossCheckDiff.Item(
                finding: Finding(
                    finding.code, severity(finding.kind), finding.message,
                    at: finding.rule?.jsonPath ?? "route \(finding.route)"),
                about: "route \(finding.route)")
        }
        return try CrossCheckDiff.report(
            items,
            .init(
                command: "assetlinks diff",
                header: "\(tablePath) against \(filePath) for \(package) on \(domain)",
                staleCode: "ASSETLINKS305",
                identity: ["domain": .string(domain), "packageName": .string(package)], spec: spec),
            arguments, in: environment)
    }

    static func severity(_ kind: AssetLinksCrossCheckFinding.Kind) -> Finding.Severity {
        switch kind {
        case .routeNotSentToApp, .destructiveRouteOpensApp: .error
        case .routeWithoutSample: .note
        }
    }
}
