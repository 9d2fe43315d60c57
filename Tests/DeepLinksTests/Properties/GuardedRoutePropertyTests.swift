import Testing

@testable import DeepLinks

/// "Shaped like a guarded route" looks at what each segment can take (a literal that a
/// guarded parameter cannot take is not a value of it); these properties hold the router to
/// what guarding promises on random tables with enumerations, patterns and declared types.
@Suite("Properties: a navigate route never takes a link a sensitive or destructive route accepts")
struct GuardedRoutePropertyTests {
    static let segments = ["a", "b", "new", "7", "A", "true", "x-1", "12", "de", "XY", "NAME", "name"]
    static let hosts = ["example.com", "b.example.com"]

    @Test(
        "whenever a guarded route accepts a link on its own, the router never answers a navigate route",
        arguments: PropertySeeds.all)
    func guardedRoutesAreNeverPassedOver(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var guardedAccepted = 0
        var routedToGuarded = 0
        for _ in 0..<30 {
            let options = OverlapIndexPropertyTests.options(&random)
            let routes = (0..<random.int(1...30)).map { OverlapIndexPropertyTests.route($0, &random) }
            let table = RouteTable(
                options: options, types: OverlapIndexPropertyTests.declaredTypes, routes: routes)
            guard let router = try? Router(table) else { continue }
            // Each guarded route alone, to ask whether it accepts a link by itself.
            let alone: [(name: String, router: Router)] = routes.filter(\.safety.requiresConfirmation)
                .compactMap {
                    route in
                    (try? Router(RouteTable(options: options, types: table.types, routes: [route]))).map {
                        (route.name, $0)
                    }
                }
            guard !alone.isEmpty else { continue }
            for _ in 0..<40 {
                let path = (0..<random.int(0...4)).map { _ in random.pick(Self.segments) }
                let host = random.pick(Self.hosts)
                let query =
                    random.chance(0.3)
                    ? [random.pick(["5", "15"])].map {
                        QueryItem(rawName: "page", rawValue: $0, name: "page", value: $0, hasValue: true)
                    } : []
                let winner = router.match(
                    scheme: "https", host: host, pathSegments: path.isEmpty ? [""] : path, queryItems: query)
                let accepting = alone.filter {
                    $0.router.match(
                        scheme: "https", host: host, pathSegments: path.isEmpty ? [""] : path,
                        queryItems: query)
                        != nil
                }
                guard !accepting.isEmpty else { continue }
                guardedAccepted += 1
                if let winner {
                    #expect(
                        winner.route.safety != .navigate,
                        "\(path) went to \(winner.name) though \(accepting.map(\.name)) accept it; \(options) \(routes)"
                    )
                    if winner.route.safety.requiresConfirmation { routedToGuarded += 1 }
                }
            }
        }
        #expect(guardedAccepted > 0)
        #expect(routedToGuarded > 0)
    }
}
