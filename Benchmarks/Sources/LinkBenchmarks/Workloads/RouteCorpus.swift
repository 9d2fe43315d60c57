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
        case uuid
        case slug
        case period
        case segments
    }

    /// The values of the `period` enumeration.
    static let periods = ["day", "week", "month", "year"]

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

    /// One link, pre-split for the router benchmarks. Most hit the table; some miss it (an
    /// unknown path, a value of the wrong type, an unknown host), and the pipeline's links
    /// also include hostile and malformed ones that the gate refuses.
    struct Probe {
        /// The route the link leads to, or `nil` for a miss.
        let route: String?
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
    /// the routes of the first `probedRoutes` entries (all of them when `nil`); a share
    /// `misses` of the links miss the table.
    init(
        routeCount: Int, probeCount: Int, probedRoutes: Int? = nil, misses: Double = 0,
        seed: UInt64 = 0x5EED
    ) {
        let resources = max(1, routeCount / 10)
        let hostCount = min(resources, max(3, resources / 20))
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
                entry("top", [.literal("top"), .parameter("period", .period)], list: true),
                entry("show", [.parameter("id", .identifier)]),
                entry("edit", [.parameter("id", .identifier), .literal("edit")]),
                entry("share", [.literal("shared"), .parameter("token", .uuid)]),
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
            var host = entry.hosts[Int(random.next() % UInt64(entry.hosts.count))]
            var segments: [String] = []
            for piece in entry.pieces {
                switch piece {
                case .literal(let text): segments.append(text)
                case .parameter(_, .identifier): segments.append(String(1 + random.next() % 9_999_999))
                case .parameter(_, .uuid): segments.append(Self.uuid(&random))
                case .parameter(_, .period):
                    segments.append(Self.periods[Int(random.next() % UInt64(Self.periods.count))])
                case .parameter(_, .slug), .parameter(_, .segments):
                    segments.append(Self.slugs[Int(random.next() % UInt64(Self.slugs.count))])
                case .catchAll:
                    for _ in 0...(random.next() % 3) {
                        segments.append(
                            Self.fileSegments[Int(random.next() % UInt64(Self.fileSegments.count))])
                    }
                }
            }
            var route: String? = entry.name
            if Double(random.next() % 1_000) < misses * 1_000 {
                // A miss: a value of the wrong type, an unknown page, or a host the table lacks.
                route = nil
                switch random.next() % 4 {
                case 0 where segments.count > 1 && Int(segments[1]) != nil: segments[1] = "not-a-number"
                case 1 where segments.count > 1: segments[1] = "unknown-page"
                case 2: host = "elsewhere.example.net"
                default: segments[0] += "-gone"
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
                Probe(route: route, host: host, segments: segments, peerPath: [host] + segments, text: text))
        }
        self.probes = probes
    }

    // MARK: - The SDK's table

    /// The table as the SDK declares it.
    var routeTable: RouteTable { RouteTable(routes: routes) }

    /// The routes as the SDK declares them, each with its own scope and query list (as a
    /// table generated route by route would have them).
    var routes: [Route] {
        entries.map { entry in
            var text = ""
            for piece in entry.pieces {
                switch piece {
                case .literal(let literal): text += "/" + literal
                case .parameter(let name, .identifier): text += "/:\(name)(int 1...99999999)"
                case .parameter(let name, .uuid): text += "/:\(name)(uuid)"
                case .parameter(let name, .period):
                    text += "/:\(name)(enum " + Self.periods.joined(separator: "|") + ")"
                case .parameter(let name, _): text += "/:\(name)(slug 1...64)"
                case .catchAll(let name): text += "/*\(name)"
                }
            }
            return Route(
                entry.name, PathPattern(parsing: text),
                query: entry.readsListQuery ? ["page(int 1...1000)=1", "sort(enum new|top|name)?"] : [],
                scope: RouteScope(schemes: ["https"], hosts: entry.hosts.map { HostPattern($0) }))
        }
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

extension RouteCorpus {
    /// A random UUID in lower case, as links carry them.
    static func uuid(_ random: inout SplitMix64) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { text.append("-") }
            text.append(digits[Int(random.next() % 16)])
        }
        return text
    }

    /// Links that the gate refuses or that no route serves, as attackers and broken
    /// clients send them: credentials, wrong schemes, encoded separators and dot segments,
    /// bad escapes, spaces, look-alike hosts, ports, overlong values.
    static let hostileLinks = [
        "https://user:secret@example.com/albums/12",
        "http://example.com/albums/12",
        "javascript:alert(1)",
        "https://example.com/albums/%2e%2e/admin",
        "https://example.com/albums/12%2Fedit",
        "https://example.com/albums/%zz",
        "https://example.com/albums/12 edit",
        "https://example.com:8443/albums/12",
        "https://example.com.evil.net/albums/12",
        "https://exa\u{0430}mple.com/albums/12",
        "https://example.com//albums/12",
        "https://example.com/albums/0012",
        "https://example.com/albums/99999999999999999999999",
        "https://example.com/albums/shared/not-a-uuid",
        "https://example.com/albums/top/decade",
        "https://example.com/albums/tags/Summer_2024",
        "//example.com/albums/12",
        "https://example.com/albums?page=0",
        "https://example.com/albums?page=1&page=2",
        "https://example.com/albums?sort=random",
        "https://example.com/" + String(repeating: "a", count: 3_000),
        "not a link at all",
    ]
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
