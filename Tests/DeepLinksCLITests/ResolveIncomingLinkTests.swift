import DeepLinks
import Foundation
import Testing

@testable import DeepLinksCLI

/// `resolve` decides with the same receiver the app builds, for links of every source.
@Suite("resolve: every source, decided as the app decides")
struct ResolveIncomingLinkTests {
    static let example = PackagePaths.root.appendingPathComponent("Examples/PhotoAlbum")
    static let table = example.appendingPathComponent("routes.json").path
    static let configuration = example.appendingPathComponent("receiver.json").path

    /// The photo album's samples: each an incoming link, as JSON, that the library can read.
    static func samples() throws -> [(json: String, incoming: IncomingLink)] {
        let data = try Data(contentsOf: example.appendingPathComponent("samples.json"))
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return array.compactMap { sample in
            guard let object = sample["incoming"],
                let json = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
                let incoming = try? JSONDecoder().decode(IncomingLink.self, from: json)
            else { return nil }
            return (String(decoding: json, as: UTF8.self), incoming)
        }
    }

    @Test("the command line and the library give the same outcome for every sample of every source")
    func commandLineAgreesWithLibrary() async throws {
        let samples = try Self.samples()
        #expect(samples.count >= 20)
        #expect(Set(samples.map(\.incoming.source)) == Set(LinkSource.allCases))
        let receiver = try LinkReceiver(
            table: JSONDecoder().decode(
                RouteTable.self, from: Data(contentsOf: URL(fileURLWithPath: Self.table))),
            configuration: JSONDecoder().decode(
                LinkReceiver.Configuration.self,
                from: Data(contentsOf: URL(fileURLWithPath: Self.configuration))))
        // The line protocol's key for a banner is "banner"; IncomingLink's own is accepted too.
        let input = samples.enumerated().map { index, sample in
            #"{"id":\#(index),"# + sample.json.dropFirst()
        }.joined(separator: "\n")
        let run = await runInProcess(
            ["resolve", "--jsonl", "--table", Self.table, "--config", Self.configuration],
            standardInput: input)
        #expect(run.lines.count == samples.count)
        for (line, sample) in zip(run.lines, samples) {
            let expected = ResolveLineProtocol(receiver: receiver).answer(Array(line.utf8))
            _ = expected
            let decided = OutcomeFields(receiver.receive(sample.incoming))
            let answer = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(answer["outcome"] as? String == decided.outcome, "\(sample.json)")
            #expect((answer["route"] as? String) == decided.route, "\(sample.json)")
            #expect((answer["reason"] as? String) == decided.reason, "\(sample.json)")
            #expect((answer["source"] as? String) == decided.source, "\(sample.json)")
        }
    }

    @Test("Handoff and banner lines are answered like the URL they carry")
    func handoffAndBannerLines() async throws {
        let input = [
            #"{"id":1,"activity":{"activityType":"com.example.photos.viewing-album","userInfo":{"album":{"string":"summer-2024"}}}}"#,
            #"{"id":2,"banner":"app-id=1234567890, app-argument=https://photos.example.com/albums/summer-2024"}"#,
            #"{"id":3,"url":"https://photos.example.com/albums/summer-2024"}"#,
            #"{"id":4,"activity":{"activityType":"com.other.app.view"}}"#,
            #"{"id":5,"activity":{"activityType":"NSUserActivityTypeBrowsingWeb","webpageURL":"javascript:alert(1)"}}"#,
        ].joined(separator: "\n")
        let run = await runInProcess(
            ["resolve", "--jsonl", "--table", Self.table, "--config", Self.configuration],
            standardInput: input)
        #expect(
            run.lines == [
                #"{"id":1,"outcome":"route","route":"album","parameters":{"album":{"string":"summer-2024"}},"host":"photos.example.com","reason":null,"source":"handoff"}"#,
                #"{"id":2,"outcome":"route","route":"album","parameters":{"album":{"string":"summer-2024"}},"host":"photos.example.com","reason":null,"source":"smartAppBanner"}"#,
                #"{"id":3,"outcome":"route","route":"album","parameters":{"album":{"string":"summer-2024"}},"host":"photos.example.com","reason":null,"source":"universalLink"}"#,
                #"{"id":4,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the activity type 'com.other.app.view' is not registered by any activity route","source":"handoff"}"#,
                #"{"id":5,"outcome":"reject","route":null,"parameters":null,"host":null,"reason":"the input's 'activity' is not a user activity: the webpageURL 'javascript:alert(1)' is not an http or https URL; Apple platforms refuse it too","source":null}"#,
            ])
    }
}
