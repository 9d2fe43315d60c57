import DeepLinks
import Foundation
import LinkPreviews
import ShortLinkServer
import ShortLinks
import Testing

@Suite("The short-link API and the counts")
struct ShortLinkAPITests {
    static func request(
        _ method: String, _ target: String, token: String? = ShortLinkFixture.token, userAgent: String? = nil,
        accept: String? = nil, body: String = ""
    ) -> ShortLinkHTTPRequest {
        var headers: [(String, String)] = [("Host", "shop.example.com")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if let userAgent { headers.append(("User-Agent", userAgent)) }
        if let accept { headers.append(("Accept", accept)) }
        return ShortLinkHTTPRequest(method: method, target: target, headers: headers, body: Array(body.utf8))
    }

    static func json(_ response: SiteResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("POST makes a link (201), a retry returns it (200), a refusal says why")
    func create() async throws {
        let (_, responder, _) = try await ShortLinkResponderTests.setUp()
        let body = #"{"link": "https://shop.example.com/p/9", "code": "api-made", "requestKey": "r-1"}"#
        let made = await responder.respond(to: Self.request("POST", "/s/-/links", body: body))
        #expect(made.status == 201)
        #expect(try Self.json(made)["url"] as? String == "https://shop.example.com/s/api-made")
        #expect(await responder.respond(to: Self.request("POST", "/s/-/links", body: body)).status == 200)
        let destructive = await responder.respond(
            to: Self.request(
                "POST", "/s/-/links", body: #"{"link": "https://shop.example.com/account/delete"}"#))
        #expect(destructive.status == 400)
        #expect(
            try Self.json(destructive)["error"] as? String
                == "the link leads to the destructive route 'deleteAccount': a short link never changes or deletes data"
        )
        let taken = await responder.respond(
            to: Self.request(
                "POST", "/s/-/links", body: #"{"link": "https://shop.example.com/p/1", "code": "api-made"}"#))
        #expect(taken.status == 409)
        let malformed = await responder.respond(
            to: Self.request("POST", "/s/-/links", body: #"{"code": "x"}"#))
        #expect(malformed.status == 400)
        #expect(
            try Self.json(malformed)["error"] as? String
                == "the body is not a short-link request: the key 'link' is missing")
        let misspelt = await responder.respond(
            to: Self.request(
                "POST", "/s/-/links",
                body:
                    #"{"link": "https://shop.example.com/p/1", "fallbacks": {"appstore": "https://apps.apple.com/app/id1"}}"#
            ))
        #expect(misspelt.status == 400)
        #expect(
            try Self.json(misspelt)["error"] as? String
                == "the body is not a short-link request: fallbacks.appstore: unknown key 'appstore' (fallbacks are appStore, playStore and web)"
        )
        let huge = await responder.respond(
            to: Self.request(
                "POST", "/s/-/links",
                body: String(repeating: " ", count: ShortLinkResponder.longestAPIBody + 1)))
        #expect(huge.status == 413)
    }

    @Test("without the token, or with a wrong one, the API answers 401; without a token configured, 404")
    func authorization() async throws {
        let (fixture, responder, _) = try await ShortLinkResponderTests.setUp()
        for token in [
            nil, "", "wrong", String(ShortLinkFixture.token.dropLast()), ShortLinkFixture.token + "x",
        ] {
            #expect(
                await responder.respond(to: Self.request("GET", "/s/-/links", token: token)).status == 401)
        }
        let closed = try ShortLinkResponder(site: try ShortLinkFixture.site(), shortLinks: fixture.service)
        #expect(await closed.respond(to: Self.request("GET", "/s/-/links")).status == 404)
        #expect(throws: ShortLinkError.self) {
            try ShortLinkResponder(
                site: try ShortLinkFixture.site(), shortLinks: fixture.service, apiToken: "short")
        }
    }

    @Test("list pages, show, expire")
    func listShowExpire() async throws {
        let (fixture, responder, sale) = try await ShortLinkResponderTests.setUp()
        for code in ["aaa-1", "bbb-2", "ccc-3"] {
            _ = try await fixture.service.create(
                ShortLinkRequest(link: "https://shop.example.com/p/5", code: code))
        }
        let first = try Self.json(await responder.respond(to: Self.request("GET", "/s/-/links?limit=2")))
        #expect((first["links"] as? [[String: Any]])?.count == 2)
        #expect(first["next"] as? String == "bbb-2")
        let second = try Self.json(
            await responder.respond(to: Self.request("GET", "/s/-/links?after=bbb-2&limit=2")))
        #expect(
            (second["links"] as? [[String: Any]])?.compactMap {
                ($0["expansion"] as? [String: Any])?["code"] as? String
            } == ["ccc-3", "spring-sale"])
        #expect(second["next"] == nil)
        #expect(await responder.respond(to: Self.request("GET", "/s/-/links?limit=0")).status == 400)
        let shown = await responder.respond(to: Self.request("GET", "/s/-/links/spring-sale"))
        #expect(try JSONDecoder().decode(ShortLink.self, from: Data(shown.body)) == sale)
        #expect(await responder.respond(to: Self.request("GET", "/s/-/links/none-such")).status == 404)
        let qr = await responder.respond(to: Self.request("GET", "/s/-/links/spring-sale/qr"))
        #expect(qr.header("Content-Type") == "image/svg+xml")
        #expect(qr.text == (try QRCode("https://shop.example.com/s/spring-sale").svg()))
        #expect(await responder.respond(to: Self.request("GET", "/s/-/links/none-such/qr")).status == 404)
        let expired = await responder.respond(to: Self.request("POST", "/s/-/links/spring-sale/expire"))
        #expect(
            try JSONDecoder().decode(ShortLink.self, from: Data(expired.body)).expansion.expiresAt
                == 1_800_000_000)
        #expect(await responder.respond(to: Self.request("GET", "/s/spring-sale")).status == 410)
        #expect(await responder.respond(to: Self.request("DELETE", "/s/-/links/spring-sale")).status == 404)
    }

    @Test("counts: per day, class of client and event, and nothing else")
    func counts() async throws {
        let (fixture, responder, _) = try await ShortLinkResponderTests.setUp()
        let iPhone =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        let android =
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"
        _ = await responder.respond(to: Self.request("GET", "/s/spring-sale", token: nil, userAgent: iPhone))
        _ = await responder.respond(to: Self.request("GET", "/s/spring-sale", token: nil, userAgent: iPhone))
        _ = await responder.respond(
            to: Self.request("GET", "/s/spring-sale", token: nil, userAgent: "Slackbot-LinkExpanding 1.0"))
        _ = await responder.respond(
            to: Self.request(
                "GET", "/s/spring-sale", token: nil, userAgent: android, accept: "application/json"))
        _ = await responder.respond(
            to: Self.request(
                "GET", "/s/spring-sale?via=deferred", token: nil,
                userAgent: "Shop/2.5 CFNetwork/1494 Darwin/23.0", accept: "application/json"))
        _ = await responder.respond(to: Self.request("GET", "/s/no-such", token: nil, userAgent: iPhone))
        let day = ShortLinkCount.day(of: fixture.clock.now)
        let code = try ShortCode("spring-sale")
        let expected = [
            ShortLinkCount(
                day: day, code: code, route: "product", platform: .android, event: .expandedByApp, count: 1),
            ShortLinkCount(
                day: day, code: code, route: "product", platform: .crawler, event: .appLinkOffered, count: 1),
            ShortLinkCount(
                day: day, code: code, route: "product", platform: .crawler, event: .pageShown, count: 1),
            ShortLinkCount(
                day: day, code: code, route: "product", platform: .iOS, event: .appLinkOffered, count: 2),
            ShortLinkCount(
                day: day, code: code, route: "product", platform: .iOS, event: .deferredResolved, count: 1),
            ShortLinkCount(
                day: day, code: code, route: "product", platform: .iOS, event: .pageShown, count: 2),
        ]
        #expect(try await fixture.store.counts(ShortLinkCountQuery()) == expected)
        #expect(try await fixture.store.counts(ShortLinkCountQuery(route: "orders")) == [])
        let stats = await responder.respond(
            to: Self.request("GET", "/s/-/stats?route=product&from=\(day)&to=\(day)"))
        #expect((try Self.json(stats)["counts"] as? [[String: Any]])?.count == 6)
        #expect(
            Set((try Self.json(stats)["counts"] as? [[String: Any]])?.first?.keys.map { $0 } ?? []) == [
                "day", "code", "route", "platform", "event", "count",
            ])
        #expect(await responder.respond(to: Self.request("GET", "/s/-/stats?from=yesterday")).status == 400)
    }

    @Test("client classes from User-Agent")
    func platformClasses() {
        #expect(PlatformClass(userAgent: nil) == .desktop)
        #expect(
            PlatformClass(userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15")
                == .desktop)
        #expect(PlatformClass(userAgent: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)") == .iOS)
        #expect(PlatformClass(userAgent: "Mozilla/5.0 (Linux; Android 14)") == .android)
        #expect(PlatformClass(userAgent: "facebookexternalhit/1.1") == .crawler)
        #expect(PlatformClass(userAgent: "WhatsApp/2.23.20.0 A") == .crawler)
        #expect(PlatformClass(userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)") == .crawler)
        #expect(PlatformClass(userAgent: String(repeating: "x", count: 100_000) + "Android") == .desktop)
    }

    @Test("days: whole UTC days since 1970, before 1970 too")
    func days() {
        #expect(ShortLinkCount.day(of: 0) == 0)
        #expect(ShortLinkCount.day(of: 86_399) == 0)
        #expect(ShortLinkCount.day(of: 86_400) == 1)
        #expect(ShortLinkCount.day(of: -1) == -1)
        #expect(ShortLinkCount.day(of: -86_400) == -1)
        #expect(ShortLinkCount.day(of: -86_401) == -2)
    }
}
