import DeepLinks
import Testing

@testable import LinkPreviews

/// A page's links are written by reverse routing and decided once by the receiver, without
/// reverse routing's own read-back and without deciding them again. These tests pin that the
/// shortcut gives exactly what the full round trips give, over many generated links.
@Suite("Written links decided once give what the round trips give")
struct WrittenLinkEquivalenceTests {
    /// A photo-album site whose custom scheme's host is the site's domain
    /// (`photoalbum://photos.example.com/albums/x`).
    static func domainSchemeService() throws -> LinkPreviewService {
        let table = RouteTable {
            RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
                Route("album", "/albums/:album(slug)", query: ["sort(enum date|name)=date"])
                Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
                Route("search", "/search", query: ["q(string 1...64)"])
                Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            }
        }
        var policy = LinkPolicy(allowedHosts: ["photos.example.com"])
        policy.allowedSchemes.insert("photoalbum")
        let scheme = try CustomScheme("photoalbum", host: .domain(["photos.example.com"]))
        let receiver = try LinkReceiver(table: table, policy: policy, schemes: SchemeRegistry([scheme]))
        let site = PreviewSite(
            name: "Photo Album", homeURL: "https://photos.example.com/",
            fallback: LinkPreview(title: "Photo Album"), locale: "en_US",
            app: AppListing(name: "Photo Album", appStoreID: "1234567890", customScheme: scheme))
        var providers = PreviewProviders()
        for name in ["album", "photo", "search"] {
            providers.bind(name) { request in LinkPreview(title: "\(request.route) \(request.canonicalURL)") }
        }
        return try LinkPreviewService(receiver: receiver, site: site, providers: providers)
    }

    /// Links of every routed kind: slugs, numbers at and past their bounds, defaulted and other
    /// query values, values that need percent-encoding, tracking items, other hosts' spellings.
    static func photoLinks(host: String) -> [String] {
        let slugs = ["summer-2024", "a", "grandmas-90th", "x-y-z", "Summer-2024", "hostile"]
        var links: [String] = []
        for slug in slugs {
            links.append("https://\(host)/albums/\(slug)")
            links.append("https://\(host)/albums/\(slug)?sort=name")
            links.append("https://\(host)/albums/\(slug)?sort=date&utm_source=mail")
            links.append("https://\(host)/albums/\(slug)/delete")
            for index in [0, 1, 9, 10, 99, 1234, 9999, 10_000] {
                links.append("https://\(host)/albums/\(slug)/photos/\(index)")
            }
        }
        for query in [
            "cats", "two%20words", "a+b", "50%25", "%C3%A9t%C3%A9", "a%26b%3Dc", "%F0%9F%8E%82", "x%2Fy",
            "~tilde",
            "it's", "quote%22", "%3Cb%3E",
        ] {
            links.append("https://\(host)/search?q=\(query)")
            links.append("https://\(host)/search?q=\(query)&fbclid=1")
        }
        links.append("https://\(host.uppercased())/albums/summer-2024")
        links.append("https://\(host):443/albums/summer-2024/photos/3")
        return links
    }

    static func cases() throws -> [(String, LinkPreviewService, [String])] {
        [
            (
                "custom scheme on the domain", try domainSchemeService(),
                photoLinks(host: "photos.example.com")
            ),
            (
                "custom scheme read as a segment", try PhotoAlbumFixture.service(),
                photoLinks(host: "photos.example.com")
            ),
            (
                "canonical host", try CanonicalHostPreviewTests.service(),
                ["shop.example.com", "www.shop.example.com", "help.example.com"].flatMap { host in
                    ["/p/1", "/p/42", "/p/0", "/c/shoes", "/c/shoes/2", "/c/Shoes/3", "/help"].map {
                        "https://" + host + $0
                    }
                }
            ),
            (
                "custom scheme for guarded routes only", try StreamingFixture.service(),
                ["de", "fr", "en"].flatMap { locale in
                    ["ab", "film-1", "abcdefghijklmnop", "a"].map {
                        "https://reel.example/\(locale)/title/\($0)"
                    }
                } + ["https://reel.example/redeem?code=ABCDEFGH"]
            ),
        ]
    }

    @Test("canonical and offered links: the same as reverse routing's read-back and a second decision give")
    func sameLinksAsTheRoundTrips() throws {
        var shortcuts = 0
        var sameText = 0
        for (name, service, links) in try Self.cases() {
            var routed = 0
            for text in links {
                guard case .route(let match) = service.receiver.receive(url: text).outcome else { continue }
                routed += 1
                let old = try service.canonicalLink(for: match)
                let oldLinks = try service.offeredLinks(for: match)
                let new = try #require(service.writtenLinks(for: match), "\(name): \(text)")
                shortcuts += 1
                #expect(new.canonical == old, "\(name): \(text)")
                #expect(new.links == oldLinks, "\(name): \(text)")
                // Handed the text it decided, the service leaves out a second decision of a web
                // link with the same bytes, and gives the same links.
                let reused = try #require(
                    service.writtenLinks(for: match, decidedText: text), "\(name): \(text)")
                #expect(reused.canonical == old && reused.links == oldLinks, "\(name): \(text)")
                if UTF8Text.sameBytes(old, text) { sameText += 1 }

                // The read-back the shortcut leaves out would have passed, with the same text.
                let parameters = service.writtenParameters(of: match)
                let host = service.receiver.router.canonicalHost(for: match.route) ?? match.link.host
                let checked = try service.receiver.router.link(
                    for: match.route, parameters: parameters, scheme: match.link.scheme, host: host)
                let written = try service.receiver.writtenLinkDecided(
                    for: match.route, parameters: parameters, scheme: match.link.scheme, host: host)
                #expect(written.text == checked, "\(name): \(text)")
                #expect(written.outcome.match?.route == match.route, "\(name): \(text)")
                #expect(written.outcome.match?.parameters == match.parameters, "\(name): \(text)")
            }
            #expect(routed >= 4, "\(name): \(routed) routed links")
        }
        #expect(shortcuts >= 150)
        // Links already written as reverse routing writes them take the second shortcut.
        #expect(sameText >= 20)
    }

    @Test("a value its parameter does not take is written without its check, and does not lead back")
    func valuesAreCheckedByTheDecision() throws {
        let receiver = try Self.domainSchemeService().receiver
        let cases: [RouteParameters] = [
            ["album": "summer", "index": 10_000], ["album": "Not A Slug", "index": 3],
            ["album": "summer", "index": "three"],
        ]
        var decided = 0
        for parameters in cases {
            // Reverse routing refuses the value, naming the parameter...
            #expect {
                try receiver.link(
                    for: "photo", parameters: parameters, scheme: "https", domain: "photos.example.com")
            } throws: { error in
                guard case .invalidParameter(route: "photo", let failure) = error as? ReverseRoutingError
                else {
                    return false
                }
                return parameters[failure.parameter] != nil
            }
            // ...and the written link, decided, leads elsewhere or nowhere: a page never offers it.
            for scheme in ["https", "photoalbum"] {
                guard
                    let written = try? receiver.writtenLinkDecided(
                        for: "photo", parameters: parameters, scheme: scheme, host: "photos.example.com")
                else { continue }
                let back = written.outcome.match
                #expect(back?.route != "photo" || back?.parameters != parameters, "\(written.text)")
                decided += 1
            }
        }
        // Every such link is written (a value its type cannot format would throw).
        #expect(decided == 6)
    }

    @Test("a segment that is not one segment of a link is refused with or without the values' check")
    func segmentsAreCheckedEitherWay() throws {
        let receiver = try LinkReceiver(
            table: RouteTable {
                Route("typed", "/a/*rest(int)")
                Route("untyped", "/b/*rest")
                Route("one", "/c/:id")
            },
            policy: LinkPolicy(allowedHosts: ["photos.example.com"]))
        let cases: [(String, RouteParameters)] = [
            ("typed", ["rest": .segments(["1", "", "2"])]), ("untyped", ["rest": .segments(["1", "a/b"])]),
            ("one", ["id": "a/b"]), ("one", ["id": ".."]),
        ]
        for (route, parameters) in cases {
            #expect("\(route) \(parameters)") {
                try receiver.writtenLinkDecided(
                    for: route, parameters: parameters, scheme: "https", host: "photos.example.com")
            } throws: { error in
                guard case .invalidParameter(route: route, let failure) = error as? ReverseRoutingError else {
                    return false
                }
                return failure.location == .path
            }
        }
    }

    @Test("a custom-scheme link made from the web link is the one reverse routing writes")
    func customSchemeTextFromTheWebLink() throws {
        var compared = 0
        for (name, service, links) in try Self.cases() {
            guard let scheme = service.site.app.customScheme?.name else { continue }
            for text in links {
                guard case .route(let match) = service.receiver.receive(url: text).outcome else { continue }
                let parameters = service.writtenParameters(of: match)
                let host = service.receiver.router.canonicalHost(for: match.route) ?? match.link.host
                let web = try service.receiver.writtenLinkDecided(
                    for: match.route, parameters: parameters, scheme: match.link.scheme, host: host
                ).text
                compared += try Self.compareCustomSchemeText(
                    service.receiver, route: match.route, parameters: parameters, scheme: scheme,
                    webLink: web,
                    "\(name): \(text)")
            }
        }
        // Paths that are `/` alone, with and without a query, and a trailing slash.
        let table = RouteTable {
            RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
                Route("home", "/", query: ["tab(enum all|mine)=all"])
                Route("albums", "/albums/")
                Route("album", "/albums/:album(slug)", fragment: "photo(int 0...99)?")
            }
            Route("web", "/web", scope: RouteScope(schemes: ["https"]))
        }
        var policy = LinkPolicy(allowedHosts: ["photos.example.com"])
        policy.allowedSchemes.insert("photoalbum")
        let receiver = try LinkReceiver(
            table: table, policy: policy,
            schemes: SchemeRegistry([try CustomScheme("photoalbum", host: .domain(["photos.example.com"]))]))
        for (route, parameters) in [
            ("home", [:]), ("home", ["tab": "mine"]), ("albums", [:]), ("album", ["album": "summer"]),
            ("album", ["album": "summer", "photo": 3]), ("web", [:]),
        ] as [(String, RouteParameters)] {
            let web = try receiver.router.link(
                for: route, parameters: parameters, scheme: "https", host: "photos.example.com")
            compared += try Self.compareCustomSchemeText(
                receiver, route: route, parameters: parameters, scheme: "photoalbum", webLink: web, route)
        }
        #expect(compared >= 60)
    }

    /// Compares the link made from `webLink` with the one written for `scheme`: the same text,
    /// or the same error. Returns 1 when the scheme's host is a domain (a comparison was made).
    private static func compareCustomSchemeText(
        _ receiver: LinkReceiver, route: String, parameters: RouteParameters, scheme: String, webLink: String,
        _ label: String
    ) throws -> Int {
        let made = Result { () throws(ReverseRoutingError) -> String? in
            try receiver.customSchemeText(for: route, scheme: scheme, webLink: webLink)
        }
        if case .success(nil) = made { return 0 }
        let written = Result { () throws(ReverseRoutingError) -> String? in
            try receiver.writtenLinkDecided(for: route, parameters: parameters, scheme: scheme, host: nil)
                .text
        }
        #expect(made == written, "\(label)")
        return 1
    }

    @Test(
        "links the receiver spelled canonically make the same page whether the page's gates read them or not")
    func pageGatesSkippedGiveTheSameMetadata() async throws {
        for (name, service, links) in try Self.cases() {
            #expect(service.linksNeedNoRecheck, "\(name)")
            for text in links {
                guard let resolution = try? await service.resolve(text), let routed = resolution.routed else {
                    continue
                }
                #expect(resolution.linksChecked, "\(name): \(text)")
                let rechecked = LinkPreviewService.Resolution(
                    source: resolution.source, routed: routed, appLinks: resolution.appLinks,
                    linksChecked: false)
                #expect(
                    try service.metadata(for: resolution) == service.metadata(for: rechecked),
                    "\(name): \(text)")
            }
        }
    }

    @Test("a receiver whose gate admits more than the page's gates has its links read again")
    func looserGateRechecks() throws {
        for change in [
            { (policy: inout LinkPolicy) in policy.allowsIPLiterals = true },
            { (policy: inout LinkPolicy) in policy.allowsEmptySegments = true },
            { (policy: inout LinkPolicy) in policy.allowsEncodedSeparators = true },
            { (policy: inout LinkPolicy) in policy.limits.maxLength = 8192 },
            { (policy: inout LinkPolicy) in policy.limits.maxQueryItems = 65 },
        ] {
            var policy = LinkPolicy()
            #expect(PreviewMetadata.pageGatesAdmitAll(of: policy))
            change(&policy)
            #expect(!PreviewMetadata.pageGatesAdmitAll(of: policy))
        }
        var stricter = LinkPolicy(allowedHosts: ["example.com"])
        stricter.limits.maxLength = 100
        #expect(PreviewMetadata.pageGatesAdmitAll(of: stricter))
    }
}
