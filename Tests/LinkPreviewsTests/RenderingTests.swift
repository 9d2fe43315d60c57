import DeepLinks
import LinkPreviews
import Testing

@Suite("Head fragment and landing page")
struct RenderingTests {
    let hostile = LinkPreview(
        title: #"Tom's "best" </title><script>alert(1)</script>"#,
        description: #""><img src=x onerror=alert(1)> & <!-- -->"#,
        image: PreviewImage(
            url: "https://photos.example.com/c.jpg?a=1&b=2", width: 1200, height: 630, alt: #"" onload="x"#))

    func metadata(_ preview: LinkPreview, appLinks: OfferedAppLinks = .none) throws -> PreviewMetadata {
        try PreviewMetadata(
            canonicalURL: "https://photos.example.com/albums/summer-2024?sort=name", preview: preview,
            site: PhotoAlbumFixture.site, appLinks: appLinks)
    }

    @Test("“Every value is cleaned and escaped”: hostile values are escaped for the attribute they sit in")
    func spec7HostileValuesInTheHead() throws {
        let lines = HeadFragment(try metadata(hostile)).lines
        #expect(
            lines.contains(
                #"<meta property="og:title" content="Tom&#39;s &quot;best&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#
            ))
        #expect(
            lines.contains(
                #"<meta property="og:description" content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &lt;!-- --&gt;">"#
            ))
        #expect(lines.contains(#"<meta property="og:image:alt" content="&quot; onload=&quot;x">"#))
        #expect(
            lines.contains(
                #"<meta property="og:image" content="https://photos.example.com/c.jpg?a=1&amp;b=2">"#))
        #expect(
            lines.first
                == #"<link rel="canonical" href="https://photos.example.com/albums/summer-2024?sort=name">"#)
    }

    @Test("“Every value is cleaned and escaped”: hostile values are escaped for the page text they sit in")
    func spec7HostileValuesInThePage() throws {
        let html = LandingPage(try metadata(hostile)).html
        #expect(html.contains("<h1>Tom's \"best\" &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(
            html.contains(
                "<title>Tom's \"best\" &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; – Photo Album</title>"
            ))
        #expect(
            html.contains(
                #"<p class="summary">"&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &lt;!-- --&gt;</p>"#))
        #expect(
            html.contains(
                #"<img src="https://photos.example.com/c.jpg?a=1&amp;b=2" alt="&quot; onload=&quot;x" width="1200" height="630">"#
            ))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<!--"))
    }

    @Test("the page is complete, carries its security policy and needs no script")
    func pageStructure() throws {
        let html = LandingPage(try metadata(LinkPreview(title: "Summer 2024"))).html
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en-US\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(
            html.hasSuffix(
                "</main>\n<footer><a href=\"https://photos.example.com/\">Photo Album</a></footer>\n</body>\n</html>\n"
            ))
        #expect(
            html.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; img-src https:; style-src &#39;unsafe-inline&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;">"#
            ))
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
    }

    @Test(
        "“The landing page opens the app with its scheme”: the open button uses the custom scheme, since a same-domain tap stays in Safari"
    )
    func spec6OpenButtonUsesTheCustomScheme() throws {
        let links = OfferedAppLinks(
            webLink: "https://photos.example.com/albums/summer-2024?sort=name",
            customSchemeLink: "photoalbum://albums/summer-2024?sort=name")
        let html = LandingPage(try metadata(LinkPreview(title: "A"), appLinks: links)).html
        #expect(
            html.contains(
                #"<a class="button primary" href="photoalbum://albums/summer-2024?sort=name">Open in Photo Album</a>"#
            ))
        #expect(
            html.contains(
                #"<a class="button store" href="https://apps.apple.com/app/id1234567890"><small>Download on the</small>App Store</a>"#
            ))
        #expect(
            html.contains(
                #"<a class="button store" href="https://play.google.com/store/apps/details?id=com.example.photoalbum"><small>Get it on</small>Google Play</a>"#
            ))
    }

    @Test(
        "without an offered custom-scheme link there is no open button; the page points to the Smart App Banner"
    )
    func noSchemeNoOpenButton() throws {
        var site = PhotoAlbumFixture.site
        site.app.customScheme = nil
        let page = LandingPage(
            try PreviewMetadata(
                canonicalURL: "https://photos.example.com/a", preview: LinkPreview(title: "A"), site: site)
        ).html
        #expect(!page.contains("button primary"))
        #expect(
            page.contains(
                "<p class=\"hint\">Already have Photo Album? Tap Open in the banner at the top of Safari.</p>"
            ))
    }

    @Test(
        "a template keeps one site's parts: pages of other sites and languages written in turn are unchanged")
    func keptSitePartsNeverLeak() throws {
        var other = PhotoAlbumFixture.site
        other.name = "Other <Site>"
        other.homeURL = "https://other.example.com/"
        other.app.name = "Other & App"
        other.app.googlePlayPackage = nil
        let sites = [PhotoAlbumFixture.site, other]
        let previews = [
            LinkPreview(title: "A"), LinkPreview(title: "Photo Album"),
            LinkPreview(title: "B", locale: "de_DE"),
            LinkPreview(title: "C", locale: "fr"), LinkPreview(title: "D", siteName: "Elsewhere"),
        ]
        let links = [
            OfferedAppLinks.none,
            OfferedAppLinks(webLink: nil, customSchemeLink: "photoalbum://photos.example.com/albums/a"),
        ]
        let deferred: [LandingPage.DeferredLink?] = [
            nil,
            LandingPage.DeferredLink(shortLink: "https://photos.example.com/s/abc", playReferrer: "code=abc"),
        ]
        let strings: [String: LandingPageStrings] = ["de": .german, "fr": .french]
        let shared = try LandingPageTemplate(strings: strings)
        var pages = 0
        for round in 0..<2 {
            for site in sites {
                for preview in previews {
                    for offered in links {
                        for short in deferred {
                            let metadata = try PreviewMetadata(
                                canonicalURL: "https://photos.example.com/albums/a", preview: preview,
                                site: site,
                                appLinks: offered)
                            // A template that has written no other page.
                            let fresh = LandingPage(
                                metadata, template: try LandingPageTemplate(strings: strings), deferred: short
                            )
                            let kept = LandingPage(metadata, template: shared, deferred: short)
                            #expect(kept.html == fresh.html, "round \(round), \(site.name), \(preview.title)")
                            pages += 1
                        }
                    }
                }
            }
        }
        #expect(pages == 80)
        // The templates compare by their words and style alone.
        #expect(shared == (try LandingPageTemplate(strings: strings)))
    }
}
