import DeepLinks

/// The same lookups against tables of 10 to 10,000 routes.
enum ScalingSuite {
    static let counts = [10, 100, 1_000, 10_000]

    static func run(bench: Bench, into results: inout ResultTable) throws {
        var byCount: [Int: RouterWorkloads] = [:]
        for count in counts {
            // Every table holds the first ten routes, and every lookup goes to one of them.
            let workloads = try RouterWorkloads(
                RouteCorpus(routeCount: count, probeCount: 1_000, probedRoutes: 10))
            try workloads.checkLookupsAgree()
            results.add(
                "scaling: the same 1,000 lookups, \(Format.count(count)) routes",
                bench.compare(workloads.sdkLookups(), workloads.peerLookups()))
            byCount[count] = workloads
        }
        buildGeneratedTable(bench: bench, into: &results)
        guard let small = byCount[10], let large = byCount[10_000] else { return }
        // The large table against the small one, in alternating rounds.
        let pair = bench.compare(large.sdkLookups(), small.sdkLookups())
        if let ratio = pair.speedUp {
            let slowdown = 1 / ratio.median
            results.target(
                "scaling: a lookup at 10,000 routes ≤ 1.5× the time at 10", measured: Format.ratio(slowdown),
                met: slowdown <= 1.5)
        }
    }

    /// Building (checking and compiling) a generated table of 10,000 routes that all share
    /// their first literal, on five hosts: the shape that made a pairwise overlap check
    /// quadratic. The check walks a trie of the routes instead.
    static func buildGeneratedTable(bench: Bench, into results: inout ResultTable) {
        let hosts = ["example.com", "shop.example.com", "m.example.com", "eu.example.com", "us.example.com"]
        var routes: [Route] = []
        for i in 0..<5_000 {
            let scope = RouteScope(schemes: ["https"], hosts: [HostPattern(hosts[i % hosts.count])])
            routes.append(
                Route(
                    "section-\(i).show", PathPattern(parsing: "/catalog/section-\(i)/:id(int 1...999999)"),
                    scope: scope))
            routes.append(
                Route(
                    "section-\(i).edit",
                    PathPattern(parsing: "/catalog/section-\(i)/:id(int 1...999999)/edit"),
                    scope: scope))
        }
        let table = RouteTable(routes: routes)
        let build = Workload(label: "build", operations: 1) { (try? Router(table)) == nil ? 0 : 1 }
        results.add(
            "scaling: build a generated 10,000-route table (one first literal, 5 hosts)",
            bench.measure(build).asComparison)
    }
}

extension Measured {
    /// A measurement without a peer, for ``ResultTable/add(_:_:)``.
    var asComparison: Comparison { Comparison(sdk: self, peer: nil, speedUp: nil) }
}
