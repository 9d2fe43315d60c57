import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("resolve --jsonl --expect")
struct ResolveExpectTests {
    static let input = """
        {"id": 1, "url": "https://example.com/albums/summer/photos/3"}
        {"id": 2, "url": "https://example.com/nowhere"}
        {"id": 3, "url": "https://example.com\\\\@evil.com/"}

        """

    /// Writes the expected answers to a temporary file; the caller removes it.
    static func expectedFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(UUID()).jsonl")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func resolve(expect path: String) async -> ToolRun {
        await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table, "--expect", path],
            standardInput: input)
    }

    @Test(
        "the answers written without --expect are the expected file: the run passes, rejected lines included")
    func recordedAnswersPass() async throws {
        let recorded = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table], standardInput: Self.input)
        #expect(recorded.status == 1)  // line 3 is rejected
        let file = try Self.expectedFile(recorded.standardOutput)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await Self.resolve(expect: file.path)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput == recorded.standardOutput)
    }

    @Test("lines agree as JSON: key order, spacing and a CRLF line end do not matter")
    func sameJSONAgrees() async throws {
        let recorded = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table], standardInput: Self.input)
        let reordered = try recorded.lines.map { line in
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted])
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        }
        #expect(reordered != recorded.lines)
        let file = try Self.expectedFile(reordered.joined(separator: "\r\n"))
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await Self.resolve(expect: file.path)
        #expect(run.status == 0)
        #expect(run.standardError == "")
    }

    @Test("a differing line fails the run and is shown on standard error, expected then answered")
    func differingLine() async throws {
        let recorded = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table], standardInput: Self.input)
        var lines = recorded.lines
        let answered = lines[1]
        lines[1] = answered.replacingOccurrences(
            of: #""outcome":"openInBrowser""#, with: #""outcome":"route""#)
        let file = try Self.expectedFile(lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await Self.resolve(expect: file.path)
        #expect(run.status == 1)
        #expect(run.standardOutput == recorded.standardOutput)
        #expect(
            run.standardError
                == "line 2 differs:\n  expected: \(lines[1])\n  answered: \(answered)\n"
                + "1 of 3 lines differ from \(file.path)\n")
    }

    @Test("a missing, an extra and a non-JSON expected line are each a difference")
    func countsDiffer() async throws {
        let recorded = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table], standardInput: Self.input)
        let lines = recorded.lines
        let short = try Self.expectedFile(lines[0] + "\n" + "not json\n")
        defer { try? FileManager.default.removeItem(at: short) }
        let run = await Self.resolve(expect: short.path)
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "line 2 differs (the expected line is not JSON):\n  expected: not json\n  answered: \(lines[1])\n"
                + "line 3: answered \(lines[2]), but \(short.path) has no line 3\n"
                + "2 of 3 lines differ from \(short.path)\n")
        let long = try Self.expectedFile(lines.joined(separator: "\n") + "\n{\"id\": 4}\n")
        defer { try? FileManager.default.removeItem(at: long) }
        let extra = await Self.resolve(expect: long.path)
        #expect(extra.status == 1)
        #expect(
            extra.standardError
                == "line 4: expected {\"id\": 4}, but the input has no line 4\n"
                + "1 of 4 lines differ from \(long.path)\n")
    }

    @Test("--expect needs --jsonl and a file; a missing file is invalid input")
    func usage() async throws {
        let withoutJSONL = await runInProcess(
            ["resolve", "--table", ResolveCommandTests.table, "--expect", "x.jsonl", "https://example.com/"])
        #expect(withoutJSONL.status == 2)
        #expect(
            withoutJSONL.standardError.contains("--expect compares the answers of --jsonl; give --jsonl too"))
        let fromInput = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table, "--expect", "-"],
            standardInput: Self.input)
        #expect(fromInput.status == 2)
        let missing = await runInProcess(
            [
                "resolve", "--jsonl", "--table", ResolveCommandTests.table, "--expect",
                "/nonexistent/expected.jsonl",
            ],
            standardInput: Self.input)
        #expect(missing.status == 3)
        #expect(missing.standardOutput == "")
    }

    @Test("the help names --expect and how to write the expected file")
    func help() async {
        let run = await runInProcess(["resolve", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("--expect FILE"))
        #expect(run.standardOutput.contains("resolve --jsonl -t routes.json < links.jsonl > answers.jsonl"))
    }
}
