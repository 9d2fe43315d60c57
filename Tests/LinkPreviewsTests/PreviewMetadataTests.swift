import DeepLinks
import Foundation
import LinkPreviews
import Testing

@Suite("Preview metadata: tags, validation, site configuration")
struct PreviewMetadataTests {
    let site = PhotoAlbumFixture.site

    func metadata(
        _ preview: LinkPreview, canonical: String = "https://photos.example.com/albums/summer-2024",
        appLinks: OfferedAppLinks = .none
    ) throws(LinkPreviewError) -> PreviewMetadata {
        try PreviewMetadata(canonicalURL: canonical, preview: preview, site: site, appLinks: appLinks)
    }

    @Test("“The tags, in order”: every tag, in order, for a preview with an image")
    func spec7EveryTagInOrder() throws {
        let result = try metadata(
            LinkPreview(
                title: "Summer 2024", description: "48 photos.",
                image: PreviewImage(
                    url: "https://photos.example.com/c.jpg", width: 1200, height: 630, alt: "A beach")),
            appLinks: OfferedAppLinks(
                webLink: "https://photos.example.com/albums/summer-2024",
                customSchemeLink: "photoalbum://albums/summer-2024"))
        let tags = result.tags.map { "\($0.attribute.rawValue) \($0.key)=\($0.content)" }
        let url = "https://photos.example.com/albums/summer-2024"
        let app = "photoalbum://albums/summer-2024"
        #expect(
            tags == [
                "name description=48 photos.",
                "property og:title=Summer 2024",
                "property og:description=48 photos.",
                "property og:type=website",
                "property og:url=\(url)",
                "property og:site_name=Photo Album",
                "property og:locale=en_US",
                "property og:image=https://photos.example.com/c.jpg",
                "property og:image:width=1200",
                "property og:image:height=630",
                "property og:image:alt=A beach",
                "name twitter:card=summary_large_image",
                "name twitter:site=@photoalbum",
                "name twitter:app:name:iphone=Photo Album",
                "name twitter:app:id:iphone=1234567890",
                "name twitter:app:url:iphone=\(app)",
                "name twitter:app:name:ipad=Photo Album",
                "name twitter:app:id:ipad=1234567890",
                "name twitter:app:url:ipad=\(app)",
                "name twitter:app:name:googleplay=Photo Album",
                "name twitter:app:id:googleplay=com.example.photoalbum",
                "name twitter:app:url:googleplay=\(app)",
                "property al:ios:url=\(app)",
                "property al:ios:app_store_id=1234567890",
                "property al:ios:app_name=Photo Album",
                "property al:android:url=\(app)",
                "property al:android:package=com.example.photoalbum",
                "property al:android:app_name=Photo Album",
                "property al:web:url=\(url)",
                "name apple-itunes-app=app-id=1234567890, app-argument=\(url)",
            ])
        #expect(result.adjustments.isEmpty)
    }

    @Test("without an offered custom-scheme link, the app tags carry the offered universal link")
    func appTagsWithoutScheme() throws {
        var plain = site
        plain.app = AppListing(name: "Photo Album", appStoreID: "1234567890", iPadAppStoreID: "987")
        let result = try PreviewMetadata(
            canonicalURL: "https://photos.example.com/a?x=1", preview: LinkPreview(title: "A"), site: plain,
            appLinks: OfferedAppLinks(webLink: "https://photos.example.com/a?x=1"))
        let byKey = Dictionary(result.tags.map { ($0.key, $0.content) }, uniquingKeysWith: { a, _ in a })
        #expect(byKey["al:ios:url"] == "https://photos.example.com/a?x=1")
        #expect(byKey["twitter:app:id:ipad"] == "987")
        #expect(byKey["twitter:app:id:googleplay"] == nil)
        #expect(byKey["al:android:package"] == nil)
        #expect(byKey["twitter:card"] == "summary")
    }

    @Test("the Smart App Banner argument is the offered web link, with commas written %2C")
    func smartAppBannerArgument() throws {
        let result = try metadata(
            LinkPreview(title: "A"), canonical: "https://photos.example.com/a,b?tags=x,y",
            appLinks: OfferedAppLinks(webLink: "https://photos.example.com/a,b?tags=x,y"))
        #expect(
            result.smartAppBannerContent
                == "app-id=1234567890, app-argument=https://photos.example.com/a%2Cb?tags=x%2Cy")
        #expect(result.canonicalURL == "https://photos.example.com/a,b?tags=x,y")
    }

    @Test("the Smart App Banner content reads back with the banner parser, commas and all")
    func smartAppBannerReadsBack() throws {
        let result = try metadata(
            LinkPreview(title: "A"), canonical: "https://photos.example.com/a,b?tags=x,y",
            appLinks: OfferedAppLinks(webLink: "https://photos.example.com/a,b?tags=x,y"))
        let banner = try SmartAppBanner(parsing: result.smartAppBannerContent)
        #expect(banner.appID == 1_234_567_890)
        #expect(banner.appArgument?.pathSegments.map(\.decoded) == ["a,b"])
        #expect(banner.appArgument?.queryValues(named: "tags") == ["x,y"])
    }

    @Test("the canonical link is written in the gate's canonical spelling")
    func canonicalSpelling() throws {
        let result = try metadata(
            LinkPreview(title: "A"), canonical: "HTTPS://Photos.Example.com:443/%7euser")
        #expect(result.canonicalURL == "https://photos.example.com/~user")
    }

    @Test("a small image gets the summary card, a large or unsized one the large card")
    func twitterCardFollowsImageSize() throws {
        func card(_ width: Int?, _ height: Int?) throws -> String {
            try metadata(
                LinkPreview(
                    title: "A",
                    image: PreviewImage(url: "https://cdn.example.net/i.png", width: width, height: height))
            ).twitterCard
        }
        #expect(try card(299, 600) == "summary")
        #expect(try card(600, 156) == "summary")
        #expect(try card(300, 157) == "summary_large_image")
        #expect(try card(nil, nil) == "summary_large_image")
    }

    @Test("site name and locale come from the preview when it names them")
    func previewOverridesSite() throws {
        let result = try metadata(
            LinkPreview(title: "A", type: .article, siteName: "Photo Album Blog", locale: "de_DE"))
        #expect(result.preview.siteName == "Photo Album Blog")
        #expect(result.preview.locale == "de_DE")
        #expect(result.tags.contains(MetaTag(.property, "og:type", "article")))
    }

    @Test("metadata are equal, and hash alike, exactly when every public property is")
    func equalityFollowsThePublicProperties() throws {
        let preview = LinkPreview(title: "Summer 2024", description: "48 photos.")
        let first = try metadata(preview)
        let second = try metadata(preview)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)

        // Another site value with the same fields: equal, field by field.
        var sameSite = site
        sameSite.name = String("Photo Album".reversed().reversed())
        let fromCopy = try PreviewMetadata(
            canonicalURL: "https://photos.example.com/albums/summer-2024", preview: preview, site: sameSite)
        #expect(fromCopy == first)
        #expect(fromCopy.hashValue == first.hashValue)

        // What the site alone gives differs: the app listing, the handle, the home page.
        var otherApp = site
        otherApp.app.appStoreID = "1234567891"
        var otherHandle = site
        otherHandle.twitterHandle = "@photos"
        var otherHome = site
        otherHome.homeURL = "https://photos.example.com/home"
        for changed in [otherApp, otherHandle, otherHome] {
            let other = try PreviewMetadata(
                canonicalURL: "https://photos.example.com/albums/summer-2024", preview: preview, site: changed
            )
            #expect(other != first)
        }
        #expect(try metadata(LinkPreview(title: "Summer 2025", description: "48 photos.")) != first)
        #expect(try metadata(preview, canonical: "https://photos.example.com/albums/other") != first)
    }

    @Test("a preview service's metadata equal what the public initialiser makes of the same parts")
    func serviceMetadataEqualsThePublicInitialiser() async throws {
        let service = try PhotoAlbumFixture.service()
        let made = try await service.preview(for: "https://photos.example.com/albums/summer-2024")
        let direct = try PreviewMetadata(
            canonicalURL: made.canonicalURL, preview: made.preview, site: site, source: made.source,
            appLinks: made.appLinks)
        #expect(made == direct)
        #expect(made.hashValue == direct.hashValue)
        #expect(made.app == direct.app)
        #expect(made.homeURL == "https://photos.example.com/")
        #expect(made.twitterHandle == "@photoalbum")
    }

    @Test("text adjustments of every field are collected in order")
    func adjustmentsAreCollected() throws {
        let result = try metadata(
            LinkPreview(
                title: "A\nB", description: String(repeating: "d", count: 600),
                image: PreviewImage(url: "https://cdn.example.net/i.png", alt: "x\u{0}y")))
        #expect(
            result.adjustments == [
                TextAdjustment(field: .title, kind: .normalizedWhitespace, count: 0),
                TextAdjustment(field: .description, kind: .truncated, count: 600, limit: 500),
                TextAdjustment(field: .imageAlt, kind: .removedControlCharacters, count: 1),
            ])
        #expect(result.preview.title == "A B")
        #expect(result.preview.image?.alt == "xy")
    }

    @Test("an empty description or alt text is left out, not written empty")
    func emptyOptionalTextIsLeftOut() throws {
        let result = try metadata(
            LinkPreview(
                title: "A", description: " \n ",
                image: PreviewImage(url: "https://cdn.example.net/i.png", alt: "")))
        #expect(result.preview.description == nil)
        #expect(result.preview.image?.alt == nil)
        #expect(
            !result.tags.contains {
                $0.key == "og:description" || $0.key == "description" || $0.key == "og:image:alt"
            })
    }

    @Test(
        "JSON form carries the same tags; metadata cannot be decoded (a decoded canonical URL would skip the checks)"
    )
    func jsonForm() throws {
        let result = try metadata(LinkPreview(title: #"</script>"quoted""#, description: "d"))
        let data = try result.jsonData()
        #expect(((PreviewMetadata.self as Any.Type) as? any Decodable.Type) == nil)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""canonicalURL" : "https://photos.example.com/albums/summer-2024""#))
        #expect(text.contains(#""title" : "</script>\"quoted\"""#))
    }
}

@Suite("Preview metadata: what is refused")
struct PreviewMetadataRefusalTests {
    let site = PhotoAlbumFixture.site

    func refusal(
        _ preview: LinkPreview, site: PreviewSite? = nil, canonical: String = "https://photos.example.com/a"
    )
        -> LinkPreviewError?
    {
        do {
            _ = try PreviewMetadata(canonicalURL: canonical, preview: preview, site: site ?? self.site)
            return nil
        } catch {
            return error
        }
    }

    @Test("an image that is not https is refused, javascript: and data: included")
    func imageMustBeHTTPS() {
        for url in [
            "http://cdn.example.net/i.png", "javascript:alert(1)", "data:image/png;base64,AAAA",
            "//cdn.example.net/i.png",
        ] {
            let error = refusal(LinkPreview(title: "A", image: PreviewImage(url: url)))
            #expect(error == .invalidImageURL(url, reason: "it must be an absolute https link"), "\(url)")
        }
    }

    @Test("an image URL the gate refuses is refused with the gate's reason")
    func imageURLGoesThroughTheGate() {
        let url = #"https://cdn.example.net/a"onerror="x.png"#
        guard
            case .invalidImageURL(let refused, let reason)? = refusal(
                LinkPreview(title: "A", image: PreviewImage(url: url)))
        else {
            Issue.record("expected invalidImageURL")
            return
        }
        #expect(refused == url)
        #expect(reason.hasPrefix("the link contains a character that is not allowed there"))
    }

    @Test("image sizes outside 1…100000 are refused")
    func imageSize() {
        #expect(
            refusal(
                LinkPreview(
                    title: "A", image: PreviewImage(url: "https://c.example.net/i", width: 0, height: 10)))
                == .invalidImageSize(width: 0, height: 10))
        #expect(
            refusal(
                LinkPreview(title: "A", image: PreviewImage(url: "https://c.example.net/i", height: 100_001)))
                == .invalidImageSize(width: nil, height: 100_001))
    }

    @Test("a title that is empty after cleaning is refused")
    func emptyTitle() {
        #expect(refusal(LinkPreview(title: " \u{0}\t ")) == .emptyText(.title))
    }

    @Test("types and locales outside their syntax are refused")
    func typeAndLocale() {
        #expect(
            refusal(LinkPreview(title: "A", type: #"website" onload="x"#))
                == .invalidType(#"website" onload="x"#))
        #expect(refusal(LinkPreview(title: "A", type: "")) == .invalidType(""))
        #expect(refusal(LinkPreview(title: "A", locale: "en-US")) == .invalidLocale("en-US"))
        #expect(refusal(LinkPreview(title: "A", locale: "EN_us")) == .invalidLocale("EN_us"))
        #expect(refusal(LinkPreview(title: "A", locale: "fil_PH")) == nil)
    }

    @Test(
        "a locale is two or three lower-case letters, then nothing or _ and two upper-case letters",
        arguments: [
            ("en", true), ("fil", true), ("en_US", true), ("fil_PH", true), ("", false), ("e", false),
            ("engl", false), ("en_", false), ("en_U", false), ("en_USA", false), ("en_us", false),
            ("En_US", false), ("en-US", false), ("_US", false), ("en_U1", false), ("en_US_", false),
            ("en__US", false), ("é_US", false), ("en_ÉS", false), ("en\u{0}", false), ("zz_ZZ", true),
        ])
    func localeSyntax(locale: String, valid: Bool) {
        #expect((refusal(LinkPreview(title: "A", locale: locale)) == nil) == valid)
    }

    @Test("a canonical link that is not an absolute http(s) link is refused")
    func canonicalMustBeWeb() {
        guard
            case .invalidPageURL(let url, let reason)? = refusal(
                LinkPreview(title: "A"), canonical: "photoalbum://albums/x")
        else {
            Issue.record("expected invalidPageURL")
            return
        }
        #expect(url == "photoalbum://albums/x")
        #expect(reason.rule == .schemeNotAllowed)
    }

    @Test("site configuration: App Store ids, package, handle and app name are checked")
    func siteConfiguration() {
        func with(_ change: (inout PreviewSite) -> Void) -> PreviewSite {
            var copy = site
            change(&copy)
            return copy
        }
        let preview = LinkPreview(title: "A")
        #expect(
            refusal(preview, site: with { $0.app.appStoreID = "id123" })
                == .invalidApp(field: "appStoreID", value: "id123"))
        #expect(
            refusal(preview, site: with { $0.app.iPadAppStoreID = "0123" })
                == .invalidApp(field: "iPadAppStoreID", value: "0123"))
        #expect(
            refusal(preview, site: with { $0.app.googlePlayPackage = "photoalbum" })
                == .invalidApp(field: "googlePlayPackage", value: "photoalbum"))
        #expect(
            refusal(preview, site: with { $0.twitterHandle = "photoalbum" })
                == .invalidTwitterHandle("photoalbum"))
        #expect(refusal(preview, site: with { $0.app.name = "\u{7}" }) == .emptyText(.appName))
    }

    @Test("a refused app listing's value: the sentence states the rule the value breaks")
    func appListingSentences() {
        #expect(
            LinkPreviewError.invalidApp(field: "iPadAppStoreID", value: "0123").description
                == "the app listing's iPadAppStoreID '0123' is not valid: an App Store ID is 1 to 15 digits, "
                + "the first not 0")
        #expect(
            LinkPreviewError.invalidApp(field: "googlePlayPackage", value: "photoalbum").description
                == "the app listing's googlePlayPackage 'photoalbum' is not valid: a Google Play package is two "
                + "or more names joined by '.', each a letter followed by letters, digits or '_', 255 "
                + "characters at most")
    }

    @Test("error sentences quote at most 80 characters of a hostile value")
    func errorSentencesAreBounded() {
        let long = "javascript:" + String(repeating: "a", count: 500)
        let sentence = LinkPreviewError.invalidImageURL(long, reason: "it must be an absolute https link")
            .description
        #expect(
            sentence == "the image URL '\(long.prefix(79))…' is not usable: it must be an absolute https link"
        )
    }
}

/// Issue: `LinkPreview` decoded with unknown keys, so a misspelt key (`descripton`) was ignored.
@Suite("Hostile input: a link preview refuses an unknown key")
struct LinkPreviewUnknownKeyTests {
    @Test("an unknown key is refused, naming it; the preview itself decodes")
    func unknownKey() throws {
        let valid = #"{"title":"Summer","description":"Photos"}"#
        #expect(try JSONDecoder().decode(LinkPreview.self, from: Data(valid.utf8)).title == "Summer")
        do {
            _ = try JSONDecoder().decode(
                LinkPreview.self, from: Data(#"{"title":"Summer","descripton":"x"}"#.utf8))
            Issue.record("a misspelt key was accepted")
        } catch let error as DecodingError {
            #expect(
                error.sentence.contains("unknown key 'descripton' in a link preview"), "\(error.sentence)")
        }
    }
}

/// Issue: the preview site configuration and its parts decoded with unknown keys, so a misspelt
/// key (`twitterHandel`, `iPadAppStoreId`) left the value silently empty.
@Suite("Hostile input: every keyed Decodable type of LinkPreviews refuses an unknown key")
struct LinkPreviewsUnknownKeyTests {
    /// Encodes `value`, adds `"unexpectedKey":1` and expects decoding to refuse it, naming it.
    static func refusesUnknownKey<T: Codable>(_ value: T, _ what: String) throws {
        let encoded = try JSONEncoder().encode(value)
        _ = try JSONDecoder().decode(T.self, from: encoded)
        var text = String(decoding: encoded, as: UTF8.self)
        text.insert(contentsOf: #""unexpectedKey":1,"#, at: text.index(after: text.startIndex))
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(text.utf8))
            Issue.record("\(T.self) accepted an unknown key")
        } catch let error as DecodingError {
            #expect(error.sentence.contains("unknown key 'unexpectedKey' in \(what)"), "\(error.sentence)")
        }
    }

    @Test("the site, its app listing, limits, images, sources, requests and previews")
    func everyKeyedType() throws {
        let site = PhotoAlbumFixture.site
        try Self.refusesUnknownKey(site, "a preview site")
        try Self.refusesUnknownKey(site.app, "an app listing")
        try Self.refusesUnknownKey(PreviewLimits(), "preview limits")
        try Self.refusesUnknownKey(
            PreviewImage(url: "https://example.com/a.png", width: 1, height: 2, alt: "a"), "a preview image")
        try Self.refusesUnknownKey(PreviewSource(.route, routeName: "album"), "a preview source")
        try Self.refusesUnknownKey(
            PreviewRequest(
                route: "album", parameters: ["album": "summer"], canonicalURL: "https://example.com/a"),
            "a preview request")
        try Self.refusesUnknownKey(LinkPreview(title: "t"), "a link preview")
    }
}
