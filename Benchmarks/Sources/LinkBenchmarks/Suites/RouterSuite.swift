/// Router only and whole pipeline, on a 1,000-route table (targets 1 and 2 of issue 7).
enum RouterSuite {
    static func run(bench: Bench, router: Bool, pipeline: Bool, into results: inout ResultTable) throws {
        let corpus = RouteCorpus(routeCount: 1_000, probeCount: 2_000)
        let start = Clock.now()
        let workloads = try RouterWorkloads(corpus)
        results.note(
            "Compiling the 1,000-route table, validation included, took "
                + "\(Format.number(Double(Clock.now() - start) / 1e6)) ms.")
        if router {
            try workloads.checkLookupsAgree()
            let comparison = bench.compare(workloads.sdkLookups(), workloads.peerLookups())
            results.add("router only: 1,000 routes on 5 hosts, 2,000 pre-split paths", comparison)
            if let speedUp = comparison.speedUp {
                results.target(
                    "router only: ≥ 3× routing-kit's throughput", measured: Format.ratio(speedUp.median),
                    met: speedUp.median >= 3)
            }
            if let sdk = comparison.sdk.allocationsPerOperation,
                let peer = comparison.peer?.allocationsPerOperation
            {
                results.target(
                    "router only: ≤ ¼ of routing-kit's allocations per lookup",
                    measured: "\(Format.number(sdk)) vs \(Format.number(peer))", met: sdk <= peer / 4)
            }
        }
        if pipeline {
            try workloads.checkPipelinesAgree()
            let comparison = bench.compare(workloads.sdkPipeline(), workloads.peerPipeline())
            results.add("whole pipeline: link text → route and typed parameters", comparison)
            if let speedUp = comparison.speedUp {
                results.target(
                    "whole pipeline: ≥ 2× `URLComponents` + routing-kit",
                    measured: Format.ratio(speedUp.median),
                    met: speedUp.median >= 2)
            }
        }
    }
}
