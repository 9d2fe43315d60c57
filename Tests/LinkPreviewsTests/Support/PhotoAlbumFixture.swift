import DeepLinks
import LinkPreviews

/// The photo-album site the tests preview: its route table, site configuration and an
/// in-memory album store behind the providers.
enum PhotoAlbumFixture {
    static let host = "photos.example.com"

    static let table = RouteTable {
        // Web links are held to the site's host by the gate's policy, so the scope names the
        // schemes only; for the custom scheme the "host" is the first path segment.
        RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
            Route("home", "/")
            Route("album", "/albums/:album(slug)", query: ["sort(enum date|name)=date"])
            Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
            Route("search", "/search", query: ["q(string 1...64)"])
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            Route("settings", "/settings", safety: .sensitive)
        }
    }

    static var policy: LinkPolicy {
        var policy = LinkPolicy(allowedHosts: [HostPattern(host)])
        policy.allowedSchemes.insert("photoalbum")
        return policy
    }

    static let site = PreviewSite(
        name: "Photo Album",
        homeURL: "https://photos.example.com/",
        fallback: LinkPreview(
            title: "Photo Album",
            description: "Albums you share with the people you love.",
            image: PreviewImage(
                url: "https://photos.example.com/static/share.png", width: 1200, height: 630,
                alt: "The Photo Album app icon on a blue background")),
        twitterHandle: "@photoalbum",
        locale: "en_US",
        app: AppListing(
            name: "Photo Album", appStoreID: "1234567890", googlePlayPackage: "com.example.photoalbum",
            customScheme: scheme))

    /// The app's scheme, read as a route segment (`photoalbum://albums/x` routes `/albums/x`).
    /// A literal that is always valid; a `nil` here would fail every test that expects the
    /// custom-scheme link.
    static let scheme = try? CustomScheme("photoalbum")

    struct Album: Sendable {
        let title: String
        let summary: String
        let photoCount: Int
    }

    static let albums: [String: Album] = [
        "summer-2024": Album(
            title: "Summer 2024", summary: "48 photos from the coast, June to August.", photoCount: 48),
        "hostile": Album(
            title: #"Tom's "best" </title><script>alert(1)</script>"#,
            summary: #""><img src=x onerror=alert(1)> & more"#, photoCount: 1),
    ]

    static var providers: PreviewProviders {
        var providers = PreviewProviders()
        providers.bind("album") { request in
            guard let slug = request.parameters.string("album"), let album = albums[slug] else { return nil }
            return LinkPreview(
                title: album.title, description: album.summary,
                image: PreviewImage(
                    url: "https://photos.example.com/covers/\(slug).jpg", width: 1200, height: 630,
                    alt: "Cover of \(album.title)"))
        }
        providers.bind("photo") { request in
            guard let slug = request.parameters.string("album"), let album = albums[slug],
                let index = request.parameters.integer("index"), index < album.photoCount
            else { return nil }
            return LinkPreview(
                title: "Photo \(index + 1) of \(album.photoCount)", description: album.title,
                image: PreviewImage(
                    url: "https://photos.example.com/photos/\(slug)/\(index).jpg", width: 800, height: 800))
        }
        providers.bind("search") { request in
            LinkPreview(title: "Search results", description: "Albums matching your search.")
        }
        return providers
    }

    static func service(providers: PreviewProviders = providers) throws -> LinkPreviewService {
        let receiver = try LinkReceiver(table: table, policy: policy)
        return try LinkPreviewService(receiver: receiver, site: site, providers: providers)
    }
}
