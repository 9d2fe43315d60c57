import AssociatedDomains
import DeepLinks
import Foundation

/// `deeplinks aasa diff`: a route table and an association file, cross-checked both ways.
enum AASADiffCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["aasa", "diff"],
        summary: "Cross-check a route table against an association file, both ways.",
        usage: "--table <file> --file <file> --app-id <appid> --domain <domain> [options]",
        discussion: """
            Routes whose links the file does not send to the app (AASA301, error), destructive
            routes whose links open the app straight from the web (AASA302, error), URLs the
            file sends to the app that no route handles, so the app would open on a blank
            screen (AASA303, warning), and routes no sample link could be written for
            (AASA304, note). Codes never change meaning.

            A known, documented over-reach can be acknowledged in a baseline file, so that
            --strict can gate CI. --baseline FILE is JSON:
              {"acknowledged": [
                {"code": "AASA303",
                 "location": "$.applinks.details[0].components[2]",
                 "reason": "the web app serves these pages; the app shows them in a web view"}
              ]}
            Each entry names a finding by its code and its location exactly as the report
            prints them (a JSON path, or "route <name>"), with a reason that is not empty.
            Acknowledged findings are listed apart and do not fail the check; an entry that
            matches no finding is reported as a warning (AASA305), so a baseline never
            outlives what it excuses.
            """,
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value("--file", alias: "-f", "FILE", help: "The association file."),
            .value("--app-id", "APPID", help: "The App ID whose links are compared."),
            .value("--domain", "DOMAIN", help: "The domain the file is served on."),
            .value("--baseline", "FILE", help: "Acknowledged findings (JSON, see above)."),
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
        guard let appID = arguments.value("--app-id") else {
            throw usage(.missingArgument("--app-id <appid>"))
        }
        try checkAppID(appID)
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
        let baseline = try arguments.value("--baseline").map { path throws(ToolError) in
            try DiffBaseline.load(path, in: environment)
        }
        let all = check.findings().map { finding in
            Finding(finding.code, severity(finding.kind), finding.message, at: finding.location)
        }
        var findings: [Finding] = []
        var acknowledged: [(Finding, String)] = []
        for finding in all {
            if let reason = baseline?.reason(code: finding.code, location: finding.location ?? "") {
                acknowledged.append((finding, reason))
            } else {
                findings.append(finding)
            }
        }
        for entry in baseline?.entries ?? []
        where !all.contains(where: { $0.code == entry.code && $0.location == entry.location }) {
            findings.append(
                Finding(
                    DiffBaseline.staleCode, .warning,
                    "the baseline acknowledges \(entry.code) here, but the check no longer finds it; "
                        + "remove the entry", at: entry.location))
        }
        let status = findings.exitStatus(strict: arguments.has("--strict"))
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "aasa diff", "domain": .string(domain), "appId": .string(appID),
                "status": status == .success ? "passed" : "failed", "findings": findings.json,
                "acknowledged": .array(
                    acknowledged.map { finding, reason in
                        var entry = finding.json
                        if case .object(var members) = entry {
                            members["reason"] = .string(reason)
                            entry = .object(members)
                        }
                        return entry
                    }),
                "summary": VerifyDomainCommand.summaryJSON(findings),
            ]
            return .finished(CommandOutput(ReportJSON.text(report), status: status))
        }
        let verdict = status == .success ? "PASSED" : "FAILED"
        let acknowledgedLines = acknowledged.map { finding, reason in
            "acknowledged \(finding.code) at \(finding.location ?? "-"): \(reason)\n"
        }
        let out =
            "\(tablePath) against \(filePath) for \(appID) on \(domain)\n\n" + findings.table
            + (acknowledgedLines.isEmpty ? "" : "\n" + acknowledgedLines.joined())
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

/// The acknowledged findings of `aasa diff --baseline`: code, location and reason of each.
struct DiffBaseline {
    /// The code of a baseline entry that matches no finding.
    static let staleCode = "AASA305"

    struct Entry {
        let code: String
        let location: String
        let reason: String
    }

    let entries: [Entry]

    /// The reason a finding was acknowledged; `nil` when it was not.
    func reason(code: String, location: String) -> String? {
        entries.first { $0.code == code && $0.location == location }?.reason
    }

    /// Reads a baseline, refusing anything but the documented shape.
    static func load(_ path: String, in environment: ToolEnvironment) throws(ToolError) -> DiffBaseline {
        let source = ToolEnvironment.sourceName(path)
        let json: JSONValue
        do {
            json = try JSONValue(parsing: try environment.readFile(path))
        } catch let error as ToolError {
            throw error
        } catch {
            throw .invalidInput(source: source, reason: "the baseline is not valid JSON: \(error)")
        }
        guard let object = json.objectValue, Set(object.keys) == ["acknowledged"],
            let list = object["acknowledged"]?.arrayValue
        else {
            throw .invalidInput(
                source: source,
                reason: "a baseline is an object with one key, 'acknowledged', holding an array")
        }
        var entries: [Entry] = []
        for (index, item) in list.enumerated() {
            guard let members = item.objectValue, Set(members.keys) == ["code", "location", "reason"],
                let code = members["code"]?.stringValue, let location = members["location"]?.stringValue,
                let reason = members["reason"]?.stringValue
            else {
                throw .invalidInput(
                    source: source,
                    reason:
                        "acknowledged[\(index)] must be an object of the strings 'code', 'location' and 'reason'"
                )
            }
            guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .invalidInput(source: source, reason: "acknowledged[\(index)] has an empty reason")
            }
            entries.append(Entry(code: code, location: location, reason: reason))
        }
        return DiffBaseline(entries: entries)
    }
}
