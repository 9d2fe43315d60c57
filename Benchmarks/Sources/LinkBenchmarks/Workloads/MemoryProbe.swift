import CHeapUsage
import DeepLinks
import Foundation

/// The heap a compiled 10,000-route table keeps, measured in a fresh process so that nothing
/// else the benchmarks built is counted.
///
/// The figure is the heap in use (glibc's `mallinfo2`: bytes in allocated blocks, mapped ones
/// included) after the table is built and everything but the compiled table is released,
/// minus the heap in use before. For the SDK it includes the declaration the router keeps
/// (``Router/table``).
enum MemoryProbe {
    /// What one probe process reports.
    struct Report {
        let side: String
        /// Heap bytes the compiled table keeps.
        let heap: Double
        /// Resident bytes the process gained, and its peak.
        let resident: Double
        let peak: Double

        var line: String { "memory-probe \(side) \(heap) \(resident) \(peak)" }

        init(side: String, heap: Double, resident: Double, peak: Double) {
            self.side = side
            self.heap = heap
            self.resident = resident
            self.peak = peak
        }

        init?(line: String) {
            let fields = line.split(separator: " ")
            guard fields.count == 5, fields[0] == "memory-probe",
                let heap = Double(fields[2]), let resident = Double(fields[3]), let peak = Double(fields[4])
            else { return nil }
            self.init(side: String(fields[1]), heap: heap, resident: resident, peak: peak)
        }
    }

    static let routeCount = 10_000

    /// Bytes in use on the heap now, or `nil` where glibc's counters are missing.
    static func heapInUse() -> Double? {
        let bytes = link_benchmarks_heap_in_use()
        return bytes > 0 ? Double(bytes) : nil
    }

    /// Runs in the probe process: builds the table, drops the rest, prints one line.
    static func run(side: String) throws {
        guard let before = ResidentMemory.read(), let heapBefore = heapInUse() else {
            throw DisagreementError(description: "no /proc/self/status or mallinfo2")
        }
        let compiledTable: Any = try build(side: side)
        guard let after = ResidentMemory.read(), let heapAfter = heapInUse() else { return }
        blackHole(compiledTable)
        print(
            Report(
                side: side, heap: heapAfter - heapBefore, resident: after.current - before.current,
                peak: after.peak
            ).line)
    }

    /// The compiled table alone: the corpus and the declaration go out of scope here (the
    /// router keeps what it needs of the declaration).
    @inline(never)
    static func build(side: String) throws -> Any {
        if side.hasPrefix("receiver-"), let count = Int(side.dropFirst("receiver-".count)) {
            // A whole receiver, as an app builds it at launch: the gate, the compiled table.
            let corpus = RouteCorpus(routeCount: count, probeCount: 0)
            return try LinkReceiver(table: corpus.routeTable, policy: corpus.policy)
        }
        let corpus = RouteCorpus(routeCount: routeCount, probeCount: 0)
        if side == "stages" {
            let start = heapInUse() ?? 0
            let table = corpus.routeTable
            let declared = heapInUse() ?? 0
            let router = try DeepLinks.Router(table)
            let compiled = heapInUse() ?? 0
            print("heap: declared table \(declared - start) B, compiled \(compiled - declared) B more")
            return router
        }
        if side == "sdk" { return try DeepLinks.Router(corpus.routeTable) }
        return corpus.peerRouter()
    }

    /// Starts a probe process for one side and reads its report.
    static func measure(side: String) -> Report? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executable.path)
        process.arguments = ["--memory-probe", side]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: AllocationCounter.preloadVariable)
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").lazy.compactMap { Report(line: String($0)) }.first
    }
}
