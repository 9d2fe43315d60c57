import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("deeplinks audit: bounds over the run")
struct AuditBoundsTests {
    /// A temporary folder with these files, removed after `body`.
    func withFolder(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "audit-bounds-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        try await body(directory)
    }

    @Test("an index naming one sitemap four times audits its URLs once")
    func repeatedSitemapIsReadOnce() async throws {
        let entry = "<sitemap><loc>https://shop.example.com/pages.txt</loc></sitemap>"
        try await withFolder([
            "pages.txt": "https://shop.example.com/p/1\nhttps://shop.example.com/about\n",
            "index.xml": "<sitemapindex>" + String(repeating: entry, count: 4) + "</sitemapindex>",
        ]) { directory in
            let run = await runInProcess(
                AuditCommandTests.withFile + [directory.appendingPathComponent("index.xml").path])
            #expect(run.status == 0)
            #expect(run.lines.first == "Audited 2 URLs for ABCDE12345.com.example.shop")
        }
    }

    @Test("a list of more than 50,000 URLs is an input error naming the limit, with --json too")
    func tooManyURLsInOneFile() async throws {
        let list = (0...50_000).map { "https://shop.example.com/p/\($0)\n" }.joined()
        try await withFolder(["pages.txt": list]) { directory in
            let path = directory.appendingPathComponent("pages.txt").path
            let run = await runInProcess(AuditCommandTests.withFile + ["--json", path])
            #expect(run.status == 3)
            let report = try run.json()
            #expect(
                report["error"] as? String
                    == "\(path): line 50001: the file lists more than 50000 URLs, the most that is read from one file"
            )
            #expect(report["code"] as? String == "invalidInput")
        }
    }

    @Test("five lists of 50,000 URLs pass the run's 200,000: an input error naming the limit and the file")
    func tooManyURLsInTheRun() async throws {
        var files: [String: String] = [:]
        for file in 0..<5 {
            files["pages\(file).txt"] = (0..<50_000).map { "https://shop.example.com/p/\(file)-\($0)\n" }
                .joined()
        }
        try await withFolder(files) { directory in
            let paths = (0..<5).map { directory.appendingPathComponent("pages\($0).txt").path }
            let run = await runInProcess(AuditCommandTests.withFile + paths)
            #expect(run.status == 3)
            #expect(
                run.standardError
                    == "deeplinks: error: \(paths[4]): the run reaches more than 200000 URLs here, the most one run "
                    + "reads (every file and --url together)\n")
        }
    }

    @Test("a NUL in a listed URL is refused with its line")
    func controlCharacterInAList() async throws {
        let run = await runInProcess(
            AuditCommandTests.withFile + ["-"],
            standardInput: "https://shop.example.com/p/1\nhttps://shop.example.com/p/\u{0}2\n")
        #expect(run.status == 3)
        #expect(
            run.standardError
                == "deeplinks: error: standard input: line 2: a URL holds the control character U+0000; no URL has one\n"
        )
    }

    @Test("--html writes a control character of a URL as visible text, never as itself")
    func controlCharacterInTheHTMLReport() async throws {
        try await withFolder([:]) { directory in
            let path = directory.appendingPathComponent("audit.html").path
            let run = await runInProcess(
                AuditCommandTests.withFile + [
                    "--html", path, "--url", "https://shop.example.com/p/\u{0}\u{1B}\u{85}1",
                ])
            #expect(run.status == 1)
            let page = try String(contentsOfFile: path, encoding: .utf8)
            #expect(
                page.contains(
                    "<td class=\"url\">https://shop.example.com/p/\\u{0000}\\u{001B}\\u{0085}1</td>"))
            #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
            #expect(!page.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        }
    }
}

@Suite("deeplinks audit --json, written one URL at a time")
struct AuditJSONStreamingTests {
    @Test("the report written URL by URL is the text of the whole report's JSON value")
    func streamedTextIsTheWholeValueSerialized() async throws {
        let run = await runInProcess(
            AuditCommandTests.withFile + ["--json", AuditCommandTests.site + "/site/sitemap.xml"])
        #expect(run.status == 1)
        let value = try JSONValue(parsing: run.standardOutput)
        #expect(ReportJSON.text(value) == run.standardOutput)
        guard case .object(let members) = value, case .array(let results) = members["results"] else {
            Issue.record("no results array")
            return
        }
        #expect(results.count == 12)
    }
}
