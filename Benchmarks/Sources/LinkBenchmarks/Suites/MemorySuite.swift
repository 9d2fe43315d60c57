/// The heap a compiled 10,000-route table keeps, each side in its own process.
enum MemorySuite {
    static func run(into results: inout ResultTable) {
        let sdk = MemoryProbe.measure(side: "sdk")
        let peer = MemoryProbe.measure(side: "routing-kit")
        func text(_ report: MemoryProbe.Report?) -> String {
            guard let report else { return "n/a" }
            return
                "\(Format.bytes(report.heap)) heap (\(Format.number(report.heap / Double(MemoryProbe.routeCount))) B/route), "
                + "resident +\(Format.bytes(report.resident)), process peak \(Format.bytes(report.peak))"
        }
        results.add(
            row: "memory: heap kept by a compiled 10,000-route table", sdk: text(sdk),
            peerLabel: "routing-kit `TrieRouter`", peer: text(peer))
        if let sdk {
            results.target(
                "memory: a compiled 10,000-route table ≤ 3 MiB of heap", measured: Format.bytes(sdk.heap),
                met: sdk.heap <= 3 * 1024 * 1024, always: true)
        }
        print("  measured: memory")
    }
}
