import Testing

@testable import DeepLinks

/// An allowed host is read from a link's authority only when it is the whole authority: not
/// followed by a port, user information or more host text. The parser may take an exact
/// allowed host without scanning the authority byte by byte first
/// (``AllowedHostMatcher/exactHostEndingAuthority(_:at:stops:)``); these tests pin that it
/// finds exactly the host the full scan and the exact-host look-up find, and that links give
/// the same hosts, ports and errors.
@Suite("An allowed host is read from the authority only when it is the whole authority")
struct AuthorityParsingTests {
    static let hosts = ["example.co", "example.com", "shop.example.com", "music.example.com", "a.b"]

    /// The scan's answer: the authority up to the first `/`, `?` or `#`, and the exact host
    /// it is when it holds no `@` and no `:`.
    static func expected(_ matcher: AllowedHostMatcher, _ text: [UInt8]) -> Int? {
        let end = text.firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        let authority = Array(text[..<(end ?? text.count)])
        guard !authority.contains(UInt8(ascii: "@")), !authority.contains(UInt8(ascii: ":")) else {
            return nil
        }
        return ByteView.withBytes(of: authority) { matcher.exactHostIndex($0) }
    }

    @Test("every exact host, in any case, before every kind of ending, as the full scan finds it")
    func exactHostIsFoundWhereTheAuthorityEnds() {
        let matcher = AllowedHostMatcher(LinkPolicy(allowedHosts: Self.hosts.map { HostPattern($0) }))
        let endings = ["", "/", "/x", "?q", "#f", ":80/", "@e.com/", ".evil/", "m/", "m", "x?", "\\/"]
        var texts: [[UInt8]] = []
        for host in Self.hosts + ["example", "", "b"] {
            for spelled in [
                host, host.uppercased(),
                String(host.enumerated().map { $0 % 2 == 0 ? Character($1.uppercased()) : $1 }),
            ] {
                for ending in endings { texts.append(Array((spelled + ending).utf8)) }
            }
        }
        // Every byte right after each host.
        for host in Self.hosts {
            for byte in UInt8(0)...UInt8(255) { texts.append(Array(host.utf8) + [byte, UInt8(ascii: "x")]) }
        }
        for text in texts {
            let answer = ByteView.withBytes(of: text) {
                matcher.exactHostEndingAuthority($0, at: 0, stops: ByteTable.authorityStops)
            }
            #expect(answer == Self.expected(matcher, text), "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("links with an exact host keep their hosts, ports and errors")
    func exactHostLinksKeepHostPortAndErrors() throws {
        let policy = LinkPolicy(allowedHosts: Self.hosts.map { HostPattern($0) })
        let gate = LinkGate(policy: policy)
        for (text, host) in [
            ("https://Shop.Example.com/a", "shop.example.com"), ("https://example.com", "example.com"),
            ("https://example.co?x=1", "example.co"), ("https://MUSIC.example.com#top", "music.example.com"),
        ] {
            let link = try gate.parse(text)
            #expect(link.host == host, "\(text)")
            #expect(link.port == nil, "\(text)")
        }
        #expect(try gate.parse("https://example.com:8443/a").port == 8443)
        #expect(ruleAndPosition("https://example.com@evil.com/", policy: policy)! == (.userInfo, 19))
        #expect(ruleAndPosition("https://example.com.evil.net/", policy: policy)! == (.hostNotAllowed, 8))
        #expect(ruleAndPosition("https://example.comm/", policy: policy)! == (.hostNotAllowed, 8))
        #expect(ruleAndPosition("https://example.com:/", policy: policy)! == (.invalidPort, 19))
    }

    @Test("an exact host with '_' passes only where the validator allows it")
    func underscoreHostPassesOnlyWhereAllowed() throws {
        let policy = LinkPolicy(
            allowedSchemes: ["https", "myapp"], allowedHosts: [HostPattern("my_app.example")])
        let web = refusal("https://my_app.example/a", policy: policy)
        let custom = refusal("myapp://my_app.example/a", policy: policy)
        #expect(web?.rule == .invalidHost)
        #expect(web?.position == 10)
        #expect(custom == nil)
    }
}
