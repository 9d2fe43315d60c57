import Foundation
import Testing

@testable import DeepLinksCLI

/// A transport that answers from a table of URLs, for `audit --fetch`.
struct FixedTransport: HTTPTransport {
    let answers: [String: Result<HTTPResponse, TransportFailure>]

    func fetch(_ url: String, byteLimit: Int) async -> Result<HTTPResponse, TransportFailure> {
        answers[url]
            ?? .success(
                HTTPResponse(
                    status: 404, contentType: "text/html", location: nil, body: [], isTruncated: false))
    }
}

@Suite("deeplinks audit")
struct AuditCommandTests {
    static let site = PackagePaths.root.appendingPathComponent("Examples/AuditedSite").path
    static let base = [
        "audit", "--table", site + "/routes.json", "--config", site + "/receiver.json", "--entitlements",
        site + "/Shop.entitlements",
    ]
    static let withFile = base + ["--file", site + "/apple-app-site-association"]

    @Test("the example site: counts per verdict, worst first, then the problems, worst first")
    func terminalReport() async throws {
        let run = await runInProcess(Self.withFile + [Self.site + "/site/sitemap.xml"])
        #expect(run.status == 1)
        #expect(
            Array(run.lines.prefix(10)) == [
                "Audited 12 URLs for ABCDE12345.com.example.shop",
                "",
                "VERDICT         URLS  MEANING",
                "blankScreen     2     opens the app on nothing",
                "unguardedRoute  1     opens a guarded route from the web",
                "missedRoute     2     a route the link never reaches",
                "refused         1     refused by the app",
                "browser         2     stays in the browser",
                "route           4     opens the app on its route",
                "",
            ])
        let codes = run.lines.dropFirst(11).compactMap { line in
            line.hasPrefix("error") || line.hasPrefix("warning")
                ? line.split(separator: " ", omittingEmptySubsequences: true)[1] : nil
        }
        #expect(
            codes == ["AUDIT001", "AUDIT001", "AUDIT002", "AUDIT003", "AUDIT004", "AUDIT006", "AUDIT006"])
        #expect(run.lines.last == "FAILED: 7 errors, 0 warnings, 0 notes.")
    }

    @Test("--json: one object per URL with url, opensApp, decidedBy, route, outcome and findings")
    func jsonReport() async throws {
        let run = await runInProcess(Self.withFile + ["--json", Self.site + "/site/sitemap.xml"])
        #expect(run.status == 1)
        let report = try run.json()
        #expect(report["status"] as? String == "failed")
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["urls"] as? Int == 12)
        #expect(
            summary["verdicts"] as? [String: Int] == [
                "blankScreen": 2, "unguardedRoute": 1, "missedRoute": 2, "refused": 1, "browser": 2,
                "route": 4,
            ])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.count == 12)
        let help = try #require(
            results.first { $0["url"] as? String == "https://shop.example.com/help/returns" })
        #expect(help["verdict"] as? String == "blankScreen")
        #expect(help["opensApp"] as? [String: Bool] == ["ABCDE12345.com.example.shop": true])
        #expect(
            help["decidedBy"] as? [String: String] == [
                "ABCDE12345.com.example.shop": "$.applinks.details[0].components[6]"
            ])
        #expect(help["outcome"] as? String == "openInBrowser")
        #expect(help["route"] is NSNull)
        let findings = try #require(help["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["AUDIT001"])
        let product = try #require(results.first { $0["url"] as? String == "https://shop.example.com/p/42" })
        #expect(product["verdict"] as? String == "route")
        #expect(product["route"] as? String == "product")
        #expect(product["outcome"] as? String == "route")
        #expect((product["findings"] as? [Any])?.isEmpty == true)
        #expect(product["preview"] == nil)
    }

    @Test("--previews: each page's preview status and banner argument; content not found is AUDIT007")
    func previews() async throws {
        let run = await runInProcess(
            Self.withFile + [
                "--json", "--previews", "--site", Self.site + "/site.json", "--preview-content",
                Self.site + "/preview-content.json", "--url", "https://shop.example.com/p/42", "--url",
                "https://shop.example.com/c/boots", "--url", "https://shop.example.com/about",
            ])
        let results = try #require(try run.json()["results"] as? [[String: Any]])
        let previews = results.compactMap { $0["preview"] as? [String: Any] }
        #expect(previews.map { $0["status"] as? String } == ["routed", "notFound", "generic"])
        #expect(previews.map { $0["source"] as? String } == ["route", "contentNotFound", "browserFallback"])
        // Content not found keeps the route's link (the app routes it); a page the app would open
        // in the browser offers no link, since the app has no route for the home page.
        #expect(
            previews.map { $0["bannerArgument"] as? String } == [
                "https://shop.example.com/p/42", "https://shop.example.com/c/boots", nil,
            ])
        let codes = (results[1]["findings"] as? [[String: String]])?.map { $0["code"] }
        #expect(codes == ["AUDIT007"])
        #expect(run.status == 0)
        let noSite = await runInProcess(
            Self.withFile + ["--previews", "--url", "https://shop.example.com/p/1"])
        #expect(noSite.status == 2)
        #expect(
            noSite.standardError.hasPrefix(
                "deeplinks: error: missing argument --site <file> (for --previews)\n"))
    }

    @Test("--explain: every reason, the routes tried, and each problem's explanation and fix")
    func explain() async throws {
        let url = "https://shop.example.com/deals/winter-sale"
        let run = await runInProcess(Self.withFile + ["--explain", url])
        #expect(run.status == 0)
        let out = run.standardOutput
        #expect(out.hasPrefix("\(url)\n  verdict: missedRoute (a route the link never reaches)\n\n"))
        #expect(
            out.contains(
                "ABCDE12345.com.example.shop: stays in the browser, decided by $.applinks.details[0].components[1]\n"
            ))
        #expect(
            out.contains(
                "  - the exclusion $.applinks.details[0].components[1] matches first, so the link stays in the browser\n"
            ))
        #expect(out.contains("The app: route (route 'deal')\n"))
        #expect(out.contains("error AUDIT002 a route the file keeps in the browser\n"))
        #expect(
            out.contains(
                "  Fix: Add a component that matches the link, or move or narrow the exclusion that matches it first.\n"
            ))
        let json = try await runInProcess(Self.withFile + ["--explain", url, "--json"]).json()
        #expect(json["verdict"] as? String == "missedRoute")
        let attempts = try #require(json["attempts"] as? [[String: String]])
        #expect(attempts.first?["route"] == "deal")
    }

    @Test("a baseline acknowledges problems by code and URL; a stale entry is AUDIT100, fatal with --strict")
    func baseline() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "audit-baseline-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baseline.json")
        try Data(
            #"""
            {"acknowledged": [
              {"code": "AUDIT001", "location": "https://shop.example.com/help/returns", "reason": "help pages open in the app's web view"},
              {"code": "AUDIT002", "location": "https://shop.example.com/gone", "reason": "old"}
            ]}
            """#.utf8
        ).write(to: baseline)
        let arguments =
            Self.withFile + ["--baseline", baseline.path, "--url", "https://shop.example.com/help/returns"]
        let run = await runInProcess(arguments)
        #expect(run.status == 0)
        #expect(
            run.standardOutput.contains(
                "acknowledged AUDIT001 at https://shop.example.com/help/returns: help pages open in the app's web view\n"
            ))
        #expect(run.standardOutput.contains("warning   AUDIT100  https://shop.example.com/gone"))
        #expect(run.lines.last == "PASSED: 0 errors, 1 warning, 0 notes.")
        #expect(await runInProcess(arguments + ["--strict"]).status == 1)
    }

    @Test("URLs from standard input and from a gzipped sitemap; an invalid sitemap is an input error")
    func inputs() async throws {
        let run = await runInProcess(
            Self.withFile + ["-"],
            standardInput: "# pages\nhttps://shop.example.com/p/1\n\nhttps://shop.example.com/cart\n")
        #expect(run.status == 0)
        #expect(run.lines.first == "Audited 2 URLs for ABCDE12345.com.example.shop")
        let gzipped = await runInProcess(
            Self.withFile + ["--json", Self.site + "/site/sitemap-products.xml.gz"])
        let urls = try #require(try gzipped.json()["results"] as? [[String: Any]]).map {
            $0["url"] as? String
        }
        #expect(
            urls == [
                "https://shop.example.com/p/42", "https://shop.example.com/p/7",
                "https://shop.example.com/c/boots",
            ])
        let bad = await runInProcess(
            Self.withFile + ["-"], standardInput: "<urlset><url><loc>x</url></urlset>")
        #expect(bad.status == 3)
        #expect(
            bad.standardError
                == "deeplinks: error: standard input: line 1: the XML is not valid: </url> does not close the element that is open\n"
        )
    }

    @Test("usage: the table, the entitlement, and one of --file or --fetch are required")
    func usage() async throws {
        #expect(await runInProcess(["audit", "--url", "https://a.example/"]).status == 2)
        #expect(await runInProcess(Self.base + ["--url", "https://a.example/"]).status == 2)
        let both = await runInProcess(Self.withFile + ["--fetch", "--url", "https://a.example/"])
        #expect(both.status == 2)
        #expect(await runInProcess(Self.withFile).status == 2)
        #expect(
            await runInProcess(Self.withFile + ["--app-id", "nodot", "--url", "https://a.example/"]).status
                == 2)
    }

    @Test("--fetch reads each applinks domain's file; a domain whose file cannot be fetched has none")
    func fetch() async throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: Self.site + "/apple-app-site-association"))
        var environment = ToolEnvironment.live
        let transport = FixedTransport(answers: [
            "https://shop.example.com/.well-known/apple-app-site-association": .success(
                HTTPResponse(
                    status: 200, contentType: "application/json", location: nil, body: Array(file),
                    isTruncated: false)),
            "https://stores.shop.example.com/.well-known/apple-app-site-association": .success(
                HTTPResponse(
                    status: 301, contentType: nil, location: "https://shop.example.com/", body: [],
                    isTruncated: false)),
        ])
        environment.makeTransport = { _, _ in transport }
        let outcome = await CommandLineTool.run(
            Self.base + [
                "--fetch", "--json", "--url", "https://shop.example.com/help/returns", "--url",
                "https://shop.example.com/p/1",
            ], in: environment)
        guard case .finished(let output) = outcome else {
            Issue.record("audit answered with a line protocol")
            return
        }
        #expect(output.status == .checkFailed)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let verdicts = (report["results"] as? [[String: Any]])?.map { $0["verdict"] as? String }
        #expect(verdicts == ["blankScreen", "route"])
        let notes = try #require(report["notes"] as? [[String: String]])
        #expect(notes.map { $0["code"] } == ["DOMAIN002"])
    }

    @Test("--assetlinks: Android's verdict per package beside Apple's; a difference is AUDIT008")
    func android() async throws {
        let run = await runInProcess(
            Self.withFile + [
                "--json", "--assetlinks", Self.site + "/assetlinks.json", "--url",
                "https://shop.example.com/p/42",
                "--url", "https://shop.example.com/c/boots",
            ])
        let results = try #require(try run.json()["results"] as? [[String: Any]])
        let android = results.map { ($0["android"] as? [String: [String: Any]])?["com.example.shop"] }
        #expect(android.map { $0?["opensApp"] as? Bool } == [true, false])
        #expect(android.map { $0?["decidedBy"] as? String }.last == "noRuleMatched")
        #expect(
            (results[1]["findings"] as? [[String: String]])?.map { $0["code"] } == ["AUDIT008", "AUDIT009"])
        #expect(run.status == 0)
        let strict = await runInProcess(
            Self.withFile + [
                "--strict", "--assetlinks", Self.site + "/assetlinks.json", "--url",
                "https://shop.example.com/c/boots",
            ])
        #expect(strict.status == 1)
        let lonely = await runInProcess(
            Self.withFile + ["--android-package", "com.example.shop", "--url", "https://a.example/"])
        #expect(lonely.status == 2)
    }

    @Test("--html: a self-contained page with the chart, the table and each problem's fix; values escaped")
    func html() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-html-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("audit.html").path
        let hostile = "https://shop.example.com/help/<script>alert(1)</script>\"'&"
        let run = await runInProcess(
            Self.withFile + ["--html", path, Self.site + "/site/sitemap.xml", "--url", hostile])
        #expect(run.status == 1)
        #expect(run.lines.first == "Audited 13 URLs for ABCDE12345.com.example.shop")
        let page = try String(contentsOfFile: path, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(
            page.contains(
                "<td class=\"url\">https://shop.example.com/help/&lt;script&gt;alert(1)&lt;/script&gt;\"'&amp;</td>"
            ))
        #expect(!page.contains("<script>alert"))
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.components(separatedBy: "<tr data-verdict=").count == 14)
        #expect(page.contains("<article id=\"AUDIT001\">"))
        #expect(page.contains("<p><strong>Fix:</strong> Add a route for the link, or exclude it"))
        #expect(page.contains("<g class=\"bar blankScreen\">"))
        #expect(!page.contains("http://") && !page.contains(" src="))
        let unwritable = await runInProcess(
            Self.withFile + ["--html", "/nonexistent/dir/a.html", "--url", "https://shop.example.com/p/1"])
        #expect(unwritable.status == 3)
    }

    @Test(
        "a sitemap index reads its sitemaps from its folder; an index of indexes and a missing sitemap are refused"
    )
    func sitemapIndex() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-index-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        try write("pages.txt", "https://shop.example.com/p/1\nhttps://shop.example.com/about\n")
        try write(
            "index.xml",
            "<sitemapindex><sitemap><loc>https://shop.example.com/pages.txt</loc></sitemap></sitemapindex>")
        try write(
            "nested.xml",
            "<sitemapindex><sitemap><loc>https://shop.example.com/index.xml</loc></sitemap></sitemapindex>")
        try write(
            "missing.xml",
            "<sitemapindex><sitemap><loc>https://shop.example.com/gone.xml</loc></sitemap></sitemapindex>")
        let run = await runInProcess(Self.withFile + [directory.appendingPathComponent("index.xml").path])
        #expect(run.status == 0)
        #expect(run.lines.first == "Audited 2 URLs for ABCDE12345.com.example.shop")
        let nested = await runInProcess(Self.withFile + [directory.appendingPathComponent("nested.xml").path])
        #expect(nested.status == 3)
        #expect(
            nested.standardError.hasSuffix(
                "index.xml: a sitemap index lists another index; the sitemaps protocol allows one level\n"))
        let missing = await runInProcess(
            Self.withFile + [directory.appendingPathComponent("missing.xml").path])
        #expect(missing.status == 3)
        #expect(missing.standardError.hasSuffix("gone.xml': no such file\n"))
    }
}
