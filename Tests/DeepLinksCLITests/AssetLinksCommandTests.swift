import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("assetlinks validate, match and generate")
struct AssetLinksCommandTests {
    static let fixtures = PackagePaths.root.appendingPathComponent("Tests/Fixtures/deeplinks-cli").path
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test("validate reports each finding with code, severity and JSON path, and fails on errors")
    func validateFindings() async throws {
        let run = await runInProcess([
            "assetlinks", "validate", "--json", Self.fixtures + "/assetlinks-with-errors.json",
        ])
        #expect(run.status == 1)
        let report = try run.json()
        let findings = try #require(report["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["ASSETLINKS115", "ASSETLINKS124"])
        #expect(
            findings.map { $0["location"] } == [
                "$[0].target.sha256_cert_fingerprints[0]",
                #"$[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[0].comment"#,
            ])
        #expect(report["command"] as? String == "assetlinks validate")
        #expect(report["status"] as? String == "failed")
        #expect(report["summary"] as? [String: Int] == ["errors": 2, "warnings": 0, "notes": 0])
    }

    @Test("validate passes a clean file; a warning fails only with --strict; not JSON is a finding")
    func validateSeverity() async throws {
        let clean = await runInProcess(["assetlinks", "validate", Self.fixtures + "/assetlinks.json"])
        #expect(clean.status == 0)
        #expect(clean.standardOutput.hasSuffix("No findings.\n\nPASSED: 0 errors, 0 warnings, 0 notes.\n"))
        let warning = Self.fixtures + "/assetlinks-warning.json"
        let lenient = await runInProcess(["assetlinks", "validate", warning])
        #expect(lenient.status == 0)
        #expect(lenient.standardOutput.contains("ASSETLINKS131"))
        #expect(await runInProcess(["assetlinks", "validate", "--strict", warning]).status == 1)
        let notJSON = await runInProcess(["assetlinks", "validate", Self.fixtures + "/not-json.json"])
        #expect(notJSON.status == 1)
        #expect(notJSON.standardOutput.contains("ASSETLINKS002"))
        let missing = await runInProcess(["assetlinks", "validate", "/nonexistent/assetlinks.json"])
        #expect(missing.status == 3)
        #expect(
            missing.standardError
                == "deeplinks: error: cannot read '/nonexistent/assetlinks.json': no such file\n")
    }

    @Test("match decides each URL and names the deciding rule; the exit status follows --expect")
    func match() async throws {
        let base = [
            "assetlinks", "match", "--file", Self.fixtures + "/assetlinks.json", "--package",
            "com.example.app",
        ]
        let run = await runInProcess(
            base + [
                "--json", "https://example.com/buy/42", "https://example.com/account/delete",
                "https://example.com/help/x?articleNumber=1234", "https://example.com/other",
            ])
        #expect(run.status == 1)
        let report = try run.json()
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.map { $0["decision"] as? String } == ["match", "exclude", "match", "no_match"])
        let rulePrefix =
            #"$[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#
        #expect(
            results.map { $0["rule"] as? String } == [
                rulePrefix + "[1]", rulePrefix + "[0]", rulePrefix + "[2]", nil,
            ])
        #expect(
            results.last?["reason"] as? String == "no dynamic rule matches: the link stays in the browser")
        #expect(report["package"] as? String == "com.example.app")
        let expectExclude = await runInProcess(
            base + ["--expect", "exclude", "https://example.com/account/a"])
        #expect(expectExclude.status == 0)
        #expect(expectExclude.standardOutput.hasSuffix("1 of 1 URL got 'exclude'.\n"))
    }

    @Test("match refuses a bad package name, a bad --expect, and a file with errors")
    func matchRefusals() async throws {
        let file = Self.fixtures + "/assetlinks.json"
        let badPackage = await runInProcess([
            "assetlinks", "match", "--file", file, "--package", "app", "https://a.example/",
        ])
        #expect(badPackage.status == 2)
        #expect(
            badPackage.standardError.hasPrefix(
                "deeplinks: error: --package: the package name 'app' must have at least two segments joined by dots"
            ))
        let badExpect = await runInProcess([
            "assetlinks", "match", "--file", file, "--package", "com.example.app", "--expect", "yes",
            "https://a.example/",
        ])
        #expect(badExpect.status == 2)
        let broken = await runInProcess([
            "assetlinks", "match", "--file", Self.fixtures + "/assetlinks-with-errors.json", "--package",
            "com.example.app", "https://a.example/",
        ])
        #expect(broken.status == 3)
        #expect(
            broken.standardError.contains("ASSETLINKS115 error at $[0].target.sha256_cert_fingerprints[0]"))
    }

    @Test("generate writes a statement per app that validates --strict, and lists routes left out")
    func generate() async throws {
        let table = PackagePaths.root.appendingPathComponent("Examples/PhotoAlbum/routes.json").path
        let run = await runInProcess([
            "assetlinks", "generate", "--table", table, "--app", "com.example.photos=\(Self.fingerprint)",
            "--app", "com.example.photos.tv=\(Self.fingerprint)", "--domain", "photos.example.com",
        ])
        #expect(run.status == 0)
        #expect(
            run.standardError
                == "deeplinks: note: 2 routes' patterns also match links the routes refuse, because the patterns "
                + "cannot say one path segment or a parameter's type (photo, album); the app sends such links back "
                + "to the browser; 1 destructive route's exclusions also keep in the browser links the route does "
                + "not take (deleteAlbum), and --json lists why\n")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "assetlinks-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: output) }
        try Data(run.standardOutput.utf8).write(to: output)
        let validation = await runInProcess(["assetlinks", "validate", "--strict", output.path])
        #expect(validation.status == 0)
        #expect(validation.standardOutput.contains("No findings."))
        let decided = await runInProcess([
            "assetlinks", "match", "--file", output.path, "--package", "com.example.photos.tv", "--expect",
            "exclude",
            "https://photos.example.com/albums/Summer/delete",
        ])
        #expect(decided.status == 0)
        let json = try await runInProcess([
            "assetlinks", "generate", "--json", "--table", table, "--app",
            "com.example.photos=\(Self.fingerprint)",
            "--domain", "photos.example.com",
        ]).json()
        let rules = try #require(json["rules"] as? [[String: Any]])
        #expect(rules.first?["route"] as? String == "deleteAlbum")
        #expect(json["command"] as? String == "assetlinks generate")
        let news = PackagePaths.root.appendingPathComponent("Examples/NewsReader/routes.json").path
        let skipped = await runInProcess([
            "assetlinks", "generate", "--table", news, "--app", "com.example.news=\(Self.fingerprint)",
            "--domain", "news.example.com",
        ])
        #expect(skipped.status == 0)
        #expect(
            skipped.standardError.contains(
                "deeplinks: note: route 'notificationSettings' was left out: it serves custom schemes only\n")
        )
    }

    @Test("generate says which routes open the app on more links on Android, on stderr and in --json")
    func generateWidened() async throws {
        let table = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: table) }
        try Data(
            #"{"options":{"caseSensitivity":"insensitive"},"routes":[{"name":"docs","path":"/Docs/:page(enum intro|faq)","scope":{"schemes":["https"]}}]}"#
                .utf8
        ).write(to: table)
        let arguments = [
            "assetlinks", "generate", "--table", table.path, "--app", "com.example.docs=\(Self.fingerprint)",
            "--domain", "docs.example.com",
        ]
        let run = await runInProcess(arguments)
        #expect(run.status == 0)
        #expect(
            run.standardError
                == "deeplinks: note: route 'docs' opens the app on more links on Android than on Apple platforms: "
                + "the table ignores letter case and Android's patterns compare it, so each letter is written '?'\n"
        )
        #expect(run.standardOutput.contains(#""/": "/????/?????""#))
        let json = try await runInProcess(arguments + ["--json"]).json()
        let widened = try #require(json["widened"] as? [[String: Any]])
        #expect(widened.map { $0["route"] as? String } == ["docs"])
        #expect(widened.map { $0["reason"] as? String } == ["letterCase"])
    }

    @Test("generate refuses a malformed --app, and needs a domain when the table names no canonical host")
    func generateRefusals() async throws {
        let table = PackagePaths.root.appendingPathComponent("Examples/PhotoAlbum/routes.json").path
        let lower = await runInProcess([
            "assetlinks", "generate", "--table", table, "--app",
            "com.example.photos=\(Self.fingerprint.lowercased())",
            "--domain", "photos.example.com",
        ])
        #expect(lower.status == 2)
        #expect(
            lower.standardError.hasPrefix(
                "deeplinks: error: --app com.example.photos: character 5 is a lower-case hex digit"))
        let noEquals = await runInProcess([
            "assetlinks", "generate", "--table", table, "--app", "com.example.photos",
        ])
        #expect(noEquals.status == 2)
        let noDomain = await runInProcess([
            "assetlinks", "generate", "--table", table, "--app", "com.example.photos=\(Self.fingerprint)",
        ])
        #expect(noDomain.status == 2)
        #expect(
            noDomain.standardError.hasPrefix(
                "deeplinks: error: --domain is needed: the table names no canonical host"))
    }
}
