/// One side of a comparison: a pass over the inputs that performs `operations` operations.
struct Workload {
    let label: String
    let operations: Int
    /// Runs one pass; returns a checksum so that the work cannot be optimised away.
    let pass: () -> Int
}

/// What was measured for one side.
struct Measured {
    let label: String
    let nanosecondsPerOperation: Spread
    /// `nil` when allocations could not be counted.
    let allocationsPerOperation: Double?

    var operationsPerSecond: Double { 1e9 / nanosecondsPerOperation.median }
}

/// The SDK beside its peer, with the peer's time divided by the SDK's, round by round.
struct Comparison {
    let sdk: Measured
    let peer: Measured?
    /// How many times faster the SDK is: peer time over SDK time for each pair of adjacent
    /// rounds, so that a burst of load on the machine slows both sides of a pair alike.
    let speedUp: Spread?
}

/// How long and how often to measure.
struct MeasurementSettings {
    let rounds: Int
    let nanosecondsPerRound: UInt64
    let warmUpPasses: Int

    static let full = MeasurementSettings(rounds: 21, nanosecondsPerRound: 40_000_000, warmUpPasses: 3)
    static let quick = MeasurementSettings(rounds: 3, nanosecondsPerRound: 2_000_000, warmUpPasses: 1)
}

/// Runs workloads in interleaved rounds and counts their allocations.
struct Bench {
    let settings: MeasurementSettings
    let allocations: AllocationCounter

    /// Measures one workload alone.
    func measure(_ workload: Workload) -> Measured {
        compare(workload, nil).sdk
    }

    /// Measures the SDK and its peer in alternating rounds (SDK first, then peer first, …).
    func compare(_ sdk: Workload, _ peer: Workload?) -> Comparison {
        let sides = [sdk] + (peer.map { [$0] } ?? [])
        var checksum = 0
        var passes: [Int] = []
        for side in sides {
            for _ in 0..<settings.warmUpPasses { checksum &+= side.pass() }
            let start = Clock.now()
            checksum &+= side.pass()
            let elapsed = max(Clock.now() - start, 1)
            passes.append(max(1, Int(settings.nanosecondsPerRound / elapsed)))
        }
        var times: [[Double]] = sides.map { _ in [] }
        for round in 0..<settings.rounds {
            let order = round % 2 == 0 ? Array(sides.indices) : sides.indices.reversed()
            for s in order {
                let side = sides[s]
                let start = Clock.now()
                for _ in 0..<passes[s] { checksum &+= side.pass() }
                let elapsed = Clock.now() - start
                times[s].append(Double(elapsed) / Double(passes[s] * side.operations))
            }
        }
        blackHole(checksum)
        let measured = sides.indices.map { s in
            Measured(
                label: sides[s].label, nanosecondsPerOperation: Spread(times[s]),
                allocationsPerOperation: allocations.perOperation(sides[s]))
        }
        let speedUp = peer == nil ? nil : Spread(zip(times[1], times[0]).map { $0 / $1 })
        return Comparison(sdk: measured[0], peer: measured.count > 1 ? measured[1] : nil, speedUp: speedUp)
    }
}
