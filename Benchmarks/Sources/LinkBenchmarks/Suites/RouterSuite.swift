/// Router only, on realistic tables of 60, 1,000 and 10,000 routes, and the whole pipeline.
enum RouterSuite {
    static let routeCounts = [60, 1_000, 10_000]
    /// Passes of 2,000 lookups counted per side. The child pays a one-time cost inside the
    /// counted function (the runtime instantiating metadata and caching conformances, about
    /// 1–3 million instructions, varying from run to run); 20 passes keep it under about
    /// 70 instructions per lookup.
    static let countedPasses = 20
    /// The table of the case whose misses fail late.
    static let deepMissRouteCount = 1_000
    /// The pipeline runs on the realistic app table.
    static let pipelineRouteCount = 60
    /// The floors the SDK keeps, in instructions: the router does this many times fewer than
    /// routing-kit, the whole pipeline this many times fewer than the peer pipeline. Judged in
    /// every run, quick ones too (instruction counts do not depend on the length of the run);
    /// a missed floor is reported as not met, and the run still ends normally.
    static let routerInstructionFloor = 5
    static let pipelineInstructionFloor = 8

    /// 2,000 links spread over the whole table, one in five a miss.
    static func corpus(routeCount: Int) -> RouteCorpus {
        RouteCorpus(routeCount: routeCount, probeCount: 2_000, misses: 0.2)
    }

    static func run(
        bench: Bench, router: Bool, pipeline: Bool, countsInstructions: Bool, into results: inout ResultTable
    ) throws {
        if router {
            for count in routeCounts {
                let workloads = try RouterWorkloads(corpus(routeCount: count))
                try workloads.checkLookupsAgree()
                let comparison = bench.compare(workloads.sdkLookups(), workloads.peerLookups())
                let instructions =
                    countsInstructions
                    ? InstructionCounter.pair(case: "router-\(count)", passes: countedPasses) : nil
                let name =
                    "router only: \(Format.count(count)) routes on \(count < 1_000 ? 3 : count / 200) hosts, "
                    + "2,000 pre-split paths, 20% misses"
                results.add(name, comparison, instructions: instructions)
                let label = "router only, \(Format.count(count)) routes"
                if let speedUp = comparison.speedUp {
                    results.target(
                        "\(label): ≥ 4× routing-kit's speed", measured: Format.ratio(speedUp.median),
                        met: speedUp.median >= 4)
                }
                if let ratio = instructions?.ratio {
                    results.target(
                        "\(label): ≥ \(Format.count(Self.routerInstructionFloor))× fewer instructions than routing-kit",
                        measured: Format.ratio(ratio), met: ratio >= Double(Self.routerInstructionFloor),
                        always: true)
                }
                if let sdk = comparison.sdk.allocationsPerOperation {
                    results.target(
                        "\(label): ≤ 0.1 allocations per lookup",
                        measured: "\(Format.number(sdk)) (routing-kit "
                            + "\(comparison.peer?.allocationsPerOperation.map(Format.number) ?? "n/a"))",
                        met: sdk <= 0.1, always: true)
                }
            }
            // Misses that fail late: every hit of the 1,000-route corpus with one more segment.
            let deep = try RouterWorkloads(corpus(routeCount: deepMissRouteCount), deepMisses: true)
            try deep.checkLookupsAgree()
            results.add(
                "router only: 1,000 routes, misses that fail late (each hit with one more segment)",
                bench.compare(deep.sdkLookups(), deep.peerLookups()),
                instructions: countsInstructions
                    ? InstructionCounter.pair(
                        case: "router-deep-\(deepMissRouteCount)", passes: countedPasses) : nil)
        }
        if pipeline {
            let workloads = try RouterWorkloads(corpus(routeCount: pipelineRouteCount))
            try workloads.checkPipelinesAgree()
            let comparison = bench.compare(workloads.sdkPipeline(), workloads.peerPipeline())
            let instructions =
                countsInstructions
                ? InstructionCounter.pair(case: "pipeline-\(pipelineRouteCount)", passes: 2) : nil
            results.add(
                "whole pipeline: link text → typed outcome, 60 routes, 10% hostile or malformed links",
                comparison, instructions: instructions)
            if let speedUp = comparison.speedUp {
                results.target(
                    "whole pipeline: ≥ 6× `URLComponents` + routing-kit + checks",
                    measured: Format.ratio(speedUp.median), met: speedUp.median >= 6)
            }
            if let ratio = instructions?.ratio {
                results.target(
                    "whole pipeline: ≥ \(Format.count(Self.pipelineInstructionFloor))× fewer instructions than "
                        + "`URLComponents` + routing-kit + checks",
                    measured: Format.ratio(ratio), met: ratio >= Double(Self.pipelineInstructionFloor),
                    always: true)
            }
        }
    }
}
