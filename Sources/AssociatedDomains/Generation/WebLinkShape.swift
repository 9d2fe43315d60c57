import DeepLinks

/// What one reading of a route lets a web link do, in the terms both association files can
/// say: the one reading of a route table that Apple's components and Android's dynamic rules
/// are rendered from (``AppLinksGenerator``, ``AssetLinksGenerator``), so that a rule about
/// routes is written once and holds for both files.
///
/// A route with optional segments has one shape for each reading (`/:locale(enum de|fr)?`
/// gives `/` and `/:locale`). Each path segment and each required query item is one ``Piece``.
struct WebLinkShape: Sendable {
    /// What a link may hold in one place (a path segment or a query item's value).
    enum Piece: Sendable, Hashable {
        /// Exactly this text (decoded), as the table compares letters.
        case literal(String)
        /// One of these texts (decoded): an enumeration.
        case oneOf([String])
        /// Text of this file pattern: the tightest pattern for a declared ``TextPattern``
        /// (``AppLinksGenerator/shape(of:)``), whose characters stand for themselves in a link.
        case glob(String)
        /// Any non-empty text: a parameter whose type no file pattern can narrow (`typed` when
        /// it has one, so that the route refuses some of that text), or a catch-all.
        case anything(typed: Bool, catchAll: Bool)
    }

    /// A piece with the name of its place: the parameter's or query item's name (a literal
    /// segment's own text).
    struct Place: Sendable {
        /// The parameter's or query item's name.
        let name: String
        /// What the link may hold there.
        let piece: Piece
    }

    /// The route's name.
    let route: String
    /// One piece for each path segment; empty for `/`.
    let path: [Place]
    /// Each required query item.
    let query: [Place]
    /// The fragment's pattern: `nil` any fragment, `""` none, `"?*"` a required one.
    let fragment: String?
    /// Whether links of this shape must stay in the browser (a destructive route).
    let exclude: Bool

    /// Why a file pattern written for this shape can match links the route refuses, as
    /// ``GeneratedAppLinks/OverReach`` says; empty when it matches exactly the route's links.
    var overReach: Set<GeneratedAppLinks.OverReach.Reason> {
        var reasons: Set<GeneratedAppLinks.OverReach.Reason> = []
        func look(_ piece: Piece, inPath: Bool) {
            switch piece {
            case .literal, .oneOf: break
            case .glob(let pattern):
                if inPath && pattern.contains("*") { reasons.insert(.segments) }
                if pattern.contains("*") || pattern.contains("?") { reasons.insert(.parameterType) }
            case .anything(let typed, let catchAll):
                if inPath && !catchAll { reasons.insert(.segments) }
                if typed { reasons.insert(.parameterType) }
            }
        }
        for place in path { look(place.piece, inPath: true) }
        for place in query { look(place.piece, inPath: false) }
        return reasons
    }

    /// The over-reach of every route among `shapes` (read from `table`), each route once, in
    /// table order.
    static func overReach(of shapes: [WebLinkShape], in table: RouteTable) -> [GeneratedAppLinks.OverReach] {
        // The navigate routes the router keeps from links shaped like a guarded route's.
        var guarded: Set<String> = []
        for finding in table.findings() {
            if case .navigationTakesGuardedLinks(let route, _, _) = finding { guarded.insert(route) }
        }
        var result: [GeneratedAppLinks.OverReach] = []
        for shape in shapes {
            var reasons = shape.overReach
            if guarded.contains(shape.route) { reasons.insert(.guardedShapes) }
            guard !reasons.isEmpty else { continue }
            if let index = result.firstIndex(where: { $0.route == shape.route }) {
                let merged = Set(result[index].reasons).union(reasons)
                result[index] = .init(route: shape.route, reasons: merged, excludes: shape.exclude)
            } else {
                result.append(.init(route: shape.route, reasons: reasons, excludes: shape.exclude))
            }
        }
        return result
    }

    /// The shapes of every route of `table` that serves http(s) links on `domain`, in table
    /// order, and the routes left out with the reason.
    static func shapes(of table: RouteTable, domain: String) -> (
        shapes: [WebLinkShape], skipped: [GeneratedAppLinks.SkippedRoute]
    ) {
        var shapes: [WebLinkShape] = []
        var skipped: [GeneratedAppLinks.SkippedRoute] = []
        for route in table.routes {
            if let reason = skipReason(route, domain: domain) {
                skipped.append(.init(route: route.name, reason: reason))
                continue
            }
            for reading in route.path.readings {
                shapes.append(shape(of: route, reading: reading, in: table))
            }
        }
        return (shapes, skipped)
    }

    private static func skipReason(_ route: Route, domain: String) -> GeneratedAppLinks.SkippedRoute.Reason? {
        if route.path.syntaxError != nil { return .invalidPattern }
        if !route.scope.servesWeb { return .notWeb }
        if !route.scope.hosts.isEmpty && !route.scope.hosts.contains(where: { $0.matches(domain) }) {
            return .otherHost
        }
        return nil
    }

    private static func shape(of route: Route, reading: PathPattern, in table: RouteTable) -> WebLinkShape {
        func piece(_ type: ParameterType?) -> Piece {
            switch table.resolved(type) {
            case .enumeration(let values)?: .oneOf(values)
            case .pattern(let pattern)?: .glob(AppLinksGenerator.shape(of: pattern))
            case nil: .anything(typed: false, catchAll: false)
            default: .anything(typed: true, catchAll: false)
            }
        }
        let path = reading.segments.map { segment -> Place in
            switch segment {
            case .literal(let text): Place(name: text, piece: .literal(text))
            case .parameter(let name, let type): Place(name: name, piece: piece(type))
            case .catchAll(let name, let type):
                Place(name: name, piece: .anything(typed: type != nil, catchAll: true))
            }
        }
        let query = route.query.filter(\.isRequired).map { Place(name: $0.name, piece: piece($0.type)) }
        let fragment: String? =
            switch route.fragment {
            case .any: nil
            case .none: ""
            case .parameter(let declaration): declaration.isRequired ? "?*" : nil
            }
        return WebLinkShape(
            route: route.name, path: path, query: query, fragment: fragment,
            exclude: route.safety == .destructive)
    }
}
