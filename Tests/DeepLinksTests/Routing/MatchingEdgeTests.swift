import DeepLinks
import Foundation
import Testing

/// Matching at its edges: values at the limits of each type, segments that were
/// percent-encoded, case rules, long links and many literals side by side. (The router
/// checks a path parameter once on the way down and builds the winner's value from what it
/// kept, and finds literals by a hash of the segment: these are the edges of that path.)
@Suite("Matching at the edges: type limits, encoded segments, many literals, long links")
struct MatchingEdgeTests {
    static let router: Router = {
        let isbn = CustomParameterType(name: "isbn", expected: "a 13-digit ISBN") { text in
            text.utf8.count == 13 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                ? .string("isbn:" + text) : nil
        }
        return try! Router(
            RouteTable {
                Route("int", "/n/:value(int)")
                Route("small", "/s/:value(int -3...3)")
                Route("uuid", "/u/:value(uuid)")
                Route("slug", "/g/:value(slug 1...12)")
                Route("bool", "/b/:value(bool)")
                Route("kind", "/k/:value(enum photo|video)")
                Route("code", "/c/:value(string 2...4 [A-Z0-9])")
                Route("text", "/t/:value")
                Route("book", "/i/:value(isbn)")
                Route("files", "/f/*rest")
                Route("typedFiles", "/tf/*rest(int)")
            }, registry: ParameterTypeRegistry([isbn]))
    }()

    static func match(_ segments: [String], router: Router = router) -> TableMatch? {
        router.match(scheme: "https", host: "example.com", pathSegments: segments)
    }

    @Test("int: Int.min and Int.max are kept exactly; one past them and non-canonical texts miss")
    func integerLimits() {
        #expect(Self.match(["n", "9223372036854775807"])?.parameters == ["value": .integer(Int.max)])
        #expect(Self.match(["n", "-9223372036854775808"])?.parameters == ["value": .integer(Int.min)])
        #expect(Self.match(["n", "0"])?.parameters == ["value": 0])
        for refused in ["9223372036854775808", "-9223372036854775809", "-0", "007", "+1", "-", "1a", "٣"] {
            #expect(Self.match(["n", refused]) == nil, "\(refused)")
        }
        #expect(Self.match(["s", "-3"])?.parameters == ["value": -3])
        #expect(Self.match(["s", "3"])?.parameters == ["value": 3])
        #expect(Self.match(["s", "4"]) == nil)
        #expect(Self.match(["s", "-4"]) == nil)
    }

    @Test("uuid: either case gives the same value; a wrong length, dash or digit misses")
    func uuidLimits() {
        let value = UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!
        #expect(
            Self.match(["u", "123e4567-e89b-12d3-a456-426614174000"])?.parameters == ["value": .uuid(value)])
        #expect(
            Self.match(["u", "123E4567-E89B-12D3-A456-426614174000"])?.parameters == ["value": .uuid(value)])
        #expect(
            Self.match(["u", "ffffffff-ffff-ffff-ffff-ffffffffffff"])?.parameters.uuid("value")?.uuidString
                == "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")
        for refused in [
            "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
            "123e4567-e89b-12d3-a456-42661417400g", "123e4567ae89b-12d3-a456-426614174000",
            "{123e4567-e89b-12d3-a456-426614174000}", "123e4567e89b12d3a456426614174000",
        ] {
            #expect(Self.match(["u", refused]) == nil, "\(refused)")
        }
    }

    @Test("slug, bool, enum and string keep the exact text; their limits hold")
    func textLimits() {
        #expect(Self.match(["g", "a"])?.parameters == ["value": "a"])
        #expect(Self.match(["g", "abcdef-12345"])?.parameters == ["value": "abcdef-12345"])
        #expect(Self.match(["g", "abcdef-123456"]) == nil)
        for refused in ["-a", "a-", "a--b", "A", "a_b", "é"] { #expect(Self.match(["g", refused]) == nil) }
        #expect(Self.match(["b", "1"])?.parameters == ["value": true])
        #expect(Self.match(["b", "false"])?.parameters == ["value": false])
        #expect(Self.match(["b", "TRUE"]) == nil)
        #expect(Self.match(["k", "video"])?.parameters == ["value": "video"])
        #expect(Self.match(["k", "Video"]) == nil)
        #expect(Self.match(["c", "AB"])?.parameters == ["value": "AB"])
        #expect(Self.match(["c", "AB12"])?.parameters == ["value": "AB12"])
        #expect(Self.match(["c", "A"]) == nil)
        #expect(Self.match(["c", "AB123"]) == nil)
        #expect(Self.match(["c", "ab"]) == nil)
        #expect(Self.match(["t", "café ☕"])?.parameters == ["value": "café ☕"])
        #expect(Self.match(["t", "a\u{200B}b"]) == nil)
    }

    @Test("a custom type's value is the one its validator returns, not the segment")
    func customValue() {
        #expect(Self.match(["i", "9780306406157"])?.parameters == ["value": "isbn:9780306406157"])
        #expect(Self.match(["i", "978030640615"]) == nil)
    }

    @Test("catch-alls: untyped keeps an empty inner segment, typed refuses one bad segment")
    func catchAlls() {
        #expect(Self.match(["f", "a", "", "b"])?.parameters == ["rest": ["a", "", "b"]])
        #expect(Self.match(["f", "", "b"]) == nil)
        #expect(Self.match(["tf", "1", "22"])?.parameters == ["rest": ["1", "22"]])
        #expect(Self.match(["tf", "1", "x"]) == nil)
    }

    @Test("percent-encoded segments are matched decoded: %2D is a slug's hyphen, %C3%A9 an é")
    func percentEncodedSegments() throws {
        let gate = LinkGate()
        #expect(
            Self.router.match(try gate.parse("https://example.com/g/summer%2D2024"))?.parameters == [
                "value": "summer-2024"
            ])
        #expect(
            Self.router.match(try gate.parse("https://example.com/t/caf%C3%A9"))?.parameters == [
                "value": "café"
            ])
        #expect(
            Self.router.match(try gate.parse("https://example.com/n/%31%32"))?.parameters == ["value": 12])
        #expect(Self.router.match(try gate.parse("https://example.com/%67/ab"))?.route.name == "slug")
    }

    @Test("among many literals each is found, at every length around 8 and 16 bytes")
    func manyLiteralsAreEachFound() throws {
        let names = (1...40).map { String(repeating: "x", count: $0 % 20 + 1) + "\($0)" }
        let router = try Router(
            RouteTable(routes: names.map { Route($0, PathPattern(parsing: "/\($0)/:id(int)")) }))
        for name in names {
            #expect(Self.match([name, "7"], router: router)?.route.name == name)
            #expect(Self.match([name + "y", "7"], router: router) == nil)
            let shorter = String(name.dropLast())
            #expect(
                Self.match([shorter, "7"], router: router)?.route.name
                    == (names.contains(shorter) ? shorter : nil))
        }
        #expect(Self.match(["", "7"], router: router) == nil)
    }

    @Test("a parameter past the sixteenth segment is validated and read as any other")
    func longLinks() throws {
        let pattern = "/" + (1...17).map { "s\($0)" }.joined(separator: "/") + "/:a(int)/:b(uuid)"
        let router = try Router(RouteTable { Route("deep", PathPattern(parsing: pattern)) })
        let id = "123e4567-e89b-12d3-a456-426614174000"
        let segments = (1...17).map { "s\($0)" } + ["42", id]
        #expect(
            Self.match(segments, router: router)?.parameters
                == ["a": 42, "b": .uuid(UUID(uuidString: id)!)])
        #expect(Self.match((1...17).map { "s\($0)" } + ["x", id], router: router) == nil)
    }

    @Test("pitfall: a literal branch that fails late gives way to the parameter branch with its own values")
    func deepBacktracking() throws {
        let router = try Router(
            RouteTable {
                Route("literal", "/a/b/c/d/end")
                Route("typed", "/a/:x(int)/c/:y(slug)/other")
                Route("untyped", "/a/:x/c/:y/:z")
            })
        #expect(Self.match(["a", "b", "c", "d", "end"], router: router)?.route.name == "literal")
        let typed = Self.match(["a", "7", "c", "d", "other"], router: router)
        #expect(typed?.route.name == "typed")
        #expect(typed?.parameters == ["x": 7, "y": "d"])
        let untyped = Self.match(["a", "b", "c", "d", "other"], router: router)
        #expect(untyped?.route.name == "untyped")
        #expect(untyped?.parameters == ["x": "b", "y": "d", "z": "other"])
        let last = Self.match(["a", "7", "c", "D", "other"], router: router)
        #expect(last?.route.name == "untyped")
        #expect(last?.parameters == ["x": "7", "y": "D", "z": "other"])
    }

    @Test(
        "case-insensitive tables: hashed literals and enumerations compare folded, values keep the declared spelling"
    )
    func caseInsensitive() throws {
        let router = try Router(
            RouteTable(options: RoutingOptions(caseSensitivity: .insensitive)) {
                Route("kind", "/Media/:kind(enum Photo|video)")
            })
        #expect(Self.match(["MEDIA", "PHOTO"], router: router)?.parameters == ["kind": "Photo"])
        #expect(Self.match(["media", "Video"], router: router)?.parameters == ["kind": "video"])
        #expect(Self.match(["media", "audio"], router: router) == nil)
    }
}
