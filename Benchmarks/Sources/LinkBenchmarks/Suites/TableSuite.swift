/// Building a 10,000-route table and decoding a 1,000-route JSON table.
enum TableSuite {
    static let buildRouteCount = 10_000
    static let decodeRouteCount = 1_000

    static func run(bench: Bench, countsInstructions: Bool, into results: inout ResultTable) throws {
        let builds = TableWorkloads.builds(RouteCorpus(routeCount: buildRouteCount, probeCount: 0))
        let build = bench.compare(builds.sdk, builds.peer)
        let buildInstructions =
            countsInstructions ? InstructionCounter.pair(case: "build-\(buildRouteCount)", passes: 1) : nil
        results.add(
            "build: compile a 10,000-route table (DeepLinks validates it too)", build,
            instructions: buildInstructions)
        if let speedUp = build.speedUp {
            results.target(
                "build: a 10,000-route table no slower than routing-kit builds its own",
                measured: "\(Format.ratio(1 / speedUp.median)) routing-kit's time", met: speedUp.median >= 1)
        }
        if let ratio = buildInstructions?.ratio {
            results.target(
                "build: instructions no more than routing-kit's",
                measured: "\(Format.ratio(1 / ratio)) routing-kit's", met: ratio >= 1, always: true)
        }

        let decodes = try TableWorkloads.decodes(RouteCorpus(routeCount: decodeRouteCount, probeCount: 0))
        let decode = bench.compare(decodes.sdk, decodes.peer)
        let decodeInstructions =
            countsInstructions ? InstructionCounter.pair(case: "decode-\(decodeRouteCount)", passes: 1) : nil
        results.add(
            "decode: a 1,000-route JSON table (query, scope), beside the names and paths as a plain list",
            decode, instructions: decodeInstructions)
        if let speedUp = decode.speedUp {
            results.target(
                "decode: a 1,000-route JSON table ≤ 2× a plain list of its names and paths",
                measured: Format.ratio(1 / speedUp.median), met: 1 / speedUp.median <= 2)
        }
        if let ratio = decodeInstructions?.ratio {
            results.target(
                "decode: instructions ≤ 2× the plain list's", measured: Format.ratio(1 / ratio),
                met: 1 / ratio <= 2, always: true)
        }
    }
}
