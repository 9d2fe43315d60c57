import DeepLinks
import Foundation
import Testing

/// A link keeps its parts, its path segments and its query items in one allocation that the
/// gate writes while it parses. These tests pin what that layout could break: values read
/// back, equality and hashing across the ways a link is made, encoding, and the order of
/// refusals now that the query's characters are checked before the segments are made.
@Suite("A link's parts, segments and query items are read back exactly however it was made")
struct LinkPartsTests {
    static let generous = LinkPolicy(
        limits: LinkLimits(
            maxLength: 1 << 16, maxPathSegments: 500, maxQueryItems: 500, maxQueryLength: 1 << 15))

    @Test("a link without path, query or fragment has no segments and no items")
    func emptyParts() throws {
        let link = try LinkGate().parse("https://example.com")
        #expect(link.pathSegments == [])
        #expect(link.queryItems == [])
        #expect(link.rawPath == "")
        #expect(link.rawQuery == nil)
        #expect(link.fragment == nil)
        let bare = try LinkGate().parse("https://example.com/?")
        #expect(bare.pathSegments == [PathSegment(raw: "", decoded: "")])
        #expect(bare.queryItems == [])
        #expect(bare.rawQuery == "")
    }

    @Test("a query of only separators has room for items but holds none")
    func separatorsOnly() throws {
        let link = try LinkGate().parse("https://example.com/a?&&&")
        #expect(link.queryItems == [])
        #expect(link.rawQuery == "&&&")
        #expect(link == (try LinkGate().parse("https://example.com/a?&&&")))
    }

    @Test("400 segments and 400 query items are read back in order, raw and decoded")
    func manyPartsReadBack() throws {
        let path = (0..<400).map { "/s\($0)%20x" }.joined()
        let query = (0..<400).map { "k\($0)=v%2B\($0)" }.joined(separator: "&")
        let link = try LinkGate(policy: Self.generous).parse(
            "https://example.com" + path + "?" + query + "#f")
        #expect(link.pathSegments.count == 400)
        #expect(link.pathSegments[0] == PathSegment(raw: "s0%20x", decoded: "s0 x"))
        #expect(link.pathSegments[399] == PathSegment(raw: "s399%20x", decoded: "s399 x"))
        #expect(link.queryItems.count == 400)
        #expect(
            link.queryItems[250]
                == QueryItem(
                    rawName: "k250", rawValue: "v%2B250", name: "k250", value: "v+250", hasValue: true))
        #expect(link.queryValues(named: "k7") == ["v+7"])
        #expect(link.rawPath == path)
        #expect(link.rawQuery == query)
        #expect(link.fragment == "f")
    }

    @Test("a parsed link equals, and hashes as, a decoded copy and a sanitised link with the same text")
    func equalityAcrossConstructions() throws {
        let gate = LinkGate()
        let parsed = try gate.parse("https://example.com/a/b%20c?id=3&x=y#top")
        let decoded = try JSONDecoder().decode(Link.self, from: try JSONEncoder().encode(parsed))
        #expect(decoded == parsed)
        #expect(decoded.hashValue == parsed.hashValue)

        // Sanitising writes a new link from the kept items; it equals the link parsed from
        // the text it writes.
        let tracked = try gate.parse("https://example.com/a/b%20c?utm_source=mail&id=3&x=y#top")
        let sanitized = gate.sanitize(tracked)
        #expect(sanitized.removed.map(\.name) == ["utm_source"])
        #expect(sanitized.link == parsed)
        #expect(sanitized.link.hashValue == parsed.hashValue)
        #expect(sanitized.link.queryItems.map(\.name) == ["id", "x"])
        #expect(tracked.queryItems.map(\.name) == ["utm_source", "id", "x"], "the original is untouched")

        let other = try gate.parse("https://example.com/a/b%20c?id=3&x=z#top")
        #expect(other != parsed)
        let fewerSegments = try gate.parse("https://example.com/a?id=3&x=y#top")
        #expect(fewerSegments != parsed)
    }

    @Test("links that differ only in their segments or only in their items are unequal")
    func unequalParts() throws {
        let gate = LinkGate()
        let a = try gate.parse("https://example.com/a/b?k=1")
        #expect(a != (try gate.parse("https://example.com/a/c?k=1")))
        #expect(a != (try gate.parse("https://example.com/a/b?k=2")))
        #expect(a != (try gate.parse("https://example.com/a/b?k=1&k=1")))
        #expect(a == (try gate.parse("https://example.com/a/b?k=1")))
        #expect(Set([a, try gate.parse("https://example.com/a/b?k=1")]).count == 1)
    }

    @Test("Codable round trip of an empty link and of a link with many segments and items")
    func codableRoundTrip() throws {
        let path = (0..<120).map { "/p\($0)" }.joined()
        let query = (0..<120).map { "q\($0)=\($0)" }.joined(separator: "&")
        for text in [
            "https://example.com", "https://example.com/", "https://example.com" + path + "?" + query,
        ] {
            let link = try LinkGate(policy: Self.generous).parse(text)
            let data = try JSONEncoder().encode(link)
            let back = try JSONDecoder().decode(Link.self, from: data)
            #expect(back == link)
            #expect(back.pathSegments == link.pathSegments)
            #expect(back.queryItems == link.queryItems)
            #expect(back.original == text)
        }
    }

    /// A link made from text that is released as soon as the link is made, long enough that
    /// the text lives on the heap.
    static func parsedFromReleasedText(_ i: Int) throws -> Link {
        let text = "https://example.com/item-" + String(repeating: "x", count: 24) + "/\(i)?page=\(i)#f\(i)"
        return try LinkGate().parse(text)
    }

    /// Under AddressSanitizer (as CI runs the suite), a part read from released memory fails
    /// the test instead of reading stale bytes.
    @Test(
        "a link reads its own parts after its text is released and the variable it was copied from holds another link"
    )
    func copiesOutliveTheOriginal() throws {
        var copies: [Link] = []
        var original = try Self.parsedFromReleasedText(0)
        for i in 1...50 {
            copies.append(original)
            original = try Self.parsedFromReleasedText(i)
        }
        let segment = "item-" + String(repeating: "x", count: 24)
        for (i, link) in copies.enumerated() {
            #expect(link.original == "https://example.com/\(segment)/\(i)?page=\(i)#f\(i)")
            #expect(
                link.pathSegments == [
                    PathSegment(raw: segment, decoded: segment), PathSegment(raw: "\(i)", decoded: "\(i)"),
                ])
            #expect(
                link.queryItems == [
                    QueryItem(rawName: "page", rawValue: "\(i)", name: "page", value: "\(i)", hasValue: true)
                ])
            #expect(link.fragment == "f\(i)")
        }
        #expect(copies.count == 50)
    }

    @Test("a match reads its link and parameters after the receiver that made it is gone")
    func matchOutlivesItsReceiver() throws {
        func received(_ text: String) throws -> LinkOutcome {
            let receiver = try LinkReceiver(
                table: RouteTable { Route("item", "/item/:name(slug)", query: ["page(int 1...99)"]) },
                policy: LinkPolicy(allowedHosts: ["example.com"]))
            return receiver.receive(url: text).outcome
        }
        let name = "a-name-long-enough-to-live-on-the-heap"
        let text = "https://example.com/item/\(name)?page=7"
        guard case .route(let match) = try received(text) else {
            Issue.record("\(text) was not routed")
            return
        }
        #expect(match.route == "item")
        #expect(match.parameters == ["name": .string(name), "page": 7])
        #expect(match.link == (try LinkGate().parse(text)))
        #expect(match.link.pathSegments.map(\.decoded) == ["item", name])
    }

    @Test(
        "pitfall: the query's characters are checked before the segments are made, yet a bad segment is still reported first"
    )
    func refusalOrderPathBeforeQuery() {
        // Both the path and the query are bad: the path's refusal comes first, as in text order.
        #expect(refusal("https://example.com/a/../b?x='")?.rule == .dotSegment)
        #expect(refusal("https://example.com/a/%2Fb?x=%zz")?.rule == .encodedSeparator)
        // Only the query is bad: its refusal is reported.
        #expect(refusal("https://example.com/a/b?x='")?.rule == .invalidCharacter)
        #expect(refusal("https://example.com/a/b?x=%zz")?.rule == .invalidPercentEscape)
        // A query over the length limit with a bad character is refused for its length.
        let long = "https://example.com/a?q=" + String(repeating: "v", count: 2100) + "'"
        #expect(refusal(long)?.rule == .componentTooLong)
    }

    @Test("links parsed on many tasks at once read back their own parts")
    func concurrentParsing() async throws {
        let gate = LinkGate()
        let links = try await withThrowingTaskGroup(of: (Int, Link).self) { group in
            for i in 0..<64 {
                group.addTask { (i, try gate.parse("https://example.com/t/\(i)?n=\(i)")) }
            }
            var links: [Int: Link] = [:]
            for try await (i, link) in group { links[i] = link }
            return links
        }
        for (i, link) in links {
            #expect(link.pathSegments.last?.decoded == "\(i)")
            #expect(link.queryItems.first?.value == "\(i)")
        }
    }

    @Test("a match from parts reads query items given as an array exactly as a parsed link's items")
    func matchFromPartsWithQueryItems() throws {
        let router = try Router(
            RouteTable { Route("albums", "/albums", query: ["page(int 1...9)=1", "sort(enum a|b)?"]) })
        let items = [
            QueryItem(rawName: "sort", rawValue: "b", name: "sort", value: "b", hasValue: true),
            QueryItem(rawName: "page", rawValue: "3", name: "page", value: "3", hasValue: true),
        ]
        let fromParts = router.match(
            scheme: "https", host: "example.com", pathSegments: ["albums"], queryItems: items)
        #expect(fromParts?.parameters["page"] == 3)
        #expect(fromParts?.parameters["sort"] == "b")
        let link = try LinkGate().parse("https://example.com/albums?sort=b&page=3")
        #expect(router.match(link)?.parameters == fromParts?.parameters)
        // A repeated item is refused in both ways of asking.
        let repeated = items + [items[1]]
        #expect(
            router.match(
                scheme: "https", host: "example.com", pathSegments: ["albums"], queryItems: repeated)
                == nil)
        #expect(router.match(try LinkGate().parse("https://example.com/albums?sort=b&page=3&page=3")) == nil)
    }
}
