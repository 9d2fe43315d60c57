import AssociatedDomains
import DeepLinks

/// `deeplinks aasa diff`: a route table and an association file, cross-checked both ways.
enum AASADiffCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["aasa", "diff"],
        summary: "Cross-check a route table against an association file, both ways.",
        usage: "--table <file> --file <file> --app-id <appid> --domain <domain> [options]",
        discussion: """
            Routes whose links the file does not send to the app (error), destructive routes
            whose links open the app straight from the web (error), URLs the file sends to the
            app that no route handles, so the app would open on a blank screen (warning), and
            routes no sample link could be written for (note).
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value("--file", alias: "-f", "FILE", help: "The association file."),
            .value("--app-id", "APPID", help: "The App ID whose links are compared."),
            .value("--domain", "DOMAIN", help: "The domain the file is served on."),
            .flag("--strict", help: "Fail on warnings too."),
            .flag("--json", help: "Print the report as JSON."),
        ],
        examples: [
            "aasa diff --table routes.json --file apple-app-site-association --app-id ABCDE12345.com.example.app --domain example.com"
        ],
        exitStatuses: [
            (.success, "table and file agree (no error findings)"),
            (.checkFailed, "at least one error finding (or warning, with --strict)"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the table or file is unreadable or invalid, or the table does not build"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let tablePath = arguments.value("--table") else {
            throw usage(.missingArgument("--table <file>"))
        }
        guard let filePath = arguments.value("--file") else { throw usage(.missingArgument("--file <file>")) }
        guard let appID = arguments.value("--app-id") else {
            throw usage(.missingArgument("--app-id <appid>"))
        }
        guard let domain = arguments.value("--domain") else {
            throw usage(.missingArgument("--domain <domain>"))
        }
        let table = try environment.loadRouteTable(tablePath)
        let document = try environment.loadAssociationDocument(filePath)
        let check: AssociationCrossCheck
        do {
            check = try AssociationCrossCheck(table: table, file: document.file, appID: appID, domain: domain)
        } catch {
            throw ToolError.invalidInput(source: tablePath, reason: error.description)
        }
        let findings = check.findings().map { finding in
            Finding(
                finding.kind.rawValue, severity(finding.kind), finding.message,
                at: finding.rule?.jsonPath ?? finding.route.map { "route \($0)" } ?? "")
        }
        let status = findings.exitStatus(strict: arguments.has("--strict"))
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "aasa diff", "domain": .string(domain), "appId": .string(appID),
                "status": status == .success ? "passed" : "failed", "findings": findings.json,
                "summary": VerifyDomainCommand.summaryJSON(findings),
            ]
            return .finished(CommandOutput(ReportJSON.text(report), status: status))
        }
        let verdict = status == .success ? "PASSED" : "FAILED"
        let out =
            "\(tablePath) against \(filePath) for \(appID) on \(domain)\n\n" + findings.table
            + "\n\(verdict): \(findings.tally).\n"
        return .finished(CommandOutput(out, status: status))
    }

    static func severity(_ kind: CrossCheckFinding.Kind) -> Finding.Severity {
        switch kind {
        case .routeNotSentToApp, .destructiveRouteOpensApp: .error
        case .urlWithoutRoute: .warning
        case .routeWithoutSample: .note
        }
    }
}
