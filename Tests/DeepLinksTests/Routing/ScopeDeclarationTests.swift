import DeepLinks
import Foundation
import Testing

/// Scopes are declared once: a default scope, groups (nested in JSON as in Swift), scopes
/// that list web hosts beside custom schemes, and a canonical host for reverse routing.
@Suite("Scopes declared once: mixed scopes, a canonical host, JSON groups and a default scope")
struct ScopeDeclarationTests {
    static let shopScope = RouteScope(
        schemes: ["https", "myapp"], hosts: ["shop.example.com", "www.shop.example.com"])

    /// The shop's table in Swift: default scope, a group, an optional segment, a canonical host.
    static let swiftTable = RouteTable(
        canonicalHost: "shop.example.com", scope: shopScope,
        options: RoutingOptions(caseSensitivity: .insensitive)
    ) {
        Route("category", "/c/:slug(slug)/:page(int 1...)?")
        Route("product", "/p/:id(int 1...)")
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["help.example.com"])) {
            Route("help", "/help/:topic(slug)?")
            Route("debt", "/debt/:amount(int ...0)")
        }
        Route("cart", "/cart", scope: RouteScope(schemes: ["myapp"]))
    }

    /// The same table in JSON, saying each scope once.
    static let json = #"""
        {
          "canonicalHost": "shop.example.com",
          "scope": {"schemes": ["https", "myapp"], "hosts": ["shop.example.com", "www.shop.example.com"]},
          "options": {"caseSensitivity": "insensitive"},
          "routes": [
            {"name": "category", "path": "/c/:slug(slug)/:page(int 1...)?"},
            {"name": "product", "path": "/p/:id(int 1...)"}
          ],
          "groups": [
            {
              "scope": {"schemes": ["https"], "hosts": ["help.example.com"]},
              "routes": [
                {"name": "help", "path": "/help/:topic(slug)?"},
                {"name": "debt", "path": "/debt/:amount(int ...0)"}
              ]
            },
            {"routes": [{"name": "cart", "path": "/cart", "scope": {"schemes": ["myapp"]}}]}
          ]
        }
        """#

    @Test(
        "JSON and Swift tables equal: default scope, groups, optional segments, open ranges, canonical host")
    func jsonAndSwiftTablesEqual() throws {
        let decoded = try JSONDecoder().decode(RouteTable.self, from: Data(Self.json.utf8))
        #expect(decoded == Self.swiftTable)
        #expect(decoded.findings() == [])
        #expect(decoded.canonicalHost == "shop.example.com")
        #expect(decoded.route(named: "category")?.path.text == "/c/:slug(slug)/:page(int 1...)?")
        #expect(decoded.route(named: "product")?.scope == Self.shopScope)
        #expect(
            decoded.route(named: "help")?.scope == RouteScope(schemes: ["https"], hosts: ["help.example.com"])
        )
        #expect(decoded.route(named: "cart")?.scope == RouteScope(schemes: ["myapp"]))
        // Written back, every route carries its scope and the canonical host is kept.
        let again = try JSONDecoder().decode(RouteTable.self, from: try JSONEncoder().encode(decoded))
        #expect(again == Self.swiftTable)
    }

    @Test("groups nest in JSON as in Swift, and an inner scope wins over an outer one")
    func nestedGroups() throws {
        let json = #"""
            {"groups": [{"scope": {"schemes": ["https"]}, "routes": [{"name": "a", "path": "/a"}],
                         "groups": [{"scope": {"schemes": ["myapp"]}, "routes": [{"name": "b", "path": "/b"}]}]}]}
            """#
        let swift = RouteTable {
            RouteGroup(scope: RouteScope(schemes: ["https"])) {
                Route("a", "/a")
                RouteGroup(scope: RouteScope(schemes: ["myapp"])) { Route("b", "/b") }
            }
        }
        #expect(try JSONDecoder().decode(RouteTable.self, from: Data(json.utf8)) == swift)
    }

    @Test(
        "unknown keys in a group are refused, and a table needs routes or groups",
        arguments: [
            (#"{"groups": [{"scopes": {}, "routes": []}]}"#, "unknown key 'scopes' in a route group"),
            (#"{"routes": [], "group": []}"#, "unknown key 'group' in the route table"),
        ])
    func unknownGroupKeys(_ json: String, _ message: String) {
        do {
            _ = try JSONDecoder().decode(RouteTable.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.hasPrefix(message), "\(context.debugDescription)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a table with neither routes nor groups is refused")
    func missingRoutes() {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RouteTable.self, from: Data(#"{"canonicalHost": "a.com"}"#.utf8))
        }
        guard case .keyNotFound(let key, let context)? = error else {
            Issue.record("expected the missing key 'routes', got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "routes")
        #expect(context.codingPath.isEmpty)
    }

    // MARK: Mixed scope

    @Test("scope mixing hosts and schemes: web links match by host, custom-scheme links by scheme")
    func scopeMixingHostsAndSchemes() throws {
        let router = try Router(Self.swiftTable)
        #expect(try RouteFixtures.routeName(router, "https://shop.example.com/p/1") == "product")
        #expect(try RouteFixtures.routeName(router, "https://www.shop.example.com/p/1") == "product")
        #expect(try RouteFixtures.routeName(router, "https://other.example.com/p/1") == nil)
        #expect(try RouteFixtures.routeName(router, "myapp://p/1") == "product")
        #expect(try RouteFixtures.routeName(router, "myapp://c/shoes/2") == "category")
        #expect(try RouteFixtures.routeName(router, "myapp://cart") == "cart")
        #expect(try RouteFixtures.routeName(router, "https://shop.example.com/cart") == nil)
        #expect(try RouteFixtures.routeName(router, "newsapp://p/1") == nil)
        #expect(
            router.explain(try RouteFixtures.link("https://other.example.com/p/1")).attempts == [
                RouteAttempt(route: "product", result: .hostNotInScope("other.example.com"))
            ])
    }

    @Test("a mixed scope's custom-scheme part keeps the host as the first path segment")
    func mixedScopeCustomHostIsASegment() throws {
        let router = try RouteFixtures.router {
            Route(
                "doc", "/doc/:id(int)",
                scope: RouteScope(schemes: ["https", "newsapp"], hosts: ["news.example.com"]))
        }
        #expect(try RouteFixtures.routeName(router, "newsapp://doc/7") == "doc")
        #expect(try RouteFixtures.routeName(router, "https://news.example.com/doc/7") == "doc")
        #expect(try RouteFixtures.routeName(router, "newsapp://news.example.com/doc/7") == nil)
        #expect(try router.link(for: "doc", parameters: ["id": 7], scheme: "newsapp") == "newsapp://doc/7")
        #expect(
            throws: ReverseRoutingError.hostNotInScope(route: "doc", host: "news.example.com")
        ) { try router.link(for: "doc", parameters: ["id": 7], scheme: "newsapp", host: "news.example.com") }
    }

    @Test("a mixed scope covers a custom-scheme route and a host route, but not http links it does not list")
    func mixedScopeOverlap() {
        let table = RouteTable {
            Route(
                "both", "/p/:id(int)",
                scope: RouteScope(schemes: ["https", "myapp"], hosts: ["shop.example.com"]))
            Route("app", "/p/:id(int)", scope: RouteScope(schemes: ["myapp"]), priority: -1)
            Route(
                "web", "/p/:id(int)", scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"]),
                priority: -1)
            Route("plainWeb", "/p/:id(int)", scope: RouteScope(hosts: ["shop.example.com"]), priority: -2)
            Route("elsewhere", "/p/:id(int)", scope: RouteScope(hosts: ["other.example.com"]))
        }
        #expect(
            table.findings() == [
                .shadowedRoute(route: "app", shadowedBy: "both"),
                .shadowedRoute(route: "web", shadowedBy: "both"),
            ])
    }

    // MARK: Canonical host

    @Test("canonical host used by reverse routing when no host is passed")
    func canonicalHostUsedByReverseRouting() throws {
        let router = try Router(Self.swiftTable)
        #expect(router.canonicalHost == "shop.example.com")
        #expect(try router.link(for: "product", parameters: ["id": 1]) == "https://shop.example.com/p/1")
        #expect(
            try router.link(for: "product", parameters: ["id": 1], host: "www.shop.example.com")
                == "https://www.shop.example.com/p/1")
        #expect(router.canonicalHost(for: "product") == "shop.example.com")
        // A route that does not serve the canonical host keeps its own.
        #expect(router.canonicalHost(for: "help") == nil)
        #expect(try router.link(for: "help") == "https://help.example.com/help")
        #expect(router.canonicalHost(for: "cart") == nil)
        #expect(try router.link(for: "cart") == "myapp://cart")
    }

    @Test("without a canonical host, a route with several hosts needs one")
    func noCanonicalHost() throws {
        var table = Self.swiftTable
        table.canonicalHost = nil
        let router = try Router(table)
        #expect(throws: ReverseRoutingError.needsHost(route: "product")) {
            try router.link(for: "product", parameters: ["id": 1])
        }
    }

    @Test(
        "the canonical host must be a host name that some route serves",
        arguments: [
            (
                "elsewhere.example.com",
                "no route serves web links on it; list it in a route's or the table's scope"
            ),
            ("shop..example.com", "it is not a host name such as shop.example.com"),
        ])
    func canonicalHostMustBeServed(_ host: String, _ reason: String) {
        var table = Self.swiftTable
        table.canonicalHost = host
        #expect(table.findings() == [.invalidCanonicalHost(host: host, reason: reason)])
        #expect(
            RouteTableFinding.invalidCanonicalHost(host: host, reason: reason).description
                == "the canonical host '\(host)' is invalid: \(reason)")
    }

    @Test("a table whose routes serve any host accepts any canonical host name, lower-cased")
    func canonicalHostWithAnyHost() throws {
        let table = RouteTable(canonicalHost: "Example.COM") { Route("home", "/") }
        #expect(table.canonicalHost == "example.com")
        #expect(table.findings() == [])
        #expect(try Router(table).link(for: "home") == "https://example.com/")
    }
}
