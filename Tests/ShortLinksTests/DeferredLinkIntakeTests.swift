import DeepLinks
import LinkPreviews
import ShortLinkServer
import ShortLinks
import Testing

@Suite("Deferred links: taken once, only from this site, without fingerprinting")
struct DeferredLinkIntakeTests {
    /// A transport through the site's responder that records the URLs it was asked for.
    struct RecordingTransport: ShortLinkTransport {
        let responder: ShortLinkResponder
        let asked = Mutex<[String]>([])
        func get(_ url: String) async throws -> ShortLinkAnswer {
            asked.value.append(url)
            let answer = await responder.respond(
                to: ShortLinkHTTPRequest(
                    site: SiteRequest(method: "GET", target: url, accept: "application/json"),
                    userAgent: "Shop/2.5 (Linux; Android 14)"))
            return ShortLinkAnswer(status: answer.status, body: answer.body)
        }
    }

    static func setUp() async throws -> (ShortLinkFixture, DeferredLinkIntake, RecordingTransport) {
        let (fixture, responder, _) = try await ShortLinkResponderTests.setUp()
        let transport = RecordingTransport(responder: responder)
        let expander = ShortLinkExpander(
            receiver: ShortLinkFixture.receiver, route: ShortLinkFixture.shortRoute, transport: transport)
        let intake = DeferredLinkIntake(
            expander: expander, hosts: ["shop.example.com"], ledger: InMemoryDeferredLinkLedger())
        return (fixture, intake, transport)
    }

    @Test("Play's install referrer: the code is expanded once, asked for as deferred, and counted")
    func installReferrer() async throws {
        let (fixture, intake, transport) = try await Self.setUp()
        let outcome = await intake.take(.installReferrer("utm_source=google-play&deeplinks_code=spring-sale"))
        guard case .opened(.expanded(let expansion, let decision)) = outcome else {
            Issue.record("expected an expansion, got \(outcome)")
            return
        }
        #expect(expansion.link == "https://shop.example.com/p/42")
        #expect(decision == ShortLinkFixture.receiver.receive(url: "https://shop.example.com/p/42"))
        #expect(transport.asked.value == ["https://shop.example.com/s/spring-sale?via=deferred"])
        let counts = try await fixture.store.counts(ShortLinkCountQuery())
        #expect(counts.map { "\($0.platform) \($0.event) \($0.count)" } == ["android deferredResolved 1"])
        #expect(
            await intake.take(.installReferrer("deeplinks_code=spring-sale"))
                == .takenBefore(try ShortCode("spring-sale")))
    }

    @Test("pasted text: only a whole short link of this site is taken")
    func pastedText() async throws {
        let (_, intake, transport) = try await Self.setUp()
        for text in [
            "https://shop.example.com/p/42",  // a link of the site, not a short link
            "https://evil.example.net/s/spring-sale",  // another site's short link
            "look at https://shop.example.com/s/spring-sale",  // a link inside other text
            "spring-sale",  // a code alone
            "https://shop.example.com/s/Spring-Sale",  // not a code
            "",
        ] {
            #expect(await intake.take(.pastedText(text)) == .notThisSite, "\(text)")
        }
        #expect(transport.asked.value == [])
        let outcome = await intake.take(.pastedText("  https://shop.example.com/s/spring-sale\n"))
        #expect(outcome.opened?.decision?.match?.route == "product")
    }

    @Test("a paste of several texts: the first short link of this site is taken, others ignored")
    func pastedTexts() async throws {
        let (_, intake, transport) = try await Self.setUp()
        #expect(await intake.take(pasted: []) == .notThisSite)
        #expect(
            await intake.take(pasted: ["hello", "https://evil.example.net/s/spring-sale"]) == .notThisSite)
        let outcome = await intake.take(
            pasted: ["https://shop.example.com/p/42", "https://shop.example.com/s/spring-sale"])
        #expect(outcome.opened?.decision?.match?.route == "product")
        #expect(transport.asked.value == ["https://shop.example.com/s/spring-sale?via=deferred"])
        // Past the first 16 texts, nothing is looked at.
        let late =
            Array(repeating: "x", count: DeferredLinkIntake.mostPastedTexts)
            + ["https://shop.example.com/s/spring-sale"]
        #expect(await intake.take(pasted: late) == .notThisSite)
    }

    @Test("a referrer without a code, with a bad one, or too long is not taken")
    func badReferrers() async throws {
        let (_, intake, _) = try await Self.setUp()
        for referrer in [
            "utm_source=google-play", "deeplinks_code=", "deeplinks_code=Bad", "deeplinks_code",
            "deeplinks_code=spring-sale" + String(repeating: "&x=y", count: 300),
        ] {
            #expect(await intake.take(.installReferrer(referrer)) == .notThisSite, "\(referrer)")
        }
    }

    @Test("an unknown code is taken and sent to the browser with the reason")
    func unknownCode() async throws {
        let (_, intake, _) = try await Self.setUp()
        guard
            case .opened(.openInBrowser(let link, let reason)) = await intake.take(
                .installReferrer("deeplinks_code=gone-code"))
        else {
            Issue.record("expected the browser")
            return
        }
        #expect(link.canonical == "https://shop.example.com/s/gone-code")
        #expect(reason == .unknownCode(try ShortCode("gone-code")))
    }
}

extension DeferredLinkOutcome {
    var opened: ShortLinkOpening? {
        if case .opened(let opening) = self { return opening }
        return nil
    }
}
