import DeepLinks
import Foundation
import LinkPreviews
import ShortLinkServer
import ShortLinks

/// A shop's table with a short-link route, its receiver, site and a clock the tests move.
struct ShortLinkFixture {
    static let shortRoute = try! ShortLinkRoute(prefix: "/s", hosts: ["shop.example.com"])
    static let table = RouteTable(
        canonicalHost: "shop.example.com",
        routes: [
            Route(
                "product", "/p/:id(int 1...)",
                scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"])),
            Route(
                "orders", "/orders", scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"]),
                safety: .sensitive),
            Route(
                "deleteAccount", "/account/delete",
                scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"]),
                safety: .destructive),
            Route(
                "summer", "/s/summer", scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"]),
                priority: 1),
            Route("help", "/help", scope: RouteScope(schemes: ["https"], hosts: ["help.example.com"])),
            shortRoute.route,
        ])
    static let receiver = try! LinkReceiver(table: table)
    static let token = "test-token-0123456789abcdefghijklmnopqrstuvwxyz"

    /// A clock the test sets.
    final class Clock: Sendable {
        private let seconds = Mutex(Int64(1_800_000_000))
        var now: Int64 {
            get { seconds.value }
            set { seconds.value = newValue }
        }
    }

    let clock = Clock()
    let store: any ShortLinkStore
    let service: ShortLinkService

    init(store: any ShortLinkStore = InMemoryShortLinkStore()) throws {
        self.store = store
        let clock = self.clock
        service = try ShortLinkService(
            receiver: Self.receiver, route: Self.shortRoute, hosts: [try SiteHost("shop.example.com")],
            store: store,
            clock: { clock.now })
    }

    static func site() throws -> SiteResponder {
        var providers = PreviewProviders()
        providers.bind("product") { request in
            LinkPreview(title: "Product \(request.parameters.integer("id") ?? 0)")
        }
        let site = PreviewSite(
            name: "Shop", homeURL: "https://shop.example.com/", fallback: LinkPreview(title: "Shop"),
            app: AppListing(name: "Shop", appStoreID: "1234567890", googlePlayPackage: "com.example.shop"))
        let service = try LinkPreviewService(receiver: receiver, site: site, providers: providers)
        return try SiteResponder(service: service, hosts: [try SiteHost("shop.example.com")])
    }
}

/// A value behind a lock, for the test clock and stub transports.
final class Mutex<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A temporary SQLite file, removed with its WAL files.
struct TemporaryDatabase: Sendable {
    let path: String
    init() {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "short-links-\(UUID().uuidString).sqlite"
            ).path
    }
    func remove() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
