import DeepLinks
import Foundation
import Testing

@Suite("Optional leading segments and group prefixes: one route for /title/42 and /de/title/42")
struct OptionalPrefixTests {
    static let scope = RouteScope(schemes: ["https"], hosts: ["films.example.com"])

    static let table = RouteTable(canonicalHost: "films.example.com", scope: scope) {
        RouteGroup(prefix: "/:locale(enum de|fr)?") {
            Route("home", "/")
            Route("title", "/title/:id(int 1...)", parent: "home")
            Route("listing", "/c/:slug(slug)/:page(int 1...)?")
        }
        Route("about", "/about")
    }

    let router: Router

    init() throws { router = try Router(Self.table) }

    private func match(_ path: String) throws -> TableMatch? {
        router.match(try RouteFixtures.link("https://films.example.com" + path))
    }

    // MARK: Pattern and group prefix

    @Test("a leading optional segment gives two readings, every optional present first")
    func readings() throws {
        let pattern = try PathPatternTests.parsed("/:locale(enum de|fr)?/title/:id")
        #expect(pattern.optionalSegmentPositions == [0])
        #expect(pattern.isOptionalSegment(at: 0))
        #expect(!pattern.isOptionalSegment(at: 2))
        #expect(!pattern.hasOptionalLastSegment)
        #expect(pattern.readings == ["/:locale(enum de|fr)/title/:id", "/title/:id"])
        #expect(pattern.shapes.map(\.count) == [3, 2])
        let two = try PathPatternTests.parsed("/:locale(enum de|fr)?/c/:slug/:page(int 1...)?")
        #expect(
            two.readings.map(\.text) == [
                "/:locale(enum de|fr)/c/:slug/:page(int 1...)", "/:locale(enum de|fr)/c/:slug",
                "/c/:slug/:page(int 1...)", "/c/:slug",
            ])
        let rebuilt = PathPattern(segments: two.segments, optionalPositions: [0, 3])
        #expect(rebuilt.text == two.text)
        #expect(
            try PathPatternTests.parsed("/:locale(enum de|fr)?").readings == ["/:locale(enum de|fr)", "/"])
    }

    @Test("a group's prefix is written before each route's path; the root inside it is the prefix")
    func groupPrefix() {
        #expect(
            Self.table.routes.map(\.path.text) == [
                "/:locale(enum de|fr)?", "/:locale(enum de|fr)?/title/:id(int 1...)",
                "/:locale(enum de|fr)?/c/:slug(slug)/:page(int 1...)?", "/about",
            ])
        #expect(Self.table.routes.allSatisfy { $0.scope == Self.scope })
        let nested = RouteTable {
            RouteGroup(prefix: "/shop", scope: Self.scope) {
                RouteGroup(prefix: "/:region(enum eu|us)?") { Route("cart", "/cart") }
                Route("shopHome", "/")
            }
        }
        #expect(nested.routes.map(\.path.text) == ["/shop/:region(enum eu|us)?/cart", "/shop"])
        #expect(nested.routes.map(\.scope) == [Self.scope, Self.scope])
    }

    @Test("a prefix that makes a malformed pattern is reported on the route with the whole text")
    func malformedPrefix() {
        let table = RouteTable { RouteGroup(prefix: "/de/") { Route("title", "/title") } }
        #expect(table.routes.first?.path.text == "/de//title")
        #expect(
            table.findings().map(\.description) == [
                "route 'title': '/de//title' at offset 4: a path pattern has no empty segments ('//')"
            ])
    }

    @Test(
        "a route path without its leading '/' is not joined to the prefix: it is reported as it would be alone"
    )
    func relativePathUnderPrefix() throws {
        let grouped = RouteTable {
            RouteGroup(prefix: "/p") {
                Route("a", "a")
                Route("b", ":id(int)")
                Route("c", "/c")
            }
        }
        // Joined as text, `/p` and `:id(int)` would have made the literal segment `p:id(int)`.
        #expect(grouped.routes.map(\.path.text) == ["a", ":id(int)", "/p/c"])
        let alone = RouteTable {
            Route("a", "a")
            Route("b", ":id(int)")
        }
        #expect(!alone.findings().isEmpty)
        #expect(grouped.findings() == alone.findings())
        // The same through JSON, by both readers.
        let json = #"{"groups": [{"prefix": "/p", "routes": [{"name": "b", "path": ":id(int)"}]}]}"#
        #expect(try RouteTable(json: Data(json.utf8)).routes.map(\.path.text) == [":id(int)"])
        #expect(
            try JSONDecoder().decode(RouteTable.self, from: Data(json.utf8)).routes.map(\.path.text) == [
                ":id(int)"
            ])
    }

    @Test("a group's prefix in JSON reads the same through Codable and the fast reader")
    func groupPrefixJSON() throws {
        let json = """
            {"canonicalHost": "films.example.com",
             "scope": {"schemes": ["https"], "hosts": ["films.example.com"]},
             "groups": [{"prefix": "/:locale(enum de|fr)?", "routes": [
                {"name": "home", "path": "/"},
                {"name": "title", "path": "/title/:id(int 1...)", "parent": "home"},
                {"name": "listing", "path": "/c/:slug(slug)/:page(int 1...)?"}]}],
             "routes": [{"name": "about", "path": "/about"}]}
            """
        let decoded = try JSONDecoder().decode(RouteTable.self, from: Data(json.utf8))
        let read = try RouteTable(json: Data(json.utf8))
        #expect(Set(decoded.routes) == Set(Self.table.routes))
        #expect(Set(read.routes) == Set(Self.table.routes))
        #expect(decoded.routes == read.routes)
        let misspelt = #"{"groups": [{"prefx": "/de", "routes": [{"name": "a", "path": "/a"}]}]}"#
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(RouteTable.self, from: Data(misspelt.utf8))
        }
        #expect(throws: (any Error).self) { try RouteTable(json: Data(misspelt.utf8)) }
    }

    // MARK: Matching and explain

    @Test(
        "the optional locale is read when present and absent otherwise",
        arguments: [
            ("/title/42", "title", ["id": 42]),
            ("/de/title/42", "title", ["locale": "de", "id": 42]),
            ("/fr/title/7", "title", ["locale": "fr", "id": 7]),
            ("/", "home", [:]),
            ("/de", "home", ["locale": "de"]),
            ("/c/shoes", "listing", ["slug": "shoes"]),
            ("/fr/c/shoes", "listing", ["locale": "fr", "slug": "shoes"]),
            ("/c/shoes/2", "listing", ["slug": "shoes", "page": 2]),
            ("/de/c/shoes/2", "listing", ["locale": "de", "slug": "shoes", "page": 2]),
            ("/about", "about", [:]),
        ] as [(String, String, RouteParameters)])
    func matching(_ path: String, _ route: String, _ parameters: RouteParameters) throws {
        let found = try match(path)
        #expect(found?.name == route)
        #expect(found?.parameters == parameters)
        // The lookup reports the route as declared, not one of its readings.
        #expect(found?.route == router.route(named: route))
        let parts = router.match(
            scheme: "https", host: "films.example.com",
            pathSegments: path == "/" ? [""] : path.split(separator: "/").map(String.init))
        #expect(parts == found)
    }

    @Test("links that fit no reading miss: a locale outside the enum, a missing id, a second locale")
    func misses() throws {
        #expect(try match("/es/title/42") == nil)
        #expect(try match("/de/title") == nil)
        #expect(try match("/de/fr/title/42") == nil)
        #expect(try match("/de/about") == nil)
    }

    @Test("explain names the optional parameter that refused the link")
    func explain() throws {
        let explanation = router.explain(try RouteFixtures.link("https://films.example.com/es/title/42"))
        #expect(
            explanation.attempts == [
                RouteAttempt(
                    route: "title",
                    result: .parameterFailed(
                        ParameterFailure(
                            parameter: "locale", location: .path, value: "es",
                            reason: .notAllowedValue(allowed: ["de", "fr"]))))
            ])
        let shorter = router.explain(try RouteFixtures.link("https://films.example.com/title/0"))
        #expect(
            shorter.attempts == [
                RouteAttempt(
                    route: "title",
                    result: .parameterFailed(
                        ParameterFailure(
                            parameter: "id", location: .path, value: "0", reason: .outOfRange(1...Int.max))))
            ])
        #expect(
            router.explain(try RouteFixtures.link("https://films.example.com/de/title/42")).winner == "title")
    }

    @Test("in declaration order the readings match and read their parameters the same way")
    func declarationOrder() throws {
        var table = Self.table
        table.options = RoutingOptions(precedence: .declarationOrder)
        let router = try Router(table)
        let link = try RouteFixtures.link("https://films.example.com/de/title/42")
        #expect(router.match(link)?.parameters == ["locale": "de", "id": 42])
        let short = try RouteFixtures.link("https://films.example.com/title/42")
        #expect(router.match(short)?.parameters == ["id": 42])
    }

    // MARK: Reverse routing, navigation and typed routes

    @Test("reverse routing writes the locale when given and leaves the segment out otherwise")
    func reverse() throws {
        #expect(try router.link(for: "title", parameters: ["id": 42]) == "https://films.example.com/title/42")
        #expect(
            try router.link(for: "title", parameters: ["locale": "de", "id": 42])
                == "https://films.example.com/de/title/42")
        #expect(try router.link(for: "home") == "https://films.example.com/")
        #expect(try router.link(for: "home", parameters: ["locale": "fr"]) == "https://films.example.com/fr")
        #expect(
            throws: ReverseRoutingError.invalidParameter(
                route: "title",
                failure: ParameterFailure(
                    parameter: "locale", location: .path, value: "es",
                    reason: .notAllowedValue(allowed: ["de", "fr"])))
        ) {
            try router.link(for: "title", parameters: ["locale": "es", "id": 42])
        }
    }

    @Test(
        "every link routes back to itself through reverse routing",
        arguments: ["/title/42", "/de/title/42", "/", "/fr", "/c/shoes", "/de/c/shoes/3", "/fr/c/shoes"])
    func roundTrip(_ path: String) throws {
        let found = try #require(try match(path))
        #expect(
            try router.link(for: found.name, parameters: found.parameters) == "https://films.example.com"
                + path)
    }

    @Test("the parent opens with the locale the link carries, and without one when it has none")
    func navigationPath() throws {
        let receiver = try LinkReceiver(
            table: Self.table,
            configuration: LinkReceiver.Configuration(policy: LinkPolicy(allowedHosts: ["films.example.com"]))
        )
        let german = try #require(receiver.receive(url: "https://films.example.com/de/title/42").match)
        #expect(
            receiver.router.path(for: german) == [
                RouteStep(route: "home", parameters: ["locale": "de"]),
                RouteStep(route: "title", parameters: ["locale": "de", "id": 42]),
            ])
        let plain = try #require(receiver.receive(url: "https://films.example.com/title/42").match)
        #expect(
            receiver.router.path(for: plain) == [
                RouteStep(route: "home", parameters: [:]), RouteStep(route: "title", parameters: ["id": 42]),
            ])
    }

    enum Locale: String, Codable, Sendable { case de, fr }
    struct Title: RouteValue, Equatable {
        static let route = "title"
        var locale: Locale?
        var id: Int
    }
    struct StrictTitle: RouteValue {
        static let route = "title"
        var locale: Locale
        var id: Int
    }
    enum Screen: Sendable, Equatable {
        case title(Title)
        case strict
    }

    @Test("a typed route reads the optional locale into an optional property and writes it back")
    func typedRoutes() throws {
        let screens = try TypedRoutes(
            router: router, [.route(Title.self, Screen.title)], unmapped: ["home", "listing", "about"])
        let receiver = try LinkReceiver(
            table: Self.table,
            configuration: LinkReceiver.Configuration(policy: LinkPolicy(allowedHosts: ["films.example.com"]))
        )
        let german = try #require(receiver.receive(url: "https://films.example.com/de/title/42").match)
        #expect(screens.destination(for: german) == .title(Title(locale: .de, id: 42)))
        let plain = try #require(receiver.receive(url: "https://films.example.com/title/42").match)
        #expect(screens.destination(for: plain) == .title(Title(locale: nil, id: 42)))
        #expect(try router.link(for: Title(locale: .fr, id: 7)) == "https://films.example.com/fr/title/7")
        #expect(try router.link(for: Title(locale: nil, id: 7)) == "https://films.example.com/title/7")
        #expect(
            throws: TypedRoutesError.optionalParameter(
                type: "StrictTitle", route: "title", parameter: "locale")
        ) {
            try TypedRoutes(
                router: router, [.route(StrictTitle.self) { _ in Screen.strict }],
                unmapped: ["home", "listing", "about"])
        }
    }

    // MARK: Table checks

    @Test("TABLE040: two readings that can match one link are refused, with both patterns named")
    func ambiguousReadings() {
        let catchAll = RouteTable { Route("files", "/:locale(enum de|fr)?/*path") }
        #expect(
            catchAll.findings() == [
                .ambiguousOptionalSegment(
                    route: "files", parameter: "locale", reading: "/:locale(enum de|fr)/*path",
                    other: "/*path")
            ])
        #expect(catchAll.findings().first?.code == "TABLE040")
        #expect(
            catchAll.findings().first?.description
                == "route 'files' reads some links two ways: '/:locale(enum de|fr)/*path' and '/*path' can match "
                + "the same link, so the link does not say whether it holds the optional parameter 'locale'; "
                + "give 'locale' a type that the segment taking its place cannot accept, or declare the two "
                + "readings as two routes")
        // Two optional segments of one length: `/x` is either `a` or `b`.
        let twoOptional = RouteTable { Route("pair", "/:a(enum x|y)?/:b(enum x|z)?") }
        #expect(
            twoOptional.findings() == [
                .ambiguousOptionalSegment(
                    route: "pair", parameter: "a", reading: "/:a(enum x|y)", other: "/:b(enum x|z)")
            ])
        // `/2024/archive` would be a year or a month.
        let archive = RouteTable { Route("archive", "/:year(int)?/:month(int)?/archive") }
        #expect(
            archive.findings() == [
                .ambiguousOptionalSegment(
                    route: "archive", parameter: "year", reading: "/:year(int)/archive",
                    other: "/:month(int)/archive")
            ])
    }

    @Test(
        "readings that no link can share are sound",
        arguments: [
            "/:locale(enum de|fr)?/*path(int)", "/:locale(enum de|fr)?/:slug(slug)",
            "/:a(enum x|y)?/:b(enum z)?",
            "/:locale(enum de|fr)?/c/:slug/:page(int 1...)?",
            "/:year(int 1000...9999)?/:month(int 1...12)?/archive",
        ])
    func soundReadings(_ path: String) {
        #expect(RouteTable { Route("r", PathPattern(parsing: path)) }.findings() == [])
    }

    @Test(
        "precedence stays exact: a literal route beats the optional segment, a plain route the same as a reading is reported"
    )
    func precedenceAndOverlap() throws {
        let router = try RouteFixtures.router {
            Route("title", "/:locale(enum de|fr)?/title/:id(int)")
            Route("germanTrailer", "/de/title/:id(int)/trailer")
            Route("frenchTitle", "/fr/title/:id(int)")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/fr/title/1") == "frenchTitle")
        #expect(try RouteFixtures.routeName(router, "https://example.com/de/title/1") == "title")
        #expect(try RouteFixtures.routeName(router, "https://example.com/title/1") == "title")
        let twin = RouteTable {
            Route("title", "/:locale(enum de|fr)?/title/:id(int)")
            Route("plain", "/title/:id(int)")
        }
        #expect(twin.findings() == [.ambiguousRoutes(route: "plain", other: "title")])
        let everything = RouteTable {
            Route("any", "/*rest")
            Route("title", "/:locale(enum de|fr)?/title/:id(int)", priority: -1)
        }
        #expect(everything.findings() == [.shadowedRoute(route: "title", shadowedBy: "any")])
    }

    @Test("TABLE015 checks each reading: a link without the optional locale is still guarded")
    func guardedReadings() throws {
        let table = RouteTable {
            Route(
                "redeem", "/:locale(enum de|fr)?/redeem", query: ["code(string 4...16)"], safety: .sensitive)
            Route("section", "/:section(slug)")
        }
        #expect(
            table.findings() == [
                .navigationTakesGuardedLinks(route: "section", guarded: "redeem", safety: .sensitive)
            ])
        let router = try Router(table)
        #expect(try RouteFixtures.routeName(router, "https://example.com/redeem") == nil)
        #expect(
            router.explain(try RouteFixtures.link("https://example.com/redeem")).attempts.last
                == RouteAttempt(
                    route: "redeem",
                    result: .parameterFailed(
                        ParameterFailure(parameter: "code", location: .query, value: nil, reason: .missing))))
        #expect(try RouteFixtures.routeName(router, "https://example.com/redeem?code=GIFT") == "redeem")
        #expect(try RouteFixtures.routeName(router, "https://example.com/de/redeem?code=GIFT") == "redeem")
        #expect(try RouteFixtures.routeName(router, "https://example.com/shoes") == "section")
    }
}
