import DeepLinks
import DeepLinksJSON

/// Writes an `assetlinks.json` statement list from a route table: one App Links statement per
/// app, each with Android 15's dynamic rules for the table's routes.
///
/// The rules are rendered from the same reading of the table as the Apple file's components
/// (``AppLinksGenerator``), so the two files open the app on the same links: every route that
/// serves http(s) links on the domain becomes one rule for each reading of its path (a route
/// whose optional segments give `/` and `/:locale` gets both), literal segments as written
/// (compared percent-decoded, as the matcher does), an enumeration one rule for each of its
/// values (`/de`, `/fr`: Android has no substitution variables), a declared text pattern the
/// tightest glob for it (`AC????????`), any other parameter and a catch-all `?*` (one or more
/// characters), required query items a `?` matcher, a route that refuses fragments `#` `""`,
/// and the route's name the rule's `comments`. Destructive routes become exclusions and come
/// first, after the explicit ``exclusions``, because the first matching rule decides: a web
/// link never opens a destructive screen directly (see “A link never deletes or exposes data
/// directly”). Rules are ordered so that none is shadowed, and routes with the same pattern
/// share one rule. A URL no rule matches stays in the browser on Android 15 and later.
///
/// Where Android's patterns cannot say what Apple's components say, the rules are wider and the
/// route is listed in ``GeneratedAssetLinks/widenedRoutes``: a table that ignores letter case
/// (each letter is written `?`), enumerations with more than ``maximumRulesPerReading``
/// combinations, and a literal `*` or `?`. Neither file can say "one path segment" (`*` and
/// `?` cross `/`), so both can send the app a few URLs no route handles. Devices before
/// Android 15 ignore the dynamic rules and open every URL the app's manifest declares.
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

    /// The most rules one route reading becomes when its enumerations are written out, one
    /// rule for each combination of values; past it, the remaining enumerations are written
    /// `?*` and the route is listed as widened (``GeneratedAssetLinks/Widening/Reason/tooManyValues``).
    public static let maximumRulesPerReading = 64

    /// The most rules a whole table's enumerations may add beyond one rule a reading: 4,096.
    /// Once they are spent, the enumerations of the routes that follow are written `?*` (the
    /// route listed as widened, ``GeneratedAssetLinks/Widening/Reason/tooManyValues``). It keeps
    /// the generator's work (ordering the rules compares them pairwise) and the file bounded by
    /// the table's size, whatever its enumerations; a file this large would be over the 128 KB a
    /// device reads anyway.
    public static let maximumAddedRules = 4_096

    /// The generated list, with the route behind each rule, the routes left out, and the routes
    /// whose rules are wider than Apple's components for them.
    public func generate(from table: RouteTable) -> GeneratedAssetLinks {
        var excluded: [(AppLinksComponent, String?)] = exclusions.map { rule in
            var rule = rule
            rule.exclude = true
            return (Self.appleComponent(rule), nil)
        }
        var included: [(AppLinksComponent, String?)] = []
        var widened: [GeneratedAssetLinks.Widening] = []
        let (shapes, skipped) = WebLinkShape.shapes(of: table, domain: domain)
        let foldsCase = table.options.caseSensitivity == .insensitive
        for (shape, written, reasons) in Self.writtenRules(of: shapes, foldsCase: foldsCase) {
            for rule in written {
                if shape.exclude {
                    excluded.append((Self.appleComponent(rule), shape.route))
                } else {
                    included.append((Self.appleComponent(rule), shape.route))
                }
            }
            for reason in GeneratedAssetLinks.Widening.Reason.allCases where reasons.contains(reason) {
                let widening = GeneratedAssetLinks.Widening(route: shape.route, reason: reason)
                if !widened.contains(widening) { widened.append(widening) }
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
            file: AssetLinksFile(statements: statements), rules: rules, componentRoutes: ordered.map(\.1),
            skippedRoutes: skipped, widenedRoutes: widened,
            overReach: WebLinkShape.overReach(of: shapes, in: table))
    }

    /// Each shape's rules in order, the table's enumerations written out while
    /// ``maximumAddedRules`` lasts, with why they are wider than Apple's components: what both
    /// the rules and the manifest's intent filter are written from.
    static func writtenRules(of shapes: [WebLinkShape], foldsCase: Bool) -> [(
        shape: WebLinkShape, rules: [DynamicAppLinkComponent],
        widenedBecause: Set<GeneratedAssetLinks.Widening.Reason>
    )] {
        var allowance = maximumAddedRules
        return shapes.map { shape in
            var reasons: Set<GeneratedAssetLinks.Widening.Reason> = []
            let written = rules(
                for: shape, foldsCase: foldsCase, limit: min(maximumRulesPerReading, allowance + 1),
                widenedBecause: &reasons)
            allowance -= written.count - 1
            return (shape, written, reasons)
        }
    }

    /// The rules for one shape: one for each combination of its enumerations' values (at most
    /// `limit`, at least one), in the order of the values.
    static func rules(
        for shape: WebLinkShape, foldsCase: Bool, limit: Int,
        widenedBecause reasons: inout Set<GeneratedAssetLinks.Widening.Reason>
    ) -> [DynamicAppLinkComponent] {
        // Which enumerations are written out: in reading order, while the rules stay few.
        var combinations = 1
        var writtenOut = 0
        for place in shape.path + shape.query {
            guard case .oneOf(let values) = place.piece else { continue }
            guard combinations * values.count <= limit else { break }
            combinations *= values.count
            writtenOut += 1
        }
        // Each place as the texts it may be written as.
        var enumerations = 0
        func texts(_ piece: WebLinkShape.Piece) -> [String] {
            switch piece {
            case .literal(let text): return [literal(text, foldsCase: foldsCase, reasons: &reasons)]
            case .oneOf(let values):
                enumerations += 1
                guard enumerations <= writtenOut else {
                    reasons.insert(.tooManyValues)
                    return ["?*"]
                }
                return values.map { literal($0, foldsCase: foldsCase, reasons: &reasons) }
            case .glob(let pattern): return [glob(pattern, foldsCase: foldsCase, reasons: &reasons)]
            case .anything: return ["?*"]
            }
        }
        var paths = [""]
        for place in shape.path {
            let choices = texts(place.piece)
            paths = paths.flatMap { prefix in choices.map { prefix + "/" + $0 } }
        }
        var queries: [[String: String]] = [[:]]
        for place in shape.query {
            let choices = texts(place.piece)
            queries = queries.flatMap { items in
                choices.map { text in
                    var items = items
                    items[place.name] = text
                    return items
                }
            }
        }
        return paths.flatMap { path in
            queries.map { query in
                DynamicAppLinkComponent(
                    path: path.isEmpty ? "/" : path, query: query.isEmpty ? nil : query,
                    fragment: shape.fragment, exclude: shape.exclude ? true : nil,
                    comments: "route \(shape.route)")
            }
        }
    }

    /// Literal text as an Android pattern: `*` and `?`, which the patterns cannot write as
    /// themselves, become `?`; under a table that ignores letter case each ASCII letter
    /// becomes `?`, and text with another cased letter becomes `?*`.
    private static func literal(
        _ text: String, foldsCase: Bool, reasons: inout Set<GeneratedAssetLinks.Widening.Reason>
    ) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "*" || scalar == "?" {
                reasons.insert(.wildcardCharacter)
                result += "?"
            } else if foldsCase && scalar.properties.changesWhenCaseMapped {
                reasons.insert(.letterCase)
                guard scalar.isASCII else { return "?*" }
                result += "?"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A declared type's file pattern as an Android pattern: the same, with letters written
    /// `?` under a table that ignores letter case (the pattern holds ASCII only).
    private static func glob(
        _ pattern: String, foldsCase: Bool, reasons: inout Set<GeneratedAssetLinks.Widening.Reason>
    ) -> String {
        guard foldsCase, pattern.unicodeScalars.contains(where: \.properties.changesWhenCaseMapped) else {
            return pattern
        }
        reasons.insert(.letterCase)
        return String(
            String.UnicodeScalarView(
                pattern.unicodeScalars.map { $0.properties.changesWhenCaseMapped ? "?" : $0 }))
    }

    /// The same rule in the Apple file's model, for the ordering analysis (`$(` escaped so
    /// that it stays literal).
    static func appleComponent(_ rule: DynamicAppLinkComponent) -> AppLinksComponent {
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
    /// The dynamic rules every statement carries (also when no app is given).
    public let rules: [DynamicAppLinkComponent]
    /// For each rule, the route it was generated from (`nil` for an explicit exclusion).
    public let componentRoutes: [String?]
    /// The routes that have no rule, and why.
    public let skippedRoutes: [GeneratedAppLinks.SkippedRoute]
    /// The routes whose rules open the app on more links than Apple's components for the same
    /// table, and why (each route and reason once, in table order).
    public let widenedRoutes: [Widening]
    /// The routes whose rules also match links the route refuses, for the reasons the Apple
    /// file's components do (``GeneratedAppLinks/OverReach``), before any widening.
    public let overReach: [GeneratedAppLinks.OverReach]

    /// A route whose Android rules are wider than its Apple components, because Android's
    /// patterns cannot say what the route accepts.
    public struct Widening: Sendable, Hashable, Encodable {
        /// Why Android's rules for a route are wider.
        public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
            /// The table ignores letter case and Android's patterns compare it: each letter is
            /// written `?` (any one character).
            case letterCase
            /// The route's enumerations have more combinations of values than
            /// ``AssetLinksGenerator/maximumRulesPerReading``, or the table's enumerations have
            /// added ``AssetLinksGenerator/maximumAddedRules`` already: the rest are written `?*`.
            case tooManyValues
            /// A literal or value holds `*` or `?`, which Android's patterns cannot write as
            /// themselves: each is written `?`.
            case wildcardCharacter

            /// The reason in a sentence.
            public var sentence: String {
                switch self {
                case .letterCase:
                    "the table ignores letter case and Android's patterns compare it, so each letter is written '?'"
                case .tooManyValues:
                    "its values have more than \(AssetLinksGenerator.maximumRulesPerReading) combinations, or the table's "
                        + "enumerations already add \(AssetLinksGenerator.maximumAddedRules) rules, so the rest are written '?*'"
                case .wildcardCharacter:
                    "Android's patterns cannot write '*' or '?' as themselves, so each is written '?'"
                }
            }
        }

        /// The route's name.
        public let route: String
        /// Why its rules are wider.
        public let reason: Reason
    }
}

extension GeneratedAssetLinks.Widening {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(route, forKey: "route")
        try c.encode(reason, forKey: "reason")
    }
}
