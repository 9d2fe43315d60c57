import DeepLinks
import DeepLinksJSON
import Foundation
import StreamingRoutes
import Testing

/// The example's folder, where routes.json, config.json and the samples are.
let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func file(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

/// The lines of a JSON-lines file, without empty ones.
func lines(_ name: String) throws -> [[UInt8]] {
    try file(name).split(separator: UInt8(ascii: "\n")).map(Array.init)
}

/// One sample link (samples.jsonl) with the answer `deeplinks resolve --jsonl` gives for it
/// (samples-answers.jsonl): the outcome, route, parameters, host and reason.
struct Sample: Sendable, CustomTestStringConvertible {
    let line: IncomingLinkLine
    let answer: [String: JSONValue]

    var testDescription: String { "\(line.id)" }

    static func all() throws -> [Sample] {
        let links = try lines("samples.jsonl")
        let answers = try lines("samples-answers.jsonl")
        #expect(links.count == answers.count)
        return try zip(links, answers).map { link, answer in
            guard case .object(let members) = try JSONValue(parsing: answer) else {
                throw SampleFileError(line: String(decoding: answer, as: UTF8.self))
            }
            return Sample(line: try IncomingLinkLine(parsing: link), answer: members)
        }
    }
}

struct SampleFileError: Error, CustomStringConvertible {
    let line: String
    var description: String { "an answer line is not a JSON object: \(line)" }
}

/// A decision in the answer form of `resolve --jsonl`.
func answer(id: JSONValue, for decision: LinkDecision) throws -> [String: JSONValue] {
    let outcome: String
    var reason: JSONValue = .null
    switch decision.outcome {
    case .route: outcome = "route"
    case .confirm(let match):
        outcome = "confirm"
        reason = .string("route '\(match.route)' is \(match.safety): ask the user before running it")
    case .openInBrowser(_, let failure):
        outcome = "openInBrowser"
        reason = .string("\(failure)")
    case .reject(let rejection):
        outcome = "reject"
        reason = .string("\(rejection)")
    }
    var parameters: JSONValue = .null
    if let match = decision.match {
        parameters = try JSONValue(parsing: Array(JSONEncoder().encode(match.parameters)))
    }
    return [
        "id": id, "outcome": .string(outcome), "route": decision.match.map { .string($0.route) } ?? .null,
        "parameters": parameters, "reason": reason, "source": .string("\(decision.source)"),
    ]
}

@Suite("The example's JSON files and its Swift table are one table")
struct StreamingRoutesTests {
    @Test("routes.json reads as the Swift table, and the Swift table writes JSON that reads back equal to it")
    func tableFiles() throws {
        #expect(try RouteTable(json: file("routes.json")) == StreamingRoutes.table)
        #expect(try RouteTable(json: StreamingRoutes.table.jsonData()) == StreamingRoutes.table)
        #expect(StreamingRoutes.table.findings() == [])
    }

    @Test("config.json decodes to the Swift configuration")
    func configurationFile() throws {
        let decoded = try JSONDecoder().decode(LinkReceiver.Configuration.self, from: file("config.json"))
        #expect(try decoded == StreamingRoutes.configuration())
    }

    @Test(
        "every sample link has the same decision from the JSON receiver and the Swift one, and the command line's answer"
    )
    func samples() throws {
        let fromJSON = try LinkReceiver(
            table: RouteTable(json: file("routes.json")),
            configuration: JSONDecoder().decode(LinkReceiver.Configuration.self, from: file("config.json")))
        let fromSwift = try StreamingRoutes.receiver()
        let samples = try Sample.all()
        #expect(samples.count == 19)
        for sample in samples {
            let decision = fromSwift.receive(sample.line.link)
            #expect(fromJSON.receive(sample.line.link) == decision, "\(sample.line.id)")
            var expected = sample.answer
            expected["host"] = nil
            #expect(try answer(id: sample.line.id, for: decision) == expected)
        }
    }

    @Test(
        "ids the app refuses go to the browser with the type that refused them",
        arguments: [
            ("https://reel.example/title/tt123", "title", "titleID"),
            ("https://reel.example/title/123456789", "title", "titleID"),
            ("https://reel.example/de/title/tt0111161/season/2/episode/5x", "episode", nil),
            ("https://reel.example/redeem?code=ABCD-EFGH-23456", "redeem", "giftCode"),
        ])
    func refused(url: String, route: String, type: String?) throws {
        let decision = try StreamingRoutes.receiver().receive(url: url)
        guard case .openInBrowser(_, let failure) = decision.outcome else {
            Issue.record("\(url) was not sent to the browser: \(decision)")
            return
        }
        #expect("\(failure)".hasPrefix("route '\(route)' refused the link"))
        if let type { #expect("\(failure)".contains("(type '\(type)')")) }
    }

    @Test("/name/redeem is a name, not the sensitive redemption: 'name' is not a locale")
    func nameIsNotALocale() throws {
        let decision = try StreamingRoutes.receiver().receive(url: "https://reel.example/name/redeem")
        #expect(decision.outcome == .route(try #require(decision.match)))
        #expect(decision.match?.route == "name")
    }

    @Test("the watching activity written for an episode carries its position under 'position' and reads back")
    func handoffRoundTrip() throws {
        let receiver = try StreamingRoutes.receiver()
        let episode = Episode(locale: "de", title: "tt0111161", season: 2, episode: 5, t: 754)
        let activity = try receiver.userActivity(for: episode, activityType: StreamingRoutes.watching)
        #expect(activity.userInfo["position"] == .integer(754))
        #expect(activity.userInfo["t"] == nil)
        let match = try #require(receiver.receive(activity).match)
        #expect(try match.value(as: Episode.self) == episode)
        #expect(try Screen.routes(receiver).readDestination(for: match) == .episode(episode))
    }
}
