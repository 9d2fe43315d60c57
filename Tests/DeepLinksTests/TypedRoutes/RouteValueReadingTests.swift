import DeepLinks
import Foundation
import Testing

/// Route values whose own `init(from:)` reads parameters in a shape they cannot have: the
/// mapping refuses them when it is built, naming the type, the route and the problem.
@Suite("Typed routes: values that cannot be read from parameters")
struct RouteValueReadingTests {
    let router: Router

    init() throws {
        router = try Router(Shop.table)
    }

    /// Reads `id`, then asks for a shape parameters do not have.
    struct HandRead: RouteValue {
        static let route = "product"
        enum Shape: Codable, Sendable { case nestedObject, nestedList, singleValue, list }
        static let shape = TaskLocal<Shape>(wrappedValue: .list)
        var id: Int

        enum CodingKeys: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            switch Self.shape.get() {
            case .nestedObject:
                let container = try decoder.container(keyedBy: CodingKeys.self)
                _ = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .id)
                id = 0
            case .nestedList:
                let container = try decoder.container(keyedBy: CodingKeys.self)
                _ = try container.nestedUnkeyedContainer(forKey: .id)
                id = 0
            case .singleValue:
                id = try decoder.singleValueContainer().decode(Int.self)
            case .list:
                var container = try decoder.unkeyedContainer()
                id = try container.decode(Int.self)
            }
        }
        func encode(to encoder: any Encoder) throws {}
    }

    func mappingError(_ shape: HandRead.Shape) -> TypedRoutesError? {
        HandRead.shape.withValue(shape) { () -> TypedRoutesError? in
            do {
                _ = try TypedRoutes<Int>(
                    router: router, [.route(HandRead.self) { $0.id }],
                    unmapped: Set(Shop.table.routes.map(\.name)).subtracting(["product"]))
                return nil
            } catch {
                return error as? TypedRoutesError
            }
        }
    }

    @Test(
        "a hand-written init(from:) that reads a nested object or list, a single value or a list is refused when the mapping is built",
        arguments: [
            (HandRead.Shape.nestedObject, "parameter 'id' cannot be read as a nested object"),
            (.nestedList, "parameter 'id' cannot be read as a nested list"),
            (.singleValue, "a route value is read as an object of parameters, not a single value"),
            (.list, "a route value is read as an object of parameters, not a list"),
        ])
    func handRead(_ shape: HandRead.Shape, _ reason: String) {
        #expect(mappingError(shape) == .valueNotReadable(type: "HandRead", route: "product", reason: reason))
    }

    @Test(
        "a property of a struct type for a text parameter is a type mismatch naming the sample it cannot hold"
    )
    func structForText() {
        struct Query: Codable, Sendable { var text: String }
        struct Search: RouteValue {
            static let route = "search"
            var q: Query
            var sort: Shop.Sort?
            var page: Int
        }
        #expect(
            throws: TypedRoutesError.typeMismatch(
                type: "Search", route: "search", parameter: "q", declared: "string 1...64",
                swiftType: #"Query (it cannot hold string "a")"#)
        ) {
            try TypedRoutes<Int>(
                router: router, [.route(Search.self) { $0.page }],
                unmapped: Set(Shop.table.routes.map(\.name)).subtracting(["search"]))
        }
    }
}
