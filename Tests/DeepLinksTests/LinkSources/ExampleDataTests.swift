import DeepLinks
import Foundation
import Testing

/// One example app's data files, read from `Examples/<name>/` in this repository.
private struct ExampleApp {
    let name: String
    var folder: URL { Corpus.packageRoot.appendingPathComponent("Examples/\(name)") }

    func data(_ file: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(file)) }

    func configuration() throws -> LinkReceiver.Configuration {
        try JSONDecoder().decode(LinkReceiver.Configuration.self, from: data("receiver.json"))
    }

    func receiver() throws -> LinkReceiver {
        try LinkReceiver(
            table: JSONDecoder().decode(RouteTable.self, from: data("routes.json")),
            configuration: configuration())
    }

    func plist(_ file: String) throws -> [String: Any] {
        let object = try PropertyListSerialization.propertyList(from: data(file), format: nil)
        return try #require(object as? [String: Any])
    }
}

/// A sample of `samples.json`: its label and the incoming, or the error reading it raised.
private struct Sample: Decodable {
    let kind: String
    let note: String
    let incoming: Result<IncomingLink, any Error>

    private enum CodingKeys: String, CodingKey { case kind, note, incoming }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(String.self, forKey: .kind)
        note = try c.decode(String.self, forKey: .note)
        incoming = Result { try c.decode(IncomingLink.self, forKey: .incoming) }
    }
}

@Suite("Examples: data files agree with each other and with their labels")
struct ExampleDataTests {
    static let apps = ["PhotoAlbum", "NewsReader"]

    @Test("the route table and configuration build a receiver", arguments: apps)
    func builds(_ name: String) throws {
        _ = try ExampleApp(name: name).receiver()
    }

    @Test("every good sample routes or asks to confirm; no malformed or hostile one does", arguments: apps)
    func samplesMatchTheirLabels(_ name: String) throws {
        let app = ExampleApp(name: name)
        let receiver = try app.receiver()
        let samples = try JSONDecoder().decode([Sample].self, from: app.data("samples.json"))
        #expect(Set(samples.map(\.kind)) == ["good", "malformed", "hostile"])
        for sample in samples {
            let reached = (try? sample.incoming.get()).map(receiver.receive)?.match != nil
            #expect(reached == (sample.kind == "good"), "\(sample.kind): \(sample.note)")
        }
    }

    @Test("the entitlement's applinks domains are the hosts the policy allows", arguments: apps)
    func entitlements(_ name: String) throws {
        let app = ExampleApp(name: name)
        let entries = try #require(
            app.plist("\(name).entitlements")["com.apple.developer.associated-domains"] as? [String])
        let applinks = entries.filter { $0.hasPrefix("applinks:") }.map {
            HostPattern(String($0.dropFirst(9)))
        }
        #expect(!applinks.isEmpty)
        #expect(applinks == (try app.configuration()).policy.allowedHosts)
    }

    @Test(
        "Info.plist lists exactly the activity types and schemes the configuration registers", arguments: apps
    )
    func infoPlist(_ name: String) throws {
        let app = ExampleApp(name: name)
        let info = try app.plist("Info.plist")
        let configuration = try app.configuration()
        let types = try #require(info["NSUserActivityTypes"] as? [String])
        #expect(Set(types) == Set(configuration.activities.map(\.activityType)))
        let urlTypes = try #require(info["CFBundleURLTypes"] as? [[String: Any]])
        let schemes = urlTypes.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
        #expect(schemes == configuration.schemes.names)
    }

    @Test("the association file is JSON with applinks for the app", arguments: apps)
    func associationFile(_ name: String) throws {
        let object = try JSONSerialization.jsonObject(
            with: ExampleApp(name: name).data("apple-app-site-association"))
        let applinks = try #require((object as? [String: Any])?["applinks"] as? [String: Any])
        let details = try #require(applinks["details"] as? [[String: Any]])
        #expect(
            details.flatMap { $0["appIDs"] as? [String] ?? [] }.allSatisfy {
                $0.hasPrefix("ABCDE12345.com.example.")
            })
    }
}

@Suite("Link receiver: configuration JSON")
struct ReceiverConfigurationTests {
    @Test("keys may be omitted; unknown keys are refused")
    func decoding() throws {
        let empty = try JSONDecoder().decode(LinkReceiver.Configuration.self, from: Data("{}".utf8))
        #expect(empty == LinkReceiver.Configuration())
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LinkReceiver.Configuration.self, from: Data(#"{"scheme": []}"#.utf8))
        }
        #expect(
            DecodingFailure.line(error)
                == "dataCorrupted: unknown key 'scheme' in a link receiver configuration; "
                + "allowed keys are activities, policy, schemes")
    }

    @Test("a configuration round-trips")
    func roundTrip() throws {
        let configuration = LinkReceiver.Configuration(
            policy: IncomingFixtures.policy, schemes: try IncomingFixtures.schemes(),
            activities: IncomingFixtures.activities)
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(LinkReceiver.Configuration.self, from: data) == configuration)
    }
}
