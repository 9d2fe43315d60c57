/// The app's typed destinations: `TypedRoutes.destination(for:)` alone, and from link text to
/// the app's own value, on the 60-route app table.
enum TypedSuite {
    /// Passes of 2,000 links counted; see ``RouterSuite/countedPasses``.
    static let countedPasses = 20

    static func run(bench: Bench, countsInstructions: Bool, into results: inout ResultTable) throws {
        let prepared = try TypedWorkloads.prepare()
        func count(_ name: String) -> InstructionPair? {
            guard countsInstructions else { return nil }
            let pair = InstructionPair(
                sdk: InstructionCounter.perOperation(case: name, side: "sdk", passes: countedPasses),
                peer: nil)
            print("  counted: \(name)")
            return pair
        }
        let destination = count("typed-destination")
        results.add(
            "typed: `TypedRoutes.destination(for:)` alone, ten routes (int, UUID, slug, enums, query, catch-all)",
            bench.compare(TypedWorkloads.destinations(prepared), nil), instructions: destination)
        let receive = count("typed-receive")
        results.add(
            "typed: `receive(url:)` alone on the same 2,000 links (60-route table)",
            bench.compare(TypedWorkloads.receptions(prepared), nil), instructions: receive)
        let link = count("typed-link")
        results.add(
            "typed: link text → the app's typed value (`receive(url:)` + `destination(for:)`)",
            bench.compare(TypedWorkloads.linksToScreens(prepared), nil), instructions: link)
        if let sdk = destination?.sdk {
            results.target(
                "typed: `destination(for:)` < 1,000 instructions a link", measured: Format.number(sdk),
                met: sdk < 1_000, always: true)
        }
    }
}
