import DeepLinks
import DeepLinksJSON

/// What `aasa validate` and `assetlinks validate` print for one file or several: one section
/// per file, then the verdict over all of them.
enum FileValidationReport {
    /// One file's findings.
    struct File {
        /// The name the report gives the file (`standard input` for `-`).
        let source: String
        /// Its size in words (`512 bytes`, or that reading stopped past the limit).
        let size: String
        let findings: [Finding]
    }

    /// The options of both `validate` commands.
    static let options: [OptionSpec] = [
        .flag("--json", help: "Print the report as JSON."),
        .flag("--strict", help: "Fail on warnings too."),
    ]

    /// The exit statuses of both `validate` commands.
    static let exitStatuses: [(ExitStatus, String)] = [
        (.success, "no error findings (warnings and notes allowed unless --strict)"),
        (.checkFailed, "at least one error finding (or warning, with --strict)"),
        (.usage, ExitStatus.usage.meaning),
        (.invalidInput, "the file cannot be read"),
    ]

    /// The report: a single file's as before, several files' one after another.
    static func outcome(_ files: [File], command: String, strict: Bool, json: Bool) -> CommandOutcome {
        let all = files.flatMap(\.findings)
        let status = all.exitStatus(strict: strict)
        func passed(_ status: ExitStatus) -> JSONValue { status == .success ? "passed" : "failed" }
        if json {
            let reports: [[String: JSONValue]] = files.map { file in
                [
                    "input": .string(file.source), "status": passed(file.findings.exitStatus(strict: strict)),
                    "findings": file.findings.json, "summary": VerifyDomainCommand.summaryJSON(file.findings),
                ]
            }
            var report: [String: JSONValue]
            if files.count == 1 {
                report = reports[0]
            } else {
                report = [
                    "files": .array(reports.map(JSONValue.object)),
                    "summary": VerifyDomainCommand.summaryJSON(all),
                ]
            }
            report["command"] = .string(command)
            report["status"] = passed(status)
            return .finished(CommandOutput(ReportJSON.text(.object(report)), status: status))
        }
        let sections = files.map { "\($0.source): \($0.size)\n\n" + $0.findings.table }
        let verdict = status == .success ? "PASSED" : "FAILED"
        let over = files.count > 1 ? " (\(files.count) files)" : ""
        return .finished(
            CommandOutput(
                sections.joined(separator: "\n") + "\n\(verdict)\(over): \(all.tally).\n", status: status))
    }
}
