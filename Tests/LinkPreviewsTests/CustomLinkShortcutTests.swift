import DeepLinks
import TestSupport
import Testing

@testable import LinkPreviews

/// A page offers the custom-scheme link made from its web link without deciding it when the
/// receiver is known to decide both alike (`LinkReceiver.customSchemeLinkDecidedAlike`). These
/// tests pin that such a link is decided exactly as the web link was, and that the tables,
/// domains and links where that does not hold are decided in full.
@Suite("Custom-scheme links known to be decided as their web links")
struct CustomLinkShortcutTests {
    /// The web link the receiver writes and decides for a routed link, and the custom link
    /// made from it when known: each checked against deciding it.
    @Test("a link known to be decided alike is decided to the same route, parameters and spelling")
    func knownLinksAreDecidedAlike() throws {
        var known = 0
        var decidedInFull = 0
        for (name, service, links) in try WrittenLinkEquivalenceTests.cases() {
            guard let scheme = service.site.app.customScheme?.name else { continue }
            let receiver = service.receiver
            for text in links {
                guard case .route(let match) = receiver.receive(url: text).outcome else { continue }
                let parameters = service.writtenParameters(of: match)
                let host = receiver.router.canonicalHost(for: match.route) ?? match.link.host
                let web = try receiver.writtenLinkDecided(
                    for: match.route, parameters: parameters, scheme: match.link.scheme, host: host)
                guard web.outcome.match?.route == match.route,
                    web.outcome.match?.parameters == match.parameters,
                    web.link?.canonical == web.text
                else { continue }
                guard
                    let made = try? receiver.customSchemeLinkDecidedAlike(
                        for: match.route, scheme: scheme, webLink: web.text)
                else {
                    decidedInFull += 1
                    continue
                }
                known += 1
                let decided = try receiver.writtenLinkDecided(
                    for: match.route, parameters: parameters, scheme: scheme, host: nil, webLink: web.text)
                #expect(decided.text == made, "\(name): \(text)")
                #expect(decided.link?.canonical == made, "\(name): \(text)")
                #expect(decided.outcome.match?.route == match.route, "\(name): \(text)")
                #expect(decided.outcome.match?.parameters == match.parameters, "\(name): \(text)")
                #expect(
                    receiver.receive(url: made).outcome.match?.parameters == match.parameters,
                    "\(name): \(text)")
            }
        }
        // The domain fixture's links are all known (its custom links are all accepted); the
        // fixtures whose scheme reads its host as a segment are all decided in full.
        #expect(known >= 60)
        #expect(decidedInFull >= 40)
    }

    /// A receiver for `table` with `photoalbum` registered on `photos.example.com`.
    static func receiver(
        _ table: RouteTable, domains: [HostPattern] = ["photos.example.com"], maxLength: Int? = nil
    ) throws -> LinkReceiver {
        var policy = LinkPolicy(allowedHosts: ["photos.example.com", "photos.example.org"])
        policy.allowedSchemes.insert("photoalbum")
        if let maxLength { policy.limits.maxLength = maxLength }
        return try LinkReceiver(
            table: table, policy: policy,
            schemes: SchemeRegistry([try CustomScheme("photoalbum", host: .domain(domains))]))
    }

    /// The custom link known for the web link `web` of `route`, if any.
    static func known(_ receiver: LinkReceiver, _ route: String, _ web: String) throws -> String? {
        try receiver.customSchemeLinkDecidedAlike(for: route, scheme: "photoalbum", webLink: web)
    }

    @Test("a route for web links only, on the same path, takes the web link and not the custom one")
    func webOnlyRouteOnTheSamePath() throws {
        let receiver = try Self.receiver(
            RouteTable {
                Route("webAlbum", "/albums/:album(slug)", scope: RouteScope(schemes: ["https"]))
                Route("appAlbum", "/albums/:album(slug)", scope: RouteScope(schemes: ["photoalbum"]))
            })
        let web = "https://photos.example.com/albums/summer"
        #expect(receiver.receive(url: web).outcome.match?.route == "webAlbum")
        // The made link goes to the other route: it must be decided, never assumed.
        #expect(
            receiver.receive(url: "photoalbum://photos.example.com/albums/summer").outcome.match?.route
                == "appAlbum")
        #expect(try Self.known(receiver, "webAlbum", web) == nil)
    }

    @Test("a route scoped to hosts admits web links by host and custom links never")
    func hostScopedRoute() throws {
        let receiver = try Self.receiver(
            RouteTable {
                Route("album", "/albums/:album(slug)")
                Route("shared", "/shared/:id(slug)", scope: RouteScope(hosts: ["photos.example.com"]))
            })
        // Even for a route with no scope: the router's choice could differ on another path.
        #expect(try Self.known(receiver, "album", "https://photos.example.com/albums/summer") == nil)
        #expect(receiver.receive(url: "photoalbum://photos.example.com/shared/abc").outcome.match == nil)
    }

    @Test("a scope decides alike for one web scheme and not the other")
    func oneWebSchemeOfTwo() throws {
        let receiver = try Self.receiver(
            RouteTable {
                Route("album", "/albums/:album(slug)", scope: RouteScope(schemes: ["https", "photoalbum"]))
                Route(
                    "legacy", "/legacy", scope: RouteScope(schemes: ["http"], hosts: ["photos.example.com"]))
            })
        #expect(
            try Self.known(receiver, "album", "https://photos.example.com/albums/summer")
                == "photoalbum://photos.example.com/albums/summer")
        #expect(try Self.known(receiver, "album", "http://photos.example.com/albums/summer") == nil)
    }

    @Test("every scope naming nothing: both web schemes are decided alike")
    func unscopedTable() throws {
        let receiver = try Self.receiver(RouteTable { Route("album", "/albums/:album(slug)") })
        #expect(
            try Self.known(receiver, "album", "http://photos.example.com/albums/summer?x#y")
                == "photoalbum://photos.example.com/albums/summer?x#y")
        #expect(
            try Self.known(receiver, "album", "https://photos.example.com/albums/summer")
                == "photoalbum://photos.example.com/albums/summer")
        // Text that is not a web link in canonical spelling is never known.
        for text in [
            "HTTPS://photos.example.com/albums/summer", "httpx://photos.example.com/albums/summer", "http",
        ] {
            #expect(try Self.known(receiver, "album", text) == nil, "\(text)")
        }
    }

    @Test("a made link longer than the gate's limit is left to the decision, which refuses it")
    func longerThanTheLimit() throws {
        let web = "https://photos.example.com/albums/summer"
        let made = "photoalbum://photos.example.com/albums/summer"
        let receiver = try Self.receiver(
            RouteTable { Route("album", "/albums/:album(slug)") }, maxLength: made.utf8.count - 1)
        #expect(receiver.receive(url: web).outcome.match?.route == "album")
        #expect(try Self.known(receiver, "album", web) == nil)
        #expect(receiver.receive(url: made).outcome.match == nil)
        let atTheLimit = try Self.receiver(
            RouteTable { Route("album", "/albums/:album(slug)") }, maxLength: made.utf8.count)
        #expect(try Self.known(atTheLimit, "album", web) == made)
    }

    @Test("the web link's lone '/' is left out of the made link, which is then decided")
    func rootPath() throws {
        let receiver = try Self.receiver(
            RouteTable { Route("home", "/", query: ["tab(enum all|mine)=all"]) })
        #expect(try Self.known(receiver, "home", "https://photos.example.com/") == nil)
        #expect(try Self.known(receiver, "home", "https://photos.example.com/?tab=mine") == nil)
    }

    @Test("a scheme with no fixed domain is decided in full")
    func noFixedDomain() throws {
        let receiver = try Self.receiver(
            RouteTable { Route("album", "/albums/:album(slug)") },
            domains: ["photos.example.com", "photos.example.org"])
        #expect(try Self.known(receiver, "album", "https://photos.example.com/albums/summer") == nil)
    }

    @Test("a domain the gate refuses is decided in full")
    func domainTheGateRefuses() throws {
        var policy = LinkPolicy(allowedHosts: ["photos.example.com"])
        policy.allowedSchemes.insert("photoalbum")
        policy.customSchemeHostsAreDomains = true
        let receiver = try LinkReceiver(
            table: RouteTable { Route("album", "/albums/:album(slug)") }, policy: policy,
            schemes: SchemeRegistry([try CustomScheme("photoalbum", host: .domain(["photos.example.net"]))]))
        #expect(try Self.known(receiver, "album", "https://photos.example.com/albums/summer") == nil)
        #expect(receiver.receive(url: "photoalbum://photos.example.net/albums/summer").outcome.match == nil)
    }

    @Test("generated tables of overlapping routes and mixed scopes: a known link is decided alike")
    func generatedTables() throws {
        let paths = [
            "/a/:x(slug)", "/a/:x(int 0...99)", "/a/b", "/a/:x", "/:y(slug)/b", "/a/*rest", "/a/:x(slug)/c",
            "/a/:x(slug)/c/:z(int)",
        ]
        let scopes = [
            RouteScope(), RouteScope(schemes: ["https"]), RouteScope(schemes: ["http"]),
            RouteScope(schemes: ["photoalbum"]), RouteScope(schemes: ["https", "photoalbum"]),
            RouteScope(schemes: ["http", "https", "photoalbum"]), RouteScope(hosts: ["photos.example.com"]),
            RouteScope(schemes: ["https"], hosts: ["photos.example.com"]),
            RouteScope(schemes: ["https", "photoalbum"], hosts: ["*.example.com"]),
        ]
        let links = [
            "/a/b", "/a/7", "/a/x-y", "/q/b", "/a/b/c/d", "/a/x/c", "/a/x/c/12", "/a/100", "/b/b",
        ]
        var random = SplitMix64(seed: 35)
        var known = 0
        var unknown = 0
        for _ in 0..<400 {
            let count = random.int(2...5)
            var routes: [Route] = []
            for index in 0..<count {
                routes.append(
                    Route(
                        "r\(index)", try PathPattern(paths[random.int(0...(paths.count - 1))]),
                        scope: random.chance(0.5) ? scopes[random.int(0...(scopes.count - 1))] : RouteScope(),
                        safety: random.chance(0.2) ? .sensitive : .navigate,
                        priority: random.chance(0.2) ? 1 : 0))
            }
            guard let receiver = try? Self.receiver(RouteTable(routes: routes)) else { continue }
            for path in links {
                for scheme in ["https", "http"] {
                    // The made link's domain is photos.example.com whatever the web link's host.
                    let host = random.chance(0.5) ? "photos.example.com" : "photos.example.org"
                    let text = scheme + "://" + host + path
                    guard let match = receiver.receive(url: text).outcome.match else { continue }
                    let web = try receiver.writtenLinkDecided(
                        for: match.route, parameters: match.parameters, scheme: scheme, host: host)
                    guard web.outcome.match?.route == match.route,
                        web.outcome.match?.parameters == match.parameters, web.link?.canonical == web.text
                    else { continue }
                    guard let made = try? Self.known(receiver, match.route, web.text) else {
                        unknown += 1
                        continue
                    }
                    known += 1
                    let decided = receiver.receive(url: made)
                    let label = "\(routes.map(\.description)) \(web.text)"
                    #expect(decided.outcome.match?.route == match.route, "\(label)")
                    #expect(decided.outcome.match?.parameters == match.parameters, "\(label)")
                    #expect(try receiver.gate.parse(made).canonical == made, "\(label)")
                }
            }
        }
        #expect(known >= 300)
        #expect(unknown >= 300)
    }
}
