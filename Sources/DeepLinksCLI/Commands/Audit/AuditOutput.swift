import AssociatedDomains
import DeepLinks
import Foundation
import LinkAudit

/// The terminal and JSON forms of an audit.
enum AuditOutput {
    /// The most problems of one code the terminal report lists; the rest are counted.
    static let maximumListedPerCode = 100

    /// The terminal report: counts per verdict, then the problems, worst first.
    static func text(_ outcome: AuditOutcome) -> String {
        let results = outcome.report.results
        var out =
            "Audited \(results.count) URL\(results.count == 1 ? "" : "s") for "
            + outcome.appIDs.joined(separator: ", ") + "\n\n"
        var table = TextTable(["VERDICT", "URLS", "MEANING"])
        for (verdict, count) in outcome.report.verdictCounts {
            table.append([verdict.rawValue, String(count), verdict.title])
        }
        out += table.rendered + "\n"
        if !outcome.notes.isEmpty { out += outcome.notes.table + "\n" }
        var listed: [Finding] = []
        var more: [String: Int] = [:]
        var perCode: [String: Int] = [:]
        for finding in outcome.findings {
            let seen = perCode[finding.code, default: 0] + 1
            perCode[finding.code] = seen
            if seen <= maximumListedPerCode {
                listed.append(finding)
            } else {
                more[finding.code, default: 0] += 1
            }
        }
        out += listed.table
        for (code, count) in more.sorted(by: { $0.key < $1.key }) {
            out += "… and \(count) more \(code) finding\(count == 1 ? "" : "s") (see --json)\n"
        }
        for (finding, reason) in outcome.acknowledged {
            out += "acknowledged \(finding.code) at \(finding.location ?? "-"): \(reason)\n"
        }
        let verdict = outcome.status == .success ? "PASSED" : "FAILED"
        out += "\n\(verdict): \((outcome.findings + outcome.notes).tally).\n"
        return out
    }

    /// The JSON report as text, as ``json(_:)`` prints it, with each URL's object made and
    /// written one at a time: the report never holds every URL's object at once (their
    /// dictionaries take about four times the text they print to).
    static func jsonText(_ outcome: AuditOutcome) -> String {
        let marker = "\u{1}results-\(UUID().uuidString)"
        let text = ReportJSON.text(json(outcome, results: [.string(marker)]))
        let placeholder = JSONValue.string(marker).serialized(ReportJSON.format)
        guard !outcome.report.results.isEmpty, let range = text.range(of: placeholder) else {
            return ReportJSON.text(json(outcome))
        }
        // The results array is a member of the top-level object: its elements are two levels
        // deep, indented by four spaces.
        var out = String(text[..<range.lowerBound])
        for (position, result) in outcome.report.results.enumerated() {
            if position > 0 { out += ",\n    " }
            out += json(result).serialized(ReportJSON.format).replacingOccurrences(of: "\n", with: "\n    ")
        }
        out += text[range.upperBound...]
        return out
    }

    /// The JSON report: a summary and one object per URL.
    static func json(_ outcome: AuditOutcome) -> JSONValue {
        json(outcome, results: outcome.report.results.map(json))
    }

    /// The JSON report with these objects as its results.
    static func json(_ outcome: AuditOutcome, results: [JSONValue]) -> JSONValue {
        var verdicts: [String: JSONValue] = [:]
        for (verdict, count) in outcome.report.verdictCounts {
            verdicts[verdict.rawValue] = .number(JSONNumber(count))
        }
        var summary = VerifyDomainCommand.summaryJSON(outcome.findings + outcome.notes)
        if case .object(var members) = summary {
            members["urls"] = .number(JSONNumber(outcome.report.results.count))
            members["verdicts"] = .object(verdicts)
            summary = .object(members)
        }
        return [
            "command": "audit", "status": outcome.status == .success ? "passed" : "failed",
            "appIds": .array(outcome.appIDs.map(JSONValue.string)),
            "summary": summary,
            "notes": outcome.notes.json,
            "results": .array(results),
            "acknowledged": .array(
                outcome.acknowledged.map { finding, reason in
                    var entry = finding.json
                    if case .object(var members) = entry {
                        members["reason"] = .string(reason)
                        entry = .object(members)
                    }
                    return entry
                }),
            "stale": .array(
                outcome.findings.filter { $0.code == AuditCommand.staleBaselineCode }.map(\.json)),
        ]
    }

    /// One URL's object: `url`, `verdict`, `opensApp` and `decidedBy` (by App ID), `route`,
    /// `outcome`, `reason`, `findings`, and `preview` when previews were audited.
    static func json(_ result: URLAudit) -> JSONValue {
        var members: [String: JSONValue] = [
            "url": .string(result.url),
            "verdict": .string(result.verdict.rawValue),
            "opensApp": .object(
                Dictionary(uniqueKeysWithValues: result.apps.map { ($0.appID, .bool($0.opensApp)) })),
            "decidedBy": .object(
                Dictionary(uniqueKeysWithValues: result.apps.map { ($0.appID, .string($0.decidedBy)) })),
            "route": result.route.map(JSONValue.string) ?? .null,
            "outcome": .string(result.outcome),
            "reason": result.outcomeReason.map(JSONValue.string) ?? .null,
            "findings": .array(result.findings.map(json)),
        ]
        if !result.android.isEmpty {
            members["android"] = .object(
                Dictionary(
                    uniqueKeysWithValues: result.android.map {
                        (
                            $0.packageName,
                            ["opensApp": .bool($0.opensApp), "decidedBy": .string($0.decidedBy)] as JSONValue
                        )
                    }))
        }
        if let preview = result.preview {
            members["preview"] = [
                "status": .string(preview.status.rawValue),
                "source": preview.source.map { .string($0.kind.rawValue) } ?? .null,
                "bannerContent": preview.bannerContent.map(JSONValue.string) ?? .null,
                "bannerArgument": preview.bannerArgument.map(JSONValue.string) ?? .null,
                "reason": preview.reason.map(JSONValue.string) ?? .null,
            ]
        }
        return .object(members)
    }

    static func json(_ finding: AuditFinding) -> JSONValue {
        var members: [String: JSONValue] = [
            "code": .string(finding.code.rawValue), "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
        ]
        if let appID = finding.appID { members["appId"] = .string(appID) }
        return .object(members)
    }

    /// One URL in depth: each app's decision with every reason, the routes tried, each problem
    /// with its explanation and fix, and the preview.
    static func explanation(_ result: URLAudit, routing: RouteExplanation?) -> String {
        var out =
            "\(TextTable.singleLine(result.url))\n  verdict: \(result.verdict.rawValue) (\(result.verdict.title))\n\n"
        for app in result.apps {
            out +=
                "\(app.appID): \(app.opensApp ? "opens the app" : "stays in the browser"), decided by \(app.decidedBy)\n"
            for reason in app.decision.reasons { out += "  - \(reason.sentence)\n" }
        }
        for app in result.android {
            out +=
                "Android \(app.packageName): \(app.opensApp ? "opens the app" : "stays in the browser"), "
                + "decided by \(app.decidedBy)\n"
            out += "  - \(app.match?.reason.sentence ?? "there is no assetlinks.json for the link's host")\n"
        }
        out += "\nThe app: \(result.outcome)"
        if let route = result.route { out += " (route '\(route)')" }
        if let reason = result.outcomeReason { out += ": \(reason)" }
        out += "\n" + ResolveCommand.explanationText(routing)
        if let preview = result.preview {
            out += "\nPreview: \(preview.status.rawValue)"
            if let source = preview.source { out += " (\(source))" }
            if let argument = preview.bannerArgument { out += "; banner argument \(argument)" }
            if let reason = preview.reason { out += ": \(reason)" }
            out += "\n"
        }
        if result.findings.isEmpty {
            out += "\nNo findings.\n"
        }
        for finding in result.findings {
            out += "\n\(finding.severity.rawValue) \(finding.code.rawValue) \(finding.code.title)\n"
            out += "  \(finding.appID.map { "\($0): " } ?? "")\(finding.message)\n"
            out += "  Why: \(finding.code.explanation)\n"
            out += "  Fix: \(finding.code.fix)\n"
        }
        return out
    }
}
