/// The command line, read strictly: an unknown flag or group, a flag without its value or a
/// value that is not what the flag takes is a ``UsageError`` that says so; nothing is ignored.
struct Options {
    /// Every group, in the order they run.
    static let allGroups = [
        "router", "pipeline", "typed", "cost", "table", "scaling", "association", "memory", "audit", "site",
        "shortlinks", "hostile",
    ]
    /// The groups a run without `--only` measures: all but `hostile`, which takes minutes.
    static let defaultGroups = Set(allGroups).subtracting(["hostile"])

    /// What the program does.
    enum Mode: Equatable {
        /// Prints ``usage``.
        case help
        /// Runs the benchmark groups.
        case benchmarks
        /// Runs one workload, untimed, for a profiler.
        case profile(workload: String)
        /// In a child process: measures the heap a receiver keeps.
        case memoryProbe(side: String)
        /// In a child process under callgrind: runs the passes of one case.
        case countInstructions(name: String, side: String)
    }

    var mode = Mode.benchmarks
    var quick = false
    /// `true` with `--instructions`, `false` with `--no-instructions`, `nil` when neither is given.
    var instructions: Bool?
    var groups = defaultGroups
    var rounds: Int?
    var roundMilliseconds: UInt64?
    var hostileSizes = [10_000, 50_000]
    var passes: Int?

    /// A command line the program does not take, with the sentence that says why.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads the arguments after the program's name.
    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        func value(of flag: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(flag) takes a value")
            }
            return value
        }
        func number<N: FixedWidthInteger>(of flag: String, _: N.Type) throws(UsageError) -> N {
            let text = try value(of: flag)
            guard let number = N(text), number > 0 else {
                throw UsageError(description: "\(flag) takes a whole number above 0, not '\(text)'")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h": mode = .help
            case "--quick": quick = true
            case "--instructions": instructions = true
            case "--no-instructions": instructions = false
            case "--only":
                let names = try value(of: argument).split(separator: ",", omittingEmptySubsequences: false)
                    .map(String.init)
                if let unknown = names.first(where: { !Self.allGroups.contains($0) }) {
                    throw UsageError(
                        description:
                            "unknown group '\(unknown)'; the groups are \(Self.allGroups.joined(separator: ", "))"
                    )
                }
                groups = Set(names)
            case "--rounds": rounds = try number(of: argument, Int.self)
            case "--round-ms": roundMilliseconds = try number(of: argument, UInt64.self)
            case "--passes": passes = try number(of: argument, Int.self)
            case "--hostile-sizes":
                let text = try value(of: argument)
                let sizes = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
                guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? 0) > 0 }) else {
                    throw UsageError(
                        description:
                            "--hostile-sizes takes whole numbers above 0 separated by commas, not '\(text)'")
                }
                hostileSizes = sizes.compactMap { $0 }
            case "--profile":
                let workload = try value(of: argument)
                guard Profiling.workloads.contains(workload) else {
                    throw UsageError(
                        description:
                            "unknown workload '\(workload)'; the workloads are \(Profiling.workloads.joined(separator: ", "))"
                    )
                }
                mode = .profile(workload: workload)
            case "--memory-probe": mode = .memoryProbe(side: try value(of: argument))
            case "--count-instructions":
                mode = .countInstructions(name: try value(of: argument), side: try value(of: argument))
            default:
                throw UsageError(description: "unknown option '\(argument)' (see --help)")
            }
        }
    }

    /// The help `--help` prints.
    static let usage = """
        Benchmarks of the SDK beside its peers, in one process, with the ratio of each pair.

        usage: swift run -c release --package-path Benchmarks link-benchmarks [options]

        options:
          --quick              one brief pass: checks that everything runs and agrees, judges
                               only the targets on instructions, allocations and memory
          --only GROUPS        a comma-separated subset of the groups below (default: all but hostile)
          --instructions       count instructions with callgrind in a quick run too
                               (a full run counts them when valgrind is installed)
          --no-instructions    do not count instructions
          --rounds N           the number of measured rounds (default 21, 3 with --quick)
          --round-ms N         the length of a round in milliseconds (default 40, 2 with --quick)
          --hostile-sizes N,…  the table sizes of the hostile group (default 10000,50000)
          --profile WORKLOAD   run only the SDK side of one workload, untimed, for a profiler
          --passes N           with --profile: the passes to run (default 200)
          -h, --help           print this help

        groups:
          router       Router.lookup on pre-split paths beside routing-kit
          pipeline     LinkReceiver.receive(url:) beside URLComponents + hand checks + routing-kit
          typed        TypedRoutes destinations, through Decodable and read by hand
          cost         what the SDK costs an app: code size, launch, a receiver's heap
          table        building a 10,000-route router; RouteTable(json:) on 1,000 routes
          scaling      the same lookups against tables of 10 to 10,000 routes
          association  association files matched per URL; hostile patterns
          memory       the heap a compiled 10,000-route table keeps
          audit        a 100,000-URL sitemap read and audited
          site         landing pages from SiteResponder beside a fixed page
          shortlinks   short links from a SQLite store beside a fixed page; making one
          hostile      the table shapes that once made the table check quadratic (only with --only)

        workloads (--profile): \(Profiling.workloads.joined(separator: ", "))

        Exit status: 0 when every input agrees on both sides (timings never fail a run), 1 when
        the sides disagree or a workload fails, 2 for a command line it does not take.
        """
}
