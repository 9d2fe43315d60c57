import DeepLinks
import RoutingKit

/// A generated, realistic route table written twice, once for the SDK and once for
/// routing-kit, with links that hit it.
///
/// Every resource of a site gets the ten routes a real app has (list, new, popular, show,
/// edit, share, comments, one comment, tag pages, files under a catch-all), typed where a
/// real app would type them. Resources are spread over several hosts; the first host's routes
/// also serve its mobile mirror. routing-kit has no notion of hosts, so it is given the host
/// as the first path segment, while the SDK is given the host and the path as it takes them:
/// both routers decide on the same host and the same segments.
struct RouteCorpus {
    /// What kind of value a parameter holds, which fixes both the SDK type and the peer's
    /// conversion.
    enum ParameterKind {
        case identifier
        case slug
        case segments
    }

    /// One piece of a route's path.
    enum Piece {
        case literal(String)
        case parameter(String, ParameterKind)
        case catchAll(String)
    }

    /// One generated route.
    struct Entry {
        let name: String
        let hosts: [String]
        let pieces: [Piece]
        /// Whether the route reads the list query (`page`, `sort`).
        let readsListQuery: Bool
    }

    /// One link that hits the table, pre-split for the router benchmarks.
    struct Probe {
        let route: String
        let host: String
        /// Decoded path segments, as ``Link/pathSegments`` has them.
        let segments: [String]
        /// The host followed by the segments: what routing-kit is given.
        let peerPath: [String]
        /// The whole link text, with query items (some of them tracking) for the pipeline.
        let text: String
    }

    static let siteHosts = [
        "example.com", "shop.example.com", "music.example.com", "help.example.com", "news.example.com",
    ]
    static let mirrorHost = "m.example.com"

    static let nouns = [
        "albums", "artists", "playlists", "podcasts", "episodes", "products", "categories", "orders",
        "reviews",
        "articles", "topics", "authors", "videos", "channels", "events", "venues", "tickets", "recipes",
        "stores",
        "brands", "offers", "guides", "courses", "lessons", "teams", "players", "matches", "leagues",
        "photos",
        "stories", "books", "movies", "shows", "stations", "projects", "boards", "issues", "releases", "apps",
        "groups",
    ]

    static let slugs = [
        "summer-2024", "jazz", "new-releases", "top-10", "road-trip", "classics", "for-you", "live",
    ]
    static let fileSegments = ["docs", "2024", "q3", "report.pdf", "cover.jpg", "press", "kit.zip"]

    let entries: [Entry]
    let probes: [Probe]

    /// A table of `routeCount` routes (a multiple of ten) and `probeCount` links drawn from
    /// the routes of the first `probedRoutes` entries (all of them when `nil`).
    init(routeCount: Int, probeCount: Int, probedRoutes: Int? = nil, seed: UInt64 = 0x5EED) {
        let resources = max(1, routeCount / 10)
        let hostCount = max(1, resources / 20)
        func host(_ index: Int) -> String {
            index < Self.siteHosts.count ? Self.siteHosts[index] : "site\(index).example.com"
        }
        var entries: [Entry] = []
        entries.reserveCapacity(resources * 10)
        for r in 0..<resources {
            let hostIndex = r % hostCount
            let site = host(hostIndex)
            let hosts = hostIndex == 0 ? [site, Self.mirrorHost] : [site]
            let noun = Self.nouns[r % Self.nouns.count]
            let resource = r < Self.nouns.count ? noun : "\(noun)-\(r / Self.nouns.count)"
            let prefix = "\(site.split(separator: ".").first ?? "site").\(resource)"
            func entry(_ kind: String, _ pieces: [Piece], list: Bool = false) -> Entry {
                Entry(
                    name: "\(prefix).\(kind)", hosts: hosts, pieces: [.literal(resource)] + pieces,
                    readsListQuery: list)
            }
            entries += [
                entry("list", [], list: true),
                entry("new", [.literal("new")]),
                entry("popular", [.literal("popular")], list: true),
                entry("show", [.parameter("id", .identifier)]),
                entry("edit", [.parameter("id", .identifier), .literal("edit")]),
                entry("share", [.parameter("id", .identifier), .literal("share")]),
                entry("comments", [.parameter("id", .identifier), .literal("comments")], list: true),
                entry(
                    "comment",
                    [.parameter("id", .identifier), .literal("comments"), .parameter("comment", .identifier)]),
                entry("tag", [.literal("tags"), .parameter("tag", .slug)], list: true),
                entry("files", [.literal("files"), .catchAll("path")]),
            ]
        }
        self.entries = entries

        var random = SplitMix64(seed: seed)
        let pool = entries.prefix(probedRoutes ?? entries.count)
        var probes: [Probe] = []
        probes.reserveCapacity(probeCount)
        for _ in 0..<probeCount {
            let entry = pool[pool.startIndex + Int(random.next() % UInt64(pool.count))]
            let host = entry.hosts[Int(random.next() % UInt64(entry.hosts.count))]
            var segments: [String] = []
            for piece in entry.pieces {
                switch piece {
                case .literal(let text): segments.append(text)
                case .parameter(_, .identifier): segments.append(String(1 + random.next() % 9_999_999))
                case .parameter(_, .slug), .parameter(_, .segments):
                    segments.append(Self.slugs[Int(random.next() % UInt64(Self.slugs.count))])
                case .catchAll:
                    for _ in 0...(random.next() % 3) {
                        segments.append(
                            Self.fileSegments[Int(random.next() % UInt64(Self.fileSegments.count))])
                    }
                }
            }
            var query: [String] = []
            if entry.readsListQuery, random.next() % 2 == 0 { query.append("page=\(1 + random.next() % 40)") }
            if entry.readsListQuery, random.next() % 3 == 0 { query.append("sort=top") }
            if random.next() % 2 == 0 { query += ["utm_source=newsletter", "utm_medium=email"] }
            if random.next() % 4 == 0 { query.append("ref=home") }
            let text =
                "https://\(host)/" + segments.joined(separator: "/")
                + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            probes.append(
                Probe(
                    route: entry.name, host: host, segments: segments, peerPath: [host] + segments, text: text
                ))
        }
        self.probes = probes
    }

    // MARK: - The SDK's table

    /// The routes as the SDK declares them.
    var routeTable: RouteTable {
        RouteTable(
            routes: entries.map { entry in
                var text = ""
                for piece in entry.pieces {
                    switch piece {
                    case .literal(let literal): text += "/" + literal
                    case .parameter(let name, .identifier): text += "/:\(name)(int 1...99999999)"
                    case .parameter(let name, _): text += "/:\(name)(slug 1...64)"
                    case .catchAll(let name): text += "/*\(name)"
                    }
                }
                return Route(
                    entry.name, PathPattern(parsing: text),
                    query: entry.readsListQuery ? ["page(int 1...1000)=1", "sort(enum new|top|name)?"] : [],
                    scope: RouteScope(schemes: ["https"], hosts: entry.hosts.map { HostPattern($0) }))
            })
    }

    /// The gate's policy for the table: https on the table's hosts.
    var policy: LinkPolicy {
        var hosts = Set<String>()
        for entry in entries { hosts.formUnion(entry.hosts) }
        return LinkPolicy(allowedSchemes: ["https"], allowedHosts: hosts.sorted().map { HostPattern($0) })
    }

    // MARK: - The peer's table

    /// What a routing-kit route carries: its name and how to read its parameters.
    final class PeerRoute: Sendable {
        let name: String
        let parameters: [(name: String, kind: ParameterKind)]
        let readsListQuery: Bool

        init(name: String, parameters: [(name: String, kind: ParameterKind)], readsListQuery: Bool) {
            self.name = name
            self.parameters = parameters
            self.readsListQuery = readsListQuery
        }
    }

    /// The same routes registered in a routing-kit `TrieRouter`, host first.
    func peerRouter() -> TrieRouter<PeerRoute> {
        let router = TrieRouter(PeerRoute.self)
        for entry in entries {
            var path: [PathComponent] = []
            var parameters: [(name: String, kind: ParameterKind)] = []
            for piece in entry.pieces {
                switch piece {
                case .literal(let literal): path.append(.constant(literal))
                case .parameter(let name, let kind):
                    path.append(.parameter(name))
                    parameters.append((name, kind))
                case .catchAll(let name):
                    path.append(.catchall)
                    parameters.append((name, .segments))
                }
            }
            let route = PeerRoute(
                name: entry.name, parameters: parameters, readsListQuery: entry.readsListQuery)
            for host in entry.hosts { router.register(route, at: [.constant(host)] + path) }
        }
        return router
    }
}

/// A small, fast, seeded generator, so that every run draws the same links.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
