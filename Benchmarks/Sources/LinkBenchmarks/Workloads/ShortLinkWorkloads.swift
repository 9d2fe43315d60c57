import DeepLinks
import Foundation
import LinkPreviews
import ShortLinkServer
import ShortLinks

/// A shop's site with short links kept in a SQLite file: 10,000 links made when it is set up,
/// then expanded and followed in turn, each coming back only after the 9,999 others.
struct ShortLinkSite: Sendable {
    let responder: ShortLinkResponder
    let service: ShortLinkService
    let codes: [ShortCode]
    let folder: URL

    static let host = "shop.example.com"
    static let links = 10_000

    static func route() throws -> ShortLinkRoute {
        try ShortLinkRoute(prefix: "/s", hosts: [HostPattern(host)])
    }

    static func receiver(_ route: ShortLinkRoute) throws -> LinkReceiver {
        let table = RouteTable(
            canonicalHost: host, scope: RouteScope(schemes: ["https"], hosts: [HostPattern(host)]),
            routes: [Route("product", "/p/:id(int 1...999999)"), route.route])
        return try LinkReceiver(table: table)
    }

    /// Sets the site up with a new SQLite file holding `links` short links, one per product.
    static func make(links: Int = links) throws -> ShortLinkSite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "short-link-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let route = try route()
        let receiver = try receiver(route)
        var providers = PreviewProviders()
        providers.bind("product") { request in
            LinkPreview(
                title: "Product \(request.parameters.integer("id") ?? 0)",
                description: "In stock at the Shop.")
        }
        let previews = try LinkPreviewService(
            receiver: receiver,
            site: PreviewSite(
                name: "Shop", homeURL: "https://\(host)/", fallback: LinkPreview(title: "Shop"),
                app: AppListing(name: "Shop", appStoreID: "1234567890", googlePlayPackage: "com.example.shop")
            ),
            providers: providers)
        let site = try SiteResponder(service: previews, hosts: [try SiteHost(host)])
        let store = try SQLiteShortLinkStore(path: folder.appendingPathComponent("links.sqlite").path)
        let service = try ShortLinkService(
            receiver: receiver, route: route, hosts: [try SiteHost(host)], store: store)
        let codes = SiteWorkloads.blockingValue {
            var codes: [ShortCode] = []
            for id in 1...links {
                if let link = try? await service.create(ShortLinkRequest(link: "https://\(host)/p/\(id)")) {
                    codes.append(link.code)
                }
            }
            return codes
        }
        guard codes.count == links else {
            throw DisagreementError(description: "only \(codes.count) short links were made")
        }
        return ShortLinkSite(
            responder: try ShortLinkResponder(site: site, shortLinks: service), service: service,
            codes: codes, folder: folder)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

enum ShortLinkWorkloads {
    /// Short links in turn, `perPass` a pass, each pass continuing where the last stopped: each
    /// answered from the store (found, its counter written) and, for a page, through the site.
    static func follow(_ site: ShortLinkSite, json: Bool, perPass: Int = 500, label: String) -> Workload {
        let requests = site.codes.map { code in
            ShortLinkHTTPRequest(
                site: SiteRequest(
                    method: "GET", target: "/s/\(code.text)", host: ShortLinkSite.host,
                    accept: json ? "application/json" : "text/html"),
                userAgent: json
                    ? "Shop/2.5 CFNetwork/1494 Darwin/23.0" : "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)")
        }
        let next = Counter()
        return Workload(label: label, operations: perPass) {
            let start = next.advance(by: perPass, wrappingAt: requests.count)
            return SiteWorkloads.blocking {
                var bytes = 0
                for offset in 0..<perPass {
                    let answer = await site.responder.respond(to: requests[(start + offset) % requests.count])
                    bytes &+= answer.status == 200 ? answer.body.count : -1_000_000
                }
                return bytes
            }
        }
    }

    /// The fixed page of the site's own size, through the same call.
    static func fixedPage(_ site: ShortLinkSite) -> Workload {
        let page = SiteWorkloads.blockingValue {
            await site.responder.respond(
                to: SiteRequest(method: "GET", target: "/p/1", host: ShortLinkSite.host))
        }
        @Sendable func fixed() async -> SiteResponse { page }
        return Workload(label: "a fixed page of the same site, same call", operations: 500) {
            SiteWorkloads.blocking {
                var bytes = 0
                for _ in 0..<500 { bytes &+= await fixed().body.count }
                return bytes
            }
        }
    }

    /// Making short links with random codes for distinct products, into a store.
    static func create(_ service: ShortLinkService, perPass: Int = 100, label: String) -> Workload {
        let next = Counter()
        return Workload(label: label, operations: perPass) {
            let start = next.advance(by: perPass, wrappingAt: 999_999)
            return SiteWorkloads.blocking {
                var made = 0
                for offset in 0..<perPass {
                    let id = (start + offset) % 999_999 + 1
                    if (try? await service.create(
                        ShortLinkRequest(link: "https://\(ShortLinkSite.host)/p/\(id)"))) != nil
                    {
                        made += 1
                    }
                }
                return made
            }
        }
    }

    /// A position shared by a workload's passes.
    final class Counter: @unchecked Sendable {
        private var value = 0
        func advance(by count: Int, wrappingAt limit: Int) -> Int {
            defer { value = (value + count) % limit }
            return value
        }
    }
}
