import AssociatedDomains
import DeepLinks
import LinkPreviews

/// The photo-album site: its route table, the gate's policy, the preview configuration, the
/// providers and the association file, all from one place.
public enum PhotoAlbumSite {
    /// The domain the site is served on.
    public static let host = "photos.example.com"
    /// The site's origin; request targets are appended to it to make link text.
    public static let origin = "https://" + host
    /// The app that the association file names.
    public static let appIDs = ["ABCDE12345.com.example.photoalbum"]

    /// The route table the app uses.
    public static let table = RouteTable {
        // Web links are held to the site's host by the gate's policy; a scope that lists hosts
        // cannot also serve the custom scheme, whose "host" is the first path segment.
        RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
            Route("albums", "/albums")
            Route("album", "/albums/:album(slug)", query: ["sort(enum date|name)=date"])
            Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            Route("settings", "/settings", safety: .sensitive)
        }
    }

    /// The gate's policy: the site's host, and the app's custom scheme.
    public static var policy: LinkPolicy {
        var policy = LinkPolicy(allowedHosts: [HostPattern(host)])
        policy.allowedSchemes.insert("photoalbum")
        return policy
    }

    /// What every preview shares: names, home page, generic preview, app listing.
    public static let site = PreviewSite(
        name: "Photo Album",
        homeURL: origin + "/",
        fallback: LinkPreview(
            title: "Photo Album",
            description: "Albums you share with the people you love.",
            image: PreviewImage(
                url: origin + "/static/share.png", width: 1200, height: 630,
                alt: "The Photo Album app icon on a blue background")),
        twitterHandle: "@photoalbum",
        locale: "en_US",
        app: AppListing(
            name: "Photo Album", appStoreID: "1234567890", googlePlayPackage: "com.example.photoalbum",
            customScheme: "photoalbum"))

    /// The providers, backed by a catalog.
    public static func providers(catalog: AlbumCatalog = .sample) -> PreviewProviders {
        var providers = PreviewProviders()
        providers.bind("album") { request in
            guard let slug = request.parameters.string("album"), let album = catalog.albums[slug] else {
                return nil
            }
            return LinkPreview(
                title: album.title, description: album.summary,
                image: PreviewImage(
                    url: origin + "/covers/\(slug).jpg", width: 1200, height: 630, alt: album.coverDescription
                ))
        }
        providers.bind("photo") { request in
            guard let slug = request.parameters.string("album"), let album = catalog.albums[slug],
                let index = request.parameters.integer("index"), index < album.photoCount
            else { return nil }
            return LinkPreview(
                title: "Photo \(index + 1) of \(album.photoCount) · \(album.title)",
                description: album.summary,
                image: PreviewImage(url: origin + "/photos/\(slug)/\(index).jpg", width: 1080, height: 1080))
        }
        providers.bind("albums") { _ in
            LinkPreview(title: "All albums", description: "\(catalog.albums.count) albums, newest first.")
        }
        return providers
    }

    /// The preview service for the site.
    public static func service(catalog: AlbumCatalog = .sample) throws -> LinkPreviewService {
        let dispatcher = try LinkDispatcher(table: table, policy: policy)
        return try LinkPreviewService(
            dispatcher: dispatcher, site: site, providers: providers(catalog: catalog))
    }

    /// The association file generated from the route table.
    public static func associationFile() -> AssociationFile {
        AppLinksGenerator(appIDs: appIDs, domain: host).generate(from: table).file
    }
}

/// The albums the example knows, by slug.
public struct AlbumCatalog: Sendable {
    /// One album.
    public struct Album: Sendable {
        /// The album's title, as its owner typed it.
        public let title: String
        /// A sentence about the album.
        public let summary: String
        /// What the cover shows.
        public let coverDescription: String
        /// How many photos it holds.
        public let photoCount: Int
    }

    /// The albums by slug.
    public let albums: [String: Album]

    /// A few albums, one of them named by someone hostile.
    public static let sample = AlbumCatalog(albums: [
        "summer-2024": Album(
            title: "Summer 2024", summary: "48 photos from the coast, June to August.",
            coverDescription: "A beach at sunset", photoCount: 48),
        "grandmas-90th": Album(
            title: "Grandma’s 90th 🎂", summary: "The whole family in one garden, finally.",
            coverDescription: "Grandma blowing out candles", photoCount: 112),
        "hostile": Album(
            title: #"Tom's "best" </title><script>alert(1)</script>"#,
            summary: #""><img src=x onerror=alert(1)> & <!-- comment -->"#,
            coverDescription: #"" onload="alert(1)"#, photoCount: 1),
    ])
}
