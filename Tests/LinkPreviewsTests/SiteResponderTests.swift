import AssociatedDomains
import DeepLinks
import Foundation
import LinkPreviews
import Testing

/// A site served by a responder: the Photo Album fixture on two domains and a mobile mirror.
enum ResponderFixture {
    static let aasa =
        #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.photoalbum"],"components":[{"/":"/albums/*"}]}]}}"#
    static let assetLinks =
        #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example.photoalbum","sha256_cert_fingerprints":["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#

    static func receiver() throws -> LinkReceiver {
        var policy = LinkPolicy(allowedHosts: ["photos.example.com", "photos.example.de"])
        policy.allowedSchemes.insert("photoalbum")
        return try LinkReceiver(table: PhotoAlbumFixture.table, policy: policy)
    }

    static func responder(
        providers: PreviewProviders = PhotoAlbumFixture.providers,
        configuration: SiteResponder.Configuration = SiteResponder.Configuration(),
        assetLinks: Bool = true
    ) throws -> SiteResponder {
        let service = try LinkPreviewService(
            receiver: receiver(), site: PhotoAlbumFixture.site, providers: providers)
        return try SiteResponder(
            service: service,
            hosts: [
                SiteHost("photos.example.com"), SiteHost("photos.example.de"),
                SiteHost("m.photos.example.com", canonicalHost: "photos.example.com"),
            ],
            associationFile: AssociationFileEndpoint(bytes: Array((aasa + "\n").utf8)),
            assetLinks: assetLinks ? AssetLinksEndpoint(bytes: Array(Self.assetLinks.utf8)) : nil,
            configuration: configuration)
    }
}

@Suite("Site responder: every status and header")
struct SiteResponderTests {
    let responder: SiteResponder

    init() throws {
        responder = try ResponderFixture.responder()
    }

    func get(
        _ target: String, method: String = "GET", host: String? = "photos.example.com", accept: String? = nil,
        ifNoneMatch: String? = nil
    ) async -> SiteResponse {
        await responder.respond(
            to: SiteRequest(
                method: method, target: target, host: host, accept: accept, ifNoneMatch: ifNoneMatch))
    }

    static let security = [
        ResponseHeader("X-Content-Type-Options", "nosniff"),
        ResponseHeader("Referrer-Policy", "strict-origin-when-cross-origin"),
        ResponseHeader("X-Frame-Options", "DENY"),
    ]
    static let pagePolicy = ResponseHeader(
        "Content-Security-Policy",
        "default-src 'none'; img-src https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    static let plainPolicy = ResponseHeader(
        "Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")

    func canonical(of response: SiteResponse) -> String? {
        let text = response.text
        guard let start = text.range(of: #"<link rel="canonical" href=""#) else { return nil }
        return String(text[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test("a routed link gets its landing page, with every header in order")
    func landingPage() async throws {
        let response = await get("/albums/summer-2024?utm_source=mail")
        #expect(response.status == 200)
        let etag = try #require(response.header("ETag"))
        #expect(
            response.headers
                == [
                    ResponseHeader("Content-Type", "text/html; charset=utf-8"),
                    ResponseHeader("Content-Length", String(response.body.count)),
                    ResponseHeader("ETag", etag),
                    ResponseHeader("Cache-Control", "public, max-age=300"),
                    ResponseHeader("Vary", "Accept"),
                    Self.pagePolicy,
                ] + Self.security)
        #expect(etag.utf8.count == 18 && etag.hasPrefix("\"") && etag.hasSuffix("\""))
        #expect(canonical(of: response) == "https://photos.example.com/albums/summer-2024")
        #expect(response.text.hasPrefix("<!DOCTYPE html>\n"))
        #expect(!response.text.contains("utm_source"))
    }

    @Test(
        "a page's ETag is the same from every copy of the responder, and changes with its style sheet, its text and its host"
    )
    func pageTagsAcrossCopies() async throws {
        let request = SiteRequest(method: "GET", target: "/albums/summer-2024", host: "photos.example.com")
        let first = await responder.respond(to: request)
        let copy = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 0))
        let again = await copy.respond(to: request)
        #expect(again.body == first.body)
        #expect(again.header("ETag") == first.header("ETag"))
        // The style sheet is a prepared part: the page's tag takes its own tag, not its bytes.
        let restyled = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(
                template: LandingPageTemplate(style: LandingPageTemplate.standardStyle + " ")))
        let other = await restyled.respond(to: request)
        #expect(other.body != first.body)
        #expect(other.header("ETag") != first.header("ETag"))
        var tags: [String?] = []
        for target in [
            "/albums/summer-2024", "/albums/hostile", "/albums/summer-2024/photos/1",
            "/albums/summer-2024/photos/2",
        ] {
            let page = await get(target)
            #expect(page.status == 200, "\(target)")
            tags.append(page.header("ETag"))
        }
        #expect(Set(tags).count == tags.count)
        let onOtherHost = await get("/albums/summer-2024", host: "photos.example.de")
        #expect(onOtherHost.body != first.body)
        #expect(onOtherHost.header("ETag") != first.header("ETag"))
    }

    @Test("API clients that prefer JSON get the preview as JSON; browsers and */* get the page")
    func contentNegotiation() async throws {
        let json = await get("/albums/summer-2024", accept: "application/json")
        #expect(json.status == 200)
        #expect(json.header("Content-Type") == "application/json")
        #expect(json.header("Content-Security-Policy") == Self.plainPolicy.value)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
        #expect(object["canonicalURL"] as? String == "https://photos.example.com/albums/summer-2024")
        #expect(json.header("ETag") != (await get("/albums/summer-2024")).header("ETag"))

        let cases: [(String?, String)] = [
            (nil, "text/html; charset=utf-8"),
            ("*/*", "text/html; charset=utf-8"),
            ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "text/html; charset=utf-8"),
            ("text/html;q=0.5, application/json", "application/json"),
            ("application/*", "application/json"),
            ("application/json;q=0, */*", "text/html; charset=utf-8"),
            ("application/json;q=0.9, text/html;q=0.95", "text/html; charset=utf-8"),
            ("image/png", "text/html; charset=utf-8"),
        ]
        for (accept, type) in cases {
            #expect(
                (await get("/albums/summer-2024", accept: accept)).header("Content-Type") == type,
                "\(accept ?? "none")")
        }
    }

    @Test("HEAD gets the headers of GET, Content-Length included, and no body")
    func head() async {
        for target in [
            "/albums/summer-2024", "/.well-known/apple-app-site-association", "/albums/%zz", "/.well-known/x",
        ] {
            let got = await get(target)
            let head = await get(target, method: "HEAD")
            #expect(head.status == got.status)
            #expect(head.headers == got.headers, "\(target)")
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(got.body.count))
        }
    }

    @Test("If-None-Match naming the ETag gets 304 with no body; weak tags, lists and * match too")
    func notModified() async throws {
        let page = await get("/albums/summer-2024")
        let etag = try #require(page.header("ETag"))
        for header in [etag, "W/" + etag, #""0000000000000000", "# + etag, "*"] {
            let response = await get("/albums/summer-2024", ifNoneMatch: header)
            #expect(response.status == 304, "\(header)")
            #expect(response.body.isEmpty)
            #expect(
                response.headers
                    == [
                        ResponseHeader("ETag", etag), ResponseHeader("Cache-Control", "public, max-age=300"),
                        ResponseHeader("Vary", "Accept"), Self.pagePolicy,
                    ] + Self.security)
        }
        #expect((await get("/albums/summer-2024", ifNoneMatch: #""0000000000000000""#)).status == 200)
        #expect((await get("/albums/summer-2024", method: "HEAD", ifNoneMatch: etag)).status == 304)
    }

    @Test("the association file is served on both paths, with an ETag, and 304 when unchanged")
    func associationFile() async throws {
        let expected = Array((ResponderFixture.aasa + "\n").utf8)
        for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
            let response = await get(path + "?x=1")
            #expect(response.status == 200)
            #expect(response.body == expected)
            let etag = try #require(response.header("ETag"))
            #expect(
                response.headers
                    == [
                        ResponseHeader("Content-Type", "application/json"),
                        ResponseHeader("Content-Length", String(expected.count)),
                        ResponseHeader("ETag", etag),
                        ResponseHeader("Cache-Control", "public, max-age=3600"),
                        Self.plainPolicy,
                    ] + Self.security)
            let again = await get(path, ifNoneMatch: etag)
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
        }
    }

    @Test("assetlinks.json is served as given, 304 when unchanged, and 404 when the site has none")
    func assetLinks() async throws {
        let response = await get("/.well-known/assetlinks.json")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text == ResponderFixture.assetLinks)
        let etag = try #require(response.header("ETag"))
        #expect((await get("/.well-known/assetlinks.json", ifNoneMatch: etag)).status == 304)
        let without = try ResponderFixture.responder(assetLinks: false)
        let missing = await without.respond(
            to: SiteRequest(method: "GET", target: "/.well-known/assetlinks.json"))
        #expect(missing.status == 404)
        #expect(missing.text == "not found\n")
    }

    @Test("near misses of the well-known files are 404, never a redirect")
    func wellKnownNearMisses() async {
        for target in [
            "/.well-known/apple-app-site-association/", "/.well-known/apple-app-site-association.json",
            "/.well-known/assetlinks", "/.well-known/", "/.well-known",
        ] {
            let response = await get(target)
            #expect(response.status == 404, "\(target)")
            #expect(response.header("Location") == nil)
            #expect(
                response.headers
                    == [
                        ResponseHeader("Content-Type", "text/plain; charset=utf-8"),
                        ResponseHeader("Content-Length", "10"),
                        ResponseHeader("Cache-Control", "public, max-age=300"),
                        Self.plainPolicy,
                    ] + Self.security)
        }
    }

    @Test("content that is not found gets the generic page with 404 and a short cache")
    func contentNotFound() async {
        let response = await get("/albums/winter-1999")
        #expect(response.status == 404)
        #expect(response.header("Cache-Control") == "public, max-age=60")
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(canonical(of: response) == "https://photos.example.com/")
    }

    @Test("links the gate or the table refuse, and malformed targets, get 400 with the reason")
    func badRequests() async {
        let cases: [(String, String)] = [
            (
                "/albums/%zz",
                "the link was refused: the link contains an invalid or truncated percent escape ('%zz') at offset 34\n"
            ),
            ("albums", "the request target must be a path such as /albums, or an absolute http(s) URL\n"),
            ("*", "the request target must be a path such as /albums, or an absolute http(s) URL\n"),
            (
                "ftp://photos.example.com/",
                "the request target must be a path such as /albums, or an absolute http(s) URL\n"
            ),
            ("/albums#top", "a request target has no fragment\n"),
        ]
        for (target, reason) in cases {
            let response = await get(target)
            #expect(response.status == 400, "\(target)")
            #expect(response.text == reason)
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.header("Cache-Control") == "public, max-age=300")
        }
        #expect((await get("/albums/" + String(repeating: "a", count: 5000))).status == 400)
    }

    /// The hostile request targets of `scripts/check-preview-server.sh`, which sends them to
    /// every example server and expects these answers from each.
    static let hostileTargets: [(String, String)] = [
        ("/albums/%zz", "the link contains an invalid or truncated percent escape ('%zz') at offset 34"),
        ("/a%", "the link contains an invalid or truncated percent escape ('%') at offset 28"),
        (
            "/albums/summer-2024%",
            "the link contains an invalid or truncated percent escape ('%') at offset 45"
        ),
        (
            "/albums?albumname=%zz&index=1",
            "the link contains an invalid or truncated percent escape ('%zz') at offset 44"
        ),
        ("/albums/%2e%2e", "the link's path contains a '.' or '..' segment (segment '%2e%2e') at offset 34"),
        ("/a/%2E%2E/b", "the link's path contains a '.' or '..' segment (segment '%2E%2E') at offset 29"),
        ("/a/../b", "the link's path contains a '.' or '..' segment (segment '..') at offset 29"),
        (
            #"/albums\summer-2024"#,
            "the link contains a backslash, which browsers read as a slash at offset 33"
        ),
        (
            "/albums/" + String(repeating: "a", count: 5000),
            "the link is longer than the policy allows (5034 bytes, limit 4096) at offset 4096"
        ),
        ("/albums/%00", "the link's path contains an encoded separator or NUL ('%00') at offset 34"),
        ("/albums/%2f", "the link's path contains an encoded separator or NUL ('%2f') at offset 34"),
        (
            "/albums/%0a",
            "the link contains whitespace or a control character (encoded line feed) at offset 34"
        ),
        ("/albums/%7f", "the link contains whitespace or a control character (encoded DEL) at offset 34"),
        ("//albums/summer-2024", "the link's path contains an empty segment ('//' in the path) at offset 27"),
        ("/albums//summer-2024", "the link's path contains an empty segment ('//' in the path) at offset 34"),
    ]

    @Test("hostile request targets are refused with 400 and the gate's reason, never repaired")
    func hostileTargets() async {
        for (target, reason) in Self.hostileTargets {
            for method in ["GET", "HEAD"] {
                let response = await get(target, method: method)
                #expect(response.status == 400, "\(method) \(target)")
                #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
                #expect(
                    response.header("Content-Length")
                        == String(("the link was refused: " + reason + "\n").utf8.count))
                if method == "GET" {
                    #expect(response.text == "the link was refused: " + reason + "\n", "\(target)")
                }
            }
        }
        // Targets an HTTP parser refuses before any adapter sees them: the responder refuses
        // them too.
        let cases: [(String, String)] = [
            (
                "/albums/café",
                "the link was refused: the link contains a character outside printable ASCII (byte 0xC3) at offset 37\n"
            ),
            (
                "/albums/\u{1}",
                "the link was refused: the link contains whitespace or a control character (control character 0x01) "
                    + "at offset 34\n"
            ),
            ("?x=1", "the request target must be a path such as /albums, or an absolute http(s) URL\n"),
        ]
        for (target, reason) in cases {
            let response = await get(target)
            #expect(response.status == 400, "\(target)")
            #expect(response.text == reason)
        }
        // A query on the root path is a link the app opens in the browser: the generic page.
        let root = await get("/?x=1")
        #expect(root.status == 200)
        #expect(canonical(of: root) == "https://photos.example.com/")
    }

    @Test("methods other than GET and HEAD get 405 with Allow, on pages and on the well-known files")
    func methodNotAllowed() async {
        for target in [
            "/albums/summer-2024", "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json",
        ] {
            for method in ["POST", "PUT", "DELETE", "OPTIONS", "get"] {
                let response = await get(target, method: method)
                #expect(response.status == 405, "\(method) \(target)")
                #expect(response.header("Allow") == "GET, HEAD")
                #expect(response.text == "only GET and HEAD are allowed\n")
            }
        }
    }

    @Test(
        "several hosts from one table: each page names its host's canonical host; unknown hosts get the first"
    )
    func severalHosts() async {
        let cases: [(String?, String, String)] = [
            ("photos.example.com", "/albums/summer-2024", "https://photos.example.com/albums/summer-2024"),
            ("photos.example.de", "/albums/summer-2024", "https://photos.example.de/albums/summer-2024"),
            ("PHOTOS.example.de:8443", "/albums/summer-2024", "https://photos.example.de/albums/summer-2024"),
            ("m.photos.example.com", "/albums/summer-2024", "https://photos.example.com/albums/summer-2024"),
            ("evil.example.net", "/albums/summer-2024", "https://photos.example.com/albums/summer-2024"),
            (nil, "/albums/summer-2024", "https://photos.example.com/albums/summer-2024"),
            (
                "evil.example.net", "http://photos.example.de/albums/summer-2024",
                "https://photos.example.de/albums/summer-2024"
            ),
            (
                "photos.example.de", "https://evil.example.net/albums/summer-2024",
                "https://photos.example.com/albums/summer-2024"
            ),
        ]
        for (host, target, expected) in cases {
            #expect(canonical(of: await get(target, host: host)) == expected, "\(host ?? "none") \(target)")
        }
    }

    @Test(
        "a provider's new preview for the same link is served at once: the cache keys on what pages are made of"
    )
    func cacheIsNeverStale() async throws {
        final class Titles: @unchecked Sendable {
            let lock = NSLock()
            var title = "First"
            func read() -> String { lock.withLock { title } }
            func set(_ new: String) { lock.withLock { title = new } }
        }
        let titles = Titles()
        var providers = PreviewProviders()
        providers.bind("album") { _ in LinkPreview(title: titles.read()) }
        let responder = try ResponderFixture.responder(providers: providers)
        let request = SiteRequest(method: "GET", target: "/albums/a", host: "photos.example.com")
        let first = await responder.respond(to: request)
        let again = await responder.respond(to: request)
        #expect(again == first)
        titles.set("Second")
        let changed = await responder.respond(to: request)
        #expect(changed.text.contains("<h1>Second</h1>"))
        #expect(changed.header("ETag") != first.header("ETag"))
    }

    @Test("a provider that fails gets 500, never cached, without its message")
    func providerFailure() async throws {
        struct StoreDown: Error {}
        var providers = PreviewProviders()
        providers.bind("album") { _ in throw StoreDown() }
        let responder = try ResponderFixture.responder(providers: providers)
        let response = await responder.respond(
            to: SiteRequest(method: "GET", target: "/albums/a", host: "photos.example.com"))
        #expect(response.status == 500)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.text == "the preview for route 'album' could not be built\n")
    }

    @Test("the configuration sets the cache lifetimes and Strict-Transport-Security")
    func configuration() async throws {
        let responder = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(
                pageCacheControl: "public, max-age=60, s-maxage=600", cacheCapacity: 0,
                strictTransportSecurity: "max-age=31536000"))
        let response = await responder.respond(
            to: SiteRequest(method: "GET", target: "/albums/summer-2024", host: "photos.example.com"))
        #expect(response.header("Cache-Control") == "public, max-age=60, s-maxage=600")
        #expect(response.headers.last == ResponseHeader("Strict-Transport-Security", "max-age=31536000"))
    }

    @Test("a request made from every header field keeps Host, Accept and If-None-Match")
    func requestFromHeaders() {
        let request = SiteRequest(
            method: "GET", target: "/",
            headers: [
                ("HOST", "photos.example.de"), ("Accept", "text/html"), ("accept", "application/json"),
                ("If-None-Match", #""a""#), ("Cookie", "session=1"),
            ])
        #expect(
            request
                == SiteRequest(
                    method: "GET", target: "/", host: "photos.example.de",
                    accept: "text/html, application/json",
                    ifNoneMatch: #""a""#))
        let withAuthority = SiteRequest(
            method: "GET", target: "/", host: "photos.example.com", headers: [("Host", "x")])
        #expect(withAuthority.host == "photos.example.com")
    }

    @Test(
        "each listed host's requests get its canonical origin, for a few hosts and for many",
        arguments: [3, 8, 9, 12])
    func originOfEachHost(count: Int) async throws {
        let service = try LinkPreviewService(
            receiver: ResponderFixture.receiver(), site: PhotoAlbumFixture.site,
            providers: PhotoAlbumFixture.providers)
        let canonicalHost = { (index: Int) in
            index.isMultiple(of: 2) ? "photos.example.com" : "photos.example.de"
        }
        let hosts = try (0..<count).map {
            try SiteHost("m\($0).photos.example.com", canonicalHost: canonicalHost($0))
        }
        let responder = try SiteResponder(service: service, hosts: hosts)
        func canonicalLink(host: String?) async -> String? {
            canonical(
                of: await responder.respond(
                    to: SiteRequest(method: "GET", target: "/albums/summer-2024", host: host)))
        }
        for index in 0..<count {
            for spelling in ["m\(index).photos.example.com", "M\(index).Photos.Example.COM:8443"] {
                #expect(
                    await canonicalLink(host: spelling)
                        == "https://\(canonicalHost(index))/albums/summer-2024",
                    "\(spelling)")
            }
        }
        // A host that is not listed, or none, is answered as the first host.
        for host in ["m\(count).photos.example.com", "photos.example.de", nil] {
            #expect(await canonicalLink(host: host) == "https://photos.example.com/albums/summer-2024")
        }
    }

    @Test("a responder's configuration is checked when it is made")
    func configurationErrors() throws {
        let service = try LinkPreviewService(
            receiver: ResponderFixture.receiver(), site: PhotoAlbumFixture.site,
            providers: PhotoAlbumFixture.providers)
        #expect(throws: SiteResponderError.noHosts) { try SiteResponder(service: service, hosts: []) }
        #expect(throws: SiteResponderError.duplicateHost("photos.example.com")) {
            try SiteResponder(
                service: service, hosts: [SiteHost("photos.example.com"), SiteHost("Photos.Example.com")])
        }
        for host in ["photos.example.com:8080", "photos.example.com/albums"] {
            #expect(
                throws: SiteResponderError.invalidHost(
                    host, reason: "it must be a host name alone, without a port, a path or user information")
            ) { try SiteHost(host) }
        }
        guard
            case .hostRefusedByGate(let host, _)? = SiteResponderTests.error({
                () throws(SiteResponderError) in
                try SiteResponder(service: service, hosts: [SiteHost("other.example.com")])
            })
        else {
            Issue.record("expected hostRefusedByGate")
            return
        }
        #expect(host == "other.example.com")
        #expect(
            throws: SiteResponderError.invalidConfiguration(
                "the header value 'public\r\nSet-Cookie: a=b' holds a control character")
        ) {
            try SiteResponder(
                service: service, hosts: [SiteHost("photos.example.com")],
                configuration: SiteResponder.Configuration(pageCacheControl: "public\r\nSet-Cookie: a=b"))
        }
    }

    static func error(_ body: () throws(SiteResponderError) -> SiteResponder) -> SiteResponderError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("assetlinks.json bytes are checked: at most 128 KB, and a list the strict reader accepts")
    func assetLinksChecks() throws {
        #expect(throws: AssetLinksServingError.unreadable(.notAnArray(found: "an object"))) {
            try AssetLinksEndpoint(bytes: Array("{}".utf8))
        }
        #expect(throws: AssetLinksServingError.tooLarge(byteCount: 131_073)) {
            try AssetLinksEndpoint(
                bytes: [UInt8(ascii: "[")] + Array(repeating: 0x20, count: 131_071) + [UInt8(ascii: "]")])
        }
        let file = try AssetLinksFile(parsing: ResponderFixture.assetLinks)
        let endpoint = try AssetLinksEndpoint(file: file)
        #expect(endpoint.body == file.servedBytes)
        #expect(try AssetLinksFile(bytes: endpoint.body) == file)
    }

    @Test("the association endpoint serves a file's served bytes: indented, a final newline, read back alike")
    func associationFileServedBytes() throws {
        let generated = AppLinksGenerator(
            appIDs: ["ABCDE12345.com.example.photos"], domain: "photos.example.com"
        )
        .generate(from: PhotoAlbumFixture.table)
        let endpoint = try AssociationFileEndpoint(file: generated.file)
        #expect(endpoint.body == generated.file.servedBytes)
        #expect(endpoint.body.last == UInt8(ascii: "\n"))
        #expect(endpoint.body.starts(with: Array("{\n  \"applinks\"".utf8)))
        #expect(try AssociationFileDocument(bytes: endpoint.body).file == generated.file)
        let compact = try AssociationFileEndpoint(file: generated.file, format: .associationFileCompact)
        #expect(compact.body == Array((generated.file.serialized(.compact) + "\n").utf8))
    }
}
