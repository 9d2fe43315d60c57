import Foundation
import Testing

@testable import DeepLinksCLI

/// `aasa diff` and `assetlinks diff` share one baseline: written by `--write-baseline` with a
/// reason, keyed by what a finding is about (a route, a rule's patterns), not by its position.
@Suite("Diff baselines: written by the tool, keyed by what a finding is about, both platforms")
struct DiffBaselineTests {
    static let appID = "ABCDE12345.com.example.shop"
    static let fingerprint = AssetLinksCommandTests.fingerprint

    static func table(_ routes: String) throws -> String {
        try AASACommandTests.temporaryFile("routes.json", #"{"routes":["# + routes + "]}")
    }

    static let category = #"{"name":"category","path":"/c/:slug/:page(int)?","scope":{"schemes":["https"]}}"#
    static let latest = #"{"name":"latest","path":"/c/latest","scope":{"schemes":["https"]}}"#
    static let help = #"{"name":"help","path":"/help","scope":{"schemes":["https"]}}"#

    func generated(_ table: String) async throws -> String {
        let run = await runInProcess([
            "aasa", "generate", "--table", table, "--app-id", Self.appID, "--domain", "shop.example.com",
        ])
        #expect(run.status == 0)
        return try AASACommandTests.temporaryFile("apple-app-site-association", run.standardOutput)
    }

    func diff(_ table: String, _ file: String, _ extra: [String] = []) -> [String] {
        [
            "aasa", "diff", "--strict", "--table", table, "--file", file, "--app-id", Self.appID, "--domain",
            "shop.example.com",
        ] + extra
    }

    @Test("a generated file passes --strict: its components' known over-reach is acknowledged, and said")
    func generatedFilePasses() async throws {
        let table = try Self.table(Self.category)
        let file = try await generated(table)
        let run = await runInProcess(diff(table, file, ["--json"]))
        #expect(run.status == 0)
        let report = try run.json()
        #expect((report["findings"] as? [Any])?.isEmpty == true)
        let acknowledged = try #require(report["acknowledged"] as? [[String: String]])
        // AASA's `*` crosses `/`: the file sends /c/a/b/c to the app, which no route takes.
        #expect(acknowledged.map { $0["code"] } == ["AASA303"])
        #expect(acknowledged.map { $0["about"] } == ["component /c/?*/?*"])
        #expect(
            acknowledged.first?["reason"]
                == "the component 'aasa generate' writes for route 'category': '*' and '?' cross '/', so a "
                + "parameter's pattern also matches several segments; the patterns cannot say a parameter's "
                + "type, only how long it is at least")
    }

    @Test(
        "--write-baseline writes every finding with its reason; the baseline survives a rule added before it")
    func writtenBaselineSurvivesNewRules() async throws {
        // A hand-edited component the generator would not write: its over-reach is a finding.
        func edited(_ file: String) throws -> String {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            return try AASACommandTests.temporaryFile(
                "apple-app-site-association", text.replacingOccurrences(of: #""/c/?*""#, with: #""/c/*""#))
        }
        let before = try Self.table(Self.category)
        let file = try edited(try await generated(before))
        let plain = await runInProcess(diff(before, file, ["--json"]))
        #expect(plain.status == 1)
        let found = try #require(try plain.json()["findings"] as? [[String: String]])
        #expect(found.map { $0["code"] } == ["AASA303"])
        #expect(found.map { $0["about"] } == ["component /c/*"])

        let baseline = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baseline-\(UUID()).json"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: baseline) }
        let written = await runInProcess(
            diff(before, file, ["--write-baseline", baseline, "--reason", "category pages serve any depth"]))
        #expect(written.status == 0)
        #expect(written.standardOutput.hasPrefix("wrote \(baseline) (1 acknowledged finding)\n"))
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains(#""about": "component /c/*""#))
        #expect(await runInProcess(diff(before, file, ["--baseline", baseline])).status == 0)

        // A route whose component goes first moves the others; the baseline still holds.
        let after = try Self.table(Self.latest + "," + Self.category)
        let moved = try edited(try await generated(after))
        let run = await runInProcess(diff(after, moved, ["--baseline", baseline, "--json"]))
        #expect(run.status == 0)
        let acknowledged = try #require(try run.json()["acknowledged"] as? [[String: String]])
        #expect(acknowledged.map { $0["about"] }.contains("component /c/*"))
        #expect(acknowledged.map { $0["reason"] }.contains("category pages serve any depth"))

        let noReason = await runInProcess(diff(before, file, ["--write-baseline", baseline]))
        #expect(noReason.status == 2)
        #expect(noReason.standardError.contains("--write-baseline needs --reason TEXT"))
    }

    @Test("assetlinks diff: a generated file passes; a route the file drops is ASSETLINKS301 about the route")
    func assetLinksDiff() async throws {
        let table = try Self.table(Self.help + "," + Self.category)
        let generate = await runInProcess([
            "assetlinks", "generate", "--table", table, "--app", "com.example.shop=\(Self.fingerprint)",
            "--domain", "shop.example.com",
        ])
        #expect(generate.status == 0)
        let file = try AASACommandTests.temporaryFile("assetlinks.json", generate.standardOutput)
        let arguments = [
            "assetlinks", "diff", "--strict", "--table", table, "--package", "com.example.shop", "--domain",
            "shop.example.com",
        ]
        let clean = await runInProcess(arguments + ["--file", file])
        #expect(clean.status == 0)
        #expect(clean.standardOutput.contains("No findings.\n"))
        #expect(clean.standardOutput.hasSuffix("PASSED: 0 errors, 0 warnings, 0 notes.\n"))
        // The one URL without a route comes from the generator's own rule, and says why.
        #expect(
            clean.standardOutput.contains(
                "acknowledged ASSETLINKS303 about rule /c/?*/?*: the rule 'assetlinks generate' writes for route 'category'"
            ))

        // The same file without the rule for /help: that route's link stays in the browser.
        let dropped = try AASACommandTests.temporaryFile(
            "assetlinks.json",
            generate.standardOutput.replacingOccurrences(of: #""/help""#, with: #""/nothing""#))
        let run = await runInProcess(arguments + ["--file", dropped, "--json"])
        #expect(run.status == 1)
        let found = try #require(try run.json()["findings"] as? [[String: String]])
        // The rule put in its place sends /nothing to the app, which no route takes.
        #expect(found.map { $0["code"] } == ["ASSETLINKS301", "ASSETLINKS303"])
        #expect(found.map { $0["about"] } == ["route help", "rule /nothing"])

        let baseline = try AASACommandTests.temporaryFile(
            "baseline.json",
            #"{"acknowledged":[{"code":"ASSETLINKS301","about":"route help","reason":"web only for now"},"#
                + #"{"code":"ASSETLINKS302","about":"route gone","reason":"removed"}]}"#)
        let acknowledged = await runInProcess(
            arguments + ["--file", dropped, "--baseline", baseline, "--json"])
        let report = try acknowledged.json()
        #expect(
            (report["acknowledged"] as? [[String: String]])?.map { $0["about"] } == [
                "route help", "rule /c/?*/?*",
            ])
        // The entry that matches nothing is a warning: with --strict the run fails.
        #expect(
            (report["findings"] as? [[String: String]])?.map { $0["code"] } == [
                "ASSETLINKS303", "ASSETLINKS305",
            ])
        #expect(acknowledged.status == 1)
    }
}
