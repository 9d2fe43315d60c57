import Testing

@testable import DeepLinks

/// The parser splits a query into items in one of two ways: when the link holds no `%`, it
/// finds each `&` and the first `=` with the C library's byte search; otherwise it reads the
/// query byte by byte and notes escapes. These tests pin that both give the same items.
@Suite("Query items are split the same with and without an escape in the link")
struct QueryItemSplitTests {
    /// The items of a query as (raw name, raw value, has a value).
    static func items(_ query: String, path: String) throws -> [[String]] {
        try LinkGate().parse("https://example.com/\(path)?\(query)#f&g=h").queryItems.map {
            [$0.rawName, $0.rawValue, $0.hasValue ? "=" : ""]
        }
    }

    static let queries: [(String, [[String]])] = [
        ("a=1&&b=2&", [["a", "1", "="], ["b", "2", "="]]),
        ("a=b=c&d", [["a", "b=c", "="], ["d", "", ""]]),
        ("=x&=&x=", [["", "x", "="], ["", "", "="], ["x", "", "="]]),
        ("x&y=z", [["x", "", ""], ["y", "z", "="]]),
        ("&&&", []),
        ("", []),
        (
            "page=12&sort=top/new?x&utm_source=newsletter",
            [
                ["page", "12", "="], ["sort", "top/new?x", "="], ["utm_source", "newsletter", "="],
            ]
        ),
        (
            "a-very-long-item-name-over-thirty-two-bytes=and-a-long-value-too&z",
            [
                ["a-very-long-item-name-over-thirty-two-bytes", "and-a-long-value-too", "="], ["z", "", ""],
            ]
        ),
    ]

    @Test("a link without an escape: each & and the first = found by the byte search")
    func withoutEscape() throws {
        for (query, expected) in Self.queries {
            #expect(try Self.items(query, path: "a") == expected, "\(query)")
        }
    }

    @Test("a link with an escape in the path: the same items from the byte-by-byte reading")
    func withEscapeElsewhere() throws {
        for (query, expected) in Self.queries {
            #expect(try Self.items(query, path: "%41") == expected, "\(query)")
        }
    }
}
