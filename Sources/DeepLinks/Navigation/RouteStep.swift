/// One screen of a navigation path: a route and the parameters it opens with.
///
/// ``Router/path(for:)`` gives the steps from the root to a match; each ancestor's parameters
/// are read from the match's parameters of the same names.
///
/// ```swift
/// let match = receiver.receive(url: "https://reel.example/title/tt0111161/season/2/episode/5").match!
/// receiver.router.path(for: match).map(\.route)   // ["title", "season", "episode"]
/// ```
public struct RouteStep: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The route's name.
    public let route: String
    /// The parameters the route's screen opens with.
    public let parameters: RouteParameters

    /// Creates a step.
    public init(route: String, parameters: RouteParameters) {
        self.route = route
        self.parameters = parameters
    }

    /// `route(name: value, …)`, for messages and test failures.
    public var description: String {
        route + "(" + parameters.entries.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
    }
}

extension Router {
    /// The navigation path that opens a match: its route's ancestors (``Route/parent``), root
    /// first, then the match's own route.
    ///
    /// Each ancestor opens with the match's parameters it declares (the table check makes
    /// sure it gets every one it needs) and the defaults of its query parameters that the
    /// match does not carry. A match from another table, whose route this router does not
    /// know, gives the match alone.
    ///
    /// Cost: at most ``RouteTable/maximumParentDepth`` + 1 steps, each reading the parameters
    /// its route declares.
    public func path(for match: RouteMatch) -> [RouteStep] {
        let ancestors = ancestors(ofRoute: match.route).map { ancestor in
            var parameters = RouteParameters()
            for (parameter, _) in ancestor.declaredParameters {
                if let value = match.parameters[parameter] { parameters[parameter] = value }
            }
            for query in ancestor.query where parameters[query.name] == nil {
                if let value = query.defaultValue { parameters[query.name] = value }
            }
            return RouteStep(route: ancestor.name, parameters: parameters)
        }
        return ancestors.reversed() + [RouteStep(route: match.route, parameters: match.parameters)]
    }

    /// The routes above `name` through ``Route/parent``, nearest first; at most
    /// ``RouteTable/maximumParentDepth`` (a built table has no cycle and no deeper chain).
    func ancestors(ofRoute name: String) -> [CompiledRoute] {
        var ancestors: [CompiledRoute] = []
        var next = compiledRoute(named: name)?.route.parent
        while let parent = next, let ancestor = compiledRoute(named: parent),
            ancestors.count < RouteTable.maximumParentDepth
        {
            ancestors.append(ancestor)
            next = ancestor.route.parent
        }
        return ancestors
    }
}

extension TypedRoutes {
    /// The typed navigation path that opens a match: one destination per step of
    /// ``Router/path(for:)``, root first, for a `NavigationStack` path or a coordinator.
    ///
    /// Steps whose route is listed as unmapped have no destination and are left out.
    ///
    /// ```swift
    /// try screens.path(for: match)   // [.title(Title(title: "tt0111161")), .season(...), .episode(...)]
    /// ```
    ///
    /// - Throws: ``TypedRoutesError/valueNotReadable(type:route:reason:)`` when a custom
    ///   parameter type's value does not fit its property.
    public func path(for match: RouteMatch) throws(TypedRoutesError) -> [Destination] {
        var destinations: [Destination] = []
        for step in router.path(for: match) {
            guard let reader = reader(for: step.route) else { continue }
            destinations.append(try reader.read(step.parameters))
        }
        return destinations
    }
}

extension RouteStep {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(route, forKey: "route")
        try c.encode(parameters, forKey: "parameters")
    }
}
