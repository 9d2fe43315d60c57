import DeepLinks
import Foundation
import Testing

@Suite("Accepted links keep every part, raw and decoded")
struct AcceptedLinkTests {
    @Test("the seed album link: scheme, host, path, query items in order, fragment")
    func albumLink() throws {
        let link = try LinkGate().parse(
            "https://Example.com/path/to/content?albumname=Summer%202024&index=1#top")
        #expect(link.scheme == "https")
        #expect(link.host == "example.com")
        #expect(link.port == nil)
        #expect(link.rawPath == "/path/to/content")
        #expect(link.pathSegments.map(\.decoded) == ["path", "to", "content"])
        #expect(link.rawQuery == "albumname=Summer%202024&index=1")
        #expect(link.queryItems.map(\.name) == ["albumname", "index"])
        #expect(link.queryItems.map(\.value) == ["Summer 2024", "1"])
        #expect(link.queryItems[0].rawValue == "Summer%202024")
        #expect(link.rawFragment == "top")
        #expect(link.fragment == "top")
        #expect(link.original == "https://Example.com/path/to/content?albumname=Summer%202024&index=1#top")
        #expect(link.url?.absoluteString == link.original)
    }

    @Test("repeated query items keep their order; '+' stays a plus; '?flag' has no value")
    func queryDetails() throws {
        let link = try LinkGate().parse("https://example.com/s?tag=a&q=1+1&tag=b&flag&empty=")
        #expect(link.queryValues(named: "tag") == ["a", "b"])
        #expect(link.queryValues(named: "q") == ["1+1"])
        let flag = try #require(link.queryItems.first { $0.name == "flag" })
        #expect(flag.hasValue == false && flag.value == "")
        let empty = try #require(link.queryItems.first { $0.name == "empty" })
        #expect(empty.hasValue == true && empty.value == "")
    }

    @Test("empty query pieces carry nothing and are not items; the raw query keeps them")
    func emptyQueryPieces() throws {
        let link = try LinkGate().parse("https://example.com/?a=1&&b=2&")
        #expect(link.queryItems.map(\.name) == ["a", "b"])
        #expect(link.rawQuery == "a=1&&b=2&")
    }

    @Test("path shapes: none, root, trailing slash")
    func pathShapes() throws {
        let gate = LinkGate()
        #expect(try gate.parse("https://example.com").pathSegments.isEmpty)
        #expect(try gate.parse("https://example.com").rawPath == "")
        #expect(try gate.parse("https://example.com/").pathSegments.map(\.raw) == [""])
        #expect(try gate.parse("https://example.com/a/").pathSegments.map(\.raw) == ["a", ""])
        #expect(try gate.parse("https://example.com?x=1").rawQuery == "x=1")
    }

    @Test("custom schemes: the host is kept as a name; the authority may be empty, never absent")
    func customSchemes() throws {
        let gate = LinkGate(policy: LinkPolicy(allowedSchemes: ["newsapp", "myapp"]))
        let news = try gate.parse("newsapp://doc/CHLFGFCB00097U7S?s=sps_article")
        #expect(news.host == "doc")
        #expect(news.pathSegments.map(\.decoded) == ["CHLFGFCB00097U7S"])
        #expect(news.isWeb == false)
        #expect(try gate.parse("myapp://user_profile/7").host == "user_profile")
        #expect(refusal("myapp:settings/privacy", policy: gate.policy)?.rule == .customSchemeWithoutAuthority)
        let empty = try gate.parse("myapp:///settings")
        #expect(empty.host == nil)
        #expect(empty.canonical == "myapp:///settings")
        #expect(refusal("myapp://evil.com@doc/", policy: gate.policy)?.rule == .userInfo)
        #expect(refusal("myapp://:80/", policy: gate.policy)?.rule == .missingHost)
    }

    @Test("custom-scheme hosts are held to the host list only when the policy says they are domains")
    func customSchemeHostsAsDomains() {
        var policy = LinkPolicy(allowedSchemes: ["myapp"], allowedHosts: ["example.com"])
        #expect(refusal("myapp://settings", policy: policy) == nil)
        policy.customSchemeHostsAreDomains = true
        #expect(refusal("myapp://settings", policy: policy)?.rule == .hostNotAllowed)
        #expect(refusal("myapp://example.com/x", policy: policy) == nil)
        #expect(refusal("myapp://user_profile", policy: policy)?.rule == .invalidHost)
    }

    @Test("the policy round-trips through JSON, and missing keys take defaults")
    func policyCodable() throws {
        var policy = LinkPolicy(
            allowedSchemes: ["https", "myapp"], allowedHosts: ["example.com", "*.example.com"])
        policy.limits.maxQueryItems = 8
        let data = try JSONEncoder().encode(policy)
        #expect(try JSONDecoder().decode(LinkPolicy.self, from: data) == policy)
        let partial = try JSONDecoder().decode(
            LinkPolicy.self, from: Data(#"{"allowedHosts": ["*.example.com"]}"#.utf8))
        #expect(partial.allowedSchemes == ["https", "http"])
        #expect(partial.allowedHosts == ["*.example.com"])
        #expect(partial.limits == LinkLimits())
        #expect(partial.removedQueryItems == QueryItemPattern.trackingAndCredentials)
    }
}

@Suite("Sanitising and the canonical form")
struct SanitizeTests {
    @Test("tracking and credential items are removed and reported, order of the rest kept")
    func sanitizesAndReports() throws {
        let gate = LinkGate()
        let link = try gate.parse(
            "https://example.com/a?utm_source=x&id=7&fbclid=abc&access_token=s3cr3t&page=2&UTM_Medium=y")
        let clean = gate.sanitize(link)
        #expect(clean.removed.map(\.name) == ["utm_source", "fbclid", "access_token", "UTM_Medium"])
        #expect(clean.link.queryItems.map(\.name) == ["id", "page"])
        #expect(clean.link.rawQuery == "id=7&page=2")
        #expect(clean.canonical == "https://example.com/a?id=7&page=2")
        #expect(clean.link.original == "https://example.com/a?id=7&page=2")
    }

    @Test("a link with nothing to remove comes back unchanged")
    func nothingToRemove() throws {
        let gate = LinkGate()
        let link = try gate.parse("https://example.com/a?id=7#x")
        let clean = gate.sanitize(link)
        #expect(clean.removed.isEmpty)
        #expect(clean.link == link)
    }

    @Test("when every item is removed the query disappears")
    func allRemoved() throws {
        let gate = LinkGate()
        let clean = gate.sanitize(try gate.parse("https://example.com/a?gclid=1&token=2#frag"))
        #expect(clean.link.rawQuery == nil)
        #expect(clean.canonical == "https://example.com/a#frag")
    }

    @Test("canonical form: case, default port, unreserved escapes, hex case")
    func canonical() throws {
        let gate = LinkGate(policy: LinkPolicy(removedQueryItems: []))
        #expect(
            try gate.parse("HTTPS://WWW.Example.COM:443/%7euser/%41b%2a?q=%c3%a9%2D#%5f").canonical
                == "https://www.example.com/~user/Ab%2A?q=%C3%A9-#_")
        #expect(try gate.parse("https://example.com:8443").canonical == "https://example.com:8443/")
        #expect(try gate.parse("http://example.com:443/").canonical == "http://example.com:443/")
    }

    @Test(
        "canonicalising a canonical link returns it unchanged",
        arguments: [
            "HTTPS://WWW.Example.COM:443/%7euser/%41b%2a?q=%c3%a9%2D#%5f", "https://example.com",
            "http://example.com:80/?",
            "https://example.com/a/?x=1&x=2#", "https://example.com/%e2%82%ac?%41=%42",
        ])
    func idempotent(text: String) throws {
        let gate = LinkGate(policy: LinkPolicy(removedQueryItems: []))
        let once = try gate.parse(text).canonical
        #expect(try gate.parse(once).canonical == once)
    }

    @Test("query-item patterns: exact names and prefixes, case-insensitive")
    func patterns() {
        #expect(QueryItemPattern("utm_*").matches("utm_campaign"))
        #expect(QueryItemPattern("utm_*").matches("UTM_SOURCE"))
        #expect(!QueryItemPattern("utm_*").matches("utm"))
        #expect(QueryItemPattern("token").matches("Token"))
        #expect(!QueryItemPattern("token").matches("tokens"))
    }
}

@Suite("Percent-encoding")
struct PercentEncodingTests {
    @Test("decoding is strict and never guesses")
    func decode() {
        #expect(PercentEncoding.decode("a%20b") == "a b")
        #expect(PercentEncoding.decode("%E2%82%AC") == "€")
        #expect(PercentEncoding.decode("a+b") == "a+b")
        #expect(PercentEncoding.decode("%") == nil)
        #expect(PercentEncoding.decode("%2") == nil)
        #expect(PercentEncoding.decode("%zz") == nil)
        #expect(PercentEncoding.decode("%FF") == nil)
    }

    @Test("encoding per component, and it round-trips through the gate")
    func encode() throws {
        #expect(PercentEncoding.encode("a/b c", allowing: .pathSegment) == "a%2Fb%20c")
        #expect(PercentEncoding.encode("a&b=c+d'", allowing: .queryItem) == "a%26b%3Dc%2Bd%27")
        #expect(PercentEncoding.encode("€", allowing: .unreserved) == "%E2%82%AC")
        let value = "Summer & Winter/2024 'best' ☀︎"
        let text =
            "https://example.com/" + PercentEncoding.encode(value, allowing: .pathSegment) + "?v="
            + PercentEncoding.encode(value, allowing: .queryItem)
        let link = try LinkGate(policy: LinkPolicy(allowsEncodedSeparators: true)).parse(text)
        #expect(link.pathSegments.first?.decoded == value)
        #expect(link.queryValues(named: "v") == [value])
    }
}
