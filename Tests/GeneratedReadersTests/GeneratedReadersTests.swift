import DeepLinks
import Foundation
import Testing

/// A route value read through its `Decodable` conformance only: the wrapper reads through the
/// wrapped type's `init(from:)`, and names `RouteValue` through a protocol of its own, so the
/// plugin writes it no reader.
protocol DecodedOnly: RouteValue {}
struct Decoded<Value: RouteValue>: DecodedOnly {
    static var route: String { Value.route }
    let value: Value
    init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

@Suite("Readers written by the RouteValueReaders plugin")
struct GeneratedReadersTests {
    let receiver: LinkReceiver

    init() throws {
        receiver = try Store.receiver()
    }

    func value<Value: RouteValue>(_ link: String, as type: Value.Type) throws -> Value {
        let match = try #require(receiver.receive(url: link).outcome.match)
        return try match.value(as: Value.self)
    }

    @Test("each route value reads itself: a missing parameter throws ParameterReadError, not Decoder's")
    func readersAreGenerated() {
        // The SDK's default reads through Decodable and never throws ParameterReadError.
        #expect(throws: ParameterReadError(parameter: "id", problem: .missing)) {
            try Store.Product(parameters: [:])
        }
        #expect(throws: ParameterReadError(parameter: "q", problem: .missing)) {
            try Store.Search(parameters: ["page": 1])
        }
        #expect(throws: ParameterReadError(parameter: "order", problem: .missing)) {
            try Store.CancelOrder(parameters: [:])
        }
        #expect(throws: ParameterReadError(parameter: "rest", problem: .missing)) {
            try Store.Promo(parameters: [:])
        }
        #expect(throws: ParameterReadError(parameter: "slug", problem: .missing)) {
            try Store.Article(parameters: ["ref": "mail"])
        }
        #expect(throws: ParameterReadError(parameter: "id", problem: .missing)) {
            try Catalog.Item(parameters: ["gift": true])
        }
    }

    @Test("links read as exact values: integers, text, enums, UUIDs, segments, renamed keys, optionals")
    func exactValues() throws {
        #expect(try value("https://shop.example.com/p/42", as: Store.Product.self) == Store.Product(id: 42))
        #expect(
            try value("https://shop.example.com/search?q=shoes", as: Store.Search.self)
                == Store.Search(q: "shoes", sort: nil, page: 1, size: nil))
        #expect(
            try value(
                "https://shop.example.com/search?q=hats&sort=newest&page=3&size=m", as: Store.Search.self)
                == Store.Search(q: "hats", sort: .newest, page: 3, size: .m))
        let order = try #require(UUID(uuidString: "3f2504e0-4f89-11d3-9a0c-0305e82c3301"))
        #expect(
            try value(
                "https://shop.example.com/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301/cancel",
                as: Store.CancelOrder.self) == Store.CancelOrder(order: order))
        #expect(
            try value("https://shop.example.com/promo/spring/sale", as: Store.Promo.self)
                == Store.Promo(rest: ["spring", "sale"]))
        #expect(
            try value("https://shop.example.com/a/new-shoes?ref=mail", as: Store.Article.self)
                == Store.Article(articleSlug: "new-shoes", referrer: "mail"))
        #expect(
            try value("https://shop.example.com/a/new-shoes", as: Store.Article.self)
                == Store.Article(articleSlug: "new-shoes", referrer: nil))
        #expect(
            try value("https://shop.example.com/items/7?gift=true", as: Catalog.Item.self)
                == Catalog.Item(id: 7, gift: true))
        #expect(
            try value("https://shop.example.com/items/7", as: Catalog.Item.self)
                == Catalog.Item(id: 7, gift: nil))
    }

    @Test("a type with its own init(parameters:) keeps it")
    func handWrittenReaderKept() throws {
        #expect(try value("https://shop.example.com/p/21", as: Store.HandRead.self) == Store.HandRead(id: 42))
    }

    @Test("every generated reader passes the check against Decodable that building TypedRoutes makes")
    func generatedReadersPassTheCheck() {
        let router = receiver.router
        #expect(router.typeError(for: Store.Product.self) == nil)
        #expect(router.typeError(for: Store.Search.self) == nil)
        #expect(router.typeError(for: Store.CancelOrder.self) == nil)
        #expect(router.typeError(for: Store.Promo.self) == nil)
        #expect(router.typeError(for: Store.Article.self) == nil)
        #expect(router.typeError(for: Catalog.Item.self) == nil)
        // The hand-written reader that doubles the id is refused by the same check.
        #expect(
            router.typeError(for: Store.HandRead.self)
                == .readerDisagrees(
                    type: "HandRead", route: "product",
                    reason:
                        "from [id: integer 1] it reads parameter 'id' as integer 2, the conformance as integer 1 "
                        + "(is the name misspelt, or the value changed?)"))
    }

    @Test("bad or missing parameters give the errors the Decodable path gives")
    func errorsMatchDecodable() throws {
        let order = try #require(UUID(uuidString: "3f2504e0-4f89-11d3-9a0c-0305e82c3301"))
        let cases: [(RouteParameters, String)] = [
            ([:], "product"), (["id": "42"], "product"), (["id": true], "product"),
            (["q": 3], "search"), (["q": "a", "sort": "cheapest"], "search"),
            (["q": "a", "size": 4], "search"),
            (["order": "x"], "cancelOrder"), (["rest": "a"], "promo"), (["slug": .uuid(order)], "article"),
            (["id": 300], "item"), (["id": 3, "gift": "yes"], "item"),
        ]
        func failure<Value: RouteValue>(_ type: Value.Type, _ parameters: RouteParameters)
            -> TypedRoutesError?
        {
            do {
                _ = try Value.value(from: parameters, route: Value.route)
                return nil
            } catch { return error }
        }
        func compare<Value: RouteValue>(_ type: Value.Type, _ parameters: RouteParameters) {
            let generated = failure(Value.self, parameters)
            let decoded = failure(Decoded<Value>.self, parameters)
            guard case .valueNotReadable(let type, let route, let reason)? = generated,
                case .valueNotReadable(_, let decodedRoute, let decodedReason)? = decoded
            else {
                Issue.record(
                    "\(Value.self) from \(parameters): \(String(describing: generated)), \(String(describing: decoded))"
                )
                return
            }
            #expect(type == String(describing: Value.self))
            #expect(route == decodedRoute)
            #expect(reason == decodedReason, "\(Value.self) from \(parameters)")
        }
        for (parameters, route) in cases {
            switch route {
            case "product": compare(Store.Product.self, parameters)
            case "search": compare(Store.Search.self, parameters)
            case "cancelOrder": compare(Store.CancelOrder.self, parameters)
            case "promo": compare(Store.Promo.self, parameters)
            case "article": compare(Store.Article.self, parameters)
            default: compare(Catalog.Item.self, parameters)
            }
        }
        // One of them in full: the sentence names the parameter, its value and the Swift type.
        #expect(
            failure(Catalog.Item.self, ["id": 300])
                == .valueNotReadable(
                    type: "Item", route: "item",
                    reason: try #require(readReason(Decoded<Catalog.Item>.self, ["id": 300]))))
    }

    func readReason<Value: RouteValue>(_ type: Value.Type, _ parameters: RouteParameters) -> String? {
        do {
            _ = try Value.value(from: parameters, route: Value.route)
            return nil
        } catch {
            guard case .valueNotReadable(_, _, let reason) = error else { return nil }
            return reason
        }
    }

    @Test("a mapping of generated readers gives what a Decodable mapping gives")
    func sameDestinations() throws {
        enum Screen: Sendable, Equatable {
            case product(Store.Product), search(Store.Search), cancel(Store.CancelOrder), promo(Store.Promo)
            case article(Store.Article), item(Catalog.Item)
        }
        let generated = try TypedRoutes<Screen>(
            router: receiver.router,
            [
                .route(Store.Product.self, Screen.product), .route(Store.Search.self, Screen.search),
                .route(Store.CancelOrder.self, Screen.cancel), .route(Store.Promo.self, Screen.promo),
                .route(Store.Article.self, Screen.article), .route(Catalog.Item.self, Screen.item),
            ])
        let decoded = try TypedRoutes<Screen>(
            router: receiver.router,
            [
                .route(Decoded<Store.Product>.self) { .product($0.value) },
                .route(Decoded<Store.Search>.self) { .search($0.value) },
                .route(Decoded<Store.CancelOrder>.self) { .cancel($0.value) },
                .route(Decoded<Store.Promo>.self) { .promo($0.value) },
                .route(Decoded<Store.Article>.self) { .article($0.value) },
                .route(Decoded<Catalog.Item>.self) { .item($0.value) },
            ])
        let links = [
            "https://shop.example.com/p/42",
            "https://shop.example.com/search?q=hats&sort=price&page=2&size=l",
            "https://shop.example.com/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301/cancel",
            "https://shop.example.com/promo/a/b/c", "https://shop.example.com/a/x?ref=y",
            "https://shop.example.com/items/255?gift=false",
        ]
        for link in links {
            let match = try #require(receiver.receive(url: link).outcome.match)
            let mine = try #require(generated.destination(for: match))
            #expect(mine == decoded.destination(for: match), "\(link)")
        }
    }
}
