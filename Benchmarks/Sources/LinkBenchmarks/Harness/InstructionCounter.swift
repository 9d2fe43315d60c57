import Foundation

/// Counts the instructions one side of a benchmark executes per operation, with callgrind.
///
/// Wall times on a shared machine move with the load; instruction counts do not. Each case
/// runs in a child process under `valgrind --tool=callgrind`, with collection switched on
/// only inside ``countedPasses(_:passes:)`` (`--toggle-collect`), so that building the
/// tables, warming up and starting the process are not counted. The child prints how many
/// operations it ran; callgrind's total divided by that is the figure.
enum InstructionCounter {
    /// The symbol callgrind switches collection on for.
    static let symbol = "link_benchmarks_counted_passes"

    /// The valgrind executable, when one is installed.
    static let valgrind: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/valgrind"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// A copy of this program without its debugging information, which valgrind 3.19 cannot
    /// read when the compiler writes DWARF 5; the symbols stay, and so do the instructions.
    /// When the copy cannot be made, nothing is counted.
    static let strippedExecutable: String? = {
        // Beside the original, where the libraries it loads from its own directory are found.
        let copy = Executable.path + "-stripped-\(getpid())"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["objcopy", "--strip-debug", Executable.path, copy]
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        atexit { InstructionCounter.removeStrippedExecutable() }
        return copy
    }()

    static func removeStrippedExecutable() {
        if let copy = strippedExecutable { try? FileManager.default.removeItem(atPath: copy) }
    }

    /// Instructions per operation for one case and side, or `nil` when callgrind is missing
    /// or the child failed.
    static func perOperation(case name: String, side: String, passes: Int) -> Double? {
        guard let run = count(case: name, side: side, passes: passes, collection: toggled(symbol)) else {
            return nil
        }
        return run.instructions / run.operations
    }

    /// Instructions per operation counted only inside the function named `function` (a
    /// mangled symbol), for a case whose passes run in a `Task` that ``countedPasses(_:passes:)``
    /// does not see. Every call of the function is counted whole, the warm-up pass's too, and
    /// the task's and threads' hand-overs around it are not: two children count `passes` and
    /// twice as many passes, and the difference is divided by the difference in operations, so
    /// that the warm-up cancels out. Two runs of the same tree agree to a few instructions a
    /// page, where counting every thread moved the figure by thousands. Valid only while the
    /// function does its work without suspending (the benchmark's providers answer at once);
    /// `nil` when nothing was counted (the function renamed).
    static func perOperation(case name: String, side: String, passes: Int, inside function: String) -> Double?
    {
        guard let low = count(case: name, side: side, passes: passes, collection: toggled(function)),
            let high = count(case: name, side: side, passes: 2 * passes, collection: toggled(function)),
            high.operations > low.operations, high.instructions > low.instructions
        else {
            print("  no instructions counted inside \(function) for \(name): is the symbol still there?")
            return nil
        }
        return (high.instructions - low.instructions) / (high.operations - low.operations)
    }

    /// Callgrind's options that count only inside `function`.
    private static func toggled(_ function: String) -> [String] {
        ["--collect-atstart=no", "--toggle-collect=\(function)"]
    }

    /// Callgrind's total and the operations the child ran.
    private static func count(
        case name: String, side: String, passes: Int, collection: [String]
    ) -> (instructions: Double, operations: Double)? {
        guard let valgrind, let executable = strippedExecutable else { return nil }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("link-benchmarks-\(getpid())-\(name)-\(side)-\(passes).callgrind").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments =
            ["--tool=callgrind", "--callgrind-out-file=\(output)"] + collection + [
                "--cache-sim=no", "--branch-sim=no",
                executable, "--count-instructions", name, side, "--passes", String(passes),
            ]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: AllocationCounter.preloadVariable)
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
                .first(where: { $0.hasPrefix("operations ") }),
            let operations = Double(line.dropFirst("operations ".count)), operations > 0,
            let text = try? String(contentsOfFile: output, encoding: .utf8),
            let total = text.split(separator: "\n").last(where: {
                $0.hasPrefix("totals:") || $0.hasPrefix("summary:")
            })?.split(separator: " ").last.flatMap({ Double($0) })
        else { return nil }
        return (total, operations)
    }

    /// Runs in the child: builds the case, warms it up, then runs the counted passes.
    static func runChild(case name: String, side: String, passes: Int) throws {
        let workload = try InstructionCases.workload(case: name, side: side)
        blackHole(workload.pass())
        let checksum = countedPasses(workload, passes: passes)
        print("operations \(workload.operations * passes)")
        print("checksum \(checksum)")
    }
}

/// The passes callgrind counts; its symbol name is fixed so that `--toggle-collect` finds it,
/// and it is not optimised, so that no specialised copy under another name is called instead.
@_silgen_name("link_benchmarks_counted_passes")
@_optimize(none)
@inline(never)
func countedPasses(_ workload: Workload, passes: Int) -> Int {
    // A plain counter: unoptimised, `for _ in 0..<passes` instantiates the range iterator's
    // generic metadata on first use, about a million instructions that would be counted.
    var checksum = 0
    var pass = 0
    while pass < passes {
        checksum &+= workload.pass()
        pass += 1
    }
    return checksum
}

/// This program's own executable, for child processes.
enum Executable {
    static let path: String = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
}

/// Instructions per operation of both sides of a case.
struct InstructionPair {
    let sdk: Double?
    let peer: Double?

    /// How many times fewer instructions the SDK executes: peer over SDK.
    var ratio: Double? {
        guard let sdk, let peer, sdk > 0 else { return nil }
        return peer / sdk
    }
}

extension InstructionCounter {
    /// Counts both sides of a case, each in its own child process.
    static func pair(case name: String, passes: Int) -> InstructionPair {
        let pair = InstructionPair(
            sdk: perOperation(case: name, side: "sdk", passes: passes),
            peer: perOperation(case: name, side: "peer", passes: passes))
        print("  counted: \(name)")
        return pair
    }
}
