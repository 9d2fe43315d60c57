import DeepLinks
import Foundation
import Testing

private struct Product: RouteValue {
    static let route = "product"
    var id: Int
}

/// Names the product route but reads `id` as text: it does not fit an `int` parameter.
private struct TextProduct: RouteValue {
    static let route = "product"
    var id: Bool
}

private struct Missing: RouteValue {
    static let route = "nowhere"
    var id: Int
}

/// Records what a handler received.
private actor Received {
    var products: [Int] = []
    func record(_ id: Int) { products.append(id) }
}

@Suite("Route handlers bound to a RouteValue type receive the typed value")
struct TypedHandlerTests {
    static let table = RouteTable {
        Route(
            "product", "/p/:id(int 1...999999)",
            scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"]))
        Route("cart", "/cart", scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"]))
    }

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["shop.example.com"]))
    }

    @Test("a handler bound to Product receives Product(id: 42) for /p/42, beside a handler bound by name")
    func typedHandler() async throws {
        let receiver = try Self.receiver()
        let received = Received()
        var handlers = RouteHandlers()
        handlers.bind(Product.self) { product, match in
            await received.record(product.id)
            return match.route == "product" ? .handled : .declined(reason: "wrong route")
        }
        handlers.bind("cart") { _ in .handled }
        #expect(handlers.routeNames == ["cart", "product"])
        #expect(handlers.typeErrors(in: receiver.router) == [])
        let decision = await receiver.dispatch(.url("https://shop.example.com/p/42"), to: handlers)
        #expect(decision.match?.route == "product")
        #expect(await received.products == [42])
        let cart = await receiver.dispatch(.url("https://shop.example.com/cart"), to: handlers)
        #expect(cart.match?.route == "cart")
    }

    @Test(
        "a type that does not fit its route is reported at start-up, and its links fall back to the browser")
    func mismatch() async throws {
        let receiver = try Self.receiver()
        var handlers = RouteHandlers()
        handlers.bind(TextProduct.self) { _, _ in .handled }
        handlers.bind(Missing.self) { _, _ in .handled }
        let typeErrors = handlers.typeErrors(in: receiver.router)
        #expect(typeErrors.count == 2)
        #expect(typeErrors.first == .unknownRoute(type: "Missing", route: "nowhere"))
        guard case .typeMismatch(let type, let route, let parameter, _, _) = typeErrors.last else {
            Issue.record("expected a type mismatch, got \(typeErrors)")
            return
        }
        #expect([type, route, parameter] == ["TextProduct", "product", "id"])
        let decision = await receiver.dispatch(.url("https://shop.example.com/p/42"), to: handlers)
        guard case .openInBrowser(_, let reason) = decision.outcome else {
            Issue.record("expected the browser fallback, got \(decision)")
            return
        }
        #expect(reason.description.hasPrefix("the handler of route 'product' declined the link: "))
    }

    @Test("a match reads as its route's type, and refuses another route's type by name")
    func matchValue() throws {
        let receiver = try Self.receiver()
        let match = try #require(receiver.receive(url: "https://shop.example.com/p/7").match)
        #expect(try match.value(as: Product.self).id == 7)
        #expect(try Product.value(from: match.parameters, route: "product").id == 7)
        let cart = try #require(receiver.receive(url: "https://shop.example.com/cart").match)
        #expect(
            throws: TypedRoutesError.valueNotReadable(
                type: "Product", route: "cart", reason: "the parameters are of route 'cart', not 'product'")
        ) { try cart.value(as: Product.self) }
        #expect(receiver.router.typeError(for: Product.self) == nil)
    }
}
