/// The printed results: Markdown tables, so that a run can be pasted into the README.
struct ResultTable {
    private var rows: [[String]] = []
    private var targets: [[String]] = []
    private var notes: [String] = []
    /// Whether the run is long enough to judge the targets; a quick run only shows them.
    let judgesTargets: Bool

    init(judgesTargets: Bool) {
        self.judgesTargets = judgesTargets
    }

    static let header = [
        "benchmark", "DeepLinks ns/op (p25–p75)", "DeepLinks ops/s", "allocs/op", "peer",
        "peer ns/op (p25–p75)",
        "peer allocs/op", "DeepLinks speed-up (p25–p75)", "DeepLinks instructions/op",
        "peer instructions/op", "instruction ratio (peer / DeepLinks)",
    ]

    mutating func add(_ name: String, _ comparison: Comparison, instructions: InstructionPair? = nil) {
        let sdk = comparison.sdk
        var row = [
            name, sdk.nanosecondsPerOperation.description, Format.number(sdk.operationsPerSecond),
            sdk.allocationsPerOperation.map(Format.number) ?? "n/a",
        ]
        if let peer = comparison.peer, let speedUp = comparison.speedUp {
            row += [
                peer.label, peer.nanosecondsPerOperation.description,
                peer.allocationsPerOperation.map(Format.number) ?? "n/a",
                "\(Format.ratio(speedUp.median)) (\(Format.ratio(speedUp.lower))–\(Format.ratio(speedUp.upper)))",
            ]
        } else {
            row += ["", "", "", ""]
        }
        if let instructions {
            row += [
                instructions.sdk.map(Format.number) ?? "n/a", instructions.peer.map(Format.number) ?? "n/a",
                instructions.ratio.map(Format.ratio) ?? "n/a",
            ]
        } else {
            row += ["", "", ""]
        }
        rows.append(row)
        print("  measured: \(name)")
    }

    mutating func add(row name: String, sdk: String, peerLabel: String, peer: String) {
        rows.append([name, sdk, "", "", peerLabel, peer, "", "", "", "", ""])
    }

    /// A target and whether it is met; `always` judges it in a quick run too, for figures
    /// that do not depend on the length of the run (instructions, allocations, memory).
    mutating func target(_ goal: String, measured: String, met: Bool?, always: Bool = false) {
        let verdict =
            judgesTargets || always ? met.map { $0 ? "yes" : "**no**" } ?? "n/a" : "not judged (quick run)"
        targets.append([goal, measured, verdict])
    }

    mutating func note(_ text: String) { notes.append(text) }

    func render() -> String {
        var out = Self.markdown(Self.header, rows)
        if !targets.isEmpty {
            out += "\n" + Self.markdown(["performance target", "measured", "met"], targets)
        }
        if !notes.isEmpty { out += "\n" + notes.map { "- " + $0 }.joined(separator: "\n") + "\n" }
        return out
    }

    static func markdown(_ header: [String], _ rows: [[String]]) -> String {
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + header.map { _ in "---|" }.joined() + "\n"
        for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        return out
    }
}
