import AssociatedDomains
import DeepLinks
import Foundation

// Benchmarks of the SDK beside its peers, in one process, with the ratio of each pair.
//
//   swift run -c release --package-path Benchmarks link-benchmarks [--quick] [--only GROUPS] …
//
// `--help` lists the groups and flags (`Options.usage`).

let arguments = CommandLine.arguments
let options: Options
do {
    options = try Options(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("link-benchmarks: error: \(error)\n".utf8))
    exit(2)
}

switch options.mode {
case .help:
    print(Options.usage)
    exit(0)
case .memoryProbe(let side):
    do {
        try MemoryProbe.run(side: side)
        exit(0)
    } catch {
        print("memory probe failed: \(error)")
        exit(1)
    }
case .countInstructions(let name, let side):
    do {
        try InstructionCounter.runChild(case: name, side: side, passes: options.passes ?? 1)
        exit(0)
    } catch {
        print("instruction count failed: \(error)")
        exit(1)
    }
case .benchmarks, .profile:
    break
}

AllocationCounter.relaunchWithInterposerIfNeeded(arguments: arguments)

let quick = options.quick
let groups = options.groups
var settings: MeasurementSettings = quick ? .quick : .full
if let rounds = options.rounds {
    settings = MeasurementSettings(
        rounds: rounds, nanosecondsPerRound: settings.nanosecondsPerRound, warmUpPasses: settings.warmUpPasses
    )
}
if let milliseconds = options.roundMilliseconds {
    settings = MeasurementSettings(
        rounds: settings.rounds, nanosecondsPerRound: milliseconds * 1_000_000,
        warmUpPasses: settings.warmUpPasses)
}
let bench = Bench(settings: settings, allocations: AllocationCounter())
// Instruction counts are stable but slow to take (each case runs under callgrind): on by
// default in a full run, off in a quick one unless asked for.
let countsInstructions =
    InstructionCounter.valgrind != nil && options.instructions != false
    && (!quick || options.instructions == true)

if case .profile(let workload) = options.mode {
    do {
        try Profiling.run(workload, passes: options.passes ?? 200)
        exit(0)
    } catch {
        print("profiling failed: \(error)")
        exit(1)
    }
}

print(
    Environment.header(
        quick: quick, countsAllocations: bench.allocations.isWorking, countsInstructions: countsInstructions))
var results = ResultTable(judgesTargets: !quick)

do {
    if groups.contains("router") || groups.contains("pipeline") {
        try RouterSuite.run(
            bench: bench, router: groups.contains("router"), pipeline: groups.contains("pipeline"),
            countsInstructions: countsInstructions, into: &results)
    }
    if groups.contains("typed") {
        try TypedSuite.run(bench: bench, countsInstructions: countsInstructions, into: &results)
    }
    if groups.contains("cost") {
        try AppCostSuite.run(bench: bench, countsInstructions: countsInstructions, into: &results)
    }
    if groups.contains("table") {
        try TableSuite.run(bench: bench, countsInstructions: countsInstructions, into: &results)
    }
    if groups.contains("scaling") { try ScalingSuite.run(bench: bench, into: &results) }
    if groups.contains("association") {
        try AssociationSuite.run(
            bench: bench, quick: quick, countsInstructions: countsInstructions, into: &results)
    }
    if groups.contains("memory") { MemorySuite.run(into: &results) }
    if groups.contains("audit") { try AuditSuite.run(quick: quick, into: &results) }
    if groups.contains("site") {
        try SiteSuite.run(bench: bench, countsInstructions: countsInstructions, into: &results)
    }
    if groups.contains("shortlinks") { try ShortLinkSuite.run(bench: bench, into: &results) }
    if groups.contains("hostile") {
        HostileTableSuite.run(sizes: options.hostileSizes, into: &results)
    }
} catch {
    print("benchmark aborted: \(error)")
    exit(1)
}

print("")
print(results.render())
