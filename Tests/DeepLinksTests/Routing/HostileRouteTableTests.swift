import Foundation
import TestSupport
import Testing

@testable import DeepLinks

/// Hostile route tables: an optional last segment beside a guarded route (a guarded link
/// never navigates), tables whose every pair conflicts (each problem code is capped at 100),
/// and tables that overlap everywhere (the check stays linear in the table).
@Suite(
    "Hostile route tables: optional segments beside guarded routes, every pair in conflict, checks that stay linear"
)
struct HostileRouteTableTests {
    static let photosPolicy = LinkPolicy(allowedHosts: ["photos.example.com"])

    static let photos = RouteTable(scope: RouteScope(schemes: ["https"], hosts: ["photos.example.com"])) {
        Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
        Route("albumAction", "/albums/:album/:action/:page(int 1...)?")
    }

    static let admin = RouteTable {
        Route("purge", "/admin/:id(int 1...9)/:mode(enum soft|hard)?", safety: .destructive)
        Route("adminPage", "/admin/:x")
    }

    static func sanitized(_ text: String, _ gate: LinkGate) throws -> Link {
        gate.sanitize(try gate.parse(text)).link
    }

    // MARK: 4. An optional last segment reopens the guarded-route hole

    @Test(
        "a navigate route with an optional last segment is reported beside the destructive route whose links its shorter shape takes"
    )
    func optionalNavigateBesideDestructiveIsReported() {
        #expect(
            Self.photos.findings(policy: Self.photosPolicy) == [
                .navigationTakesGuardedLinks(
                    route: "albumAction", guarded: "deleteAlbum", safety: .destructive)
            ])
    }

    @Test(
        "/albums/Summer/delete is not a navigation to albumAction; it opens in the browser naming deleteAlbum"
    )
    func optionalNavigateDoesNotTakeDestructiveLink() throws {
        let receiver = try LinkReceiver(table: Self.photos, policy: Self.photosPolicy)
        let gate = LinkGate(policy: Self.photosPolicy)
        let text = "https://photos.example.com/albums/Summer/delete"
        #expect(
            receiver.receive(url: text).outcome
                == .openInBrowser(
                    try Self.sanitized(text, gate),
                    reason: .invalidParameter(
                        route: "deleteAlbum",
                        failure: ParameterFailure(
                            parameter: "album", location: .path, value: "Summer", reason: .notASlug))))
        let delete = "https://photos.example.com/albums/summer/delete"
        #expect(receiver.receive(url: delete).match?.route == "deleteAlbum")
        #expect(receiver.receive(url: delete).match?.safety == .destructive)
        // The navigate route's own links are unchanged, with and without the optional page.
        for text in [
            "https://photos.example.com/albums/Summer/share",
            "https://photos.example.com/albums/Summer/delete/2",
        ] {
            #expect(receiver.receive(url: text).match?.route == "albumAction", "\(text)")
        }
    }

    @Test(
        "a destructive route with an optional last segment is reported beside the navigate route its shorter shape fits"
    )
    func optionalDestructiveBesideNavigateIsReported() {
        #expect(
            Self.admin.findings() == [
                .navigationTakesGuardedLinks(route: "adminPage", guarded: "purge", safety: .destructive)
            ])
    }

    @Test("/admin/99 is refused naming purge's id, not navigated to adminPage; /admin/5 asks first")
    func optionalDestructiveShorterShapeIsGuarded() throws {
        let router = try Router(Self.admin)
        let gate = LinkGate()
        let refused = try gate.parse("https://example.com/admin/99")
        #expect(router.match(refused) == nil)
        #expect(
            router.explain(refused).closestFailure?.failure
                == ParameterFailure(parameter: "id", location: .path, value: "99", reason: .outOfRange(1...9))
        )
        #expect(router.explain(refused).closestFailure?.route == "purge")
        #expect(router.match(try gate.parse("https://example.com/admin/5"))?.name == "purge")
        #expect(router.match(try gate.parse("https://example.com/admin/5/hard"))?.name == "purge")
        // Every two-segment link under /admin is shaped like purge's shorter shape: purge decides it.
        let users = try gate.parse("https://example.com/admin/users")
        #expect(router.match(users) == nil)
        #expect(
            router.explain(users).closestFailure?.failure
                == ParameterFailure(parameter: "id", location: .path, value: "users", reason: .notAnInteger))
        #expect(router.match(try gate.parse("https://example.com/admin"))?.name == nil)
        let receiver = try LinkReceiver(table: Self.admin, policy: LinkPolicy(allowedHosts: ["example.com"]))
        guard case .confirm(let confirmed) = receiver.receive(url: "https://example.com/admin/5").outcome
        else {
            Issue.record("/admin/5 must ask first")
            return
        }
        #expect(confirmed.route == "purge")
        guard
            case .openInBrowser(_, let reason) = receiver.receive(url: "https://example.com/admin/99").outcome
        else {
            Issue.record("/admin/99 must fall back to the browser")
            return
        }
        #expect(
            reason
                == .invalidParameter(
                    route: "purge",
                    failure: ParameterFailure(
                        parameter: "id", location: .path, value: "99", reason: .outOfRange(1...9))))
    }

    /// Small random tables with optional last segments, catch-alls and guarded routes.
    enum GuardedTables {
        static let literals = ["a", "delete", "7"]
        static let types = ["", "(int 1...9)", "(slug)", "(enum soft|hard)", "(string 1...3)"]
        /// Values tried for each parameter of a link: literals, numbers in and out of range, a
        /// slug, text that is not a slug.
        static let values = ["a", "delete", "7", "42", "soft", "Summer"]
        static let scopes: [RouteScope] = [.any, RouteScope(schemes: ["https"], hosts: ["example.com"])]

        static func route(_ number: Int, safety: RouteSafety, _ random: inout SplitMix64) -> Route {
            var segments: [String] = []
            let count = random.int(1...3)
            for i in 0..<count {
                let last = i == count - 1
                if random.chance(0.4) {
                    segments.append(random.pick(literals))
                } else if last, random.chance(0.15) {
                    segments.append("*p\(i)" + (random.chance(0.5) ? "" : "(slug)"))
                } else {
                    segments.append(":p\(i)" + random.pick(types) + (last && random.chance(0.45) ? "?" : ""))
                }
            }
            let query: [QueryParameter] = random.chance(0.1) ? ["page(int 1...9)?"] : []
            return Route(
                "r\(number)", PathPattern(parsing: "/" + segments.joined(separator: "/")), query: query,
                scope: random.pick(scopes), safety: safety, priority: random.chance(0.1) ? 1 : 0)
        }

        /// Whether `navigate`, which took the link `path`, has at some position before any
        /// catch-all a literal where `guarded` has a typed parameter that refuses the link's
        /// value there in its own, lower and upper case.
        static func literalKeepsApart(
            _ navigate: Route, _ guarded: Route, _ path: [String], _ options: RoutingOptions
        )
            -> Bool
        {
            let mine = navigate.path.segments
            let theirs = guarded.path.segments
            for i in 0..<min(mine.count, theirs.count, path.count) {
                if case .catchAll = mine[i] { return false }
                guard case .literal = mine[i], case .parameter(_, let type?) = theirs[i] else { continue }
                let value = path[i]
                let caseSensitive = options.caseSensitivity == .sensitive
                let variants = caseSensitive ? [value] : [value, value.lowercased(), value.uppercased()]
                let refused = variants.allSatisfy {
                    if case .failure = type.validate($0, caseSensitive: caseSensitive) { true } else { false }
                }
                if refused { return true }
            }
            return false
        }

        /// Every path of one or two to four segments shaped like `route`: its literals in
        /// place, each parameter one of ``values`` (a catch-all one or two of them); both
        /// shapes of an optional last segment.
        static func shapedPaths(_ route: Route) -> [[String]] {
            var paths: [[String]] = [[]]
            let segments = route.path.segments
            for (i, segment) in segments.enumerated() {
                var next: [[String]] = []
                switch segment {
                case .literal(let text): next = paths.map { $0 + [text] }
                case .parameter:
                    if i == segments.count - 1, route.path.hasOptionalLastSegment { next = paths }
                    for path in paths { for value in values { next.append(path + [value]) } }
                case .catchAll:
                    for path in paths {
                        for value in values {
                            next.append(path + [value])
                            next.append(path + [value, "a"])
                        }
                    }
                }
                paths = next
            }
            return paths
        }
    }

    @Test(
        "property: every link a guarded route accepts is taken by it or a route as guarded, or the check reports the pair; no link shaped like a guarded route navigates",
        arguments: PropertySeeds.all)
    func guardedLinksNeverNavigate(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var tablesBuilt = 0
        var linksAccepted = 0
        var linksRefusedByGuard = 0
        for _ in 0..<120 {
            // One guarded level per table: "as guarded" is then "asks first".
            let guardedSafety: RouteSafety = random.chance(0.5) ? .sensitive : .destructive
            let routes = (0..<random.int(2...5)).map {
                GuardedTables.route($0, safety: random.chance(0.35) ? guardedSafety : .navigate, &random)
            }
            let options = RoutingOptions(
                trailingSlash: .ignored, caseSensitivity: random.chance(0.5) ? .sensitive : .insensitive,
                precedence: random.chance(0.85) ? .specificity : .declarationOrder)
            let table = RouteTable(options: options, routes: routes)
            let findings = table.findings()
            // A table refused with an error has no router to take any link.
            guard !findings.contains(where: \.isError), let router = try? Router(table) else { continue }
            tablesBuilt += 1
            let reported = Set(
                findings.compactMap { finding -> [String]? in
                    guard case .navigationTakesGuardedLinks(let route, let guarded, _) = finding else {
                        return nil
                    }
                    return [route, guarded]
                })
            for guarded in routes where guarded.safety.requiresConfirmation {
                let alone = try Router(RouteTable(options: options, routes: [guarded]))
                for path in GuardedTables.shapedPaths(guarded) {
                    let text = "https://example.com/" + path.joined(separator: "/")
                    guard let link = try? LinkGate().parse(text) else { continue }
                    let picked = router.match(link)
                    let context =
                        "seed \(seed), options \(options), routes \(routes.map(\.path.text)) "
                        + "\(routes.map(\.safety)), link \(text)"
                    if alone.match(link) != nil {
                        linksAccepted += 1
                        let asGuarded = picked.map { $0.route.safety.requiresConfirmation } ?? false
                        let pairReported = picked.map { reported.contains([$0.name, guarded.name]) } ?? false
                        #expect(asGuarded || pairReported, "\(guarded.name) accepts it: \(context)")
                    } else if picked == nil {
                        linksRefusedByGuard += 1
                    }
                    // A link shaped like a guarded route never lands on a navigate route,
                    // unless that route takes it through a literal the guarded route's
                    // parameter cannot take in any case (then it is not a value of it).
                    #expect(
                        picked?.route.safety != .navigate
                            || GuardedTables.literalKeepsApart(picked!.route, guarded, path, options),
                        "shaped like \(guarded.name): \(context)")
                }
            }
        }
        #expect(tablesBuilt > 20)
        #expect(linksAccepted > 100)
        #expect(linksRefusedByGuard > 10)
    }

    // MARK: 5. Route-table checks list every conflicting pair

    /// The problems of the pairs `(later, earlier)` in the order the check compares them, the
    /// first `count` of them.
    static func firstPairs(_ count: Int, _ finding: (Int, Int) -> RouteTableFinding) -> [RouteTableFinding] {
        var found: [RouteTableFinding] = []
        var later = 1
        while found.count < count {
            for earlier in 0..<later where found.count < count { found.append(finding(later, earlier)) }
            later += 1
        }
        return found
    }

    @Test(
        "2,000 routes on /a with their own required query items: 100 ambiguities and one line for the rest"
    )
    func everyPairAmbiguousIsCapped() {
        let routes = (0..<2_000).map {
            Route("r\($0)", "/a", query: [QueryParameter(stringLiteral: "q\($0)")])
        }
        let findings = RouteTable(routes: routes).findings()
        let expected =
            Self.firstPairs(100) { .ambiguousRoutes(route: "r\($0)", other: "r\($1)") } + [
                .moreFindings(code: "TABLE012", count: nil)
            ]
        #expect(findings == expected)
        #expect(
            findings.last?.description
                == "… and more TABLE012 findings: the check stops comparing routes once one kind of overlap "
                + "has more than 100, so other overlaps may be unreported too")
        #expect(findings.last?.isError == true)
        #expect(Diagnostic(findings[100]).code == "TABLE012")
        // Building a router or a receiver refuses the table with the same capped list.
        #expect(throws: RouteTableError(findings: expected)) { try Router(RouteTable(routes: routes)) }
        #expect(throws: LinkReceiverError.routeTable(RouteTableError(findings: expected))) {
            try LinkReceiver(
                table: RouteTable(routes: routes), policy: LinkPolicy(allowedHosts: ["example.com"]))
        }
    }

    @Test("2,000 routes on one path with distinct priorities: 100 duplicates and one line for the rest")
    func everyPairDuplicateIsCapped() {
        let routes = (0..<2_000).map { Route("r\($0)", "/a/:id(int)", priority: $0) }
        let findings = RouteTable(routes: routes).findings()
        #expect(
            findings
                == Self.firstPairs(100) { .duplicateRoute(route: "r\($0)", duplicateOf: "r\($1)") } + [
                    .moreFindings(code: "TABLE010", count: nil)
                ])
    }

    @Test("problems of one code beyond 100 are counted exactly where the check finds them all anyway")
    func countedBeyondTheLimit() throws {
        // 150 navigate routes, each on its own host, beside one destructive route on every
        // host: 150 warnings, all needed at run time, 100 listed.
        var routes = (0..<150).map {
            Route(
                "browse\($0)", "/a/:x/:action",
                scope: RouteScope(schemes: ["https"], hosts: [HostPattern("h\($0).example.com")]))
        }
        routes.append(Route("remove", "/a/:id(int)/delete", safety: .destructive))
        let table = RouteTable(routes: routes)
        let findings = table.findings()
        #expect(findings.count == 101)
        #expect(
            Array(findings.prefix(100))
                == (0..<100).map { number -> RouteTableFinding in
                    .navigationTakesGuardedLinks(
                        route: "browse\(number)", guarded: "remove", safety: .destructive)
                })
        #expect(findings.last == RouteTableFinding.moreFindings(code: "TABLE015", count: 50))
        #expect(findings.last?.description == "… and 50 more TABLE015 findings")
        #expect(findings.last?.isError == false)
        // Warnings only: the table builds, and the guard holds on the 150th host too.
        let router = try Router(table)
        #expect(router.match(try LinkGate().parse("https://h149.example.com/a/x/delete")) == nil)
        #expect(router.match(try LinkGate().parse("https://h149.example.com/a/7/delete"))?.name == "remove")

        let badNames = (0..<1_234).map { Route("bad name \($0)", PathPattern(parsing: "/n\($0)")) }
        let named = RouteTable(routes: badNames).findings()
        #expect(named.count == 101)
        #expect(named.last == RouteTableFinding.moreFindings(code: "TABLE001", count: 1_134))
        #expect(named.last?.description == "… and 1,134 more TABLE001 findings")
    }

    // MARK: 6. Route-table checks are quadratic even when they find nothing

    /// The shapes of `Benchmarks/Sources/LinkBenchmarks/Workloads/HostileTableWorkloads.swift`
    /// that make no problem, at any size.
    enum QuadraticShapes {
        static func distinctPriorities(_ count: Int) -> [Route] {
            (0..<count).map {
                Route("r\($0)", "/a", query: [QueryParameter(stringLiteral: "q\($0)")], priority: $0)
            }
        }

        static func fourteenSegments(_ count: Int) -> [Route] {
            (0..<count).map { i in
                var rest = i
                var segments: [String] = []
                for position in 0..<14 {
                    segments.append(["a", "b", ":p\(position)"][rest % 3])
                    rest /= 3
                }
                return Route("r\(i)", PathPattern(parsing: "/" + segments.joined(separator: "/")))
            }
        }

        static func catchAlls(_ count: Int) -> [Route] {
            (0..<count).map { i in
                let parameters = (0..<(i % 30)).map { ":p\($0)" }
                return Route(
                    "r\(i)",
                    PathPattern(parsing: "/" + (parameters + ["l\(i / 30)", "*rest"]).joined(separator: "/")))
            }
        }

        static func onePathManyHosts(_ count: Int) -> [Route] {
            (0..<count).map {
                Route(
                    "r\($0)", "/a/:id(int)",
                    scope: RouteScope(schemes: ["https"], hosts: [HostPattern("h\($0).example.com")]))
            }
        }

        static let all: [(String, @Sendable (Int) -> [Route])] = [
            ("distinct priorities", distinctPriorities), ("14 segments", fourteenSegments),
            ("catch-alls", catchAlls), ("one path, many hosts", onePathManyHosts),
        ]
    }

    /// How many routes the overlap walk hands to the exact comparison, summed over the table
    /// (each route walks the routes before it, as the table check does).
    static func candidatesCompared(_ routes: [Route], options: RoutingOptions = RoutingOptions()) -> Int {
        let registry = ParameterTypeRegistry()
        let validators = ValidatorPool(options: options, registry: registry)
        let compiled = routes.indices.map {
            CompiledRoute(declarations: routes, index: $0, options: options, validators: validators)
        }
        let relations = RouteRelations(options: options, registry: registry)
        var builder = RouteTrie.Builder(routeCount: compiled.count)
        var found: [Int] = []
        var total = 0
        var budget = CheckBudget(routeCount: compiled.count)
        for later in compiled.indices {
            builder.add(compiled[later], as: later)
            builder.overlapCandidates(
                of: compiled[later], relations: relations, budget: &budget, into: &found)
            RouteRelations.sortUnique(&found, below: later)
            total += found.count
        }
        return total
    }

    /// The pairs of the routes that end on one path before the path is indexed.
    static let unindexedPairs = (TerminalIndex.threshold - 1) * (TerminalIndex.threshold - 2) / 2

    @Test(
        "2,000-route tables that overlap everywhere and conflict nowhere: no problem, and the walk hands the exact comparison a number of pairs that does not grow with the table",
        arguments: QuadraticShapes.all.map(\.0))
    func overlapWithoutConflictIsNotQuadratic(shape: String) throws {
        let routes = try #require(QuadraticShapes.all.first { $0.0 == shape }).1(2_000)
        #expect(RouteTable(routes: routes).findings() == [])
        // Every pair of these tables may share a link (or a path); none can be a problem, and
        // the walk finds that out branch by branch, or by the index of one path's routes: only
        // the routes that end on one path before it is indexed compare each other.
        let expected =
            ["distinct priorities", "one path, many hosts"].contains(shape) ? Self.unindexedPairs : 0
        #expect(Self.candidatesCompared(routes) == expected)
        #expect(
            Self.candidatesCompared(routes, options: RoutingOptions(precedence: .declarationOrder))
                == expected)
    }

    // MARK: The check's bound

    /// Route `i` of `count`: `/:w/:v(int 10i...10i+9)`, one shape told apart by disjoint ranges.
    static func disjointRanges(_ count: Int) -> [Route] {
        (0..<count).map { Route("r\($0)", PathPattern(parsing: "/:w/:v(int \($0 * 10)...\($0 * 10 + 9))")) }
    }

    @Test(
        "routes of one shape told apart by their ranges: past the check's bound the table is refused, not checked for long"
    )
    func oneShapePastTheBoundIsRefused() throws {
        // Every pair is worth comparing (about n²/2 steps): 2,000 routes pass the bound of
        // 1,000,000 steps and 400 a route, and the check stops there.
        let routes = Self.disjointRanges(2_000)
        let refused = RouteTableFinding.checkTooCostly(routes: 2_000, steps: 1_800_000)
        #expect(CheckBudget.steps(forRoutes: 2_000) == 1_800_000)
        #expect(RouteTable(routes: routes).findings() == [refused])
        #expect(throws: RouteTableError(findings: [refused])) { try Router(RouteTable(routes: routes)) }
        #expect(refused.isError)
        #expect(refused.code == "TABLE017")
        #expect(
            refused.description
                == "the 2,000 routes share links too widely to be checked within 1,800,000 steps, the bound "
                + "for a table of this size; set routes apart by literal segments, or merge routes of one shape "
                + "that differ only in their parameters' values into one route")
    }

    @Test("routes of one shape under the bound: checked and built, each link routed by its range")
    func oneShapeUnderTheBoundIsBuilt() throws {
        // 1,000 routes: about 500,000 steps, within the bound of 1,400,000. Their parameter
        // edges leave one node, found by key past the first eight as the trie is built.
        let router = try Router(RouteTable(routes: Self.disjointRanges(1_000)))
        let gate = LinkGate(policy: LinkPolicy())
        for i in [0, 7, 8, 9, 500, 999] {
            let link = try gate.parse("https://example.com/x/\(i * 10 + 5)")
            #expect(router.match(link)?.name == "r\(i)")
        }
        #expect(router.match(try gate.parse("https://example.com/x/10000")) == nil)
        // A route of the same shape and range as one past the eighth edge is the same edge:
        // a duplicate, as it would be among the first eight.
        var routes = Self.disjointRanges(20)
        routes.append(Route("again12", "/:w/:v(int 120...129)"))
        routes.append(Route("again3", "/:w/:v(int 30...39)"))
        #expect(
            RouteTable(routes: routes).findings() == [
                .duplicateRoute(route: "again12", duplicateOf: "r12"),
                .duplicateRoute(route: "again3", duplicateOf: "r3"),
            ])
    }

    @Test("navigate routes that take hundreds of destructive routes' links: refused at the bound")
    func guardedPairsPastTheBoundAreRefused() throws {
        // 500 destructive routes, each of whose links each of 500 navigate routes can take.
        let routes = (0..<1_000).map { i in
            i % 2 == 0
                ? Route("r\(i)", PathPattern(parsing: "/x\(i / 2)/:v(int)"), safety: .destructive)
                : Route("r\(i)", PathPattern(parsing: "/:w/:v(string 1...\(i))"))
        }
        let findings = RouteTable(routes: routes).findings()
        #expect(findings.first == .checkTooCostly(routes: 1_000, steps: 1_400_000))
        #expect(
            findings.contains(.navigationTakesGuardedLinks(route: "r1", guarded: "r0", safety: .destructive)))
        #expect(throws: RouteTableError.self) { try Router(RouteTable(routes: routes)) }
    }

    @Test("one path whose routes conflict in a few places: exactly those pairs are compared and reported")
    func indexedPathFindsExactlyTheConflicts() {
        // 2,000 routes on one path and 2,000 hosts; two more share hosts with earlier ones.
        var routes = QuadraticShapes.onePathManyHosts(2_000)
        routes.append(
            Route("again7", "/a/:id(int)", scope: RouteScope(schemes: ["https"], hosts: ["h7.example.com"])))
        // Tried before r9 (it requires more), which still takes the links without `q`.
        routes.append(
            Route(
                "query9", "/a/:id(int)", query: ["q"],
                scope: RouteScope(schemes: ["https"], hosts: ["h9.example.com"])))
        #expect(
            RouteTable(routes: routes).findings() == [.duplicateRoute(route: "again7", duplicateOf: "r7")])
        #expect(Self.candidatesCompared(routes) == Self.unindexedPairs + 2)

        // A route of higher priority on every host shadows them all: 100 listed, then one line.
        routes.append(Route("everywhere", "/a/:id(int)", priority: 1))
        #expect(
            RouteTable(routes: routes).findings()
                == (0..<100).map {
                    RouteTableFinding.shadowedRoute(route: "r\($0)", shadowedBy: "everywhere")
                } + [
                    .duplicateRoute(route: "again7", duplicateOf: "r7"),
                    .moreFindings(code: "TABLE011", count: nil),
                ])
    }
}
