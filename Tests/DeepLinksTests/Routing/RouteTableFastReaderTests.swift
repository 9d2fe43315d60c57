import DeepLinks
import DeepLinksJSON
import Foundation
import TestSupport
import Testing

/// `RouteTable(json:)` reads the tables people write straight from their bytes and leaves the
/// rest to `Codable`. Through `RouteTable(json:)` alone a reader that gave up on every table
/// would go unnoticed (`Codable` gives the same answer, only slower); these tests call the
/// reader itself, so they fail when it stops answering a common shape, and hold each answer to
/// `Codable`'s.
@Suite("Route table JSON: the fast reader answers the common table shapes, exactly as Codable does")
struct RouteTableFastReaderTests {
    /// The table the fast reader gives for `json`, after checking that it answered and that
    /// `Codable` decoding gives an equal table, byte for byte once encoded.
    @discardableResult
    static func expectFastAnswer(_ json: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> RouteTable?
    {
        let text = String(decoding: json, as: UTF8.self)
        guard let fast = RouteTableJSONReader.table(in: json) else {
            Issue.record("the fast reader left to Codable: \(text)", sourceLocation: sourceLocation)
            return nil
        }
        let slow = try JSONDecoder().decode(RouteTable.self, from: Data(json))
        #expect(fast == slow, "\(text)", sourceLocation: sourceLocation)
        #expect(try sorted(fast) == sorted(slow), "\(text)", sourceLocation: sourceLocation)
        return fast
    }

    /// The table encoded with sorted keys, so that two tables compare byte for byte.
    static func sorted(_ table: RouteTable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(table)
    }

    @Test(
        "every route table of the test fixtures and the examples",
        arguments: [
            ("Tests/Fixtures/deeplinks-cli/routes.json", ["album", "photo", "deleteAlbum"], 0),
            ("Tests/Fixtures/deeplinks-cli/declared-types.json", ["title", "name", "redeem"], 3),
            ("Tests/Fixtures/deeplinks-cli/duplicate-routes.json", ["album", "album", "first", "second"], 0),
            (
                "Examples/AuditedSite/routes.json",
                ["product", "category", "search", "deal", "store", "cart", "cancelOrder"], 0
            ),
            (
                "Examples/NewsReader/routes.json",
                ["article", "section", "notificationSettings", "deleteAccount"], 0
            ),
            ("Examples/PhotoAlbum/routes.json", ["photo", "album", "deleteAlbum", "sharedWithMe"], 0),
            (
                "Examples/Streaming/routes.json",
                ["home", "name", "cart", "checkout", "title", "season", "episode", "redeem"], 2
            ),
        ])
    func tablesInTheRepository(path: String, routeNames: [String], typeCount: Int) throws {
        let table = try #require(try Self.expectFastAnswer(Array(PackageFiles.data(path))))
        #expect(table.routes.map(\.name) == routeNames)
        #expect(table.types.count == typeCount)
    }

    /// A table that uses every key of every object the reader reads.
    static let everyKey = RouteTable(
        canonicalHost: "shop.example.com",
        scope: RouteScope(schemes: ["https", "shop"], hosts: ["shop.example.com", "*.shop.example.com"]),
        options: RoutingOptions(
            trailingSlash: .significant, caseSensitivity: .insensitive, precedence: .declarationOrder),
        types: [
            ParameterTypeDeclaration("sku", "pattern [A-Z]{3}-[0-9]{4}"),
            ParameterTypeDeclaration("stars", .integer(1...5)),
        ]
    ) {
        Route("home", "/")
        Route(
            "product", "/p/:id(sku)",
            query: ["ref(slug)?", QueryParameter(parsing: "q(string 1...64)?").formEncoded()])
        Route(
            "rate", "/p/:id(sku)/rate/:stars(stars)", parent: "product", requires: ["signedIn", "verified"])
        Route(
            "search", "/search", query: ["q(string 1...64)", "page(int 1...)=1"], fragment: "section(slug)?")
        Route(
            "account", "/me", fragment: .none, scope: RouteScope(schemes: ["shop"]), safety: .sensitive,
            priority: -3)
        Route("cancel", "/orders/:order(uuid)/cancel", safety: .destructive, priority: 12)
    }

    @Test(
        "tables as JSONEncoder writes them (slashes escaped), pretty-printed, and as jsonData() writes them")
    func encoderOutputs() throws {
        let plain = try JSONEncoder().encode(Self.everyKey)
        #expect(String(decoding: plain, as: UTF8.self).contains(#"\/p\/:id(sku)"#))
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        for json in [plain, try pretty.encode(Self.everyKey), try Self.everyKey.jsonData()] {
            #expect(try Self.expectFastAnswer(Array(json)) == Self.everyKey)
        }
    }

    @Test("groups with prefixes and scopes, nested, and the repeated query lists and scopes of many routes")
    func groupsAndRepeatedParts() throws {
        let json = """
            {"scope": {"schemes": ["https"]},
             "routes": [
               {"name": "a", "path": "/a", "query": ["page(int 1...9)=1"], "scope": {"hosts": ["a.example.com"]}},
               {"name": "b", "path": "/b", "query": ["page(int 1...9)=1"], "scope": {"hosts": ["a.example.com"]}},
               {"name": "c", "path": "/c", "query": ["page(int 1...9)=2"], "scope": {"hosts": ["b.example.com"]}},
               {"name": "d", "path": "/d", "query": ["page(int 1...9)=1"], "scope": {"hosts": ["a.example.com"]}}
             ],
             "groups": [
               {"prefix": "/:locale(enum de|fr)?", "scope": {"hosts": ["c.example.com"]},
                "routes": [{"name": "e", "path": "/"}, {"name": "f", "path": "/f"}],
                "groups": [{"prefix": "/g", "routes": [{"name": "g", "path": "/:id(int)"}]}]},
               {}
             ]}
            """
        let table = try #require(try Self.expectFastAnswer(Array(json.utf8)))
        #expect(
            table.routes.map(\.path.text) == [
                "/a", "/b", "/c", "/d", "/:locale(enum de|fr)?", "/:locale(enum de|fr)?/f",
                "/:locale(enum de|fr)?/g/:id(int)",
            ])
        #expect(
            table.routes.map { $0.query.first?.requirement } == [
                .defaulted("1"), .defaulted("1"), .defaulted("2"), .defaulted("1"), nil, nil, nil,
            ])
        #expect(table.routes[3].scope == RouteScope(hosts: ["a.example.com"]))
        #expect(table.routes[6].scope == RouteScope(hosts: ["c.example.com"]))
    }

    @Test("a 1,000-route table of the benchmark's shape (query lists, scopes)")
    func largeTable() throws {
        let table = RouteTable(
            canonicalHost: "example.com",
            routes: (0..<1_000).map { index in
                Route(
                    "r\(index)", PathPattern(parsing: "/s\(index % 37)/:id(int 1...)/x\(index)"),
                    query: index % 3 == 0 ? ["page(int 1...)=1", "sort(enum a|b)?"] : [],
                    scope: index % 5 == 0 ? RouteScope(hosts: ["m.example.com"]) : .any)
            })
        #expect(try Self.expectFastAnswer(Array(JSONEncoder().encode(table)))?.routes.count == 1_000)
    }

    @Test(
        "what the reader leaves to Codable: nulls, other numbers, escaped or repeated keys, trailing commas, malformed text",
        arguments: [
            #"{"routes":[{"name":"a","path":"/a","query":null}]}"#,
            #"{"routes":[{"name":"a","path":"/a","priority":1.0}]}"#,
            #"{"routes":[{"name":"a","path":"/a","priority":-0}]}"#,
            #"{"routes":[{"name":"a","path":"/a","priority":9223372036854775808}]}"#,
            #"{"routes":[{"n\u0061me":"a","path":"/a"}]}"#,
            #"{"routes":[{"name":"a","path":"/a","name":"b"}]}"#,
            #"{"routes":[{"name":"a","path":"/a"}],}"#,
            #"{"routes":[{"name":"a","path":"/a","safety":"delete"}]}"#,
            #"{"routes":[{"name":"a","path":"/a","scope":{"hosts":["a..b"]}}]}"#,
            #"{"routes":[{"name":"a","path":"/a","query":[{"parameter":"q","formEncoded":1}]}]}"#,
            #"{"routes":[{"name":"\ud800","path":"/a"}]}"#,
            #"{"routes":[{"name":"a","path":"/a"}]} x"#,
            #"{"routes":[{"name":"a"}]}"#, #"{"types":[]}"#, "", "[]",
        ])
    func leftToCodable(json: String) {
        #expect(RouteTableJSONReader.table(in: Array(json.utf8)) == nil)
    }

    @Test("groups nested deeper than 32 levels are left to Codable, 32 levels are read")
    func groupDepth() throws {
        func nested(_ levels: Int) -> [UInt8] {
            var json = #"{"routes":[{"name":"leaf","path":"/leaf"}]}"#
            for _ in 0..<levels { json = #"{"groups":[\#(json)]}"# }
            return Array(json.utf8)
        }
        #expect(try Self.expectFastAnswer(nested(32))?.routes.map(\.name) == ["leaf"])
        #expect(RouteTableJSONReader.table(in: nested(33)) == nil)
    }
}
