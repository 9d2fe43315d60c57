import Foundation
import Testing

@testable import DeepLinks

/// A router finds routes by name through ``RouteNameIndex``, an open-addressing table of
/// positions keyed by a hash of each name's bytes, filled while the table is checked.
@Suite("Routes are found by name: every name, nothing for an unknown one, duplicates refused")
struct RouteNameLookupTests {
    /// Names of every length around the hash's eight-byte words, non-ASCII ones, and names
    /// that differ only in their last byte.
    static let names: [String] = {
        var names = (1...40).map { String(repeating: "n", count: $0) }
        names += (0..<200).map { "route-\($0)" }
        names += ["café", "café-2", "日本語", "emoji-🙂", "abcdefgh", "abcdefgi", "abcdefghX", "abcdefghY"]
        return names
    }()

    static var routes: [Route] {
        names.enumerated().map { index, name in Route(name, PathPattern(parsing: "/r\(index)")) }
    }

    @Test("the index finds each route's position by its name and nothing for an unknown name")
    func findsEveryName() {
        let routes = Self.routes
        var index = RouteNameIndex(routes: routes)
        for position in routes.indices {
            let added = index.insert(position)
            #expect(added)
        }
        for (position, name) in Self.names.enumerated() { #expect(index[name] == position) }
        for unknown in ["", "n" + String(repeating: "n", count: 40), "route-200", "cafe", "abcdefgZ"] {
            #expect(index[unknown] == nil)
        }
        #expect(RouteNameIndex()["anything"] == nil)
    }

    @Test("a position hint is taken only where the route there has the name; any other hint is looked past")
    func positionHintIsChecked() throws {
        let router = try Router(
            RouteTable {
                Route("a", "/a", query: ["x(int)"])
                Route("b", "/b", query: ["y(string)", "z(bool)"])
                Route("c", "/c")
            })
        for hint in [-1, 0, 1, 2, 3, 99, Int.max] {
            #expect(router.index(ofRoute: "b", hint: hint) == 1, "hint \(hint)")
            #expect(router.queryParameters(ofRoute: "b", hint: hint).map(\.name) == ["y", "z"])
            #expect(router.scope(ofRoute: "c", hint: hint) == RouteScope.any)
            #expect(router.index(ofRoute: "missing", hint: hint) == nil)
            #expect(router.queryParameters(ofRoute: "missing", hint: hint).isEmpty)
            #expect(
                try router.writeLink(
                    for: "a", parameters: ["x": 7], scheme: "https", host: "example.com",
                    checkingRoundTrip: true, hint: hint) == "https://example.com/a?x=7")
        }
    }

    @Test("a second route with a name already taken is not added, and the first keeps it")
    func refusesSecondRouteWithTakenName() {
        let routes = [Route("a", "/a"), Route("b", "/b"), Route("a", "/c")]
        var index = RouteNameIndex(routes: routes)
        let added = [index.insert(0), index.insert(1), index.insert(2)]
        #expect(added == [true, true, false])
        #expect(index["a"] == 0)
        #expect(index["b"] == 1)
    }

    @Test("a router answers route(named:) for every route of a table")
    func routerFindsRoutesByName() throws {
        let router = try Router(RouteTable(routes: Self.routes))
        for name in Self.names { #expect(router.route(named: name)?.name == name) }
        #expect(router.route(named: "missing") == nil)
    }

    @Test("a table naming two routes alike is refused with the duplicate name")
    func duplicateNameRefused() {
        let table = RouteTable {
            Route("home", "/")
            Route("long-route-name-over-eight-bytes", "/a")
            Route("long-route-name-over-eight-bytes", "/b")
        }
        #expect(
            throws: RouteTableError(findings: [.duplicateName(route: "long-route-name-over-eight-bytes")])
        ) {
            try Router(table)
        }
    }
}
