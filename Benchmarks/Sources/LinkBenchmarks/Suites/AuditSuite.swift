import AssociatedDomains
import DeepLinks
import Dispatch
import Foundation
import LinkAudit

/// `deeplinks audit`'s work on a large site: a sitemap of 50,000 URLs (the most one file lists) read with `Sitemap(bytes:)`
/// and every URL audited by `SiteAudit` against the 60-route app table, a 30-component
/// association file and the entitlement. One timed pass each (the fastest of three in a full
/// run); there is no peer that reads a route table.
enum AuditSuite {
    static let urlCount = 50_000

    static func run(quick: Bool, into results: inout ResultTable) throws {
        let site = try AuditWorkload()
        let xml = site.sitemap(count: urlCount)
        var bestRead = UInt64.max
        var bestAudit = UInt64.max
        var verdicts: [(AuditVerdict, Int)] = []
        for _ in 0..<(quick ? 1 : 3) {
            var start = Clock.now()
            let sitemap = try Sitemap(bytes: xml)
            bestRead = min(bestRead, Clock.now() - start)
            start = Clock.now()
            let report = Blocking.wait { await site.audit.audit(sitemap.locations) }
            bestAudit = min(bestAudit, Clock.now() - start)
            guard report.results.count == urlCount else {
                throw AuditBenchmarkError(description: "audited \(report.results.count) URLs of \(urlCount)")
            }
            verdicts = report.verdictCounts.filter { $0.count > 0 }.map { ($0.verdict, $0.count) }
        }
        let megabytes = Double(xml.count) / 1_048_576
        let readName = "audit: read a sitemap of 50,000 URLs (\(Format.number(megabytes)) MiB)"
        results.add(
            row: readName, sdk: "\(Format.number(Double(bestRead) / 1e6)) ms", peerLabel: "", peer: "")
        let auditName = "audit: 50,000 URLs (table, association file, entitlement, receiver)"
        results.add(
            row: auditName,
            sdk:
                "\(Format.number(Double(bestAudit) / 1e6)) ms, \(Format.number(Double(bestAudit) / Double(urlCount) / 1e3)) µs a URL",
            peerLabel: "", peer: "")
        results.target(
            "audit 50,000 URLs (sitemap read included) in seconds (≤ 10 s)",
            measured: "\(Format.number(Double(bestRead + bestAudit) / 1e9)) s",
            met: bestRead + bestAudit <= 10_000_000_000)
        print("  measured: \(readName): \(Double(bestRead) / 1e6) ms")
        print("  measured: \(auditName): \(Double(bestAudit) / 1e6) ms; verdicts \(verdicts)")
    }
}

struct AuditBenchmarkError: Error, CustomStringConvertible {
    let description: String
}

/// The site: the 60-route app table of the router benchmarks and its receiver, an association
/// file that sends every path but `new` and `help` pages to the app, an entitlement that lacks
/// one of the hosts, and the pipeline's links (one in five a miss), with a share of help pages
/// (no route: opens the app on nothing) and malformed escapes.
struct AuditWorkload {
    let audit: SiteAudit
    let links: [String]

    init() throws {
        let corpus = RouteCorpus(routeCount: 60, probeCount: 2_000, misses: 0.2)
        let receiver = try LinkReceiver(table: corpus.routeTable, policy: corpus.policy)
        let file = try AssociationFileDocument(
            text: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
                + #"{"/": "/*/new", "exclude": true}, {"/": "/help/*", "exclude": true}, {"/": "/*"}]}]}}"#
        ).file
        let hosts = Array(Set(corpus.probes.map(\.host))).sorted()
        audit = try SiteAudit(
            receiver: receiver,
            entitlement: try AssociatedDomainsEntitlement(hosts.dropLast().map { "applinks:" + $0 }),
            associationFiles: Dictionary(uniqueKeysWithValues: hosts.map { ($0, file) }))
        links = corpus.probes.map(\.text)
    }

    /// A `<urlset>` of `count` URLs: the links in turn, every twentieth a page no route takes
    /// and every twentieth a malformed escape.
    func sitemap(count: Int) -> [UInt8] {
        var text =
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        for index in 0..<count {
            let url: String
            switch index % 20 {
            case 0: url = "https://example.com/about/page-\(index)"
            case 1: url = "https://example.com/bad/%zz\(index)"
            default: url = links[index % links.count]
            }
            text += "<url><loc>" + url.replacingOccurrences(of: "&", with: "&amp;") + "</loc></url>\n"
        }
        return Array((text + "</urlset>\n").utf8)
    }
}

/// Runs async work to its end from synchronous code (the benchmark's main is synchronous).
enum Blocking {
    final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    static func wait<Value>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}
