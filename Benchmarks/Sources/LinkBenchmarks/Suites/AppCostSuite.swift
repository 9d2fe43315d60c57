import Foundation

/// What the SDK costs an app (group `cost`): code size of each library module in this release
/// build, launch (building the receiver from Swift and from JSON) and the receiver's heap.
enum AppCostSuite {
    /// Budgets for each module's object code and data (text + data of its release object
    /// files), set about 10% above the size measured when they were set (2026-11-26).
    static let budgets: [String: Double] = [
        "DeepLinks": 2.75 * 1_048_576, "DeepLinksJSON": 0.3125 * 1_048_576,
        "AssociatedDomains": 1.25 * 1_048_576, "LinkPreviews": 0.5 * 1_048_576, "LinkAudit": 0.25 * 1_048_576,
    ]
    /// Launch budgets in instructions (from Swift, from JSON): building the receiver for the
    /// 60-route app table, and for 1,000 routes; about 15% above the counts when they were set.
    static let launchBudgets: [String: Double] = [
        "swift-60": 3_800_000, "json-60": 3_400_000, "swift-1000": 58_000_000, "json-1000": 49_000_000,
    ]
    /// Heap budget of a receiver, per route.
    static let heapBudgetPerRoute = 2_048.0

    static func run(bench: Bench, countsInstructions: Bool, into results: inout ResultTable) throws {
        codeSizes(into: &results)
        for count in AppCostWorkloads.launchRouteCounts {
            let passes = count < 1_000 ? 20 : 2
            for source in ["swift", "json"] {
                let workload =
                    source == "swift"
                    ? AppCostWorkloads.launchFromSwift(routeCount: count)
                    : try AppCostWorkloads.launchFromJSON(routeCount: count)
                let name = "launch-\(source)-\(count)"
                let instructions =
                    countsInstructions
                    ? InstructionPair(
                        sdk: InstructionCounter.perOperation(case: name, side: "sdk", passes: passes),
                        peer: nil)
                    : nil
                results.add(
                    "launch: build the receiver for \(Format.count(count)) routes from "
                        + (source == "swift" ? "Swift (pattern text parsed)" : "the table's JSON"),
                    bench.compare(workload, nil), instructions: instructions)
                if let sdk = instructions?.sdk, let budget = launchBudgets["\(source)-\(count)"] {
                    results.target(
                        "launch: receiver for \(Format.count(count)) routes from \(source == "swift" ? "Swift" : "JSON") "
                            + "≤ \(Format.number(budget)) instructions",
                        measured: Format.number(sdk), met: sdk <= budget, always: true)
                }
            }
        }
        for count in AppCostWorkloads.launchRouteCounts {
            let report = MemoryProbe.measure(side: "receiver-\(count)")
            results.add(
                row: "memory: heap kept by a receiver for \(Format.count(count)) routes (built from Swift)",
                sdk: report.map {
                    "\(Format.bytes($0.heap)) (\(Format.number($0.heap / Double(count))) B/route)"
                } ?? "n/a", peerLabel: "", peer: "")
            if let report {
                results.target(
                    "memory: a receiver for \(Format.count(count)) routes ≤ \(Format.number(heapBudgetPerRoute)) B a route",
                    measured: Format.bytes(report.heap),
                    met: report.heap <= heapBudgetPerRoute * Double(count),
                    always: true)
            }
        }
        print("  measured: cost")
    }

    /// What the small app (`Sources/SmallApp`: receive, typed destinations, a navigation path)
    /// carries, when it was built beside this executable.
    static func smallAppSize(into results: inout ResultTable) {
        let path = URL(fileURLWithPath: Executable.path).deletingLastPathComponent()
            .appendingPathComponent("small-app").path
        guard FileManager.default.fileExists(atPath: path),
            let (text, data) = AppCostWorkloads.textAndData(of: [path])
        else {
            results.note(
                "code size of the small app: not measured (build it first: "
                    + "`swift build -c release --package-path Benchmarks --product small-app`)")
            return
        }
        let total = text + data
        results.add(
            row:
                "code size: a small app (receive, typed destinations, navigation path), linked executable (text + data)",
            sdk: "\(Format.bytes(total)) (text \(Format.bytes(text)), data \(Format.bytes(data)))",
            peerLabel: "", peer: "")
        results.target(
            "code size: the small app ≤ \(Format.bytes(smallAppBudget))", measured: Format.bytes(total),
            met: total <= smallAppBudget, always: true)
    }

    /// What a small app may carry: 1.0 MiB of code and data.
    static let smallAppBudget = 1_048_576.0

    static func codeSizes(into results: inout ResultTable) {
        smallAppSize(into: &results)
        let peer = AppCostWorkloads.codeSize(of: AppCostWorkloads.peerModule)
        for module in AppCostWorkloads.modules {
            guard let size = AppCostWorkloads.codeSize(of: module) else {
                results.note("code size of \(module): not measured (no object files or no binutils)")
                continue
            }
            let shares = size.groups.prefix(4).map {
                "\($0.name) \(Format.bytes($0.bytes))"
            }.joined(separator: ", ")
            let largest = size.largest.map { "`\($0.name.prefix(60))` \(Format.bytes($0.bytes))" }
                .joined(separator: ", ")
            results.add(
                row: "code size: \(module), release object files (text + data)",
                sdk:
                    "\(Format.bytes(size.total)) (text \(Format.bytes(size.text)), data \(Format.bytes(size.data))); "
                    + "by symbol: \(shares); largest: \(largest)",
                peerLabel: module == "DeepLinks" ? "routing-kit" : "",
                peer: module == "DeepLinks" ? peer.map { Format.bytes($0.total) } ?? "n/a" : "")
            if let budget = budgets[module] {
                results.target(
                    "code size: \(module) ≤ \(Format.bytes(budget))", measured: Format.bytes(size.total),
                    met: size.total <= budget, always: true)
            }
        }
    }
}
