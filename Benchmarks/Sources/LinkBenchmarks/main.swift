import AssociatedDomains
import DeepLinks
import Foundation

// Benchmarks of the SDK beside its peers, in one process, with the ratio of each pair.
//
//   swift run -c release --package-path Benchmarks link-benchmarks [--quick] [--only GROUPS]
//
// GROUPS is a comma-separated subset of: router, pipeline, typed (`TypedRoutes` destinations),
// cost (what the SDK costs an app: code size, launch, a receiver's heap), table, scaling, association, memory,
// audit, site (landing pages from `SiteResponder` beside a fixed page), hostile (tables of the
// shapes that once made the table check quadratic; `--hostile-sizes
// 10000,50000` by default; not part of the default run).
// Instruction counts (callgrind) are taken in a full run when valgrind is installed;
// `--instructions` takes them in a quick run too, `--no-instructions` skips them.
// `--rounds N` and `--round-ms M` override the number and length of the measured rounds.
// `--profile router|pipeline|typed|association|adversarial|site|site-uncached` runs only the SDK side
// of one workload, untimed, for an instruction-counting profiler.

let arguments = CommandLine.arguments

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

if let side = value(after: "--memory-probe") {
    do {
        try MemoryProbe.run(side: side)
        exit(0)
    } catch {
        print("memory probe failed: \(error)")
        exit(1)
    }
}

if let name = value(after: "--count-instructions"), let index = arguments.firstIndex(of: name),
    index + 1 < arguments.count
{
    do {
        try InstructionCounter.runChild(
            case: name, side: arguments[index + 1], passes: Int(value(after: "--passes") ?? "") ?? 1)
        exit(0)
    } catch {
        print("instruction count failed: \(error)")
        exit(1)
    }
}

AllocationCounter.relaunchWithInterposerIfNeeded(arguments: arguments)

let quick = arguments.contains("--quick")
let allGroups = "router,pipeline,typed,cost,table,scaling,association,memory,audit,site"
let groups = Set((value(after: "--only") ?? allGroups).split(separator: ",").map(String.init))
var settings: MeasurementSettings = quick ? .quick : .full
if let rounds = value(after: "--rounds").flatMap({ Int($0) }) {
    settings = MeasurementSettings(
        rounds: rounds, nanosecondsPerRound: settings.nanosecondsPerRound, warmUpPasses: settings.warmUpPasses
    )
}
if let milliseconds = value(after: "--round-ms").flatMap({ UInt64($0) }) {
    settings = MeasurementSettings(
        rounds: settings.rounds, nanosecondsPerRound: milliseconds * 1_000_000,
        warmUpPasses: settings.warmUpPasses)
}
let bench = Bench(settings: settings, allocations: AllocationCounter())
// Instruction counts are stable but slow to take (each case runs under callgrind): on by
// default in a full run, off in a quick one unless asked for.
let countsInstructions =
    InstructionCounter.valgrind != nil && !arguments.contains("--no-instructions")
    && (!quick || arguments.contains("--instructions"))

if let workload = value(after: "--profile") {
    do {
        try Profiling.run(workload, passes: Int(value(after: "--passes") ?? "") ?? 200)
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
    if groups.contains("site") { try SiteSuite.run(bench: bench, into: &results) }
    if groups.contains("hostile") {
        let sizes = (value(after: "--hostile-sizes") ?? "10000,50000").split(separator: ",").compactMap {
            Int($0)
        }
        HostileTableSuite.run(sizes: sizes, into: &results)
    }
} catch {
    print("benchmark aborted: \(error)")
    exit(1)
}

print("")
print(results.render())
