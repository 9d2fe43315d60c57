import DeepLinks

/// Writes an `assetlinks.json` statement list from a route table: one App Links statement per
/// app, each with Android 15's dynamic rules for the table's routes.
///
/// Every route that serves http(s) links on the domain becomes one rule: literal segments as
/// written (compared percent-decoded, as the matcher does), each parameter and catch-all `?*`
/// (one or more characters), required query parameters a `?` matcher `?*`, a route that
/// refuses fragments `#` `""`, and the route's name the rule's `comments`. A route whose last
/// segment is optional gets two rules, with and without it. Destructive routes become
/// exclusions and come first, after the explicit ``exclusions``, because the first matching
/// rule decides: a web link never opens a destructive screen directly (see “A link never
/// deletes or exposes data directly”). Rules are ordered so that none is shadowed (a more
/// specific route's rule before a broader one), and routes with the same pattern share one
/// rule. A URL no rule matches stays in the browser on Android 15 and later.
///
/// Android's patterns cannot say "one path segment", name an enumeration's values, ignore
/// letter case or write a literal `*` or `?` (which become `?`), so a generated file can send
/// the app a few URLs no route handles, as the Apple file can. Devices before Android 15
/// ignore the dynamic rules and open every URL the app's manifest declares.
///
/// ```swift
/// let app = AndroidAppTarget(packageName: "com.example.app", fingerprints: [fingerprint])
/// let generated = AssetLinksGenerator(apps: [app], domain: "example.com").generate(from: table)
/// let body = generated.file.servedBytes   // serve at /.well-known/assetlinks.json
/// ```
public struct AssetLinksGenerator: Sendable {
    /// The apps the list names, each with its package name and fingerprints.
    public var apps: [AndroidAppTarget]
    /// The domain the file will be served on; routes scoped to other hosts are left out.
    public var domain: String
    /// Rules to place before everything else (`exclude` is forced on).
    public var exclusions: [DynamicAppLinkComponent]

    /// Creates a generator.
    public init(apps: [AndroidAppTarget], domain: String, exclusions: [DynamicAppLinkComponent] = []) {
        self.apps = apps
        self.domain = domain.lowercased()
        self.exclusions = exclusions
    }

    /// Creates a generator for the table's canonical host, or `nil` when the table names none.
    public init?(
        apps: [AndroidAppTarget], canonicalHostOf table: RouteTable,
        exclusions: [DynamicAppLinkComponent] = []
    ) {
        guard let host = table.canonicalHost else { return nil }
        self.init(apps: apps, domain: host, exclusions: exclusions)
    }

    /// The generated list, with the route behind each rule and the routes left out.
    public func generate(from table: RouteTable) -> GeneratedAssetLinks {
        var excluded: [(AppLinksComponent, String?)] = exclusions.map { rule in
            var rule = rule
            rule.exclude = true
            return (Self.appleComponent(rule), nil)
        }
        var included: [(AppLinksComponent, String?)] = []
        var skipped: [GeneratedAppLinks.SkippedRoute] = []
        for route in table.routes {
            if let reason = skipReason(route) {
                skipped.append(.init(route: route.name, reason: reason))
                continue
            }
            // A route with optional segments gets a rule for each reading.
            let shapes = route.path.readings.map { reading in
                var shape = route
                shape.path = reading
                return shape
            }
            for shape in shapes {
                let rule = Self.appleComponent(Self.rule(for: shape))
                if route.safety == .destructive {
                    excluded.append((rule, route.name))
                } else {
                    included.append((rule, route.name))
                }
            }
        }
        // The order that leaves no rule shadowed is the Apple generator's: the two pattern
        // languages agree on `*` and `?`, and these rules use nothing else.
        let variables = SubstitutionVariables(custom: [:])
        let ordered =
            AppLinksGenerator.reachableOrder(excluded, defaults: nil, variables: variables)
            + AppLinksGenerator.reachableOrder(included, defaults: nil, variables: variables)
        let rules = ordered.map { Self.androidRule($0.0) }
        let statements = apps.map { AssetStatement(app: $0, dynamicComponents: rules) }
        return GeneratedAssetLinks(
            file: AssetLinksFile(statements: statements), componentRoutes: ordered.map(\.1),
            skippedRoutes: skipped)
    }

    private func skipReason(_ route: Route) -> GeneratedAppLinks.SkippedRoute.Reason? {
        if route.path.syntaxError != nil { return .invalidPattern }
        if !route.scope.servesWeb { return .notWeb }
        if !route.scope.hosts.isEmpty && !route.scope.hosts.contains(where: { $0.matches(domain) }) {
            return .otherHost
        }
        return nil
    }

    /// The rule for one route.
    static func rule(for route: Route) -> DynamicAppLinkComponent {
        var path = ""
        for segment in route.path.segments {
            path += "/"
            switch segment {
            case .literal(let text):
                path += String(text.map { $0 == "*" || $0 == "?" ? "?" : $0 })
            case .parameter, .catchAll:
                path += "?*"
            }
        }
        if path.isEmpty { path = "/" }
        var query: [String: String] = [:]
        for parameter in route.query where parameter.isRequired {
            query[parameter.name] = "?*"
        }
        var fragment: String?
        switch route.fragment {
        case .any: fragment = nil
        case .none: fragment = ""
        case .parameter(let declaration): fragment = declaration.isRequired ? "?*" : nil
        }
        return DynamicAppLinkComponent(
            path: path, query: query.isEmpty ? nil : query, fragment: fragment,
            exclude: route.safety == .destructive ? true : nil, comments: "route \(route.name)")
    }

    /// The same rule in the Apple file's model, for the ordering analysis (`$(` escaped so
    /// that it stays literal).
    private static func appleComponent(_ rule: DynamicAppLinkComponent) -> AppLinksComponent {
        func literal(_ text: String) -> String { text.replacingOccurrences(of: "$(", with: "%24(") }
        return AppLinksComponent(
            path: rule.path.map(literal), query: rule.query.map { .items($0.mapValues(literal)) },
            fragment: rule.fragment.map(literal), exclude: rule.exclude, comment: rule.comments)
    }

    private static func androidRule(_ component: AppLinksComponent) -> DynamicAppLinkComponent {
        func literal(_ text: String) -> String { text.replacingOccurrences(of: "%24(", with: "$(") }
        var query: [String: String]?
        if case .items(let items)? = component.query { query = items.mapValues(literal) }
        return DynamicAppLinkComponent(
            path: component.path.map(literal), query: query, fragment: component.fragment.map(literal),
            exclude: component.exclude, comments: component.comment)
    }
}

/// An `assetlinks.json` statement list generated from a route table.
public struct GeneratedAssetLinks: Sendable, Hashable {
    /// The list: one App Links statement per app, each with the same dynamic rules.
    public let file: AssetLinksFile
    /// For each rule, the route it was generated from (`nil` for an explicit exclusion).
    public let componentRoutes: [String?]
    /// The routes that have no rule, and why.
    public let skippedRoutes: [GeneratedAppLinks.SkippedRoute]
}
