import DeepLinks
import Testing

@testable import LinkPreviews

/// The landing page writes its tags from the metadata's fields, the app's runs and the
/// banner's start from bytes its template keeps; ``PreviewMetadata/tags`` lists them. The two
/// must write the same tags, in the same order, with the same contents.
@Suite("Landing page: tags written as the metadata lists them")
struct LandingPageTagsTests {
    /// The page's tag markup as the list gives it: each tag's prepared markup (which ends the
    /// element before it) and its content escaped for an attribute.
    static func listed(_ metadata: PreviewMetadata) -> String {
        metadata.tags.map { tag in
            "\">\n<meta \(tag.attribute.rawValue)=\"\(tag.key)\" content=\""
                + HTMLEscaping.attribute(tag.content)
        }.joined()
    }

    /// The page's markup from the canonical link's address to the style sheet.
    static func expected(_ metadata: PreviewMetadata) -> String {
        "<link rel=\"canonical\" href=\"" + HTMLEscaping.attribute(metadata.canonicalURL) + listed(metadata)
            + "\">\n<style>"
    }

    static func app(name: String, iPad: String?, play: String?) -> AppListing {
        AppListing(name: name, appStoreID: "1234567890", iPadAppStoreID: iPad, googlePlayPackage: play)
    }

    static let apps = [
        app(name: "Photo Album", iPad: nil, play: "com.example.photoalbum"),
        app(name: #"Tom's "best" <app> & more"#, iPad: "987654321", play: nil),
        app(name: "Fotoalbum für Oma", iPad: "987654321", play: "com.example.oma"),
    ]

    static let previews = [
        LinkPreview(title: "Summer"),
        LinkPreview(
            title: #"Tom's "best" </title>"#, description: #""><img src=x> & more"#,
            image: PreviewImage(
                url: "https://photos.example.com/c.jpg", width: 1200, height: 630, alt: "A <b>"),
            siteName: "Other site", locale: "de_DE"),
        LinkPreview(
            title: "Small",
            image: PreviewImage(url: "https://photos.example.com/s.jpg", width: 100, height: nil)),
        LinkPreview(title: "Photo", image: PreviewImage(url: "https://photos.example.com/p.jpg", alt: "Alt")),
    ]

    static let links = [
        OfferedAppLinks.none,
        OfferedAppLinks(webLink: "https://photos.example.com/albums/summer-2024"),
        OfferedAppLinks(customSchemeLink: "photoalbum://albums/summer-2024"),
        OfferedAppLinks(
            webLink: "https://photos.example.com/albums/a,b?q=1,2&x=%3C",
            customSchemeLink: "photoalbum://albums/a,b?q=1,2"),
    ]

    @Test("every app, preview and offered link: the page writes the listed tags, one template for all")
    func pageWritesListedTags() throws {
        // One template: its kept site parts change with the app, and come back to one seen before.
        let template = try LandingPageTemplate(strings: ["de": .german])
        var pages = 0
        for handle in [nil, "@photoalbum"] {
            for app in Self.apps {
                for preview in Self.previews {
                    for links in Self.links {
                        let site = PreviewSite(
                            name: "Photo Album", homeURL: "https://photos.example.com/",
                            fallback: LinkPreview(title: "Photo Album"), twitterHandle: handle, app: app)
                        let metadata = try PreviewMetadata(
                            canonicalURL: "https://photos.example.com/albums/summer-2024", preview: preview,
                            site: site, appLinks: links)
                        let html = LandingPage(metadata, template: template).html
                        #expect(
                            html.contains(Self.expected(metadata)), "\(app.name) \(preview.title) \(links)")
                        pages += 1
                    }
                }
            }
        }
        #expect(pages == 2 * 3 * 4 * 4)
    }

    @Test("the banner's argument: each comma written %2C, a comma before a combining mark too")
    func bannerArgument() {
        #expect(PreviewMetadata.bannerArgument("https://a.example/x") == "https://a.example/x")
        #expect(
            PreviewMetadata.bannerArgument("https://a.example/a,b?q=,") == "https://a.example/a%2Cb?q=%2C")
        #expect(PreviewMetadata.bannerArgument(",\u{301}") == "%2C\u{301}")
        #expect(
            PreviewMetadata.bannerContent(appStoreID: "1", argument: "x,y") == "app-id=1, app-argument=x%2Cy")
        #expect(PreviewMetadata.bannerContent(appStoreID: "1", argument: nil) == "app-id=1")
    }

    @Test("the list: the app's runs in order, each only where the app has its store")
    func appRuns() {
        var withPlay = PreviewMetadata.TagList()
        for run in AppTagRun.allCases { withPlay.appTags(run, of: Self.apps[0]) }
        #expect(
            withPlay.tags.map(\.key) == [
                "twitter:app:name:iphone", "twitter:app:id:iphone", "twitter:app:name:ipad",
                "twitter:app:id:ipad",
                "twitter:app:name:googleplay", "twitter:app:id:googleplay", "al:ios:app_store_id",
                "al:ios:app_name", "al:android:package", "al:android:app_name",
            ])
        #expect(withPlay.tags[3].content == "1234567890")
        var withoutPlay = PreviewMetadata.TagList()
        for run in AppTagRun.allCases { withoutPlay.appTags(run, of: Self.apps[1]) }
        #expect(withoutPlay.tags.count == 6)
        #expect(withoutPlay.tags[3].content == "987654321")
    }
}
