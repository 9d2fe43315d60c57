import DeepLinks
import Foundation
import Testing

@Suite("Route table JSON: the same table, with identical meaning, in Swift and JSON")
struct RouteTableJSONTests {
    static let isbn = CustomParameterType(name: "isbn", expected: "a 13-digit ISBN") { text in
        text.utf8.count == 13 && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? .string(text) : nil
    }

    /// The table of the JSON article, written in Swift.
    static let swiftTable = RouteTable(
        options: RoutingOptions(
            trailingSlash: .ignored, caseSensitivity: .sensitive, precedence: .specificity)
    ) {
        Route(
            "albums", "/albums", query: ["albumname(string 1...64)", "index(int 0...9999)=0"],
            scope: RouteScope(schemes: ["https"], hosts: ["example.com", "*.example.com"]))
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["example.com"])) {
            Route(
                "photo", "/albums/:album(slug)/photos/:index(int 0...9999)",
                query: [.optional("size", .enumeration(["small", "large"]), default: "small")])
        }
        Route("docs", "/docs/*page(slug)", fragment: "section(slug)?")
        Route(
            "deleteAlbum", "/albums/:album(slug)/delete", query: [.required("confirm", .boolean)],
            scope: RouteScope(schemes: ["https"], hosts: ["example.com"]), safety: .destructive)
        Route("profile", "/me", fragment: .none, safety: .sensitive)
        Route(
            "article", "/doc/:id(string 1...32 [A-Z0-9])", query: ["s(string 1...32 [a-z_])?"],
            scope: RouteScope(schemes: ["newsapp"]))
        Route("book", "/books/:code(isbn)", priority: 1)
    }

    /// The JSON example of the documentation article, read from the article itself.
    static func documentedJSON() throws -> Data {
        let article = Corpus.packageRoot.appendingPathComponent(
            "Sources/DeepLinks/Documentation.docc/RouteTableJSON.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return Data(text[start.upperBound..<end.lowerBound].utf8)
    }

    @Test("the documented JSON example decodes to the same table as the Swift declaration")
    func documentedExample() throws {
        let decoded = try JSONDecoder().decode(RouteTable.self, from: try Self.documentedJSON())
        #expect(decoded == Self.swiftTable)
        #expect(decoded.findings(registry: ParameterTypeRegistry([Self.isbn])) == [])
        #expect(
            decoded.findings() == [.unknownParameterType(route: "book", parameter: "code", type: "isbn")])
    }

    @Test("the result builder takes conditions, loops and groups; a group's scope fills only unscoped routes")
    func builder() {
        let beta = true
        let table = RouteTable {
            Route("home", "/")
            if beta { Route("beta", "/beta") } else { Route("stable", "/stable") }
            if !beta { Route("never", "/never") }
            for section in ["news", "sport"] { Route(section, PathPattern(parsing: "/" + section)) }
            RouteGroup(scope: RouteScope(schemes: ["myapp"])) {
                Route("inbox", "/inbox")
                Route("web", "/web", scope: RouteScope(schemes: ["https"]))
            }
        }
        #expect(table.routes.map(\.name) == ["home", "beta", "news", "sport", "inbox", "web"])
        #expect(table.route(named: "inbox")?.scope == RouteScope(schemes: ["myapp"]))
        #expect(table.route(named: "web")?.scope == RouteScope(schemes: ["https"]))
    }

    @Test("encoding then decoding gives the same table")
    func roundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Self.swiftTable)
        #expect(try JSONDecoder().decode(RouteTable.self, from: data) == Self.swiftTable)
        let route = Route(
            "deleteAlbum", "/albums/:album(slug)/delete", query: ["confirm(bool)"], safety: .destructive)
        #expect(
            String(decoding: try encoder.encode(route), as: UTF8.self)
                == #"{"name":"deleteAlbum","path":"\/albums\/:album(slug)\/delete","query":["confirm(bool)"],"safety":"destructive"}"#
        )
    }

    @Test("a table loaded from JSON routes every link exactly as the Swift table does")
    func identicalMeaning() throws {
        var policy = LinkPolicy()
        policy.allowedSchemes.insert("newsapp")
        let registry = ParameterTypeRegistry([Self.isbn])
        let fromSwift = try LinkReceiver(table: Self.swiftTable, policy: policy, registry: registry)
        let fromJSON = try LinkReceiver(
            table: try JSONDecoder().decode(RouteTable.self, from: try Self.documentedJSON()), policy: policy,
            registry: registry)
        let links = [
            "https://example.com/albums?albumname=Summer",
            "https://www.example.com/albums?albumname=A&index=7",
            "https://example.com/albums/summer/photos/3?size=large",
            "https://example.com/albums/summer/photos/3",
            "https://example.com/albums/summer/delete?confirm=true", "https://example.com/me",
            "https://example.com/me#x",
            "https://example.com/docs/guide/routing#precedence", "https://other.org/books/9780262033848",
            "newsapp://doc/CHLFGFCB00097U7S?s=sps_article", "newsapp://doc/lower",
            "https://example.com/albums?index=1",
            "https://example.com/albums/Summer/photos/1",
        ]
        var kinds: Set<String> = []
        for link in links {
            let outcome = fromSwift.receive(url: link).outcome
            #expect(fromJSON.receive(url: link).outcome == outcome, "\(link)")
            kinds.insert(String(describing: outcome).components(separatedBy: " ")[0])
        }
        #expect(kinds == ["route", "confirm", "open", "reject:"])
    }

    @Test(
        "unknown keys are refused, so a misspelt setting is never silently ignored",
        arguments: [
            (
                #"{"routes": [{"name": "a", "path": "/a", "saftey": "destructive"}]}"#,
                "unknown key 'saftey' in a route"
            ),
            (#"{"routes": [], "option": {}}"#, "unknown key 'option' in the route table"),
            (
                #"{"routes": [], "options": {"caseSensitive": false}}"#,
                "unknown key 'caseSensitive' in the routing options"
            ),
            (
                #"{"routes": [{"name": "a", "path": "/a", "scope": {"host": ["x.com"]}}]}"#,
                "unknown key 'host' in a route scope"
            ),
        ])
    func unknownKeys(_ json: String, _ message: String) {
        do {
            _ = try JSONDecoder().decode(RouteTable.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.hasPrefix(message), "\(context.debugDescription)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("malformed patterns in JSON decode, and are reported when the table is built")
    func malformedPatternsReportedAtBuild() throws {
        let json = #"{"routes": [{"name": "a", "path": "/a/:id(int 9...1)", "query": ["q(int"]}]}"#
        let table = try JSONDecoder().decode(RouteTable.self, from: Data(json.utf8))
        #expect(
            table.findings() == [
                .impossibleBounds(
                    route: "a", parameter: "id",
                    reason: "the range '9...1' is empty: its lower bound exceeds its upper bound"),
                .invalidPattern(
                    route: "a",
                    error: PatternSyntaxError(
                        text: "q(int", offset: 1, parameter: "q", reason: .unclosedParenthesis)),
            ])
    }

    @Test("route parameters and values encode as typed JSON objects")
    func parameterValues() throws {
        let uuid = try #require(UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000"))
        let parameters: RouteParameters = [
            "index": 3, "name": "a", "id": .uuid(uuid), "on": true, "rest": ["x", "y"],
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(parameters)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"id":{"uuid":"123e4567-e89b-12d3-a456-426614174000"},"index":{"integer":3},"name":{"string":"a"},"on":{"boolean":true},"rest":{"segments":["x","y"]}}"#
        )
        #expect(try JSONDecoder().decode(RouteParameters.self, from: data) == parameters)
    }
}
