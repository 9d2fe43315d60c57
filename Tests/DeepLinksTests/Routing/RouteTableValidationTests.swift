import DeepLinks
import Foundation
import Testing

@Suite("Building a table reports every problem as a typed error, never a crash")
struct RouteTableValidationTests {
    func findings(
        _ options: RoutingOptions = RoutingOptions(),
        registry: ParameterTypeRegistry = ParameterTypeRegistry(),
        policy: LinkPolicy? = nil, @RouteTableBuilder _ routes: () -> [Route]
    ) -> [RouteTableFinding] {
        RouteTable(options: options, routes).findings(registry: registry, policy: policy)
    }

    @Test("“the route table rules”: duplicate route names are reported when the table is built")
    func duplicateName() {
        #expect(
            findings {
                Route("album", "/albums/:id(int)")
                Route("album", "/a/:id(slug)")
            } == [.duplicateName(route: "album")])
    }

    @Test("a route name must be non-empty and free of whitespace")
    func invalidName() {
        #expect(
            findings {
                Route("", "/a")
                Route("my route", "/b")
            } == [.invalidName(route: ""), .invalidName(route: "my route")])
    }

    @Test("malformed pattern, query and fragment texts are reported, not trapped")
    func invalidPatterns() {
        let found = findings {
            Route("path", "/a//b")
            Route("query", "/q", query: ["x(int"])
            Route("fragment", "/f", fragment: "s(slug")
        }
        #expect(
            found == [
                .invalidPattern(
                    route: "path", error: PatternSyntaxError(text: "/a//b", offset: 3, reason: .emptySegment)),
                .invalidPattern(
                    route: "query",
                    error: PatternSyntaxError(
                        text: "x(int", offset: 1, parameter: "x", reason: .unclosedParenthesis)),
                .invalidPattern(
                    route: "fragment",
                    error: PatternSyntaxError(
                        text: "s(slug", offset: 1, parameter: "s", reason: .unclosedParenthesis)),
            ])
    }

    @Test("path, query and fragment parameters share one set of names")
    func parameterNameClash() {
        #expect(
            findings {
                Route("clash", "/a/:id/:other", query: ["id(int)"], fragment: "other(slug)?")
                Route("twice", "/b/:x/:x")
            } == [
                .parameterNameClash(route: "clash", parameter: "id"),
                .parameterNameClash(route: "clash", parameter: "other"),
                .parameterNameClash(route: "twice", parameter: "x"),
            ])
    }

    @Test("an unregistered custom type is an unknown type")
    func unknownType() {
        #expect(
            findings { Route("book", "/books/:code(isbn)") }
                == [.unknownParameterType(route: "book", parameter: "code", type: "isbn")])
        let isbn = CustomParameterType(name: "isbn", expected: "an ISBN") { .string($0) }
        #expect(
            findings(registry: ParameterTypeRegistry([isbn])) { Route("book", "/books/:code(isbn)") } == [])
    }

    @Test("bounds that no value satisfies are impossible bounds")
    func impossibleBounds() {
        let found = findings {
            Route("reversed", "/r/:i(int 9...1)")
            Route("zeroLength", "/z/:s", query: [.required("s2", .string(length: 0...0, characters: .any))])
            Route("negative", "/n", query: [.required("s", .string(length: -1...3, characters: .any))])
            Route("emptyEnum", "/e/:k", query: [.required("k2", .enumeration([]))])
            Route("repeatedEnum", "/d", query: [.required("k", .enumeration(["a", "a"]))])
            Route("emptyValue", "/v", query: [.required("k", .enumeration(["a", ""]))])
            Route("noSlug", "/s", query: [.required("k", .slug(length: 0...0))])
        }
        #expect(
            found == [
                .impossibleBounds(
                    route: "reversed", parameter: "i",
                    reason: "the range '9...1' is empty: its lower bound exceeds its upper bound"),
                .impossibleBounds(
                    route: "zeroLength", parameter: "s2",
                    reason: "a maximum length of 0 admits only the empty value"),
                .impossibleBounds(
                    route: "negative", parameter: "s", reason: "a length cannot be negative (-1)"),
                .impossibleBounds(
                    route: "emptyEnum", parameter: "k2", reason: "an enumeration needs at least one value"),
                .impossibleBounds(
                    route: "repeatedEnum", parameter: "k", reason: "the enumeration lists 'a' more than once"),
                .impossibleBounds(
                    route: "emptyValue", parameter: "k", reason: "value 2 of the enumeration is empty"),
                .impossibleBounds(
                    route: "noSlug", parameter: "k", reason: "a maximum length of 0 admits no slug"),
            ])
    }

    @Test("a default must satisfy its own type")
    func invalidDefault() {
        #expect(
            findings {
                Route("album", "/albums", query: ["index(int 0...9)=10", "sort(enum name|date)=size"])
            } == [
                .invalidDefault(route: "album", parameter: "index", reason: .outOfRange(0...9)),
                .invalidDefault(
                    route: "album", parameter: "sort", reason: .notAllowedValue(allowed: ["name", "date"])),
            ])
    }

    @Test(
        "scopes need valid schemes and hosts, and a scope with hosts lists a web scheme when it lists schemes"
    )
    func invalidScope() {
        #expect(
            findings {
                Route("scheme", "/a", scope: RouteScope(schemes: ["ht tp"]))
                Route("host", "/b", scope: RouteScope(hosts: ["exa mple.com", "a..b"]))
                Route("custom", "/c", scope: RouteScope(schemes: ["myapp"], hosts: ["example.com"]))
                Route("mixed", "/d", scope: RouteScope(schemes: ["https", "myapp"], hosts: ["example.com"]))
            } == [
                .invalidScope(route: "scheme", reason: "'ht tp' is not a valid scheme"),
                .invalidScope(route: "host", reason: "'exa mple.com' is not a valid host pattern"),
                .invalidScope(route: "host", reason: "'a..b' is not a valid host pattern"),
                .invalidScope(
                    route: "custom",
                    reason: "hosts apply to web links only and the scope lists no web scheme; "
                        + "for a custom scheme the host is the first segment of the path"),
            ])
    }

    @Test(
        "hosts and a custom scheme in one scope: web links match by host, custom-scheme links by scheme (as every article says)"
    )
    func hostsBesideCustomScheme() throws {
        let receiver = try LinkReceiver(
            table: RouteTable {
                Route(
                    "doc", "/doc/:id(int 1...)",
                    scope: RouteScope(schemes: ["https", "newsapp"], hosts: ["example.com"]))
            },
            policy: LinkPolicy(
                allowedSchemes: ["https", "newsapp"], allowedHosts: ["example.com", "other.com"]))
        #expect(receiver.receive(url: "https://example.com/doc/42").match?.parameters == ["id": 42])
        #expect(receiver.receive(url: "newsapp://doc/42").match?.parameters == ["id": 42])
        #expect(receiver.receive(url: "https://other.com/doc/42").match == nil)
    }

    @Test("a custom-scheme route whose first literal cannot be a lower-case host never matches")
    func customSchemeFirstLiteral() {
        #expect(
            findings {
                Route("upper", "/Doc/:id", scope: RouteScope(schemes: ["newsapp"]))
                Route("accent", "/caf%C3%A9", scope: RouteScope(schemes: ["newsapp"]))
            } == [
                .neverMatches(
                    route: "upper",
                    reason:
                        "the first segment 'Doc' is the link's host, which the gate lower-cases; write it in lower case"
                ),
                .neverMatches(
                    route: "accent",
                    reason:
                        "the first segment of a custom-scheme route is the link's host, which cannot be 'café'"
                ),
            ])
        #expect(
            findings(RoutingOptions(caseSensitivity: .insensitive)) {
                Route("upper", "/Doc/:id", scope: RouteScope(schemes: ["newsapp"]))
            } == [])
    }

    @Test("checked against the gate's policy, routes the gate never lets through never match")
    func neverMatchesUnderPolicy() {
        var policy = LinkPolicy(allowedHosts: ["example.com"])
        policy.limits.maxPathSegments = 3
        let found = findings(policy: policy) {
            Route("custom", "/settings", scope: RouteScope(schemes: ["myapp"]))
            Route("foreign", "/x", scope: RouteScope(hosts: ["example.org"]))
            Route("long", "/a/b/c/d")
            Route("tracked", "/t", query: ["utm_source(slug)", "token?"])
        }
        #expect(
            found == [
                .neverMatches(route: "custom", reason: "the gate's policy does not allow the scheme 'myapp'"),
                .neverMatches(
                    route: "foreign", reason: "the gate's policy does not allow the host 'example.org'"),
                .neverMatches(
                    route: "long", reason: "its path has 4 segments and the gate's policy allows at most 3"),
                .neverMatches(
                    route: "tracked",
                    reason:
                        "sanitising removes the query item 'utm_source' before routing (the policy's removedQueryItems name it)"
                ),
                .neverMatches(
                    route: "tracked",
                    reason:
                        "sanitising removes the query item 'token' before routing (the policy's removedQueryItems name it)"
                ),
            ])
    }

    @Test("a removed query item is found by exact name and by prefix, in any letter case")
    func removedQueryItemsIgnoreCase() {
        var policy = LinkPolicy(allowedHosts: ["example.com"])
        policy.removedQueryItems = ["Ref_*", "sid"]
        let found = findings(policy: policy) {
            Route("tracked", "/t", query: ["REF_code(slug)", "Sid?", "sidx?", "re?", "other?"])
        }
        let reason = { (name: String) in
            "sanitising removes the query item '\(name)' before routing (the policy's removedQueryItems name it)"
        }
        #expect(
            found == [
                .neverMatches(route: "tracked", reason: reason("REF_code")),
                .neverMatches(route: "tracked", reason: reason("Sid")),
            ])
        policy.removedQueryItems = []
        #expect(findings(policy: policy) { Route("tracked", "/t", query: ["utm_source?"]) } == [])
    }

    @Test("a literal the gate can never deliver never matches")
    func literalsTheGateRefuses() {
        #expect(
            findings(policy: LinkPolicy()) {
                Route("nul", "/a%00b")
                Route("slash", "/a%2Fb")
                // A separator joined to a combining mark is one character, but the gate still
                // refuses its `%2F`.
                Route("slashWithMark", "/a%2F%CC%81")
                Route("backslashWithMark", "/b%5C%CC%81")
            } == [
                .neverMatches(
                    route: "nul",
                    reason: "the literal 'a\\0b' holds a control character, which the gate refuses"),
                .neverMatches(
                    route: "slash",
                    reason: "the literal 'a/b' holds an encoded separator, which the gate's policy refuses"),
                .neverMatches(
                    route: "slashWithMark",
                    reason:
                        "the literal 'a/\u{301}' holds an encoded separator, which the gate's policy refuses"),
                .neverMatches(
                    route: "backslashWithMark",
                    reason:
                        "the literal 'b\\\u{301}' holds an encoded separator, which the gate's policy refuses"
                ),
            ])
        #expect(findings { Route("slash", "/a%2Fb") } == [])
    }

    @Test("“the route table rules”: duplicate routes: two routes that match exactly the same links")
    func duplicateRoute() {
        #expect(
            findings {
                Route("first", "/a/:x(int)")
                Route("second", "/a/:y(int)")
                Route("third", "/b/")
                Route("fourth", "/b")
            } == [
                .duplicateRoute(route: "second", duplicateOf: "first"),
                .duplicateRoute(route: "fourth", duplicateOf: "third"),
            ])
    }

    @Test("“the route table rules”: shadowed routes: every link taken first by a higher priority route")
    func shadowedByPriority() {
        #expect(
            findings {
                Route("general", "/a/:x", priority: 1)
                Route("specific", "/a/b")
            } == [.shadowedRoute(route: "specific", shadowedBy: "general")])
    }

    @Test(
        "“the route table rules”: duplicate routes: a literal and an enumeration of that one value match the same links"
    )
    func literalDuplicatesSingleValueEnumeration() {
        #expect(
            findings {
                Route("choice", "/a/:k(enum new)")
                Route("new", "/a/new")
            } == [.duplicateRoute(route: "new", duplicateOf: "choice")])
    }

    @Test(
        "“the route table rules”: shadowed routes: in declaration order an earlier, more general route shadows a later one"
    )
    func shadowedByEarlierRoute() {
        #expect(
            findings(RoutingOptions(precedence: .declarationOrder)) {
                Route("files", "/files/*rest")
                Route("readme", "/files/readme")
                Route("numbered", "/files/:n(int)", priority: 1)
            } == [.shadowedRoute(route: "readme", shadowedBy: "files")])
    }

    @Test("routes that can match one link with neither preceding are ambiguous")
    func ambiguous() {
        #expect(
            findings {
                Route("small", "/u/:id(int 0...9)")
                Route("large", "/u/:n(int 5...20)")
                Route("byQ", "/s", query: ["q"])
                Route("byV", "/s", query: ["v"])
                Route("short", "/w/:x(string 1...5)")
                Route("long", "/w/:y(string)")
            } == [
                .ambiguousRoutes(route: "large", other: "small"),
                .ambiguousRoutes(route: "byV", other: "byQ"),
                .ambiguousRoutes(route: "long", other: "short"),
            ])
    }

    @Test("routes that cannot match the same link are no problem, however alike")
    func disjointRoutes() {
        #expect(
            findings {
                Route("low", "/u/:id(int 0...4)")
                Route("high", "/u/:n(int 5...9)")
                Route("a", "/p", scope: RouteScope(hosts: ["a.example"]))
                Route("b", "/p", scope: RouteScope(hosts: ["b.example"]))
                Route("web", "/d", scope: RouteScope(schemes: ["https"]))
                Route("app", "/d", scope: RouteScope(schemes: ["myapp"]))
                Route("q1", "/q", query: ["n(int 0...4)"])
                Route("q2", "/q", query: ["n(int 5...9)"])
                Route("noFragment", "/f", fragment: .none)
                Route("fragment", "/f", fragment: "s(slug)")
            } == [])
    }

    @Test("custom types with reserved, malformed or repeated names are reported")
    func invalidCustomTypes() {
        let accept: @Sendable (String) -> ParameterValue? = { .string($0) }
        let registry = ParameterTypeRegistry([
            CustomParameterType(name: "int", expected: "x", validate: accept),
            CustomParameterType(name: "9x", expected: "x", validate: accept),
            CustomParameterType(name: "isbn", expected: "x", validate: accept),
            CustomParameterType(name: "isbn", expected: "y", validate: accept),
        ])
        #expect(
            findings(registry: registry) { Route("a", "/a") } == [
                .invalidCustomType(name: "int", reason: "the name is reserved for a built-in type"),
                .invalidCustomType(
                    name: "9x", reason: "a type name is a letter followed by letters, digits, '_', '-' or '.'"
                ),
                .invalidCustomType(name: "isbn", reason: "the name is registered more than once"),
            ])
    }

    @Test("the router refuses a table with every problem at once, each with a sentence")
    func routerThrowsEveryFinding() {
        let table = RouteTable {
            Route("album", "/albums/:id(int)")
            Route("album", "/albums/:id(int)/x")
            Route("bad", "/a//b")
        }
        #expect(throws: RouteTableError(findings: table.findings())) { try Router(table) }
        let error = RouteTableError(findings: table.findings())
        #expect(
            error.description == """
                the route table has 2 findings:
                - the name 'album' is used by more than one route; route names must be unique
                - route 'bad': '/a//b' at offset 3: a path pattern has no empty segments ('//')
                """)
    }
}
