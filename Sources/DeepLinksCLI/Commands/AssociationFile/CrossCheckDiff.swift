import DeepLinks
import DeepLinksJSON
import Foundation

/// What `aasa diff` and `assetlinks diff` share once each has cross-checked its file: the
/// baseline (read, applied, written), the report (table or `--json`) and the exit status.
enum CrossCheckDiff {
    /// A finding and what it is about, the key a baseline names it by: `route <name>` when the
    /// finding is about a route, else the rule's own patterns (`component /c/?*/?*`), so that
    /// adding or moving a rule leaves the baseline valid.
    struct Item {
        let finding: Finding
        let about: String
        /// Why the command itself acknowledges the finding (a generator's known over-reach),
        /// or `nil`.
        var knownBecause: String? = nil
    }

    /// How one command names itself in its report.
    struct Context {
        /// `aasa diff`.
        let command: String
        /// The code of a baseline entry that matches no finding.
        let staleCode: String
        /// The command's spec, for usage errors.
        let spec: CommandSpec
    }

    /// The file each `--domain` is compared with: `--file` for one domain, or
    /// `DIR/<domain>/<name>` under `--dir`, the layout `generate --output-dir` writes.
    static func files(_ arguments: ParsedArguments, name: String, spec: CommandSpec) throws -> [(
        domain: String, file: String
    )] {
        let domains = try DomainArguments.domains(arguments, spec: spec)
        switch (arguments.value("--file"), arguments.value("--dir")) {
        case (let file?, nil):
            guard domains.count == 1 else {
                throw UsageError(
                    .other(
                        "\(domains.count) domains need \(domains.count) files: give --dir DIR holding DIR/<domain>/\(name)"
                    ), command: spec)
            }
            return [(domains[0], file)]
        case (nil, let directory?):
            return domains.map { ($0, GeneratedFiles.path(of: $0, named: name, in: directory)) }
        case (nil, nil):
            throw UsageError(.missingArgument("--file <file> or --dir <dir>"), command: spec)
        case (.some, .some):
            throw UsageError(.other("give --file or --dir, not both"), command: spec)
        }
    }

    /// The exit statuses of both `diff` commands.
    static let exitStatuses: [(ExitStatus, String)] = [
        (.success, "table and file agree (no error findings)"),
        (.checkFailed, "at least one error finding (or warning, with --strict)"),
        (.usage, ExitStatus.usage.meaning),
        (.invalidInput, "the table, file or baseline is unreadable or invalid, or the table does not build"),
    ]

    /// The options both commands take for files, baselines and reports.
    static let options: [OptionSpec] = [
        .value(
            "--domain", "DOMAIN", repeatable: true,
            help: "The domain the file is served on; repeat it with --dir to compare each domain's file."),
        .value("--baseline", "FILE", help: "Acknowledged findings (JSON, see above)."),
        .value(
            "--write-baseline", "FILE",
            help: "Write every finding of this run to FILE as acknowledged, with --reason, and apply it."),
        .value("--reason", "TEXT", help: "Why the findings --write-baseline writes are acknowledged."),
        .flag("--strict", help: "Fail on warnings too."),
        .flag("--json", help: "Print the report as JSON."),
    ]

    /// The option naming the folder of several domains' files, for a file name.
    static func directoryOption(_ name: String) -> OptionSpec {
        .value(
            "--dir", "DIR",
            help: "The folder 'generate --output-dir' wrote: DIR/<domain>/\(name) for each --domain.")
    }

    /// The discussion of baselines both commands print in their help, with an example entry.
    static func baselineHelp(example code: String, about: String) -> String {
        """
        A known, documented over-reach can be acknowledged in a baseline file, so that
        --strict can gate CI. --baseline FILE is JSON:
          {"acknowledged": [
            {"code": "\(code)",
             "about": "\(about)",
             "reason": "the web app serves these pages; the app shows them in a web view"}
          ]}
        Each entry names a finding by its code and what it is about, as the JSON report
        prints them ("route <name>", or "component <patterns>" for a rule without a route;
        with several domains, after the domain and a space),
        with a reason that is not empty; "location" (the finding's JSON path) is still read in
        place of "about". --write-baseline FILE --reason TEXT writes every finding of the run
        that way. Acknowledged findings are listed apart and do not fail the check; an entry
        that matches no finding is reported as a warning, so a baseline never outlives what
        it excuses.
        """
    }

    /// One file's cross-check: what it compared and its findings.
    struct Run {
        /// The report's line for this file (`routes.json against aasa for … on example.com`).
        let header: String
        /// The members that say what was compared (`domain`, `appId` or `packageName`).
        let identity: [String: JSONValue]
        /// The findings; with several domains each `about` starts with the domain.
        let items: [Item]
    }

    /// One run's findings split by the baseline: those shown, and those acknowledged with why.
    typealias SortedRun = (run: Run, findings: [Item], acknowledged: [(Item, String)])

    /// Applies (or first writes) the baseline to the runs, one per domain, and reports.
    static func report(
        _ runs: [Run], _ context: Context, _ arguments: ParsedArguments, in environment: ToolEnvironment
    ) throws -> CommandOutcome {
        let items = runs.flatMap(\.items)
        var baseline = try arguments.value("--baseline").map { path throws(ToolError) in
            try DiffBaseline.load(path, in: environment)
        }
        var wrote: String?
        if let path = arguments.value("--write-baseline") {
            let written = try writeBaseline(of: items, to: path, context, arguments, in: environment)
            baseline = written
            let count = written.entries.count
            wrote = "wrote \(path) (\(count) acknowledged finding\(count == 1 ? "" : "s"))\n"
        }
        // Each run's findings and acknowledged findings, then the baseline's stale entries.
        let sorted: [SortedRun] = runs.map { run in
            var findings: [Item] = []
            var acknowledged: [(Item, String)] = []
            for item in run.items {
                if let reason = item.knownBecause ?? baseline?.reason(for: item) {
                    acknowledged.append((item, reason))
                } else {
                    findings.append(item)
                }
            }
            return (run: run, findings: findings, acknowledged: acknowledged)
        }
        let stale = (baseline?.entries ?? []).filter { entry in !items.contains(where: entry.matches) }.map {
            entry in
            Finding(
                context.staleCode, .warning,
                "the baseline acknowledges \(entry.code) here, but the check no longer finds it; remove the entry",
                at: entry.key)
        }
        let all = sorted.flatMap { $0.findings.map(\.finding) } + stale
        let status = all.exitStatus(strict: arguments.has("--strict"))
        if arguments.has("--json") {
            var report = json(sorted, stale: stale, all: all)
            report["command"] = .string(context.command)
            report["status"] = status == .success ? "passed" : "failed"
            return .finished(
                CommandOutput(ReportJSON.text(.object(report)), status: status, standardError: wrote ?? ""))
        }
        let out =
            (wrote ?? "") + text(sorted, stale: stale)
            + "\n\(status == .success ? "PASSED" : "FAILED"): \(all.tally).\n"
        return .finished(CommandOutput(out, status: status))
    }

    /// Writes a baseline acknowledging every finding the generator does not already explain,
    /// with `--reason`'s text, and returns it.
    private static func writeBaseline(
        of items: [Item], to path: String, _ context: Context, _ arguments: ParsedArguments,
        in environment: ToolEnvironment
    ) throws -> DiffBaseline {
        guard let reason = arguments.value("--reason"), !reason.trimmingCharacters(in: .whitespaces).isEmpty
        else {
            throw UsageError(
                .other("--write-baseline needs --reason TEXT: why the findings are acknowledged"),
                command: context.spec)
        }
        let written = DiffBaseline(
            entries: items.filter { $0.knownBecause == nil }.map {
                DiffBaseline.Entry(code: $0.finding.code, about: $0.about, reason: reason)
            })
        try environment.writeFile(path, Array(ReportJSON.text(written.json).utf8))
        return written
    }

    /// The `--json` report without `command` and `status`: one domain's members, or every
    /// domain's under `domains` with the stale entries apart.
    private static func json(_ sorted: [SortedRun], stale: [Finding], all: [Finding]) -> [String: JSONValue] {
        func members(_ findings: [Item], _ acknowledged: [(Item, String)], stale: [Finding]) -> [String:
            JSONValue]
        {
            let shown =
                findings.map { adding(["about": .string($0.about)], to: $0.finding.json) } + stale.map(\.json)
            return [
                "findings": .array(shown),
                "acknowledged": .array(
                    acknowledged.map { item, reason in
                        adding(
                            ["about": .string(item.about), "reason": .string(reason)], to: item.finding.json)
                    }),
                "summary": VerifyDomainCommand.summaryJSON(findings.map(\.finding) + stale),
            ]
        }
        if sorted.count == 1, let only = sorted.first {
            return only.run.identity.merging(members(only.findings, only.acknowledged, stale: stale)) {
                a, _ in a
            }
        }
        return [
            "domains": .array(
                sorted.map {
                    .object(
                        $0.run.identity.merging(members($0.findings, $0.acknowledged, stale: [])) { a, _ in a
                        })
                }),
            "staleBaselineEntries": .array(stale.map(\.json)),
            "summary": VerifyDomainCommand.summaryJSON(all),
        ]
    }

    /// The terminal report: each run's header, findings and acknowledged findings, then the
    /// baseline's stale entries.
    private static func text(_ sorted: [SortedRun], stale: [Finding]) -> String {
        var out = ""
        for (index, entry) in sorted.enumerated() {
            let shown = entry.findings.map(\.finding) + (sorted.count == 1 ? stale : [])
            out += (index == 0 ? "" : "\n") + entry.run.header + "\n\n" + shown.table
            let lines = entry.acknowledged.map { item, reason in
                "acknowledged \(item.finding.code) about \(item.about): \(reason)\n"
            }
            if !lines.isEmpty { out += "\n" + lines.joined() }
        }
        if sorted.count > 1, !stale.isEmpty { out += "\nthe baseline\n\n" + stale.table }
        return out
    }

    private static func adding(_ members: [String: JSONValue], to json: JSONValue) -> JSONValue {
        guard case .object(var object) = json else { return json }
        object.merge(members) { _, new in new }
        return .object(object)
    }
}

/// The acknowledged findings of a diff's `--baseline`: code, what each is about, and reason.
struct DiffBaseline {
    struct Entry {
        let code: String
        /// What the finding is about (`route <name>`, `component <patterns>`); `nil` for an
        /// entry that names the finding's location instead.
        var about: String?
        /// The finding's location (a JSON path), for entries written before `about`.
        var location: String?
        let reason: String

        init(code: String, about: String, reason: String) {
            self.code = code
            self.about = about
            self.reason = reason
        }

        init(code: String, location: String, reason: String) {
            self.code = code
            self.location = location
            self.reason = reason
        }

        /// What the entry names: its `about`, else its location.
        var key: String { about ?? location ?? "" }

        func matches(_ item: CrossCheckDiff.Item) -> Bool {
            guard item.finding.code == code else { return false }
            if let about { return item.about == about }
            return item.finding.location == location
        }
    }

    let entries: [Entry]

    /// The reason a finding was acknowledged; `nil` when it was not.
    func reason(for item: CrossCheckDiff.Item) -> String? {
        entries.first { $0.matches(item) }?.reason
    }

    /// The baseline as the JSON `--baseline` reads.
    var json: JSONValue {
        [
            "acknowledged": .array(
                entries.map { entry in
                    var members: [String: JSONValue] = [
                        "code": .string(entry.code), "reason": .string(entry.reason),
                    ]
                    if let about = entry.about { members["about"] = .string(about) }
                    if let location = entry.location { members["location"] = .string(location) }
                    return .object(members)
                })
        ]
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
            let members = item.objectValue ?? [:]
            let keys = Set(members.keys)
            guard keys == ["code", "about", "reason"] || keys == ["code", "location", "reason"],
                let code = members["code"]?.stringValue, let reason = members["reason"]?.stringValue,
                let key = (members["about"] ?? members["location"])?.stringValue
            else {
                throw .invalidInput(
                    source: source,
                    reason:
                        "acknowledged[\(index)] must be an object of the strings 'code', 'about' (or 'location') and 'reason'"
                )
            }
            guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .invalidInput(source: source, reason: "acknowledged[\(index)] has an empty reason")
            }
            entries.append(
                keys.contains("about")
                    ? Entry(code: code, about: key, reason: reason)
                    : Entry(code: code, location: key, reason: reason))
        }
        return DiffBaseline(entries: entries)
    }
}
