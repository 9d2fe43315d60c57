import DeepLinks
import Foundation
import LinkPreviews
import TestSupport
import Testing

/// The JSON of the module's values whose conformances name their keys by string instead of a
/// `CodingKeys` enumeration of their own: the very text (a `nil` value left out) Swift's synthesized encoding gave them, captured before it was replaced, and each
/// text decoded back to the value. A key spelt wrong in either direction fails here.
@Suite struct LinkPreviewsKeyedCodingTests {
    static let image = PreviewImage(
        url: "https://example.com/a.jpg", width: 1200, height: 630, alt: "An album")
    static let app = AppListing(
        name: "Albums", appStoreID: "123456789", iPadAppStoreID: "987654321",
        googlePlayPackage: "com.example.albums",
        customScheme: try! CustomScheme("albums"))
    static let preview = LinkPreview(
        title: "Summer", description: "Photos", image: image, type: .article, siteName: "Albums",
        locale: "en_US")

    static let samples: [(String, any Codable & Sendable, String)] = [
        (
            "PreviewImage", image,
            #"{"alt":"An album","height":630,"url":"https://example.com/a.jpg","width":1200}"#
        ),
        (
            "PreviewImage without options", PreviewImage(url: "https://example.com/b.png"),
            #"{"url":"https://example.com/b.png"}"#
        ),
        (
            "LinkPreview", preview,
            #"{"description":"Photos","image":{"alt":"An album","height":630,"url":"https://example.com/a.jpg","width":1200},"locale":"en_US","siteName":"Albums","title":"Summer","type":"article"}"#
        ),
        ("LinkPreview without options", LinkPreview(title: "Home"), #"{"title":"Home","type":"website"}"#),
        (
            "AppListing", app,
            #"{"appStoreID":"123456789","customScheme":{"name":"albums"},"googlePlayPackage":"com.example.albums","iPadAppStoreID":"987654321","name":"Albums"}"#
        ),
        (
            "AppListing without options", AppListing(name: "Albums", appStoreID: "1"),
            #"{"appStoreID":"1","name":"Albums"}"#
        ),
        (
            "PreviewSite",
            PreviewSite(
                name: "Albums", homeURL: "https://example.com/", fallback: preview, twitterHandle: "@albums",
                locale: "de_DE", app: app),
            #"{"app":{"appStoreID":"123456789","customScheme":{"name":"albums"},"googlePlayPackage":"com.example.albums","iPadAppStoreID":"987654321","name":"Albums"},"fallback":{"description":"Photos","image":{"alt":"An album","height":630,"url":"https://example.com/a.jpg","width":1200},"locale":"en_US","siteName":"Albums","title":"Summer","type":"article"},"homeURL":"https://example.com/","locale":"de_DE","name":"Albums","twitterHandle":"@albums"}"#
        ),
        (
            "PreviewSite without options",
            PreviewSite(
                name: "Albums", homeURL: "https://example.com/", fallback: LinkPreview(title: "Home"),
                app: app),
            #"{"app":{"appStoreID":"123456789","customScheme":{"name":"albums"},"googlePlayPackage":"com.example.albums","iPadAppStoreID":"987654321","name":"Albums"},"fallback":{"title":"Home","type":"website"},"homeURL":"https://example.com/","name":"Albums"}"#
        ),
        (
            "PreviewLimits", PreviewLimits(title: 1, description: 2, imageAlt: 3, siteName: 4, appName: 5),
            #"{"appName":5,"description":2,"imageAlt":3,"siteName":4,"title":1}"#
        ),
        (
            "PreviewSource", PreviewSource(.route, routeName: "album"),
            #"{"kind":"route","routeName":"album"}"#
        ),
        ("PreviewSource without a route", PreviewSource(.browserFallback), #"{"kind":"browserFallback"}"#),
        (
            "OfferedAppLinks",
            OfferedAppLinks(webLink: "https://example.com/a", customSchemeLink: "albums:///a"),
            #"{"customSchemeLink":"albums:///a","webLink":"https://example.com/a"}"#
        ),
        ("OfferedAppLinks without links", OfferedAppLinks(), #"{}"#),
        (
            "PreviewOverride", PreviewOverride(title: "T", description: "D", image: image),
            #"{"description":"D","image":{"alt":"An album","height":630,"url":"https://example.com/a.jpg","width":1200},"title":"T"}"#
        ),
        ("PreviewOverride without values", PreviewOverride(), #"{}"#),
        (
            "PreviewRequest",
            PreviewRequest(
                route: "album", parameters: ["album": .string("summer")],
                canonicalURL: "https://example.com/albums/summer"),
            #"{"canonicalURL":"https://example.com/albums/summer","parameters":{"album":{"string":"summer"}},"route":"album"}"#
        ),
        (
            "LandingPageStrings", LandingPageStrings.german,
            #"{"appStore":"App Store","appStoreCaption":"Laden im","copyThenGetApp":"Neu bei {app}? Kopiere diesen Link und lade dann die App: Sie öffnet ihn beim ersten Start.","googlePlay":"Google Play","googlePlayCaption":"Jetzt bei","hintWithButton":"Neu bei {app}? Lade die App und öffne diesen Link dann noch einmal.","hintWithoutButton":"Du hast {app} schon? Tippe oben in Safari im Banner auf Öffnen.","openInApp":"In {app} öffnen"}"#
        ),
    ]

    /// Values the module writes but does not read.
    static let written: [(String, any Encodable & Sendable, String)] = [
        (
            "PreviewMetadata",
            try! PreviewMetadata(
                canonicalURL: "https://example.com/albums/summer",
                preview: LinkPreview(
                    title: "Summer\u{0007}", description: "Photos", image: image, siteName: "Albums"),
                site: PreviewSite(
                    name: "Albums", homeURL: "https://example.com/", fallback: LinkPreview(title: "Albums"),
                    twitterHandle: "@albums", locale: "en_US", app: app),
                source: PreviewSource(.route, routeName: "album"),
                appLinks: OfferedAppLinks(
                    webLink: "https://example.com/albums/summer", customSchemeLink: "albums:///albums/summer")
            ),
            #"{"adjustments":[{"count":1,"field":"title","kind":"removedControlCharacters"}],"app":{"appStoreID":"123456789","customScheme":{"name":"albums"},"googlePlayPackage":"com.example.albums","iPadAppStoreID":"987654321","name":"Albums"},"appLinks":{"customSchemeLink":"albums:///albums/summer","webLink":"https://example.com/albums/summer"},"canonicalURL":"https://example.com/albums/summer","homeURL":"https://example.com/","preview":{"description":"Photos","image":{"alt":"An album","height":630,"url":"https://example.com/a.jpg","width":1200},"locale":"en_US","siteName":"Albums","title":"Summer","type":"website"},"source":{"kind":"route","routeName":"album"},"tags":[{"attribute":"name","content":"Photos","key":"description"},{"attribute":"property","content":"Summer","key":"og:title"},{"attribute":"property","content":"Photos","key":"og:description"},{"attribute":"property","content":"website","key":"og:type"},{"attribute":"property","content":"https://example.com/albums/summer","key":"og:url"},{"attribute":"property","content":"Albums","key":"og:site_name"},{"attribute":"property","content":"en_US","key":"og:locale"},{"attribute":"property","content":"https://example.com/a.jpg","key":"og:image"},{"attribute":"property","content":"1200","key":"og:image:width"},{"attribute":"property","content":"630","key":"og:image:height"},{"attribute":"property","content":"An album","key":"og:image:alt"},{"attribute":"name","content":"summary_large_image","key":"twitter:card"},{"attribute":"name","content":"@albums","key":"twitter:site"},{"attribute":"name","content":"Albums","key":"twitter:app:name:iphone"},{"attribute":"name","content":"123456789","key":"twitter:app:id:iphone"},{"attribute":"name","content":"albums:///albums/summer","key":"twitter:app:url:iphone"},{"attribute":"name","content":"Albums","key":"twitter:app:name:ipad"},{"attribute":"name","content":"987654321","key":"twitter:app:id:ipad"},{"attribute":"name","content":"albums:///albums/summer","key":"twitter:app:url:ipad"},{"attribute":"name","content":"Albums","key":"twitter:app:name:googleplay"},{"attribute":"name","content":"com.example.albums","key":"twitter:app:id:googleplay"},{"attribute":"name","content":"albums:///albums/summer","key":"twitter:app:url:googleplay"},{"attribute":"property","content":"albums:///albums/summer","key":"al:ios:url"},{"attribute":"property","content":"123456789","key":"al:ios:app_store_id"},{"attribute":"property","content":"Albums","key":"al:ios:app_name"},{"attribute":"property","content":"albums:///albums/summer","key":"al:android:url"},{"attribute":"property","content":"com.example.albums","key":"al:android:package"},{"attribute":"property","content":"Albums","key":"al:android:app_name"},{"attribute":"property","content":"https://example.com/albums/summer","key":"al:web:url"},{"attribute":"name","content":"app-id=123456789, app-argument=https://example.com/albums/summer","key":"apple-itunes-app"}],"twitterHandle":"@albums"}"#
        ),
        (
            "MetaTag", MetaTag(.property, "og:title", "Summer"),
            #"{"attribute":"property","content":"Summer","key":"og:title"}"#
        ),
        ("ResponseHeader", ResponseHeader("ETag", "\"0123\""), #"{"name":"ETag","value":"\"0123\""}"#),
        (
            "TextAdjustment", TextAdjustment(field: .title, kind: .truncated, count: 12, limit: 10),
            #"{"count":12,"field":"title","kind":"truncated","limit":10}"#
        ),
        (
            "TextAdjustment without a limit",
            TextAdjustment(field: .imageAlt, kind: .normalizedWhitespace, count: 2),
            #"{"count":2,"field":"imageAlt","kind":"normalizedWhitespace"}"#
        ),
    ]

    @Test(arguments: written.indices)
    func writesAsBefore(_ index: Int) throws {
        let (name, value, expected) = Self.written[index]
        #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
    }

    @Test(arguments: samples.indices)
    func encodesAsBefore(_ index: Int) throws {
        let (name, value, expected) = Self.samples[index]
        #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        #expect(try PinnedJSON.rewritten(expected, as: value) == expected, "\(name) read back")
    }
}
