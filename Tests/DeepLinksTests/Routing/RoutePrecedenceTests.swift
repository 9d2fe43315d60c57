import DeepLinks
import Foundation
import Testing

@Suite("Route precedence: deterministic, documented, independent of declaration order")
struct RoutePrecedenceTests {
    static let kindRoutes = [
        Route("catchAll", "/a/*rest"),
        Route("untyped", "/a/:name"),
        Route("typed", "/a/:id(int)"),
        Route("literal", "/a/new"),
    ]

    static let kindLinks: [(String, String)] = [
        ("https://example.com/a/new", "literal"),
        ("https://example.com/a/42", "typed"),
        ("https://example.com/a/hello", "untyped"),
        ("https://example.com/a/x/y", "catchAll"),
    ]

    @Test("literal beats typed parameter beats untyped parameter beats catch-all")
    func kindOrder() throws {
        let router = try Router(RouteTable(routes: Self.kindRoutes))
        for (link, expected) in Self.kindLinks {
            #expect(try RouteFixtures.routeName(router, link) == expected, "\(link)")
        }
    }

    @Test("“the route table rules”: ties never depend on declaration order: every permutation routes alike")
    func declarationOrderDoesNotMatter() throws {
        func permutations(_ items: [Route]) -> [[Route]] {
            guard let first = items.first else { return [[]] }
            return permutations(Array(items.dropFirst())).flatMap { rest in
                (0...rest.count).map { i in
                    var copy = rest
                    copy.insert(first, at: i)
                    return copy
                }
            }
        }
        let all = permutations(Self.kindRoutes)
        #expect(all.count == 24)
        for routes in all {
            let router = try Router(RouteTable(routes: routes))
            for (link, expected) in Self.kindLinks {
                #expect(try RouteFixtures.routeName(router, link) == expected)
            }
        }
    }

    @Test("typed parameters rank enumeration, Boolean, integer, UUID, slug, string")
    func typeRanks() throws {
        let router = try RouteFixtures.router {
            Route("string", "/t/:v(string)")
            Route("slug", "/t/:v(slug)")
            Route("uuid", "/t/:v(uuid)")
            Route("integer", "/t/:v(int)")
            Route("boolean", "/t/:v(bool)")
            Route("enumeration", "/t/:v(enum 1|x)")
        }
        let cases = [
            ("1", "enumeration"), ("0", "boolean"), ("7", "integer"),
            ("123e4567-e89b-12d3-a456-426614174000", "uuid"), ("abc", "slug"), ("ABC", "string"),
        ]
        for (segment, expected) in cases {
            #expect(
                try RouteFixtures.routeName(router, "https://example.com/t/\(segment)") == expected,
                "\(segment)")
        }
    }

    @Test(
        "“the route table rules”: a trie without backtracking misses routes: /foo/bar never hides /foo/:id/baz"
    )
    func backtrackingAfterLiteral() throws {
        let router = try RouteFixtures.router {
            Route("bar", "/foo/bar")
            Route("baz", "/foo/:id/baz")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/foo/bar") == "bar")
        let link = try RouteFixtures.link("https://example.com/foo/bar/baz")
        #expect(router.match(link)?.route.name == "baz")
        #expect(router.match(link)?.parameters == ["id": "bar"])
    }

    @Test("backtracking also leaves a typed branch that fails further down")
    func backtrackingBetweenParameters() throws {
        let router = try RouteFixtures.router {
            Route("numbered", "/foo/:id(int)/x")
            Route("named", "/foo/:name(slug)/y")
        }
        let link = try RouteFixtures.link("https://example.com/foo/12/y")
        #expect(router.match(link)?.route.name == "named")
        #expect(router.match(link)?.parameters == ["name": "12"])
    }

    @Test("a value that fails its type passes the link to the next route in precedence order")
    func failedParameterFallsThrough() throws {
        let router = try RouteFixtures.router {
            Route("small", "/p/:id(int 1...10)")
            Route("any", "/p/:name")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/p/7") == "small")
        #expect(try RouteFixtures.routeName(router, "https://example.com/p/99") == "any")
    }

    @Test(
        "“the route table rules”: an empty link never hits a catch-all: a catch-all needs one or more segments"
    )
    func catchAllNeverMatchesEmpty() throws {
        let router = try RouteFixtures.router {
            Route("everything", "/*all")
            Route("files", "/files/*rest")
        }
        for text in ["https://example.com", "https://example.com/"] {
            #expect(try RouteFixtures.routeName(router, text) == nil, "\(text)")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/files") == "everything")
        #expect(try RouteFixtures.routeName(router, "https://example.com/files/") == "everything")
        let link = try RouteFixtures.link("https://example.com/files/a/b%20c")
        #expect(router.match(link)?.route.name == "files")
        #expect(router.match(link)?.parameters == ["rest": ["a", "b c"]])
    }

    @Test("a typed catch-all checks every segment it covers")
    func typedCatchAll() throws {
        let router = try RouteFixtures.router {
            Route("numbers", "/n/*values(int)")
            Route("other", "/n/*rest")
        }
        let link = try RouteFixtures.link("https://example.com/n/1/2/3")
        #expect(router.match(link)?.route.name == "numbers")
        #expect(router.match(link)?.parameters == ["values": ["1", "2", "3"]])
        #expect(try RouteFixtures.routeName(router, "https://example.com/n/1/x/3") == "other")
    }

    @Test("trailing slashes are ignored by default, on links and on patterns")
    func trailingSlashIgnored() throws {
        let router = try RouteFixtures.router {
            Route("albums", "/albums/")
            Route("root", "/")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/albums") == "albums")
        #expect(try RouteFixtures.routeName(router, "https://example.com/albums/") == "albums")
        #expect(try RouteFixtures.routeName(router, "https://example.com") == "root")
        #expect(try RouteFixtures.routeName(router, "https://example.com/") == "root")
    }

    @Test("with significant trailing slashes /albums and /albums/ are different routes; / stays the root")
    func trailingSlashSignificant() throws {
        let router = try RouteFixtures.router(options: RoutingOptions(trailingSlash: .significant)) {
            Route("list", "/albums")
            Route("index", "/albums/")
            Route("root", "/")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/albums") == "list")
        #expect(try RouteFixtures.routeName(router, "https://example.com/albums/") == "index")
        #expect(try RouteFixtures.routeName(router, "https://example.com") == "root")
        #expect(try RouteFixtures.routeName(router, "https://example.com/") == "root")
        #expect(try RouteFixtures.routeName(router, "myapp://albums/") == "list")
    }

    @Test("letters in literals compare exactly by default")
    func caseSensitive() throws {
        let router = try RouteFixtures.router { Route("help", "/Help") }
        #expect(try RouteFixtures.routeName(router, "https://example.com/Help") == "help")
        #expect(try RouteFixtures.routeName(router, "https://example.com/help") == nil)
    }

    @Test("case-insensitive tables fold literals and enumeration values, reporting the declared spelling")
    func caseInsensitive() throws {
        let router = try RouteFixtures.router(options: RoutingOptions(caseSensitivity: .insensitive)) {
            Route("help", "/Help/:topic(enum Billing|privacy)")
        }
        let link = try RouteFixtures.link("https://example.com/HELP/billing")
        #expect(router.match(link)?.route.name == "help")
        #expect(router.match(link)?.parameters == ["topic": "Billing"])
    }

    @Test("for one path, an exact host beats a subdomain wildcard beats any host")
    func scopeSpecificity() throws {
        let router = try RouteFixtures.router {
            Route("anyHost", "/p")
            Route("wildcard", "/p", scope: RouteScope(hosts: ["*.example.com"]))
            Route("exact", "/p", scope: RouteScope(hosts: ["example.com"]))
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/p") == "exact")
        #expect(try RouteFixtures.routeName(router, "https://www.example.com/p") == "wildcard")
        #expect(try RouteFixtures.routeName(router, "https://example.org/p") == "anyHost")
    }

    @Test("“the route table rules”: a host is compared by whole labels, never by substring")
    func hostNeverBySubstring() throws {
        let router = try RouteFixtures.router {
            Route("ours", "/p", scope: RouteScope(hosts: ["*.example.com", "example.com"]))
        }
        #expect(try RouteFixtures.routeName(router, "https://evilexample.com/p") == nil)
        #expect(try RouteFixtures.routeName(router, "https://example.com.evil.org/p") == nil)
        #expect(try RouteFixtures.routeName(router, "https://a.example.com/p") == "ours")
    }

    @Test("for one path and scope, the route with more required query parameters is tried first")
    func requiredQueryCount() throws {
        let router = try RouteFixtures.router {
            Route("page", "/watch")
            Route("video", "/watch", query: ["v(string 1...16 [A-Za-z0-9_-])"])
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/watch?v=dQw4w9WgXcQ") == "video")
        #expect(try RouteFixtures.routeName(router, "https://example.com/watch") == "page")
        #expect(try RouteFixtures.routeName(router, "https://example.com/watch?v=a%20b") == "page")
    }

    @Test("a higher priority wins over the precedence rules")
    func priority() throws {
        let router = try RouteFixtures.router {
            Route("named", "/a/:k(enum 1|zz)")
            Route("numbered", "/a/:n(int)", priority: 1)
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/a/1") == "numbered")
        #expect(try RouteFixtures.routeName(router, "https://example.com/a/zz") == "named")
    }

    @Test("priority settles what the rules leave ambiguous")
    func priorityResolvesAmbiguity() throws {
        let routes = [Route("low", "/u/:id(int 0...9)"), Route("high", "/u/:n(int 5...20)")]
        #expect(throws: RouteTableError(findings: [.ambiguousRoutes(route: "high", other: "low")])) {
            try Router(RouteTable(routes: routes))
        }
        var prioritised = routes
        prioritised[1].priority = 1
        let router = try Router(RouteTable(routes: prioritised))
        #expect(try RouteFixtures.routeName(router, "https://example.com/u/7") == "high")
        #expect(try RouteFixtures.routeName(router, "https://example.com/u/3") == "low")
    }

    @Test("declaration order decides only when the author asks for it")
    func declarationOrderOptIn() throws {
        let routes = RouteTable {
            Route("numbered", "/a/:n(int)")
            Route("named", "/a/:k(enum 1|zz)")
        }
        var ordered = routes
        ordered.options.precedence = .declarationOrder
        let bySpecificity = try Router(routes)
        let byOrder = try Router(ordered)
        #expect(try RouteFixtures.routeName(bySpecificity, "https://example.com/a/1") == "named")
        #expect(try RouteFixtures.routeName(byOrder, "https://example.com/a/1") == "numbered")
        #expect(try RouteFixtures.routeName(byOrder, "https://example.com/a/zz") == "named")
        // explain follows the same order: attempts in declaration order, ending at the winner.
        let one = byOrder.explain(try RouteFixtures.link("https://example.com/a/1"))
        #expect(one.attempts == [RouteAttempt(route: "numbered", result: .matched)])
        let zz = byOrder.explain(try RouteFixtures.link("https://example.com/a/zz"))
        #expect(zz.attempts.map(\.route) == ["numbered", "named"])
        #expect(zz.winner == "named")
        #expect(zz.closestFailure?.route == "numbered")
        let neither = byOrder.explain(try RouteFixtures.link("https://example.com/a/x"))
        #expect(neither.attempts.map(\.route) == ["numbered", "named"])
        #expect(neither.winner == nil)
    }

    @Test(
        "“the route table rules”: a custom-scheme host is a route name: it is the first segment of the matched path"
    )
    func customSchemeHostIsFirstSegment() throws {
        let router = try RouteFixtures.router {
            Route(
                "article", "/doc/:id(string 1...32 [A-Z0-9])", query: ["s(string 1...32 [a-z_])?"],
                scope: RouteScope(schemes: ["newsapp"]))
            Route("settings", "/settings", scope: RouteScope(schemes: ["myapp"]))
            Route("dotted", "/example.com/x", scope: RouteScope(schemes: ["myapp"]))
        }
        let article = try RouteFixtures.link("newsapp://doc/CHLFGFCB00097U7S?s=sps_article")
        #expect(router.match(article)?.route.name == "article")
        #expect(router.match(article)?.parameters == ["id": "CHLFGFCB00097U7S", "s": "sps_article"])
        #expect(try RouteFixtures.routeName(router, "myapp://settings") == "settings")
        #expect(try RouteFixtures.routeName(router, "myapp:///settings") == "settings")
        #expect(try RouteFixtures.routeName(router, "myapp://example.com/x") == "dotted")
        #expect(try RouteFixtures.routeName(router, "https://settings/") == nil)
        #expect(try RouteFixtures.routeName(router, "https://example.com/settings") == nil)
    }

    @Test("a scope with hosts serves web links only, never a custom-scheme link")
    func hostsImplyWeb() throws {
        let router = try RouteFixtures.router {
            Route("web", "/p/:id(int)", scope: RouteScope(hosts: ["example.com"]))
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/p/1") == "web")
        #expect(try RouteFixtures.routeName(router, "myapp://p/1") == nil)
        #expect(try RouteFixtures.routeName(router, "myapp://example.com/p/1") == nil)
        let scope = RouteScope(hosts: ["example.com"])
        #expect(scope.contains(scheme: "https", host: "example.com"))
        #expect(!scope.contains(scheme: "myapp", host: "example.com"))
        #expect(!scope.servesCustomSchemes)
        #expect(RouteScope(schemes: ["myapp"]).contains(scheme: "myapp", host: "anything"))
    }

    @Test("an unscoped route serves a web path and the same custom-scheme path alike")
    func sharedRoute() throws {
        let router = try RouteFixtures.router { Route("doc", "/doc/:id(int)") }
        #expect(try RouteFixtures.routeName(router, "https://example.com/doc/7") == "doc")
        #expect(try RouteFixtures.routeName(router, "myapp://doc/7") == "doc")
    }

    @Test("a query item given twice never picks one of its values")
    func repeatedQueryItem() throws {
        let router = try RouteFixtures.router {
            Route("album", "/albums", query: ["albumname(string 1...64)", "index(int 0...9999)=0"])
        }
        #expect(
            try RouteFixtures.routeName(router, "https://example.com/albums?albumname=a&albumname=b") == nil)
        #expect(
            try RouteFixtures.routeName(router, "https://example.com/albums?albumname=a&index=1&index=2")
                == nil)
        let link = try RouteFixtures.link("https://example.com/albums?albumname=Summer%202024&unrelated=1")
        #expect(router.match(link)?.parameters == ["albumname": "Summer 2024", "index": 0])
    }

    @Test("fragment rules: any ignores it, none refuses it, a parameter reads it")
    func fragments() throws {
        let router = try RouteFixtures.router {
            Route("docs", "/docs/:page(slug)", fragment: "section(slug)?")
            Route("plain", "/plain", fragment: .none)
            Route("free", "/free")
        }
        let docs = try RouteFixtures.link("https://example.com/docs/intro#getting-started")
        #expect(router.match(docs)?.parameters == ["page": "intro", "section": "getting-started"])
        #expect(
            router.match(try RouteFixtures.link("https://example.com/docs/intro"))?.parameters == [
                "page": "intro"
            ])
        #expect(try RouteFixtures.routeName(router, "https://example.com/docs/intro#Bad") == nil)
        #expect(try RouteFixtures.routeName(router, "https://example.com/plain#x") == nil)
        #expect(try RouteFixtures.routeName(router, "https://example.com/plain#") == "plain")
        #expect(try RouteFixtures.routeName(router, "https://example.com/free#anything") == "free")
    }

    @Test("pre-split segments give the same answer as a parsed link")
    func matchWithSegments() throws {
        let router = try RouteFixtures.router {
            Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
            Route("article", "/doc/:id", scope: RouteScope(schemes: ["newsapp"]))
        }
        let match = router.match(
            scheme: "https", host: "example.com", pathSegments: ["albums", "summer", "photos", "3"])
        #expect(match?.route.name == "photo")
        #expect(match?.parameters == ["album": "summer", "index": 3])
        #expect(
            router.match(scheme: "newsapp", host: "doc", pathSegments: ["X1"])?.parameters == ["id": "X1"])
        #expect(router.match(scheme: "https", host: "example.com", pathSegments: ["albums"]) == nil)
    }
}
