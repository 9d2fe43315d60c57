import Testing

@testable import DeepLinks

/// The guard rule from the link's side, over both case rules: a navigate route never takes a
/// link shaped like a sensitive or destructive route's, whether the guarded route accepts the
/// link or refuses it. The oracle is written from the rule's words, not from the router's
/// code: same segment count (at least as many for a catch-all), the guarded route's literals
/// in place as the table compares letters, and no literal of the navigate route where the
/// guarded route has a parameter that no spelling of that literal can pass.
@Suite("Properties: no navigation takes a link shaped like a guarded route, under either case rule")
struct GuardedShapePropertyTests {
    static let literals = ["cancel", "Cancel", "NEW", "a", "7"]
    static let types = [
        "", "(slug)", "(pattern [A-Z]+)", "(int 1...)", "(enum new|old)", "(string 1...3 [a-z])",
    ]
    static let linkSegments = ["cancel", "CANCEL", "Cancel", "new", "NEW", "New", "a", "A", "7", "x", "ab"]

    static func route(_ number: Int, _ random: inout SplitMix64) -> Route {
        let count = random.int(1...3)
        var segments: [String] = []
        for i in 0..<count {
            if random.chance(0.45) {
                segments.append(random.pick(literals))
            } else if i == count - 1, random.chance(0.2) {
                segments.append("*p\(i)" + random.pick(types))
            } else {
                segments.append(":p\(i)" + random.pick(types))
            }
        }
        let safety: RouteSafety =
            random.chance(0.3) ? (random.chance(0.5) ? .sensitive : .destructive) : .navigate
        return Route(
            "r\(number)", PathPattern(parsing: "/" + segments.joined(separator: "/")), safety: safety,
            priority: random.chance(0.15) ? 1 : 0)
    }

    /// Whether `link` is shaped like `guarded`, taken by `navigate`, in the rule's words.
    static func isShaped(
        _ link: [String], like guarded: Route, takenBy navigate: Route, caseSensitive: Bool
    ) -> Bool {
        let g = guarded.path.segments
        let n = navigate.path.segments
        let fold: (String) -> String = caseSensitive ? { $0 } : { $0.lowercased() }
        let guardedCatchAll = g.contains { if case .catchAll = $0 { true } else { false } }
        if guardedCatchAll ? link.count < g.count : link.count != g.count { return false }
        for (i, segment) in g.enumerated() {
            switch segment {
            case .literal(let text): if fold(link[i]) != fold(text) { return false }
            case .parameter(_, let type):
                guard i < n.count, case .literal(let text) = n[i], let type else { continue }
                let validator = ParameterValidator(
                    type, caseSensitive: caseSensitive, registry: ParameterTypeRegistry())
                if !validator.mayTake(literal: text) { return false }
            case .catchAll: return true
            }
        }
        return true
    }

    @Test("a navigate route's link is never shaped like a guarded route's", arguments: PropertySeeds.all)
    func navigationNeverTakesGuardedShapes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let gate = LinkGate()
        var navigations = 0
        var guardedShapesSeen = [false, false]  // refused, under each case rule
        for _ in 0..<60 {
            let caseSensitive = random.chance(0.5)
            let options = RoutingOptions(caseSensitivity: caseSensitive ? .sensitive : .insensitive)
            let routes = (0..<random.int(2...8)).map { Self.route($0, &random) }
            guard let router = try? Router(RouteTable(options: options, routes: routes)) else { continue }
            let guarded = routes.filter(\.safety.requiresConfirmation)
            guard !guarded.isEmpty else { continue }
            for _ in 0..<60 {
                let link = (0..<random.int(1...4)).map { _ in random.pick(Self.linkSegments) }
                let parsed = try gate.parse("https://example.com/" + link.joined(separator: "/"))
                let shapedBy = guarded.filter { g in
                    routes.contains {
                        Self.isShaped(link, like: g, takenBy: $0, caseSensitive: caseSensitive)
                    }
                }
                guard let winner = router.match(parsed) else {
                    if !shapedBy.isEmpty { guardedShapesSeen[caseSensitive ? 1 : 0] = true }
                    continue
                }
                guard winner.route.safety == .navigate else { continue }
                navigations += 1
                let violated = guarded.filter {
                    Self.isShaped(link, like: $0, takenBy: winner.route, caseSensitive: caseSensitive)
                }
                #expect(
                    violated.isEmpty,
                    "\(link) navigated to \(winner.name) though shaped like \(violated.map(\.name)); \(options) \(routes)"
                )
            }
        }
        #expect(navigations > 0)
        #expect(guardedShapesSeen == [true, true])
    }
}
