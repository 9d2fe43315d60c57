import DeepLinks
import Foundation
import Testing

/// Hostile paths from the public payload corpora, pushed through the whole pipeline.
@Suite(
    "Payload corpora: hostile links never reach a route with an unsafe value")
struct RouteCorpusTests {
    static let files = [
        "payloads/CRLF_Injection-Files-crlfinjection.txt",
        "payloads/Directory_Traversal-Intruder-traversals-8-deep-exotic-encoding.txt",
        "payloads/Fuzzing-SSRF_hacktricks.txt",
        "payloads/Open_Redirect-Intruder-Open-Redirect-payloads.txt",
        "payloads/Open_Redirect-Intruder-open_redirect_wordlist.txt",
        "payloads/Open_Redirect-Intruder-openredirects.txt",
    ]

    /// A table that tempts every payload: catch-alls, an open parameter, a redirect target and
    /// a destructive route.
    static let table = RouteTable {
        Route("files", "/files/*path")
        Route("go", "/go", query: ["to(slug)"])
        Route("page", "/:page")
        Route("wipe", "/wipe/*what", safety: .destructive)
        Route("home", "/")
    }

    /// Every link to try for a payload line: the line as a path under three prefixes, or the
    /// line itself when it is a whole link.
    static func links(for line: String) -> [String] {
        if line.hasPrefix("http") || line.contains("://") { return [line] }
        let path = line.hasPrefix("/") ? line : "/" + line
        return [
            "https://example.com" + path, "https://example.com/files" + path,
            "https://example.com/wipe" + path,
        ]
    }

    @Test("every payload gets one decision; routed values are visible, single segments, and round-trip")
    func payloads() throws {
        let receiver = try LinkReceiver(table: Self.table)
        var counts: [String: Int] = [:]
        var total = 0
        for file in Self.files {
            for line in try Corpus.lines(file) {
                for text in Self.links(for: line) {
                    total += 1
                    let outcome = receiver.receive(url: text).outcome
                    switch outcome {
                    case .route(let match), .confirm(let match):
                        counts[match.route, default: 0] += 1
                        if match.route == "wipe" {
                            guard case .confirm = outcome else {
                                Issue.record("a link ran the destructive route directly: \(text)")
                                continue
                            }
                        }
                        for entry in match.parameters {
                            let values = entry.value.segmentsValue ?? [entry.value.text]
                            for value in values {
                                #expect(
                                    !value.unicodeScalars.contains(where: {
                                        $0.properties.generalCategory == .control
                                    }),
                                    "\(text)")
                                #expect(
                                    !value.contains("/") && !value.contains("\\") && value != ".."
                                        && value != ".", "\(text)")
                            }
                        }
                        let host = match.link.host ?? ""
                        let regenerated = try receiver.router.link(
                            for: match.route, parameters: match.parameters, host: host)
                        #expect(
                            receiver.receive(url: regenerated).outcome.match?.parameters == match.parameters,
                            "\(text)")
                    case .openInBrowser:
                        counts["openInBrowser", default: 0] += 1
                    case .reject(.malformed):
                        counts["malformed", default: 0] += 1
                    case .reject(.unhandled):
                        counts["unhandled", default: 0] += 1
                    case .reject(let other):
                        Issue.record(
                            "a URL was rejected for a reason only activities and banners have: \(other)")
                    }
                }
            }
        }
        #expect(total == counts.values.reduce(0, +))
        #expect(counts["malformed", default: 0] > total / 2)
    }
}
