import Foundation
import Testing

@testable import DeepLinksCLI

/// Generate, validate and diff both platforms' files for several domains in one command each,
/// with the folder layout `generate --output-dir` writes.
@Suite("Several domains: generate, validate and diff without a loop, on both platforms")
struct SeveralDomainsTests {
    static let appID = "ABCDE12345.com.example.tv"
    static let package = "com.example.tv"
    static let domains = ["tv.example.com", "www.tv.example.com"]

    /// A table whose `help` route serves only the first domain, so the two files differ.
    static let table = #"""
        {"routes":[
          {"name":"show","path":"/shows/:id(int 1...)","scope":{"schemes":["https"]}},
          {"name":"help","path":"/help","scope":{"schemes":["https"],"hosts":["tv.example.com"]}}
        ]}
        """#

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("domains-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("assetlinks generate writes one file per domain; validate takes both; diff --dir checks both")
    func android() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("routes.json").path
        try Data(Self.table.utf8).write(to: URL(fileURLWithPath: table))
        let site = folder.appendingPathComponent("site").path
        let domainArguments = Self.domains.flatMap { ["--domain", $0] }
        let generated = await runInProcess(
            [
                "assetlinks", "generate", "--table", table, "--app",
                "\(Self.package)=\(AssetLinksCommandTests.fingerprint)",
            ]
                + domainArguments + ["--output-dir", site])
        #expect(generated.status == 0)
        #expect(
            generated.lines == [
                "wrote \(site)/tv.example.com/assetlinks.json (2 rules)",
                "wrote \(site)/www.tv.example.com/assetlinks.json (1 rule)",
            ])
        #expect(
            generated.standardError.contains(
                "deeplinks: note: route 'help' was left out of www.tv.example.com: it is scoped to other hosts\n"
            ))

        let files = Self.domains.map { "\(site)/\($0)/assetlinks.json" }
        let validated = await runInProcess(["assetlinks", "validate", "--strict"] + files)
        #expect(validated.status == 0)
        #expect(validated.standardOutput.hasSuffix("PASSED (2 files): 0 errors, 0 warnings, 0 notes.\n"))
        let validatedJSON = try await runInProcess(["assetlinks", "validate", "--json"] + files).json()
        #expect((validatedJSON["files"] as? [[String: Any]])?.count == 2)

        let diff = ["assetlinks", "diff", "--strict", "--table", table, "--package", Self.package]
        let compared = await runInProcess(diff + ["--dir", site] + domainArguments)
        #expect(compared.status == 0)
        #expect(compared.standardOutput.contains("for \(Self.package) on www.tv.example.com\n"))
        #expect(compared.standardOutput.hasSuffix("PASSED: 0 errors, 0 warnings, 0 notes.\n"))

        // The first domain's file served on both: `help` is not sent on www, which is right, but
        // the www file lacks nothing; the first domain compared with www's file lacks `help`.
        let swapped = await runInProcess(
            diff + ["--file", files[1], "--domain", Self.domains[0], "--json"])
        #expect(swapped.status == 1)
        let found = try #require(try swapped.json()["findings"] as? [[String: String]])
        #expect(found.map { $0["code"] } == ["ASSETLINKS301"])
        #expect(found.map { $0["about"] } == ["route help"])

        let twoFiles = await runInProcess(diff + ["--file", files[0]] + domainArguments)
        #expect(twoFiles.status == 2)
        #expect(
            twoFiles.standardError.contains(
                "2 domains need 2 files: give --dir DIR holding DIR/<domain>/assetlinks.json"))
        let missing = await runInProcess(diff + ["--dir", site, "--domain", "other.example.com"])
        #expect(missing.status == 3)
    }

    @Test("aasa diff --dir checks each domain's file; with several domains a finding is about its domain")
    func apple() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("routes.json").path
        try Data(Self.table.utf8).write(to: URL(fileURLWithPath: table))
        let site = folder.appendingPathComponent("site").path
        let domainArguments = Self.domains.flatMap { ["--domain", $0] }
        let generated = await runInProcess(
            ["aasa", "generate", "--table", table, "--app-id", Self.appID] + domainArguments + [
                "--output-dir", site,
            ])
        #expect(generated.status == 0)
        let files = Self.domains.map { "\(site)/\($0)/apple-app-site-association" }
        let validated = await runInProcess(["aasa", "validate", "--strict"] + files)
        #expect(validated.status == 0)
        #expect(validated.standardOutput.hasSuffix("PASSED (2 files): 0 errors, 0 warnings, 0 notes.\n"))

        let diff = ["aasa", "diff", "--strict", "--table", table, "--app-id", Self.appID, "--dir", site]
        let compared = try await runInProcess(diff + domainArguments + ["--json"]).json()
        #expect(compared["status"] as? String == "passed")
        let reports = try #require(compared["domains"] as? [[String: Any]])
        #expect(reports.map { $0["domain"] as? String } == Self.domains)
        // Each file's over-reach is acknowledged as the generator's own, about its domain.
        let acknowledged = reports.flatMap { ($0["acknowledged"] as? [[String: String]]) ?? [] }
        #expect(
            acknowledged.map { $0["about"] } == [
                "tv.example.com component /shows/?*", "www.tv.example.com component /shows/?*",
            ])
    }

    @Test("assetlinks manifest writes one intent filter per domain, from the table the rules come from")
    func manifest() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("routes.json").path
        try Data(Self.table.utf8).write(to: URL(fileURLWithPath: table))
        let run = await runInProcess(
            ["assetlinks", "manifest", "--table", table] + Self.domains.flatMap { ["--domain", $0] })
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="tv.example.com" />
                    <data android:pathPattern="/shows/..*" />
                    <data android:path="/help" />
                </intent-filter>

                <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="www.tv.example.com" />
                    <data android:pathPattern="/shows/..*" />
                </intent-filter>

                """)
        let json = try await runInProcess(
            ["assetlinks", "manifest", "--json", "--table", table, "--domain", "tv.example.com"]
        ).json()
        let filters = try #require(json["filters"] as? [[String: Any]])
        #expect(
            (filters.first?["paths"] as? [[String: String]]) == [
                ["pathPattern": "/shows/..*"], ["path": "/help"],
            ])
        let noHost = await runInProcess(["assetlinks", "manifest", "--table", table])
        #expect(noHost.status == 2)
        #expect(noHost.standardError.contains("--domain is needed: the table names no canonical host"))
    }
}
