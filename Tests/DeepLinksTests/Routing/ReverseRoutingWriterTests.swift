import DeepLinks
import Testing

/// Links written part by part: their exact text, and the first failing check reported.
@Suite("Reverse routing: each part of a route writes itself, in order, into one link")
struct ReverseRoutingWriterTests {
    /// Routes with an encoded literal, a form-encoded query, a fragment and a custom scheme.
    let router: Router

    /// Builds the table.
    init() throws {
        let scope = RouteScope(hosts: ["example.com"])
        router = try Router(
            RouteTable {
                Route("cafe", "/caf%C3%A9/:id(int 0...99)", scope: scope)
                Route(
                    "search", "/search",
                    query: [QueryParameter("q(string 1...64)?").formEncoded(), "page(int 1...99)=1"],
                    fragment: "section(string 1...32)?", scope: scope)
                Route(
                    "order", "/o/:id(int 0...99)", query: ["q(int 0...99)"], fragment: "f(int 0...99)",
                    scope: scope)
                Route("inbox", "/inbox/:id(int 0...99)", scope: RouteScope(schemes: ["myapp"]))
            })
    }

    @Test("a literal that needs escapes is written encoded, the same on every call")
    /// The literal `café` is written `caf%C3%A9`.
    func encodedLiteral() throws {
        for _ in 0..<2 {
            #expect(try router.link(for: "cafe", parameters: ["id": 2]) == "https://example.com/caf%C3%A9/2")
        }
    }

    @Test("query items in declaration order, a form-encoded space as +, the fragment last")
    /// Query items in declaration order, then the fragment.
    func queryAndFragment() throws {
        #expect(try router.link(for: "search") == "https://example.com/search")
        #expect(
            try router.link(for: "search", parameters: ["q": "red shoes", "page": 2, "section": "a b"])
                == "https://example.com/search?q=red+shoes&page=2#a%20b")
        #expect(
            try router.link(for: "search", parameters: ["page": 3]) == "https://example.com/search?page=3")
    }

    @Test("the path is checked before the query, and the query before the fragment")
    /// The first missing parameter in path, query, fragment order is the one reported.
    func orderOfChecks() throws {
        #expect(throws: ReverseRoutingError.missingParameter(route: "order", parameter: "id")) {
            try router.link(for: "order", parameters: ["q": 1, "f": 1])
        }
        #expect(throws: ReverseRoutingError.missingParameter(route: "order", parameter: "q")) {
            try router.link(for: "order", parameters: ["id": 1])
        }
        #expect(throws: ReverseRoutingError.missingParameter(route: "order", parameter: "f")) {
            try router.link(for: "order", parameters: ["id": 1, "q": 2])
        }
        #expect(
            try router.link(for: "order", parameters: ["id": 1, "q": 2, "f": 3])
                == "https://example.com/o/1?q=2#3")
    }

    @Test("a custom-scheme link puts a lower-case first segment in the host")
    /// `myapp://inbox/4`, not `myapp:///inbox/4`.
    func customSchemeHost() throws {
        #expect(try router.link(for: "inbox", parameters: ["id": 4]) == "myapp://inbox/4")
    }
}
