import AssociatedDomains
import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("aasa validate and aasa match")
struct AASACommandTests {
    static let fixtures = PackagePaths.root.appendingPathComponent("Tests/Fixtures/deeplinks-cli").path

    @Test("validate reports each finding with code, severity and JSON path, and fails on errors")
    func validateFindings() async throws {
        let path = Self.fixtures + "/association-with-errors.json"
        let run = await runInProcess(["aasa", "validate", "--json", path])
        #expect(run.status == 1)
        let report = try run.json()
        let findings = try #require(report["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["AASA122", "AASA153"])
        #expect(findings.map { $0["severity"] } == ["error", "warning"])
        #expect(
            findings.map { $0["location"] } == [
                "$.applinks.apps", "$.applinks.details[0].components[0].casesensitive",
            ])
        #expect(report["status"] as? String == "failed")
        #expect(report["summary"] as? [String: Int] == ["errors": 1, "warnings": 1, "notes": 0])
    }

    @Test("validate passes a clean file with status 0, and a warning fails only with --strict")
    func validateSeverity() async throws {
        let clean = await runInProcess(["aasa", "validate", Self.fixtures + "/association.json"])
        #expect(clean.status == 0)
        #expect(clean.standardOutput.hasSuffix("No findings.\n\nPASSED: 0 errors, 0 warnings, 0 notes.\n"))
        let warningOnly = PackagePaths.verifyDomainFixtures.appendingPathComponent("bad-app-id.json").path
        #expect(await runInProcess(["aasa", "validate", warningOnly]).status == 0)
        #expect(await runInProcess(["aasa", "validate", "--strict", warningOnly]).status == 1)
    }

    @Test("a file that is not JSON is a finding (AASA002); a missing file is an input error (3)")
    func validateBadFiles() async throws {
        let invalid = PackagePaths.verifyDomainFixtures.appendingPathComponent("invalid.json").path
        let run = await runInProcess(["aasa", "validate", "--json", invalid])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["AASA002"])
        let missing = await runInProcess(["aasa", "validate", "/nonexistent/aasa.json"])
        #expect(missing.status == 3)
        #expect(
            missing.standardError == "deeplinks: error: cannot read '/nonexistent/aasa.json': no such file\n")
    }

    @Test("match decides each URL and names the deciding rule; the exit status follows --expect")
    func match() async throws {
        let file = Self.fixtures + "/association.json"
        let base = [
            "aasa", "match", "--file", file, "--app-id", "ABCDE12345.com.example.app", "--domain",
            "example.com",
        ]
        let run = await runInProcess(
            base + [
                "--json", "https://example.com/buy/42", "https://example.com/buy/42#no_universal_links",
                "https://example.com/help/website/a", "https://other.com/buy/42",
            ])
        #expect(run.status == 1)
        let results = try #require(try run.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["decision"] as? String } == ["match", "exclude", "exclude", "no_match"])
        #expect(
            results.map { $0["rule"] as? String } == [
                "$.applinks.details[0].components[1]", "$.applinks.details[0].components[0]",
                "$.applinks.details[0].components[2]", nil,
            ])
        #expect(results[3]["reason"] as? String == "the URL's host is not the domain the file was served for")
        #expect(await runInProcess(base + ["https://example.com/buy/1"]).status == 0)
        #expect(
            await runInProcess(base + ["--expect", "exclude", "https://example.com/help/website/x"]).status
                == 0)
    }

    @Test("match without --file or --app-id, or with a bad --expect, is a usage error")
    func matchUsage() async {
        #expect(await runInProcess(["aasa", "match", "https://example.com/"]).status == 2)
        let file = Self.fixtures + "/association.json"
        #expect(await runInProcess(["aasa", "match", "--file", file, "https://example.com/"]).status == 2)
        let expect = await runInProcess([
            "aasa", "match", "--file", file, "--app-id", "A.b", "--expect", "maybe", "https://example.com/",
        ])
        #expect(expect.status == 2)
        #expect(expect.standardError.hasPrefix("deeplinks: error: option '--expect' does not accept 'maybe'"))
    }

    @Test("match --jsonl answers bad lines with an error object and keeps going")
    func matchLineProtocolErrors() async {
        let run = await runInProcess(["aasa", "match", "--jsonl"], standardInput: "nope\n{\"id\":2}\n")
        #expect(run.lines.count == 2)
        #expect(run.lines[0].hasPrefix(#"{"error":"the request is not valid JSON: "#))
        #expect(run.lines[1] == #"{"error":"the request has no string field \"aasa\"","id":2}"#)
    }

    @Test("match --jsonl holds an inline file to Apple's 128 KB limit, like a file on disk")
    func matchLineProtocolInlineFileLimit() async {
        func request(paddedTo length: Int) -> String {
            let prefix =
                #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x","comment":""#
            let suffix = #""}]}]}}"#
            let padding = String(repeating: "a", count: length - prefix.utf8.count - suffix.utf8.count)
            return #"{"id":5,"aasa":"# + prefix + padding + suffix
                + #","domain":"example.com","appId":"ABCDE12345.com.example.app","url":"https://example.com/x"}"#
        }
        let atLimit = await runInProcess(
            ["aasa", "match", "--jsonl"], standardInput: request(paddedTo: 128 * 1024) + "\n")
        #expect(atLimit.lines == [#"{"decision":"match","id":5}"#])
        let over = await runInProcess(
            ["aasa", "match", "--jsonl"], standardInput: request(paddedTo: 128 * 1024 + 1) + "\n")
        #expect(
            over.lines == [
                #"{"error":"the association file is 131073 bytes, over Apple's limit of 128 KB (131072 bytes), so it was not read","id":5}"#
            ])
    }

    @Test("match --jsonl answers an overlong line with an error without keeping it, then goes on")
    func matchLineProtocolOverlongLine() async {
        let long = String(repeating: "x", count: AASAMatchCommand.maximumLineBytes + 1)
        let run = await runInProcess(["aasa", "match", "--jsonl"], standardInput: long + "\n{\"id\":2}\n")
        #expect(
            run.lines == [
                #"{"error":"the request line is 196609 bytes, more than the 196608 bytes a request may have (an association file is at most 128 KB)"}"#,
                #"{"error":"the request has no string field \"aasa\"","id":2}"#,
            ])
    }

    @Test(
        "match --jsonl agrees with every oracle case of the swcutil conformance corpus")
    func conformanceCorpus() async throws {
        let corpora = PackagePaths.corpora
        let cases = try ConformanceCorpus.load(corpora)
        let run = await runInProcess(
            ["aasa", "match", "--jsonl"], standardInput: ConformanceCorpus.requestLines(cases))
        try ConformanceCorpus.check(answers: run.lines, cases: cases)
    }
}

/// The swcutil conformance corpus, as requests of the line protocol.
enum ConformanceCorpus {
    struct Case {
        let name: String
        let status: String
        let expect: String
        let request: [String: Any]
    }

    static func load(_ corpora: URL) throws -> [Case] {
        let data = try Data(contentsOf: corpora.appendingPathComponent("aasa/swcutil-conformance-cases.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let matching = try #require(root["matching"] as? [[String: Any]])
        return try matching.enumerated().map { index, entry in
            Case(
                name: try #require(entry["name"] as? String),
                status: try #require(entry["status"] as? String),
                expect: try #require(entry["expect"] as? String),
                request: [
                    "id": index, "aasa": entry["aasa"] ?? NSNull(), "domain": entry["domain"] ?? "",
                    "appId": entry["appId"] ?? "", "url": entry["url"] ?? "",
                ])
        }
    }

    static func requestLines(_ cases: [Case]) -> String {
        cases.map { item in
            let data = (try? JSONSerialization.data(withJSONObject: item.request)) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        }.joined()
    }

    /// Every case is answered once; every oracle case with the recorded decision.
    static func check(answers: [String], cases: [Case]) throws {
        #expect(answers.count == cases.count)
        var decisions: [Int: String] = [:]
        for line in answers {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(object["id"] as? Int, "answer without id: \(line)")
            decisions[id] = object["decision"] as? String ?? "error: \(object["error"] ?? "")"
        }
        let oracle = cases.enumerated().filter { $0.element.status == "oracle" }
        #expect(oracle.count >= 139)
        for (index, item) in oracle {
            #expect(decisions[index] == item.expect, "\(item.name)")
        }
    }
}

extension AASACommandTests {
    /// Writes text to a fresh temporary file and returns its path.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aasa-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(
        "generate orders a specific route before a broader one and merges equal ones, so --strict passes (was AASA190)"
    )
    func generatedFileHasNoUnreachableRule() async throws {
        let table = try Self.temporaryFile(
            "routes.json",
            #"{"routes":[{"name":"article","path":"/a/:id"},{"name":"latest","path":"/a/latest"},"#
                + #"{"name":"byNumber","path":"/b/:x(int)"},{"name":"byName","path":"/b/:y"}]}"#)
        let generated = await runInProcess([
            "aasa", "generate", "--table", table, "--app-id", "ABCDE12345.com.example.app", "--domain",
            "example.com",
        ])
        #expect(generated.status == 0)
        let file = try Self.temporaryFile("apple-app-site-association", generated.standardOutput)
        let validated = await runInProcess(["aasa", "validate", "--strict", file])
        #expect(
            validated.standardOutput.hasSuffix("No findings.\n\nPASSED: 0 errors, 0 warnings, 0 notes.\n"))
        #expect(validated.status == 0)
        let latest = try #require(generated.standardOutput.range(of: "\"/a/latest\""))
        let article = try #require(generated.standardOutput.range(of: "\"/a/?*\""))
        #expect(latest.lowerBound < article.lowerBound)
        #expect(generated.standardOutput.contains("\"comment\": \"routes byNumber, byName\""))
    }

    @Test(
        "generate's note tells routes that open the app for extra links from destructive routes whose exclusions keep extra links in the browser"
    )
    func overReachNoteSaysWhichWay() async throws {
        let table = try Self.temporaryFile(
            "routes.json",
            #"{"routes":[{"name":"article","path":"/a/:id(int)"},"#
                + #"{"name":"cancelOrder","path":"/orders/:id(int)/cancel","safety":"destructive"}]}"#)
        let generated = await runInProcess([
            "aasa", "generate", "--table", table, "--app-id", "ABCDE12345.com.example.app", "--domain",
            "example.com",
        ])
        #expect(generated.status == 0)
        #expect(
            generated.standardError
                == "deeplinks: note: 1 route's patterns also match links the route refuses, because the patterns "
                + "cannot say one path segment or a parameter's type (article); the app sends such links back to "
                + "the browser; 1 destructive route's exclusions also keep in the browser links the route does not "
                + "take (cancelOrder), and --json lists why\n")
        let json = await runInProcess([
            "aasa", "generate", "--json", "--table", table, "--app-id", "ABCDE12345.com.example.app",
            "--domain",
            "example.com",
        ])
        #expect(json.standardOutput.contains("\"route\": \"article\",\n      \"excludes\": false"))
        #expect(json.standardOutput.contains("\"route\": \"cancelOrder\",\n      \"excludes\": true"))
        // What the command writes is the file's served bytes, as a program makes them.
        let declared = try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: table)))
        let file = AppLinksGenerator(appIDs: ["ABCDE12345.com.example.app"], domain: "example.com")
            .generate(from: declared).file
        #expect(Array(generated.standardOutput.utf8) == file.servedBytes)
    }

    @Test("a malformed --app-id is a usage error with the sentence the validator gives (AASA130)")
    func malformedAppIDIsRefused() async throws {
        let table = PackagePaths.root.appendingPathComponent("Examples/PhotoAlbum/routes.json").path
        let run = await runInProcess([
            "aasa", "generate", "--table", table, "--app-id", "bad", "--domain", "photos.example.com",
        ])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasPrefix(
                "deeplinks: error: --app-id: 'bad' is not an App ID of the form <Team ID>.<bundle ID>\n"))
        let match = await runInProcess([
            "aasa", "match", "--file", Self.fixtures + "/association.json", "--app-id", "x.",
            "https://e.com/",
        ])
        #expect(match.status == 2)
    }

    @Test(
        "diff findings have AASA3xx codes; a baseline acknowledges one by code and location, and a stale entry is AASA305"
    )
    func diffBaselineAcknowledgesFindings() async throws {
        let examples = PackagePaths.root.appendingPathComponent("Examples/PhotoAlbum").path
        let arguments = [
            "aasa", "diff", "--json", "--strict", "--table", examples + "/routes.json", "--file",
            examples + "/apple-app-site-association", "--app-id", "ABCDE12345.com.example.photos", "--domain",
            "photos.example.com",
        ]
        let plain = await runInProcess(arguments)
        #expect(plain.status == 1)
        let found = try #require(try plain.json()["findings"] as? [[String: String]])
        // The hand-written file has one component the generator would write too (its
        // over-reach is acknowledged by the tool) and one it would not.
        #expect(found.map { $0["code"] } == ["AASA303"])
        #expect(found.map { $0["about"] } == ["component /albums/*"])
        let locations = found.compactMap { $0["location"] }
        let entries = locations.map {
            #"{"code":"AASA303","location":"\#($0)","reason":"the web app serves these pages"}"#
        }
        let baseline = try Self.temporaryFile(
            "baseline.json", #"{"acknowledged":["# + entries.joined(separator: ",") + "]}")
        let acknowledged = await runInProcess(arguments + ["--baseline", baseline])
        #expect(acknowledged.status == 0)
        let report = try acknowledged.json()
        #expect((report["findings"] as? [Any])?.isEmpty == true)
        #expect(
            (report["acknowledged"] as? [[String: String]])?.map { $0["reason"] } == [
                "the component 'aasa generate' writes for route 'photo': the patterns cannot say a "
                    + "parameter's type, only how long it is at least",
                "the web app serves these pages",
            ])
        let stale = try Self.temporaryFile(
            "baseline.json",
            #"{"acknowledged":[{"code":"AASA301","location":"route gone","reason":"removed"}]}"#)
        let staleRun = await runInProcess(arguments + ["--baseline", stale])
        let staleFindings = try #require(try staleRun.json()["findings"] as? [[String: String]])
        #expect(staleFindings.map { $0["code"] } == ["AASA303", "AASA305"])
        let noReason = try Self.temporaryFile(
            "baseline.json", #"{"acknowledged":[{"code":"AASA303","location":"x","reason":" "}]}"#)
        #expect(await runInProcess(arguments + ["--baseline", noReason]).status == 3)
    }

    @Test("validate reads one byte past 128 KB and refuses the file with AASA001 before parsing")
    func oversizeFileIsRefusedWithoutReadingItAll() async throws {
        let big = String(repeating: "[", count: 300_000)
        let path = try Self.temporaryFile("big.json", big)
        let run = await runInProcess(["aasa", "validate", "--json", path])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["AASA001"])
        #expect(findings.first?["message"]?.hasPrefix("the file is more than 131072 bytes") == true)
        #expect(try ToolEnvironment.readPrefix(path, limit: 131_073).count == 131_073)
    }
}
