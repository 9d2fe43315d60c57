import AssociatedDomains
import DeepLinks
import Foundation

/// `deeplinks aasa diff`: a route table and an association file, cross-checked both ways.
enum AASADiffCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["aasa", "diff"],
        summary: "Cross-check a route table against an association file, both ways.",
        usage: "--table <file> (--file <file> | --dir <dir>) --app-id <appid> --domain <domain>... [options]",
        discussion: """
            Routes whose links the file does not send to the app (AASA301, error), destructive
            routes whose links open the app straight from the web (AASA302, error), URLs the
            file sends to the app that no route handles, so the app would open on a blank
            screen (AASA303, warning), and routes no sample link could be written for
            (AASA304, note). Codes never change meaning.

            \(CrossCheckDiff.baselineHelp(example: "AASA303", about: "component /c/?*/?*"))

            The baseline's stale-entry warning is AASA305.
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value("--file", alias: "-f", "FILE", help: "The association file (one --domain)."),
            CrossCheckDiff.directoryOption("apple-app-site-association"),
            .value("--app-id", "APPID", help: "The App ID whose links are compared."),
        ] + CrossCheckDiff.options,
        examples: [
            "aasa diff --table routes.json --file apple-app-site-association --app-id ABCDE12345.com.example.app --domain example.com",
            "aasa diff --table routes.json --dir site --app-id ABCDE12345.com.example.app --domain example.com --domain www.example.com",
        ],
        exitStatuses: CrossCheckDiff.exitStatuses
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let tablePath = arguments.value("--table") else {
            throw usage(.missingArgument("--table <file>"))
        }
        guard let appID = arguments.value("--app-id") else {
            throw usage(.missingArgument("--app-id <appid>"))
        }
        try checkAppID(appID)
        let files = try CrossCheckDiff.files(arguments, name: "apple-app-site-association", spec: spec)
        let table = try environment.loadRouteTable(tablePath)
        let runs = try CrossCheckDiff.runs(files, table: tablePath, subject: appID, key: "appId") {
            domain, filePath, prefix in
            let document = try environment.loadAssociationDocument(filePath)
            let check = try CrossCheckDiff.crossCheck(of: tablePath) { () throws(RouteTableError) in
                try AssociationCrossCheck(table: table, file: document.file, appID: appID, domain: domain)
            }
            let known = knownOverReach(of: table, appID: appID, domain: domain)
            return check.findings().map { finding in
                CrossCheckDiff.Item(
                    finding: Finding(finding),
                    about: prefix
                        + (finding.route.map { "route \($0)" }
                            ?? finding.rule?.appleReference.map { about($0, in: document.file) } ?? ""),
                    knownBecause: finding.kind == .urlWithoutRoute
                        ? finding.rule?.appleReference.flatMap { component($0, in: document.file) }.flatMap {
                            known[$0]
                        }
                        : nil)
            }
        }
        return try CrossCheckDiff.report(
            runs, .init(command: "aasa diff", staleCode: "AASA305", spec: spec), arguments, in: environment)
    }

    /// The components the generator writes for the table whose routes' patterns match more
    /// than their links (comments left out), each with the reason a finding at it is the
    /// format's limit rather than drift: a file generated from the table passes `--strict`.
    static func knownOverReach(of table: RouteTable, appID: String, domain: String) -> [AppLinksComponent:
        String]
    {
        let generated = AppLinksGenerator(appIDs: [appID], domain: domain).generate(from: table)
        let reaching = Dictionary(
            generated.overReach.filter { !$0.excludes }.map { ($0.route, $0) },
            uniquingKeysWith: { a, _ in a })
        var known: [AppLinksComponent: String] = [:]
        let components = generated.file.appLinks?.details?.first?.components ?? []
        for (component, route) in zip(components, generated.componentRoutes) {
            guard let route, let entry = reaching[route] else { continue }
            var bare = component
            bare.comment = nil
            known[bare] =
                "the component 'aasa generate' writes for route '\(route)': "
                + entry.reasons.map(\.sentence).joined(separator: "; ")
        }
        return known
    }

    /// The component a rule reference names, its comment left out, or `nil`.
    static func component(_ rule: RuleReference, in file: AssociationFile) -> AppLinksComponent? {
        guard rule.kind == .component, let details = file.appLinks?.details,
            details.indices.contains(rule.detailIndex),
            let components = details[rule.detailIndex].components, components.indices.contains(rule.index)
        else { return nil }
        var component = components[rule.index]
        component.comment = nil
        return component
    }

    /// A rule by its patterns (`component /c/?*/?* ?page=?*`, `path /legacy/*`), so that a
    /// baseline entry survives rules added before it.
    static func about(_ rule: RuleReference, in file: AssociationFile) -> String {
        guard let details = file.appLinks?.details, details.indices.contains(rule.detailIndex) else {
            return rule.jsonPath
        }
        let detail = details[rule.detailIndex]
        switch rule.kind {
        case .legacyPath:
            guard let paths = detail.paths, paths.indices.contains(rule.index) else { return rule.jsonPath }
            return "path \(paths[rule.index])"
        case .component:
            guard let components = detail.components, components.indices.contains(rule.index) else {
                return rule.jsonPath
            }
            let component = components[rule.index]
            var text = "component \(component.path ?? "*")"
            switch component.query {
            case .items(let items)?:
                text +=
                    " ?"
                    + items.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            case .whole(let pattern)?: text += " ?" + pattern
            case .itemsWithNonStringValues?, nil: break
            }
            if let fragment = component.fragment { text += " #" + fragment }
            if component.exclude == true { text += " (exclude)" }
            return text
        }
    }
}
