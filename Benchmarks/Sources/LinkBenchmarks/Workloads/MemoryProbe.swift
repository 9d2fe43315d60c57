import DeepLinks
import Foundation

/// The resident memory of a compiled 10,000-route table, measured in a fresh process so that
/// nothing else the benchmarks built is counted.
enum MemoryProbe {
    /// What one probe process reports.
    struct Report {
        let side: String
        /// Resident before, after declaring the table, and after compiling it; peak over all.
        let before: Double
        let declared: Double
        let compiled: Double
        let peak: Double

        var compiledTable: Double { compiled - declared }
        var wholeTable: Double { compiled - before }

        var line: String { "memory-probe \(side) \(before) \(declared) \(compiled) \(peak)" }

        init(side: String, before: Double, declared: Double, compiled: Double, peak: Double) {
            self.side = side
            self.before = before
            self.declared = declared
            self.compiled = compiled
            self.peak = peak
        }

        init?(line: String) {
            let fields = line.split(separator: " ")
            guard fields.count == 6, fields[0] == "memory-probe",
                let before = Double(fields[2]), let declared = Double(fields[3]),
                let compiled = Double(fields[4]), let peak = Double(fields[5])
            else { return nil }
            self.init(
                side: String(fields[1]), before: before, declared: declared, compiled: compiled, peak: peak)
        }
    }

    static let routeCount = 10_000

    /// Runs in the probe process: declares and compiles the table, then prints one line.
    static func run(side: String) throws {
        guard let before = ResidentMemory.read() else {
            throw DisagreementError(description: "no /proc/self/status")
        }
        let corpus = RouteCorpus(routeCount: routeCount, probeCount: 0)
        let table = corpus.routeTable
        guard let declared = ResidentMemory.read() else { return }
        let compiledTable: Any = side == "sdk" ? try DeepLinks.Router(table) : corpus.peerRouter()
        guard let compiled = ResidentMemory.read() else { return }
        blackHole((table, compiledTable))
        print(
            Report(
                side: side, before: before.current, declared: declared.current, compiled: compiled.current,
                peak: compiled.peak
            ).line)
    }

    /// Starts a probe process for one side and reads its report.
    static func measure(side: String) -> Report? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
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
