import Foundation
import Testing

@testable import DeepLinks

/// A router keeps the table it was given: routes with equal scopes and query lists (which
/// the compiled table may share) still equal their declarations and read their own
/// parameters, and malformed declarations keep their errors and still compare.
@Suite("A router keeps its table as declared: equal routes, their own parameters, comparable errors")
struct RouteTableEqualityTests {
    /// Routes that declare equal scopes and query lists separately, the way generated tables do.
    static let table = RouteTable(
        options: RoutingOptions(trailingSlash: .significant),
        routes: (0..<6).flatMap { i in
            [
                Route(
                    "list\(i)", PathPattern(parsing: "/r\(i)/"),
                    query: ["page(int 1...9)=1", "sort(enum a|b)?"],
                    scope: RouteScope(schemes: ["https"], hosts: ["example.com"])),
                Route(
                    "show\(i)", PathPattern(parsing: "/r\(i)/:id(int 1...99)/*rest"), fragment: "part(slug)?",
                    scope: RouteScope(schemes: ["https"], hosts: ["example.com"])),
            ]
        })

    @Test("the router's table equals the declared one, route for route")
    func routerTableEqualsDeclaredTable() throws {
        let router = try Router(Self.table)
        #expect(router.table == Self.table)
        #expect(router.routes.map(\.description) == Self.table.routes.map(\.description))
        #expect(router.route(named: "show3") == Self.table.routes[7])
    }

    @Test("routes with equal scopes and query lists match and read their own parameters")
    func routesWithEqualPartsReadTheirOwnParameters() throws {
        let router = try Router(Self.table)
        let gate = LinkGate()
        let list = try #require(router.match(try gate.parse("https://example.com/r4/?sort=b")))
        #expect(list.name == "list4")
        #expect(list.parameters["page"] == 1)
        #expect(list.parameters["sort"] == "b")
        let show = try #require(router.match(try gate.parse("https://example.com/r2/7/a/b#intro")))
        #expect(show.name == "show2")
        #expect(show.parameters["id"] == 7)
        #expect(show.parameters["rest"] == ["a", "b"])
        #expect(show.parameters["part"] == "intro")
        #expect(router.match(try gate.parse("https://example.org/r2/7/a")) == nil)
    }

    @Test(
        "a table whose routes change after it is made stays equal to one made with them, and compiles alike")
    func changedTableEqualsOneMadeWithTheSameRoutes() throws {
        var changed = Self.table
        changed.routes.append(
            Route(
                "extra", PathPattern(parsing: "/extra/"), query: ["page(int 1...9)=1", "sort(enum a|b)?"],
                scope: RouteScope(schemes: ["https"], hosts: ["example.com"])))
        let made = RouteTable(
            options: Self.table.options, routes: Self.table.routes + [changed.routes[12]])
        #expect(changed == made)
        #expect(changed.hashValue == made.hashValue)
        #expect(changed != Self.table)
        let router = try Router(changed)
        #expect(router.table == made)
        let extra = try #require(router.match(try LinkGate().parse("https://example.com/extra/?sort=a")))
        #expect(extra.name == "extra")
        #expect(extra.parameters["page"] == 1)
        #expect(extra.parameters["sort"] == "a")
    }

    @Test("a malformed pattern or declaration keeps its error, and equal malformed texts are equal")
    func malformedDeclarationsKeepTheirErrorsAndCompare() {
        let pattern = PathPattern(parsing: "/a//b")
        #expect(pattern.syntaxError?.reason == .emptySegment)
        #expect(pattern.syntaxError?.offset == 3)
        let first = QueryParameter(parsing: "page(int 1...9")
        let second = QueryParameter(parsing: "page(int 1...9")
        #expect(
            first.syntaxError
                == PatternSyntaxError(
                    text: "page(int 1...9", offset: 4, parameter: "page", reason: .unclosedParenthesis))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != QueryParameter(parsing: "page(int 1...8"))
        #expect(QueryParameter(parsing: "page(int 1...9)").syntaxError == nil)
    }

    @Test("a declaration is small: a route 64 bytes, a pattern 23, a scope one reference")
    func declarationsAreSmall() {
        // A table keeps every route it was given: these sizes are most of a large table's heap
        // (`Benchmarks/RESULTS.md`, a 10,000-route table). What few routes have (a pattern's
        // text that its segments do not print back, its optional positions, an error; the
        // scope's lists) is out of line.
        #expect(MemoryLayout<Route>.stride == 64)
        // A pattern's segments are a list and a stretch of it (14 bytes); the route keeps its
        // safety in the pattern's last byte.
        #expect(MemoryLayout<PathPattern.Segments>.size == 14)
        #expect(MemoryLayout<PathPattern>.size == 23)
        #expect(MemoryLayout<RouteScope>.size == 8)
        // The compiled trie: a node is where its lists start, a literal edge its key and ends.
        #expect(MemoryLayout<RouteTrie.NodeStarts>.stride == 16)
        #expect(MemoryLayout<RouteTrie.LiteralEdge>.stride == 32)
    }

    @Test("a compiled route is one 64-byte block: its three parameter lists are one shared object")
    func compiledRoutesAreSmall() throws {
        let router = try Router(Self.table)
        // A 64-byte block (56 bytes asked of malloc); one field more and it is an 80-byte one.
        #if canImport(Glibc)
            // What Swift asks of malloc for each compiled route: the instance size its class's
            // metadata records (without Objective-C interop the metadata is its kind, its
            // superclass, its flags and address point, then this size, at byte 24). The block
            // glibc hands back is not pinned: a free block a little larger than asked is handed
            // out whole (72 usable bytes instead of 56), depending on what was freed before.
            let metadata = unsafeBitCast(CompiledRoute.self as AnyClass, to: UnsafeRawPointer.self)
            #expect(metadata.load(fromByteOffset: 24, as: UInt32.self) == 56)
            typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
            let symbol = try #require(dlsym(nil, "malloc_usable_size"))
            let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
            for route in router.compiled {
                #expect(usableSize(Unmanaged.passUnretained(route).toOpaque()) >= 56)
            }
        #elseif canImport(Darwin)
            for route in router.compiled {
                #expect(malloc_size(Unmanaged.passUnretained(route).toOpaque()) == 64)
            }
        #endif
        // Two routes hold one object exactly when their three lists are the same lists.
        func lists(_ route: CompiledRoute) -> [StorageIdentity?] {
            [
                StorageIdentity(of: route.parameterValidators), StorageIdentity(of: route.extraction),
                StorageIdentity(of: route.query),
            ]
        }
        for a in router.compiled {
            for b in router.compiled {
                #expect((a.parameterLists === b.parameterLists) == (lists(a) == lists(b)))
            }
        }
        // The six list routes share one object and the six show routes another.
        #expect(Set(router.compiled.map { ObjectIdentifier($0.parameterLists) }).count == 2)
    }

    @Test("a trie node's lists end where the next node's start: each edge is read as its own node's")
    func trieNodesTileTheirLists() throws {
        let router = try Router(Self.table)
        for trie in router.levels {
            let nodeCount = trie.nodeStarts.count - 1
            #expect(nodeCount > 1)
            var literalOwner: [Int] = []
            for n in 0..<nodeCount {
                let node = trie.node(n)
                #expect(node.literalStart <= node.literalEnd)
                #expect(node.parameterStart <= node.catchAllStart && node.catchAllStart <= node.catchAllEnd)
                #expect(node.terminalStart <= node.terminalEnd)
                literalOwner += Array(repeating: n, count: node.literalEdges.count)
                // Each edge leads to a node, and each terminal to a route, that exist.
                for e in node.parameterEdges.lowerBound..<Int(node.catchAllEnd) {
                    #expect((0..<nodeCount).contains(Int(trie.edges[e].target)))
                }
                for t in node.terminals {
                    #expect(router.routes.indices.contains(trie.routeIndex(ofTerminal: t)))
                }
            }
            // Every list is covered once, node after node, and the node whose range holds a
            // literal edge is its parent: the edge is found from that node by its key, and from
            // no other node (keys repeat under different parents here: `r0` … `r5` each have
            // the same children).
            #expect(literalOwner == trie.literalEdges.map { Int($0.parent) })
            for (e, edge) in trie.literalEdges.enumerated() {
                #expect(trie.literalChild(literalOwner[e], edge.key) == Int(edge.target))
                for n in 0..<nodeCount where n != literalOwner[e] {
                    #expect(trie.literalChild(n, edge.key) != Int(edge.target))
                }
            }
        }
    }

    @Test("scopes are equal by their lists, whether or not they share them; 'any' is one value")
    func scopesCompareByTheirLists() {
        let a = RouteScope(schemes: ["HTTPS"], hosts: ["example.com"])
        let b = RouteScope(schemes: ["https"], hosts: ["example.com"])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.schemes == ["https"])
        #expect(a != RouteScope(schemes: ["https"], hosts: ["example.org"]))
        #expect(a != RouteScope(hosts: ["example.com"]))
        #expect(RouteScope(schemes: [], hosts: []) == .any)
        #expect(RouteScope(schemes: [], hosts: []).parts === RouteScope.any.parts)
    }

    @Test("a table's equal scopes share one copy of their lists")
    func tableScopesShareTheirLists() throws {
        let scopes = try Router(Self.table).routes.map(\.scope)
        #expect(scopes.count == 12)
        #expect(scopes.allSatisfy { $0.parts === scopes[0].parts })
    }

    @Test("a pattern keeps its text only when its segments do not print it back")
    func patternKeepsItsTextOnlyWhenNeeded() {
        let plain: PathPattern = "/albums/:id(int 1...99)"
        #expect(plain.writtenText == nil)
        #expect(plain.text == "/albums/:id(int 1...99)")
        // Written otherwise than the segments print: escapes that need none, or spelled otherwise.
        let escaped: PathPattern = "/caf%C3%A9/%7Ex"
        #expect(escaped.segments == [.literal("café"), .literal("~x")])
        #expect(escaped.text == "/caf%C3%A9/%7Ex")
        #expect(escaped.writtenText == "/caf%C3%A9/%7Ex")
        // Optional segments and errors keep their details beside the text.
        let optional: PathPattern = "/c/:slug/:page(int 1...)?"
        #expect(optional.optionalSegmentPositions == [2])
        #expect(optional.writtenText == nil)
        #expect(optional.text == "/c/:slug/:page(int 1...)?")
        let broken = PathPattern(parsing: "/a/:")
        #expect(broken.syntaxError != nil)
        #expect(broken.text == "/a/:")
        #expect(broken == PathPattern(parsing: "/a/:"))
        #expect(escaped == PathPattern(parsing: "/caf%C3%A9/%7Ex"))
    }

    @Test(
        "a literal matches the bytes it was declared with, not another spelling that String's == calls equal")
    func literalsMatchTheirOwnBytes() throws {
        let router = try Router(RouteTable(routes: [Route("cafe", "/caf%C3%A9/menu")]))
        let gate = LinkGate()
        // U+00E9 as declared routes; e followed by U+0301 (canonically equivalent) does not.
        #expect(router.match(try gate.parse("https://example.com/caf%C3%A9/menu"))?.name == "cafe")
        #expect(router.match(try gate.parse("https://example.com/cafe%CC%81/menu")) == nil)
    }

    @Test("an ASCII literal matches only its own bytes: the Kelvin sign is not K, nor U+037E a semicolon")
    func asciiLiteralsMatchTheirOwnBytes() throws {
        let router = try Router(RouteTable(routes: [Route("key", "/Key;1/menu")]))
        let gate = LinkGate()
        // Both signs decompose to the ASCII character, so `String`'s `==` calls the spellings equal.
        #expect("\u{212A}ey;1" == "Key;1")
        #expect("Key\u{037E}1" == "Key;1")
        #expect(router.match(try gate.parse("https://example.com/Key;1/menu"))?.name == "key")
        #expect(router.match(try gate.parse("https://example.com/%E2%84%AAey;1/menu")) == nil)
        #expect(router.match(try gate.parse("https://example.com/Key%CD%BE1/menu")) == nil)
    }
}

@Suite("A trie's terminals name the router's routes and the readings of optional segments")
struct TrieTerminalTests {
    @Test(
        "a terminal is a compiled route, or a reading of one with optional segments, with the route's position"
    )
    func terminalsResolveToRoutesAndReadings() throws {
        let router = try Router(
            RouteTable(routes: [
                Route("home", "/"),
                Route("product", "/:locale?/product/:id(int 1...99)"),
                // A second priority level: its trie holds the route at its position in the table.
                Route("campaign", "/:locale?/campaign/:slug(slug)", priority: 1),
                Route("search", "/search/:term?"),
                Route("about", "/about"),
            ]))
        #expect(router.levels.count == 2)
        // A compiled route's index is its position in the router's list.
        #expect(router.compiled.map(\.index) == Array(router.compiled.indices))
        var readings: [String] = []
        for trie in router.levels {
            for t in trie.terminalRoutes.indices {
                let index = trie.routeIndex(ofTerminal: t)
                let route = trie.withTerminalRoute(t) { $0 }
                let compiled = router.compiled[index]
                if route !== compiled {
                    // A reading after the first: compiled on its own, with its own positions.
                    #expect(compiled.readings.contains { $0 === route })
                    readings.append(route.route.path.description)
                }
            }
        }
        #expect(readings.sorted() == ["/campaign/:slug(slug)", "/product/:id(int 1...99)", "/search"])
        // A link matched through a reading reads its parameters at the reading's positions.
        let gate = LinkGate()
        let short = try #require(router.match(try gate.parse("https://example.com/product/7")))
        #expect(short.name == "product")
        #expect(short.parameters["id"] == 7)
        #expect(short.parameters["locale"] == nil)
        let long = try #require(router.match(try gate.parse("https://example.com/fr/product/7")))
        #expect(long.parameters["locale"] == "fr")
        #expect(long.parameters["id"] == 7)
        #expect(router.match(try gate.parse("https://example.com/search"))?.name == "search")
        let campaign = try #require(router.match(try gate.parse("https://example.com/campaign/spring")))
        #expect(campaign.name == "campaign")
        #expect(campaign.parameters["slug"] == "spring")
    }
}
