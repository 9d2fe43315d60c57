/// The resident memory of a compiled 10,000-route table, each side in its own process.
enum MemorySuite {
    static func run(into results: inout ResultTable) {
        let sdk = MemoryProbe.measure(side: "sdk")
        let peer = MemoryProbe.measure(side: "routing-kit")
        func text(_ report: MemoryProbe.Report?) -> String {
            guard let report else { return "n/a" }
            return
                "\(Format.bytes(report.compiledTable)) (\(Format.number(report.compiledTable / Double(MemoryProbe.routeCount))) B/route), "
                + "process peak \(Format.bytes(report.peak))"
        }
        results.add(
            row: "memory: resident size of a compiled 10,000-route table", sdk: text(sdk),
            peerLabel: "routing-kit `TrieRouter`", peer: text(peer))
        print("  measured: memory")
    }
}
