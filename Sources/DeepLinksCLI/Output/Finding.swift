import AssociatedDomains

/// One thing a check found: a stable code, a severity, a sentence, and where.
///
/// Every reporting command speaks in findings, so tables, `--json` and exit statuses work the
/// same way everywhere.
struct Finding: Sendable, Equatable {
    /// How much a finding matters; decides the exit status.
    enum Severity: String, Sendable, Comparable, CaseIterable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        static func < (left: Severity, right: Severity) -> Bool { left.rank < right.rank }
    }

    /// A stable identifier (`AASA130`, `redirect`).
    let code: String
    /// How much it matters.
    let severity: Severity
    /// A sentence that says what was found.
    let message: String
    /// Where: a JSON path, a route name, a URL; empty when it concerns the whole input.
    let location: String

    init(_ code: String, _ severity: Severity, _ message: String, at location: String = "") {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// An association-file validator finding.
    init(_ finding: AssociationFinding) {
        let severity: Severity =
            switch finding.severity {
            case .note: .note
            case .warning: .warning
            case .error: .error
            }
        self.init(finding.code.rawValue, severity, finding.message, at: finding.path)
    }

    var json: JSONValue {
        [
            "code": .string(code), "severity": .string(severity.rawValue), "message": .string(message),
            "location": .string(location),
        ]
    }
}

extension [Finding] {
    /// The exit status for these findings: 1 when any is an error (or a warning, when strict).
    func exitStatus(strict: Bool) -> ExitStatus {
        let threshold: Finding.Severity = strict ? .warning : .error
        return contains { $0.severity >= threshold } ? .checkFailed : .success
    }

    /// The findings as an aligned table, or a line saying there are none.
    var table: String {
        guard !isEmpty else { return "No findings.\n" }
        var table = TextTable(["SEVERITY", "CODE", "WHERE", "MESSAGE"])
        for finding in self {
            table.append([finding.severity.rawValue, finding.code, finding.location, finding.message])
        }
        return table.rendered
    }

    /// "2 errors, 1 warning, 0 notes".
    var tally: String {
        let counts = Finding.Severity.allCases.reversed().map { severity in
            let count = self.filter { $0.severity == severity }.count
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        return counts.joined(separator: ", ")
    }

    var json: JSONValue { .array(map(\.json)) }
}

/// How reports are written as JSON: pretty, with the most telling keys first.
enum ReportJSON {
    static let format = JSONFormat(
        isPretty: true,
        keyPriority: [
            "id", "command", "input", "url", "domain", "status", "outcome", "route", "parameters", "host",
            "reason", "code", "severity", "location", "message",
        ])

    /// The report as text with a final newline.
    static func text(_ value: JSONValue) -> String { value.serialized(format) + "\n" }
}
