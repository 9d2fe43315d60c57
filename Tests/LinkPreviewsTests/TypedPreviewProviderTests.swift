import DeepLinks
import LinkPreviews
import Testing

/// The album route as the app's own type.
private struct Album: RouteValue {
    static let route = "album"
    enum Sort: String, Codable { case date, name }
    var album: String
    var sort: Sort
}

/// A type that names the album route but reads a parameter it does not have.
private struct MisspeltAlbum: RouteValue {
    static let route = "album"
    var albumName: String
}

@Suite("Preview providers bound to a RouteValue type")
struct TypedPreviewProviderTests {
    @Test("a provider bound to a type receives the request's parameters as that type")
    func typedProvider() async throws {
        var providers = PreviewProviders()
        providers.bind(Album.self) { album, request in
            LinkPreview(title: "\(album.album) by \(album.sort.rawValue)", description: request.canonicalURL)
        }
        #expect(providers.routeNames == ["album"])
        #expect(providers.typeErrors(in: try PhotoAlbumFixture.service().receiver.router) == [])
        let service = try PhotoAlbumFixture.service(providers: providers)
        let result = try await service.preview(for: "https://photos.example.com/albums/summer-2024?sort=name")
        #expect(result.preview.title == "summer-2024 by name")
        #expect(result.preview.description == "https://photos.example.com/albums/summer-2024?sort=name")
        #expect(result.source == PreviewSource(.route, routeName: "album"))
    }

    @Test("a type that does not fit its route is refused when the service is built, naming the parameter")
    func mismatchRefused() throws {
        var providers = PreviewProviders()
        providers.bind(MisspeltAlbum.self) { _, _ in nil }
        let receiver = try LinkReceiver(table: PhotoAlbumFixture.table, policy: PhotoAlbumFixture.policy)
        let typeErrors = providers.typeErrors(in: receiver.router)
        #expect(typeErrors.count == 1)
        let typeError = try #require(typeErrors.first)
        #expect(
            throws: LinkPreviewError.providerTypeMismatch(route: "album", reason: typeError.description)
        ) {
            try LinkPreviewService(receiver: receiver, site: PhotoAlbumFixture.site, providers: providers)
        }
        #expect(typeError.description.contains("albumName"))
    }

    @Test("binding a name after a type drops the type's check; the string form keeps working")
    func rebindByName() throws {
        var providers = PreviewProviders()
        providers.bind(MisspeltAlbum.self) { _, _ in nil }
        providers.bind("album") { _ in nil }
        let receiver = try LinkReceiver(table: PhotoAlbumFixture.table, policy: PhotoAlbumFixture.policy)
        #expect(providers.typeErrors(in: receiver.router) == [])
        #expect(throws: Never.self) {
            try LinkPreviewService(receiver: receiver, site: PhotoAlbumFixture.site, providers: providers)
        }
    }
}
