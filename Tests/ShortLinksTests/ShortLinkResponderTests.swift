import DeepLinks
import Foundation
import LinkPreviews
import ShortLinkServer
import ShortLinks
import Testing

@Suite("Serving and expanding short links")
struct ShortLinkResponderTests {
    static func setUp() async throws -> (ShortLinkFixture, ShortLinkResponder, ShortLink) {
        let fixture = try ShortLinkFixture()
        let responder = try ShortLinkResponder(
            site: try ShortLinkFixture.site(), shortLinks: fixture.service, apiToken: ShortLinkFixture.token)
        let link = try await fixture.service.create(
            ShortLinkRequest(
                link: "https://shop.example.com/p/42", code: "spring-sale", expiresAt: 1_800_000_100))
        return (fixture, responder, link)
    }

    static func get(_ target: String, accept: String? = nil) -> SiteRequest {
        SiteRequest(method: "GET", target: target, host: "shop.example.com", accept: accept)
    }

    @Test("a short link answers the long link's landing page, with the short link kept for after an install")
    func landingPage() async throws {
        let (_, responder, _) = try await Self.setUp()
        let short = await responder.respond(to: Self.get("/s/spring-sale"))
        let long = await responder.site.respond(to: Self.get("/p/42"))
        #expect(short.status == 200)
        #expect(short.text.contains("Product 42"))
        let referrer =
            "https://play.google.com/store/apps/details?id=com.example.shop&amp;referrer=deeplinks_code%3Dspring-sale"
        let deferred =
            "<p class=\"hint deferred\">New to Shop? Copy this link, then get the app: it opens the link the first time you start it."
            + "<br><code style=\"user-select:all;-webkit-user-select:all\">https://shop.example.com/s/spring-sale</code></p>\n"
        #expect(short.text.contains(referrer))
        #expect(short.text.contains(deferred))
        // Apart from the deferred link, the page is the long link's, byte for byte.
        let undone = short.text.replacingOccurrences(of: deferred, with: "").replacingOccurrences(
            of: "&amp;referrer=deeplinks_code%3Dspring-sale", with: "")
        #expect(undone == long.text)
        #expect(!long.text.contains("deeplinks_code"))
    }

    @Test("Accept: application/json gets the expansion, not cached")
    func expansionJSON() async throws {
        let (_, responder, link) = try await Self.setUp()
        let answer = await responder.respond(to: Self.get("/s/spring-sale", accept: "application/json"))
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.header("Cache-Control") == "no-store")
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
        #expect(try ShortLinkExpansion(json: answer.body) == link.expansion)
        #expect(
            answer.text
                == #"{"code":"spring-sale","expiresAt":1800000100,"fallbacks":{},"link":"https://shop.example.com/p/42","route":"product"}"#
        )
    }

    @Test("unknown codes 404, expired codes 410, paths that are no code 404, with the reason")
    func failures() async throws {
        let (fixture, responder, _) = try await Self.setUp()
        let unknown = await responder.respond(to: Self.get("/s/no-such-code"))
        #expect(unknown.status == 404)
        #expect(unknown.text == "no short link has the code 'no-such-code'\n")
        let notCode = await responder.respond(to: Self.get("/s/Not_A_Code"))
        #expect(notCode.status == 404)
        fixture.clock.now = 1_800_000_100
        let expired = await responder.respond(to: Self.get("/s/spring-sale"))
        #expect(expired.status == 410)
        #expect(expired.text == "the short link 'spring-sale' expired (at 1800000100 seconds since 1970)\n")
        #expect(expired.header("X-Frame-Options") == "DENY")
    }

    @Test("every other request is the site's answer")
    func otherRequests() async throws {
        let (_, responder, _) = try await Self.setUp()
        for request in [
            Self.get("/p/7"), Self.get("/s/summer"), Self.get("/nowhere"),
            SiteRequest(method: "POST", target: "/s/spring-sale", host: "shop.example.com"),
        ] {
            #expect(await responder.respond(to: request) == (await responder.site.respond(to: request)))
        }
    }
}

@Suite("The app's half: expanding a short link through the receiver")
struct ShortLinkExpanderTests {
    /// A transport that answers through the site's responder, in process.
    struct SiteTransport: ShortLinkTransport {
        let responder: ShortLinkResponder
        func get(_ url: String) async throws -> ShortLinkAnswer {
            let answer = await responder.respond(
                to: SiteRequest(method: "GET", target: url, host: nil, accept: "application/json"))
            return ShortLinkAnswer(status: answer.status, body: answer.body)
        }
    }

    /// A transport with a fixed answer, or none.
    struct FixedTransport: ShortLinkTransport {
        let answer: ShortLinkAnswer?
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        func get(_ url: String) async throws -> ShortLinkAnswer {
            guard let answer else { throw Offline() }
            return answer
        }
    }

    static func expander(_ transport: any ShortLinkTransport, appVersion: String? = nil) -> ShortLinkExpander
    {
        ShortLinkExpander(
            receiver: ShortLinkFixture.receiver, route: ShortLinkFixture.shortRoute, transport: transport,
            appVersion: appVersion)
    }

    static func answer(_ json: String, status: Int = 200) -> FixedTransport {
        FixedTransport(answer: ShortLinkAnswer(status: status, body: Array(json.utf8)))
    }

    static let receiver = ShortLinkFixture.receiver

    @Test("a short link's long link is decided by the same receiver, as if tapped")
    func expands() async throws {
        let (_, responder, link) = try await ShortLinkResponderTests.setUp()
        let opening = await Self.expander(SiteTransport(responder: responder)).open(
            Self.receiver.receive(url: "https://shop.example.com/s/spring-sale"))
        #expect(
            opening == .expanded(link.expansion, Self.receiver.receive(url: "https://shop.example.com/p/42")))
        #expect(opening.decision?.match?.route == "product")
    }

    @Test("a sensitive long link is still confirmed")
    func sensitiveStillConfirmed() async throws {
        let json =
            #"{"code":"my-orders","link":"https://shop.example.com/orders","route":"orders","fallbacks":{}}"#
        let opening = await Self.expander(Self.answer(json)).open(
            Self.receiver.receive(url: "https://shop.example.com/s/my-orders"))
        guard case .expanded(_, let decision) = opening, case .confirm(let match) = decision.outcome else {
            Issue.record("expected a confirmation, got \(opening)")
            return
        }
        #expect(match.route == "orders")
    }

    @Test("a link that is not a short link keeps its decision")
    func notShortLink() async {
        let decision = Self.receiver.receive(url: "https://shop.example.com/p/1")
        #expect(await Self.expander(Self.answer("")).open(decision) == .decided(decision))
    }

    @Test("offline, unknown, expired, a wrong answer, a chain or an old app: the browser, with the reason")
    func failures() async throws {
        let short = Self.receiver.receive(url: "https://shop.example.com/s/spring-sale")
        let link = try #require(short.match).link
        let code = try ShortCode("spring-sale")
        let cases: [(any ShortLinkTransport, String?, ShortLinkError)] = [
            (FixedTransport(answer: nil), nil, .transportFailed("offline")),
            (Self.answer("", status: 404), nil, .unknownCode(code)),
            (Self.answer("", status: 410), nil, .expired(code, at: nil)),
            (Self.answer("", status: 503), nil, .unexpectedStatus(503)),
            (Self.answer(#"{"code":"spring-sale"}"#), nil, .invalidExpansion("the key 'link' is missing")),
            (
                Self.answer(
                    #"{"code":"other-code","link":"https://shop.example.com/p/1","route":"product","fallbacks":{}}"#
                ),
                nil, .invalidExpansion("it is the expansion of 'other-code', not of 'spring-sale'")
            ),
            (
                Self.answer(
                    #"{"code":"spring-sale","link":"https://shop.example.com/s/abc","route":"shortLink","fallbacks":{}}"#
                ),
                nil, .linkIsShortLink("https://shop.example.com/s/abc")
            ),
            (
                Self.answer(
                    #"{"code":"spring-sale","link":"https://shop.example.com/p/1","route":"product","fallbacks":{},"minimumAppVersion":"2.10"}"#
                ), "2.9", .appTooOld(required: "2.10", running: "2.9")
            ),
        ]
        for (transport, version, reason) in cases {
            #expect(
                await Self.expander(transport, appVersion: version).open(short)
                    == .openInBrowser(link, reason: reason))
        }
        let newEnough = Self.answer(
            #"{"code":"spring-sale","link":"https://shop.example.com/p/1","route":"product","fallbacks":{},"minimumAppVersion":"2.10","extra":true}"#
        )
        #expect(
            await Self.expander(newEnough, appVersion: "2.10.0").open(short).decision?.match?.route
                == "product")
    }
}
