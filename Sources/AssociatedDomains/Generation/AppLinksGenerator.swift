import DeepLinks
import DeepLinksJSON

/// Writes the `applinks` section of an association file from a route table.
///
/// Every route that serves http(s) links on the domain becomes one component: literal
/// segments percent-encoded, each parameter and catch-all `?*` (one or more characters),
/// an enumeration parameter a substitution variable listing its values, required query
/// parameters a `?` item, a fragment rule a `#` pattern, and the route's name the component's
/// `comment`. A route whose last segment is optional (`/c/:slug/:page?`) gets two components,
/// with and without that segment. Destructive routes become `exclude` components, so that a link never opens a
/// destructive screen straight from the web (see “A link never deletes or exposes data directly” in the documentation); they are placed first, after the
/// explicit exclusions, because the first matching component decides. A table that ignores
/// letter case gets `caseSensitive: false` as the detail's default.
///
/// AASA patterns cannot say "one path segment" (`*` and `?` cross `/`), so a generated file
/// can send the app a few URLs no route handles; ``AssociationCrossCheck`` lists them.
///
/// ```swift
/// let generated = AppLinksGenerator(appIDs: ["ABCDE12345.com.example.app"], domain: "example.com")
///     .generate(from: table)
/// print(generated.file.serialized(.pretty))
/// ```
public struct AppLinksGenerator: Sendable {
    /// The App IDs the detail names.
    public var appIDs: [String]
    /// The domain the file will be served on; routes scoped to other hosts are left out.
    public var domain: String
    /// Components to exclude before everything else (`exclude` is forced on).
    public var exclusions: [AppLinksComponent]

    /// Creates a generator.
    public init(appIDs: [String], domain: String, exclusions: [AppLinksComponent] = []) {
        self.appIDs = appIDs
        self.domain = domain.lowercased()
        self.exclusions = exclusions
    }

    /// Creates a generator for the table's canonical host (`RouteTable.canonicalHost`), or
    /// `nil` when the table names none.
    ///
    /// ```swift
    /// let generator = AppLinksGenerator(appIDs: ["ABCDE12345.com.example.shop"], canonicalHostOf: table)
    /// generator?.domain    // "shop.example.com"
    /// ```
    public init?(appIDs: [String], canonicalHostOf table: RouteTable, exclusions: [AppLinksComponent] = []) {
        guard let host = table.canonicalHost else { return nil }
        self.init(appIDs: appIDs, domain: host, exclusions: exclusions)
    }

    /// The generated file, with the route behind each component and the routes left out.
    public func generate(from table: RouteTable) -> GeneratedAppLinks {
        var variables: [String: [String]] = [:]
        var excluded: [(AppLinksComponent, String?)] = exclusions.map { component in
            var component = component
            component.exclude = true
            return (component, nil)
        }
        var included: [(AppLinksComponent, String?)] = []
        let (shapes, skipped) = WebLinkShape.shapes(of: table, domain: domain)
        for shape in shapes {
            let component = Self.component(for: shape, variables: &variables)
            if shape.exclude {
                excluded.append((component, shape.route))
            } else {
                included.append((component, shape.route))
            }
        }
        let defaults =
            table.options.caseSensitivity == .insensitive ? AppLinksComponent(caseSensitive: false) : nil
        let compiledVariables = SubstitutionVariables(custom: variables)
        let ordered =
            Self.reachableOrder(excluded, defaults: defaults, variables: compiledVariables)
            + Self.reachableOrder(included, defaults: defaults, variables: compiledVariables)
        let detail = AppLinksDetail(appIDs: appIDs, components: ordered.map(\.0), defaults: defaults)
        let appLinks = AppLinks(details: [detail], substitutionVariables: variables.isEmpty ? nil : variables)
        return GeneratedAppLinks(
            file: AssociationFile(appLinks: appLinks), componentRoutes: ordered.map(\.1),
            skippedRoutes: skipped, overReach: WebLinkShape.overReach(of: shapes, in: table))
    }

    /// The components in an order where none can be shadowed: each goes before the first
    /// earlier component that matches every URL it matches (`/a/latest` before `/a/?*`), and a
    /// component that matches exactly what an earlier one matches is merged into it (its route
    /// is added to the comment). Apple stops at the first matching component, so without this a
    /// route declared after a broader one would get a component that never decides.
    static func reachableOrder(
        _ list: [(AppLinksComponent, String?)], defaults: AppLinksComponent?, variables: SubstitutionVariables
    ) -> [(AppLinksComponent, String?)] {
        let reachability = RuleReachability(budget: PatternLanguage.Budget(100_000))
        var result: [(component: AppLinksComponent, route: String?, rule: CompiledRule, lead: String)] = []
        for (position, (component, route)) in list.enumerated() {
            let rule = CompiledRule(
                component: component, detailDefaults: defaults, domainDefaults: nil, variables: variables,
                reference: RuleReference(detailIndex: 0, appIDs: [], kind: .component, index: position))
            // Only a component whose lead starts this one's can match every path it matches: the
            // others are passed over without comparing their patterns (most pairs, in a table
            // of literal-led routes).
            let lead = literalLead(of: component)
            if let same = result.firstIndex(where: {
                $0.lead == lead && reachability.covers($0.rule, rule) == true
                    && reachability.covers(rule, $0.rule) == true
            }) {
                if let route {
                    let comment = result[same].component.comment ?? ""
                    result[same].component.comment =
                        (comment.hasPrefix("route ") ? "routes " + comment.dropFirst(6) : comment) + ", "
                        + route
                }
                continue
            }
            let before =
                result.firstIndex { lead.hasPrefix($0.lead) && reachability.covers($0.rule, rule) == true }
                ?? result.count
            result.insert((component, route, rule, lead), at: before)
        }
        return result.map { ($0.component, $0.route) }
    }

    /// The literal text every path a component matches starts with, for telling quickly that
    /// one component cannot match all another matches: the path up to its first `*`, `?` or
    /// `$(`, percent-decoded and lower-cased (so that letter case and escapes never hide a
    /// candidate), without trailing slashes (which Apple's matcher does not count: `/buy/*`
    /// matches `/buy`). Empty, so that it starts every lead, for a component without a path or
    /// whose lead does not decode.
    static func literalLead(of component: AppLinksComponent) -> String {
        guard let path = component.path else { return "" }
        var end = path.endIndex
        var index = path.startIndex
        while index < path.endIndex {
            let character = path[index]
            if character == "*" || character == "?" { end = index; break }
            if character == "$", path[path.index(after: index)...].hasPrefix("(") { end = index; break }
            index = path.index(after: index)
        }
        guard var lead = PercentEncoding.decode(String(path[..<end]))?.lowercased() else { return "" }
        while lead.hasSuffix("/") { lead.removeLast() }
        return lead
    }

    /// The component for one shape; enumerations become substitution variables (named after
    /// the route and place, or shared with an earlier variable of the same values).
    static func component(for shape: WebLinkShape, variables: inout [String: [String]]) -> AppLinksComponent {
        func render(_ piece: WebLinkShape.Piece, place: String, allowing allowed: PercentEncoding.Allowed)
            -> String
        {
            switch piece {
            case .literal(let text): return literal(PercentEncoding.encode(text, allowing: allowed))
            case .oneOf(let values):
                let encoded = values.map { literal(PercentEncoding.encode($0, allowing: allowed)) }
                if let existing = variables.first(where: { $0.value == encoded })?.key {
                    return "$(\(existing))"
                }
                var name = "\(shape.route)_\(place)".filter { $0 != ")" && $0 != "(" && $0 != "$" }
                while variables[name] != nil { name += "_" }
                variables[name] = encoded
                return "$(\(name))"
            case .glob(let pattern): return pattern
            case .anything: return "?*"
            }
        }
        var path = ""
        for place in shape.path {
            path += "/" + render(place.piece, place: place.name, allowing: .pathSegment)
        }
        if path.isEmpty { path = "/" }
        var items: [String: String] = [:]
        for item in shape.query {
            items[item.name] = render(item.piece, place: item.name, allowing: .queryItem)
        }
        return AppLinksComponent(
            path: path, query: items.isEmpty ? nil : .items(items), fragment: shape.fragment,
            exclude: shape.exclude ? true : nil, comment: "route \(shape.route)")
    }

    /// The tightest file pattern that matches every value of a ``TextPattern`` in a link, and
    /// never fewer: the characters every value starts with, each as itself when its class
    /// holds one character or `?` when all its characters stand for themselves in a link
    /// (letters, digits, `-`, `.`, `_`, `~`), then `?` for each character the rest of a
    /// value has at least, and `*` when values go on in more than one way. A class with a
    /// character that a link may percent-encode (three characters in the link) ends the run:
    /// what follows is counted and ends in `*`. `tt[0-9]{7,8}` gives `tt???????*`,
    /// `[A-Z0-9]{4}-[A-Z0-9]{4}` gives `????-????`.
    static func shape(of pattern: TextPattern) -> String {
        let (classes, restMinimum) = pattern.leadingRun
        var text = ""
        for (i, characters) in classes.enumerated() {
            let members = (0..<128).compactMap(Unicode.Scalar.init).filter { characters.contains($0) }
            if members.count == 1, unreserved(members[0]) {
                text.unicodeScalars.append(members[0])
            } else if members.allSatisfy(unreserved) {
                text += "?"
            } else {
                // From here on a character may take three in the link: count the fewest.
                let rest = classes.count - i + (restMinimum ?? 0)
                return text + String(repeating: "?", count: rest) + "*"
            }
        }
        guard let restMinimum else { return text.isEmpty ? "?*" : text }
        let shape = text + String(repeating: "?", count: restMinimum) + "*"
        return shape == "*" ? "?*" : shape
    }

    /// Whether a character is written as itself in a path or query (RFC 3986 unreserved).
    private static func unreserved(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
            || scalar == "-" || scalar == "." || scalar == "_" || scalar == "~"
    }

    /// Escapes the characters AASA patterns give a meaning (`*`, `?`, `$(`) in literal text.
    private static func literal(_ encoded: String) -> String {
        encoded.replacingOccurrences(of: "*", with: "%2A").replacingOccurrences(of: "?", with: "%3F")
            .replacingOccurrences(of: "$(", with: "%24(")
    }
}

/// An association file generated from a route table.
public struct GeneratedAppLinks: Sendable, Hashable {
    /// A route that has no component, and why.
    public struct SkippedRoute: Sendable, Hashable, Encodable {
        /// Why a route was left out.
        public enum Reason: String, Sendable, Hashable, Codable {
            /// The route serves custom schemes only.
            case notWeb
            /// The route is scoped to hosts that do not include the domain.
            case otherHost
            /// The route's path pattern is malformed.
            case invalidPattern

            /// The reason in words: "it serves custom schemes only".
            public var sentence: String {
                switch self {
                case .notWeb: "it serves custom schemes only"
                case .otherHost: "it is scoped to other hosts"
                case .invalidPattern: "its path pattern is malformed"
                }
            }
        }

        /// The route's name.
        public let route: String
        /// Why it was left out.
        public let reason: Reason
    }

    /// A route whose file patterns also match links the route refuses, because the pattern
    /// language cannot say what the route accepts. The app's receiver refuses those links (they
    /// go back to the browser); for a destructive route, whose patterns are exclusions, the
    /// file keeps more links in the browser than the route takes.
    public struct OverReach: Sendable, Hashable, Encodable {
        /// Why a route's patterns match more than its links.
        public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
            /// `*` and `?` cross `/`: a parameter's `?*` also matches text over several path
            /// segments (`/albums/?*` matches `/albums/a/b`).
            case segments
            /// A parameter's type (an integer, a UUID, a range, a declared pattern's character
            /// classes) cannot be said: the pattern takes any character where the type takes some.
            case parameterType
            /// The route refuses the links shaped like a sensitive or destructive route's (the
            /// table check's TABLE015 pairs), which its patterns cannot leave out.
            case guardedShapes

            /// The reason in a sentence.
            public var sentence: String {
                switch self {
                case .segments:
                    "'*' and '?' cross '/', so a parameter's pattern also matches several segments"
                case .parameterType:
                    "the patterns cannot say a parameter's type, only how long it is at least"
                case .guardedShapes:
                    "the route refuses links shaped like a sensitive or destructive route's, which the patterns cannot leave out"
                }
            }
        }

        /// The route's name.
        public let route: String
        /// Why its patterns match more, in a fixed order.
        public let reasons: [Reason]
        /// Whether the patterns are exclusions (a destructive route): the over-reach then keeps
        /// links in the browser instead of opening the app.
        public let excludes: Bool

        /// Creates an entry.
        public init(route: String, reasons: Set<Reason>, excludes: Bool) {
            self.route = route
            self.reasons = Reason.allCases.filter(reasons.contains)
            self.excludes = excludes
        }
    }

    /// The file: one `applinks` detail.
    public let file: AssociationFile
    /// For each component, the route it was generated from (`nil` for an explicit exclusion).
    public let componentRoutes: [String?]
    /// The routes that have no component.
    public let skippedRoutes: [SkippedRoute]
    /// The routes whose components also match links the route refuses, and why.
    public let overReach: [OverReach]
}

extension GeneratedAppLinks.OverReach {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(route, forKey: "route")
        try c.encode(reasons, forKey: "reasons")
        try c.encode(excludes, forKey: "excludes")
    }
}

extension GeneratedAppLinks.OverReach: CustomStringConvertible {
    /// The route, which way its patterns reach further and why: "route 'photo' also matches
    /// links the route refuses: the patterns cannot say a parameter's type, only how long it is
    /// at least".
    public var description: String {
        let reach =
            excludes
            ? "excludes links the route does not take (they stay in the browser)"
            : "also matches links the route refuses (the app sends them back to the browser)"
        return "route '\(route)' \(reach): " + reasons.map(\.sentence).joined(separator: "; ")
    }
}

extension GeneratedAppLinks.SkippedRoute: CustomStringConvertible {
    /// The route and why it has no component: "route 'help' was left out: it is scoped to
    /// other hosts".
    public var description: String { "route '\(route)' was left out: \(reason.sentence)" }
}

extension GeneratedAppLinks.SkippedRoute {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(route, forKey: "route")
        try c.encode(reason, forKey: "reason")
    }
}
