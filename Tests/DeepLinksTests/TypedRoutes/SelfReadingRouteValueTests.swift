import DeepLinks
import Foundation
import Testing

/// The shop's routes read by types that implement `init(parameters:)`.
enum SelfReading {
    enum Sort: String, Codable, RouteParameterReadable { case price, newest }

    struct Product: RouteValue, Equatable {
        static let route = "product"
        var id: Int
        init(id: Int) { self.id = id }
        init(parameters: borrowing RouteParameters) throws { id = try parameters.read("id") }
    }
    struct Search: RouteValue, Equatable {
        static let route = "search"
        var q: String
        var sort: Sort?
        var page: Int
        init(q: String, sort: Sort?, page: Int) {
            self.q = q
            self.sort = sort
            self.page = page
        }
        init(parameters: borrowing RouteParameters) throws {
            q = try parameters.read("q")
            sort = try parameters.read("sort")
            page = try parameters.read("page")
        }
    }
    struct CancelOrder: RouteValue, Equatable {
        static let route = "cancelOrder"
        var order: UUID
        init(parameters: borrowing RouteParameters) throws { order = try parameters.read("order") }
    }
    struct Promo: RouteValue, Equatable {
        static let route = "promo"
        var rest: [String]
        init(parameters: borrowing RouteParameters) throws { rest = try parameters.read("rest") }
    }

    enum Screen: Sendable, Equatable {
        case product(Product), search(Search), cart, cancelOrder(CancelOrder), promo(Promo)
    }

    static let entries: [TypedRoutes<Screen>.Entry] = [
        .route(Product.self, Screen.product), .route(Search.self, Screen.search), .route("cart", .cart),
        .route(CancelOrder.self, Screen.cancelOrder), .route(Promo.self, Screen.promo),
    ]

    // Readers that do not read what their `Decodable` conformance reads.

    /// Reads a misspelt parameter.
    struct MisspeltProduct: RouteValue {
        static let route = "product"
        var id: Int
        init(parameters: borrowing RouteParameters) throws { id = try parameters.read("idd") }
    }
    /// Reads another value than the conformance does.
    struct ShiftedProduct: RouteValue {
        static let route = "product"
        var id: Int
        init(parameters: borrowing RouteParameters) throws { id = try parameters.read("id") + 1 }
    }
    /// Reads a misspelt optional parameter: always `nil`.
    struct MisspeltSort: RouteValue {
        static let route = "search"
        var q: String
        var sort: Sort?
        var page: Int
        init(parameters: borrowing RouteParameters) throws {
            q = try parameters.read("q")
            sort = try parameters.read("sorting")
            page = try parameters.read("page")
        }
    }
    /// Requires a parameter that links may leave out.
    struct SortRequired: RouteValue {
        static let route = "search"
        var q: String
        var sort: Sort?
        var page: Int
        init(parameters: borrowing RouteParameters) throws {
            q = try parameters.read("q")
            sort = try parameters.read("sort") as Sort
            page = try parameters.read("page")
        }
    }
    /// Refuses products above 100, which the table and the conformance accept.
    struct SmallProduct: RouteValue, Equatable {
        struct TooLarge: Error {}
        static let route = "product"
        var id: Int
        init(parameters: borrowing RouteParameters) throws {
            id = try parameters.read("id")
            guard id <= 100 else { throw TooLarge() }
        }
    }
}

@Suite("Route values that read themselves: init(parameters:) and RouteParameters.read")
struct SelfReadingRouteValueTests {
    let receiver: LinkReceiver

    init() throws {
        receiver = try Shop.receiver()
    }

    @Test("every declared kind reads as its Swift type")
    func everyKindReads() throws {
        let uuid = try #require(UUID(uuidString: "3f2504e0-4f89-11d3-9a0c-0305e82c3301"))
        let parameters: RouteParameters = [
            "id": 42, "q": "shoes", "order": .uuid(uuid), "flag": true, "rest": ["a", "b"], "sort": "price",
        ]
        #expect(try parameters.read("id") as Int == 42)
        #expect(try parameters.read("id") as Int8 == 42)
        #expect(try parameters.read("id") as UInt64 == 42)
        #expect(try parameters.read("q") as String == "shoes")
        #expect(try parameters.read("order") as UUID == uuid)
        #expect(try parameters.read("flag") as Bool == true)
        #expect(try parameters.read("rest") as [String] == ["a", "b"])
        #expect(try parameters.read("sort") as SelfReading.Sort == .price)
        #expect(try parameters.read("page") as Int? == nil)
        #expect(try parameters.read("id") as Int? == 42)
    }

    @Test("an absent parameter, a value of another kind, an integer the type cannot hold: each says which")
    func readErrorsAreExact() {
        let parameters: RouteParameters = ["id": 300, "q": "shoes", "sort": "cheapest"]
        #expect(throws: ParameterReadError(parameter: "page", problem: .missing)) {
            try parameters.read("page") as Int
        }
        #expect(
            throws: ParameterReadError(parameter: "q", problem: .unreadable(value: "shoes", swiftType: "Int"))
        ) {
            try parameters.read("q") as Int?
        }
        #expect(
            throws: ParameterReadError(parameter: "id", problem: .unreadable(value: 300, swiftType: "Int8"))
        ) {
            try parameters.read("id") as Int8
        }
        #expect(
            throws: ParameterReadError(
                parameter: "sort", problem: .unreadable(value: "cheapest", swiftType: "Sort"))
        ) {
            try parameters.read("sort") as SelfReading.Sort
        }
        let error = ParameterReadError(parameter: "q", problem: .unreadable(value: "shoes", swiftType: "Int"))
        #expect(error.description == "parameter 'q' holds string \"shoes\", not a Int")
        #expect(
            ParameterReadError(parameter: "page", problem: .missing).description
                == "parameter 'page' is absent")
    }

    @Test("a mapping of self-reading types gives what the Decodable mapping gives, link by link")
    func sameDestinationsAsDecodable() throws {
        let byHand = try TypedRoutes<SelfReading.Screen>(router: receiver.router, SelfReading.entries)
        let decodable = try TypedRoutes<Shop.Screen>(router: receiver.router, Shop.entries)
        let links = [
            "https://shop.example.com/p/42", "https://shop.example.com/search?q=shoes",
            "https://shop.example.com/search?q=hats&sort=newest&page=3",
            "https://shop.example.com/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301/cancel",
            "https://shop.example.com/promo/spring/sale",
        ]
        var read: [SelfReading.Screen] = []
        for link in links {
            let match = try #require(receiver.receive(url: link).outcome.match)
            let mine = try #require(byHand.destination(for: match))
            let theirs = try #require(decodable.destination(for: match))
            // The same values, in the two sets of types.
            switch (mine, theirs) {
            case (.product(let a), .product(let b)): #expect(a.id == b.id)
            case (.search(let a), .search(let b)):
                #expect(a.q == b.q && a.sort?.rawValue == b.sort?.rawValue && a.page == b.page)
            case (.cancelOrder(let a), .cancelOrder(let b)): #expect(a.order == b.order)
            case (.promo(let a), .promo(let b)): #expect(a.rest == b.rest)
            default: Issue.record("\(link) read as \(mine) and \(theirs)")
            }
            read.append(mine)
        }
        #expect(read.first == .product(SelfReading.Product(id: 42)))
        #expect(read[2] == .search(SelfReading.Search(q: "hats", sort: .newest, page: 3)))
    }

    @Test("a reader of a misspelt parameter is refused when the mapping is built, naming the declared ones")
    func misspeltReaderRefused() {
        let expected = TypedRoutesError.unknownParameter(
            type: "MisspeltProduct", route: "product", parameter: "idd", declared: ["id"])
        #expect(throws: expected) {
            try TypedRoutes<Int>(
                router: receiver.router, [.route(SelfReading.MisspeltProduct.self, \.id)],
                unmapped: Self.allButProduct)
        }
        #expect(receiver.router.typeError(for: SelfReading.MisspeltProduct.self) == expected)
    }

    @Test("a reader of a misspelt optional parameter is refused, naming the parameter it leaves unread")
    func misspeltOptionalReaderRefused() {
        #expect(
            receiver.router.typeError(for: SelfReading.MisspeltSort.self)
                == .readerDisagrees(
                    type: "MisspeltSort", route: "search",
                    reason:
                        "from [page: integer 1, q: string \"a\", sort: string \"price\"] it reads parameter 'sort' as "
                        + "nothing, the conformance as string \"price\" (is the name misspelt, or the value changed?)"
                ))
    }

    @Test("a reader that reads another value than the conformance is refused")
    func shiftedReaderRefused() {
        #expect(
            receiver.router.typeError(for: SelfReading.ShiftedProduct.self)
                == .readerDisagrees(
                    type: "ShiftedProduct", route: "product",
                    reason:
                        "from [id: integer 1] it reads parameter 'id' as integer 2, the conformance as integer 1 "
                        + "(is the name misspelt, or the value changed?)"))
    }

    @Test("a reader that requires a parameter links may leave out is told to read an Optional")
    func optionalParameterRequiredByReader() {
        #expect(
            receiver.router.typeError(for: SelfReading.SortRequired.self)
                == .optionalParameter(type: "SortRequired", route: "search", parameter: "sort"))
    }

    @Test("a reader that refuses a link's value at run time: no destination, and readDestination says why")
    func runtimeDisagreementIsReported() throws {
        let screens = try TypedRoutes<SelfReading.SmallProduct>(
            router: receiver.router, [.route(SelfReading.SmallProduct.self) { $0 }],
            unmapped: Self.allButProduct)
        let small = try #require(receiver.receive(url: "https://shop.example.com/p/42").outcome.match)
        #expect(screens.destination(for: small)?.id == 42)
        let large = try #require(receiver.receive(url: "https://shop.example.com/p/500").outcome.match)
        #expect(screens.destination(for: large) == nil)
        #expect(
            throws: TypedRoutesError.readerDisagrees(
                type: "SmallProduct", route: "product",
                reason: "it throws \"TooLarge()\" for [id: integer 500], which the conformance reads")
        ) {
            try screens.readDestination(for: large)
        }
    }

    @Test("a match from another table with the same route names finds its entry by name")
    func matchFromAnotherTable() throws {
        // The same routes in another order: positions differ, names do not.
        let reordered = try LinkReceiver(
            table: RouteTable(routes: Shop.table.routes.reversed()),
            policy: LinkPolicy(allowedHosts: ["shop.example.com"]))
        let screens = try TypedRoutes<SelfReading.Screen>(router: receiver.router, SelfReading.entries)
        let match = try #require(reordered.receive(url: "https://shop.example.com/p/7").outcome.match)
        #expect(screens.destination(for: match) == .product(SelfReading.Product(id: 7)))
        let search = try #require(reordered.receive(url: "https://shop.example.com/search?q=a").outcome.match)
        #expect(screens.destination(for: search) == .search(SelfReading.Search(q: "a", sort: nil, page: 1)))
    }

    static let allButProduct: Set<String> = ["search", "cart", "cancelOrder", "promo"]
}
