import DeepLinks
import Foundation

/// A shop's routes as route values without a line of reading code: the RouteValueReaders
/// plugin, applied to this target, writes each one's `init(parameters:)`.
enum Store {
    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"])) {
            Route("product", "/p/:id(int 1...999999)")
            Route(
                "search", "/search",
                query: [
                    "q(string 1...64)", "sort(enum price|newest)?", "page(int 1...99)=1", "size(enum s|m|l)?",
                ])
            Route("cancelOrder", "/orders/:order(uuid)/cancel", safety: .destructive)
            Route("promo", "/promo/*rest(slug)")
            Route("article", "/a/:slug(slug)", query: ["ref(string 1...32)?"])
            Route("item", "/items/:id(int 1...255)", query: ["gift(bool)?"])
        }
    }

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["shop.example.com"]))
    }

    enum Sort: String, Codable, Sendable, RouteParameterReadable { case price, newest }

    struct Product: RouteValue, Equatable {
        static let route = "product"
        var id: Int
        /// Computed: not a parameter.
        var label: String { "#\(id)" }
    }

    struct Search: RouteValue, Equatable {
        static let route = "search"
        var q: String
        var sort: Sort?
        var page: Int = 1
        var size: Size?
    }

    /// Conforms in an extension (in this file, where `Codable` can be synthesised).
    struct CancelOrder: Equatable {
        var order: UUID
    }

    /// A public route value: its generated reader is public, as the protocol requires.
    public struct Promo: RouteValue, Equatable {
        /// The route's name.
        public static let route = "promo"
        /// The catch-all's segments.
        public var rest: [String]
    }

    /// Its property names are not the parameters' names: `CodingKeys` maps them.
    struct Article: RouteValue, Equatable {
        static let route = "article"
        var articleSlug: String
        var referrer: String?

        enum CodingKeys: String, CodingKey {
            case articleSlug = "slug"
            case referrer = "ref"
        }
    }

    /// Reads itself by hand: the plugin leaves it alone.
    struct HandRead: RouteValue, Equatable {
        static let route = "product"
        var id: Int
        init(id: Int) { self.id = id }
        init(parameters: borrowing RouteParameters) throws { id = try parameters.read("id") * 2 }
    }
}

/// A type nested in a type declared in an extension; a narrower integer type.
enum Catalog {}
extension Catalog {
    struct Item: RouteValue, Equatable {
        static let route = "item"
        let id: UInt8
        let gift: Bool?
    }
}

extension Store.CancelOrder: RouteValue {
    static let route = "cancelOrder"
}
