import DeepLinks
import Foundation
import LinkPreviews
import ShortLinkServer
import ShortLinks
import Testing

@Suite("A short link's own preview")
struct ShortLinkPreviewTests {
    static let sale = PreviewOverride(
        title: "Spring sale: 30% off", description: "Only this week",
        image: PreviewImage(
            url: "https://shop.example.com/spring.jpg", width: 1200, height: 630, alt: "Tulips"))

    @Test("the short link's page shows its override; the long link's own page and the app's expansion do not")
    func overrideShown() async throws {
        let fixture = try ShortLinkFixture()
        let responder = try ShortLinkResponder(site: try ShortLinkFixture.site(), shortLinks: fixture.service)
        let link = try await fixture.service.create(
            ShortLinkRequest(link: "https://shop.example.com/p/42", code: "spring-sale", preview: Self.sale))
        #expect(link.preview == Self.sale)
        let short = await responder.respond(to: ShortLinkResponderTests.get("/s/spring-sale"))
        #expect(short.status == 200)
        #expect(short.text.contains(#"<meta property="og:title" content="Spring sale: 30% off">"#))
        #expect(short.text.contains(#"<meta property="og:description" content="Only this week">"#))
        #expect(
            short.text.contains(#"<meta property="og:image" content="https://shop.example.com/spring.jpg">"#))
        #expect(short.text.contains(#"<meta property="og:image:alt" content="Tulips">"#))
        #expect(!short.text.contains("Product 42"))
        // The canonical link is still the long link's.
        #expect(short.text.contains(#"<link rel="canonical" href="https://shop.example.com/p/42">"#))

        let long = await responder.respond(to: ShortLinkResponderTests.get("/p/42"))
        #expect(long.text.contains(#"<meta property="og:title" content="Product 42">"#))
        #expect(!long.text.contains("Spring sale"))
        let json = await responder.respond(
            to: ShortLinkResponderTests.get("/s/spring-sale", accept: "application/json"))
        #expect(try ShortLinkExpansion(json: json.body) == link.expansion)
        #expect(!json.text.contains("Spring sale"))
    }

    @Test("a field left out keeps the page's own")
    func partialOverride() async throws {
        let fixture = try ShortLinkFixture()
        let responder = try ShortLinkResponder(site: try ShortLinkFixture.site(), shortLinks: fixture.service)
        _ = try await fixture.service.create(
            ShortLinkRequest(
                link: "https://shop.example.com/p/42", code: "described",
                preview: PreviewOverride(description: "Our best seller")))
        let page = await responder.respond(to: ShortLinkResponderTests.get("/s/described"))
        #expect(page.text.contains(#"<meta property="og:title" content="Product 42">"#))
        #expect(page.text.contains(#"<meta property="og:description" content="Our best seller">"#))
    }

    @Test("an override that is empty, would be cleaned, or has no https image is refused at creation")
    func refusedOverrides() async throws {
        let service = try ShortLinkFixture().service
        func create(_ preview: PreviewOverride) async throws -> ShortLink {
            try await service.create(
                ShortLinkRequest(link: "https://shop.example.com/p/42", preview: preview))
        }
        await #expect(
            throws: ShortLinkError.invalidField(
                "preview", reason: "a preview override must give a title, a description or an image")
        ) { try await create(PreviewOverride()) }
        await #expect(throws: ShortLinkError.invalidField("preview", reason: "the title is empty")) {
            try await create(PreviewOverride(title: " \n "))
        }
        await #expect {
            try await create(PreviewOverride(title: "Sale\u{0007}now"))
        } throws: { error in
            guard case .invalidField("preview", let reason) = error as? ShortLinkError else { return false }
            return reason.hasPrefix("its title would be changed before it is shown: ")
        }
        await #expect {
            try await create(PreviewOverride(description: String(repeating: "a", count: 501)))
        } throws: { error in
            guard case .invalidField("preview", let reason) = error as? ShortLinkError else { return false }
            return reason.hasPrefix("its description would be changed before it is shown: ")
        }
        await #expect {
            try await create(PreviewOverride(image: PreviewImage(url: "http://shop.example.com/a.jpg")))
        } throws: { error in
            guard case .invalidField("preview", let reason) = error as? ShortLinkError else { return false }
            return reason.contains("must be an absolute https link")
        }
    }

    @Test("the API takes a preview, and refuses a misspelt key inside it")
    func apiPreview() async throws {
        let (_, responder, _) = try await ShortLinkResponderTests.setUp()
        let body =
            #"{"link": "https://shop.example.com/p/7", "code": "seven", "preview": {"title": "Lucky seven"}}"#
        let made = await responder.respond(to: ShortLinkAPITests.request("POST", "/s/-/links", body: body))
        #expect(made.status == 201)
        #expect(made.text.contains(#""preview":{"title":"Lucky seven"}"#))
        let misspelt = #"{"link": "https://shop.example.com/p/8", "preview": {"titel": "x"}}"#
        let refused = await responder.respond(
            to: ShortLinkAPITests.request("POST", "/s/-/links", body: misspelt))
        #expect(refused.status == 400)
        #expect(refused.text.contains("titel"))
    }
}
