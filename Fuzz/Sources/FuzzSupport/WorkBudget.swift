import FuzzCounters

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The most work a reader of outside input may do for an input of a given size: a fixed part
/// plus a part proportional to the input's bytes, for heap allocations (how many, and how many
/// bytes) and for CPU time.
///
/// Every reader documents its bound (README, "Cost bounds"); its harness measures each input
/// with ``measured(_:inputBytes:input:_:)`` and stops, naming the figure, when the work passes
/// the budget. A reader that is quadratic, or that copies per reference, passes "no crash" but
/// not this. Allocations are counted exactly (the address sanitizer's hooks, in which the
/// harnesses always run); CPU time is measured and so given a wide margin, and a time over
/// budget is confirmed on two more runs of the input: it catches quadratic work, not a few per
/// cent or a slow moment of the machine.
public struct WorkBudget: Sendable {
    /// Allocations allowed whatever the input's size.
    public var fixedAllocations: Double
    /// Allocations allowed per input byte.
    public var allocationsPerByte: Double
    /// Bytes allocated allowed whatever the input's size.
    public var fixedAllocatedBytes: Double
    /// Bytes allocated allowed per input byte.
    public var allocatedBytesPerByte: Double
    /// CPU time allowed whatever the input's size, in milliseconds.
    public var fixedMilliseconds: Double
    /// CPU time allowed per input byte, in microseconds.
    public var microsecondsPerByte: Double

    /// A budget: `fixed` parts whatever the size, `perByte` parts for each byte of input.
    public init(
        fixedAllocations: Double, allocationsPerByte: Double, fixedAllocatedBytes: Double,
        allocatedBytesPerByte: Double, fixedMilliseconds: Double, microsecondsPerByte: Double
    ) {
        self.fixedAllocations = fixedAllocations
        self.allocationsPerByte = allocationsPerByte
        self.fixedAllocatedBytes = fixedAllocatedBytes
        self.allocatedBytesPerByte = allocatedBytesPerByte
        self.fixedMilliseconds = fixedMilliseconds
        self.microsecondsPerByte = microsecondsPerByte
    }
}

/// The work one call did.
public struct Work: Sendable, CustomStringConvertible {
    /// Heap allocations.
    public var allocations: UInt64
    /// Bytes those allocations requested.
    public var allocatedBytes: UInt64
    /// CPU time of the calling thread, in nanoseconds.
    public var cpuNanoseconds: UInt64

    /// The counts on one line, for messages.
    public var description: String {
        "\(allocations) allocations, \(allocatedBytes) bytes allocated, "
            + "\(Double(cpuNanoseconds) / 1e6) ms of CPU time"
    }
}

/// Whether allocations can be counted in this build (they can under the address sanitizer).
public let canCountAllocations: Bool = fuzz_counters_install() != 0

/// Runs `body`, measures its work, and stops the harness (naming the input, the work and the
/// budget) when the work passes `budget` for an input of `inputBytes` bytes.
///
/// Set `FUZZ_WORK_REPORT=1` to print the work of every input instead of judging it: this is
/// how a budget's constants are measured.
@discardableResult
public func measured<Result>(
    _ budget: WorkBudget, inputBytes: Int, input: @autoclosure () -> String, _ body: () -> Result,
    file: StaticString = #fileID, line: UInt = #line
) -> Result {
    _ = canCountAllocations
    // The first input also pays for the process's one-time set-up (lazily made globals,
    // tables, the runtime's caches): run it once unmeasured, so that only the input's own
    // work is judged.
    if !warmedUp {
        warmedUp = true
        _ = body()
    }
    let allocations = fuzz_counters_allocations()
    let bytes = fuzz_counters_allocated_bytes()
    let start = fuzz_counters_thread_cpu_nanoseconds()
    let result = body()
    let work = Work(
        allocations: fuzz_counters_allocations() - allocations,
        allocatedBytes: fuzz_counters_allocated_bytes() - bytes,
        cpuNanoseconds: fuzz_counters_thread_cpu_nanoseconds() - start)
    let size = Double(inputBytes)
    if reportsWork {
        print("work: \(inputBytes) bytes: \(work)")
        return result
    }
    var broken: [String] = []
    if canCountAllocations {
        let allocationLimit = budget.fixedAllocations + budget.allocationsPerByte * size
        if Double(work.allocations) > allocationLimit {
            broken.append("\(work.allocations) allocations (budget \(Int(allocationLimit)))")
        }
        let byteLimit = budget.fixedAllocatedBytes + budget.allocatedBytesPerByte * size
        if Double(work.allocatedBytes) > byteLimit {
            broken.append("\(work.allocatedBytes) bytes allocated (budget \(Int(byteLimit)))")
        }
    }
    let timeLimit = budget.fixedMilliseconds + budget.microsecondsPerByte * size / 1000
    var milliseconds = Double(work.cpuNanoseconds) / 1e6
    // Allocations are counted exactly, CPU time is measured: a page-fault storm or the
    // sanitizer's allocator growing its heap can charge one run with tens of milliseconds that
    // are not the reader's. A time over budget is confirmed by running the input again, up to
    // twice, and judging the fastest run: a reader that is too slow for its input is slow every
    // time.
    var rerun = 0
    while milliseconds > timeLimit && rerun < 2 {
        rerun += 1
        let again = fuzz_counters_thread_cpu_nanoseconds()
        _ = body()
        milliseconds = min(milliseconds, Double(fuzz_counters_thread_cpu_nanoseconds() - again) / 1e6)
    }
    if milliseconds > timeLimit {
        broken.append("\(milliseconds) ms of CPU time in the fastest of 3 runs (budget \(timeLimit) ms)")
    }
    if !broken.isEmpty {
        fatalError(
            "invariant broken: work beyond the documented bound for \(inputBytes) input bytes: "
                + broken.joined(separator: ", ") + "\ninput: \(input().prefix(2_000).debugDescription)",
            file: file, line: line)
    }
    return result
}

/// Whether ``measured(_:inputBytes:input:_:file:line:)`` has run once in this process. The
/// harnesses run one input at a time on one thread.
nonisolated(unsafe) private var warmedUp = false

/// `FUZZ_WORK_REPORT` is set: print each input's work instead of judging it.
private let reportsWork: Bool = getenv("FUZZ_WORK_REPORT") != nil
