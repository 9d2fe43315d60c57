import AssociatedDomains
import DeepLinks
import LinkAudit

/// `audit --html`: a self-contained report page.
///
/// One file with no external resource (its style and script are inline, and its Content
/// Security Policy allows nothing else): a bar chart of the verdicts, a table of the URLs that
/// sorts by any column and filters by text and verdict, and each finding code with its
/// explanation and fix. Every value from the inputs is escaped for its place (text or
/// attribute); the script reads the table, never the data. A control character (U+0000 to
/// U+001F but tab and line feed, U+007F to U+009F), which an HTML parser drops, replaces or
/// reads as another character, is written as the visible text `\u{XXXX}`.
enum AuditHTML {
    /// The most URL rows the page holds; the worst come first, and the rest are counted.
    static let maximumRows = 5_000

    static func page(_ outcome: AuditOutcome) -> String {
        let results = outcome.report.results
        let counts = outcome.report.verdictCounts
        let status = outcome.status == .success ? "PASSED" : "FAILED"
        let tally = (outcome.findings + outcome.notes).tally
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <title>Link audit: \(results.count) URL\(results.count == 1 ? "" : "s")</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>Link audit</h1>
            <p>\(results.count) URL\(results.count == 1 ? "" : "s") for \(text(outcome.appIDs.joined(separator: ", ")))</p>
            <p class="status \(status == "PASSED" ? "passed" : "failed")">\(status): \(text(tally))</p>
            </header>
            <main>
            <section aria-labelledby="verdicts-title">
            <h2 id="verdicts-title">Verdicts</h2>

            """
        html += chart(counts, total: results.count)
        html += "</section>\n"
        if !outcome.notes.isEmpty {
            html +=
                "<section aria-labelledby=\"notes-title\">\n<h2 id=\"notes-title\">About the run</h2>\n<ul>\n"
            for note in outcome.notes {
                html +=
                    "<li><code>\(text(note.code))</code> \(text(note.location ?? "")): \(text(note.message))</li>\n"
            }
            html += "</ul>\n</section>\n"
        }
        html += table(outcome)
        html += findings(outcome)
        html += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    static func text(_ value: String) -> String { HTMLEscaping.text(visible(value)) }
    static func attribute(_ value: String) -> String { HTMLEscaping.attribute(visible(value)) }

    /// The text with each control character (but tab and line feed) written as `\u{XXXX}`.
    static func visible(_ value: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
        guard value.unicodeScalars.contains(where: isControl) else { return value }
        var out = ""
        for scalar in value.unicodeScalars {
            if isControl(scalar) {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + String(repeating: "0", count: 4 - digits.count) + digits + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A horizontal bar per verdict, worst first, as inline SVG.
    static func chart(_ counts: [(verdict: AuditVerdict, count: Int)], total: Int) -> String {
        let barHeight = 28
        let width = 640
        let labelWidth = 150
        let height = counts.count * (barHeight + 8)
        let largest = max(counts.map(\.count).max() ?? 0, 1)
        let summary = counts.map { "\($0.verdict.rawValue) \($0.count)" }.joined(separator: ", ")
        var svg =
            "<svg class=\"chart\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(attribute("Verdicts: " + summary))\">\n"
        for (index, entry) in counts.enumerated() {
            let y = index * (barHeight + 8)
            let barWidth = entry.count == 0 ? 0 : max(2, (width - labelWidth - 60) * entry.count / largest)
            let share = total == 0 ? 0 : (entry.count * 1000 / total + 5) / 10
            svg += "<g class=\"bar \(entry.verdict.rawValue)\">"
            svg += "<text x=\"0\" y=\"\(y + 19)\">\(text(entry.verdict.rawValue))</text>"
            svg +=
                "<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(barHeight)\" rx=\"3\"></rect>"
            svg +=
                "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 19)\">\(entry.count) (\(share)%)</text>"
            svg += "<title>\(text("\(entry.verdict.rawValue): \(entry.verdict.title)"))</title></g>\n"
        }
        return svg + "</svg>\n"
    }

    static func table(_ outcome: AuditOutcome) -> String {
        let results = outcome.report.results
        let ordered = results.enumerated().sorted {
            ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset)
        }
        .prefix(maximumRows).map(\.element)
        var html = tableHead(listing: ordered.count, of: results.count)
        let several = outcome.appIDs.count > 1
        for result in ordered {
            html += row(result, severalApps: several)
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }

    /// The section's title, its filter controls and the head of its table, which lists
    /// `listed` of the `total` URLs.
    private static func tableHead(listing listed: Int, of total: Int) -> String {
        var html = """
            <section aria-labelledby="urls-title">
            <h2 id="urls-title">URLs</h2>
            <div class="controls">
            <label>Filter <input id="filter" type="search" placeholder="URL, route, code…"></label>
            <label>Verdict <select id="verdict"><option value="">every verdict</option>

            """
        for verdict in AuditVerdict.allCases {
            html += "<option value=\"\(verdict.rawValue)\">\(verdict.rawValue)</option>"
        }
        html += """
            </select></label>
            <output id="shown" for="filter verdict">\(listed) of \(listed) rows</output>
            </div>

            """
        if total > listed {
            html +=
                "<p class=\"note\">The worst \(listed) of \(total) URLs are listed; "
                + "<code>--json</code> has every one.</p>\n"
        }
        html += "<div class=\"scroll\">\n<table id=\"results\">\n<thead><tr>"
        for (index, title) in [
            "URL", "Verdict", "Opens the app", "Decided by", "Route", "Outcome", "Problems",
        ]
        .enumerated() {
            html +=
                "<th aria-sort=\"none\"><button type=\"button\" data-column=\"\(index)\">\(title)</button></th>"
        }
        return html + "</tr></thead>\n<tbody>\n"
    }

    /// One URL's row: its verdict, what opens it, the route, the outcome and the findings.
    private static func row(_ result: URLAudit, severalApps several: Bool) -> String {
        let rank = AuditVerdict.allCases.firstIndex(of: result.verdict) ?? 0
        var html = "<tr data-verdict=\"\(result.verdict.rawValue)\">"
        html += "<td class=\"url\">\(text(result.url))</td>"
        html +=
            "<td data-sort=\"\(rank)\"><span class=\"verdict \(result.verdict.rawValue)\">"
            + "\(result.verdict.rawValue)</span></td>"
        let apple = result.apps.map { app in
            text((several ? app.appID + ": " : "") + (app.opensApp ? "yes" : "no"))
        }
        let android = result.android.map { app in
            text("Android \(app.packageName): \(app.opensApp ? "yes" : "no")")
        }
        html += "<td>" + (apple + android).joined(separator: "<br>") + "</td>"
        html +=
            "<td class=\"decided\">"
            + result.apps.map { app in
                "<code>\(text((several ? app.appID + ": " : "") + app.decidedBy))</code>"
            }.joined(separator: "<br>") + "</td>"
        html += "<td>\(result.route.map { "<code>\(text($0))</code>" } ?? "")</td>"
        html += "<td>\(text(result.outcome))"
        if let reason = result.outcomeReason { html += "<div class=\"reason\">\(text(reason))</div>" }
        html += "</td><td class=\"findings\">"
        if !result.findings.isEmpty {
            html += "<ul>"
            for finding in result.findings {
                html +=
                    "<li class=\"\(finding.severity.rawValue)\"><a href=\"#\(finding.code.rawValue)\">"
                    + "\(finding.code.rawValue)</a> \(text((finding.appID.map { $0 + ": " } ?? "") + finding.message))</li>"
            }
            html += "</ul>"
        }
        return html + "</td></tr>\n"
    }

    static func findings(_ outcome: AuditOutcome) -> String {
        var html =
            "<section aria-labelledby=\"findings-title\">\n<h2 id=\"findings-title\">Findings and fixes</h2>\n"
        let found = AuditFinding.Code.allCases.map { ($0, outcome.report.count(of: $0)) }.filter { $0.1 > 0 }
        if found.isEmpty { html += "<p>No findings: every URL goes where it should.</p>\n" }
        for (code, count) in found {
            html += """
                <article id="\(code.rawValue)">
                <h3><code>\(code.rawValue)</code> \(text(code.title)) <span class="count">\(count) URL\(count == 1 ? "" : "s")</span></h3>
                <p>\(text(code.explanation))</p>
                <p><strong>Fix:</strong> \(text(code.fix))</p>
                </article>

                """
        }
        if !outcome.acknowledged.isEmpty {
            html += "<h3>Acknowledged in the baseline</h3>\n<ul>\n"
            for (finding, reason) in outcome.acknowledged {
                html +=
                    "<li><code>\(text(finding.code))</code> \(text(finding.location ?? "")): \(text(reason))</li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    static let style = """
        body{font:15px/1.45 -apple-system,system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
        header,main{max-width:1200px;margin:0 auto;padding:0 20px}
        h1{margin:24px 0 4px}h2{margin-top:32px}
        .status{font-weight:600}.passed{color:#1a7f37}.failed{color:#c62828}
        .chart{width:100%;max-width:680px;height:auto}
        .chart text{font-size:14px;fill:#1d1d1f}
        .bar rect{fill:#8e8e93}
        .blankScreen rect,.verdict.blankScreen{fill:#c62828;background:#c62828}
        .unguardedRoute rect,.verdict.unguardedRoute{fill:#d84315;background:#d84315}
        .missedRoute rect,.verdict.missedRoute{fill:#ef8f00;background:#ef8f00}
        .refused rect,.verdict.refused{fill:#6d4c41;background:#6d4c41}
        .browser rect,.verdict.browser{fill:#607d8b;background:#607d8b}
        .route rect,.verdict.route{fill:#2e7d32;background:#2e7d32}
        .verdict{color:#fff;border-radius:4px;padding:1px 6px;font-size:13px;white-space:nowrap}
        .controls{display:flex;gap:16px;align-items:center;flex-wrap:wrap;margin-bottom:8px}
        table{border-collapse:collapse;width:100%;background:#fff}
        th,td{border-bottom:1px solid #e0e0e0;padding:6px 8px;text-align:left;vertical-align:top}
        th button{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer}
        th[aria-sort=ascending] button::after{content:" \\25B2"}
        th[aria-sort=descending] button::after{content:" \\25BC"}
        td{overflow-wrap:anywhere}
        td.url{min-width:16em;word-break:break-all}
        td.findings{min-width:24em}
        td.decided{min-width:13em}
        .scroll{overflow-x:auto}
        td ul{margin:0;padding-left:18px}
        li.error a{color:#c62828}li.warning a{color:#ef8f00}
        .reason{color:#555;font-size:13px}
        article{background:#fff;border:1px solid #e0e0e0;border-radius:6px;padding:4px 16px;margin:12px 0}
        .count{font-weight:400;color:#555;font-size:14px}
        .note{color:#555}
        """

    static let script = """
        (function () {
          "use strict";
          var table = document.getElementById("results");
          var body = table.tBodies[0];
          var rows = Array.prototype.slice.call(body.rows);
          var filter = document.getElementById("filter");
          var verdict = document.getElementById("verdict");
          var shown = document.getElementById("shown");
          function key(row, column) {
            var cell = row.cells[column];
            var sort = cell.getAttribute("data-sort");
            return sort !== null ? Number(sort) : cell.textContent.toLowerCase();
          }
          function apply() {
            var text = filter.value.toLowerCase();
            var wanted = verdict.value;
            var count = 0;
            rows.forEach(function (row) {
              var visible = (wanted === "" || row.getAttribute("data-verdict") === wanted) &&
                (text === "" || row.textContent.toLowerCase().indexOf(text) !== -1);
              row.hidden = !visible;
              if (visible) { count += 1; }
            });
            shown.textContent = count + " of " + rows.length + " rows";
          }
          Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header) {
            header.querySelector("button").addEventListener("click", function () {
              var column = Number(this.getAttribute("data-column"));
              var ascending = header.getAttribute("aria-sort") !== "ascending";
              Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) {
                other.setAttribute("aria-sort", "none");
              });
              header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
              rows.sort(function (left, right) {
                var a = key(left, column), b = key(right, column);
                var order = a < b ? -1 : a > b ? 1 : 0;
                return ascending ? order : -order;
              });
              rows.forEach(function (row) { body.appendChild(row); });
            });
          });
          filter.addEventListener("input", apply);
          verdict.addEventListener("change", apply);
          apply();
          table.setAttribute("data-ready", "true");
        })();
        """
}
