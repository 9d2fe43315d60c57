import AssociatedDomains
import DeepLinks
import Foundation
import LinkPreviews

/// The photo-album site: the Photo Album example app's own route table and receiver policy
/// (read from `Examples/PhotoAlbum/`), the preview configuration, the providers and the
/// association file generated from the table.
public enum PhotoAlbumSite {
    /// The domain the site is served on.
    public static let host = "photos.example.com"
    /// The site's origin; request targets are appended to it to make link text.
    public static let origin = "https://" + host
    /// The app that the association file names.
    public static let appIDs = ["ABCDE12345.com.example.photos"]

    /// The Photo Album example's folder, found from this file's place in the repository.
    public static let exampleFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PhotoAlbum")

    /// Why the example's files could not be read.
    public struct LoadingError: Error, CustomStringConvertible {
        /// The file.
        public let file: String
        /// What went wrong.
        public let reason: String
        /// A sentence naming the file and the reason.
        public var description: String { "cannot read \(file): \(reason)" }
    }

    private struct Receiver: Decodable {
        let policy: LinkPolicy
        let schemes: [CustomScheme]
    }

    /// The app's route table and the gate it runs behind, as the app itself reads them.
    public static func receiver() throws -> LinkReceiver {
        let table: RouteTable = try read("routes.json")
        let receiver: Receiver = try read("receiver.json")
        var policy = receiver.policy
        for scheme in receiver.schemes { policy.allowedSchemes.insert(scheme.name) }
        return try LinkReceiver(table: table, policy: policy, schemes: SchemeRegistry(receiver.schemes))
    }

    private static func read<T: Decodable>(_ name: String) throws -> T {
        let url = exampleFolder.appendingPathComponent(name)
        do {
            return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
        } catch {
            throw LoadingError(file: url.path, reason: String(describing: error))
        }
    }

    /// What every preview shares: names, home page, generic preview, app listing.
    public static func site() throws -> PreviewSite {
        PreviewSite(
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
                name: "Photo Album", appStoreID: "1234567890", googlePlayPackage: "com.example.photos",
                customScheme: try CustomScheme("photoalbum", host: .domain([HostPattern(host)]))))
    }

    /// The providers, backed by a catalog.
    public static func providers(catalog: AlbumCatalog = .sample) -> PreviewProviders {
        var providers = PreviewProviders()
        providers.bind("album") { request in
            guard let slug = request.parameters.string("album"), let album = catalog.album(slug: slug) else {
                return nil
            }
            return LinkPreview(
                title: album.name, description: album.summary,
                image: PreviewImage(
                    url: origin + "/covers/\(album.slug).jpg", width: 1200, height: 630,
                    alt: album.coverDescription))
        }
        providers.bind("photo") { request in
            guard let name = request.parameters.string("albumname"), let album = catalog.album(named: name),
                let index = request.parameters.integer("index"), index < album.photoCount
            else { return nil }
            return LinkPreview(
                title: "Photo \(index + 1) of \(album.photoCount) · \(album.name)",
                description: album.summary,
                image: PreviewImage(
                    url: origin + "/photos/\(album.slug)/\(index).jpg", width: 1080, height: 1080))
        }
        return providers
    }

    /// The preview service for the site. The sensitive "shared with me" page carries its
    /// link to the app, which asks before it shows the list.
    public static func service(catalog: AlbumCatalog = .sample) throws -> LinkPreviewService {
        try LinkPreviewService(
            receiver: receiver(), site: site(), providers: providers(catalog: catalog),
            linkCarryingRoutes: ["sharedWithMe"])
    }

    /// The Android app: its package and the SHA-256 fingerprint of its signing certificate.
    public static func androidApp() throws -> AndroidAppTarget {
        AndroidAppTarget(
            packageName: "com.example.photos",
            fingerprints: [
                try CertificateFingerprint(
                    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
                )
            ])
    }

    /// The Android statement list generated from the route table, destructive routes excluded
    /// first.
    public static func assetLinks() throws -> AssetLinksEndpoint {
        try AssetLinksEndpoint(
            file: AssetLinksGenerator(apps: [try androidApp()], domain: host).generate(
                from: try receiver().router.table
            ).file)
    }

    /// Everything the site answers: association file, statement list, previews and pages.
    public static func responder(catalog: AlbumCatalog = .sample) throws -> SiteResponder {
        try SiteResponder(
            service: service(catalog: catalog), hosts: [SiteHost(host)],
            associationFile: AssociationFileEndpoint(file: associationFile()), assetLinks: assetLinks())
    }

    /// The association file generated from the route table.
    public static func associationFile() throws -> AssociationFile {
        AppLinksGenerator(appIDs: appIDs, domain: host).generate(from: try receiver().router.table).file
    }
}

/// The albums the example knows.
public struct AlbumCatalog: Sendable {
    /// One album.
    public struct Album: Sendable {
        /// The album's slug, as in `/albums/summer-2024`.
        public let slug: String
        /// The album's name, as its owner typed it (`?albumname=` of a photo link).
        public let name: String
        /// A sentence about the album.
        public let summary: String
        /// What the cover shows.
        public let coverDescription: String
        /// How many photos it holds.
        public let photoCount: Int
    }

    /// The albums.
    public let albums: [Album]
    /// Each album's position in ``albums`` by its slug, and by its name.
    private let bySlug: [String: Int]
    private let byName: [String: Int]

    /// A catalog of `albums`; where two share a slug or a name, the first is found.
    public init(albums: [Album]) {
        self.albums = albums
        bySlug = Dictionary(
            albums.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
        byName = Dictionary(
            albums.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The album with a slug, or `nil`.
    public func album(slug: String) -> Album? { bySlug[slug].map { albums[$0] } }

    /// The album with a name, exactly as its owner typed it, or `nil`.
    public func album(named name: String) -> Album? { byName[name].map { albums[$0] } }

    /// The catalog with `count` more albums of `photos` photos each, named `Album 1` to
    /// `Album <count>` (slugs `album-1` to `album-<count>`): many distinct known links for load
    /// measurements, `count × photos` photo pages in all. `photos` is at most 10,000, the
    /// table's bound on a photo's index.
    public func adding(generatedAlbums count: Int, photos: Int = 10_000) -> AlbumCatalog {
        precondition(count >= 0 && (1...10_000).contains(photos), "0 or more albums of 1 to 10,000 photos")
        guard count > 0 else { return self }
        return AlbumCatalog(
            albums: albums
                + (1...count).map { number in
                    Album(
                        slug: "album-\(number)", name: "Album \(number)",
                        summary: "\(photos) generated photos.", coverDescription: "A generated cover",
                        photoCount: photos)
                })
    }

    /// A few albums, one of them named by someone hostile.
    public static let sample = AlbumCatalog(albums: [
        Album(
            slug: "summer-2024", name: "Summer 2024", summary: "48 photos from the coast, June to August.",
            coverDescription: "A beach at sunset", photoCount: 48),
        Album(
            slug: "grandmas-90th", name: "Grandma’s 90th 🎂",
            summary: "The whole family in one garden, finally.",
            coverDescription: "Grandma blowing out candles", photoCount: 112),
        Album(
            slug: "hostile", name: #"Tom's "best" </title><script>alert(1)</script>"#,
            summary: #""><img src=x onerror=alert(1)> & <!-- comment -->"#,
            coverDescription: #"" onload="alert(1)"#, photoCount: 1),
    ])
}
