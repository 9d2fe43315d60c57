import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("demo")
struct DemoCommandTests {
    @Test(
        "the embedded example data is byte-identical to the files under Examples/ (else run scripts/embed-example-data.sh)"
    )
    func embeddedDataMatchesExamples() throws {
        for app in ExampleData.apps {
            let folder = PackagePaths.root.appendingPathComponent("Examples/\(app.name)")
            #expect(app.files.count == 5)
            for (name, text) in app.files {
                let onDisk = try Data(contentsOf: folder.appendingPathComponent(name))
                #expect(Array(text.utf8) == Array(onDisk), "\(app.name)/\(name)")
            }
        }
    }

    @Test(
        "no malformed or hostile sample reaches a route, and every good one does (malformed links are discarded)"
    )
    func samplesKeptFromRoutes() async throws {
        let run = await runInProcess(["demo", "--json"])
        #expect(run.status == 0)
        let report = try run.json()
        #expect(report["status"] as? String == "passed")
        let apps = try #require(report["apps"] as? [[String: Any]])
        #expect(apps.map { $0["app"] as? String } == ["PhotoAlbum", "NewsReader"])
        for app in apps {
            let samples = try #require(app["samples"] as? [[String: Any]])
            #expect(!samples.isEmpty)
            for sample in samples {
                let kind = sample["kind"] as? String
                let outcome = sample["outcome"] as? String
                let reachedRoute = outcome == "route" || outcome == "confirm"
                #expect(reachedRoute == (kind == "good"), "\(sample["note"] ?? "")")
                if !reachedRoute { #expect(sample["reason"] is String) }
            }
        }
    }

    @Test("every source appears; destructive routes ask first and their web links stay in the browser")
    func sourcesAndConfirmation() async throws {
        let run = await runInProcess(["demo", "--json", "--app", "photoalbum"])
        let app = try #require((try run.json()["apps"] as? [[String: Any]])?.first)
        let samples = try #require(app["samples"] as? [[String: Any]])
        let sources = Set(samples.compactMap { $0["source"] as? String })
        #expect(sources == ["universalLink", "handoff", "smartAppBanner", "customScheme"])
        let delete = try #require(samples.first { $0["route"] as? String == "deleteAlbum" })
        #expect(delete["outcome"] as? String == "confirm")
        // The association file excludes the destructive route, so a tapped web link never opens
        // the app for it; through other sources it still asks first.
        #expect(delete["association"] as? String == "exclude")
    }

    @Test("the table shows each outcome with its parameters or reason on the line below")
    func textTable() async {
        let run = await runInProcess(["demo"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput.hasPrefix(
                "PhotoAlbum: photos.example.com, App ID ABCDE12345.com.example.photos\n"))
        #expect(run.standardOutput.contains("  KIND       SOURCE          OUTCOME        ROUTE"))
        #expect(run.standardOutput.contains("albumname=Summer 2024 index=3\n"))
        #expect(
            run.standardOutput.contains("malformed link: the link contains a backslash,\n"))
        #expect(
            run.standardOutput.hasSuffix(
                "Every malformed and hostile sample was kept from the apps' routes.\n"))
    }

    @Test("no line of the demo is wider than 120 columns (it was 275 before long links were wrapped)")
    func linesFitTheWidth() async {
        let run = await runInProcess(["demo"])
        let widest = run.standardOutput.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 120)
        #expect(widest > 100)
    }

    @Test("wrapping cuts after a separator in the second half of the line, else at the width")
    func wrapping() {
        #expect(DemoCommand.wrap("short", width: 10) == ["short"])
        #expect(DemoCommand.wrap("", width: 10) == [""])
        #expect(
            DemoCommand.wrap("https://a.example/b?c=d&e=f", width: 12) == [
                "https://", "a.example/b?", "c=d&e=f",
            ])
        #expect(DemoCommand.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(DemoCommand.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    }

    @Test("an unknown --app is a usage error naming the choices")
    func unknownApp() async {
        let run = await runInProcess(["demo", "--app", "Weather"])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasPrefix(
                "deeplinks: error: option '--app' does not accept 'Weather': expected PhotoAlbum or NewsReader"
            ))
    }
}
