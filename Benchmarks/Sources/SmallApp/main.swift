// The smallest app the SDK is for: it receives links, reads typed destinations and keeps a
// navigation path. The `cost` suite of `link-benchmarks` reports what this executable carries
// (its code and data, with the SDK linked in), the figure an app pays for the SDK at run time.
//
//   swift build -c release --package-path Benchmarks --product small-app
//   swift run -c release --package-path Benchmarks link-benchmarks --only cost
import DeepLinks
import Foundation

struct Product: RouteValue, Hashable { static let route = "product"; var slug: String; var id: Int }
struct Search: RouteValue, Hashable { static let route = "search"; var q: String }
struct Category: RouteValue, Hashable { static let route = "category"; var slug: String; var page: Int? }

enum Screen: Sendable, Hashable {
    case product(Product), search(Search), category(Category), cart
}

let table = RouteTable(
    canonicalHost: "shop.example.com",
    scope: RouteScope(schemes: ["https", "shop"], hosts: ["shop.example.com"])
) {
    Route("category", "/c/:slug(slug)/:page(int 1...)?")
    Route("product", "/c/:slug(slug)/p/:id(int 1...999999)", parent: "category")
    Route("search", "/search", query: ["q(string 1...64)"])
    Route("cart", "/cart", safety: .sensitive)
}

do {
    let receiver = try LinkReceiver(
        table: table,
        configuration: LinkReceiver.Configuration(
            policy: LinkPolicy(allowedHosts: ["shop.example.com"]),
            schemes: try SchemeRegistry([CustomScheme("shop")])))
    let screens = try TypedRoutes<Screen>(
        router: receiver.router,
        [
            .route(Product.self, Screen.product), .route(Search.self, Screen.search),
            .route(Category.self, Screen.category), .route("cart", .cart),
        ])
    var path: [Screen] = []
    for argument in CommandLine.arguments.dropFirst() {
        let decision = receiver.receive(url: argument)
        guard let match = decision.match else {
            print("\(argument): \(decision.outcome)")
            continue
        }
        path = try screens.path(for: match)
        print("\(argument): \(path)")
    }
} catch {
    print("error: \(error)")
}
