import DeepLinks
import Foundation
import Testing

/// Route values whose properties or own encoding cannot become route parameters: writing a
/// link for them is refused with a sentence naming the parameter and the problem, never a
/// link with the value dropped or rewritten.
@Suite("Typed routes: values that cannot be written as parameters")
struct RouteValueWritingTests {
    let router: Router

    init() throws {
        router = try Router(Shop.table)
    }

    struct WithDate: RouteValue {
        static let route = "product"
        var id: Int
        var when: Date
    }

    struct Filter: Codable, Sendable { var colour: String }
    struct WithNestedValue: RouteValue {
        static let route = "product"
        var id: Int
        var filter: Filter
    }

    struct WithIntegerList: RouteValue {
        static let route = "product"
        var id: Int
        var ids: [Int]
    }

    struct WithHugeInteger: RouteValue {
        static let route = "product"
        var id: UInt64
    }

    enum Rate: Double, Codable, Sendable { case half = 0.5 }
    struct WithDoubleEnum: RouteValue {
        static let route = "product"
        var id: Int
        var rate: Rate
    }

    /// Writes `id` and then a nested object or list under `extra`, the way a hand-written
    /// `encode(to:)` might.
    struct HandWritten: RouteValue {
        static let route = "product"
        enum Shape: Codable, Sendable { case nestedObject, nestedList, singleValue, list, throwing }
        var shape: Shape

        enum CodingKeys: String, CodingKey { case id, extra }
        struct Refused: Error, CustomStringConvertible {
            var description: String { "the value refused to be written" }
        }

        init(_ shape: Shape) { self.shape = shape }
        init(from decoder: any Decoder) throws { shape = .nestedObject }

        func encode(to encoder: any Encoder) throws {
            switch shape {
            case .nestedObject:
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(7, forKey: .id)
                var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .extra)
                try nested.encode(1, forKey: .id)
            case .nestedList:
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(7, forKey: .id)
                var nested = container.nestedUnkeyedContainer(forKey: .extra)
                try nested.encode(1)
            case .singleValue:
                var container = encoder.singleValueContainer()
                try container.encode(7)
            case .list:
                var container = encoder.unkeyedContainer()
                try container.encode(7)
            case .throwing:
                throw Refused()
            }
        }
    }

    func refusal(_ write: () throws(ReverseRoutingError) -> String) -> String? {
        do {
            let link = try write()
            Issue.record("a link was written: \(link)")
            return nil
        } catch {
            guard case .unwritableValue(let route, _) = error, route == "product" else {
                Issue.record("unexpected error: \(error)")
                return nil
            }
            return error.description
        }
    }

    @Test("a property of a type no parameter carries (Date) is named with its type")
    func unsupportedPropertyType() {
        #expect(
            refusal { () throws(ReverseRoutingError) in
                try router.link(for: WithDate(id: 1, when: Date(timeIntervalSince1970: 0)))
            }
                == "no link can be written for route 'product': parameter 'when' holds a Date, "
                + "which no parameter type carries")
    }

    @Test("a nested struct or a list of integers is refused, not flattened")
    func nestedValues() {
        #expect(
            refusal { () throws(ReverseRoutingError) in
                try router.link(for: WithNestedValue(id: 1, filter: Filter(colour: "red")))
            }
                == "no link can be written for route 'product': parameter 'filter' holds a Filter, "
                + "which no parameter type carries")
        #expect(
            refusal { () throws(ReverseRoutingError) in
                try router.link(for: WithIntegerList(id: 1, ids: [1, 2]))
            }
                == "no link can be written for route 'product': parameter 'ids' holds a Array<Int>, "
                + "which no parameter type carries")
    }

    @Test("an unsigned integer beyond Int.max is refused with its value, not wrapped or dropped")
    func integerBeyondInt() throws {
        #expect(
            refusal { () throws(ReverseRoutingError) in try router.link(for: WithHugeInteger(id: .max)) }
                == "no link can be written for route 'product': parameter 'id' holds 18446744073709551615, "
                + "beyond the integers a parameter carries (-9223372036854775808...9223372036854775807)")
        #expect(try router.link(for: WithHugeInteger(id: 42)) == "https://shop.example.com/p/42")
    }

    @Test("an enum backed by a Double is refused: only string and integer raw values are parameters")
    func doubleBackedEnum() {
        #expect(
            refusal { () throws(ReverseRoutingError) in
                try router.link(for: WithDoubleEnum(id: 1, rate: .half))
            }
                == "no link can be written for route 'product': parameter 'rate' holds a Rate, "
                + "which no parameter type carries")
    }

    @Test(
        "a hand-written encode(to:) that nests, writes a single value or a list, or throws is refused",
        arguments: [
            (HandWritten.Shape.nestedObject, "parameter 'extra' cannot be a nested object"),
            (.nestedList, "parameter 'extra' cannot be a nested list"),
            (.singleValue, "a route value is written as an object of parameters, not a value"),
            (.list, "a route value is written as an object of parameters, not a list"),
            (.throwing, "the value refused to be written"),
        ])
    func handWritten(_ shape: HandWritten.Shape, _ reason: String) {
        #expect(
            refusal { () throws(ReverseRoutingError) in try router.link(for: HandWritten(shape)) }
                == "no link can be written for route 'product': " + reason)
    }

    @Test("outgoing Handoff refuses the same values with the same sentence")
    func handoffRefusesTheSame() throws {
        let receiver = try Shop.receiver()
        #expect(
            throws: OutgoingActivityError.unwritable(
                .unwritableValue(
                    route: "product", reason: "parameter 'when' holds a Date, which no parameter type carries"
                ))
        ) {
            try receiver.userActivity(
                for: WithDate(id: 1, when: Date(timeIntervalSince1970: 0)),
                activityType: "com.example.shop.product")
        }
    }
    struct Album: RouteValue {
        static let route = "album"
        var album: String
    }

    @Test(
        "a receiver writes a route value's custom-scheme link as it reads it back: after the scheme's domain")
    func receiverWritesTheDomainSpelling() throws {
        let table = RouteTable { Route("album", "/albums/:album(slug)") }
        var policy = LinkPolicy(allowedHosts: ["photos.example.com"])
        policy.allowedSchemes.insert("photoalbum")
        let receiver = try LinkReceiver(
            table: table, policy: policy,
            schemes: SchemeRegistry([
                try CustomScheme("photoalbum", host: .domain(["photos.example.com"]))
            ]))
        let text = try receiver.link(for: Album(album: "summer"), scheme: "photoalbum")
        #expect(text == "photoalbum://photos.example.com/albums/summer")
        #expect(receiver.receive(url: text).match?.route == "album")
        #expect(
            try receiver.link(for: Album(album: "summer"), scheme: "https", domain: "photos.example.com")
                == "https://photos.example.com/albums/summer")
        // The router alone writes the route-segment spelling, which this receiver refuses.
        let routerText = try receiver.router.link(for: Album(album: "summer"), scheme: "photoalbum")
        #expect(routerText == "photoalbum://albums/summer")
        #expect(receiver.receive(url: routerText).match == nil)
        #expect(
            refusal { () throws(ReverseRoutingError) in
                try receiver.link(
                    for: WithDate(id: 1, when: Date(timeIntervalSince1970: 0)), scheme: "photoalbum")
            }
                == "no link can be written for route 'product': parameter 'when' holds a Date, which no parameter type carries"
        )
    }
}
