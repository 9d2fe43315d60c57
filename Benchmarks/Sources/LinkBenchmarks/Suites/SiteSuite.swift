import LinkPreviews

/// Landing pages answered by `SiteResponder`, beside a fixed page of the same size.
enum SiteSuite {
    /// Passes counted per landing-page case (and twice as many, the difference of the two
    /// being the figure): 500 pages a pass for the photo cases, eight for the eight kinds.
    static func countedPasses(_ name: String) -> Int {
        name.hasSuffix("photos") || name.hasSuffix("unseen") ? 4 : 100
    }

    /// The most instructions a page for a link the server has not seen may cost.
    static let unseenPageBudget = 60_000.0

    /// `SiteResponder.respond(to:)`, inside which each page is counted: the pages run in a
    /// `Task`, whose hand-overs between threads would otherwise be counted with them (and moved
    /// the count of an unseen page by several thousand instructions from run to run).
    static let respondSymbol = "$s12LinkPreviews13SiteResponderV7respond2toAA0C8ResponseVAA0C7RequestV_tYaF"

    static func run(bench: Bench, countsInstructions: Bool, into results: inout ResultTable) throws {
        func count(_ name: String) -> InstructionPair? {
            guard countsInstructions else { return nil }
            let pair = InstructionPair(
                sdk: InstructionCounter.perOperation(
                    case: name, side: "sdk", passes: countedPasses(name), inside: respondSymbol),
                peer: nil)
            print("  counted: \(name)")
            return pair
        }
        let cached = try SiteWorkloads.responder(cacheCapacity: 1024)
        let uncached = try SiteWorkloads.responder(cacheCapacity: 0)
        let fixed = fixedWorkload(cached)
        let warm = bench.compare(
            SiteWorkloads.pages(
                cached, label: "`SiteResponder.respond`, pages kept by what they are made of"), fixed)
        results.add(
            "site: a landing page, repeated links (8 kinds, decided and looked up)", warm,
            instructions: count("site-kept"))
        let cold = bench.compare(
            SiteWorkloads.pages(uncached, label: "`SiteResponder.respond`, every page built and rendered"),
            fixed)
        results.add(
            "site: a landing page built every time (preview, tags, rendering, ETag)", cold,
            instructions: count("site-uncached"))
        let keptPhotos = try SiteWorkloads.responder(cacheCapacity: 1024)
        let kept = bench.compare(
            SiteWorkloads.keptPhotoPages(
                keptPhotos, label: "`SiteResponder.respond`, eight photo links, each kept"), fixed)
        let keptCount = count("site-kept-photos")
        results.add(
            "site: a kept photo page (8 links repeated: decision and page kept, provider asked)", kept,
            instructions: keptCount)
        let unseenResponder = try SiteWorkloads.responder(cacheCapacity: 1024)
        let unseen = bench.compare(
            SiteWorkloads.unseenPages(
                unseenResponder, label: "`SiteResponder.respond`, 30,000 distinct photo links in turn"),
            fixed)
        let unseenCount = count("site-unseen")
        results.add(
            "site: a page for a link the server has not seen (30,000 distinct known photo links, "
                + "cache of 1,024: decided, provided, cleaned, rendered, hashed)", unseen,
            instructions: unseenCount)
        let namedResponder = try SiteWorkloads.responder(cacheCapacity: 1024)
        let named = bench.compare(
            SiteWorkloads.unseenPages(
                namedResponder, named: true,
                label: "`SiteResponder.respond`, 30,000 distinct photo links by album name in turn"),
            fixed)
        results.add(
            "site: a page for a link the server has not seen, its album's name escaped in the query "
                + "(`/albums?albumname=Summer%202024&index=3`, the links measured over HTTP)", named,
            instructions: count("site-unseen-named"))
        if let pages = unseenCount?.sdk {
            let keptText = (keptCount?.sdk).map { "; a kept photo page: \(Format.number($0))" } ?? ""
            results.target(
                "site: a landing page for a link the server has not seen (a known link) ≤ 60,000 instructions",
                measured: Format.number(pages) + keptText, met: pages <= unseenPageBudget, always: true)
        }
    }

    static func fixedWorkload(_ responder: SiteResponder) -> Workload {
        final class Box: @unchecked Sendable { var workload: Workload? }
        let box = Box()
        _ = SiteWorkloads.blocking {
            box.workload = await SiteWorkloads.fixedPages(responder)
            return 0
        }
        return box.workload ?? Workload(label: "no fixed page", operations: 1) { 0 }
    }
}
