import DeepLinks

/// Building tables of the hostile shapes (``HostileTableWorkloads``): one timed build per size
/// and shape (the fastest of three below 50,000 routes), with the problems found. Each build
/// is `Router(RouteTable(routes:))`, what `LinkReceiver.init` does with the table.
enum HostileTableSuite {
    static func run(sizes: [Int], into results: inout ResultTable) {
        for size in sizes {
            for shape in HostileTableWorkloads.shapes {
                let routes = shape.routes(size)
                var best = UInt64.max
                var findings = 0
                for _ in 0..<(size < 50_000 ? 3 : 1) {
                    let start = Clock.now()
                    do {
                        let router = try Router(RouteTable(routes: routes))
                        findings = 0
                        blackHole(router)
                    } catch {
                        findings = error.findings.count
                    }
                    best = min(best, Clock.now() - start)
                }
                let name = "hostile table: \(Format.number(Double(size))) routes, \(shape.name)"
                results.add(
                    row: name,
                    sdk: "\(Format.number(Double(best) / 1e6)) ms per build, \(findings) problems listed",
                    peerLabel: "", peer: "")
                print("  measured: \(name): \(Double(best) / 1e6) ms, \(findings) problems")
            }
        }
    }
}
