import Foundation
import Testing

@testable import DeepLinks
@testable import DeepLinksJSON

@Suite("Declared parameter types: a table names its own types, in Swift and JSON alike")
struct DeclaredParameterTypeTests {
    static let types = [
        ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}"),
        ParameterTypeDeclaration("giftCode", "pattern [A-Z0-9]{4}(-[A-Z0-9]{4}){2}"),
        ParameterTypeDeclaration("day", "pattern \\d{4}-\\d{2}-\\d{2}"),
        ParameterTypeDeclaration("rating", .integer(1...5)),
        ParameterTypeDeclaration("locale", "enum de|fr|pt-BR"),
    ]

    static let table = RouteTable(types: types) {
        Route("title", "/title/:id(titleID)")
        Route("rate", "/title/:id(titleID)/rate/:stars(rating)")
        Route("redeem", "/gift/:code(giftCode)", safety: .sensitive)
        Route("schedule", "/:locale(locale)/schedule/:day(day)")
    }

    static let json = #"""
        {"types": [
            {"name": "titleID", "type": "pattern tt[0-9]{7,8}"},
            {"name": "giftCode", "type": "pattern [A-Z0-9]{4}(-[A-Z0-9]{4}){2}"},
            {"name": "day", "type": "pattern \\d{4}-\\d{2}-\\d{2}"},
            {"name": "rating", "type": "int 1...5"},
            {"name": "locale", "type": "enum de|fr|pt-BR"}
        ],
        "routes": [
            {"name": "title", "path": "/title/:id(titleID)"},
            {"name": "rate", "path": "/title/:id(titleID)/rate/:stars(rating)"},
            {"name": "redeem", "path": "/gift/:code(giftCode)", "safety": "sensitive"},
            {"name": "schedule", "path": "/:locale(locale)/schedule/:day(day)"}
        ]}
        """#

    static func route(_ router: Router, _ path: String) -> String? {
        router.match(
            scheme: "https", host: "example.com",
            pathSegments: path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
                String.init)
        )?.name
    }

    @Test("routes use declared types by name, and links route exactly as the types say")
    func routing() throws {
        let router = try Router(Self.table)
        #expect(Self.route(router, "/title/tt0111161") == "title")
        #expect(Self.route(router, "/title/123456789") == nil)
        #expect(Self.route(router, "/title/tt0111161/rate/5") == "rate")
        #expect(Self.route(router, "/title/tt0111161/rate/6") == nil)
        #expect(Self.route(router, "/gift/AB12-CD34-EF56") == "redeem")
        #expect(Self.route(router, "/gift/AB12-CD34") == nil)
        #expect(Self.route(router, "/pt-BR/schedule/2026-11-26") == "schedule")
        #expect(Self.route(router, "/es/schedule/2026-11-26") == nil)
        let tableMatch = try #require(
            router.match(
                scheme: "https", host: "example.com", pathSegments: ["title", "tt0111161", "rate", "4"]))
        #expect(
            tableMatch.parameters == RouteParameters([("id", .string("tt0111161")), ("stars", .integer(4))]))
    }

    @Test(
        "the JSON form reads the same table, writes it back, and the fast reader reads the types section too")
    func json() throws {
        let data = Data(Self.json.utf8)
        #expect(RouteTableJSONReader.table(in: Array(data)) == Self.table)
        let read = try RouteTable(json: data)
        #expect(read == Self.table)
        #expect(read == (try JSONDecoder().decode(RouteTable.self, from: data)))
        let written = try JSONEncoder().encode(Self.table)
        #expect(try RouteTable(json: written) == Self.table)
        // A table without types is written as before, without the key.
        let plain = try JSONEncoder().encode(RouteTable { Route("home", "/") })
        #expect(!String(decoding: plain, as: UTF8.self).contains("types"))
    }

    @Test("a declaration with an unknown or repeated key is refused, naming it")
    func strictDeclarations() throws {
        #expect(
            throws: RouteTableJSONError.invalid(
                reason:
                    "at $.types[0]: unknown key 'expected' in a type declaration; allowed keys are name, type"
            )
        ) {
            try RouteTable(
                json: Data(
                    #"{"types": [{"name": "a", "type": "int", "expected": "x"}], "routes": []}"#.utf8))
        }
        #expect(
            throws: RouteTableJSONError.invalid(
                reason:
                    "the key 'type' appears twice in the object at $.types[0]; a repeated key is refused, "
                    + "because readers disagree on which value counts")
        ) {
            try RouteTable(
                json: Data(#"{"types": [{"name": "a", "type": "int", "type": "slug"}], "routes": []}"#.utf8))
        }
    }

    @Test("bad declarations are table problems with their own codes and sentences")
    func findings() {
        let table = RouteTable(
            types: [
                ParameterTypeDeclaration("int", "int 1...5"),
                ParameterTypeDeclaration("1st", "slug"),
                ParameterTypeDeclaration("code", "pattern [A-Z]{8,4}"),
                ParameterTypeDeclaration("alias", "isbn"),
                ParameterTypeDeclaration("empty", "enum a|a"),
                ParameterTypeDeclaration("code2", "slug 1...8"),
                ParameterTypeDeclaration("code2", "slug 1...9"),
                ParameterTypeDeclaration("isbn", "pattern [0-9]{13}"),
            ],
            routes: [
                Route("book", "/b/:id(isbn)"), Route("other", "/o/:id(code2)"), Route("lost", "/l/:x(nope)"),
            ])
        let isbn = CustomParameterType(name: "isbn", expected: "an ISBN") { .string($0) }
        let findings = table.findings(registry: ParameterTypeRegistry([isbn]))
        #expect(
            findings == [
                .invalidTypeDeclaration(name: "int", reason: "the name is reserved for a built-in type"),
                .invalidTypeDeclaration(
                    name: "1st",
                    reason: "a type name is a letter followed by letters, digits, '_', '-' or '.'"),
                .invalidTypeDeclaration(
                    name: "code",
                    reason:
                        "the pattern '[A-Z]{8,4}' is invalid at character 6: the repetition '{8,4}' allows no count: "
                        + "its minimum exceeds its maximum, or its maximum is 0"),
                .invalidTypeDeclaration(
                    name: "alias",
                    reason:
                        "'isbn' is not a built-in type; a declared type is a built-in type with its bounds or a pattern, "
                        + "not another named type"),
                .invalidTypeDeclaration(
                    name: "empty",
                    reason: "it can never be satisfied: the enumeration lists 'a' more than once"),
                .invalidTypeDeclaration(name: "code2", reason: "the table declares it more than once"),
                .typeDeclaredAndRegistered(name: "isbn"),
                .unknownParameterType(route: "lost", parameter: "x", type: "nope"),
            ])
        #expect(
            findings.map(\.code) == [
                "TABLE030", "TABLE030", "TABLE030", "TABLE030", "TABLE030", "TABLE030", "TABLE031",
                "TABLE005",
            ])
        #expect(
            findings[6].description
                == "the parameter type 'isbn' is both declared in the table and registered in Swift; "
                + "keep one of them, or rename one and the routes that use it")
        #expect(
            findings[5].description
                == "the declared parameter type 'code2' is invalid: the table declares it more than once")
    }

    @Test("a type registered in Swift keeps working beside declared ones")
    func registeredTypesStillWork() throws {
        let isbn = CustomParameterType(name: "isbn", expected: "a 13-digit ISBN") { text in
            text.count == 13 && text.allSatisfy(\.isNumber) ? .string(text) : nil
        }
        let table = RouteTable(types: Self.types) {
            Route("book", "/book/:isbn(isbn)")
            Route("title", "/title/:id(titleID)")
        }
        let router = try Router(table, registry: ParameterTypeRegistry([isbn]))
        #expect(Self.route(router, "/book/9780306406157") == "book")
        #expect(Self.route(router, "/book/97803064") == nil)
        #expect(Self.route(router, "/title/tt0111161") == "title")
    }

    @Test("a declared type is ranked, compared and explained by what it accepts")
    func precedenceAndExplain() throws {
        // A declared pattern is tried before a slug, as an inline one would be, so the two
        // routes are not ambiguous.
        let table = RouteTable(types: Self.types) {
            Route("byName", "/t/:name(slug)")
            Route("byID", "/t/:id(titleID)")
        }
        #expect(table.findings() == [])
        let router = try Router(table)
        #expect(Self.route(router, "/t/tt0111161") == "byID")
        #expect(Self.route(router, "/t/casablanca") == "byName")
        let gate = LinkGate(policy: LinkPolicy(allowedHosts: ["example.com"]))
        let failing = try Router(Self.table)
        let attempts = failing.explain(
            gate.sanitize(try gate.parse("https://example.com/title/123456789")).link)
        #expect(
            attempts.attempts.contains {
                $0.result
                    == .parameterFailed(
                        ParameterFailure(
                            parameter: "id", location: .path, value: "123456789",
                            reason: .notMatchingPattern("tt[0-9]{7,8}", type: "titleID")))
            })
    }
}

@Suite("Guard precision: a literal a guarded parameter cannot take is not shaped like it")
struct GuardPrecisionTests {
    static func route(_ router: Router, _ segments: [String]) -> String? {
        router.match(scheme: "https", host: "example.com", pathSegments: segments)?.name
    }

    @Test(
        "pins: /name/:slug(slug) beside sensitive /:locale(enum de|fr|es|it|ja)/redeem is not a TABLE015 finding"
    )
    func literalOutsideEnumerationIsNotAFinding() throws {
        for caseSensitivity in [RoutingOptions.CaseSensitivity.sensitive, .insensitive] {
            let table = RouteTable(options: RoutingOptions(caseSensitivity: caseSensitivity)) {
                Route("name", "/name/:slug(slug)")
                Route("redeem", "/:locale(enum de|fr|es|it|ja)/redeem", safety: .sensitive)
            }
            #expect(table.findings() == [])
            let router = try Router(table)
            // `name` is not a locale: the link is the slug route's, not refused to Safari.
            #expect(Self.route(router, ["name", "redeem"]) == "name")
            #expect(Self.route(router, ["de", "redeem"]) == "redeem")
        }
    }

    @Test("a literal the enumeration lists still makes the finding, and the guarded route still asks first")
    func literalInsideEnumerationIsAFinding() throws {
        let table = RouteTable {
            Route("german", "/de/:slug(slug)")
            Route("redeem", "/:locale(enum de|fr)/redeem", safety: .sensitive)
        }
        #expect(
            table.findings() == [
                .navigationTakesGuardedLinks(route: "german", guarded: "redeem", safety: .sensitive)
            ])
        let router = try Router(table)
        #expect(Self.route(router, ["de", "redeem"]) == "redeem")
        #expect(Self.route(router, ["de", "summer"]) == "german")
    }

    @Test(
        "declared patterns: a literal the pattern cannot match is kept apart, under either case rule only when exact"
    )
    func declaredPatterns() throws {
        let types = [
            ParameterTypeDeclaration("giftCode", "pattern [A-Z0-9]{4}-[A-Z0-9]{4}"),
            ParameterTypeDeclaration("shout", "pattern [A-Z]{4}"),
        ]
        let gift = RouteTable(types: types) {
            Route("name", "/name/:slug(slug)")
            Route("redeem", "/:code(giftCode)/redeem", safety: .sensitive)
        }
        #expect(gift.findings() == [])
        #expect(Self.route(try Router(gift), ["name", "redeem"]) == "name")
        #expect(Self.route(try Router(gift), ["AB12-CD34", "redeem"]) == "redeem")

        let sensitive = RouteTable(types: types) {
            Route("name", "/name/:slug(slug)")
            Route("shouted", "/:word(shout)/redeem", safety: .sensitive)
        }
        #expect(sensitive.findings() == [])
        // Ignoring case, `name` is the literal `NAME` too, which the pattern takes: a real finding.
        let insensitive = RouteTable(options: RoutingOptions(caseSensitivity: .insensitive), types: types) {
            Route("name", "/name/:slug(slug)")
            Route("shouted", "/:word(shout)/redeem", safety: .sensitive)
        }
        #expect(
            insensitive.findings() == [
                .navigationTakesGuardedLinks(route: "name", guarded: "shouted", safety: .sensitive)
            ])
        #expect(Self.route(try Router(insensitive), ["NAME", "redeem"]) == "shouted")
    }

    @Test("other types: a literal that is not an integer, a UUID or a boolean is not one")
    func otherTypes() throws {
        let table = RouteTable {
            Route("name", "/name/:slug(slug)")
            Route("pay", "/:amount(int 1...100)/redeem", safety: .destructive)
            Route("flag", "/:on(bool)/x/redeem", safety: .sensitive)
            Route("named", "/name/x/:id(uuid)", safety: .sensitive)
            Route("deep", "/name/x/:rest")
        }
        #expect(
            table.findings() == [
                .navigationTakesGuardedLinks(route: "deep", guarded: "named", safety: .sensitive)
            ])
        let router = try Router(table)
        #expect(Self.route(router, ["name", "redeem"]) == "name")
        #expect(Self.route(router, ["7", "redeem"]) == "pay")
    }

    @Test("a real finding's sentence says what to change")
    func findingSentence() {
        let finding = RouteTableFinding.navigationTakesGuardedLinks(
            route: "german", guarded: "redeem", safety: .sensitive)
        #expect(
            finding.description
                == "navigate route 'german' can take links shaped like sensitive route 'redeem' when they fail its "
                + "parameter checks; such links are refused instead of navigating. To keep them apart, give 'german' "
                + "a literal where 'redeem' has a parameter whose type cannot take it (a value its enum does not list, "
                + "text its pattern does not match), or narrow the parameters of 'german' so that they cannot take "
                + "the literals of 'redeem'")
        #expect(finding.code == "TABLE015")
        #expect(!finding.isError)
    }
}
