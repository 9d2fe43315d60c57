import DeepLinks
import LinkPreviews
import Testing

@Suite("Previews use the table's canonical host")
struct CanonicalHostPreviewTests {
    static let table = RouteTable(
        canonicalHost: "shop.example.com",
        scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com", "www.shop.example.com"])
    ) {
        Route("product", "/p/:id(int 1...)")
        Route("category", "/c/:slug(slug)/:page(int 1...)?")
        Route("help", "/help", scope: RouteScope(schemes: ["https"], hosts: ["help.example.com"]))
    }

    static func service(_ table: RouteTable = table) throws -> LinkPreviewService {
        var providers = PreviewProviders()
        for name in ["product", "category", "help"] {
            providers.bind(name) { request in LinkPreview(title: "\(request.route) \(request.canonicalURL)") }
        }
        let site = PreviewSite(
            name: "Shop", homeURL: "https://shop.example.com/", fallback: LinkPreview(title: "Shop"),
            app: AppListing(name: "Shop", appStoreID: "1234567890"))
        return try LinkPreviewService(
            receiver: try LinkReceiver(table: table, policy: LinkPolicy()), site: site, providers: providers)
    }

    @Test("canonical host used by previews: canonical link, og:url and the provider's request")
    func canonicalHostUsedByPreviews() async throws {
        let result = try await Self.service().preview(for: "https://www.shop.example.com/p/1")
        #expect(result.canonicalURL == "https://shop.example.com/p/1")
        #expect(result.tags.first { $0.key == "og:url" }?.content == "https://shop.example.com/p/1")
        #expect(result.preview.title == "product https://shop.example.com/p/1")
    }

    @Test("an optional segment left out stays out of the canonical link")
    func optionalSegmentPreview() async throws {
        let service = try Self.service()
        #expect(
            try await service.preview(for: "https://www.shop.example.com/c/shoes").canonicalURL
                == "https://shop.example.com/c/shoes")
        #expect(
            try await service.preview(for: "https://www.shop.example.com/c/shoes/2").canonicalURL
                == "https://shop.example.com/c/shoes/2")
    }

    @Test("a route that does not serve the canonical host keeps the link's host")
    func otherHostKept() async throws {
        let result = try await Self.service().preview(for: "https://help.example.com/help")
        #expect(result.canonicalURL == "https://help.example.com/help")
    }

    @Test("without a canonical host the link's own host is the canonical one")
    func withoutCanonicalHost() async throws {
        var table = Self.table
        table.canonicalHost = nil
        let result = try await Self.service(table).preview(for: "https://www.shop.example.com/p/1")
        #expect(result.canonicalURL == "https://www.shop.example.com/p/1")
    }
}
