import AssociatedDomains
import DeepLinks
import Dispatch
import LinkPreviews

/// A photo-album site answered by `SiteResponder`: landing pages for eight kinds of link
/// (content, content not found, browser fallback, guarded routes, hostile text), beside a
/// fixed page of the same size answered through the same asynchronous call.
enum SiteWorkloads {
    static let targets = [
        "/albums/summer-2024?utm_source=mail", "/albums/summer-2024/photos/3", "/albums/grandmas-90th",
        "/albums/hostile", "/albums/winter-1999", "/blog/2024/hello", "/albums/summer-2024/delete", "/shared",
    ]

    static func responder(cacheCapacity: Int) throws -> SiteResponder {
        let table = RouteTable {
            RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
                Route("album", "/albums/:album(slug)", query: ["sort(enum date|name)=date"])
                Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
                // The photo link the HTTP measurement asks for: an album by its name, escaped.
                Route("photoByName", "/albums", query: ["albumname(string 1...64)", "index(int 0...9999)"])
                Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
                Route("shared", "/shared", safety: .sensitive)
            }
        }
        var policy = LinkPolicy(allowedHosts: ["photos.example.com"])
        policy.allowedSchemes.insert("photoalbum")
        let receiver = try LinkReceiver(
            table: table, policy: policy,
            schemes: SchemeRegistry([CustomScheme("photoalbum", host: .domain(["photos.example.com"]))]))
        let origin = "https://photos.example.com"
        let site = PreviewSite(
            name: "Photo Album", homeURL: origin + "/",
            fallback: LinkPreview(
                title: "Photo Album", description: "Albums you share with the people you love.",
                image: PreviewImage(
                    url: origin + "/static/share.png", width: 1200, height: 630, alt: "The icon")),
            twitterHandle: "@photoalbum", locale: "en_US",
            app: AppListing(
                name: "Photo Album", appStoreID: "1234567890", googlePlayPackage: "com.example.photos",
                customScheme: try CustomScheme("photoalbum", host: .domain(["photos.example.com"]))))
        let albums: [String: (name: String, summary: String)] = [
            "summer-2024": ("Summer 2024", "48 photos from the coast, June to August."),
            "grandmas-90th": ("Grandma’s 90th 🎂", "The whole family in one garden, finally."),
            "hostile": (
                #"Tom's "best" </title><script>alert(1)</script>"#, #""><img src=x onerror=alert(1)>"#
            ),
        ]
        var providers = PreviewProviders()
        providers.bind("album") { request in
            guard let slug = request.parameters.string("album"), let album = albums[slug] else { return nil }
            return LinkPreview(
                title: album.name, description: album.summary,
                image: PreviewImage(
                    url: "\(origin)/covers/\(slug).jpg", width: 1200, height: 630, alt: "Cover"))
        }
        providers.bind("photo") { request in
            guard let slug = request.parameters.string("album"), let album = albums[slug],
                let index = request.parameters.integer("index")
            else { return nil }
            return LinkPreview(
                title: "Photo \(index + 1) · \(album.name)", description: album.summary,
                image: PreviewImage(url: "\(origin)/photos/\(slug)/\(index).jpg", width: 1080, height: 1080))
        }
        providers.bind("photoByName") { request in
            guard let name = request.parameters.string("albumname"),
                let (slug, album) = albums.first(where: { $0.value.name == name }),
                let index = request.parameters.integer("index")
            else { return nil }
            return LinkPreview(
                title: "Photo \(index + 1) · \(name)", description: album.summary,
                image: PreviewImage(url: "\(origin)/photos/\(slug)/\(index).jpg", width: 1080, height: 1080))
        }
        let service = try LinkPreviewService(
            receiver: receiver, site: site, providers: providers, linkCarryingRoutes: ["shared"])
        let generator = AppLinksGenerator(
            appIDs: ["ABCDE12345.com.example.photos"], domain: "photos.example.com")
        return try SiteResponder(
            service: service, hosts: [SiteHost("photos.example.com")],
            associationFile: AssociationFileEndpoint(file: generator.generate(from: table).file),
            configuration: SiteResponder.Configuration(cacheCapacity: cacheCapacity))
    }

    /// The landing-page cases whose instructions are counted (`InstructionCases`): a page for
    /// a link the server has not seen, a kept photo page, the eight kinds kept, and the eight
    /// kinds built every time.
    static let instructionCases = [
        "site-unseen", "site-unseen-named", "site-kept-photos", "site-kept", "site-uncached",
    ]

    static func instructionCase(_ name: String) throws -> Workload {
        switch name {
        case "site-unseen":
            return unseenPages(try responder(cacheCapacity: 1024), label: name)
        case "site-unseen-named":
            return unseenPages(try responder(cacheCapacity: 1024), named: true, label: name)
        case "site-kept-photos":
            return keptPhotoPages(try responder(cacheCapacity: 1024), label: name)
        case "site-kept":
            return pages(try responder(cacheCapacity: 1024), label: name)
        case "site-uncached":
            return pages(try responder(cacheCapacity: 0), label: name)
        default:
            throw DisagreementError(description: "unknown landing-page case '\(name)'")
        }
    }

    /// Runs an asynchronous batch from the benchmark's synchronous pass and waits for it.
    static func blocking(_ body: @escaping @Sendable () async -> Int) -> Int {
        final class Box: @unchecked Sendable { var value = 0 }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value
    }

    /// Runs an asynchronous body from synchronous set-up code and returns its value.
    static func blockingValue<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
        let box = ValueBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// One pass: every target once, `GET`, as a browser asks.
    static func pages(_ responder: SiteResponder, label: String) -> Workload {
        let requests = targets.map {
            SiteRequest(method: "GET", target: $0, host: "photos.example.com", accept: "*/*")
        }
        return Workload(label: label, operations: requests.count) {
            blocking {
                var bytes = 0
                for request in requests { bytes &+= await responder.respond(to: request).body.count }
                return bytes
            }
        }
    }

    /// Links the server has not seen: every photo of the three albums (30,000 distinct known
    /// links, each a page with content), taken `perPass` at a time, each pass continuing where
    /// the last one stopped. A link comes back only after 30,000 others, so a responder that
    /// keeps 1,024 pages has dropped it long before: every page is decided, provided, cleaned,
    /// rendered and hashed, as on a site whose links are mostly seen once.
    ///
    /// With `named`, each photo is asked by its album's name, escaped in the query
    /// (`/albums?albumname=Summer%202024&index=3`): the links the HTTP measurement asks for.
    static func unseenPages(
        _ responder: SiteResponder, perPass: Int = 500, named: Bool = false, label: String
    ) -> Workload {
        let albums = ["summer-2024", "grandmas-90th", "hostile"]
        let names = [
            "Summer%202024", "Grandma%E2%80%99s%2090th%20%F0%9F%8E%82",
            "Tom%27s%20%22best%22%20%3C%2Ftitle%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E",
        ]
        let requests = (0..<10_000).flatMap { index in
            (0..<albums.count).map { album in
                SiteRequest(
                    method: "GET",
                    target: named
                        ? "/albums?albumname=\(names[album])&index=\(index)"
                        : "/albums/\(albums[album])/photos/\(index)",
                    host: "photos.example.com", accept: "*/*")
            }
        }
        final class Cursor: @unchecked Sendable { var next = 0 }
        let cursor = Cursor()
        return Workload(label: label, operations: perPass) {
            blocking {
                var bytes = 0
                var next = cursor.next
                for _ in 0..<perPass {
                    bytes &+= await responder.respond(to: requests[next]).body.count
                    next = next + 1 == requests.count ? 0 : next + 1
                }
                cursor.next = next
                return bytes
            }
        }
    }

    /// One pass: `perPass` answers for the same eight photo links, each kept after its first
    /// answer: the kept page of the same kind as ``unseenPages(_:perPass:label:)``.
    static func keptPhotoPages(_ responder: SiteResponder, perPass: Int = 500, label: String) -> Workload {
        let requests = (0..<8).map { index in
            SiteRequest(
                method: "GET", target: "/albums/summer-2024/photos/\(index)", host: "photos.example.com",
                accept: "*/*")
        }
        return Workload(label: label, operations: perPass) {
            blocking {
                var bytes = 0
                for index in 0..<perPass {
                    bytes &+= await responder.respond(to: requests[index & 7]).body.count
                }
                return bytes
            }
        }
    }

    /// One pass: the same number of answers, each a fixed page of a landing page's size.
    static func fixedPages(_ responder: SiteResponder) async -> Workload {
        let page = await responder.respond(
            to: SiteRequest(method: "GET", target: targets[0], host: "photos.example.com"))
        let count = targets.count
        @Sendable func fixed() async -> SiteResponse { page }
        return Workload(label: "a fixed page of the same size, same call", operations: count) {
            blocking {
                var bytes = 0
                for _ in 0..<count { bytes &+= await fixed().body.count }
                return bytes
            }
        }
    }
}

/// A value handed from a task to the thread that waits for it (the semaphore orders the two).
final class ValueBox<Value>: @unchecked Sendable {
    var value: Value?
}
