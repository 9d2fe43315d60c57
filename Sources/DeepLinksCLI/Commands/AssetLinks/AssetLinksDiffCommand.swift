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
            open the app straight from the web (ASSETLINKS302, error), URLs a rule sends to
            the app that no route handles (ASSETLINKS303, warning), and routes no sample link
            could be written for (ASSETLINKS304, note). The codes follow aasa diff's AASA3xx.
            A rule 'assetlinks generate' writes for the table needs no baseline entry: its
            known over-reach is acknowledged with the reason, so a generated file passes
            --strict.

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
        exitStatuses: CrossCheckDiff.exitStatuses
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
        let runs = try CrossCheckDiff.runs(files, table: tablePath, subject: package, key: "packageName") {
            domain, filePath, prefix in
            let file = try environment.loadAssetLinks(filePath)
            let check = try CrossCheckDiff.crossCheck(of: tablePath) { () throws(RouteTableError) in
                try AssetLinksCrossCheck(table: table, file: file, packageName: package, domain: domain)
            }
            let known = knownOverReach(of: table, domain: domain)
            return check.findings().map { finding in
                let rule = finding.rule?.androidReference.flatMap { reference in
                    file.statements.indices.contains(reference.statementIndex)
                        ? file.statements[reference.statementIndex].dynamicComponents?[
                            reference.componentIndex]
                        : nil
                }
                var bare = rule
                bare?.comments = nil
                return CrossCheckDiff.Item(
                    finding: Finding(finding),
                    about: prefix
                        + (finding.route.map { "route \($0)" } ?? rule.map(about) ?? finding.location),
                    knownBecause: finding.kind == .urlWithoutRoute ? bare.flatMap { known[$0] } : nil)
            }
        }
        return try CrossCheckDiff.report(
            runs, .init(command: "assetlinks diff", staleCode: "ASSETLINKS305", spec: spec), arguments,
            in: environment)
    }

    /// The rules `assetlinks generate` writes for the table whose routes' patterns match more
    /// than their links, or are widened (comments left out), each with the reason a finding at
    /// it is the format's limit rather than drift: a generated file passes `--strict`.
    static func knownOverReach(of table: RouteTable, domain: String) -> [DynamicAppLinkComponent: String] {
        let generated = AssetLinksGenerator(apps: [], domain: domain).generate(from: table)
        var reasons: [String: [String]] = [:]
        for entry in generated.overReach where !entry.excludes {
            reasons[entry.route, default: []] += entry.reasons.map(\.sentence)
        }
        for entry in generated.widenedRoutes {
            reasons[entry.route, default: []].append(entry.reason.sentence)
        }
        var known: [DynamicAppLinkComponent: String] = [:]
        for (rule, route) in zip(generated.rules, generated.componentRoutes) {
            guard let route, let sentences = reasons[route] else { continue }
            var bare = rule
            bare.comments = nil
            known[bare] =
                "the rule 'assetlinks generate' writes for route '\(route)': "
                + sentences.joined(separator: "; ")
        }
        return known
    }

    /// A rule by its patterns (`rule /c/?* ?page=?*`), so that a baseline entry survives rules
    /// added before it.
    static func about(_ rule: DynamicAppLinkComponent) -> String {
        var text = "rule \(rule.path ?? "*")"
        if let query = rule.query, !query.isEmpty {
            text +=
                " ?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        }
        if let fragment = rule.fragment { text += " #" + fragment }
        return text
    }
}
