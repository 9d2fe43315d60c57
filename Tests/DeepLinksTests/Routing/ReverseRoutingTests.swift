import DeepLinks
import Foundation
import Testing

@Suite("Reverse routing: the link for a route and parameters, which routes back to them")
struct ReverseRoutingTests {
    let router: Router

    init() throws {
        router = try Router(
            RouteTableJSONTests.swiftTable, registry: ParameterTypeRegistry([RouteTableJSONTests.isbn]))
    }

    /// Parses generated text through the gate and matches it forward.
    func forward(_ text: String, router: Router? = nil) throws -> TableMatch? {
        (router ?? self.router).match(try RouteFixtures.link(text))
    }

    struct RoundTrip: Sendable {
        let route: String
        let parameters: RouteParameters
        let link: String
        let back: RouteParameters
    }

    static let roundTrips = [
        RoundTrip(
            route: "photo", parameters: ["album": "summer-2024", "index": 3],
            link: "https://example.com/albums/summer-2024/photos/3",
            back: ["album": "summer-2024", "index": 3, "size": "small"]),
        RoundTrip(
            route: "photo", parameters: ["album": "a", "index": 0, "size": "large"],
            link: "https://example.com/albums/a/photos/0?size=large",
            back: ["album": "a", "index": 0, "size": "large"]),
        RoundTrip(
            route: "deleteAlbum", parameters: ["album": "x", "confirm": true],
            link: "https://example.com/albums/x/delete?confirm=true", back: ["album": "x", "confirm": true]),
        RoundTrip(
            route: "article", parameters: ["id": "CHLFGFCB00097U7S", "s": "sps_article"],
            link: "newsapp://doc/CHLFGFCB00097U7S?s=sps_article",
            back: ["id": "CHLFGFCB00097U7S", "s": "sps_article"]),
    ]

    @Test(
        "a generated link routes back to the same route and parameters (plus defaults left out)",
        arguments: roundTrips)
    func roundTrip(_ example: RoundTrip) throws {
        let text = try router.link(for: example.route, parameters: example.parameters)
        #expect(text == example.link)
        let tableMatch = try forward(text)
        #expect(tableMatch?.route.name == example.route)
        #expect(tableMatch?.parameters == example.back)
    }

    @Test("values are percent-encoded and read back decoded")
    func encoding() throws {
        let text = try router.link(
            for: "albums", parameters: ["albumname": "Summer 2024 & ünï=1#x", "index": 7],
            host: "www.example.com")
        #expect(
            text
                == "https://www.example.com/albums?albumname=Summer%202024%20%26%20%C3%BCn%C3%AF%3D1%23x&index=7"
        )
        #expect(try forward(text)?.parameters == ["albumname": "Summer 2024 & ünï=1#x", "index": 7])
    }

    @Test("a catch-all and a fragment parameter round-trip")
    func catchAllAndFragment() throws {
        let parameters: RouteParameters = ["page": ["guide", "routing"], "section": "precedence"]
        let text = try router.link(for: "docs", parameters: parameters, host: "example.com")
        #expect(text == "https://example.com/docs/guide/routing#precedence")
        #expect(try forward(text)?.parameters == parameters)
    }

    @Test("a custom type formats and validates its own values")
    func customType() throws {
        let text = try router.link(for: "book", parameters: ["code": "9780262033848"], host: "example.com")
        #expect(text == "https://example.com/books/9780262033848")
        #expect(try forward(text)?.route.name == "book")
    }

    @Test("a significant trailing slash and a root route are written as declared")
    func trailingSlashAndRoot() throws {
        let router = try Router(
            RouteTable(options: RoutingOptions(trailingSlash: .significant)) {
                Route("index", "/albums/", scope: RouteScope(hosts: ["example.com"]))
                Route("home", "/", scope: RouteScope(hosts: ["example.com"]))
                Route("appHome", "/", scope: RouteScope(schemes: ["myapp"]))
            })
        #expect(try router.link(for: "index") == "https://example.com/albums/")
        #expect(try router.link(for: "home") == "https://example.com/")
        #expect(try forward("https://example.com/albums/", router: router)?.route.name == "index")
        let app = try router.link(for: "appHome")
        #expect(app == "myapp://")
        #expect(try forward(app, router: router)?.route.name == "appHome")
    }

    struct Refusal: Sendable {
        let route: String
        var parameters: RouteParameters = [:]
        var scheme: String? = nil
        var host: String? = nil
        let error: ReverseRoutingError
    }

    static let refusals = [
        Refusal(route: "nothing", error: .unknownRoute("nothing")),
        Refusal(
            route: "photo", parameters: ["album": "a"],
            error: .missingParameter(route: "photo", parameter: "index")),
        Refusal(
            route: "photo", parameters: ["album": "a", "index": 1, "zoom": 2],
            error: .unknownParameter(route: "photo", parameter: "zoom")),
        Refusal(
            route: "photo", parameters: ["album": "a", "index": 99999],
            error: .invalidParameter(
                route: "photo",
                failure: ParameterFailure(
                    parameter: "index", location: .path, value: "99999", reason: .outOfRange(0...9999)))),
        Refusal(
            route: "photo", parameters: ["album": "A B", "index": 1],
            error: .invalidParameter(
                route: "photo",
                failure: ParameterFailure(
                    parameter: "album", location: .path, value: "A B", reason: .notASlug))),
        Refusal(
            route: "photo", parameters: ["album": "a", "index": "3"],
            error: .valueDoesNotRoundTrip(route: "photo", parameter: "index", value: "3")),
        Refusal(
            route: "photo", parameters: ["album": "a", "index": 1], scheme: "http",
            error: .schemeNotInScope(route: "photo", scheme: "http")),
        Refusal(
            route: "photo", parameters: ["album": "a", "index": 1], host: "example.org",
            error: .hostNotInScope(route: "photo", host: "example.org")),
        Refusal(route: "albums", parameters: ["albumname": "a"], error: .needsHost(route: "albums")),
        Refusal(
            route: "article", parameters: ["id": "A1"], host: "doc",
            error: .hostNotInScope(route: "article", host: "doc")),
    ]

    @Test("every way a request can be wrong is a typed error with a sentence", arguments: refusals)
    func errors(_ refusal: Refusal) {
        #expect(throws: refusal.error) {
            try router.link(
                for: refusal.route, parameters: refusal.parameters, scheme: refusal.scheme, host: refusal.host
            )
        }
        #expect(!refusal.error.description.isEmpty)
    }

    @Test(
        "a value that would read back differently is refused, never written; a custom-scheme host falls back to the path"
    )
    func valuesThatDoNotRoundTrip() throws {
        let router = try Router(
            RouteTable(options: RoutingOptions(caseSensitivity: .insensitive)) {
                Route("kind", "/k/:kind(enum Photo|video)", scope: RouteScope(hosts: ["example.com"]))
                Route("note", "/n/:text", scope: RouteScope(hosts: ["example.com"]))
                Route("app", "/:section/:id(int)", scope: RouteScope(schemes: ["myapp"]))
                Route("many", "/m/*rest", scope: RouteScope(hosts: ["example.com"]))
            })
        #expect(
            throws: ReverseRoutingError.valueDoesNotRoundTrip(
                route: "kind", parameter: "kind", value: "photo")
        ) {
            try router.link(for: "kind", parameters: ["kind": "photo"])
        }
        #expect(try router.link(for: "kind", parameters: ["kind": "Photo"]) == "https://example.com/k/Photo")
        for bad in ["a/b", "..", ".", "a\\b"] {
            #expect(
                throws: ReverseRoutingError.invalidParameter(
                    route: "note",
                    failure: ParameterFailure(
                        parameter: "text", location: .path, value: bad, reason: .notASegment))
            ) { try router.link(for: "note", parameters: ["text": .string(bad)]) }
        }
        #expect(try router.link(for: "app", parameters: ["section": "inbox", "id": 1]) == "myapp://inbox/1")
        for (section, expected) in [
            ("Upper", "myapp:///Upper/1"), ("7", "myapp:///7/1"), ("a b", "myapp:///a%20b/1"),
        ] {
            let text = try router.link(for: "app", parameters: ["section": .string(section), "id": 1])
            #expect(text == expected)
            #expect(try forward(text, router: router)?.parameters == ["section": .string(section), "id": 1])
        }
        #expect(
            throws: ReverseRoutingError.valueDoesNotRoundTrip(route: "many", parameter: "rest", value: [])
        ) {
            try router.link(for: "many", parameters: ["rest": []])
        }
    }

    @Test("a link that another route would take is refused with that route's name")
    func reachesAnotherRoute() throws {
        let router = try Router(
            RouteTable {
                Route("new", "/albums/new", scope: RouteScope(hosts: ["example.com"]))
                Route("album", "/albums/:album(slug)", scope: RouteScope(hosts: ["example.com"]))
            })
        #expect(throws: ReverseRoutingError.doesNotRouteBack(route: "album", reachedRoute: "new")) {
            try router.link(for: "album", parameters: ["album": "new"])
        }
        #expect(
            ReverseRoutingError.doesNotRouteBack(route: "album", reachedRoute: "new").description
                == "the link generated for route 'album' would be routed to 'new', which takes precedence")
    }

    @Test("text a gate would refuse is never returned")
    func notALink() throws {
        let bell = CustomParameterType(name: "raw", expected: "anything") { .string($0) }
        let router = try Router(
            RouteTable { Route("raw", "/r", query: ["v(raw)"], scope: RouteScope(hosts: ["example.com"])) },
            registry: ParameterTypeRegistry([bell]))
        do {
            _ = try router.link(for: "raw", parameters: ["v": "a\u{7}b"])
            Issue.record("a link with an encoded control character was written")
        } catch {
            guard case .notALink(route: "raw", let linkError) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(linkError.rule == .whitespaceOrControl)
        }
    }
}
