import AssociatedDomains
import DeepLinks
import Foundation
import LinkAudit
import LinkPreviews

/// The audit's report with the baseline applied: what fails, what was acknowledged, the status.
struct AuditOutcome {
    let report: AuditReport
    /// Unacknowledged problems as findings (location: the URL), worst first.
    let findings: [Finding]
    /// Acknowledged problems with their reasons.
    let acknowledged: [(Finding, String)]
    /// Notes about the run (association files that could not be fetched).
    let notes: [Finding]
    let status: ExitStatus
    let appIDs: [String]

    init(report: AuditReport, baseline: DiffBaseline?, notes: [Finding], strict: Bool, appIDs: [String]) {
        self.report = report
        self.notes = notes
        self.appIDs = appIDs
        var findings: [Finding] = []
        var acknowledged: [(Finding, String)] = []
        var matchedEntries = Set<Int>()
        for result in report.results {
            for audited in result.findings {
                let finding = Finding(
                    audited.code.rawValue, audited.severity,
                    (audited.appID.map { "\($0): " } ?? "") + audited.message, at: result.url)
                if let index = baseline?.entries.firstIndex(where: {
                    $0.code == audited.code.rawValue && $0.key == result.url
                }) {
                    matchedEntries.insert(index)
                    acknowledged.append((finding, baseline?.entries[index].reason ?? ""))
                } else {
                    findings.append(finding)
                }
            }
        }
        for (index, entry) in (baseline?.entries ?? []).enumerated() where !matchedEntries.contains(index) {
            findings.append(
                Finding(
                    AuditCommand.staleBaselineCode, .warning,
                    "the baseline acknowledges \(entry.code) here, but the audit no longer finds it; remove the entry",
                    at: entry.key))
        }
        // Worst first; within a severity, by code, then in URL order.
        self.findings = findings.enumerated().sorted { left, right in
            (left.element.severity, right.element.code, right.offset)
                > (right.element.severity, left.element.code, left.offset)
        }.map(\.element)
        self.acknowledged = acknowledged
        status = (findings + notes).exitStatus(strict: strict)
    }
}
