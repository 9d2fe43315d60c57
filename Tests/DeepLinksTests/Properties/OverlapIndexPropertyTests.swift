import Testing

@testable import DeepLinks

/// The table check finds the pairs of routes it compares by walking the router's trie
/// (``RouteTrie/Builder/overlapCandidates(of:relations:into:)``) instead of comparing every route with every other; these
/// properties hold the walk to the straightforward answer, every pair checked directly, on
/// random tables: literals, typed and untyped parameters, catch-alls, optional last and
/// leading segments, scopes, guarded routes and every option.
@Suite("Properties: the overlap index finds exactly the pairs a comparison of every pair finds")
struct OverlapIndexPropertyTests {
    static let tablesPerSeed = 60

    static let literals = ["a", "b", "new", "7", "A", "true", "x-1"]
    static let types = [
        "", "(int 1...9)", "(int 5...20)", "(slug)", "(enum a|new)", "(uuid)", "(bool)", "(string 1...3)",
        "(string 1...3 [A-Z])", "(pattern x-[0-9])", "(pattern [a-z]{1,3})", "(code)",
    ]
    /// The type `code` that ``types`` names: declared by the table, like an app's own.
    static let declaredTypes = [ParameterTypeDeclaration("code", "pattern [A-Z]{1,2}|7")]
    static let scopes: [RouteScope] = [
        .any, RouteScope(schemes: ["https"], hosts: ["example.com"]),
        RouteScope(schemes: ["https"], hosts: ["*.example.com"]),
        RouteScope(schemes: ["https"], hosts: ["b.example.com"]), RouteScope(schemes: ["myapp"]),
    ]

    /// A random route; parameter names are unique within it and route names within the table.
    static func route(_ number: Int, _ random: inout SplitMix64) -> Route {
        var segments: [String] = []
        let count = random.int(0...3)
        for i in 0..<count {
            if random.chance(0.45) {
                segments.append(random.pick(literals))
            } else if i == count - 1, random.chance(0.25) {
                segments.append("*p\(i)" + (random.chance(0.5) ? "" : "(slug)"))
            } else {
                // Optional: the last segment, or a leading one before others.
                let optional =
                    (i == count - 1 && random.chance(0.2)) || (i == 0 && count > 1 && random.chance(0.25))
                segments.append(":p\(i)" + random.pick(types) + (optional ? "?" : ""))
            }
        }
        // A trailing slash may follow a literal or a plain parameter, not a catch-all or an
        // optional segment.
        let slashAllowed = segments.last.map { !$0.hasPrefix("*") && !$0.hasSuffix("?") } ?? false
        let path = "/" + segments.joined(separator: "/") + (slashAllowed && random.chance(0.1) ? "/" : "")
        let query: [QueryParameter] =
            random.chance(0.2) ? [random.chance(0.5) ? "page(int 1...9)" : "page(int 10...20)?"] : []
        let safety: RouteSafety =
            random.chance(0.15) ? (random.chance(0.5) ? .sensitive : .destructive) : .navigate
        return Route(
            "r\(number)", PathPattern(parsing: path), query: query, scope: random.pick(scopes),
            safety: safety,
            priority: random.chance(0.1) ? 1 : 0)
    }

    static func options(_ random: inout SplitMix64) -> RoutingOptions {
        RoutingOptions(
            trailingSlash: random.chance(0.5) ? .ignored : .significant,
            caseSensitivity: random.chance(0.5) ? .sensitive : .insensitive,
            precedence: random.chance(0.8) ? .specificity : .declarationOrder)
    }

    @Test(
        "overlapping and guarded pairs from the trie walk equal those of a check of every pair",
        arguments: PropertySeeds.all)
    func walkAgreesWithEveryPair(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var pairsSeen = 0
        var guardedSeen = 0
        for _ in 0..<Self.tablesPerSeed {
            let options = Self.options(&random)
            let routes = (0..<random.int(1...40)).map { Self.route($0, &random) }
            #expect(routes.filter { $0.path.syntaxError != nil }.map(\.path.text) == [])
            let registry = ParameterTypeRegistry().declaring(Self.declaredTypes)
            let validators = ValidatorPool(options: options, registry: registry)
            let compiled = routes.indices.map {
                CompiledRoute(declarations: routes, index: $0, options: options, validators: validators)
            }
            let relations = RouteRelations(options: options, registry: registry)
            var builder = RouteTrie.Builder(routeCount: compiled.count)
            for r in compiled.indices { builder.add(compiled[r], as: r) }

            let walked = Self.walkedFindings(compiled, relations)
            let direct = Self.directFindings(compiled, relations)
            #expect(
                walked == direct,
                "missing \(Set(direct).subtracting(walked).sorted().prefix(3)), extra \(Set(walked).subtracting(direct).sorted().prefix(3)) options \(options), routes \(routes)"
            )
            pairsSeen += direct.count

            var budget = CheckBudget(routeCount: compiled.count)
            let guardedWalked = relations.guardedPairs(compiled, builder: builder, budget: &budget).map {
                ($0.0.index, $0.1.index)
            }
            var guardedDirect: [(Int, Int)] = []
            for navigate in compiled where navigate.route.safety == .navigate {
                for guarded in compiled where guarded.route.safety.requiresConfirmation {
                    if relations.scopesMayOverlap(navigate.route.scope, guarded.route.scope),
                        relations.navigationMayTake(
                            navigate, RouteRelations.pathShapes(navigate), guarded,
                            RouteRelations.pathShapes(guarded))
                    {
                        guardedDirect.append((navigate.index, guarded.index))
                    }
                }
            }
            #expect(
                guardedWalked.elementsEqual(guardedDirect, by: ==), "options \(options), routes \(routes)")
            guardedSeen += guardedDirect.count
        }
        // The tables are dense enough that both kinds of pair occur.
        #expect(pairsSeen > 0)
        #expect(guardedSeen > 0)
    }

    /// The problems of the pairs the trie walk finds, `(later, earlier, problem)`, in order.
    static func walkedFindings(_ compiled: [CompiledRoute], _ relations: RouteRelations) -> [String] {
        var budget = CheckBudget(routeCount: compiled.count)
        return relations.overlappingPairs(compiled, budget: &budget).compactMap { later, earlier in
            relations.finding(earlier: earlier, later: later).map { "\(later.index) \(earlier.index) \($0)" }
        }
    }

    /// The problems of every pair that may overlap, compared one by one.
    static func directFindings(_ compiled: [CompiledRoute], _ relations: RouteRelations) -> [String] {
        var direct: [String] = []
        for later in compiled.indices {
            for earlier in 0..<later where relations.mayOverlap(compiled[earlier], compiled[later]) {
                if let finding = relations.finding(earlier: compiled[earlier], later: compiled[later]) {
                    direct.append("\(later) \(earlier) \(finding)")
                }
            }
        }
        return direct
    }

    @Test(
        "the walk's problems equal those of a check of every pair on crowded paths (indexed nodes, priorities)",
        arguments: PropertySeeds.all)
    func crowdedPathsAgree(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let hosts: [HostPattern] = ["a.example.com", "b.example.com", "c.example.com", "*.example.com"]
        let paths = ["/p", "/p/:id(int 1...9)", "/p/:id", "/p/*rest", "/p/x"]
        let names = ["q", "r", "s", "t", "u", "v"]
        var findingsSeen = 0
        for _ in 0..<6 {
            let options = Self.options(&random)
            let routes = (0..<random.int(60...140)).map { number -> Route in
                let scope: RouteScope
                switch random.int(0...5) {
                case 0: scope = .any
                case 1: scope = RouteScope(schemes: ["myapp"])
                case 2:
                    scope = RouteScope(schemes: ["https"], hosts: [random.pick(hosts), random.pick(hosts)])
                default: scope = RouteScope(schemes: ["https"], hosts: [random.pick(hosts)])
                }
                let query = (0..<random.int(0...5)).map { _ in
                    QueryParameter(stringLiteral: random.pick(names) + (random.chance(0.3) ? "(int)?" : ""))
                }
                // A name declared twice is a table error; keep the first of each.
                var seen: Set<String> = []
                return Route(
                    "r\(number)", PathPattern(parsing: random.pick(paths)),
                    query: query.filter { seen.insert($0.name).inserted }, scope: scope,
                    priority: random.pick([0, 0, 0, 1, 2]))
            }
            let registry = ParameterTypeRegistry()
            let validators = ValidatorPool(options: options, registry: registry)
            let compiled = routes.indices.map {
                CompiledRoute(declarations: routes, index: $0, options: options, validators: validators)
            }
            let relations = RouteRelations(options: options, registry: registry)
            let direct = Self.directFindings(compiled, relations)
            #expect(Self.walkedFindings(compiled, relations) == direct, "seed \(seed), options \(options)")
            findingsSeen += direct.count
        }
        #expect(findingsSeen > 0)
    }
}
