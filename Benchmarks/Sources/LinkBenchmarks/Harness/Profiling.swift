/// Runs one SDK workload untimed, so that a profiler sees only it.
enum Profiling {
    /// The workloads ``run(_:passes:)`` knows.
    static let workloads = [
        "router", "pipeline", "typed", "typed-by-hand", "association", "adversarial", "site", "site-uncached",
        "site-unseen", "site-unseen-named", "site-kept-photos", "launch-json", "table-heap",
    ]

    /// What `table-heap` keeps until the program ends.
    nonisolated(unsafe) private static var kept: Any?

    static func run(_ name: String, passes: Int) throws {
        if name == "table-heap" {
            // For a heap profiler: the compiled 10,000-route table of the memory suite, kept
            // until the program ends, so that what it holds is what is left at exit.
            kept = try MemoryProbe.build(side: "sdk")
            print("\(name): a compiled \(MemoryProbe.routeCount)-route table, kept until exit")
            return
        }
        let workload: Workload
        switch name {
        case "router", "pipeline":
            let workloads = try RouterWorkloads(RouterSuite.corpus(routeCount: 60))
            workload = name == "router" ? workloads.sdkLookups() : workloads.sdkPipeline()
        case "typed", "typed-by-hand":
            workload = TypedWorkloads.destinations(
                try TypedWorkloads.prepare(), reading: name == "typed-by-hand" ? .byHand : .decodable)
        case "association":
            let (compiled, _, components) = try AssociationWorkloads.largeFile()
            workload = AssociationWorkloads.largeFileMatches(
                compiled, urls: AssociationWorkloads.largeFileURLs(count: 500, components: components))
        case "adversarial":
            let pattern = AssociationWorkloads.adversarial.pattern
            workload = AssociationWorkloads.sdkPatternMatch(
                try AssociationWorkloads.compiledPattern(pattern), pattern, length: 4_096)
        case "site", "site-uncached":
            let responder = try SiteWorkloads.responder(cacheCapacity: name == "site" ? 1024 : 0)
            workload = SiteWorkloads.pages(responder, label: name)
        case "site-unseen", "site-unseen-named", "site-kept-photos":
            workload = try SiteWorkloads.instructionCase(name)
        case "launch-json":
            workload = try AppCostWorkloads.launchFromJSON(routeCount: 1_000)
        default:
            throw DisagreementError(description: "unknown workload '\(name)'")
        }
        var checksum = 0
        for _ in 0..<passes { checksum &+= workload.pass() }
        print("\(name): \(passes) passes of \(workload.operations) operations, checksum \(checksum)")
    }
}
