import LinkPreviews

/// Landing pages answered by `SiteResponder`, beside a fixed page of the same size.
enum SiteSuite {
    static func run(bench: Bench, into results: inout ResultTable) throws {
        let cached = try SiteWorkloads.responder(cacheCapacity: 1024)
        let uncached = try SiteWorkloads.responder(cacheCapacity: 0)
        let fixed = fixedWorkload(cached)
        let warm = bench.compare(
            SiteWorkloads.pages(
                cached, label: "`SiteResponder.respond`, pages kept by what they are made of"), fixed)
        results.add("site: a landing page, repeated links (8 kinds, decided and looked up)", warm)
        let cold = bench.compare(
            SiteWorkloads.pages(uncached, label: "`SiteResponder.respond`, every page built and rendered"),
            fixed)
        results.add("site: a landing page built every time (preview, tags, rendering, ETag)", cold)
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
