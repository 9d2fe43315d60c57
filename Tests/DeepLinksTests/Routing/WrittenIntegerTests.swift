import Testing

@testable import DeepLinks

/// An integer value of a path segment is written in place as its decimal digits when values are
/// not read back: the same bytes as `String(value)`, which checked writing formats.
@Suite("Integers written into a link: the digits String(value) writes, checked or not")
struct WrittenIntegerTests {
    static let values: [Int] = [
        0, 1, 9, 10, 99, 100, 12_345, -1, -10, 999_999_999, 1_000_000_000, 1 << 53,
        Int.max, Int.max - 1, Int.min, Int.min + 1,
    ]

    @Test("the decimal digits of edge values, the sign first")
    func digitsOfEdgeValues() {
        var powers: [Int] = []
        var power = 1
        for _ in 0..<18 {
            powers += [power - 1, power, power + 1]
            power *= 10
        }
        for value in Self.values + powers + powers.map({ -$0 }) {
            var bytes: [UInt8] = Array("x".utf8)
            TextBytes.appendDecimal(value, to: &bytes)
            #expect(bytes == Array("x\(value)".utf8), "\(value)")
        }
    }

    @Test("a path's and a query's integer are written the same with and without reading values back")
    func pathIntegerWrittenAlike() throws {
        let router = try Router(
            RouteTable {
                Route("any", "/n/:n(int)")
                Route("ranged", "/r/:n(int -5...5)/end")
                Route("text", "/s/:s")
            })
        for value in Self.values {
            let checked = try router.writeLink(
                for: "any", parameters: ["n": .integer(value)], scheme: "https", host: "example.com",
                checkingRoundTrip: true)
            let unchecked = try router.writeLink(
                for: "any", parameters: ["n": .integer(value)], scheme: "https", host: "example.com",
                checkingRoundTrip: false, checkingValues: false)
            #expect(checked == "https://example.com/n/\(value)")
            #expect(unchecked == checked)
        }
        // A query item's integer too, form-encoded or not.
        let query = try Router(
            RouteTable {
                Route("q", "/q", query: ["n(int)", "m(int)?"])
                Route("form", "/f", query: [QueryParameter(parsing: "n(int)").formEncoded()])
            })
        for value in Self.values {
            for route in ["q", "form"] {
                let checked = try query.writeLink(
                    for: route, parameters: ["n": .integer(value)], scheme: "https", host: "example.com",
                    checkingRoundTrip: true)
                let unchecked = try query.writeLink(
                    for: route, parameters: ["n": .integer(value)], scheme: "https", host: "example.com",
                    checkingRoundTrip: false, checkingValues: false)
                #expect(checked.hasSuffix("?n=\(value)"), "\(checked)")
                #expect(unchecked == checked)
            }
        }
        // An integer given to an untyped parameter is written as its text, like any value.
        #expect(
            try router.writeLink(
                for: "text", parameters: ["s": .integer(-42)], scheme: "https", host: "example.com",
                checkingRoundTrip: false, checkingValues: false) == "https://example.com/s/-42")
        // Unchecked writing does not read the value back: a value out of the range is written,
        // and checked writing refuses it.
        #expect(
            try router.writeLink(
                for: "ranged", parameters: ["n": .integer(7)], scheme: "https", host: "example.com",
                checkingRoundTrip: false, checkingValues: false) == "https://example.com/r/7/end")
        #expect(throws: ReverseRoutingError.self) {
            try router.writeLink(
                for: "ranged", parameters: ["n": .integer(7)], scheme: "https", host: "example.com",
                checkingRoundTrip: false)
        }
        // So is a parameter the route does not declare: left out unchecked, refused checked.
        #expect(
            try router.writeLink(
                for: "any", parameters: ["n": 3, "zoom": 2], scheme: "https", host: "example.com",
                checkingRoundTrip: false, checkingValues: false) == "https://example.com/n/3")
        #expect(throws: ReverseRoutingError.unknownParameter(route: "any", parameter: "zoom")) {
            try router.writeLink(
                for: "any", parameters: ["n": 3, "zoom": 2], scheme: "https", host: "example.com",
                checkingRoundTrip: false)
        }
    }
}
