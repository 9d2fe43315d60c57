import DeepLinks
import LinkPreviews
import Testing

/// A streaming service whose app takes `reel://` links for redemption only, and web links for
/// titles under a language prefix.
enum StreamingFixture {
    static let table = RouteTable(canonicalHost: "reel.example") {
        Route(
            "title", "/:locale(enum de|fr)/title/:title(string 2...16 [a-z0-9])",
            scope: RouteScope(schemes: ["https"]))
        Route(
            "redeem", "/redeem", query: ["code(string 8...16 [A-Z0-9])"],
            scope: RouteScope(schemes: ["https", "reel"]), safety: .sensitive)
    }

    static let site = PreviewSite(
        name: "Reel", homeURL: "https://reel.example/",
        fallback: LinkPreview(title: "Reel", description: "Films and series."),
        app: AppListing(name: "Reel", appStoreID: "1111111111", customScheme: try? CustomScheme("reel")))

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(
            table: table, policy: LinkPolicy(allowedHosts: ["reel.example"]),
            schemes: SchemeRegistry([CustomScheme("reel")]))
    }

    static func service(carrying: Set<String> = []) throws -> LinkPreviewService {
        var providers = PreviewProviders()
        providers.bind("title") { request in
            LinkPreview(title: "Title \(request.parameters.string("title") ?? "")")
        }
        return try LinkPreviewService(
            receiver: receiver(), site: site, providers: providers, linkCarryingRoutes: carrying)
    }
}

@Suite("Links a page offers the app")
struct OfferedAppLinksTests {
    func tags(_ metadata: PreviewMetadata) -> [String: String] {
        Dictionary(metadata.tags.map { ($0.key, $0.content) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(
        "a routed page offers the route's web link and its custom-scheme link, both written by reverse routing"
    )
    func routedPageOffersBothLinks() async throws {
        let metadata = try await PhotoAlbumFixture.service().preview(
            for: "https://photos.example.com/albums/summer-2024?sort=name&utm_source=mail")
        #expect(
            metadata.appLinks
                == OfferedAppLinks(
                    webLink: "https://photos.example.com/albums/summer-2024?sort=name",
                    customSchemeLink: "photoalbum://albums/summer-2024?sort=name"))
        let byKey = tags(metadata)
        #expect(byKey["al:ios:url"] == "photoalbum://albums/summer-2024?sort=name")
        #expect(byKey["twitter:app:url:iphone"] == "photoalbum://albums/summer-2024?sort=name")
        #expect(
            byKey["apple-itunes-app"]
                == "app-id=1234567890, app-argument=https://photos.example.com/albums/summer-2024?sort=name")
        #expect(
            LandingPage(metadata).html.contains(
                #"<a class="button primary" href="photoalbum://albums/summer-2024?sort=name">Open in Photo Album</a>"#
            ))
    }

    @Test("a scheme whose host is a domain gets its link written after the domain")
    func domainSchemeLink() async throws {
        let metadata = try await ExampleSites.photoAlbum().preview(
            for: "https://photos.example.com/albums/summer-2024")
        #expect(metadata.appLinks.customSchemeLink == "photoalbum://photos.example.com/albums/summer-2024")
        let receiver = try ExampleSites.receiver("PhotoAlbum")
        #expect(
            receiver.receive(url: "photoalbum://photos.example.com/albums/summer-2024").match?.route
                == "album")
    }

    @Test(
        "pins: the scheme swapped as text offered reel://de/title/tt0111161, which the app rejects; it is never offered"
    )
    func linkTheAppRejectsIsNeverOffered() async throws {
        let receiver = try StreamingFixture.receiver()
        guard case .reject = receiver.receive(url: "reel://de/title/tt0111161").outcome else {
            Issue.record("the app was expected to reject reel://de/title/tt0111161")
            return
        }
        let metadata = try await StreamingFixture.service().preview(
            for: "https://reel.example/de/title/tt0111161")
        #expect(metadata.source == PreviewSource(.route, routeName: "title"))
        #expect(metadata.appLinks == OfferedAppLinks(webLink: "https://reel.example/de/title/tt0111161"))
        let byKey = tags(metadata)
        #expect(byKey["al:ios:url"] == "https://reel.example/de/title/tt0111161")
        #expect(byKey["twitter:app:url:ipad"] == "https://reel.example/de/title/tt0111161")
        let page = LandingPage(metadata).html
        #expect(!page.contains("reel://"))
        #expect(!page.contains("button primary"))
        #expect(
            page.contains(
                "<p class=\"hint\">Already have Reel? Tap Open in the banner at the top of Safari.</p>"))
    }

    @Test("a sensitive redeem route that opts in carries its link, code included; the preview stays generic")
    func sensitiveRouteCarriesItsLink() async throws {
        let metadata = try await StreamingFixture.service(carrying: ["redeem"]).preview(
            for: "https://reel.example/redeem?code=GIFT2024ABCD&utm_source=mail")
        #expect(metadata.source == PreviewSource(.confirmationRequired, routeName: "redeem"))
        #expect(metadata.canonicalURL == "https://reel.example/")
        #expect(metadata.preview.title == "Reel")
        #expect(
            metadata.appLinks
                == OfferedAppLinks(
                    webLink: "https://reel.example/redeem?code=GIFT2024ABCD",
                    customSchemeLink: "reel://redeem?code=GIFT2024ABCD"))
        #expect(
            metadata.smartAppBannerContent
                == "app-id=1111111111, app-argument=https://reel.example/redeem?code=GIFT2024ABCD")
        // The app asks before it redeems.
        guard
            case .confirm(let match) = try StreamingFixture.receiver().receive(
                url: "reel://redeem?code=GIFT2024ABCD"
            ).outcome
        else {
            Issue.record("the app was expected to ask first")
            return
        }
        #expect(match.parameters.string("code") == "GIFT2024ABCD")
    }

    @Test("by default a sensitive route's page stays generic and carries nothing of the link")
    func sensitiveRouteStaysGenericByDefault() async throws {
        let metadata = try await StreamingFixture.service().preview(
            for: "https://reel.example/redeem?code=GIFT2024ABCD")
        #expect(metadata.appLinks == .none)
        #expect(metadata.smartAppBannerContent == "app-id=1111111111")
        let page = LandingPage(metadata).html
        #expect(!page.contains("GIFT2024ABCD"))
        #expect(!page.contains("al:ios:url"))
    }

    @Test("generic pages offer the home route's links when the app routes the home page")
    func genericPagesOfferTheHomeRoute() async throws {
        let metadata = try await PhotoAlbumFixture.service().preview(
            for: "https://photos.example.com/blog/2024")
        #expect(metadata.source.kind == .browserFallback)
        #expect(metadata.appLinks.webLink == "https://photos.example.com/")
        let guarded = try await PhotoAlbumFixture.service().preview(
            for: "https://photos.example.com/albums/summer-2024/delete")
        #expect(guarded.appLinks == metadata.appLinks)
    }

    @Test("a link-carrying route must be a route of the table")
    func unknownCarryingRoute() throws {
        #expect(throws: LinkPreviewError.unknownRoute("gift")) {
            try StreamingFixture.service(carrying: ["gift"])
        }
    }

    @Test("an offered link that is not a web link or a custom-scheme link is refused")
    func offeredLinksAreChecked() throws {
        #expect(
            throws: LinkPreviewError.invalidAppLink(
                "javascript:alert(1)", reason: "its scheme must be the app's own custom scheme")
        ) {
            try PreviewMetadata(
                canonicalURL: "https://reel.example/", preview: LinkPreview(title: "A"),
                site: StreamingFixture.site,
                appLinks: OfferedAppLinks(customSchemeLink: "javascript:alert(1)"))
        }
        let notWeb = #expect(throws: LinkPreviewError.self) {
            try PreviewMetadata(
                canonicalURL: "https://reel.example/", preview: LinkPreview(title: "A"),
                site: StreamingFixture.site,
                appLinks: OfferedAppLinks(webLink: "reel://redeem"))
        }
        #expect(
            notWeb?.description
                == "the app link 'reel://redeem' cannot be offered: "
                + "the link's scheme is not allowed by the policy (scheme 'reel') at offset 0")
    }

    @Test("the receiver writes a route's custom-scheme link as its registration reads it back")
    func receiverWritesSchemeLinks() throws {
        let receiver = try ExampleSites.receiver("PhotoAlbum")
        #expect(
            try receiver.link(for: "album", parameters: ["album": "summer-2024"], scheme: "photoalbum")
                == "photoalbum://photos.example.com/albums/summer-2024")
        #expect(
            try receiver.link(
                for: "album", parameters: ["album": "summer-2024"], scheme: "https",
                domain: "photos.example.com")
                == "https://photos.example.com/albums/summer-2024")
        #expect(throws: ReverseRoutingError.hostNotInScope(route: "album", host: "other.example.com")) {
            try receiver.link(
                for: "album", parameters: ["album": "summer-2024"], scheme: "photoalbum",
                domain: "other.example.com")
        }
    }
}

@Suite("Landing page template: strings per language, style")
struct LandingPageTemplateTests {
    func metadata(locale: String?) throws -> PreviewMetadata {
        try PreviewMetadata(
            canonicalURL: "https://photos.example.com/albums/x",
            preview: LinkPreview(title: "X", locale: locale),
            site: PhotoAlbumFixture.site,
            appLinks: OfferedAppLinks(customSchemeLink: "photoalbum://albums/x"))
    }

    @Test("a German page says so in lang and speaks German")
    func germanPage() throws {
        let html = LandingPage(try metadata(locale: "de_DE")).html
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"de-DE\">\n"))
        #expect(html.contains(#"href="photoalbum://albums/x">In Photo Album öffnen</a>"#))
        #expect(html.contains("<small>Laden im</small>App Store</a>"))
        #expect(
            html.contains(
                "<p class=\"hint\">Neu bei Photo Album? Lade die App und öffne diesen Link dann noch einmal.</p>"
            ))
    }

    @Test("a language without strings gets the default ones")
    func defaultStrings() throws {
        let html = LandingPage(try metadata(locale: "sv_SE")).html
        #expect(html.contains(">Open in Photo Album</a>"))
        #expect(html.contains("<html lang=\"sv-SE\">"))
    }

    @Test("custom strings and style are used, and every string is still escaped")
    func customStringsAndStyle() throws {
        var strings = LandingPageStrings.english
        strings.openInApp = #"<b>Watch</b> in {app} & "more""#
        let template = try LandingPageTemplate(strings: ["en": strings], style: "h1{color:#c00}\n")
        let html = LandingPage(try metadata(locale: "en_US"), template: template).html
        #expect(html.contains(#">&lt;b&gt;Watch&lt;/b&gt; in Photo Album &amp; "more"</a>"#))
        #expect(html.contains("<style>\nh1{color:#c00}\n</style>"))
        #expect(!html.contains("<b>"))
    }

    @Test("a style sheet that could end the style element, or a malformed language code, is refused")
    func templateIsChecked() {
        #expect(
            throws: LinkPreviewError.invalidTemplate(
                "the style sheet contains '<', which could end the <style> element")
        ) {
            try LandingPageTemplate(style: "h1{}</style><script>alert(1)</script>")
        }
        #expect(
            throws: LinkPreviewError.invalidTemplate(
                "the language code 'DE' is not 2 or 3 lower-case letters")
        ) {
            try LandingPageTemplate(strings: ["DE": .german])
        }
    }
}
