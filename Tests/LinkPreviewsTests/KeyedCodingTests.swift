import DeepLinks
import Foundation
import LinkPreviews
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

    @Test(arguments: samples.indices)
    func encodesAsBefore(_ index: Int) throws {
        let (name, value, expected) = Self.samples[index]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(text == expected, "\(name)")
        let back = try Self.readBack(expected, as: value)
        #expect(String(decoding: try encoder.encode(back), as: UTF8.self) == expected, "\(name) read back")
    }

    /// `text` decoded as a value of the type of `sample`.
    static func readBack<Value: Codable>(_ text: String, as sample: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
}
