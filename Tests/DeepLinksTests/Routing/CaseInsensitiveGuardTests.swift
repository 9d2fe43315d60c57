import Foundation
import Testing

@testable import DeepLinks
@testable import DeepLinksJSON

/// Under a case-insensitive table a link may spell a guarded route's literal in any case, so
/// every analysis of which routes can take the same link compares literals with the table's
/// case rule: the guard rule (TABLE015 and its run-time half), overlaps and shadows.
@Suite("Case-insensitive tables: a guarded route's literal is compared in any case")
struct CaseInsensitiveGuardTests {
    static let insensitive = RoutingOptions(caseSensitivity: .insensitive)
    let gate = LinkGate()

    func match(_ router: Router, _ text: String) throws -> String? {
        router.match(try gate.parse(text))?.name
    }

    @Test("pins: an upper-case pattern beside a destructive literal is reported and refused, not navigated")
    func upperCasePatternBesideDestructiveLiteral() throws {
        let table = RouteTable(options: Self.insensitive) {
            Route("cancelOrder", "/orders/:id(int 1...)/cancel", safety: .destructive)
            Route("orderTab", "/orders/:id/:tab(pattern [A-Z]+)")
        }
        #expect(
            table.findings() == [
                .navigationTakesGuardedLinks(route: "orderTab", guarded: "cancelOrder", safety: .destructive)
            ])
        let router = try Router(table)
        #expect(try match(router, "https://example.com/orders/abc/CANCEL") == nil)
        #expect(try match(router, "https://example.com/orders/12/CANCEL") == "cancelOrder")
        #expect(try match(router, "https://example.com/orders/abc/SHIP") == "orderTab")
    }

    @Test("pins: a literal declared in upper case beside a slug is compared in any case")
    func upperCaseLiteralBesideSlug() throws {
        let table = RouteTable(options: Self.insensitive) {
            Route("deleteAlbum", "/albums/:album(int 1...)/Delete", safety: .destructive)
            Route("albumAction", "/albums/:album/:action(slug)")
        }
        #expect(
            table.findings() == [
                .navigationTakesGuardedLinks(
                    route: "albumAction", guarded: "deleteAlbum", safety: .destructive)
            ])
        let router = try Router(table)
        #expect(try match(router, "https://example.com/albums/summer/delete") == nil)
        #expect(try match(router, "https://example.com/albums/7/delete") == "deleteAlbum")
        #expect(try match(router, "https://example.com/albums/summer/share") == "albumAction")
    }

    @Test("pins: a catch-all of upper-case segments beside a sensitive literal is reported and refused")
    func catchAllBesideSensitiveLiteral() throws {
        let table = RouteTable(options: Self.insensitive) {
            Route("closeAccount", "/account/:id(int 1...)/close", safety: .sensitive)
            Route("accountPages", "/account/*rest(pattern [A-Z0-9]+)")
        }
        #expect(
            table.findings() == [
                .navigationTakesGuardedLinks(
                    route: "accountPages", guarded: "closeAccount", safety: .sensitive)
            ])
        let router = try Router(table)
        #expect(try match(router, "https://example.com/account/X1/CLOSE") == nil)
        #expect(try match(router, "https://example.com/account/1/CLOSE") == "closeAccount")
        #expect(try match(router, "https://example.com/account/X1/OPEN") == "accountPages")
    }

    @Test(
        "the same tables under the case-sensitive rule are free of the finding (the literal's case is kept)")
    func caseSensitiveTablesKeepTheLiteralsCase() throws {
        let table = RouteTable {
            Route("cancelOrder", "/orders/:id(int 1...)/cancel", safety: .destructive)
            Route("orderTab", "/orders/:id/:tab(pattern [A-Z]+)")
        }
        #expect(table.findings().isEmpty)
        let router = try Router(table)
        #expect(try match(router, "https://example.com/orders/abc/CANCEL") == "orderTab")
        #expect(try match(router, "https://example.com/orders/abc/cancel") == nil)
    }

    @Test(
        "an enumeration and an upper-case pattern may share a value when case is ignored: they are ambiguous")
    func enumerationOverlapsPatternInAnyCase() {
        let table = RouteTable(options: Self.insensitive) {
            Route("sorted", "/list/:order(enum asc|desc)", priority: 1)
            Route("coded", "/list/:code(pattern [A-Z]+)", priority: 1)
        }
        let relations = RouteRelations(options: Self.insensitive, registry: ParameterTypeRegistry())
        let compiled = (try? Router(table))?.compiled ?? []
        #expect(compiled.count == 2)
        if compiled.count == 2 { #expect(relations.mayOverlap(compiled[0], compiled[1])) }
    }

    @Test(
        "pins: a slug does not cover a literal with letters under a case-insensitive table (no false shadow)")
    func slugDoesNotCoverLiteralInAnyCase() throws {
        let table = RouteTable(options: Self.insensitive) {
            Route("page", "/docs/:page(slug)", priority: 1)
            Route("intro", "/docs/intro")
        }
        // `/docs/INTRO` is the literal route's and not the slug's: nothing is shadowed.
        #expect(!table.findings().contains(.shadowedRoute(route: "intro", shadowedBy: "page")))
        let router = try Router(table)
        #expect(try match(router, "https://example.com/docs/INTRO") == "intro")
        #expect(try match(router, "https://example.com/docs/intro") == "page")
    }

    @Test("an untyped parameter covers a literal in every case: the shadow is reported")
    func untypedParameterCoversLiteralInAnyCase() {
        let table = RouteTable(options: Self.insensitive) {
            Route("page", "/docs/:page", priority: 1)
            Route("intro", "/docs/intro")
        }
        #expect(table.findings().contains(.shadowedRoute(route: "intro", shadowedBy: "page")))
    }
}

@Suite("Large enumerations: checked in one look-up, refused in a bounded sentence")
struct LargeEnumerationTests {
    static let values = (0..<5_000).map { "value\($0)" }

    @Test("pins: a refusal of a 5,000-value enumeration names ten values and counts the rest")
    func refusalNamesTenValues() {
        let type = ParameterType.enumeration(Self.values)
        let failure = type.validate("other")
        #expect(failure == .failure(.notAllowedValue(allowed: Array(Self.values.prefix(10)), more: 4_990)))
        if case .failure(let reason) = failure {
            #expect(
                reason.sentence
                    == "must be one of 'value0', 'value1', 'value2', 'value3', 'value4', 'value5', 'value6', "
                    + "'value7', 'value8', 'value9' or 4990 more declared values")
        }
    }

    @Test("a large enumeration takes each of its values, in any case when the table ignores case")
    func largeEnumerationTakesEveryValue() {
        let type = ParameterType.enumeration(Self.values)
        #expect(type.validate("value4999") == .success(.string("value4999")))
        #expect(
            type.validate("VALUE4999")
                == .failure(.notAllowedValue(allowed: Array(Self.values.prefix(10)), more: 4_990)))
        #expect(type.validate("VALUE4999", caseSensitive: false) == .success(.string("value4999")))
        #expect(type.validate("value0", caseSensitive: false) == .success(.string("value0")))
    }

    @Test(
        "pins: two 20,000-value enumerations side by side are checked without comparing every pair of values")
    func twoLargeEnumerationsCheckInLinearTime() throws {
        let a = (0..<20_000).map { "a\($0)" }
        let b = (0..<20_000).map { "b\($0)" } + ["a19999"]
        let first = try PathPattern("/x/:v(enum \(a.joined(separator: "|")))")
        let second = try PathPattern("/x/:v(enum \(b.joined(separator: "|")))")
        let table = RouteTable {
            Route("first", first)
            Route("second", second, priority: 1)
        }
        // Before the look-up table this took minutes: every value of one was compared with
        // every value of the other. The pair shares one value, and the priority orders it.
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(table.findings().isEmpty) }
        #expect(elapsed < .seconds(20))
        let router = try Router(table)
        #expect(router.match(try LinkGate().parse("https://example.com/x/b7"))?.name == "second")
        #expect(router.match(try LinkGate().parse("https://example.com/x/a7"))?.name == "first")
        #expect(router.match(try LinkGate().parse("https://example.com/x/a19999"))?.name == "second")
    }
}

@Suite("Route-table JSON: every refusal names its place")
struct RouteTableJSONPlaceTests {
    @Test("pins: a fractional priority is refused at $.routes[0].priority, not as invalid JSON")
    func fractionalPriorityNamesItsPlace() {
        let json = #"{"routes": [{"name": "a", "path": "/a", "priority": 1.5}]}"#
        #expect(
            throws: RouteTableJSONError.invalid(
                reason: "at $.routes[0].priority: the number 1.5 does not fit Int")
        ) {
            try RouteTable(json: Data(json.utf8))
        }
    }

    @Test("a priority past Int's range is refused at its place")
    func hugePriorityNamesItsPlace() {
        let json = #"{"routes": [{"name": "a", "path": "/a", "priority": 1e400}]}"#
        #expect(
            throws: RouteTableJSONError.invalid(
                reason: "at $.routes[0].priority: the number 1e400 does not fit Int")
        ) {
            try RouteTable(json: Data(json.utf8))
        }
    }
}

@Suite("Table check: parameter bounds that can never fit the gate's limits")
struct GateBoundsFindingTests {
    static func policy(_ limits: LinkLimits) -> LinkPolicy {
        var policy = LinkPolicy(allowedHosts: ["example.com"])
        policy.limits = limits
        return policy
    }

    @Test("pins: a string parameter of at least 2,000 characters can never pass 1,024-byte segments")
    func longStringParameterNeverMatches() {
        let table = RouteTable { Route("blob", "/blob/:code(string 2000...3000)") }
        #expect(
            table.findings(policy: Self.policy(LinkLimits()))
                == [
                    .neverMatches(
                        route: "blob",
                        reason:
                            "the shortest value of its parameter 'code' is 2000 bytes and the gate's policy "
                            + "allows path segments of at most 1024")
                ])
    }

    @Test(
        "an integer range, a UUID and a catch-all whose shortest value is over the segment limit are reported"
    )
    func shortestValuesOverTheSegmentLimit() {
        let table = RouteTable {
            Route("big", "/n/:id(int 1000000000...)")
            Route("id", "/u/:id(uuid)")
            Route("rest", "/r/*rest(string 12...20)")
            Route("fits", "/f/:id(int -99999999...-10000)")
        }
        #expect(
            table.findings(policy: Self.policy(LinkLimits(maxSegmentLength: 9)))
                == [
                    .neverMatches(
                        route: "big",
                        reason: "the shortest value of its parameter 'id' is 10 bytes and the gate's policy "
                            + "allows path segments of at most 9"),
                    .neverMatches(
                        route: "id",
                        reason: "the shortest value of its parameter 'id' is 36 bytes and the gate's policy "
                            + "allows path segments of at most 9"),
                    .neverMatches(
                        route: "rest",
                        reason:
                            "the shortest value of its catch-all 'rest' is 12 bytes and the gate's policy "
                            + "allows path segments of at most 9"),
                ])
    }

    @Test("required query items longer or more numerous than the gate keeps are reported")
    func requiredQueryOverTheLimits() {
        let table = RouteTable {
            Route("code", "/t", query: ["code(string 3000...4000)"])
            Route("many", "/m", query: ["a(int)", "b(int)", "c(int)"])
            Route("optional", "/o", query: ["a(string 3000...4000)?"])
        }
        #expect(
            table.findings(policy: Self.policy(LinkLimits(maxQueryItems: 2)))
                == [
                    .neverMatches(
                        route: "code",
                        reason: "its shortest query is 3005 bytes and the gate's policy allows at most 2048"),
                    .neverMatches(
                        route: "many",
                        reason: "it requires 3 query items and the gate's policy keeps at most 2"),
                ])
    }
}
