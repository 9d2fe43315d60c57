/// A link matched to a route: the route's name, its typed parameters, and the link itself.
///
/// Matches are made only by ``LinkReceiver``: a handler never sees one that did not pass the
/// gate and the route table. The link is the sanitised one (tracking and credential items
/// removed), and ``canonicalLink`` its canonical text, which is what to log, compare or share.
///
/// ```swift
/// if case .route(let match) = receiver.receive(url: text).outcome {
///     match.route                          // "photo"
///     match.parameters.integer("index")    // 3
///     match.canonicalLink                  // "https://example.com/albums/summer/photos/3"
/// }
/// ```
///
/// A match is `Encodable` (for logs and the command line) but not `Decodable`: a decoded match
/// would be one the receiver never made.
public struct RouteMatch: Sendable, Hashable, Encodable {
    /// The route's name.
    public let route: String
    /// The typed parameters, defaults included.
    public let parameters: RouteParameters
    /// What following the route risks: its effective safety (``Router/effectiveSafety(ofRoute:)``),
    /// the strongest of its own and its ancestors', since its navigation path opens them all.
    public let safety: RouteSafety
    /// The sanitised link.
    public let link: Link

    /// Where the route sits in the table of the router that made the match, or -1 when not
    /// known: a hint that lets ``TypedRoutes`` find the route's entry without hashing its
    /// name. A hint only: whoever uses it checks that the route there has this name (so a match
    /// from another table is still found by name), and it takes no part in equality, hashing
    /// or encoding.
    @usableFromInline package let routeIndex: Int

    /// The canonical text of the sanitised link, computed when asked for.
    public var canonicalLink: String { link.canonical }

    /// Creates a match: only the receiver's pipeline does.
    init(route: String, parameters: RouteParameters, safety: RouteSafety, link: Link, routeIndex: Int = -1) {
        self.route = route
        self.parameters = parameters
        self.safety = safety
        self.link = link
        self.routeIndex = routeIndex
    }

    /// Two matches are equal when they name the same route with the same parameters, safety
    /// and link (where their routers keep the route does not matter).
    public static func == (a: RouteMatch, b: RouteMatch) -> Bool {
        a.route == b.route && a.parameters == b.parameters && a.safety == b.safety && a.link == b.link
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(parameters)
        hasher.combine(safety)
        hasher.combine(link)
    }

    /// Encodes the route, parameters, safety, link and canonical link.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(route, forKey: "route")
        try c.encode(parameters, forKey: "parameters")
        try c.encode(safety, forKey: "safety")
        try c.encode(link, forKey: "link")
        try c.encode(canonicalLink, forKey: "canonicalLink")
    }
}
