import DeepLinks
import Foundation
import Testing

@Suite("Optional last segment and open integer ranges: one route for /c/shoes and /c/shoes/2")
struct OptionalSegmentTests {
    static let category = Route(
        "category", "/c/:slug(slug)/:page(int 1...)?",
        scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"]))

    let router: Router

    init() throws {
        router = try Router(RouteTable { Self.category })
    }

    // MARK: Pattern

    @Test("the pattern keeps the optional parameter in its segments and writes the same text back")
    func patternParsing() throws {
        let pattern = try PathPatternTests.parsed("/c/:slug(slug)/:page(int 1...)?")
        #expect(pattern.hasOptionalLastSegment)
        #expect(pattern.parameterNames == ["slug", "page"])
        #expect(
            pattern.segments == [
                .literal("c"), .parameter(name: "slug", type: .slug(length: 1...128)),
                .parameter(name: "page", type: .integer(1...Int.max)),
            ])
        #expect(pattern.shapes.map(\.count) == [3, 2])
        #expect(pattern.optionalSegmentPositions == [2])
        #expect(pattern.readings == ["/c/:slug(slug)/:page(int 1...)", "/c/:slug(slug)"])
        let rebuilt = PathPattern(segments: pattern.segments, optionalLastSegment: true)
        #expect(rebuilt.text == "/c/:slug(slug)/:page(int 1...)?")
        #expect(rebuilt.syntaxError == nil)
        #expect(try PathPatternTests.parsed("/:page?").shapes == [[.parameter(name: "page", type: nil)], []])
    }

    @Test(
        "a catch-all is never optional, an optional last segment is not followed by a trailing slash, at most three per pattern",
        arguments: [
            ("/c/:page(int)?/", 14, PatternSyntaxError.Reason.optionalBeforeTrailingSlash),
            ("/c/:a?/:b?/:c?/:d?", 17, .tooManyOptionalSegments(limit: 3)),
            ("/files/*rest?", 12, .optionalCatchAll),
            ("/c/all?", 6, .invalidCharacter("?")),
            ("/c/:a?b", 6, .textAfterParameter("b")),
        ])
    func misplacedOptional(_ text: String, _ offset: Int, _ reason: PatternSyntaxError.Reason) {
        let pattern = PathPattern(parsing: text)
        #expect(pattern.syntaxError?.reason == reason)
        #expect(pattern.syntaxError?.offset == offset)
    }

    @Test("the syntax errors say what an optional segment may not be")
    func optionalSegmentSentences() {
        #expect(
            PathPattern(parsing: "/c/:page?/").syntaxError?.description
                == "'/c/:page?/' at offset 9: an optional last segment (':name?' or ':name(type)?') "
                + "cannot be followed by a trailing slash")
        #expect(
            PathPattern(parsing: "/:a?/:b?/:c?/:d?").syntaxError?.description
                == "parameter 'd' in '/:a?/:b?/:c?/:d?' at offset 15: a path pattern has at most 3 optional segments"
        )
    }

    // MARK: Matching

    @Test("/c/shoes matches with page absent, /c/shoes/2 with page 2, /c/shoes/0 fails the range")
    func matching() throws {
        let short = router.match(try RouteFixtures.link("https://shop.example.com/c/shoes"))
        #expect(short?.name == "category")
        #expect(short?.parameters == ["slug": "shoes"])
        #expect(short?.parameters["page"] == nil)

        let long = router.match(try RouteFixtures.link("https://shop.example.com/c/shoes/2"))
        #expect(long?.parameters == ["slug": "shoes", "page": 2])

        let zero = try RouteFixtures.link("https://shop.example.com/c/shoes/0")
        #expect(router.match(zero) == nil)
        #expect(
            router.explain(zero).attempts == [
                RouteAttempt(
                    route: "category",
                    result: .parameterFailed(
                        ParameterFailure(
                            parameter: "page", location: .path, value: "0", reason: .outOfRange(1...Int.max)))
                )
            ])
        #expect(router.match(try RouteFixtures.link("https://shop.example.com/c/shoes/2/3")) == nil)
        #expect(router.match(try RouteFixtures.link("https://shop.example.com/c")) == nil)
    }

    @Test("explain lists the optional route as matched for the shorter link")
    func explainShorter() throws {
        let explanation = router.explain(try RouteFixtures.link("https://shop.example.com/c/shoes"))
        #expect(explanation.winner == "category")
        #expect(explanation.description == "category: matched")
    }

    @Test("an optional route still yields to a literal route declared for one of its shapes")
    func literalBeatsOptional() throws {
        let router = try RouteFixtures.router {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
            Route("sale", "/c/sale")
            Route("firstPage", "/c/:slug(slug)/1")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/sale") == "sale")
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/sale/2") == "category")
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/shoes/1") == "firstPage")
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/shoes") == "category")
    }

    @Test("with significant trailing slashes, /c/shoes/ is neither shape of the optional route")
    func trailingSlashSignificant() throws {
        let router = try RouteFixtures.router(options: RoutingOptions(trailingSlash: .significant)) {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/shoes") == "category")
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/shoes/") == nil)
    }

    @Test("in declaration order the optional route matches both shapes")
    func declarationOrder() throws {
        let router = try RouteFixtures.router(options: RoutingOptions(precedence: .declarationOrder)) {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
        }
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/shoes") == "category")
        #expect(try RouteFixtures.routeName(router, "https://example.com/c/shoes/3") == "category")
    }

    // MARK: Reverse routing

    @Test(
        "optional segment round trip: match, reverse, same link, with and without the optional value",
        arguments: ["https://shop.example.com/c/shoes", "https://shop.example.com/c/shoes/2"])
    func optionalSegmentRoundTrip(_ text: String) throws {
        let tableMatch = try #require(router.match(try RouteFixtures.link(text)))
        #expect(try router.link(for: tableMatch.name, parameters: tableMatch.parameters) == text)
    }

    @Test("reverse routing leaves the segment out without a value and checks it with one")
    func reverse() throws {
        #expect(
            try router.link(for: "category", parameters: ["slug": "shoes"])
                == "https://shop.example.com/c/shoes")
        #expect(throws: ReverseRoutingError.missingParameter(route: "category", parameter: "slug")) {
            try router.link(for: "category", parameters: ["page": 2])
        }
        #expect(
            throws: ReverseRoutingError.invalidParameter(
                route: "category",
                failure: ParameterFailure(
                    parameter: "page", location: .path, value: "0", reason: .outOfRange(1...Int.max)))
        ) {
            try router.link(for: "category", parameters: ["slug": "shoes", "page": 0])
        }
    }

    @Test("a custom-scheme route with an optional segment writes its first segment as the host")
    func customSchemeOptional() throws {
        let router = try RouteFixtures.router {
            Route("inbox", "/inbox/:folder(slug)?", scope: RouteScope(schemes: ["myapp"]))
        }
        #expect(try router.link(for: "inbox") == "myapp://inbox")
        #expect(try router.link(for: "inbox", parameters: ["folder": "work"]) == "myapp://inbox/work")
        #expect(try RouteFixtures.routeName(router, "myapp://inbox") == "inbox")
        #expect(router.match(try RouteFixtures.link("myapp://inbox/work"))?.parameters == ["folder": "work"])
    }

    // MARK: Table checks

    @Test("an optional route overlaps both shapes: a plain route with either shape is reported")
    func overlapBothShapes() {
        let full = RouteTable {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
            Route("paged", "/c/:slug(slug)/:page(int 1...)")
        }
        #expect(full.findings() == [.ambiguousRoutes(route: "paged", other: "category")])
        let short = RouteTable {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
            Route("listing", "/c/:slug(slug)")
        }
        #expect(short.findings() == [.ambiguousRoutes(route: "listing", other: "category")])
        let twice = RouteTable {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
            Route("again", "/c/:slug(slug)/:page(int 1...)?")
        }
        #expect(twice.findings() == [.duplicateRoute(route: "again", duplicateOf: "category")])
    }

    @Test("an optional route is shadowed only when both of its shapes are, and shadows both shapes")
    func shadowing() {
        let shadowsBoth = RouteTable {
            Route("any", "/c/*rest")
            Route("category", "/c/:slug(slug)/:page(int 1...)?", priority: -1)
        }
        #expect(shadowsBoth.findings() == [.shadowedRoute(route: "category", shadowedBy: "any")])
        let shadowsOne = RouteTable {
            Route("paged", "/c/:slug/:page", priority: 1)
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
        }
        #expect(shadowsOne.findings() == [])
        let shadowed = RouteTable {
            Route("category", "/c/:slug/:page?", priority: 1)
            Route("listing", "/c/:slug(slug)")
        }
        #expect(shadowed.findings() == [.shadowedRoute(route: "listing", shadowedBy: "category")])
    }

    @Test("disjoint optional routes pass the table checks")
    func disjoint() {
        let table = RouteTable {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
            Route("brand", "/b/:slug(slug)/:page(int 1...)?")
            Route("categoryNegative", "/c/:slug(slug)/:page(int ...0)")
        }
        #expect(table.findings() == [])
    }

    // MARK: Open ranges

    @Test(
        "open integer ranges parse, print back and bound one side",
        arguments: [
            ("int 1...", ParameterType.integer(1...Int.max)),
            ("int ...0", .integer(Int.min...0)),
            ("int -5...", .integer(-5...Int.max)),
            ("int", .integer(Int.min...Int.max)),
            ("int 0...9", .integer(0...9)),
        ])
    func openRanges(_ text: String, _ type: ParameterType) throws {
        #expect(try ParameterType(parsing: text) == type)
        #expect(type.description == text)
    }

    @Test("open ranges accept and refuse at their one bound")
    func openRangeBounds() throws {
        let positive = try ParameterType(parsing: "int 1...")
        #expect(positive.validate("1") == .success(.integer(1)))
        #expect(positive.validate("9223372036854775807") == .success(.integer(Int.max)))
        #expect(positive.validate("0") == .failure(.outOfRange(1...Int.max)))
        let negative = try ParameterType(parsing: "int ...0")
        #expect(negative.validate("-9223372036854775808") == .success(.integer(Int.min)))
        #expect(negative.validate("1") == .failure(.outOfRange(Int.min...0)))
    }

    @Test(
        "a range open on both sides, or an open length range, is refused with a sentence",
        arguments: ["int ...", "string 1...", "slug ...4", "int 1..." + "2..."])
    func malformedOpenRanges(_ text: String) {
        let range = String(text.drop { $0 != " " }.dropFirst())
        #expect(throws: ParameterTypeSyntaxError(text: text, reason: .invalidRange(range))) {
            try ParameterType(parsing: text)
        }
    }

    @Test("the invalid-range sentence mentions the open forms")
    func invalidRangeSentence() {
        #expect(
            ParameterTypeSyntaxError(text: "int ...", reason: .invalidRange("...")).description
                == "'...' is not a range such as 0...9999 (an int range may also be open: 1... or ...0)")
    }
}
