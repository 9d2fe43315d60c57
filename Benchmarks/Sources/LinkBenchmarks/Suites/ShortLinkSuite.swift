import LinkPreviews
import ShortLinkServer
import ShortLinks

/// Short links: expansions and pages answered from a SQLite store beside a fixed page, and the
/// store's cost per creation beside the in-memory store's.
enum ShortLinkSuite {
    static func run(bench: Bench, into results: inout ResultTable) throws {
        let site = try ShortLinkSite.make()
        defer { site.remove() }
        let fixed = ShortLinkWorkloads.fixedPage(site)
        results.add(
            "short links: the app's JSON expansion of a short link (10,000 distinct codes in turn, SQLite: found and counted)",
            bench.compare(
                ShortLinkWorkloads.follow(site, json: true, label: "`ShortLinkResponder.respond`, JSON"),
                fixed))
        results.add(
            "short links: a short link's landing page (10,000 distinct codes in turn: found, counted, the long link's page with the deferred link)",
            bench.compare(
                ShortLinkWorkloads.follow(site, json: false, label: "`ShortLinkResponder.respond`, page"),
                fixed))
        let memory = try ShortLinkService(
            receiver: ShortLinkSite.receiver(ShortLinkSite.route()), route: ShortLinkSite.route(),
            hosts: [try SiteHost(ShortLinkSite.host)], store: InMemoryShortLinkStore())
        results.add(
            "short links: making one (a random code, checked against the table, inserted in one transaction)",
            bench.compare(
                ShortLinkWorkloads.create(site.service, label: "`ShortLinkService.create`, SQLite store"),
                ShortLinkWorkloads.create(memory, label: "the same, in-memory store")))
    }
}
