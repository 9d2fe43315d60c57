import DeepLinks
import Foundation
import Testing

/// Seeded, reproducible round trips through generated route tables: route → link → route, and
/// table → JSON → table.
@Suite("Properties: route tables and reverse routing")
struct RouteRoundTripPropertyTests {
    static let tablesPerSeed = 25
    static let linksPerRoute = 8

    /// Text that stays valid in every position a string parameter appears: no `/`, `\`,
    /// control or bidi characters, but characters that need escaping in every part of a link.
    static let stringAlphabet = Array("abcXYZ019 -_.~!$&'()*+,;=:@?#%[]\"<>é€😀ü")

    /// Text of `1...maxLength` characters from ``stringAlphabet`` that is never `.` or `..`,
    /// which no path segment may be.
    static func text(_ random: inout SplitMix64, maxLength: Int) -> String {
        let text = random.string(random.int(1...maxLength), from: stringAlphabet)
        return text.allSatisfy { $0 == "." } ? "a" + text.dropFirst() : text
    }

    /// A parameter type and a way to draw values that satisfy it.
    struct GeneratedType {
        let text: String
        let value: (inout SplitMix64) -> ParameterValue
    }

    static func type(_ random: inout SplitMix64) -> GeneratedType? {
        switch random.int(0...7) {
        case 0:
            let low = random.int(-50...50)
            let high = low + random.int(0...10_000)
            return GeneratedType(text: "int \(low)...\(high)") { .integer($0.int(low...high)) }
        case 1:
            return GeneratedType(text: "slug") { random in
                .string(
                    (0..<random.int(1...3)).map { _ in random.string(random.int(1...6), from: Array("abz019"))
                    }
                    .joined(separator: "-"))
            }
        case 2:
            return GeneratedType(text: "string 1...12") { .string(text(&$0, maxLength: 12)) }
        case 3:
            return GeneratedType(text: "string 1...20 [a-z0-9_]") {
                .string($0.string($0.int(1...20), from: Array("az09_")))
            }
        case 4:
            return GeneratedType(text: "uuid") { random in
                let bytes = (0..<16).map { _ in UInt8(random.int(0...255)) }
                return .uuid(
                    UUID(
                        uuid: (
                            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14],
                            bytes[15]
                        )))
            }
        case 5:
            return GeneratedType(text: "bool") { .boolean($0.chance(0.5)) }
        case 6:
            return GeneratedType(text: "enum red|green|blue-ish") {
                .string($0.pick(["red", "green", "blue-ish"]))
            }
        default:
            return nil
        }
    }

    /// One generated route: its declaration and how to draw parameters for it.
    struct GeneratedRoute {
        let route: Route
        let path: [(String, (inout SplitMix64) -> ParameterValue)]
        /// The optional leading parameter (`/:lang(enum en|de)?/…`), drawn for half the links.
        var optionalPath: [(String, (inout SplitMix64) -> ParameterValue)] = []
        let query:
            [(
                name: String, required: Bool, defaultValue: ParameterValue?,
                value: (inout SplitMix64) -> ParameterValue
            )]
    }

    /// A table whose routes start with distinct literals, so that no two can compete for a
    /// link; some have an optional language before that literal, which no literal can be.
    static func table(_ random: inout SplitMix64) -> [GeneratedRoute] {
        (0..<random.int(1...6)).map { index in
            let hasLanguage = random.chance(0.3)
            var pattern = (hasLanguage ? "/:lang(enum en|de)?" : "") + "/r\(index)"
            var path: [(String, (inout SplitMix64) -> ParameterValue)] = []
            for position in 0..<random.int(0...3) {
                if random.chance(0.3) { pattern += "/lit\(position)" }
                let name = "p\(position)"
                if let type = type(&random) {
                    pattern += "/:\(name)(\(type.text))"
                    path.append((name, type.value))
                } else {
                    pattern += "/:\(name)"
                    path.append((name, { .string(text(&$0, maxLength: 8)) }))
                }
            }
            if random.chance(0.2) {
                pattern += "/*rest"
                path.append(
                    (
                        "rest",
                        { random in
                            .segments((0..<random.int(1...3)).map { _ in text(&random, maxLength: 5) })
                        }
                    ))
            }
            var query: [QueryParameter] = []
            var queryDraws:
                [(
                    name: String, required: Bool, defaultValue: ParameterValue?,
                    value: (inout SplitMix64) -> ParameterValue
                )] = []
            for position in 0..<random.int(0...2) {
                let name = "q\(position)"
                let type =
                    type(&random)
                    ?? GeneratedType(text: "string 1...12") { .string(text(&$0, maxLength: 12)) }
                switch random.int(0...2) {
                case 0:
                    query.append(QueryParameter(parsing: "\(name)(\(type.text))"))
                    queryDraws.append((name, true, nil, type.value))
                case 1:
                    query.append(QueryParameter(parsing: "\(name)(\(type.text))?"))
                    queryDraws.append((name, false, nil, type.value))
                default:
                    let fallback = type.value(&random)
                    query.append(
                        QueryParameter.optional(
                            name, try? ParameterType(parsing: type.text), default: fallback))
                    queryDraws.append((name, false, fallback, type.value))
                }
            }
            let scope =
                random.chance(0.25)
                ? RouteScope(schemes: ["myapp"]) : RouteScope(schemes: ["https"], hosts: ["example.com"])
            let safety = random.pick([RouteSafety.navigate, .navigate, .sensitive, .destructive])
            let route = Route(
                "route\(index)", PathPattern(parsing: pattern), query: query, scope: scope, safety: safety)
            var generated = GeneratedRoute(route: route, path: path, query: queryDraws)
            if hasLanguage { generated.optionalPath = [("lang", { .string($0.pick(["en", "de"])) })] }
            return generated
        }
    }

    @Test(
        "route → link → route: every generated link leads back to its route and parameters",
        arguments: PropertySeeds.all)
    func routeLinkRoute(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let gate = LinkGate(policy: LinkPolicy(allowedSchemes: ["https", "myapp"], removedQueryItems: []))
        for _ in 0..<Self.tablesPerSeed {
            let generated = Self.table(&random)
            let router = try Router(RouteTable(routes: generated.map(\.route)), policy: gate.policy)
            for entry in generated {
                for _ in 0..<Self.linksPerRoute {
                    var parameters = RouteParameters()
                    var expected = RouteParameters()
                    for (name, draw) in entry.path {
                        let value = draw(&random)
                        parameters[name] = value
                        expected[name] = value
                    }
                    for (name, draw) in entry.optionalPath where random.chance(0.5) {
                        let value = draw(&random)
                        parameters[name] = value
                        expected[name] = value
                    }
                    for item in entry.query {
                        if item.required || random.chance(0.5) {
                            let value = item.value(&random)
                            parameters[item.name] = value
                            expected[item.name] = value
                        } else if let fallback = item.defaultValue {
                            expected[item.name] = fallback
                        }
                    }
                    let text = try router.link(for: entry.route.name, parameters: parameters)
                    let link = try gate.parse(text)
                    let tableMatch = try #require(router.match(link), "seed \(seed): \(text)")
                    #expect(tableMatch.name == entry.route.name, "seed \(seed): \(text)")
                    #expect(tableMatch.parameters == expected, "seed \(seed): \(text)")
                    // Look-up from parts reads the same route and parameters.
                    let parts = router.match(
                        scheme: link.scheme, host: link.host, pathSegments: link.pathSegments.map(\.decoded),
                        queryItems: link.queryItems, fragment: link.fragment)
                    #expect(parts == tableMatch, "seed \(seed): \(text)")
                }
            }
        }
    }

    /// A link to the route, with values drawn for its path and required query parameters, and
    /// near misses of it: a segment more (`zz`, `1`), a segment less, the last segment replaced
    /// by text no typed parameter takes (` x`, `-1`), another host, the query left out. `nil`
    /// when the route cannot write a link for the values drawn.
    static func linkAndNearMisses(
        _ entry: GeneratedRoute, _ router: Router, _ random: inout SplitMix64
    ) -> (link: String, nearMisses: [String])? {
        var parameters = RouteParameters()
        for (name, draw) in entry.path { parameters[name] = draw(&random) }
        for (name, draw) in entry.optionalPath where random.chance(0.5) { parameters[name] = draw(&random) }
        for item in entry.query where item.required { parameters[item.name] = item.value(&random) }
        guard let text = try? router.link(for: entry.route.name, parameters: parameters) else { return nil }
        let (path, query) =
            text.firstIndex(of: "?").map { (String(text[..<$0]), String(text[$0...])) } ?? (text, "")
        var nearMisses = [
            path + "/zz" + query, path + "/1" + query, path,
            path.replacingOccurrences(of: "example.com", with: "example.org"),
        ]
        if let slash = path.lastIndex(of: "/"), path[..<slash].count > "https://".count {
            let parent = String(path[..<slash])
            nearMisses += [parent + query, parent + "/%20x" + query, parent + "/-1" + query]
        }
        // A language the optional segment does not take, or one too many.
        if !entry.optionalPath.isEmpty, let start = path.range(of: "://") {
            let rest = path[start.upperBound...].drop { $0 != "/" }
            let head = String(path[..<start.upperBound]) + path[start.upperBound...].prefix { $0 != "/" }
            nearMisses += [head + "/fr" + rest + query, head + "/en/de" + rest + query]
        }
        return (text, nearMisses)
    }

    /// The policy the generated links are parsed and routed with.
    static let policy = LinkPolicy(allowedSchemes: ["https", "myapp"], removedQueryItems: [])

    /// Calls `body` with each of one seed's generated tables that `build` accepts and, for each
    /// route of it, a link and its near misses (``linkAndNearMisses(_:_:_:)``). Every property
    /// draws in the same order: the table, its precedence (`precedence`), then each route's link.
    static func forEachGeneratedLink<Routing>(
        seed: UInt64, precedence: (inout SplitMix64) -> RoutingOptions.Precedence,
        build: (RouteTable) -> Routing?, router: (Routing) -> Router,
        _ body: (Routing, _ link: String, _ nearMisses: [String]) -> Void
    ) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<tablesPerSeed {
            let generated = Self.table(&random)
            var table = RouteTable(routes: generated.map(\.route))
            table.options.precedence = precedence(&random)
            guard let built = build(table) else { continue }
            for entry in generated {
                guard let (link, nearMisses) = linkAndNearMisses(entry, router(built), &random) else {
                    continue
                }
                body(built, link, nearMisses)
            }
        }
    }

    /// Calls `body` with the router of each generated table that compiles and each of its links
    /// and near misses that the gate takes (``forEachGeneratedLink(seed:precedence:build:router:_:)``).
    static func forEachParsedLink(
        seed: UInt64, precedence: (inout SplitMix64) -> RoutingOptions.Precedence,
        _ body: (Router, _ text: String, Link) -> Void
    ) {
        let gate = LinkGate(policy: policy)
        forEachGeneratedLink(
            seed: seed, precedence: precedence, build: { try? Router($0, policy: gate.policy) },
            router: { $0 }
        ) { router, link, nearMisses in
            for candidate in [link] + nearMisses {
                guard let parsed = try? gate.parse(candidate) else { continue }
                body(router, candidate, parsed)
            }
        }
    }

    @Test(
        "explain names the route match takes, under either precedence, for hits and near misses",
        arguments: PropertySeeds.all)
    func explainAgreesWithMatch(seed: UInt64) throws {
        var compared = 0
        var hits = 0
        Self.forEachParsedLink(seed: seed, precedence: { $0.pick([.specificity, .declarationOrder]) }) {
            router, candidate, link in
            let matched = router.match(link)?.route.name
            #expect(router.explain(link).winner == matched, "seed \(seed): \(candidate)")
            compared += 1
            if matched != nil { hits += 1 }
        }
        // Not vacuous: most tables compile, and both hits and misses are compared.
        #expect(compared > 200 && hits > 50 && hits < compared, "seed \(seed): \(hits) of \(compared)")
    }

    @Test(
        "a link no route takes opens with the failure explain names first (the pipeline's shortcut), guarded routes included",
        arguments: PropertySeeds.all)
    func missReasonIsTheClosestFailure(seed: UInt64) throws {
        var misses = 0
        var named = 0
        Self.forEachGeneratedLink(
            seed: seed, precedence: { $0.pick([.specificity, .specificity, .declarationOrder]) },
            build: { try? LinkReceiver(table: $0, policy: Self.policy) }, router: \.router
        ) { receiver, _, nearMisses in
            for candidate in nearMisses {
                let reason: RoutingFailure
                switch receiver.receive(url: candidate).outcome {
                case .openInBrowser(_, let why), .reject(.unhandled(_, let why)): reason = why
                default: continue
                }
                misses += 1
                let expected: RoutingFailure =
                    receiver.explain(.url(candidate)).routing?.closestFailure.map {
                        .invalidParameter(route: $0.route, failure: $0.failure)
                    } ?? .noMatchingRoute
                #expect(reason == expected, "seed \(seed): \(candidate)")
                if case .invalidParameter = reason { named += 1 }
            }
        }
        #expect(misses > 200 && named > 50, "seed \(seed): \(named) named of \(misses)")
    }

    @Test("table → JSON → table gives an equal table with the same problems", arguments: PropertySeeds.all)
    func tableJSON(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<Self.tablesPerSeed {
            let options = RoutingOptions(
                trailingSlash: random.pick([.ignored, .significant]),
                caseSensitivity: random.pick([.sensitive, .insensitive]),
                precedence: random.pick([.specificity, .declarationOrder]))
            let table = RouteTable(options: options, routes: Self.table(&random).map(\.route))
            let decoded = try JSONDecoder().decode(RouteTable.self, from: try JSONEncoder().encode(table))
            #expect(decoded == table, "seed \(seed)")
            #expect(decoded.findings() == table.findings(), "seed \(seed)")
        }
    }
}
