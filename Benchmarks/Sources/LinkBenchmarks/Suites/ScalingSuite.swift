/// The same lookups against tables of 10 to 10,000 routes (target 3 of issue 7).
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
}
