/// One reason a route table cannot be built, with a sentence that says what to change.
///
/// ```swift
/// let table = RouteTable {
///     Route("album", "/albums/:id")
///     Route("album", "/albums/:id(int)")
/// }
/// table.findings().map(\.description)
/// // ["the name 'album' is used by more than one route; route names must be unique"]
/// ```
public enum RouteTableFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// A route name that is empty or contains whitespace or control characters.
    case invalidName(route: String)
    /// A second route with a name already used.
    case duplicateName(route: String)
    /// A path pattern, query declaration or fragment rule that cannot be parsed.
    case invalidPattern(route: String, error: PatternSyntaxError)
    /// A parameter name used twice in one route (path, query and fragment share one namespace).
    case parameterNameClash(route: String, parameter: String)
    /// A custom parameter type that the registry does not know.
    case unknownParameterType(route: String, parameter: String, type: String)
    /// Bounds that no value can satisfy: a reversed range, a negative or zero maximum length,
    /// an empty enumeration or one with repeated values.
    case impossibleBounds(route: String, parameter: String, reason: String)
    /// A default value that does not satisfy its own parameter's type.
    case invalidDefault(route: String, parameter: String, reason: ParameterFailure.Reason)
    /// A malformed scheme or host in a scope, or hosts on a scope of custom schemes only.
    case invalidScope(route: String, reason: String)
    /// A route that no link accepted by the gate could ever reach.
    case neverMatches(route: String, reason: String)
    /// Two routes that match exactly the same links.
    case duplicateRoute(route: String, duplicateOf: String)
    /// A route every one of whose links is taken by a route that precedes it.
    case shadowedRoute(route: String, shadowedBy: String)
    /// Two routes that can match the same link with neither preceding the other.
    case ambiguousRoutes(route: String, other: String)
    /// A custom parameter type registered under a reserved, malformed or repeated name.
    case invalidCustomType(name: String, reason: String)
    /// A canonical host that is not a valid host name, or that no route serves web links on.
    case invalidCanonicalHost(host: String, reason: String)
    /// A table with more routes than ``RouteTable/maximumRouteCount``; nothing else is checked.
    case tooManyRoutes(count: Int, limit: Int)
    /// A table whose routes share links so widely that comparing them would take more than the
    /// check's bound: `steps`, the most a table of `routes` routes may take (1,000,000 and 400
    /// a route). Thousands of routes of one shape told apart only by their parameters' values,
    /// or navigate routes that can each take the links of thousands of sensitive or destructive
    /// routes, make every pair worth comparing; the check stops at the bound (its cost stays
    /// linear in the table's size), and the pairs it did not compare could hide an ambiguity,
    /// so the table is refused.
    case checkTooCostly(routes: Int, steps: Int)
    /// A ``RouteSafety/navigate`` route that can take links shaped like a sensitive or
    /// destructive route's: links whose literal segments are the guarded route's but whose
    /// values fail its parameter checks (or that the navigate route reaches first).
    ///
    /// A warning: the table builds, and at run time the router never lets the navigate route
    /// take such a link; the link falls back (browser or rejection) with the guarded route's
    /// failure as the reason. `/albums/:album(slug)/delete` (destructive) beside
    /// `/albums/:album/:action` (navigate) is the classic case: without the rule,
    /// `/albums/Summer/delete` would navigate with `action=delete`.
    case navigationTakesGuardedLinks(route: String, guarded: String, safety: RouteSafety)
    /// A ``Route/parent`` that names no route of the table.
    case unknownParent(route: String, parent: String)
    /// Routes whose ``Route/parent`` chain leads back to themselves (the chain, from `route`
    /// back to it), or is deeper than ``RouteTable/maximumParentDepth``.
    case parentCycle(route: String, chain: [String])
    /// A ``Route/parent`` that cannot be built from the route's parameters: the parent needs
    /// `parameter`, and the route does not have it, may leave it out, or declares it otherwise.
    case unbuildableParent(route: String, parent: String, parameter: String, reason: String)
    /// A ``Route/requirements`` name that is empty or holds whitespace or control characters.
    case invalidRequirement(route: String, requirement: String)
    /// A route with optional segments two of whose readings (``PathPattern/readings``) can
    /// match the same link, so that the link would not say whether it has the optional
    /// `parameter`: `reading` (with it) and `other` (without it) are the two readings'
    /// patterns. `/:locale(enum de|fr)?/*path` reads `/de/x` both as `locale` `de` with the
    /// path `x` and as the path `de/x`; `/:locale(enum de|fr)?/*path(int)` is sound.
    case ambiguousOptionalSegment(route: String, parameter: String, reading: String, other: String)
    /// A type the table declares (``RouteTable/types``) whose name is reserved, malformed or
    /// declared twice, or whose definition is malformed, names another type, or admits no
    /// value.
    case invalidTypeDeclaration(name: String, reason: String)
    /// A type the table declares under a name also registered in Swift
    /// (``ParameterTypeRegistry``); the two would disagree about what the name accepts.
    case typeDeclaredAndRegistered(name: String)
    /// A ``Route/parent`` that is a ``RouteSafety/destructive`` route: a navigation path would
    /// open the destructive screen as an ancestor, which only its own confirmed link may run.
    case destructiveParent(route: String, parent: String)
    /// A ``RouteSafety/navigate`` route under a sensitive ancestor (anywhere up its
    /// ``Route/parent`` chain; `ancestor` is the nearest of the strongest safety): its
    /// navigation path opens the ancestor's screen, so its links ask for confirmation as the
    /// ancestor's do (``Router/effectiveSafety(ofRoute:)``), and wait for the ancestor's
    /// ``Route/requirements`` too.
    ///
    /// A warning: the table builds, and the receiver, ``LinkHolder`` and the command line all
    /// treat the route as `safety`; declaring it so makes the table say what it does.
    case guardedAncestor(route: String, ancestor: String, safety: RouteSafety)
    /// The findings of one code beyond the first ``RouteTable/maximumFindingsPerCode``, in one
    /// line: `count` of them, or `nil` when the check stopped comparing routes once the limit
    /// was passed and did not count the rest. Its ``code`` is theirs, and it is an error
    /// exactly when they are.
    case moreFindings(code: String, count: Int?)

    /// The route the problem is reported on, if it concerns one.
    public var route: String? {
        switch self {
        case .invalidName(let route), .duplicateName(let route), .invalidPattern(let route, _),
            .parameterNameClash(let route, _), .unknownParameterType(let route, _, _),
            .impossibleBounds(let route, _, _), .invalidDefault(let route, _, _), .invalidScope(let route, _),
            .neverMatches(let route, _), .duplicateRoute(let route, _), .shadowedRoute(let route, _),
            .ambiguousRoutes(let route, _), .navigationTakesGuardedLinks(let route, _, _),
            .unknownParent(let route, _), .parentCycle(let route, _), .unbuildableParent(let route, _, _, _),
            .invalidRequirement(let route, _), .ambiguousOptionalSegment(let route, _, _, _),
            .destructiveParent(let route, _), .guardedAncestor(let route, _, _):
            route
        case .invalidCustomType, .invalidCanonicalHost, .tooManyRoutes, .checkTooCostly, .moreFindings,
            .invalidTypeDeclaration,
            .typeDeclaredAndRegistered:
            nil
        }
    }

    /// Whether the problem stops the table from being built. Every problem is an error except
    /// ``navigationTakesGuardedLinks(route:guarded:safety:)``, which the router defuses at run
    /// time, and ``guardedAncestor(route:ancestor:safety:)``, which the receiver decides as
    /// the ancestor's safety says; both are reported so that the table can be made clear.
    public var isError: Bool {
        switch self {
        case .navigationTakesGuardedLinks, .guardedAncestor: false
        case .moreFindings(let code, _): !Self.warningCodes.contains(code)
        default: true
        }
    }

    /// The code of ``navigationTakesGuardedLinks(route:guarded:safety:)``.
    static let guardedLinksCode = "TABLE015"
    /// The code of ``guardedAncestor(route:ancestor:safety:)``.
    static let guardedAncestorCode = "TABLE025"
    /// The codes of the warnings.
    static let warningCodes: Set<String> = [guardedLinksCode, guardedAncestorCode]

    /// Whether the problem is about two routes competing for the same links.
    public var isOverlap: Bool {
        switch self {
        case .duplicateRoute, .shadowedRoute, .ambiguousRoutes: true
        default: false
        }
    }

    /// A stable code for the kind of problem (`TABLE001` … `TABLE025`, `TABLE030` and up); codes never change
    /// meaning, and new kinds get new codes. A ``moreFindings(code:count:)`` line has the code
    /// of the problems it counts.
    public var code: String {
        switch self {
        case .moreFindings(let code, _): code
        case .invalidName: "TABLE001"
        case .duplicateName: "TABLE002"
        case .invalidPattern: "TABLE003"
        case .parameterNameClash: "TABLE004"
        case .unknownParameterType: "TABLE005"
        case .impossibleBounds: "TABLE006"
        case .invalidDefault: "TABLE007"
        case .invalidScope: "TABLE008"
        case .neverMatches: "TABLE009"
        case .duplicateRoute: "TABLE010"
        case .shadowedRoute: "TABLE011"
        case .ambiguousRoutes: "TABLE012"
        case .invalidCustomType: "TABLE013"
        case .tooManyRoutes: "TABLE014"
        case .checkTooCostly: "TABLE017"
        case .navigationTakesGuardedLinks: Self.guardedLinksCode
        case .invalidCanonicalHost: "TABLE016"
        case .unknownParent: "TABLE020"
        case .parentCycle: "TABLE021"
        case .unbuildableParent: "TABLE022"
        case .invalidRequirement: "TABLE023"
        case .destructiveParent: "TABLE024"
        case .guardedAncestor: Self.guardedAncestorCode
        case .ambiguousOptionalSegment: "TABLE040"
        case .invalidTypeDeclaration: "TABLE030"
        case .typeDeclaredAndRegistered: "TABLE031"
        }
    }

    /// A sentence that says what is wrong and what to change.
    public var description: String {
        switch self {
        case .invalidName(let route):
            "the route name '\(ParameterFailure.shortened(route))' is empty or contains whitespace or control characters"
        case .duplicateName(let route):
            "the name '\(route)' is used by more than one route; route names must be unique"
        case .invalidPattern(let route, let error): "route '\(route)': \(error)"
        case .parameterNameClash(let route, let parameter):
            "route '\(route)' declares the parameter '\(parameter)' more than once "
                + "(path, query and fragment parameters share one set of names)"
        case .unknownParameterType(let route, let parameter, let type):
            "route '\(route)': parameter '\(parameter)' has the type '\(type)', which is neither built in nor registered"
        case .impossibleBounds(let route, let parameter, let reason):
            "route '\(route)': parameter '\(parameter)' can never be satisfied: \(reason)"
        case .invalidDefault(let route, let parameter, let reason):
            "route '\(route)': the default of parameter '\(parameter)' is invalid: it \(reason.sentence)"
        case .invalidScope(let route, let reason): "route '\(route)' has an invalid scope: \(reason)"
        case .neverMatches(let route, let reason): "route '\(route)' can never match: \(reason)"
        case .duplicateRoute(let route, let other):
            "route '\(route)' matches exactly the same links as route '\(other)'"
        case .shadowedRoute(let route, let other):
            "route '\(route)' is shadowed: every link it matches is taken first by route '\(other)'"
        case .ambiguousRoutes(let route, let other):
            "routes '\(other)' and '\(route)' can match the same link and neither takes precedence; "
                + "make them disjoint or give one a higher priority"
        case .invalidCustomType(let name, let reason):
            "the custom parameter type '\(name)' is invalid: \(reason)"
        case .invalidCanonicalHost(let host, let reason):
            "the canonical host '\(host)' is invalid: \(reason)"
        case .tooManyRoutes(let count, let limit):
            "the table has \(count) routes and at most \(limit) are allowed; split it by host or scheme, "
                + "or use parameters instead of one route per value"
        case .checkTooCostly(let routes, let steps):
            "the \(Self.grouped(routes)) routes share links too widely to be checked within "
                + "\(Self.grouped(steps)) steps, the bound for a table of this size; set routes apart by "
                + "literal segments, or merge routes of one shape that differ only in their parameters' "
                + "values into one route"
        case .moreFindings(let code, let count?):
            "… and \(Self.grouped(count)) more \(code) finding\(count == 1 ? "" : "s")"
        case .moreFindings(let code, nil):
            "… and more \(code) findings: the check stops comparing routes once one kind of overlap "
                + "has more than \(RouteTable.maximumFindingsPerCode), so other overlaps may be unreported too"
        case .navigationTakesGuardedLinks(let route, let guarded, let safety):
            "navigate route '\(route)' can take links shaped like \(safety) route '\(guarded)' "
                + "when they fail its parameter checks; such links are refused instead of navigating. "
                + "To keep them apart, give '\(route)' a literal where '\(guarded)' has a parameter whose type "
                + "cannot take it (a value its enum does not list, text its pattern does not match), "
                + "or narrow the parameters of '\(route)' so that they cannot take the literals of '\(guarded)'"
        case .unknownParent(let route, let parent):
            "route '\(route)' names the parent '\(parent)', which is not a route of the table"
        case .parentCycle(let route, let chain) where chain.last == route:
            "route '\(route)' is its own ancestor: " + chain.joined(separator: " → ")
        case .parentCycle(let route, let chain):
            "route '\(route)' has more than \(RouteTable.maximumParentDepth) ancestors: "
                + chain.joined(separator: " → ")
        case .unbuildableParent(let route, let parent, let parameter, let reason):
            "route '\(route)' cannot open its parent '\(parent)': the parent needs '\(parameter)', "
                + "and \(reason)"
        case .invalidTypeDeclaration(let name, let reason):
            "the declared parameter type '\(name)' is invalid: \(reason)"
        case .typeDeclaredAndRegistered(let name):
            "the parameter type '\(name)' is both declared in the table and registered in Swift; "
                + "keep one of them, or rename one and the routes that use it"
        case .invalidRequirement(let route, let requirement):
            "route '\(route)' requires \(requirement.debugDescription), which is not a condition name "
                + "(empty, or holding whitespace or control characters)"
        case .destructiveParent(let route, let parent):
            "route '\(route)' names the destructive route '\(parent)' as its parent; a navigation path "
                + "would open '\(parent)' as an ancestor screen, and a destructive route runs only from its own "
                + "confirmed link; give '\(route)' a parent that shows content"
        case .guardedAncestor(let route, let ancestor, let safety):
            "navigate route '\(route)' opens under \(safety) route '\(ancestor)', whose screen its navigation "
                + "path shows; its links ask for confirmation as those of '\(ancestor)' do, and wait for what "
                + "'\(ancestor)' requires; declare '\(route)' \(safety) to say so, or give it another parent"
        case .ambiguousOptionalSegment(let route, let parameter, let reading, let other):
            "route '\(route)' reads some links two ways: '\(reading)' and '\(other)' can match the same "
                + "link, so the link does not say whether it holds the optional parameter '\(parameter)'; "
                + "give '\(parameter)' a type that the segment taking its place cannot accept, "
                + "or declare the two readings as two routes"
        }
    }
}

extension RouteTableFinding {
    /// A count with thousands separated by commas: 1998999 → "1,998,999".
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0, digits[index - 1] != "-" {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// `problems` with at most `limit` of each code, in order, and then one
    /// ``moreFindings(code:count:)`` line per code that had more, in code order. The lines of
    /// the codes in `uncounted` (whose checks stopped past the limit) carry no count.
    static func capped(_ findings: [RouteTableFinding], limit: Int, uncounted: Set<String> = [])
        -> [RouteTableFinding]
    {
        var counts: [String: Int] = [:]
        var kept: [RouteTableFinding] = []
        kept.reserveCapacity(min(findings.count, 16 * limit))
        for finding in findings {
            let code = finding.code
            let count = counts[code, default: 0] + 1
            counts[code] = count
            if count <= limit { kept.append(finding) }
        }
        for code in counts.keys.sorted() {
            let extra = counts[code, default: 0] - limit
            if uncounted.contains(code) {
                kept.append(.moreFindings(code: code, count: nil))
            } else if extra > 0 {
                kept.append(.moreFindings(code: code, count: extra))
            }
        }
        return kept
    }
}

/// The findings that stopped a route table from being built.
///
/// ```swift
/// do {
///     _ = try Router(table)
/// } catch {
///     for finding in error.findings { print(finding) }
/// }
/// ```
public struct RouteTableError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// Every finding, in declaration order (warnings included).
    public let findings: [RouteTableFinding]

    /// Creates an error from its findings.
    public init(findings: [RouteTableFinding]) { self.findings = findings }

    /// One finding per line.
    public var description: String {
        "the route table has \(findings.count) finding\(findings.count == 1 ? "" : "s"):\n"
            + findings.map { "- \($0)" }.joined(separator: "\n")
    }
}

extension Diagnostic {
    /// The diagnostic for a route-table problem: its stable code, an error or (for a problem the
    /// table still builds with) a warning, on its route.
    public init(_ finding: RouteTableFinding) {
        self.init(
            code: finding.code, severity: finding.isError ? .error : .warning, location: finding.route,
            message: finding.description)
    }
}

extension RouteTableFinding {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .invalidName(let route):
            var values = EnumCaseEncoder(encoder, "invalidName")
            try values("route", route)
        case .duplicateName(let route):
            var values = EnumCaseEncoder(encoder, "duplicateName")
            try values("route", route)
        case .invalidPattern(let route, let error):
            var values = EnumCaseEncoder(encoder, "invalidPattern")
            try values("route", route)
            try values("error", error)
        case .parameterNameClash(let route, let parameter):
            var values = EnumCaseEncoder(encoder, "parameterNameClash")
            try values("route", route)
            try values("parameter", parameter)
        case .unknownParameterType(let route, let parameter, let type):
            var values = EnumCaseEncoder(encoder, "unknownParameterType")
            try values("route", route)
            try values("parameter", parameter)
            try values("type", type)
        case .impossibleBounds(let route, let parameter, let reason):
            var values = EnumCaseEncoder(encoder, "impossibleBounds")
            try values("route", route)
            try values("parameter", parameter)
            try values("reason", reason)
        case .invalidDefault(let route, let parameter, let reason):
            var values = EnumCaseEncoder(encoder, "invalidDefault")
            try values("route", route)
            try values("parameter", parameter)
            try values("reason", reason)
        case .invalidScope(let route, let reason):
            var values = EnumCaseEncoder(encoder, "invalidScope")
            try values("route", route)
            try values("reason", reason)
        case .neverMatches(let route, let reason):
            var values = EnumCaseEncoder(encoder, "neverMatches")
            try values("route", route)
            try values("reason", reason)
        case .duplicateRoute(let route, let duplicateOf):
            var values = EnumCaseEncoder(encoder, "duplicateRoute")
            try values("route", route)
            try values("duplicateOf", duplicateOf)
        case .shadowedRoute(let route, let shadowedBy):
            var values = EnumCaseEncoder(encoder, "shadowedRoute")
            try values("route", route)
            try values("shadowedBy", shadowedBy)
        case .ambiguousRoutes(let route, let other):
            var values = EnumCaseEncoder(encoder, "ambiguousRoutes")
            try values("route", route)
            try values("other", other)
        case .invalidCustomType(let name, let reason):
            var values = EnumCaseEncoder(encoder, "invalidCustomType")
            try values("name", name)
            try values("reason", reason)
        case .invalidCanonicalHost(let host, let reason):
            var values = EnumCaseEncoder(encoder, "invalidCanonicalHost")
            try values("host", host)
            try values("reason", reason)
        case .tooManyRoutes(let count, let limit):
            var values = EnumCaseEncoder(encoder, "tooManyRoutes")
            try values("count", count)
            try values("limit", limit)
        case .checkTooCostly(let routes, let steps):
            var values = EnumCaseEncoder(encoder, "checkTooCostly")
            try values("routes", routes)
            try values("steps", steps)
        case .navigationTakesGuardedLinks(let route, let guarded, let safety):
            var values = EnumCaseEncoder(encoder, "navigationTakesGuardedLinks")
            try values("route", route)
            try values("guarded", guarded)
            try values("safety", safety)
        case .unknownParent(let route, let parent):
            var values = EnumCaseEncoder(encoder, "unknownParent")
            try values("route", route)
            try values("parent", parent)
        case .parentCycle(let route, let chain):
            var values = EnumCaseEncoder(encoder, "parentCycle")
            try values("route", route)
            try values("chain", chain)
        case .unbuildableParent(let route, let parent, let parameter, let reason):
            var values = EnumCaseEncoder(encoder, "unbuildableParent")
            try values("route", route)
            try values("parent", parent)
            try values("parameter", parameter)
            try values("reason", reason)
        case .invalidRequirement(let route, let requirement):
            var values = EnumCaseEncoder(encoder, "invalidRequirement")
            try values("route", route)
            try values("requirement", requirement)
        case .ambiguousOptionalSegment(let route, let parameter, let reading, let other):
            var values = EnumCaseEncoder(encoder, "ambiguousOptionalSegment")
            try values("route", route)
            try values("parameter", parameter)
            try values("reading", reading)
            try values("other", other)
        case .invalidTypeDeclaration(let name, let reason):
            var values = EnumCaseEncoder(encoder, "invalidTypeDeclaration")
            try values("name", name)
            try values("reason", reason)
        case .typeDeclaredAndRegistered(let name):
            var values = EnumCaseEncoder(encoder, "typeDeclaredAndRegistered")
            try values("name", name)
        case .destructiveParent(let route, let parent):
            var values = EnumCaseEncoder(encoder, "destructiveParent")
            try values("route", route)
            try values("parent", parent)
        case .guardedAncestor(let route, let ancestor, let safety):
            var values = EnumCaseEncoder(encoder, "guardedAncestor")
            try values("route", route)
            try values("ancestor", ancestor)
            try values("safety", safety)
        case .moreFindings(let code, let count):
            var values = EnumCaseEncoder(encoder, "moreFindings")
            try values("code", code)
            try values("count", ifPresent: count)
        }
    }
}

extension RouteTableError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(findings, forKey: "findings")
    }
}
