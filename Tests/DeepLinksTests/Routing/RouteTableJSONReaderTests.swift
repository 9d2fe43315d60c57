import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

/// `RouteTable(json:)` reads the usual table straight from its bytes and leaves everything
/// else to `Codable` decoding; these tests hold the two to the same answers.
@Suite("Route table JSON: RouteTable(json:) agrees with Codable decoding on every input")
struct RouteTableJSONReaderTests {
    /// The answer of `Codable` decoding: the table, or `nil` when it throws.
    static func decodedByCodable(_ json: String) -> RouteTable? {
        try? JSONDecoder().decode(RouteTable.self, from: Data(json.utf8))
    }

    /// The table encoded with sorted keys, so that two tables compare byte for byte (`==`
    /// on strings compares canonical equivalence, not bytes).
    static func bytes(_ table: RouteTable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(table)
    }

    /// Checks that `RouteTable(json:)` gives what `Codable` decoding gives; returns the table.
    @discardableResult
    static func expectAgreement(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> RouteTable?
    {
        let expected = decodedByCodable(json)
        let actual: RouteTable?
        do {
            actual = try RouteTable(json: Data(json.utf8))
        } catch {
            guard case .invalid = error else {
                Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
                return nil
            }
            actual = nil
        }
        #expect(actual == expected, "\(json)", sourceLocation: sourceLocation)
        if let actual, let expected {
            #expect(try bytes(actual) == bytes(expected), "\(json)", sourceLocation: sourceLocation)
        }
        return actual
    }

    @Test("tables written as JSONEncoder writes them, with escaped slashes, decode the same")
    func encodedTables() throws {
        let table = RouteTable(
            canonicalHost: "Shop.Example.com",
            scope: RouteScope(
                schemes: ["HTTPS", "shop"], hosts: ["shop.example.com", "*.Shop.Example.com"]),
            options: RoutingOptions(trailingSlash: .significant, caseSensitivity: .insensitive)
        ) {
            Route("category", "/c/:slug(slug)/:page(int 1...)?", query: ["sort(enum new|top)=new", "q?"])
            Route("product", "/p/:id(int 1...)", query: ["sort(enum new|top)=new", "q?"], priority: -3)
            Route("search", "/search", query: ["q(string 1...64 [a-z ])"], fragment: "section(slug)?")
            Route("account", "/me", fragment: .none, scope: RouteScope(schemes: ["shop"]), safety: .sensitive)
            Route("broken", "/a/:(int", query: ["x(int 9...1)"], safety: .destructive, priority: 7)
        }
        let json = String(decoding: try JSONEncoder().encode(table), as: UTF8.self)
        #expect(json.contains(#"\/"#))
        #expect(try Self.expectAgreement(json) == table)
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        #expect(try Self.expectAgreement(String(decoding: try pretty.encode(table), as: UTF8.self)) == table)
    }

    @Test("escapes, non-ASCII text and odd whitespace decode the same")
    func textsAndWhitespace() throws {
        let inputs = [
            #"{"routes":[{"name":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t","path":"\/x"}]}"#,
            #"{"routes":[{"name":"café 😀","path":"/caf%C3%A9"}]}"#,
            "{\r\n\t\"routes\" :\n[ { \"name\" : \"a\" ,\t\"path\":\"/a\" } ] \n}\n",
            #"{"routes":[{"name":"nul\u0000","path":"/a"}]}"#,
            #"{"routes":[{"name":"a","path":"/a","query":["x(enum a\u007cb)"]}]}"#,
        ]
        for json in inputs {
            #expect(try Self.expectAgreement(json) != nil, "\(json)")
        }
    }

    @Test("groups, nested groups and repeated scopes and query lists decode the same")
    func groupsAndRepetition() throws {
        let json = """
            {"scope": {"schemes": ["https"]},
             "routes": [
               {"name": "a", "path": "/a", "query": ["page(int 1...9)=1", "sort(enum a|b)?"],
                "scope": {"schemes": ["https"], "hosts": ["a.example.com"]}},
               {"name": "b", "path": "/b", "query": ["page(int 1...9)=1", "sort(enum a|b)?"],
                "scope": {"schemes": ["https"], "hosts": ["a.example.com"]}},
               {"name": "c", "path": "/c", "query": ["page(int 1...9)=1","sort(enum a|b)?"],
                "scope": {"schemes":["https"],"hosts":["a.example.com"]}},
               {"name": "d", "path": "/d", "query": ["page(int 1...9)=2", "sort(enum a|b)?"],
                "scope": {"hosts": ["a.example.com"], "schemes": ["https"]}},
               {"name": "e", "path": "/e", "query": [], "scope": {}}
             ],
             "groups": [
               {"scope": {"hosts": ["b.example.com"]},
                "routes": [{"name": "f", "path": "/f"},
                           {"name": "g", "path": "/g", "scope": {"schemes": ["myapp"]}}],
                "groups": [{"routes": [{"name": "h", "path": "/h"}],
                            "groups": [{"scope": {"schemes": ["other"]}, "routes": [{"name": "i", "path": "/i"}]}]}]},
               {"routes": [{"name": "j", "path": "/j"}]},
               {}
             ]}
            """
        let table = try #require(try Self.expectAgreement(json))
        #expect(table.routes.map(\.name) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])
        #expect(table.routes[3].query.first?.requirement == .defaulted("2"))
        #expect(table.routes[8].scope == RouteScope(schemes: ["other"]))
        #expect(try Self.expectAgreement(#"{"groups": []}"#)?.routes == [])
        #expect(try Self.expectAgreement(#"{"routes": []}"#)?.routes == [])
    }

    @Test("repeated keys are refused, where Codable would keep one of the values")
    func repeatedKeys() throws {
        let route = #""name":"a","path":"/a""#
        for json in [
            #"{"routes":[{\#(route),"name":"b"}]}"#, #"{"routes":[{\#(route)}],"routes":[]}"#,
            #"{"routes":[{\#(route),"n\u0061me":"b"}]}"#,
        ] {
            #expect(Self.decodedByCodable(json) != nil, "Codable reads \(json)")
            #expect(throws: RouteTableJSONError.self, "\(json)") { try RouteTable(json: Data(json.utf8)) }
        }
    }

    @Test("nulls, numbers and escaped keys get Codable's answer, whichever it is")
    func valuesTheReaderLeavesToCodable() throws {
        let route = #""name":"a","path":"/a""#
        let inputs = [
            #"{"routes":[{\#(route),"query":null,"scope":null,"fragment":null}],"scope":null}"#,
            #"{"n\u0061me":"a","routes":[]}"#, #"{"routes":[{"n\u0061me":"a","path":"/a"}]}"#,
            #"{"routes":[{\#(route),"priority":0}]}"#, #"{"routes":[{\#(route),"priority":-0}]}"#,
            #"{"routes":[{\#(route),"priority":12}]}"#, #"{"routes":[{\#(route),"priority":-12}]}"#,
            #"{"routes":[{\#(route),"priority":1.0}]}"#, #"{"routes":[{\#(route),"priority":1e2}]}"#,
            #"{"routes":[{\#(route),"priority":1.5}]}"#, #"{"routes":[{\#(route),"priority":012}]}"#,
            #"{"routes":[{\#(route),"priority":9223372036854775807}]}"#,
            #"{"routes":[{\#(route),"priority":-9223372036854775808}]}"#,
            #"{"routes":[{\#(route),"priority":9223372036854775808}]}"#,
            #"{"routes":[{\#(route),"priority":"1"}]}"#,
            #"{"options":{},"routes":[]}"#,
            #"{"options":{"trailingSlash":"significant","caseSensitivity":"insensitive","precedence":"declarationOrder"},"routes":[]}"#,
            #"{"options":{"trailingSlash":"Significant"},"routes":[]}"#,
            #"{"canonicalHost":"EXAMPLE.com","routes":[{\#(route),"scope":{"hosts":["Example.COM"]}}]}"#,
            #"{"routes":[{\#(route),"safety":"destructive"}]}"#,
            #"{"routes":[{\#(route),"safety":"delete"}]}"#,
            "\u{FEFF}{\"routes\":[]}", "{\"routes\":[{\"name\":\"a\tb\",\"path\":\"/a\"}]}",
            #"{"routes":[{"name":"\ud800","path":"/a"}]}"#, #"{"routes":[{"name":"\udc00x","path":"/a"}]}"#,
            #"{"routes":[{"name":"\ud800\u0041","path":"/a"}]}"#,
        ]
        for json in inputs { try Self.expectAgreement(json) }
    }

    @Test("malformed JSON and tables Codable refuses are refused, with Codable's sentence")
    func refusals() throws {
        let route = #""name":"a","path":"/a""#
        let inputs = [
            "", " ", "[]", "{", "{}", "null", #"{"routes":[]} x"#,
            #"{"routes":[{"name":"a\u","path":"/a"}]}"#, #"{"routes":[{"name":"\q","path":"/a"}]}"#,
            #"{"routes":[{"name":"a"}]}"#, #"{"routes":[{"path":"/a"}]}"#,
            #"{"routes":[{\#(route),"nmae":"b"}]}"#,
            #"{"routes":[{\#(route),"scope":{"hosts":["*."]}}]}"#,
            #"{"routes":[{\#(route),"scope":{"hosts":["a..b"]}}]}"#,
            #"{"routes":[{\#(route),"scope":{"hosts":[".a"]}}]}"#,
            #"{"routes":[{\#(route),"scope":{"hosts":["a."]}}]}"#,
            #"{"routes":[{\#(route),"scope":{"hosts":["a b"]}}]}"#,
            #"{"routes":[{\#(route),"scope":{"hosts":["a*b"]}}]}"#,
            #"{"routes":[{\#(route),"scope":{"hosts":["é.com"]}}]}"#,
            #"{"routes":[{\#(route),"scope":{"host":["a.com"]}}]}"#,
            #"{"routes":[{\#(route),"query":"x"}]}"#, #"{"routes":[{\#(route),"scope":[]}]}"#,
            #"{"routes":[{\#(route),"query":[1]}]}"#, #"{"routes":"x"}"#,
            #"{"groups":[{"scope":{},"rooutes":[]}]}"#,
        ]
        for json in inputs {
            #expect(Self.decodedByCodable(json) == nil, "\(json)")
            try Self.expectAgreement(json)
        }
        var invalidUTF8 = Data(#"{"routes":[{"name":"a"#.utf8)
        invalidUTF8.append(contentsOf: [0xC3, 0x28])
        invalidUTF8.append(contentsOf: Data(#"","path":"/a"}]}"#.utf8))
        #expect(
            throws: RouteTableJSONError.invalid(
                reason: "the data is not valid JSON: string is not valid UTF-8 at line 1, column 20")
        ) {
            try RouteTable(json: invalidUTF8)
        }
        #expect((try? JSONDecoder().decode(RouteTable.self, from: invalidUTF8)) == nil)
    }

    @Test("pins: the sentences of refused tables are Codable's, with the place of the mistake")
    func sentences() {
        let cases: [(String, String)] = [
            (
                #"{"routes":[{"name":"a","path":"/a","nmae":"b"}]}"#,
                "at $.routes[0]: unknown key 'nmae' in a route; allowed keys are fragment, name, parent, path, "
                    + "priority, query, requires, safety, scope"
            ),
            (#"{"routes":[{"name":"a"}]}"#, "at $.routes[0]: the key 'path' is missing"),
            (
                #"{"routes":[{"name":"a","path":"/a","scope":{"hosts":["a..b"]}}]}"#,
                "at $.routes[0].scope.hosts[0]: 'a..b' is not a host pattern: write a host (example.com) or *.host"
            ),
            (
                #"{"routes":[]} x"#,
                "the data is not valid JSON: unexpected text after the JSON value at line 1, column 15"
            ),
            (
                #"{"routes":[{"name":"a","path":"/a","priority":1.5}]}"#,
                "at $.routes[0].priority: the number 1.5 does not fit Int"
            ),
            (
                #"{"routes":[],"bogus":1}"#,
                "unknown key 'bogus' in the route table; allowed keys are canonicalHost, groups, options, routes, scope, types"
            ),
            // A misspelt rule names the values allowed, in declaration order.
            (
                #"{"routes":[{"name":"a","path":"/a","safety":"dangerous"}]}"#,
                "at $.routes[0].safety: 'dangerous' is not a route safety; allowed values are navigate, sensitive, "
                    + "destructive"
            ),
            (
                #"{"options":{"trailingSlash":"strict"},"routes":[]}"#,
                "at $.options.trailingSlash: 'strict' is not a trailing-slash rule; allowed values are ignored, "
                    + "significant"
            ),
            (
                #"{"options":{"caseSensitivity":"Insensitive"},"routes":[]}"#,
                "at $.options.caseSensitivity: 'Insensitive' is not a case-sensitivity rule; allowed values are "
                    + "sensitive, insensitive"
            ),
            (
                #"{"options":{"precedence":"first"},"routes":[]}"#,
                "at $.options.precedence: 'first' is not a precedence rule; allowed values are specificity, "
                    + "declarationOrder"
            ),
            (
                #"{"routes":[{"name":"a","path":"/a","safety":1}]}"#,
                "at $.routes[0].safety: expected a string but found a number"
            ),
        ]
        for (json, reason) in cases {
            #expect(throws: RouteTableJSONError.invalid(reason: reason)) {
                try RouteTable(json: Data(json.utf8))
            }
        }
    }

    @Test(
        "pins: trailing commas, which JSONDecoder lets through, are refused as RFC 8259 says, naming the place"
    )
    func trailingCommasAreRefused() {
        let cases: [(String, String)] = [
            (
                #"{"routes":[],}"#,
                "the data is not valid JSON: expected a string key but found '}' at line 1, column 14"
            ),
            (
                #"{"routes":[{"name":"a","path":"/a",}]}"#,
                "the data is not valid JSON: expected a string key but found '}' at line 1, column 36"
            ),
            (
                #"{"routes":[{"name":"a","path":"/a"},]}"#,
                "the data is not valid JSON: expected a value but found ']' at line 1, column 37"
            ),
        ]
        for (json, reason) in cases {
            #expect(throws: RouteTableJSONError.invalid(reason: reason)) {
                try RouteTable(json: Data(json.utf8))
            }
        }
    }

    @Test("groups nested deeper than the reader goes still decode through Codable")
    func deepGroups() throws {
        var json = #"{"routes":[{"name":"leaf","path":"/leaf"}]}"#
        for level in 0..<40 { json = #"{"scope":{"schemes":["s\#(level)"]},"groups":[\#(json)]}"# }
        let table = try #require(try Self.expectAgreement(json))
        #expect(table.routes.map(\.scope) == [RouteScope(schemes: ["s0"])])
    }
}
