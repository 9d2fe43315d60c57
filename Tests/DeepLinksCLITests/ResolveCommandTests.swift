import AssociatedDomains
import DeepLinks
import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("resolve")
struct ResolveCommandTests {
    static let fixtures = PackagePaths.root.appendingPathComponent("Tests/Fixtures/deeplinks-cli").path
    static let table = fixtures + "/routes.json"
    static let policy = fixtures + "/policy.json"

    @Test("routes, confirms, falls back and rejects, with the reason for each")
    func outcomes() async throws {
        let run = await runInProcess([
            "resolve", "--json", "--table", Self.table, "--policy", Self.policy,
            "https://example.com/albums/summer/photos/12", "https://example.com/albums/summer/delete",
            "https://example.com/albums/Summer", #"https://example.com\@evil.com/"#,
        ])
        #expect(run.status == 1)
        let report = try run.json()
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.map { $0["outcome"] as? String } == ["route", "confirm", "openInBrowser", "reject"])
        #expect(results.map { $0["route"] as? String } == ["photo", "deleteAlbum", nil, nil])
        let parameters = try #require(results[0]["parameters"] as? [String: [String: Any]])
        #expect(parameters["album"]?["string"] as? String == "summer")
        #expect(parameters["index"]?["integer"] as? Int == 12)
        #expect(results[0]["reason"] is NSNull)
        #expect(
            results[1]["reason"] as? String
                == "route 'deleteAlbum' is destructive: ask the user before running it")
        #expect(results[3]["host"] is NSNull)
        #expect(
            results[3]["reason"] as? String
                == "malformed link: the link contains a backslash, which browsers read as a slash at offset 19"
        )
        #expect(report["status"] as? String == "failed")
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary == ["links": 4, "route": 1, "confirm": 1, "openInBrowser": 1, "reject": 1])
    }

    @Test("without a table every valid link falls back to the browser, and that passes")
    func emptyTable() async {
        let run = await runInProcess(["resolve", "https://example.com/anything"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                LINK                          OUTCOME        ROUTE  PARAMETERS  REASON
                https://example.com/anything  openInBrowser  -                  no route matches the link

                1 link: 0 route, 0 confirm, 1 openInBrowser, 0 reject.

                """)
    }

    @Test("--require-route fails a link that would open in the browser")
    func requireRoute() async {
        let run = await runInProcess(["resolve", "--require-route", "https://example.com/anything"])
        #expect(run.status == 1)
    }

    @Test("--allow-host restricts hosts; a host off the list is rejected by the gate")
    func allowHost() async throws {
        let run = await runInProcess([
            "resolve", "--json", "--allow-host", "example.com", "https://example.com/", "https://evil.com/",
        ])
        let results = try #require(try run.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["outcome"] as? String } == ["openInBrowser", "reject"])
        #expect(
            results[1]["reason"] as? String
                == "malformed link: the link's host is not allowed by the policy (host 'evil.com') at offset 8"
        )
    }

    @Test("--allow-scheme lets a custom scheme through; unrouted, it is rejected (no page to fall back to)")
    func allowScheme() async throws {
        let refused = await runInProcess(["resolve", "--json", "myapp://albums/x"])
        let refusedResult = try #require((try refused.json()["results"] as? [[String: Any]])?.first)
        #expect((refusedResult["reason"] as? String)?.contains("scheme is not allowed") == true)
        let allowed = await runInProcess(["resolve", "--json", "--allow-scheme", "myapp", "myapp://albums/x"])
        let result = try #require((try allowed.json()["results"] as? [[String: Any]])?.first)
        #expect(result["outcome"] as? String == "reject")
        #expect(result["host"] as? String == "albums")
        #expect(
            result["reason"] as? String
                == "unhandled custom-scheme link myapp://albums/x: no route matches the link")
    }

    @Test("links come from standard input, one per line, when none are given")
    func standardInput() async throws {
        let run = await runInProcess(
            ["resolve", "--json", "--table", Self.table],
            standardInput: "https://example.com/albums/a\n\nhttps://example.com/albums/b\n")
        let results = try #require(try run.json()["results"] as? [[String: Any]])
        #expect(
            results.map { $0["input"] as? String } == [
                "https://example.com/albums/a", "https://example.com/albums/b",
            ])
    }

    @Test("no links and a terminal on standard input is a usage error")
    func noLinks() async {
        let run = await runInProcess(["resolve"], inputIsTerminal: true)
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("deeplinks: error: give links as arguments or on standard input"))
    }

    @Test("--explain lists every route tried and why it did not match")
    func explain() async throws {
        let run = await runInProcess([
            "resolve", "--json", "--explain", "--table", Self.table,
            "https://example.com/albums/Summer/photos/3",
        ])
        let result = try #require((try run.json()["results"] as? [[String: Any]])?.first)
        let attempts = try #require(result["explanation"] as? [[String: String]])
        #expect(attempts.map { $0["route"] } == ["photo"])
        #expect(attempts.first?["result"]?.hasPrefix("path parameter 'album' must be a slug") == true)
        let text = await runInProcess([
            "resolve", "--explain", "--table", Self.table, #"https://a.com\@b.com/"#,
        ])
        #expect(text.standardOutput.contains("  the gate refused the link, so no route was tried\n"))
    }

    @Test(
        "a table that is not JSON, not a table, unbuildable or missing is an input error (3) naming the file")
    func badTables() async {
        let cases: [(String, String)] = [
            ("not-json.json", "not valid JSON: unterminated array: expected ',' or ']' at line 2, column 1"),
            ("unknown-key.json", "not a valid route table: unknown key 'rooutes' in the route table"),
            ("duplicate-routes.json", "the route table has 2 findings:"),
        ]
        for (file, message) in cases {
            let path = Self.fixtures + "/" + file
            let run = await runInProcess(["resolve", "--table", path, "https://example.com/"])
            #expect(run.status == 3, "\(file)")
            #expect(run.standardError.hasPrefix("deeplinks: error: \(path): \(message)"), "\(file)")
        }
        let missing = await runInProcess([
            "resolve", "--table", "/nonexistent/routes.json", "https://example.com/",
        ])
        #expect(missing.status == 3)
        #expect(
            missing.standardError
                == "deeplinks: error: cannot read '/nonexistent/routes.json': no such file\n")
    }

    @Test("bad option values are usage errors")
    func badOptions() async throws {
        let host = await runInProcess(["resolve", "--allow-host", "example.com/x", "https://example.com/"])
        #expect(host.status == 2)
        #expect(
            host.standardError.hasPrefix(
                "deeplinks: error: option '--allow-host' does not accept 'example.com/x'"))
        for bad in ["bücher.example", "example.com:443", "shop .example.com", "*"] {
            let other = await runInProcess(["resolve", "--allow-host", bad, "https://example.com/"])
            #expect(other.status == 2)
            #expect(
                other.standardError.hasPrefix(
                    "deeplinks: error: option '--allow-host' does not accept '\(bad)'"))
        }
        let kept = await runInProcess(["resolve", "--allow-host", "*.Example.com", "https://a.example.com/"])
        #expect(kept.status != 2)
        // The other commands that take `--allow-host` read it the same way.
        let banner = await runInProcess(["banner", "parse", "--allow-host", "a b", "app-id=1"])
        #expect(banner.status == 2)
        #expect(
            banner.standardError.hasPrefix("deeplinks: error: option '--allow-host' does not accept 'a b'"))
        let scheme = await runInProcess(["resolve", "--allow-scheme", "1bad", "https://example.com/"])
        #expect(scheme.status == 2)
        let both = await runInProcess(["resolve", "--jsonl", "--json"])
        #expect(both.status == 2)
        #expect(
            try both.json()["error"] as? String == "options '--jsonl' and '--json' cannot be used together")
    }
}

@Suite("resolve --jsonl line protocol")
struct ResolveLineProtocolTests {
    @Test("each input line gets exactly one answer, in the issue's shape and key order")
    func answers() async {
        let input = """
            {"id": 1, "url": "https://example.com/albums/summer/photos/3"}
            {"id": "two", "url": "https://example.com/albums/summer/delete"}
            {"id": {"n": 3}, "url": "https://example.com/nowhere"}
            {"id": 4, "url": "https://example.com\\\\@evil.com/"}

            """
        let run = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table], standardInput: input)
        // Line 4 is rejected, so the run exits 1, as `resolve LINK` does for a rejected link.
        #expect(run.status == 1)
        #expect(
            run.lines == [
                #"{"id":1,"outcome":"route","route":"photo","parameters":{"album":{"string":"summer"},"index":{"integer":3}},"host":"example.com","reason":null,"source":"universalLink"}"#,
                #"{"id":"two","outcome":"confirm","route":"deleteAlbum","parameters":{"album":{"string":"summer"}},"host":"example.com","reason":"route 'deleteAlbum' is destructive: ask the user before running it","source":"universalLink"}"#,
                #"{"id":{"n":3},"outcome":"openInBrowser","route":null,"parameters":null,"host":"example.com","reason":"no route matches the link","source":"universalLink"}"#,
                #"{"id":4,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"malformed link: the link contains a backslash, which browsers read as a slash at offset 19","source":"universalLink"}"#,
            ])
    }

    @Test("parameters are written in RouteParameters' Codable form, so a uuid never reads as a string")
    func parametersInCodableForm() throws {
        let receiver = try LinkReceiver(
            table: RouteTable {
                Route("item", "/items/:id(uuid)/:flag(bool)/:count(int)/:name/*rest")
            })
        let uuidText = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let decision = receiver.receive(url: "https://example.com/items/\(uuidText)/true/3/\(uuidText)/a/b")
        let match = try #require(decision.outcome.match)
        let fields = OutcomeFields(decision)
        let codableForm = try JSONValue(parsing: Array(JSONEncoder().encode(match.parameters)))
        #expect(fields.parametersJSON == codableForm)
        #expect(
            fields.parametersJSON
                == .object([
                    "id": .object(["uuid": .string(uuidText)]), "flag": .object(["boolean": .bool(true)]),
                    "count": .object(["integer": .number(JSONNumber(3))]),
                    "name": .object(["string": .string(uuidText)]),
                    "rest": .object(["segments": .array([.string("a"), .string("b")])]),
                ]))
        let line = Data(ReportJSON.text(fields.parametersJSON).utf8)
        #expect(try JSONDecoder().decode(RouteParameters.self, from: line) == match.parameters)
    }

    @Test("a line that is not valid JSON, not an object, or has no string url is rejected, not skipped")
    func invalidLines() async {
        let input = "not json\n[1,2]\n{\"id\": 7}\n{\"id\": 8, \"url\": 5}\n\n"
        let run = await runInProcess(["resolve", "--jsonl"], standardInput: input)
        #expect(
            run.lines == [
                #"{"id":null,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input line is not valid JSON: expected a value but found 'n' at line 1, column 1","source":null}"#,
                #"{"id":null,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input line is an array, not a JSON object","source":null}"#,
                #"{"id":7,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input object has none of 'url', 'activity', 'banner'","source":null}"#,
                #"{"id":8,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input's 'url' is a number, not a string","source":null}"#,
                #"{"id":null,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input line is not valid JSON: expected a value but found the end of the text at line 1, column 1","source":null}"#,
            ])
    }

    @Test("a line over 1 MiB is rejected by its length, and the next line is answered as usual")
    func overlongLine() async {
        let long = String(repeating: "x", count: ResolveLineProtocol.maximumLineBytes + 1)
        let run = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table],
            standardInput: long + "\r\n" + #"{"id": 2, "url": "https://example.com/nowhere"}"#)
        #expect(
            run.lines == [
                #"{"id":null,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input line is 1048577 bytes, more than the 1048576 bytes a line may have","source":null}"#,
                #"{"id":2,"outcome":"openInBrowser","route":null,"parameters":null,"host":"example.com","reason":"no route matches the link","source":"universalLink"}"#,
            ])
    }

    @Test(
        "lines split on LF; a CR before it is dropped; a last line without LF is answered; an empty line is answered"
    )
    func lineSplitting() {
        let responder = LineResponder(
            maximumLineBytes: 3, respond: { String(decoding: $0, as: UTF8.self) },
            overlong: { "overlong \($0)" })
        #expect(
            responder.answers(to: Array("ab\r\n\nabc\nabcd\nabc\r\nend".utf8)) == [
                "ab", "", "abc", "overlong 4", "abc", "end",
            ])
        #expect(responder.answers(to: []) == [])
        #expect(responder.answers(to: Array("\n".utf8)) == [""])
    }

    @Test("a line that is not UTF-8 is rejected, never repaired")
    func notUTF8() throws {
        let responder = ResolveLineProtocol(
            receiver: try ResolveCommand.makeReceiver(ParsedArguments(), in: .live))
        let answer = responder.answer([0x7B, 0x22, 0xFF, 0x22, 0x7D])
        #expect(
            answer.hasPrefix(
                #"{"id":null,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input line is not valid JSON: "#
            ))
    }

    @Test(
        "hostile links from the payload corpus are each answered with one line, none routed")
    func payloadCorpus() async throws {
        let corpora = PackagePaths.corpora
        let file = corpora.appendingPathComponent("payloads/Open_Redirect-Intruder-openredirects.txt")
        let payloads = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        var input = ""
        for (index, payload) in payloads.enumerated() {
            input += JSONValueLine.request(id: index, url: "https://example.com/albums/" + payload) + "\n"
        }
        let run = await runInProcess(
            ["resolve", "--jsonl", "--table", ResolveCommandTests.table, "--allow-host", "example.com"],
            standardInput: input)
        #expect(run.lines.count == payloads.count)
        for line in run.lines {
            #expect(!line.contains(#""outcome":"route""#) || line.contains(#""host":"example.com""#))
        }
    }
}

/// Builds request lines with proper escaping.
enum JSONValueLine {
    static func request(id: Int, url: String) -> String {
        let data = try? JSONSerialization.data(
            withJSONObject: ["id": id, "url": url], options: [.sortedKeys])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }
}
