import Foundation
import Testing

@testable import DeepLinksCLI

/// Runs the built `deeplinks` executable, end to end, for every command.
///
/// One parameterized test over the checks, so that a build without the executable shows one
/// line saying so, not one skipped test per check.
@Suite("the deeplinks executable, end to end")
struct ExecutableTests {
    /// The checks, each done by the method of the same name.
    enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case commands, jsonShapes, resolveLineProtocol, conformanceCorpus

        var testDescription: String {
            switch self {
            case .commands: "each command's output and exit status"
            case .jsonShapes:
                "--json on every reporting command prints one JSON object with command and status"
            case .resolveLineProtocol:
                "resolve --jsonl answers line by line through real pipes, one line per input line"
            case .conformanceCorpus:
                "aasa match --jsonl through the executable agrees with every oracle case of the conformance corpus"
            }
        }
    }

    @Test(
        "the built executable",
        .enabled(if: BuiltTool.isAvailable, "the deeplinks executable is not built next to the tests"),
        arguments: Check.allCases)
    func check(_ check: Check) throws {
        switch check {
        case .commands: for item in Self.cases { try command(item) }
        case .jsonShapes: try jsonShapes()
        case .resolveLineProtocol: try resolveLineProtocol()
        case .conformanceCorpus: try conformanceCorpus()
        }
    }

    static let fixtures = PackagePaths.root.appendingPathComponent("Tests/Fixtures/deeplinks-cli").path
    static let examples = PackagePaths.root.appendingPathComponent("Examples").path
    static let verify = PackagePaths.verifyDomainFixtures.path

    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        let output: String
        let error: String
        var testDescription: String { "deeplinks " + arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            arguments: ["demo"], status: 0,
            output: "Every malformed and hostile sample was kept from the apps' routes.", error: ""),
        Case(arguments: ["--help"], status: 0, output: "USAGE: deeplinks <command> [options]", error: ""),
        Case(arguments: [], status: 0, output: "USAGE: deeplinks <command> [options]", error: ""),
        Case(
            arguments: ["resolve", "--bogus"], status: 2, output: "",
            error: "deeplinks: error: unknown option '--bogus'"),
        Case(
            arguments: [
                "resolve", "--table", fixtures + "/routes.json", "https://example.com/albums/summer",
            ],
            status: 0, output: "https://example.com/albums/summer  route    album  album=summer", error: ""),
        Case(
            arguments: ["resolve", "--table", fixtures + "/not-json.json", "https://example.com/"], status: 3,
            output: "",
            error: "not valid JSON"),
        Case(
            arguments: ["table", "check", fixtures + "/duplicate-routes.json"], status: 1,
            output: "FAILED: 2 errors", error: ""),
        Case(
            arguments: ["table", "check", "/nonexistent.json"], status: 3, output: "",
            error: "cannot read '/nonexistent.json': no such file"),
        Case(
            arguments: ["aasa", "validate", fixtures + "/association-with-errors.json"], status: 1,
            output: "error     AASA122", error: ""),
        Case(
            arguments: ["aasa", "validate", verify + "/good.json"], status: 0, output: "PASSED: 0 errors",
            error: ""),
        Case(
            arguments: [
                "aasa", "match", "--file", fixtures + "/association.json", "--app-id",
                "ABCDE12345.com.example.app",
                "https://example.com/buy/1",
            ], status: 0, output: "1 of 1 URL got 'match'.", error: ""),
        Case(
            arguments: [
                "aasa", "generate", "--table", examples + "/PhotoAlbum/routes.json", "--app-id",
                "ABCDE12345.com.example.photos", "--domain", "photos.example.com",
            ], status: 0, output: "\"comment\": \"route deleteAlbum\"",
            error:
                "deeplinks: note: 2 routes' patterns also match links the routes refuse, because the patterns "
                + "cannot say one path segment or a parameter's type (photo, album); the app sends such links back "
                + "to the browser; 1 destructive route's exclusions also keep in the browser links the route does "
                + "not take (deleteAlbum), and --json lists why"),
        Case(
            arguments: [
                "aasa", "diff", "--table", examples + "/NewsReader/routes.json", "--file",
                examples + "/NewsReader/apple-app-site-association", "--app-id",
                "ABCDE12345.com.example.news",
                "--domain", "news.example.com",
            ], status: 0, output: "PASSED", error: ""),
        Case(
            arguments: ["entitlements", "check", examples + "/NewsReader/NewsReader.entitlements"], status: 0,
            output: "PASSED", error: ""),
        Case(
            arguments: ["entitlements", "check", "--entry", "applinks:example.com/path"], status: 1,
            output: "ENT100", error: ""),
        Case(
            arguments: ["banner", "parse", "app-id=1234567890"], status: 0,
            output: "app-id              1234567890", error: ""),
        Case(
            arguments: ["banner", "render", "--app-id", "12"], status: 0,
            output: "<meta name=\"apple-itunes-app\" content=\"app-id=12\">", error: ""),
        Case(
            arguments: ["preview", "--site", fixtures + "/site.json", "https://example.com/"], status: 0,
            output: "<meta property=\"og:title\" content=\"Photo Album\">", error: ""),
        Case(arguments: ["verify-domain", "bad/domain"], status: 2, output: "", error: "is not a domain"),
    ]

    /// Each command's output and exit status.
    func command(_ item: Case) throws {
        let run = try runExecutable(item.arguments)
        let name = Comment(rawValue: item.testDescription)
        #expect(run.status == item.status, name)
        if item.output.isEmpty {
            #expect(run.standardOutput == "", name)
        } else {
            #expect(run.standardOutput.contains(item.output), name)
        }
        if item.error.isEmpty {
            #expect(run.standardError == "", name)
        } else {
            #expect(run.standardError.contains(item.error), name)
        }
        #expect(!run.standardError.contains("Fatal error"), name)
    }

    /// --json on every reporting command prints one JSON object with command and status.
    func jsonShapes() throws {
        let commands: [[String]] = [
            ["demo", "--json"],
            ["resolve", "--json", "https://example.com/"],
            ["table", "check", "--json", Self.fixtures + "/routes.json"],
            ["aasa", "validate", "--json", Self.verify + "/good.json"],
            [
                "aasa", "match", "--json", "--file", Self.fixtures + "/association.json", "--app-id", "A.b",
                "https://example.com/",
            ],
            [
                "aasa", "generate", "--json", "--table", Self.fixtures + "/routes.json", "--app-id", "A.b",
                "--domain", "example.com",
            ],
            ["entitlements", "check", "--json", "--entry", "applinks:example.com"],
            ["banner", "parse", "--json", "app-id=1"],
            ["banner", "render", "--json", "--app-id", "1"],
            ["preview", "--json", "--site", Self.fixtures + "/site.json", "https://example.com/"],
        ]
        for arguments in commands {
            let run = try runExecutable(arguments)
            let report = try run.json()
            #expect(report["command"] is String, "\(arguments)")
            #expect(["passed", "failed"].contains(report["status"] as? String), "\(arguments)")
        }
    }

    /// resolve --jsonl answers line by line through real pipes, one line per input line.
    func resolveLineProtocol() throws {
        let input =
            "{\"id\":1,\"url\":\"https://example.com/albums/a\"}\n}{ not json\n{\"id\":3,\"url\":\"https://example.com/x\"}\n"
        let run = try runExecutable(
            ["resolve", "--jsonl", "--table", Self.fixtures + "/routes.json"], standardInput: input)
        // The line that is not JSON is rejected, so the run exits 1, as `resolve LINK` would.
        #expect(run.status == 1)
        #expect(run.lines.count == 3)
        #expect(
            run.lines[0]
                == #"{"id":1,"outcome":"route","route":"album","parameters":{"album":{"string":"a"}},"host":"example.com","reason":null,"source":"universalLink"}"#
        )
        #expect(run.lines[1].hasPrefix(#"{"id":null,"outcome":"reject","#))
        #expect(run.lines[2].hasPrefix(#"{"id":3,"outcome":"openInBrowser","#))
        let accepted = try runExecutable(
            ["resolve", "--jsonl", "--table", Self.fixtures + "/routes.json"],
            standardInput: "{\"id\":1,\"url\":\"https://example.com/albums/a\"}\n")
        #expect(accepted.status == 0)
        #expect(accepted.lines.count == 1)
    }

    /// aasa match --jsonl through the executable agrees with every oracle case of the conformance corpus.
    func conformanceCorpus() throws {
        let corpora = PackagePaths.corpora
        let cases = try ConformanceCorpus.load(corpora)
        let run = try runExecutable(
            ["aasa", "match", "--jsonl"], standardInput: ConformanceCorpus.requestLines(cases))
        #expect(run.status == 0)
        try ConformanceCorpus.check(answers: run.lines, cases: cases)
    }
}
