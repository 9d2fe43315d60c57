import DeepLinks
import Foundation

/// A streaming app: titles, seasons and episodes one under the other; a cart and a checkout
/// that need sign-in; a gift-code redemption that needs sign-in and asks first; downloads that
/// need sign-in and a feature switch.
enum StreamingFixtures {
    static let table = RouteTable(canonicalHost: "reel.example") {
        Route("home", "/")
        Route("title", "/title/:title(string 2...16 [a-z0-9])")
        Route("season", "/title/:title(string 2...16 [a-z0-9])/season/:season(int 1...99)", parent: "title")
        Route(
            "episode",
            "/title/:title(string 2...16 [a-z0-9])/season/:season(int 1...99)/episode/:episode(int 1...999)",
            query: ["t(int 0...86400)?"], parent: "season")
        Route("cart", "/cart", requires: ["signedIn"])
        Route("checkout", "/cart/checkout", safety: .sensitive, parent: "cart")
        Route(
            "redeem", "/redeem", query: ["code(string 4...32 [A-Z0-9])"], safety: .sensitive,
            requires: ["signedIn"])
        Route("downloads", "/downloads", requires: ["signedIn", "downloadsEnabled"])
    }

    static let watching = "com.example.reel.watching"
    static let shopping = "com.example.reel.shopping"

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(
            table: table, policy: LinkPolicy(allowedHosts: ["reel.example"]),
            schemes: SchemeRegistry([CustomScheme("reel", host: .domain(["reel.example"]))]),
            activities: [
                ActivityRoute(activityType: watching, route: "episode", host: "reel.example"),
                ActivityRoute(activityType: shopping, route: "cart", host: "reel.example"),
            ])
    }

    /// The app's destinations, one per route.
    enum Screen: Sendable, Equatable {
        case home, cart, checkout, downloads
        case title(Title), season(Season), episode(Episode), redeem(Redeem)
    }

    struct Title: RouteValue, Equatable {
        static let route = "title"
        var title: String
    }

    struct Season: RouteValue, Equatable {
        static let route = "season"
        var title: String
        var season: Int
    }

    struct Episode: RouteValue, Equatable {
        static let route = "episode"
        var title: String
        var season: Int
        var episode: Int
        var t: Int?
    }

    struct Redeem: RouteValue, Equatable {
        static let route = "redeem"
        var code: String
    }

    static func screens(_ receiver: LinkReceiver) throws -> TypedRoutes<Screen> {
        try TypedRoutes(
            router: receiver.router,
            [
                .route("home", .home), .route("cart", .cart), .route("checkout", .checkout),
                .route("downloads", .downloads), .route(Title.self, Screen.title),
                .route(Season.self, Screen.season),
                .route(Episode.self, Screen.episode), .route(Redeem.self, Screen.redeem),
            ])
    }
}
