import DeepLinks
import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("table check, aasa generate and diff, entitlements, banner, preview")
struct OtherCommandTests {
    static let fixtures = PackagePaths.root.appendingPathComponent("Tests/Fixtures/deeplinks-cli").path
    static let photoAlbum = PackagePaths.root.appendingPathComponent("Examples/PhotoAlbum").path

    @Test("table check passes a sound table and lists its routes")
    func tableCheckSound() async throws {
        let run = await runInProcess(["table", "check", "--json", Self.fixtures + "/routes.json"])
        #expect(run.status == 0)
        let report = try run.json()
        let routes = try #require(report["routes"] as? [[String: Any]])
        #expect(routes.map { $0["name"] as? String } == ["album", "photo", "deleteAlbum"])
        #expect(routes.map { $0["safety"] as? String } == ["navigate", "navigate", "destructive"])
        #expect((report["findings"] as? [Any])?.isEmpty == true)
    }

    @Test(
        "table check reports duplicate names and duplicate routes as errors (duplicates are reported at build time)"
    )
    func tableCheckFindings() async throws {
        let run = await runInProcess(["table", "check", "--json", Self.fixtures + "/duplicate-routes.json"])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["TABLE002", "TABLE010"])
        #expect(findings.map { $0["location"] } == ["album", "second"])
        #expect(findings[1]["message"] == "route 'second' matches exactly the same links as route 'first'")
    }

    @Test("table check: a custom-scheme route the policy never admits can never match")
    func tableCheckPolicy() async throws {
        let table = Self.photoAlbum + "/routes.json"
        #expect(await runInProcess(["table", "check", table]).status == 0)
        let withPolicy = await runInProcess([
            "table", "check", "--json", table, "--allow-host", "photos.example.com",
        ])
        #expect(withPolicy.status == 1)
        let findings = try #require(try withPolicy.json()["findings"] as? [[String: String]])
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0["code"] == "TABLE009" })
    }

    @Test("aasa generate writes a file that excludes destructive routes first and validates clean")
    func generate() async throws {
        let run = await runInProcess([
            "aasa", "generate", "--table", Self.fixtures + "/routes.json", "--app-id",
            "ABCDE12345.com.example.app",
            "--domain", "example.com", "--json",
        ])
        #expect(run.status == 0)
        let report = try run.json()
        let components = try #require(report["components"] as? [[String: Any]])
        // photo (/albums/?*/photos/?*) goes before album (/albums/?*), which would shadow it.
        #expect(components.map { $0["route"] as? String } == ["deleteAlbum", "photo", "album"])
        let file = try #require(report["file"])
        let data = try JSONSerialization.data(withJSONObject: file)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "generated-\(UUID().uuidString).json")
        try data.write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        #expect(await runInProcess(["aasa", "validate", "--strict", path.path]).status == 0)
        let plain = await runInProcess([
            "aasa", "generate", "--table", Self.fixtures + "/routes.json", "--app-id",
            "ABCDE12345.com.example.app",
            "--domain", "example.com",
        ])
        #expect(plain.standardOutput.hasPrefix("{\n  \"applinks\": {\n"))
    }

    @Test("aasa diff reports a destructive route that opens the app from the web")
    func diff() async throws {
        let run = await runInProcess([
            "aasa", "diff", "--json", "--table", Self.fixtures + "/routes.json",
            "--file", PackagePaths.verifyDomainFixtures.appendingPathComponent("good.json").path,
            "--app-id", "ABCDE12345.com.example.photos", "--domain", "example.com",
        ])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        #expect(findings.contains { $0["code"] == "AASA302" && $0["severity"] == "error" })
        #expect(await runInProcess(["aasa", "diff", "--table", Self.fixtures + "/routes.json"]).status == 2)
    }

    @Test("entitlements check reads an .entitlements property list")
    func entitlementsPlist() async throws {
        let run = await runInProcess([
            "entitlements", "check", "--json", Self.photoAlbum + "/PhotoAlbum.entitlements",
        ])
        #expect(run.status == 0)
        let entries = try #require(try run.json()["entries"] as? [[String: Any]])
        #expect(
            entries.map { $0["service"] as? String } == [
                "applinks", "activitycontinuation", "webcredentials",
            ])
    }

    @Test("entitlements check: a port is an error, mode=developer warns in release")
    func entitlementsEntries() async throws {
        let run = await runInProcess([
            "entitlements", "check", "--json", "--entry", "applinks:*.example.com?mode=developer", "--entry",
            "applinks:example.com:8080",
        ])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["ENT002", "ENT004", "ENT100"])
        let debug = await runInProcess([
            "entitlements", "check", "--json", "--configuration", "debug", "--entry",
            "applinks:*.example.com?mode=developer",
        ])
        #expect(
            try #require(try debug.json()["findings"] as? [[String: String]]).map { $0["code"] } == ["ENT004"]
        )
        #expect(await runInProcess(["entitlements", "check"]).status == 2)
        #expect(
            await runInProcess([
                "entitlements", "check", "--configuration", "beta", "--entry", "applinks:a.com",
            ]).status == 2)
    }

    @Test("entitlements check: a property list without the key is an input error (3)")
    func entitlementsWithoutKey() async {
        let run = await runInProcess([
            "entitlements", "check",
            PackagePaths.root.appendingPathComponent("Examples/PhotoAlbum/Info.plist").path,
        ])
        #expect(run.status == 3)
        #expect(run.standardError.contains("it has no com.apple.developer.associated-domains key"))
    }

    @Test("banner parse reads every key and refuses a repeated one")
    func bannerParse() async throws {
        let run = await runInProcess([
            "banner", "parse", "--json", "--allow-scheme", "newsapp",
            "app-id=425349261, affiliate-data=myAffiliateData, app-argument=newsapp://doc/CHLFGFCB00097U7S?s=sps_article",
        ])
        #expect(run.status == 0)
        let banner = try #require(try run.json()["banner"] as? [String: Any])
        #expect(banner["app-id"] as? String == "425349261")
        #expect(banner["app-argument"] as? String == "newsapp://doc/CHLFGFCB00097U7S?s=sps_article")
        let refused = await runInProcess([
            "banner", "parse", "app-id=1, app-argument=https://a.com/, app-argument=https://b.com/",
        ])
        #expect(refused.status == 1)
        #expect(refused.standardOutput == "REFUSED: the key 'app-argument' appears more than once\n")
    }

    @Test("banner render escapes for HTML; a bad app id is a usage error")
    func bannerRender() async {
        let run = await runInProcess([
            "banner", "render", "--app-id", "1234567890", "--app-argument", "https://example.com/a?b=1&c=2",
        ])
        #expect(
            run.standardOutput
                == "<meta name=\"apple-itunes-app\" content=\"app-id=1234567890, app-argument=https://example.com/a?b=1&amp;c=2\">\n"
        )
        #expect(await runInProcess(["banner", "render", "--app-id", "photos"]).status == 2)
        #expect(
            await runInProcess(["banner", "render", "--app-id", "1", "--app-argument", "javascript:alert(1)"])
                .status == 2)
    }

    @Test("preview renders escaped head tags for a routed link and refuses a hostile one")
    func preview() async {
        let arguments = [
            "preview", "--site", Self.fixtures + "/site.json", "--table", Self.fixtures + "/routes.json",
            "--previews", Self.fixtures + "/previews.json",
        ]
        let run = await runInProcess(arguments + ["https://example.com/albums/summer"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput.contains(
                #"<meta property="og:title" content="Summer &lt;2024&gt; &amp; friends">"#))
        #expect(
            run.standardOutput.contains(#"<link rel="canonical" href="https://example.com/albums/summer">"#))
        let landing = await runInProcess(arguments + ["--landing", "https://example.com/albums/summer"])
        #expect(landing.standardOutput.contains("<html"))
        let hostile = await runInProcess(arguments + [#"https://example.com\@evil.com/"#])
        #expect(hostile.status == 1)
        #expect(
            hostile.standardOutput.hasPrefix("REFUSED: the link was refused: the link contains a backslash"))
        #expect(await runInProcess(["preview", "https://example.com/"]).status == 2)
    }

    @Test("completion scripts name every command, subcommand and option; the bash one parses")
    func completion() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let run = await runInProcess(["completion", shell])
            #expect(run.status == 0)
            for command in CommandLineTool.commands {
                for word in command.spec.path {
                    #expect(run.standardOutput.contains(word), "\(shell): \(word)")
                }
                for option in command.spec.options {
                    let name = shell == "fish" ? "-l " + option.name.dropFirst(2) : option.name
                    #expect(run.standardOutput.contains(name), "\(shell): \(option.name)")
                }
            }
        }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinks-\(UUID()).bash")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data(CompletionCommand.bash.utf8).write(to: script)
        let check = try ChildProcess.run("/bin/bash", ["-n", script.path])
        #expect(check.status == 0, "\(String(decoding: check.error, as: UTF8.self))")
        let wrong = await runInProcess(["completion", "fihs"])
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("did you mean 'fish'?"))
    }

    @Test("under --json a usage error and a file error are one JSON object on standard output")
    func errorsAsJSON() async throws {
        let usage = await runInProcess(["table", "check", "--json", "--polcy", "x.json", "t.json"])
        #expect(usage.status == 2)
        #expect(usage.standardError == "")
        let usageReport = try usage.json()
        #expect(usageReport["command"] as? String == "table check")
        #expect(usageReport["code"] as? String == "unknownOption")
        #expect(usageReport["error"] as? String == "unknown option '--polcy'; did you mean '--policy'?")
        #expect(usageReport["exitStatus"] as? Int == 2)
        let missing = await runInProcess(["table", "check", "--json", "/nonexistent/routes.json"])
        #expect(missing.status == 3)
        #expect(missing.standardError == "")
        let missingReport = try missing.json()
        #expect(missingReport["code"] as? String == "unreadableFile")
        #expect(missingReport["error"] as? String == "cannot read '/nonexistent/routes.json': no such file")
        #expect(missingReport["exitStatus"] as? Int == 3)
        let plain = await runInProcess(["table", "check", "/nonexistent/routes.json"])
        #expect(plain.standardOutput == "")
        #expect(
            plain.standardError == "deeplinks: error: cannot read '/nonexistent/routes.json': no such file\n")
    }

    @Test("table check reads the table from standard input with '-'")
    func tableFromStandardInput() async throws {
        let table = try String(contentsOfFile: Self.fixtures + "/routes.json", encoding: .utf8)
        let run = await runInProcess(["table", "check", "--json", "-"], standardInput: table)
        #expect(run.status == 0)
        #expect(try run.json()["input"] as? String == "standard input")
    }

    @Test("table check prints the library's diagnostics: the codes come from RouteTableFinding")
    func tableCheckDiagnostics() async throws {
        let run = await runInProcess(["table", "check", "--json", Self.fixtures + "/duplicate-routes.json"])
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        let data = try JSONSerialization.data(withJSONObject: findings)
        let diagnostics = try JSONDecoder().decode([Diagnostic].self, from: data)
        #expect(diagnostics.map(\.code) == ["TABLE002", "TABLE010"])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }
}
