import DeepLinks
import Foundation

/// The shop's routes, declared once: two web hosts and the `shop://` scheme in one scope,
/// links written for the canonical host, a cart that is sensitive and order cancellation that
/// is destructive.
enum ShopRoutes {
    static let table = RouteTable(
        canonicalHost: "shop.example.com",
        scope: RouteScope(schemes: ["https", "shop"], hosts: ["shop.example.com", "www.shop.example.com"])
    ) {
        Route("home", "/")
        Route("product", "/products/:id(int 1...999999)")
        Route("search", "/search", query: ["q(string 1...64)", "page(int 1...50)=1"])
        Route("category", "/c/:slug(slug)/:page(int 1...)?")
        Route("cart", "/cart", safety: .sensitive)
        Route("cancelOrder", "/orders/:order(uuid)/cancel", safety: .destructive)
        Route("promo", "/promo/*path(slug)", priority: -1)
    }

    static let viewingProduct = "com.example.shop.viewing-product"

    static let configuration = LinkReceiver.Configuration(
        policy: LinkPolicy(allowedHosts: ["shop.example.com", "www.shop.example.com"]),
        schemes: try! SchemeRegistry([CustomScheme("shop")]),
        activities: [ActivityRoute(activityType: viewingProduct, route: "product")])
}

/// The app's screens, each made from its route's typed values.
enum Screen: Sendable, Equatable, CustomStringConvertible {
    struct Product: RouteValue, Equatable { static let route = "product"; var id: Int }
    struct Search: RouteValue, Equatable { static let route = "search"; var q: String; var page: Int }
    struct Category: RouteValue, Equatable { static let route = "category"; var slug: String; var page: Int? }
    struct CancelOrder: RouteValue, Equatable { static let route = "cancelOrder"; var order: UUID }
    struct Promo: RouteValue, Equatable { static let route = "promo"; var path: [String] }

    case home, product(Product), search(Search), category(Category), cart, cancelOrder(CancelOrder), promo(
        Promo)

    /// The mapping, checked against the table when it is built.
    static func mapping(_ receiver: LinkReceiver) throws -> TypedRoutes<Screen> {
        try TypedRoutes(
            router: receiver.router,
            [
                .route("home", .home), .route(Product.self, Screen.product),
                .route(Search.self, Screen.search),
                .route(Category.self, Screen.category), .route("cart", .cart),
                .route(CancelOrder.self, Screen.cancelOrder), .route(Promo.self, Screen.promo),
            ])
    }

    var description: String {
        switch self {
        case .home: "home"
        case .product(let product): "product \(product.id)"
        case .search(let search): "search '\(search.q)', page \(search.page)"
        case .category(let category): "category \(category.slug), page \(category.page ?? 1)"
        case .cart: "cart"
        case .cancelOrder(let cancel): "cancel order \(cancel.order.uuidString.lowercased())"
        case .promo(let promo): "promo \(promo.path.joined(separator: "/"))"
        }
    }
}
