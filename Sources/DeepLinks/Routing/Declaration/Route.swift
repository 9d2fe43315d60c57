/// One entry of a route table: a name, the links it serves, the parameters it reads, and
/// what following it risks.
///
/// A route is data. It matches a link when the link's scheme and host fall in its ``scope``,
/// its path fits ``path`` with every parameter valid, every required query parameter is
/// present and valid, and the fragment satisfies ``fragment``. Which route wins when several
/// match is decided by ``Router``'s documented precedence; ``priority`` lets the author
/// override it.
///
/// ```swift
/// let photo = Route(
///     "photo", "/albums/:album(slug)/photos/:index(int 0...9999)",
///     query: ["size(enum small|large)=small"],
///     scope: RouteScope(schemes: ["https"], hosts: ["example.com"]))
/// let delete = Route("deleteAlbum", "/albums/:album(slug)", query: ["confirm(bool)"], safety: .destructive)
/// ```
///
/// A route can also say where its screen sits and what it needs before it opens: ``parent``
/// names the route whose screen comes before it in a navigation stack (a product under its
/// category, an episode under its season), and ``requirements`` names conditions the app
/// defines ("signedIn", "onboarded") that ``LinkHolder`` waits for before handing the decision
/// back.
///
/// ```swift
/// let episode = Route(
///     "episode", "/title/:title(slug)/season/:season(int 1...99)/episode/:episode(int 1...999)",
///     parent: "season")
/// let cart = Route("cart", "/cart", requires: ["signedIn"])
/// ```
///
/// In JSON a route is an object with the keys `name` and `path` and the optional keys
/// `query`, `fragment`, `scope`, `safety`, `priority`, `parent` and `requires` (an array of
/// condition names); unknown keys are refused, so that a misspelt key is never silently ignored.
public struct Route: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The route's name, unique in its table; handlers and reverse routing refer to it.
    public var name: String
    /// The path pattern.
    public var path: PathPattern
    /// What following the route risks.
    ///
    /// Declared beside ``path`` so that it fills the pattern's padding: a table keeps
    /// thousands of routes.
    public var safety: RouteSafety
    /// The query parameters the route reads.
    public var query: [QueryParameter]
    /// What the route requires of the fragment.
    public var fragment: FragmentRule {
        get { extras?.fragment ?? .any }
        set { setExtras(fragment: newValue, priority: priority, parent: parent, requirements: requirements) }
    }
    /// The schemes and hosts the route serves.
    public var scope: RouteScope
    /// Routes with a higher priority are tried before all routes with a lower one; the
    /// default is 0. Use it only to settle what the precedence rules leave ambiguous.
    public var priority: Int {
        get { extras?.priority ?? 0 }
        set { setExtras(fragment: fragment, priority: newValue, parent: parent, requirements: requirements) }
    }
    /// The route whose screen comes before this one in a navigation stack, or `nil` for a
    /// screen at the root. Its parameters are read from this route's parameters of the same
    /// names (see ``Router/path(for:)``); the table check refuses a parent it cannot build.
    public var parent: String? {
        get { extras?.parent }
        set {
            setExtras(fragment: fragment, priority: priority, parent: newValue, requirements: requirements)
        }
    }
    /// The conditions the app must report before a decision for this route is handed back
    /// (``LinkHolder``): names the app defines, such as `signedIn` or `onboarded`.
    public var requirements: Set<String> {
        get { extras?.requirements ?? [] }
        set { setExtras(fragment: fragment, priority: priority, parent: parent, requirements: newValue) }
    }
    /// The fragment rule, priority, parent and requirements, out of line and `nil` while all
    /// four hold their defaults: most routes set none of them, and a table keeps thousands of
    /// routes (a route is then 64 bytes).
    private var extras: Extras?

    /// A route's fragment rule, priority, parent and requirements, never all four at their
    /// defaults.
    private final class Extras: Sendable, Hashable {
        let fragment: FragmentRule
        let priority: Int
        let parent: String?
        let requirements: Set<String>

        init(fragment: FragmentRule, priority: Int, parent: String?, requirements: Set<String>) {
            self.fragment = fragment
            self.priority = priority
            self.parent = parent
            self.requirements = requirements
        }

        static func == (a: Extras, b: Extras) -> Bool {
            a === b
                || (a.fragment == b.fragment && a.priority == b.priority && a.parent == b.parent
                    && a.requirements == b.requirements)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fragment)
            hasher.combine(priority)
            hasher.combine(parent)
            hasher.combine(requirements)
        }
    }

    private mutating func setExtras(
        fragment: FragmentRule, priority: Int, parent: String?, requirements: Set<String>
    ) {
        extras =
            fragment == .any && priority == 0 && parent == nil && requirements.isEmpty
            ? nil
            : Extras(fragment: fragment, priority: priority, parent: parent, requirements: requirements)
    }

    /// Creates a route.
    public init(
        _ name: String, _ path: PathPattern, query: [QueryParameter] = [], fragment: FragmentRule = .any,
        scope: RouteScope = .any, safety: RouteSafety = .navigate, priority: Int = 0, parent: String? = nil,
        requires requirements: Set<String> = []
    ) {
        self.name = name
        self.path = path
        self.query = query
        self.scope = scope
        self.safety = safety
        setExtras(fragment: fragment, priority: priority, parent: parent, requirements: requirements)
    }

    /// The route's name.
    public var id: String { name }

    /// Every parameter name the route declares: path, then query, then fragment.
    public var parameterNames: [String] {
        path.parameterNames + query.map(\.name) + (fragment.declaration.map { [$0.name] } ?? [])
    }

    /// `name path?query#fragment` on one line, for messages.
    public var description: String {
        var text = "\(name) \(path.text)"
        if !query.isEmpty { text += "?" + query.map(\.description).joined(separator: "&") }
        if fragment != .any { text += "#\(fragment)" }
        if let parent { text += " under \(parent)" }
        if !requirements.isEmpty { text += " requires " + requirements.sorted().joined(separator: ",") }
        return text
    }
}

extension Route: Codable {
    /// The keys of a route's JSON, which the route-table reader reads too.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case name, path, query, fragment, scope, safety, priority, parent, requires
    }
    private static let keyNames = Set(CodingKeys.allCases.map(\.rawValue))

    /// Decodes a route; optional keys take their defaults and unknown keys are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, what: "a route", allowed: Self.keyNames)
        self.init(
            try c.decode(String.self, forKey: .name),
            try c.decode(PathPattern.self, forKey: .path),
            query: try c.decodeIfPresent([QueryParameter].self, forKey: .query) ?? [],
            fragment: try c.decodeIfPresent(FragmentRule.self, forKey: .fragment) ?? .any,
            scope: try c.decodeIfPresent(RouteScope.self, forKey: .scope) ?? .any,
            safety: try c.decodeIfPresent(RouteSafety.self, forKey: .safety) ?? .navigate,
            priority: try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0,
            parent: try c.decodeIfPresent(String.self, forKey: .parent),
            requires: Set(try c.decodeIfPresent([String].self, forKey: .requires) ?? []))
    }

    /// Encodes a route, leaving out keys that hold their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(path, forKey: .path)
        if !query.isEmpty { try c.encode(query, forKey: .query) }
        if fragment != .any { try c.encode(fragment, forKey: .fragment) }
        if scope != .any { try c.encode(scope, forKey: .scope) }
        if safety != .navigate { try c.encode(safety, forKey: .safety) }
        if priority != 0 { try c.encode(priority, forKey: .priority) }
        try c.encodeIfPresent(parent, forKey: .parent)
        if !requirements.isEmpty { try c.encode(requirements.sorted(), forKey: .requires) }
    }
}
