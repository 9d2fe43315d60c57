import Foundation
import Testing

@testable import DeepLinks

/// The receiver's pipeline sanitises web links while parsing them, shares the policy's host
/// strings and skips validating a host the policy already lists. These tests pin that a link
/// read that way is exactly the link parsing and then sanitising gives, and that a listed
/// host is still held to the host rules.
@Suite("Parsing for the receiver gives the link parsing and sanitising give")
struct SanitizedParsingTests {
    static let links = [
        "https://example.com/a?utm_source=x&id=7&fbclid=abc&access_token=s3cr3t&page=2&UTM_Medium=y",
        "https://Example.COM/a/b?utm_source=x#frag",
        "https://example.com/a?gclid=1&token=2#frag",
        "https://example.com/a?id=7#x",
        "https://example.com?utm_source=x&b",
        "https://example.com:8443/a?utm%5Fsource=x&q=%C3%A9&flag",
        "https://example.com/a?utm_source=%zz",
        "https://example.com/a?utm_source=x&utm_medium=y&ref=home&page=3",
        "https://example.com/%7euser/a?&&utm_source=&=&x=1",
        "myapp://example.com/a?utm_source=x&id=1",
    ]

    static var gate: LinkGate {
        LinkGate(
            policy: LinkPolicy(
                allowedSchemes: ["https", "myapp"], allowedHosts: ["example.com", "*.example.org"]))
    }

    @Test("parsing with sanitising gives the sanitised link, part by part", arguments: links)
    func parseSanitizedEqualsSanitize(text: String) {
        let gate = Self.gate
        let long = Result { () throws(LinkError) in try gate.parse(text) }.map { link in
            link.isWeb ? gate.sanitize(link).link : link
        }
        let short = Result { () throws(LinkError) in try gate.parseSanitized(text) }
        switch (long, short) {
        case (.success(let a), .success(let b)):
            #expect(a == b)
            #expect(a.original == b.original)
            #expect(a.rawQuery == b.rawQuery)
            #expect(a.rawPath == b.rawPath)
            #expect(a.rawFragment == b.rawFragment)
            #expect(a.canonical == b.canonical)
            #expect(a.hashValue == b.hashValue)
        case (.failure(let a), .failure(let b)):
            #expect(a == b)
        default:
            Issue.record("\(text): the long way gives \(long), the short way \(short)")
        }
    }

    @Test(
        "a listed host the validator refuses is still refused (pitfall: skipping the check for listed hosts)")
    func listedInvalidHostIsRefused() {
        let gate = LinkGate(policy: LinkPolicy(allowedHosts: ["exa_mple.com", "-bad.com", "1.2.3.4"]))
        let policy = gate.policy
        #expect(
            refusal("https://exa_mple.com/a", policy: policy)
                == LinkError(.invalidHost, at: 11, detail: "'_' in host 'exa_mple.com'"))
        #expect(
            refusal("https://-bad.com/a", policy: policy)
                == LinkError(.invalidHost, at: 8, detail: "label starts or ends with '-'"))
        #expect(
            refusal("https://1.2.3.4/a", policy: policy)
                == LinkError(.ipLiteralNotAllowed, at: 8, detail: "'1.2.3.4'"))
        #expect(
            refusal("https://EXA_MPLE.com/a", policy: policy)
                == LinkError(.invalidHost, at: 11, detail: "'_' in host 'exa_mple.com'"))
    }

    @Test("a listed host in another letter case is the listed host")
    func listedHostInOtherCase() throws {
        let link = try Self.gate.parse("https://EXAMPLE.com/a")
        #expect(link.host == "example.com")
        #expect(link.original == "https://EXAMPLE.com/a")
        #expect(link.canonical == "https://example.com/a")
    }

    @Test("raw parts are read from the parsed text")
    func rawPartsAreTheParsedText() throws {
        let link = try Self.gate.parse("https://example.com/a%20b/c?x=1&y#f%41")
        #expect(link.rawPath == "/a%20b/c")
        #expect(link.rawQuery == "x=1&y")
        #expect(link.rawFragment == "f%41")
        #expect(link.fragment == "fA")
        #expect(link.original == "https://example.com/a%20b/c?x=1&y#f%41")
        let bare = try Self.gate.parse("https://example.com")
        #expect(bare.rawPath == "")
        #expect(bare.rawQuery == nil)
        #expect(bare.rawFragment == nil)
    }

    @Test("the receiver's outcome carries the sanitised link")
    func receiverOutcomeIsSanitised() throws {
        let table = RouteTable(routes: [Route("a", PathPattern(parsing: "/a"))])
        let receiver = try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["example.com"]))
        let text = "https://example.com/a?utm_source=x&id=7#top"
        guard case .route(let match) = receiver.receive(url: text).outcome else {
            Issue.record("no route for \(text)")
            return
        }
        let gate = receiver.gate
        #expect(match.link == gate.sanitize(try gate.parse(text)).link)
        #expect(match.link.original == "https://example.com/a?id=7#top")
        #expect(receiver.receive(url: text).source == .universalLink)
        #expect(receiver.receive(url: "HTTP://example.com/a").source == .universalLink)
        #expect(receiver.receive(url: "httpx://example.com/a").source == .customScheme)
        #expect(receiver.receive(url: "http").source == .customScheme)
    }
}
