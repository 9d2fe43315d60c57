import LinkPreviews
import Testing

@Suite("Golden previews for the example apps' routes")
struct GoldenHeadTests {
    static let photoAlbum: [(name: String, link: String)] = [
        ("photo", "https://photos.example.com/albums?albumname=Summer%202024&index=3&utm_source=mail"),
        ("album", "https://photos.example.com/albums/summer-2024"),
        ("album-hostile", "https://photos.example.com/albums/hostile"),
        ("album-not-found", "https://photos.example.com/albums/winter-1999"),
        ("deleteAlbum-confirmation", "https://photos.example.com/albums/summer-2024/delete"),
        ("sharedWithMe-confirmation", "https://photos.example.com/shared"),
        ("browser-fallback-missing-parameter", "https://photos.example.com/albums?index=3"),
        ("browser-fallback-no-route", "https://photos.example.com/blog/2024/hello"),
    ]

    static let newsReader: [(name: String, link: String)] = [
        ("article", "https://news.example.com/doc/CHLFGFCB00097U7S?s=sps_article"),
        ("section", "https://news.example.com/section/tech"),
        ("deleteAccount-custom-scheme-only", "https://news.example.com/account/delete"),
    ]

    @Test("Photo Album head fragment, byte for byte", arguments: photoAlbum.map(\.name))
    func photoAlbumHead(name: String) async throws {
        let link = try #require(Self.photoAlbum.first { $0.name == name }).link
        let metadata = try await ExampleSites.photoAlbum().preview(for: link)
        Golden.check(HeadFragment(metadata).html, against: "photoalbum-\(name).head.html")
    }

    @Test("News Reader head fragment, byte for byte", arguments: newsReader.map(\.name))
    func newsReaderHead(name: String) async throws {
        let link = try #require(Self.newsReader.first { $0.name == name }).link
        let metadata = try await ExampleSites.newsReader().preview(for: link)
        Golden.check(HeadFragment(metadata).html, against: "newsreader-\(name).head.html")
    }

    @Test("landing pages, byte for byte")
    func landingPages() async throws {
        let photo = try await ExampleSites.photoAlbum().preview(for: Self.photoAlbum[0].link)
        Golden.check(LandingPage(photo).html, against: "photoalbum-photo.page.html")
        let article = try await ExampleSites.newsReader().preview(for: Self.newsReader[0].link)
        Golden.check(LandingPage(article).html, against: "newsreader-article.page.html")
    }

    @Test("JSON form, byte for byte")
    func json() async throws {
        let metadata = try await ExampleSites.photoAlbum().preview(for: Self.photoAlbum[0].link)
        Golden.check(
            String(decoding: try metadata.jsonData(), as: UTF8.self) + "\n", against: "photoalbum-photo.json")
    }

    @Test("the example links lead where the goldens say")
    func sources() async throws {
        let photoAlbum = try ExampleSites.photoAlbum()
        let kinds = try await Self.photoAlbum.asyncMap {
            try await photoAlbum.preview(for: $0.link).source.description
        }
        #expect(
            kinds == [
                "route photo", "route album", "route album", "contentNotFound album",
                "confirmationRequired deleteAlbum",
                "confirmationRequired sharedWithMe", "browserFallback", "browserFallback",
            ])
        let newsReader = try ExampleSites.newsReader()
        let news = try await Self.newsReader.asyncMap {
            try await newsReader.preview(for: $0.link).source.description
        }
        #expect(news == ["route article", "route section", "browserFallback"])
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
