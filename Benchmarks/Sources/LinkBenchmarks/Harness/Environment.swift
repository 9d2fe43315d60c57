import Foundation

/// What the figures were measured on, printed above the table.
enum Environment {
    static func header(quick: Bool, countsAllocations: Bool, countsInstructions: Bool) -> String {
        let date = ISO8601DateFormatter.string(
            from: Date(), timeZone: TimeZone(identifier: "UTC") ?? .current, formatOptions: [.withFullDate])
        var lines = [
            "# DeepLinks benchmarks",
            "",
            "- date: \(date); cores: \(ProcessInfo.processInfo.activeProcessorCount); cpu: \(processorName())",
            "- command: `swift run -c release --package-path Benchmarks link-benchmarks"
                + CommandLine.arguments.dropFirst().map { " " + $0 }.joined() + "`",
            "- each figure: median over \(quick ? MeasurementSettings.quick.rounds : MeasurementSettings.full.rounds) "
                + "rounds (p25–p75), SDK and peer rounds alternating in one process; speed-up = peer time / "
                + "DeepLinks time, pair by pair",
        ]
        lines.append(
            countsInstructions
                ? "- instructions: counted by callgrind (`valgrind --tool=callgrind`), each case in a child "
                    + "process, collection on only inside the measured passes"
                : "- instructions: not counted (valgrind missing, a quick run, or `--no-instructions`)")
        if !countsAllocations {
            lines.append("- allocations: not counted (the malloc interposer is not loaded)")
        }
        #if DEBUG
            lines.append("- WARNING: debug build; build with `-c release` for meaningful figures")
        #endif
        if quick { lines.append("- quick run: a smoke test, not a measurement") }
        return lines.joined(separator: "\n")
    }

    static func processorName() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        else { return "unknown" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
}
