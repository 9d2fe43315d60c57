import Testing

@testable import DeepLinks

/// A table keeps its patterns' segments side by side in one list: each pattern reads its own
/// stretch of it, indexed from 0, and equals the pattern parsed on its own.
@Suite("A table's patterns share one list of segments, each reading only its own")
struct SharedSegmentsTests {
    static let texts = [
        "/albums/:album(slug)", "/albums/:album(slug)/photos/:index(int 0...9999)", "/",
        "/files/*rest", "/c/:slug/:page(int 1...)?", "/caf%C3%A9/", "/albums/:album(slug)/photos",
    ]
    static let table = RouteTable(
        options: RoutingOptions(trailingSlash: .significant),
        routes: texts.enumerated().map { Route("r\($0.offset)", PathPattern(parsing: $0.element)) })

    @Test("each route's segments are its pattern's, from 0, in one list the routes share in order")
    func stretchesTileOneList() throws {
        var next = 0
        for (route, text) in zip(Self.table.routes, Self.texts) {
            let alone = PathPattern(parsing: text)
            let segments = route.path.segments
            #expect(alone.segments.sharedStretch == nil)
            #expect(segments.startIndex == 0 && segments.endIndex == alone.segments.count)
            #expect(Array(segments) == Array(alone.segments))
            #expect(segments == alone.segments && segments.hashValue == alone.segments.hashValue)
            #expect(route.path == alone && route.path.text == text)
            #expect(segments.first == alone.segments.first && segments.last == alone.segments.last)
            // The root has no segments and keeps no stretch; every other pattern's stretch
            // starts where the one before it ended.
            if segments.isEmpty {
                #expect(segments.sharedStretch == nil)
                continue
            }
            let stretch = try #require(segments.sharedStretch)
            #expect(stretch.start == next && stretch.count == segments.count)
            next += stretch.count
        }
    }

    @Test("a router built from the table matches and writes links as with patterns of their own")
    func routerReadsSharedSegments() throws {
        let router = try Router(Self.table)
        let photo = try #require(
            router.match(try LinkGate().parse("https://example.com/albums/paris/photos/7")))
        #expect(photo.name == "r1")
        #expect(photo.parameters["index"] == .integer(7))
        #expect(router.match(try LinkGate().parse("https://example.com/albums/paris/photos"))?.name == "r6")
        #expect(router.match(try LinkGate().parse("https://example.com/files/a/b"))?.name == "r3")
        #expect(
            try router.link(for: "r4", parameters: ["slug": "shoes"], host: "example.com")
                == "https://example.com/c/shoes")
        #expect(try router.link(for: "r5", host: "example.com") == "https://example.com/caf%C3%A9/")
    }

    @Test("a list literal and an array make the same segments; a list prints as an array")
    func literalAndArray() {
        let list: PathPattern.Segments = [.literal("a"), .parameter(name: "id", type: nil)]
        #expect(list == PathPattern.Segments([.literal("a"), .parameter(name: "id", type: nil)]))
        #expect(list.description == Array(list).description)
        #expect(list != [.literal("a")])
        #expect(PathPattern(segments: list).text == "/a/:id")
    }

    @Test("dump and reflection show a pattern's own segments, not the table's list")
    func reflectionShowsOwnSegments() {
        let segments = Self.table.routes[1].path.segments
        let children = Mirror(reflecting: segments).children
        #expect(children.count == 4)
        #expect(children.allSatisfy { $0.label == nil })
        #expect(children.compactMap { $0.value as? PathPattern.Segment } == Array(segments))
        var dumped = ""
        dump(Self.table.routes[0], to: &dumped)
        // Route 0 is `/albums/:album(slug)`: its neighbours' `photos` is not in its dump.
        #expect(dumped.contains("albums") && !dumped.contains("photos"))
    }

    #if !os(Windows)
        @Test("a position past a pattern's stretch stops the program instead of reading the next pattern's")
        func pastTheStretch() async {
            await #expect(processExitsWith: .failure) {
                let routes = RouteTable(routes: [Route("a", "/a"), Route("b", "/b/c")]).routes
                // Position 1 of `/a` is `b` in the shared list.
                _ = routes[0].path.segments[1]
            }
        }

        @Test("a negative position stops the program")
        func beforeTheStretch() async {
            await #expect(processExitsWith: .failure) {
                let routes = RouteTable(routes: [Route("a", "/a"), Route("b", "/b/c")]).routes
                _ = routes[1].path.segments[-1]
            }
        }
    #endif
}
