/// A link matched to a route: the route's name, its typed parameters, and the link itself.
///
/// The link is the sanitised one (tracking and credential items removed), and
/// ``canonicalLink`` its canonical text, which is what to log, compare or share.
///
/// ```swift
/// if case .route(let match) = dispatcher.outcome(for: text) {
///     match.route                          // "photo"
///     match.parameters.integer("index")    // 3
///     match.canonicalLink                  // "https://example.com/albums/summer/photos/3"
/// }
/// ```
public struct RouteMatch: Sendable, Hashable, Codable {
    /// The route's name.
    public let route: String
    /// The typed parameters, defaults included.
    public let parameters: RouteParameters
    /// What following the route risks.
    public let safety: RouteSafety
    /// The sanitised link.
    public let link: Link
    /// The canonical text of the sanitised link.
    public let canonicalLink: String

    /// Creates a match.
    public init(route: String, parameters: RouteParameters, safety: RouteSafety, link: Link) {
        self.route = route
        self.parameters = parameters
        self.safety = safety
        self.link = link
        self.canonicalLink = link.canonical
    }
}
