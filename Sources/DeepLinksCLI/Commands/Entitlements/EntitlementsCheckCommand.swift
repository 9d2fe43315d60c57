import AssociatedDomains
import DeepLinks
import Foundation

/// `deeplinks entitlements check`: the Associated Domains entitlement, entry by entry.
enum EntitlementsCheckCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["entitlements", "check"],
        summary: "Check an Associated Domains entitlement: an .entitlements file or a list of entries.",
        usage: "[options] [<file>] [--entry <entry>...]",
        discussion: """
            Reads com.apple.developer.associated-domains from an .entitlements property list,
            or entries from a JSON array or a text file (one per line), or from --entry.
            Each entry must be <service>:<domain>[?mode=developer|managed|developer+managed]
            with service applinks, webcredentials, activitycontinuation or appclips, and no
            scheme, port, path or trailing slash. Malformed entries are errors (ENT100);
            Apple's guidance gives warnings and notes: too many domains (ENT001), mode=developer
            in a release build (ENT002), duplicates (ENT003), a wildcard without its apex (ENT004).
            """,
        arguments: [
            ArgumentSpec(
                name: "<file>",
                help: "An .entitlements file, a JSON array or a text list ('-': standard input).")
        ],
        options: [
            .value(
                "--entry", "ENTRY", repeatable: true,
                help: "An entry to check (instead of, or besides, a file)."),
            .value("--configuration", "NAME", help: "The build: release (default) or debug."),
            .flag("--strict", help: "Fail on warnings too."),
            .flag("--json", help: "Print the report as JSON."),
        ],
        positionalCount: 0...1,
        examples: [
            "entitlements check App/App.entitlements",
            "entitlements check --entry applinks:example.com --entry 'applinks:*.example.com'",
        ],
        exitStatuses: [
            (.success, "no error findings"),
            (.checkFailed, "a malformed entry (or a warning, with --strict)"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the file cannot be read or holds no entitlement entries"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let configuration = try self.configuration(arguments)
        var texts: [String] = []
        var source = "--entry"
        if let path = arguments.positionals.first {
            texts = try entries(in: environment.readFile(path), source: ToolEnvironment.sourceName(path))
            source = ToolEnvironment.sourceName(path)
        }
        texts += arguments.allValues("--entry")
        guard !texts.isEmpty else { throw usage(.missingArgument("<file> or --entry")) }

        let (findings, parsed) = check(texts, configuration: configuration)
        let status = findings.exitStatus(strict: arguments.has("--strict"))
        if arguments.has("--json") {
            let report = jsonReport(
                texts, parsed: parsed, findings: findings, source: source, configuration: configuration,
                status: status)
            return .finished(CommandOutput(ReportJSON.text(report), status: status))
        }
        let out = textReport(
            texts, parsed: parsed, findings: findings, source: source, configuration: configuration,
            status: status)
        return .finished(CommandOutput(out, status: status))
    }

    /// The build `--configuration` names: release when it names none.
    private static func configuration(_ arguments: ParsedArguments) throws
        -> AssociatedDomainsEntitlement.BuildConfiguration
    {
        guard let name = arguments.value("--configuration") else { return .release }
        guard let value = AssociatedDomainsEntitlement.BuildConfiguration(rawValue: name) else {
            throw usage(.invalidValue(option: "--configuration", value: name, expected: "release or debug"))
        }
        return value
    }

    /// The findings about the entries, in the order of the entries, and each entry as it parsed
    /// (`nil` for a malformed one).
    private static func check(
        _ texts: [String], configuration: AssociatedDomainsEntitlement.BuildConfiguration
    ) -> (findings: [Finding], parsed: [AssociatedDomain?]) {
        var findings: [Finding] = []
        var valid: [AssociatedDomain] = []
        var validIndex: [Int] = []
        for (index, text) in texts.enumerated() {
            do {
                valid.append(try AssociatedDomain(text))
                validIndex.append(index)
            } catch {
                findings.append(Finding("ENT100", .error, error.description, at: "entry \(index + 1)"))
            }
        }
        for finding in AssociatedDomainsEntitlement(entries: valid).findings(for: configuration) {
            let place = finding.entryIndex.map { "entry \(validIndex[$0] + 1)" } ?? ""
            findings.append(
                Finding(finding.code.rawValue, severity(finding.severity), finding.message, at: place))
        }
        findings.sort {
            Int(($0.location ?? "").dropFirst(6)) ?? 0 < Int(($1.location ?? "").dropFirst(6)) ?? 0
        }
        let parsed = texts.indices.map { index in validIndex.firstIndex(of: index).map { valid[$0] } }
        return (findings, parsed)
    }

    /// The report `--json` prints.
    private static func jsonReport(
        _ texts: [String], parsed: [AssociatedDomain?], findings: [Finding], source: String,
        configuration: AssociatedDomainsEntitlement.BuildConfiguration, status: ExitStatus
    ) -> JSONValue {
        let entries: [JSONValue] = zip(texts, parsed).map { text, parsed in
            [
                "entry": .string(text),
                "service": parsed.map { .string($0.service.rawValue) } ?? .null,
                "domain": parsed.map { .string(($0.isWildcard ? "*." : "") + $0.domain) } ?? .null,
                "valid": .bool(parsed != nil),
            ]
        }
        return [
            "command": "entitlements check", "input": .string(source),
            "configuration": .string(configuration.rawValue),
            "status": status == .success ? "passed" : "failed", "entries": .array(entries),
            "findings": findings.json, "summary": VerifyDomainCommand.summaryJSON(findings),
        ]
    }

    /// The report printed without `--json`: the entries as a table, then the findings.
    private static func textReport(
        _ texts: [String], parsed: [AssociatedDomain?], findings: [Finding], source: String,
        configuration: AssociatedDomainsEntitlement.BuildConfiguration, status: ExitStatus
    ) -> String {
        var table = TextTable(["#", "ENTRY", "SERVICE", "DOMAIN"])
        for (index, (text, parsed)) in zip(texts, parsed).enumerated() {
            table.append([
                String(index + 1), text, parsed?.service.rawValue ?? "(invalid)",
                parsed.map { ($0.isWildcard ? "*." : "") + $0.domain } ?? "",
            ])
        }
        let verdict = status == .success ? "PASSED" : "FAILED"
        return
            "\(source): \(texts.count) entr\(texts.count == 1 ? "y" : "ies") (\(configuration.rawValue) build)\n\n"
            + table.rendered + "\n" + findings.table + "\n\(verdict): \(findings.tally).\n"
    }

    static func severity(_ severity: AssociationFinding.Severity) -> Finding.Severity {
        switch severity {
        case .note: .note
        case .warning: .warning
        case .error: .error
        }
    }

    /// The entries in a file: a property list with the entitlement key, a JSON array of
    /// strings, or one entry per line.
    static func entries(in bytes: [UInt8], source: String) throws(ToolError) -> [String] {
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if trimmed.first == UInt8(ascii: "<") || bytes.starts(with: Array("bplist".utf8)) {
            let plist: Any
            do {
                plist = try PropertyListSerialization.propertyList(
                    from: Data(bytes), options: [], format: nil)
            } catch {
                throw .invalidInput(source: source, reason: "not a valid property list")
            }
            guard let dictionary = plist as? [String: Any] else {
                throw .invalidInput(source: source, reason: "the property list is not a dictionary")
            }
            guard let value = dictionary[AssociatedDomainsEntitlement.key] else {
                throw .invalidInput(
                    source: source, reason: "it has no \(AssociatedDomainsEntitlement.key) key")
            }
            guard let list = value as? [Any], let strings = list as? [String] else {
                throw .invalidInput(
                    source: source, reason: "\(AssociatedDomainsEntitlement.key) must be an array of strings")
            }
            return strings
        }
        if trimmed.first == UInt8(ascii: "[") {
            guard case .array(let elements) = try? JSONValue(parsing: bytes),
                let strings = JSONValue.array(elements).stringArrayValue
            else {
                throw .invalidInput(source: source, reason: "not a JSON array of strings")
            }
            return strings
        }
        guard let text = UTF8Text.decode(bytes) else {
            throw .invalidInput(source: source, reason: "the file is not UTF-8 text")
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
