import AssociatedDomains
import DeepLinks
import Foundation
import Testing

@testable import DeepLinksCLI

/// Issue: in `resolve --jsonl` lines the last of a repeated key won silently (`url`,
/// `activityType`, `userInfo`), so a reader that takes the first value saw another link.
@Suite("Hostile input: JSON lines with a repeated key are refused, naming it")
struct DuplicateKeyLineTests {
    static func answer(_ line: String) throws -> [String: Any] {
        let receiver = try LinkReceiver(
            table: RouteTable { Route("a", "/a") }, policy: LinkPolicy(allowedHosts: ["example.com"]))
        let text = ResolveLineProtocol(receiver: receiver).answer(Array(line.utf8))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "resolve --jsonl: a repeated url, activityType or userInfo key is refused",
        arguments: [
            (#"{"url":"https://example.com/a","url":"https://evil.example/a"}"#, "url"),
            (
                #"{"activity":{"activityType":"NSUserActivityTypeBrowsingWeb","activityType":"x","webpageURL":"https://example.com/a"}}"#,
                "activityType"
            ),
            (#"{"activity":{"activityType":"a.b","userInfo":{"k":1},"userInfo":{"k":2}}}"#, "userInfo"),
            (#"{"id":1,"id":2,"url":"https://example.com/a"}"#, "id"),
        ])
    func resolveLine(line: String, key: String) throws {
        let answer = try Self.answer(line)
        #expect(answer["outcome"] as? String == "reject")
        let reason = try #require(answer["reason"] as? String)
        #expect(
            reason.hasPrefix(
                "the input line is not valid JSON: the key \"\(key)\" appears twice in one object"))
    }

    @Test("a line without a repeated key is still answered")
    func plainLine() throws {
        #expect(try Self.answer(#"{"url":"https://example.com/a"}"#)["route"] as? String == "a")
    }

    @Test("aasa match --jsonl: a repeated key is refused, naming it")
    func aasaMatchLine() throws {
        let line = #"{"url":"https://example.com/a","url":"https://example.com/b","aasa":{}}"#
        let text = AASAMatchCommand.answer(Array(line.utf8))
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let error = try #require(answer["error"] as? String, "\(text)")
        #expect(error.contains(#"the key "url" appears twice in one object"#), "\(error)")
    }

    @Test("JSONValue(parsing:) names the key and points at its second occurrence")
    func jsonValue() {
        #expect(
            throws: JSONSyntaxError(
                problem: #"the key "a" appears twice in one object (readers disagree on which value counts)"#,
                offset: 7, line: 1, column: 8)
        ) { try JSONValue(parsing: #"{"a":1,"a":2}"#) }
    }

    @Test("a served association file with a repeated key is still read, and the repeat reported")
    func associationDocumentStillReports() throws {
        let document = try AssociationFileDocument(
            bytes: Array(#"{"applinks":{"details":[]},"applinks":{"details":[]}}"#.utf8))
        #expect(Array(document.duplicateKeys) == [#"$.applinks"#])
    }
}
