import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

@Suite("LinkReceiver.Configuration.jsonData(): the configuration file, read back as the same value")
struct ConfigurationJSONDataTests {
    /// A configuration with every part set: a policy off its defaults, custom schemes of both
    /// host rules, and activity routes with a scheme, a host and mapped userInfo keys.
    static let configuration = LinkReceiver.Configuration(
        policy: LinkPolicy(
            allowedSchemes: ["https"], allowedHosts: ["photos.example.com", "*.cdn.example.com"],
            customSchemeHostsAreDomains: true, allowsEmptySegments: true,
            removedQueryItems: [QueryItemPattern("utm_*"), QueryItemPattern("token")]),
        schemes: try! SchemeRegistry([
            CustomScheme("photoalbum", host: .domain(["photos.example.com"])),
            CustomScheme("albumadmin", confirmsEveryRoute: true),
        ]),
        activities: [
            ActivityRoute(activityType: "com.example.photos.viewing", route: "photo"),
            ActivityRoute(
                activityType: "com.example.photos.editing", route: "photo", scheme: "https",
                host: "photos.example.com", userInfoKeys: ["albumname": "album"]),
        ])

    @Test("jsonData() reads back through init(json:) as an equal configuration")
    func roundTrip() throws {
        let data = try Self.configuration.jsonData()
        #expect(try LinkReceiver.Configuration(json: data) == Self.configuration)
        #expect(try LinkReceiver.Configuration(json: LinkReceiver.Configuration().jsonData()) == .init())
    }

    @Test("jsonData() sorts keys, indents, and writes slashes as they are")
    func form() throws {
        let text = String(decoding: try Self.configuration.jsonData(), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"activities\" : [\n"))
        let topLevel = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            $0.dropFirst(3).prefix { $0 != "\"" }
        }
        #expect(topLevel == ["activities", "policy", "schemes"])
        #expect(!text.contains("\\/"))
        // The same bytes each time: a checked-in file changes only where the configuration does.
        #expect(try Self.configuration.jsonData() == Self.configuration.jsonData())
    }

    @Test("a receiver built from the written configuration decides as the original does")
    func sameDecisions() throws {
        let table = RouteTable(canonicalHost: "photos.example.com", scope: RouteScope(schemes: ["https"])) {
            Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
        }
        let original = try LinkReceiver(table: table, configuration: Self.configuration)
        let read = try LinkReceiver(
            table: table, configuration: LinkReceiver.Configuration(json: Self.configuration.jsonData()))
        for link in [
            "https://photos.example.com/albums/summer/photos/3?utm_source=x",
            "photoalbum://photos.example.com/x",
            "https://evil.example/albums/a/photos/1", "albumadmin://albums/a",
        ] {
            #expect(read.receive(url: link) == original.receive(url: link), "\(link)")
        }
        #expect(read.configuration == original.configuration)
    }
}
