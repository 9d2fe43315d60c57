import LinkPreviews
import Testing

@Suite("Golden head fragments for the example routes")
struct GoldenHeadTests {
    static let cases: [(name: String, link: String)] = [
        ("album", "https://photos.example.com/albums/summer-2024?utm_source=chat"),
        ("album-sorted", "https://photos.example.com/albums/summer-2024?sort=name"),
        ("photo", "https://photos.example.com/albums/summer-2024/photos/3"),
        ("search", "https://photos.example.com/search?q=beach"),
        ("home-no-provider", "https://photos.example.com/"),
        ("delete-confirmation", "https://photos.example.com/albums/summer-2024/delete"),
        ("settings-confirmation", "https://photos.example.com/settings"),
        ("album-not-found", "https://photos.example.com/albums/winter-1999"),
        ("browser-fallback", "https://photos.example.com/blog/2024/hello"),
        ("album-hostile", "https://photos.example.com/albums/hostile"),
    ]

    @Test("head fragment, byte for byte", arguments: cases.map(\.name))
    func head(name: String) async throws {
        let link = try #require(Self.cases.first { $0.name == name }).link
        let metadata = try await PhotoAlbumFixture.service().preview(for: link)
        Golden.check(HeadFragment(metadata).html, against: "head-\(name).html")
    }

    @Test("landing page, byte for byte")
    func landingPage() async throws {
        let metadata = try await PhotoAlbumFixture.service().preview(
            for: "https://photos.example.com/albums/summer-2024")
        Golden.check(LandingPage(metadata).html, against: "landing-album.html")
    }

    @Test("JSON form, byte for byte")
    func json() async throws {
        let metadata = try await PhotoAlbumFixture.service().preview(
            for: "https://photos.example.com/albums/summer-2024")
        Golden.check(String(decoding: try metadata.jsonData(), as: UTF8.self) + "\n", against: "album.json")
    }
}
