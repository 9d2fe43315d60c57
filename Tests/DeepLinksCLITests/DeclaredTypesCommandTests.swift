import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("Commands read a table that declares its own parameter types")
struct DeclaredTypesCommandTests {
    static let table = PackagePaths.root.appendingPathComponent(
        "Tests/Fixtures/deeplinks-cli/declared-types.json"
    )
    .path

    @Test("table check passes a table with declared types (no TABLE005)")
    func tableCheck() async {
        let run = await runInProcess(["table", "check", Self.table])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("title   /title/:id(titleID)"))
        #expect(run.standardOutput.hasSuffix("No findings.\n\nPASSED: 0 errors, 0 warnings, 0 notes.\n"))
    }

    @Test("resolve routes by the declared types and names the pattern and the type that refused a link")
    func resolve() async throws {
        let run = await runInProcess([
            "resolve", "--json", "--table", Self.table, "https://films.example.com/title/tt0111161",
            "https://films.example.com/title/123456789", "https://films.example.com/name/redeem",
        ])
        let results = try #require(try run.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["outcome"] as? String } == ["route", "openInBrowser", "route"])
        #expect(results.map { $0["route"] as? String } == ["title", nil, "name"])
        #expect(
            results[1]["reason"] as? String
                == "route 'title' refused the link: path parameter 'id' must match the pattern 'tt[0-9]{7,8}' "
                + "(type 'titleID') (got '123456789')")
    }

    @Test("aasa generate writes the declared shapes")
    func aasaGenerate() async {
        let run = await runInProcess([
            "aasa", "generate", "--table", Self.table, "--app-id", "ABCDE12345.com.example.films", "--domain",
            "films.example.com",
        ])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains(#""/": "/title/tt???????*""#))
        #expect(run.standardOutput.contains(#""code": "????-????-????""#))
        #expect(run.standardOutput.contains(#""/": "/$(redeem_locale)/redeem""#))
    }
}
