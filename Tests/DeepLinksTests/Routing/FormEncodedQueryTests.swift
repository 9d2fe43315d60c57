import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

@Suite("Query values: `+` is a plus (RFC 3986) unless the parameter opts in to form encoding")
struct FormEncodedQueryTests {
    static let table = RouteTable {
        Route(
            "search", "/search",
            query: [QueryParameter("q(string 1...64)").formEncoded(), "tag(string 1...64)?"],
            scope: RouteScope(schemes: ["https"], hosts: ["example.com"]))
    }

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["example.com"]))
    }

    @Test("a form-encoded parameter reads `+` and `%20` as a space and `%2B` as a plus")
    func formEncodedReads() throws {
        let receiver = try Self.receiver()
        #expect(
            receiver.receive(url: "https://example.com/search?q=red+shoes").match?.parameters == [
                "q": "red shoes"
            ])
        #expect(
            receiver.receive(url: "https://example.com/search?q=red%20shoes").match?.parameters == [
                "q": "red shoes"
            ])
        #expect(receiver.receive(url: "https://example.com/search?q=1%2B1").match?.parameters == ["q": "1+1"])
        #expect(
            receiver.receive(url: "https://example.com/search?q=a+%2B+b").match?.parameters == ["q": "a + b"])
    }

    @Test("a parameter that has not opted in keeps `+` literal, as RFC 3986 says")
    func plainKeepsPlus() throws {
        let receiver = try Self.receiver()
        let plus = receiver.receive(url: "https://example.com/search?q=x&tag=red+shoes").match?.parameters
        #expect(plus == ["q": "x", "tag": "red+shoes"])
        let escaped = receiver.receive(url: "https://example.com/search?q=x&tag=red%2Bshoes").match?
            .parameters
        #expect(escaped == ["q": "x", "tag": "red+shoes"])
        let space = receiver.receive(url: "https://example.com/search?q=x&tag=red%20shoes").match?.parameters
        #expect(space == ["q": "x", "tag": "red shoes"])
    }

    @Test("a form-encoded value is still checked against its type: `+` read as a space counts as a character")
    func formEncodedChecked() throws {
        let table = RouteTable {
            Route(
                "code", "/code", query: [QueryParameter("c(string 1...8 [a-z])").formEncoded()],
                scope: RouteScope(schemes: ["https"], hosts: ["example.com"]))
        }
        let receiver = try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["example.com"]))
        #expect(receiver.receive(url: "https://example.com/code?c=abc").match?.parameters == ["c": "abc"])
        #expect(receiver.receive(url: "https://example.com/code?c=a+b").match == nil)
    }

    @Test(
        "reverse routing writes a space as `+` for a form-encoded parameter and `%20` otherwise, a plus as `%2B`"
    )
    func reverseRouting() throws {
        let router = try Router(Self.table)
        #expect(
            try router.link(for: "search", parameters: ["q": "red shoes", "tag": "red shoes"])
                == "https://example.com/search?q=red+shoes&tag=red%20shoes")
        #expect(
            try router.link(for: "search", parameters: ["q": "1+1", "tag": "1+1"])
                == "https://example.com/search?q=1%2B1&tag=1%2B1")
    }

    @Test("the option round-trips through JSON as an object; other parameters stay text")
    func json() throws {
        let data = try JSONEncoder().encode(Self.table)
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.contains(#"{"formEncoded":true,"parameter":"q(string 1...64)"}"#)
                || text.contains(#"{"parameter":"q(string 1...64)","formEncoded":true}"#))
        #expect(text.contains(#""tag(string 1...64)?""#))
        #expect(try RouteTable(json: data) == Self.table)
        let written = try RouteTable(
            json: Data(
                #"{"routes": [{"name": "search", "path": "/search", "query": [{"parameter": "q", "formEncoded": true}, "p?"]}]}"#
                    .utf8))
        #expect(written.routes[0].query.map(\.isFormEncoded) == [true, false])
        #expect(written.routes[0].query[0] == QueryParameter("q").formEncoded())
        #expect(
            throws: RouteTableJSONError.invalid(
                reason:
                    "at $.routes[0].query[0]: unknown key 'form' in a query parameter; allowed keys are formEncoded, parameter"
            )
        ) {
            try RouteTable(
                json: Data(
                    #"{"routes": [{"name": "s", "path": "/s", "query": [{"parameter": "q", "form": true}]}]}"#
                        .utf8))
        }
    }

    @Test("form decoding and encoding, byte for byte")
    func percentEncoding() {
        #expect(PercentEncoding.decodeForm("red+shoes") == "red shoes")
        #expect(PercentEncoding.decodeForm("1%2B1") == "1+1")
        #expect(PercentEncoding.decodeForm("%zz+") == nil)
        #expect(PercentEncoding.decode("red+shoes") == "red+shoes")
        #expect(PercentEncoding.encodeForm("red shoes & 1+1") == "red+shoes+%26+1%2B1")
        #expect(PercentEncoding.encodeForm("%20") == "%2520")
    }
}
