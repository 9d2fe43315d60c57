import DeepLinks
import LinkPreviews
import ShortLinkServer
import ShortLinks
import Testing

@Suite("Making short links bound to the table")
struct ShortLinkServiceTests {
    @Test("a random code expands to the canonical, sanitised long link and its route")
    func createRandom() async throws {
        let fixture = try ShortLinkFixture()
        let link = try await fixture.service.create(
            ShortLinkRequest(link: "https://SHOP.example.com/p/42?utm_source=mail"))
        #expect(link.code.text.count == ShortCode.randomLength)
        #expect(link.expansion.link == "https://shop.example.com/p/42")
        #expect(link.expansion.route == "product")
        #expect(link.createdAt == 1_800_000_000)
        #expect(fixture.service.url(for: link.code) == "https://shop.example.com/s/\(link.code.text)")
        #expect(try await fixture.service.expand(link.code) == link)
    }

    @Test("a link the gate refuses, the table does not route, or on another host has no short link")
    func refusedLinks() async throws {
        let service = try ShortLinkFixture().service
        await #expect {
            try await service.create(ShortLinkRequest(link: "javascript:alert(1)"))
        } throws: { error in
            guard case .linkRejected("javascript:alert(1)", _) = error as? ShortLinkError else {
                return false
            }
            return true
        }
        await #expect(
            throws: ShortLinkError.linkNotRouted("https://shop.example.com/nowhere", reason: .noMatchingRoute)
        ) { try await service.create(ShortLinkRequest(link: "https://shop.example.com/nowhere")) }
        await #expect {
            try await service.create(ShortLinkRequest(link: "https://shop.example.com/p/0"))
        } throws: { error in
            guard case .linkNotRouted(_, .invalidParameter(route: "product", _)) = error as? ShortLinkError
            else {
                return false
            }
            return true
        }
        await #expect(throws: ShortLinkError.hostNotServed("https://help.example.com/help")) {
            try await service.create(ShortLinkRequest(link: "https://help.example.com/help"))
        }
    }

    @Test("a destructive route, or a short link itself, cannot be shortened; a sensitive one can")
    func guardedRoutes() async throws {
        let service = try ShortLinkFixture().service
        await #expect(throws: ShortLinkError.destructiveRoute("deleteAccount")) {
            try await service.create(ShortLinkRequest(link: "https://shop.example.com/account/delete"))
        }
        await #expect(throws: ShortLinkError.linkIsShortLink("https://shop.example.com/s/abc")) {
            try await service.create(ShortLinkRequest(link: "https://shop.example.com/s/abc"))
        }
        let orders = try await service.create(ShortLinkRequest(link: "https://shop.example.com/orders"))
        #expect(orders.expansion.route == "orders")
    }

    @Test("a vanity code: checked, never shadowing a route, taken once, and a retry returns the link")
    func vanityCodes() async throws {
        let service = try ShortLinkFixture().service
        let sale = try await service.create(
            ShortLinkRequest(link: "https://shop.example.com/p/1", code: "spring-sale"))
        #expect(sale.code.text == "spring-sale")
        #expect(
            try await service.create(
                ShortLinkRequest(link: "https://shop.example.com/p/1", code: "spring-sale")) == sale)
        await #expect(throws: ShortLinkError.codeTaken(try ShortCode("spring-sale"))) {
            try await service.create(
                ShortLinkRequest(link: "https://shop.example.com/p/2", code: "spring-sale"))
        }
        await #expect(throws: ShortLinkError.codeShadowsRoute(try ShortCode("summer"), route: "summer")) {
            try await service.create(ShortLinkRequest(link: "https://shop.example.com/p/1", code: "summer"))
        }
        await #expect(throws: ShortLinkError.invalidCode("Sale", reason: .invalidCharacter("S", at: 0))) {
            try await service.create(ShortLinkRequest(link: "https://shop.example.com/p/1", code: "Sale"))
        }
    }

    @Test("a request key makes a retry return the first link, and cannot be reused for another")
    func requestKeys() async throws {
        let service = try ShortLinkFixture().service
        let request = ShortLinkRequest(link: "https://shop.example.com/p/7", requestKey: "campaign-7")
        let first = try await service.create(request)
        #expect(try await service.create(request) == first)
        await #expect {
            try await service.create(
                ShortLinkRequest(link: "https://shop.example.com/p/8", requestKey: "campaign-7"))
        } throws: { error in
            guard case .invalidField("requestKey", _) = error as? ShortLinkError else { return false }
            return true
        }
        await #expect {
            try await service.create(
                ShortLinkRequest(link: "https://shop.example.com/p/8", requestKey: "two words"))
        } throws: { error in
            guard case .invalidField("requestKey", _) = error as? ShortLinkError else { return false }
            return true
        }
    }

    @Test("fields: fallbacks are https URLs, the version numbers and dots, the expiry in the future")
    func fields() async throws {
        let service = try ShortLinkFixture().service
        let link = "https://shop.example.com/p/3"
        for (request, field) in [
            (
                ShortLinkRequest(
                    link: link, fallbacks: ShortLinkFallbacks(appStore: "http://apps.apple.com/app/id1")),
                "fallbacks.appStore"
            ),
            (
                ShortLinkRequest(link: link, fallbacks: ShortLinkFallbacks(playStore: "javascript:x")),
                "fallbacks.playStore"
            ),
            (ShortLinkRequest(link: link, fallbacks: ShortLinkFallbacks(web: "https://")), "fallbacks.web"),
            (ShortLinkRequest(link: link, minimumAppVersion: "2.x"), "minimumAppVersion"),
            (ShortLinkRequest(link: link, expiresAt: 1_800_000_000), "expiresAt"),
        ] {
            await #expect {
                try await service.create(request)
            } throws: { error in
                guard case .invalidField(let named, _) = error as? ShortLinkError else { return false }
                return named == field
            }
        }
        let made = try await service.create(
            ShortLinkRequest(
                link: link, fallbacks: ShortLinkFallbacks(appStore: "https://apps.apple.com/app/id1"),
                minimumAppVersion: "2.4.1", expiresAt: 1_800_000_100))
        #expect(made.expansion.fallbacks.appStore == "https://apps.apple.com/app/id1")
        #expect(made.expansion.minimumAppVersion == "2.4.1")
    }

    @Test("unknown and expired codes, and expiring by hand")
    func expiry() async throws {
        let fixture = try ShortLinkFixture()
        let service = fixture.service
        await #expect(throws: ShortLinkError.unknownCode(try ShortCode("nope"))) {
            try await service.expand(try ShortCode("nope"))
        }
        let timed = try await service.create(
            ShortLinkRequest(link: "https://shop.example.com/p/4", expiresAt: 1_800_000_010))
        fixture.clock.now = 1_800_000_009
        #expect(try await service.expand(timed.code) == timed)
        fixture.clock.now = 1_800_000_010
        await #expect(throws: ShortLinkError.expired(timed.code, at: 1_800_000_010)) {
            try await service.expand(timed.code)
        }
        let kept = try await service.create(ShortLinkRequest(link: "https://shop.example.com/p/5"))
        let expired = try await service.expire(kept.code)
        #expect(expired.expansion.expiresAt == 1_800_000_010)
        await #expect(throws: ShortLinkError.expired(kept.code, at: 1_800_000_010)) {
            try await service.expand(kept.code)
        }
        #expect(try await service.expire(kept.code) == expired)
    }

    @Test("a service whose table lacks the short-link route, or has another under its name, is refused")
    func configuration() throws {
        let receiver = try LinkReceiver(table: RouteTable(routes: [Route("product", "/p/:id(int)")]))
        #expect(throws: ShortLinkError.self) {
            try ShortLinkService(
                receiver: receiver, route: ShortLinkFixture.shortRoute,
                hosts: [try SiteHost("shop.example.com")],
                store: InMemoryShortLinkStore())
        }
        let other = try LinkReceiver(table: RouteTable(routes: [Route("shortLink", "/s/:code(string)")]))
        #expect(throws: ShortLinkError.self) {
            try ShortLinkService(
                receiver: other, route: ShortLinkFixture.shortRoute,
                hosts: [try SiteHost("shop.example.com")],
                store: InMemoryShortLinkStore())
        }
        #expect(throws: ShortLinkError.invalidConfiguration("a short-link service needs a host")) {
            try ShortLinkService(
                receiver: ShortLinkFixture.receiver, route: ShortLinkFixture.shortRoute, hosts: [],
                store: InMemoryShortLinkStore())
        }
    }
}
