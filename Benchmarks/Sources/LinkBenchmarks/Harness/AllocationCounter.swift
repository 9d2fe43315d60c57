import MallocInterposerSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts heap allocations (calls to `malloc` and friends) made by a workload.
///
/// The counter is the malloc interposer: a shared library whose `malloc` replaces libc's
/// when it is loaded first. ``isWorking`` proves it with a known number of allocations; when
/// the process started without it, ``relaunchWithInterposerIfNeeded()`` starts the process
/// again with the library preloaded.
struct AllocationCounter {
    let isWorking: Bool

    init() {
        isWorking = Self.selfTest()
    }

    /// Allocations per operation over one pass of the workload, or `nil` when counting does
    /// not work in this process.
    func perOperation(_ workload: Workload) -> Double? {
        guard isWorking else { return nil }
        let count = Self.count { blackHole(workload.pass()) }
        return Double(count) / Double(workload.operations)
    }

    /// The number of allocations `body` makes.
    static func count(_ body: () -> Void) -> Int {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    private final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Allocates 64 objects and checks that at least 64 allocations were counted.
    private static func selfTest() -> Bool {
        var boxes: [Box] = []
        boxes.reserveCapacity(64)
        let counted = count {
            for i in 0..<64 { boxes.append(Box(i)) }
        }
        blackHole(boxes)
        return counted >= 64
    }

    static let preloadVariable = "LD_PRELOAD"
    static let libraryName = "libMallocInterposerSwift.so"

    /// Starts this program again with the interposer preloaded when counting does not work
    /// and the library sits beside the executable. Returns only when it did not relaunch.
    static func relaunchWithInterposerIfNeeded(arguments: [String]) {
        #if os(Linux)
            guard !AllocationCounter().isWorking, getenv("LINK_BENCHMARKS_RELAUNCHED") == nil else { return }
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return }
            let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/")
            let library = directory + "/" + libraryName
            guard access(library, R_OK) == 0 else { return }
            setenv(preloadVariable, library, 1)
            setenv("LINK_BENCHMARKS_RELAUNCHED", "1", 1)
            var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments.dropFirst()).map {
                strdup($0)
            }
            argv.append(nil)
            execv(executable, &argv)
        #endif
    }
}
