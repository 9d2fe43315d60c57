// The streaming app's links, declared once in Swift. The same table and configuration are kept
// as JSON beside the package (routes.json, config.json) for the command line, the server and
// CI; the package's tests prove that both route every sample link alike.
import DeepLinks

/// The app's route table, receiver configuration and activity type.
public enum StreamingRoutes {
    /// The web host links are written for.
    public static let host = "reel.example"

    /// The Handoff activity type of an episode being watched; its `userInfo` carries the
    /// playback position under `position`, the watch link's `t`.
    public static let watching = "com.example.reel.watching"

    /// The routes: a title id is `tt` and 7 or 8 digits, a gift code three groups of four
    /// capitals or digits; titles, seasons, episodes and redemption take an optional locale
    /// first (`/de/title/tt0111161`).
    public static let table = RouteTable(
        canonicalHost: host,
        types: [
            ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}"),
            ParameterTypeDeclaration("giftCode", "pattern [A-Z0-9]{4}(-[A-Z0-9]{4}){2}"),
        ]
    ) {
        Route("home", "/")
        Route("name", "/name/:slug(slug)")
        Route("cart", "/cart", requires: ["signedIn"])
        Route("checkout", "/cart/checkout", safety: .sensitive, parent: "cart")
        RouteGroup(prefix: "/:locale(enum de|fr|es|it|ja)?") {
            Route("title", "/title/:title(titleID)")
            Route("season", "/title/:title(titleID)/season/:season(int 1...99)", parent: "title")
            Route(
                "episode", "/title/:title(titleID)/season/:season(int 1...99)/episode/:episode(int 1...999)",
                query: ["t(int 0...86400)?"], parent: "season")
            Route(
                "redeem", "/redeem", query: ["code(giftCode)"], safety: .sensitive, requires: ["signedIn"])
        }
    }

    /// How links may arrive: web links on both hosts, `reel://reel.example/…`, and the
    /// watching activity, whose `position` key is the episode's `t`.
    ///
    /// - Throws: ``CustomSchemeError`` if the scheme's registration were malformed.
    public static func configuration() throws(CustomSchemeError) -> LinkReceiver.Configuration {
        LinkReceiver.Configuration(
            policy: LinkPolicy(
                allowedSchemes: ["https"], allowedHosts: [HostPattern(host), "www.reel.example"]),
            schemes: try SchemeRegistry([CustomScheme("reel", host: .domain([HostPattern(host)]))]),
            activities: [
                ActivityRoute(
                    activityType: watching, route: "episode", host: host, userInfoKeys: ["position": "t"])
            ])
    }

    /// The app's receiver: the table with the configuration.
    ///
    /// - Throws: ``LinkReceiverError`` when the table or the activity routes have a problem,
    ///   ``CustomSchemeError`` if the scheme's registration were malformed.
    public static func receiver() throws -> LinkReceiver {
        try LinkReceiver(table: table, configuration: configuration())
    }
}

/// A title's page.
public struct Title: RouteValue, Equatable {
    /// The route this type stands for.
    public static let route = "title"
    /// The page's language, when the link gives one.
    public var locale: String?
    /// The title id, `tt` and 7 or 8 digits.
    public var title: String

    /// Creates a title's page.
    public init(locale: String? = nil, title: String) {
        self.locale = locale
        self.title = title
    }
}

/// A season of a title.
public struct Season: RouteValue, Equatable {
    /// The route this type stands for.
    public static let route = "season"
    /// The page's language, when the link gives one.
    public var locale: String?
    /// The title id.
    public var title: String
    /// The season's number, 1 to 99.
    public var season: Int

    /// Creates a season's page.
    public init(locale: String? = nil, title: String, season: Int) {
        self.locale = locale
        self.title = title
        self.season = season
    }
}

/// An episode, played from a position in seconds when the link gives one.
public struct Episode: RouteValue, Equatable {
    /// The route this type stands for.
    public static let route = "episode"
    /// The page's language, when the link gives one.
    public var locale: String?
    /// The title id.
    public var title: String
    /// The season's number.
    public var season: Int
    /// The episode's number, 1 to 999.
    public var episode: Int
    /// Where to start playing, in seconds (`position` in a Handoff activity).
    public var t: Int?

    /// Creates an episode.
    public init(locale: String? = nil, title: String, season: Int, episode: Int, t: Int? = nil) {
        self.locale = locale
        self.title = title
        self.season = season
        self.episode = episode
        self.t = t
    }
}

/// A gift-code redemption, sensitive: the app asks before redeeming.
public struct Redeem: RouteValue, Equatable {
    /// The route this type stands for.
    public static let route = "redeem"
    /// The page's language, when the link gives one.
    public var locale: String?
    /// The gift code, `XXXX-XXXX-XXXX`.
    public var code: String

    /// Creates a redemption.
    public init(locale: String? = nil, code: String) {
        self.locale = locale
        self.code = code
    }
}

/// A person's page.
public struct Name: RouteValue, Equatable {
    /// The route this type stands for.
    public static let route = "name"
    /// The person's slug.
    public var slug: String

    /// Creates a person's page.
    public init(slug: String) { self.slug = slug }
}

/// The app's screens, one per route.
public enum Screen: Sendable, Equatable, CustomStringConvertible {
    /// The home screen.
    case home
    /// The cart, which needs sign-in.
    case cart
    /// The checkout, under the cart.
    case checkout
    /// A title.
    case title(Title)
    /// A season, under its title.
    case season(Season)
    /// An episode, under its season.
    case episode(Episode)
    /// A redemption.
    case redeem(Redeem)
    /// A person.
    case name(Name)

    /// The screen in a few words.
    public var description: String {
        switch self {
        case .home: "Home"
        case .cart: "Cart"
        case .checkout: "Checkout"
        case .title(let value): "Title \(value.title)" + (value.locale.map { " (\($0))" } ?? "")
        case .season(let value): "Season \(value.season)"
        case .episode(let value): "Episode \(value.episode)" + (value.t.map { " from \($0) s" } ?? "")
        case .redeem(let value): "Redeem \(value.code)"
        case .name(let value): "Name \(value.slug)"
        }
    }

    /// The screens of a receiver's routes, checked against its table.
    ///
    /// - Throws: ``TypedRoutesError`` when a type does not fit its route.
    public static func routes(_ receiver: LinkReceiver) throws(TypedRoutesError) -> TypedRoutes<Screen> {
        try TypedRoutes(
            router: receiver.router,
            [
                .route("home", .home), .route("cart", .cart), .route("checkout", .checkout),
                .route(Title.self, Screen.title), .route(Season.self, Screen.season),
                .route(Episode.self, Screen.episode), .route(Redeem.self, Screen.redeem),
                .route(Name.self, Screen.name),
            ])
    }
}
