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
            "typed: `TypedRoutes.destination(for:)` alone through `Decodable`, ten routes (int, UUID, slug, enums, "
                + "query, catch-all; each match copied from an array first)",
            bench.compare(TypedWorkloads.destinations(prepared), nil), instructions: destination)
        let byHand = count("typed-destination-by-hand")
        results.add(
            "typed: `TypedRoutes.destination(for:)` alone, the same types reading themselves (`init(parameters:)`)",
            bench.compare(TypedWorkloads.destinations(prepared, reading: .byHand), nil), instructions: byHand)
        let generated = count("typed-destination-generated")
        results.add(
            "typed: `TypedRoutes.destination(for:)` alone, the same types read by the readers the RouteValueReaders "
                + "plugin writes",
            bench.compare(TypedWorkloads.destinations(prepared, reading: .generated), nil),
            instructions: generated)
        let receive = count("typed-receive")
        results.add(
            "typed: `receive(url:)` alone on the same 2,000 links (60-route table)",
            bench.compare(TypedWorkloads.receptions(prepared), nil), instructions: receive)
        let link = count("typed-link")
        results.add(
            "typed: link text → the app's typed value (`receive(url:)` + `destination(for:)`, `Decodable`)",
            bench.compare(TypedWorkloads.linksToScreens(prepared), nil), instructions: link)
        let linkByHand = count("typed-link-by-hand")
        results.add(
            "typed: link text → the app's typed value (`receive(url:)` + `destination(for:)`, `init(parameters:)`)",
            bench.compare(TypedWorkloads.linksToScreens(prepared, reading: .byHand), nil),
            instructions: linkByHand)
        let linkGenerated = count("typed-link-generated")
        results.add(
            "typed: link text → the app's typed value (`receive(url:)` + `destination(for:)`, generated "
                + "`init(parameters:)`)",
            bench.compare(TypedWorkloads.linksToScreens(prepared, reading: .generated), nil),
            instructions: linkGenerated)
        // What reading the typed value adds to `receive(url:)` on the same links: the match is
        // handed over as the app holds it, with no copy of the harness's in the figure.
        if let link = linkByHand?.sdk, let receive = receive?.sdk {
            results.target(
                "typed: `destination(for:)` adds < 1,000 instructions a link to `receive(url:)` (types reading "
                    + "themselves)",
                measured: Format.number(link - receive), met: link - receive < 1_000, always: true)
        }
        if let link = link?.sdk, let receive = receive?.sdk {
            results.target(
                "typed: `destination(for:)` through `Decodable` adds < 5,000 instructions a link to `receive(url:)`",
                measured: Format.number(link - receive), met: link - receive < 5_000, always: true)
        }
    }
}
