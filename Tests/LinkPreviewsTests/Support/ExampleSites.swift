import DeepLinks
import Foundation
import LinkPreviews

/// The repository's example apps (`Examples/PhotoAlbum`, `Examples/NewsReader`) as preview
/// sites: their own route tables and gate policies, read from the files the apps ship, with a
/// site configuration and providers over a few records.
enum ExampleSites {
    static let examples = SharedCorpus.packageRoot.appendingPathComponent("Examples")

    private struct Receiver: Decodable {
        let policy: LinkPolicy
        let schemes: [CustomScheme]
    }

    static func receiver(_ example: String) throws -> LinkReceiver {
        let folder = examples.appendingPathComponent(example)
        let table = try JSONDecoder().decode(
            RouteTable.self, from: Data(contentsOf: folder.appendingPathComponent("routes.json")))
        let receiver = try JSONDecoder().decode(
            Receiver.self, from: Data(contentsOf: folder.appendingPathComponent("receiver.json")))
        // The receiver admits its custom schemes on top of the web policy, as the app does.
        var policy = receiver.policy
        for scheme in receiver.schemes { policy.allowedSchemes.insert(scheme.name) }
        return try LinkReceiver(table: table, policy: policy, schemes: SchemeRegistry(receiver.schemes))
    }

    struct Album {
        let slug: String
        let name: String
        let summary: String
        let photoCount: Int
    }

    static let albums = [
        Album(
            slug: "summer-2024", name: "Summer 2024", summary: "48 photos from the coast, June to August.",
            photoCount: 48),
        Album(
            slug: "hostile", name: #"Tom's "best" </title><script>alert(1)</script>"#,
            summary: #""><img src=x onerror=alert(1)> & <!-- -->"#, photoCount: 1),
    ]

    static func photoAlbum() throws -> LinkPreviewService {
        let origin = "https://photos.example.com"
        let site = PreviewSite(
            name: "Photo Album", homeURL: origin + "/",
            fallback: LinkPreview(
                title: "Photo Album", description: "Albums you share with the people you love.",
                image: PreviewImage(
                    url: origin + "/static/share.png", width: 1200, height: 630, alt: "The Photo Album icon")),
            twitterHandle: "@photoalbum", locale: "en_US",
            app: AppListing(
                name: "Photo Album", appStoreID: "1234567890", googlePlayPackage: "com.example.photos",
                customScheme: try CustomScheme("photoalbum", host: .domain(["photos.example.com"]))))
        var providers = PreviewProviders()
        providers.bind("album") { request in
            guard let album = albums.first(where: { $0.slug == request.parameters.string("album") }) else {
                return nil
            }
            return LinkPreview(
                title: album.name, description: album.summary,
                image: PreviewImage(
                    url: "\(origin)/covers/\(album.slug).jpg", width: 1200, height: 630,
                    alt: "Cover of \(album.name)"))
        }
        providers.bind("photo") { request in
            guard let album = albums.first(where: { $0.name == request.parameters.string("albumname") }),
                let index = request.parameters.integer("index"), index < album.photoCount
            else { return nil }
            return LinkPreview(
                title: "Photo \(index + 1) of \(album.photoCount) · \(album.name)",
                description: album.summary,
                image: PreviewImage(
                    url: "\(origin)/photos/\(album.slug)/\(index).jpg", width: 1080, height: 1080))
        }
        return try LinkPreviewService(receiver: receiver("PhotoAlbum"), site: site, providers: providers)
    }

    static func newsReader() throws -> LinkPreviewService {
        let origin = "https://news.example.com"
        let site = PreviewSite(
            name: "News Reader", homeURL: origin + "/",
            fallback: LinkPreview(title: "News Reader", description: "The day's news, read calmly."),
            twitterHandle: "@newsreader", locale: "en_GB",
            app: AppListing(
                name: "News Reader", appStoreID: "987654321", customScheme: try CustomScheme("newsapp")))
        var providers = PreviewProviders()
        providers.bind("article") { request in
            guard request.parameters.string("id") == "CHLFGFCB00097U7S" else { return nil }
            return LinkPreview(
                title: "Tides, explained", description: "Why the sea rises twice a day, in five diagrams.",
                image: PreviewImage(
                    url: "\(origin)/images/tides.jpg", width: 1600, height: 900, alt: "A harbour at low tide"),
                type: .article)
        }
        providers.bind("section") { request in
            let name = request.parameters.string("name") ?? ""
            return LinkPreview(
                title: name.prefix(1).uppercased() + name.dropFirst(), description: "Latest stories.")
        }
        return try LinkPreviewService(receiver: receiver("NewsReader"), site: site, providers: providers)
    }
}
