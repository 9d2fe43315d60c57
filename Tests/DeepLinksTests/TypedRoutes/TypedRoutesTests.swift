import DeepLinks
import Foundation
import Testing

/// A shop's routes as the app's own types.
enum Shop {
    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"])) {
            Route("product", "/p/:id(int 1...999999)")
            Route(
                "search", "/search",
                query: ["q(string 1...64)", "sort(enum price|newest)?", "page(int 1...99)=1"])
            Route("cart", "/cart", safety: .sensitive)
            Route("cancelOrder", "/orders/:order(uuid)/cancel", safety: .destructive)
            Route("promo", "/promo/*rest(slug)")
        }
    }

    struct Product: RouteValue, Equatable {
        static let route = "product"
        var id: Int
    }
    enum Sort: String, Codable { case price, newest }
    struct Search: RouteValue, Equatable {
        static let route = "search"
        var q: String
        var sort: Sort?
        var page: Int
    }
    struct CancelOrder: RouteValue, Equatable {
        static let route = "cancelOrder"
        var order: UUID
    }
    struct Promo: RouteValue, Equatable {
        static let route = "promo"
        var rest: [String]
    }

    enum Screen: Sendable, Equatable {
        case product(Product), search(Search), cart, cancelOrder(CancelOrder), promo(Promo)
    }

    static let entries: [TypedRoutes<Screen>.Entry] = [
        .route(Product.self, Screen.product), .route(Search.self, Screen.search), .route("cart", .cart),
        .route(CancelOrder.self, Screen.cancelOrder), .route(Promo.self, Screen.promo),
    ]

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(
            table: table, policy: LinkPolicy(allowedHosts: ["shop.example.com"]),
            activities: [ActivityRoute(activityType: "com.example.shop.product", route: "product")])
    }
}

@Suite("Typed routes: the table mapped to the app's own types")
struct TypedRoutesTests {
    let receiver: LinkReceiver
    let screens: TypedRoutes<Shop.Screen>

    init() throws {
        receiver = try Shop.receiver()
        screens = try TypedRoutes(router: receiver.router, Shop.entries)
    }

    func screen(_ text: String) -> Shop.Screen? {
        receiver.receive(url: text).match.flatMap(screens.destination(for:))
    }

    @Test("a match becomes the app's destination with typed values")
    func destinations() {
        #expect(screen("https://shop.example.com/p/42") == .product(.init(id: 42)))
        #expect(
            screen("https://shop.example.com/search?q=shoes&sort=price")
                == .search(.init(q: "shoes", sort: .price, page: 1)))
        #expect(
            screen("https://shop.example.com/search?q=shoes&page=3")
                == .search(.init(q: "shoes", sort: nil, page: 3)))
        #expect(screen("https://shop.example.com/cart") == .cart)
        #expect(
            screen("https://shop.example.com/orders/0F0E0D0C-0B0A-0908-0706-050403020100/cancel")
                == .cancelOrder(.init(order: UUID(uuidString: "0F0E0D0C-0B0A-0908-0706-050403020100")!)))
        #expect(
            screen("https://shop.example.com/promo/black-friday/shoes")
                == .promo(.init(rest: ["black-friday", "shoes"])))
    }

    @Test("a value writes its link back, and the link reads back as the same value")
    func roundTrip() throws {
        let values: [any RouteValue] = [
            Shop.Product(id: 7), Shop.Search(q: "red shoes", sort: .newest, page: 2),
            Shop.Promo(rest: ["summer"]),
        ]
        for value in values {
            let text = try receiver.router.link(for: value)
            let match = try #require(receiver.receive(url: text).match, "\(text)")
            #expect(match.route == type(of: value).route)
        }
        #expect(try receiver.router.link(for: Shop.Product(id: 7)) == "https://shop.example.com/p/7")
    }

    @Test("a misspelt route name is an error when the mapping is built, not a nil later")
    func misspeltRoute() {
        struct Prodcut: RouteValue { static let route = "prodcut"; var id: Int }
        #expect(throws: TypedRoutesError.unknownRoute(type: "Prodcut", route: "prodcut")) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(Prodcut.self) { $0.id }], unmapped: allBut([]))
        }
    }

    @Test("a misspelt parameter name is an error when the mapping is built")
    func misspeltParameter() {
        struct Product: RouteValue { static let route = "product"; var idd: Int }
        #expect(
            throws: TypedRoutesError.unknownParameter(
                type: "Product", route: "product", parameter: "idd", declared: ["id"])
        ) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(Product.self) { $0.idd }], unmapped: allBut(["product"]))
        }
    }

    @Test(
        "a property type that does not fit the declared parameter type is an error when the mapping is built")
    func typeMismatch() {
        struct ProductAsText: RouteValue { static let route = "product"; var id: String }
        #expect(
            throws: TypedRoutesError.typeMismatch(
                type: "ProductAsText", route: "product", parameter: "id", declared: "int 1...999999",
                swiftType: "String")
        ) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(ProductAsText.self) { _ in 0 }],
                unmapped: allBut(["product"]))
        }
        struct NarrowProduct: RouteValue { static let route = "product"; var id: Int8 }
        #expect(
            throws: TypedRoutesError.typeMismatch(
                type: "NarrowProduct", route: "product", parameter: "id", declared: "int 1...999999",
                swiftType: "Int8 (too narrow for 1...999999)")
        ) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(NarrowProduct.self) { _ in 0 }],
                unmapped: allBut(["product"]))
        }
    }

    @Test("a parameter of a pattern type, declared or inline, is read as text; as a number it does not fit")
    func patternAsText() throws {
        let table = RouteTable(types: [ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}")]) {
            Route("title", "/title/:id(titleID)")
            Route("gift", "/gift/:code(pattern [A-Z]{4})")
        }
        let receiver = try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["films.example.com"]))
        struct Title: RouteValue, Equatable { static let route = "title"; var id: String }
        struct Gift: RouteValue, Equatable { static let route = "gift"; var code: String }
        enum Screen: Equatable { case title(Title), gift(Gift) }
        let screens = try TypedRoutes<Screen>(
            router: receiver.router, [.route(Title.self, Screen.title), .route(Gift.self, Screen.gift)])
        let title = try #require(receiver.receive(url: "https://films.example.com/title/tt0111161").match)
        #expect(try screens.readDestination(for: title) == .title(Title(id: "tt0111161")))
        let gift = try #require(receiver.receive(url: "https://films.example.com/gift/ABCD").match)
        #expect(try screens.readDestination(for: gift) == .gift(Gift(code: "ABCD")))
        struct TitleAsNumber: RouteValue { static let route = "title"; var id: Int }
        #expect(
            throws: TypedRoutesError.typeMismatch(
                type: "TitleAsNumber", route: "title", parameter: "id", declared: "pattern tt[0-9]{7,8}",
                swiftType: "Int")
        ) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(TitleAsNumber.self) { _ in 0 }], unmapped: ["gift"])
        }
    }

    @Test(
        "an enum that misses a declared value, a non-optional property for an optional parameter, an unread required parameter: build errors"
    )
    func otherMismatches() {
        enum OneSort: String, Codable { case price }
        struct SearchOneSort: RouteValue {
            static let route = "search"; var q: String; var sort: OneSort?; var page: Int
        }
        #expect(
            throws: TypedRoutesError.typeMismatch(
                type: "SearchOneSort", route: "search", parameter: "sort", declared: "enum price|newest",
                swiftType: #"OneSort (it cannot hold string "newest")"#)
        ) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(SearchOneSort.self) { _ in 0 }], unmapped: allBut(["search"])
            )
        }
        struct SearchSortRequired: RouteValue {
            static let route = "search"; var q: String; var sort: Shop.Sort; var page: Int
        }
        #expect(
            throws: TypedRoutesError.optionalParameter(
                type: "SearchSortRequired", route: "search", parameter: "sort")
        ) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(SearchSortRequired.self) { _ in 0 }],
                unmapped: allBut(["search"]))
        }
        struct SearchNoQuery: RouteValue { static let route = "search"; var page: Int }
        #expect(
            throws: TypedRoutesError.parameterNotRead(type: "SearchNoQuery", route: "search", parameter: "q")
        ) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(SearchNoQuery.self) { _ in 0 }], unmapped: allBut(["search"])
            )
        }
    }

    @Test(
        "every route must be mapped or listed as unmapped; a parameterless entry needs a route without parameters"
    )
    func coverage() {
        #expect(throws: TypedRoutesError.unmappedRoute("promo")) {
            try TypedRoutes<Shop.Screen>(router: receiver.router, Array(Shop.entries.dropLast()))
        }
        #expect(throws: TypedRoutesError.routeHasParameters(route: "product", parameters: ["id"])) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route("product", 1)], unmapped: allBut(["product"]))
        }
    }

    @Test("outgoing Handoff: the activity for a value is received as the same route and value")
    func outgoingHandoff() throws {
        let activity = try receiver.userActivity(
            for: Shop.Product(id: 42), activityType: "com.example.shop.product")
        #expect(activity.userInfo["id"] == .integer(42))
        #expect(activity.webpageURL == "https://shop.example.com/p/42")
        #expect(activity.requiredUserInfoKeys == ["id"])
        let received = receiver.receive(activity)
        #expect(received.source == .handoff)
        #expect(received.match.flatMap(screens.destination(for:)) == .product(.init(id: 42)))
        #expect(
            throws: OutgoingActivityError.noActivityRoute(activityType: "com.example.other", route: "product")
        ) {
            try receiver.userActivity(for: Shop.Product(id: 42), activityType: "com.example.other")
        }
    }

    func allBut(_ names: Set<String>) -> Set<String> {
        Set(Shop.table.routes.map(\.name)).subtracting(names)
    }
}

@Suite("Typed routes and Handoff with an optional last segment and a canonical host")
struct OptionalSegmentTypedTests {
    static let table = RouteTable(canonicalHost: "shop.example.com") {
        RouteGroup(
            scope: RouteScope(
                schemes: ["https", "shop"], hosts: ["shop.example.com", "www.shop.example.com"])
        ) {
            Route("category", "/c/:slug(slug)/:page(int 1...)?")
        }
    }
    struct Category: RouteValue, Equatable {
        static let route = "category"
        var slug: String
        var page: Int?
    }

    @Test("an optional segment is an Optional property; a non-optional one is a build error")
    func optionalSegmentNeedsOptional() throws {
        let receiver = try LinkReceiver(
            table: Self.table,
            policy: LinkPolicy(allowedHosts: ["shop.example.com", "www.shop.example.com"]),
            schemes: SchemeRegistry([CustomScheme("shop")]))
        let screens = try TypedRoutes<Category>(router: receiver.router, [.route(Category.self) { $0 }])
        #expect(
            receiver.receive(url: "https://shop.example.com/c/shoes").match.flatMap(screens.destination(for:))
                == Category(slug: "shoes", page: nil))
        #expect(
            receiver.receive(url: "https://www.shop.example.com/c/shoes/2").match.flatMap(
                screens.destination(for:)) == Category(slug: "shoes", page: 2))
        #expect(
            try receiver.router.link(for: Category(slug: "shoes", page: nil))
                == "https://shop.example.com/c/shoes")
        #expect(
            try receiver.router.link(for: Category(slug: "shoes", page: 3))
                == "https://shop.example.com/c/shoes/3")
        struct StrictCategory: RouteValue { static let route = "category"; var slug: String; var page: Int }
        #expect(
            throws: TypedRoutesError.optionalParameter(
                type: "StrictCategory", route: "category", parameter: "page")
        ) {
            try TypedRoutes<Int>(router: receiver.router, [.route(StrictCategory.self) { $0.page }])
        }
    }

    @Test("a Handoff without the optional value and without a host uses the canonical host, as the URL would")
    func handoffWithCanonicalHost() throws {
        let receiver = try LinkReceiver(
            table: Self.table,
            policy: LinkPolicy(allowedHosts: ["shop.example.com", "www.shop.example.com"]),
            schemes: SchemeRegistry([CustomScheme("shop")]),
            activities: [ActivityRoute(activityType: "com.example.shop.category", route: "category")])
        let activity = try receiver.userActivity(
            for: Category(slug: "shoes", page: nil), activityType: "com.example.shop.category")
        #expect(activity.webpageURL == "https://shop.example.com/c/shoes")
        let decided = receiver.receive(activity)
        #expect(decided.match?.parameters == ["slug": "shoes"])
        #expect(decided.match?.link.host == "shop.example.com")
    }
}
