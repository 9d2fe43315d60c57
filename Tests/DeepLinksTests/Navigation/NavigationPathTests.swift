import DeepLinks
import Foundation
import TestSupport
import Testing

@Suite("Navigation paths: a match opens its route's ancestors first, with parameters carried down")
struct NavigationPathTests {
    let receiver: LinkReceiver
    init() throws { receiver = try StreamingFixtures.receiver() }

    private func path(_ url: String) throws -> [RouteStep] {
        let match = try #require(receiver.receive(url: url).match, "\(url) does not route")
        return receiver.router.path(for: match)
    }

    @Test(
        "the path of every route of the streaming table",
        arguments: [
            ("https://reel.example/", ["home"]),
            ("https://reel.example/title/tt0111161", ["title"]),
            ("https://reel.example/title/tt0111161/season/2", ["title", "season"]),
            (
                "https://reel.example/title/tt0111161/season/2/episode/5?t=754",
                ["title", "season", "episode"]
            ),
            ("https://reel.example/cart", ["cart"]),
            ("https://reel.example/cart/checkout", ["cart", "checkout"]),
            ("https://reel.example/redeem?code=GIFT2026", ["redeem"]),
            ("https://reel.example/downloads", ["downloads"]),
        ])
    func everyRoute(url: String, routes: [String]) throws {
        #expect(try path(url).map(\.route) == routes)
    }

    @Test("each ancestor opens with the parameters it declares, read from the match")
    func parametersCarriedDown() throws {
        let steps = try path("https://reel.example/title/tt0111161/season/2/episode/5?t=754")
        #expect(
            steps == [
                RouteStep(route: "title", parameters: ["title": "tt0111161"]),
                RouteStep(route: "season", parameters: ["title": "tt0111161", "season": 2]),
                RouteStep(
                    route: "episode", parameters: ["title": "tt0111161", "season": 2, "episode": 5, "t": 754]),
            ])
        #expect(steps.map(\.description).first == #"title(title: string "tt0111161")"#)
    }

    @Test("typed routes give the stack of destinations for a NavigationStack path")
    func typedPath() throws {
        let screens = try StreamingFixtures.screens(receiver)
        let match = try #require(
            receiver.receive(url: "https://reel.example/title/tt0111161/season/2/episode/5").match)
        #expect(
            try screens.path(for: match) == [
                .title(.init(title: "tt0111161")), .season(.init(title: "tt0111161", season: 2)),
                .episode(.init(title: "tt0111161", season: 2, episode: 5, t: nil)),
            ])
        // The deepest link is the match's own: reverse routing writes it from the last value.
        #expect(
            try receiver.router.link(
                for: StreamingFixtures.Episode(title: "tt0111161", season: 2, episode: 5))
                == "https://reel.example/title/tt0111161/season/2/episode/5")
    }

    @Test("a confirmation's match has a path too: checkout opens under the cart")
    func confirmationPath() throws {
        guard case .confirm(let match) = receiver.receive(url: "https://reel.example/cart/checkout").outcome
        else {
            Issue.record("expected a confirmation")
            return
        }
        #expect(receiver.router.path(for: match).map(\.route) == ["cart", "checkout"])
    }

    @Test("an unmapped ancestor has no destination and is left out of the typed path")
    func unmappedAncestor() throws {
        let screens = try TypedRoutes<StreamingFixtures.Screen>(
            router: receiver.router,
            [.route(StreamingFixtures.Season.self, StreamingFixtures.Screen.season)],
            unmapped: ["home", "title", "episode", "cart", "checkout", "redeem", "downloads"])
        let match = try #require(
            receiver.receive(url: "https://reel.example/title/tt0111161/season/2/episode/5").match)
        #expect(try screens.path(for: match) == [.season(.init(title: "tt0111161", season: 2))])
    }

    @Test("an ancestor's query default is filled in when the match does not carry it")
    func ancestorDefaults() throws {
        let table = RouteTable {
            Route("category", "/c/:category(slug)", query: ["sort(enum price|name)=name"])
            Route("product", "/c/:category(slug)/p/:id(int 1...999999)", parent: "category")
        }
        let receiver = try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["shop.example"]))
        let match = try #require(receiver.receive(url: "https://shop.example/c/shoes/p/42").match)
        #expect(
            receiver.router.path(for: match) == [
                RouteStep(route: "category", parameters: ["category": "shoes", "sort": "name"]),
                RouteStep(route: "product", parameters: ["category": "shoes", "id": 42]),
            ])
    }

    @Test("parents and requirements survive JSON, through the fast reader and Codable alike")
    func json() throws {
        let encoded = try JSONEncoder().encode(StreamingFixtures.table)
        let text = try #require(String(data: encoded, encoding: .utf8))
        #expect(text.contains(#""parent":"season""#))
        #expect(text.contains(#""requires":["downloadsEnabled","signedIn"]"#))
        #expect(try RouteTable(json: encoded) == StreamingFixtures.table)
        #expect(try JSONDecoder().decode(RouteTable.self, from: encoded) == StreamingFixtures.table)
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(
                Route.self, from: Data(#"{"name":"a","path":"/a","requires":"signedIn"}"#.utf8))
        }
    }
}

@Suite("Navigation paths: the table check refuses a parent it cannot build")
struct ParentCheckTests {
    private func findings(_ routes: [Route]) -> [RouteTableFinding] {
        RouteTable(routes: routes).findings()
    }

    @Test("TABLE020: a parent that names no route")
    func unknownParent() {
        #expect(
            findings([Route("a", "/a", parent: "missing")]) == [.unknownParent(route: "a", parent: "missing")]
        )
        #expect(RouteTableFinding.unknownParent(route: "a", parent: "missing").code == "TABLE020")
    }

    @Test("TABLE021: a route that is its own ancestor, and a chain deeper than the limit")
    func cycles() {
        let found = findings([Route("a", "/a", parent: "b"), Route("b", "/b", parent: "a")])
        #expect(
            found == [
                .parentCycle(route: "a", chain: ["a", "b", "a"]),
                .parentCycle(route: "b", chain: ["b", "a", "b"]),
            ])
        #expect(found.first?.description == "route 'a' is its own ancestor: a → b → a")
        #expect(findings([Route("a", "/a", parent: "a")]) == [.parentCycle(route: "a", chain: ["a", "a"])])

        let depth = RouteTable.maximumParentDepth
        var deep = [Route("r0", "/r0")]
        for i in 1...(depth + 1) {
            deep.append(Route("r\(i)", PathPattern(parsing: "/r\(i)"), parent: "r\(i - 1)"))
        }
        let tooDeep = findings(deep)
        #expect(tooDeep.count == 1)
        #expect(tooDeep.first?.route == "r\(depth + 1)")
        #expect(tooDeep.first?.code == "TABLE021")
        #expect(findings(Array(deep.dropLast())) == [])
    }

    @Test("TABLE022: the parent needs a parameter the route lacks, may leave out, or types otherwise")
    func unbuildable() {
        #expect(
            findings([
                Route("season", "/t/:title(slug)/s/:season(int 1...99)"),
                Route("episode", "/e/:episode(int 1...9)", parent: "season"),
            ]) == [
                .unbuildableParent(
                    route: "episode", parent: "season", parameter: "season",
                    reason: "'episode' has no parameter of that name")
            ])
        #expect(
            findings([
                Route("title", "/t/:title(slug)"),
                Route("list", "/l", query: ["title(slug)?"], parent: "title"),
            ]) == [
                .unbuildableParent(
                    route: "list", parent: "title", parameter: "title",
                    reason: "'list' may leave it out (it is optional there)")
            ])
        let mismatch = findings([
            Route("title", "/t/:title(slug)"), Route("season", "/t/:title(int 1...9)/s", parent: "title"),
        ])
        #expect(
            mismatch == [
                .unbuildableParent(
                    route: "season", parent: "title", parameter: "title",
                    reason: "'season' declares it as 'int 1...9', the parent as 'slug'")
            ])
        #expect(
            mismatch.first?.description
                == "route 'season' cannot open its parent 'title': the parent needs 'title', and 'season' declares it as 'int 1...9', the parent as 'slug'"
        )
        // A parent parameter with a default, or optional, needs nothing from the child.
        #expect(
            findings([
                Route("list", "/l", query: ["sort(enum a|b)=a", "page(int 1...9)?"]),
                Route("item", "/l/:id(int 1...9)", parent: "list"),
            ]) == [])
    }

    @Test("TABLE023: a requirement that is not a condition name")
    func invalidRequirement() {
        #expect(
            findings([Route("a", "/a", requires: ["signed in", "ok"])])
                == [.invalidRequirement(route: "a", requirement: "signed in")])
        #expect(
            findings([Route("a", "/a", requires: [""])]) == [.invalidRequirement(route: "a", requirement: "")]
        )
    }

    @Test("a table with a parent problem does not build")
    func refusedByRouter() {
        #expect(throws: RouteTableError(findings: [.unknownParent(route: "a", parent: "b")])) {
            try Router(RouteTable(routes: [Route("a", "/a", parent: "b")]))
        }
    }
}

@Suite("Navigation paths of the example tables")
struct ExampleTablePathTests {
    @Test(
        "Examples/Streaming: the path of every route, read from its routes.json",
        arguments: [
            ("https://reel.example/", ["home"]),
            ("https://reel.example/title/tt0111161", ["title"]),
            ("https://reel.example/title/tt0111161/season/2", ["title", "season"]),
            (
                "https://reel.example/title/tt0111161/season/2/episode/5?t=754",
                ["title", "season", "episode"]
            ),
            (
                "https://reel.example/de/title/tt0111161/season/2/episode/5?t=754",
                ["title", "season", "episode"]
            ),
            ("https://reel.example/ja/title/tt12345678/season/1", ["title", "season"]),
            ("https://reel.example/cart", ["cart"]),
            ("https://reel.example/cart/checkout", ["cart", "checkout"]),
            ("https://reel.example/es/redeem?code=ABCD-EFGH-2345", ["redeem"]),
            ("https://reel.example/name/redeem", ["name"]),
        ])
    func streaming(url: String, routes: [String]) throws {
        let table = try RouteTable(json: PackageFiles.data("Examples/Streaming/routes.json"))
        #expect(table.routes.count == 8)
        let receiver = try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["reel.example"]))
        let match = try #require(receiver.receive(url: url).match)
        #expect(receiver.router.path(for: match).map(\.route) == routes)
    }

    @Test(
        "the other JSON example tables declare no parents: every match opens its route alone",
        arguments: ["PhotoAlbum", "NewsReader"])
    func flatExamples(example: String) throws {
        let table = try RouteTable(json: PackageFiles.data("Examples/\(example)/routes.json"))
        #expect(table.routes.allSatisfy { $0.parent == nil && $0.requirements.isEmpty })
        #expect(table.findings().filter(\.isError) == [])
    }
}
