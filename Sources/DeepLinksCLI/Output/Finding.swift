import AssociatedDomains
import DeepLinks

/// What every reporting command prints: the SDK's one diagnostics shape.
///
/// Route-table problems, association-file, entitlement and cross-check findings, and the
/// tool's own domain checks are all ``Diagnostic`` values, so tables, `--json` and exit
/// statuses work the same way everywhere.
typealias Finding = Diagnostic

extension Diagnostic {
    /// A diagnostic of the tool's own checks; an empty location means the whole input.
    init(_ code: String, _ severity: Severity, _ message: String, at location: String = "") {
        self.init(
            code: code, severity: severity, location: location.isEmpty ? nil : location, message: message)
    }

    /// The diagnostic as JSON: its `Codable` form (keys `code`, `severity`, `location` when
    /// there is one, `message`).
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "code": .string(code), "severity": .string(severity.rawValue), "message": .string(message),
        ]
        if let location { members["location"] = .string(location) }
        return .object(members)
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
            table.append([finding.severity.rawValue, finding.code, finding.location ?? "", finding.message])
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
