/// Checks a route table and compiles the routes that are sound.
struct RouteTableValidation {
    let table: RouteTable
    /// The registered types and the table's valid declarations.
    let registry: ParameterTypeRegistry
    let policy: LinkPolicy?
    /// The problems of the registrations and the table's declarations.
    private let typeProblems: [RouteTableProblem]

    init(table: RouteTable, registry: ParameterTypeRegistry, policy: LinkPolicy?) {
        self.table = table
        self.registry = registry.declaring(table.types)
        self.policy = policy
        typeProblems = registry.problems + registry.problems(of: table.types)
    }

    /// The problems found (warnings included), the compiled routes when no problem is an
    /// error, and for each compiled route's index the indices of the sensitive or destructive
    /// routes whose links it must not take (``RouteTableProblem/navigationTakesGuardedLinks(route:guarded:safety:)``).
    ///
    /// `trie` is the trie of every compiled route the check walked and `names` each route's
    /// position by name, both kept when the table is sound: the router uses the trie when all
    /// routes share one priority level.
    func run() -> (
        problems: [RouteTableProblem], compiled: [CompiledRoute], guards: [Int: [Int]], trie: RouteTrie?,
        names: RouteNameIndex
    ) {
        guard table.routes.count <= RouteTable.maximumRouteCount else {
            return (
                [.tooManyRoutes(count: table.routes.count, limit: RouteTable.maximumRouteCount)], [], [:],
                nil,
                RouteNameIndex()
            )
        }
        var problems = typeProblems
        var state = State(routes: table.routes)
        let validators = ValidatorPool(options: table.options, registry: registry)
        let cache = DeclarationCache()
        let relations = RouteRelations(options: table.options, registry: registry)
        for (index, route) in table.routes.enumerated() {
            check(route, at: index, into: &state, cache: cache, validators: validators, relations: relations)
        }
        var perRoute = state.perRoute
        state.perRoute = []  // so that `perRoute` is the only reference and is not copied
        let compiled = state.compiled
        let names = state.names
        let trie = state.trie
        let limit = RouteTable.maximumProblemsPerCode
        let overlaps: (findings: [RouteRelations.OverlapFinding], stoppedAt: String?)
        if state.walksOverlaps {
            overlaps = (state.overlapFindings, state.overlapsStoppedAt)
        } else {
            overlaps = relations.overlapProblems(compiled, limit: limit)
        }
        state.overlapFindings = []

        for finding in overlaps.findings {
            let (earlier, later, problem) = (finding.earlier, finding.later, finding.problem)
            let reported =
                problem.route.flatMap { name in
                    [earlier, later].first { $0.name == name }?.index
                } ?? later.index
            perRoute[reported].append(problem)
        }
        var guards: [Int: [Int]] = [:]
        for (navigate, guarded) in relations.guardedPairs(compiled, builder: trie) {
            guards[navigate.index, default: []].append(guarded.index)
            perRoute[navigate.index].append(
                .navigationTakesGuardedLinks(
                    route: navigate.name, guarded: guarded.name, safety: guarded.route.safety))
        }
        problems += perRoute.flatMap { $0 }
        problems += table.canonicalHostProblems
        problems += Self.parentProblems(table.routes, compiled: compiled)
        problems = RouteTableProblem.capped(
            problems, limit: limit, uncounted: overlaps.stoppedAt.map { [$0] } ?? [])
        let buildable = !problems.contains(where: \.isError)
        guard buildable else { return (problems, [], [:], nil, RouteNameIndex()) }
        return (
            problems, compiled, guards,
            RouteTrie(trie, routes: compiled, precedence: table.options.precedence), names
        )
    }

    /// What the checks of the routes one by one gather.
    private struct State {
        var perRoute: [[RouteTableProblem]]
        var compiled: [CompiledRoute] = []
        var names: RouteNameIndex
        /// The trie of the compiled routes (positions in `compiled`), grown route by route.
        var trie: RouteTrie.Builder
        /// The problems of the pairs of compiled routes that may overlap, found by walking the
        /// trie as each route is added (``RouteRelations/appendOverlapProblems(of:in:builder:found:to:counts:limit:)``),
        /// while `walksOverlaps`: a route with optional segments has one shape per reading,
        /// which ``RouteRelations/overlapProblems(_:limit:)`` compares on its own.
        var overlapFindings: [RouteRelations.OverlapFinding] = []
        /// How many of `overlapFindings` each code has, and the code that passed the limit
        /// (the walk then stops).
        var overlapCounts: [String: Int] = [:]
        var overlapsStoppedAt: String?
        var walksOverlaps = true
        /// Scratch storage of the walk.
        var found: [Int] = []

        init(routes: [Route]) {
            let routeCount = routes.count
            perRoute = Array(repeating: [], count: routeCount)
            compiled.reserveCapacity(routeCount)
            names = RouteNameIndex(routes: routes)
            trie = RouteTrie.Builder(routeCount: routeCount)
        }
    }

    /// Checks the route at `index` on its own and compiles it when its declarations are sound.
    private func check(
        _ route: Route, at index: Int, into state: inout State, cache: DeclarationCache,
        validators: ValidatorPool, relations: RouteRelations
    ) {
        var found: [RouteTableProblem] = []
        if !Self.isValidName(route.name) { found.append(.invalidName(route: route.name)) }
        if !state.names.insert(index) {
            found.append(.duplicateName(route: route.name))
        }
        // Most routes have no problem: appending empty lists is skipped.
        let declarationProblems = checkDeclarations(route, cache: cache, validators: validators)
        if !declarationProblems.isEmpty { found += declarationProblems }
        let scopeProblems = checkScope(route, cache: cache)
        if !scopeProblems.isEmpty { found += scopeProblems }
        if declarationProblems.isEmpty {
            let reachability = checkReachability(route)
            if !reachability.isEmpty { found += reachability }
            let made = CompiledRoute(
                declarations: table.routes, index: index, options: table.options, validators: validators)
            state.compiled.append(made)
            let position = state.compiled.count - 1
            state.trie.add(made, as: position)
            if made.hasOptionalSegments {
                let ambiguity = relations.optionalSegmentProblems(made)
                if !ambiguity.isEmpty { found += ambiguity }
                state.walksOverlaps = false
                state.overlapFindings = []
                state.overlapCounts = [:]
                state.overlapsStoppedAt = nil
            } else if state.walksOverlaps, state.overlapsStoppedAt == nil {
                state.overlapsStoppedAt = relations.appendOverlapProblems(
                    of: position, in: state.compiled, builder: state.trie, found: &state.found,
                    to: &state.overlapFindings, counts: &state.overlapCounts,
                    limit: RouteTable.maximumProblemsPerCode)
            }
        }
        if !found.isEmpty { state.perRoute[index] = found }
    }

    /// Whether a route name is non-empty and free of white space and invisible characters.
    static func isValidName(_ name: String) -> Bool {
        if name.isEmpty { return false }
        // Printable ASCII, the common case, is neither white space nor invisible.
        if TextBytes.read(name, Self.isPrintableASCII) {
            return true
        }
        return !name.unicodeScalars.contains { $0.properties.isWhitespace || CharacterClass.isInvisible($0) }
    }

    /// Syntax, names, types, bounds and defaults of every parameter.
    private func checkDeclarations(_ route: Route, cache: DeclarationCache, validators: ValidatorPool)
        -> [RouteTableProblem]
    {
        var problems: [RouteTableProblem] = []
        func syntax(_ error: PatternSyntaxError) {
            if case .invalidType(let typeError) = error.reason, typeError.isImpossibleBounds,
                let parameter = error.parameter
            {
                problems.append(
                    .impossibleBounds(route: route.name, parameter: parameter, reason: typeError.description))
            } else {
                problems.append(.invalidPattern(route: route.name, error: error))
            }
        }
        // The declarations are read in place, by position: iterating a list would copy each.
        let segments = route.path.segments
        let query = route.query
        if let error = route.path.syntaxError { syntax(error) }
        for j in query.indices { if let error = query[j].syntaxError { syntax(error) } }
        let fragment = route.fragment.declaration
        if let error = fragment?.syntaxError { syntax(error) }
        guard problems.isEmpty else { return problems }

        // Every parameter, path then query then fragment, in the order problems are reported.
        // A route has a handful of parameters: comparing each with the earlier ones is cheaper
        // than hashing them, and makes no list.
        func isEarlier(_ name: String, pathBefore pathEnd: Int, queryBefore queryEnd: Int) -> Bool {
            for i in 0..<pathEnd {
                switch segments[i] {
                case .literal: continue
                case .parameter(let other, _), .catchAll(let other, _): if other == name { return true }
                }
            }
            for j in 0..<queryEnd where query[j].name == name { return true }
            return false
        }
        func clash(_ name: String) {
            problems.append(.parameterNameClash(route: route.name, parameter: name))
        }
        for i in segments.indices {
            switch segments[i] {
            case .literal: continue
            case .parameter(let name, _), .catchAll(let name, _):
                if isEarlier(name, pathBefore: i, queryBefore: 0) { clash(name) }
            }
        }
        for j in query.indices where isEarlier(query[j].name, pathBefore: segments.count, queryBefore: j) {
            clash(query[j].name)
        }
        if let fragment, isEarlier(fragment.name, pathBefore: segments.count, queryBefore: query.count) {
            clash(fragment.name)
        }

        func checkType(_ name: String, _ type: ParameterType?) {
            guard let type else { return }
            if case .custom(let typeName) = type, !registry.knows(typeName) {
                problems.append(.unknownParameterType(route: route.name, parameter: name, type: typeName))
            }
            if let reason = cache.boundsProblem(of: type) {
                problems.append(.impossibleBounds(route: route.name, parameter: name, reason: reason))
            }
        }
        for i in segments.indices {
            switch segments[i] {
            case .literal: continue
            case .parameter(let name, let type), .catchAll(let name, let type): checkType(name, type)
            }
        }
        for j in query.indices { checkType(query[j].name, query[j].type) }
        if let fragment { checkType(fragment.name, fragment.type) }
        guard problems.isEmpty else { return problems }

        // Routes share equal query lists (``RouteTable/sharingEqualParts()``): a list whose
        // defaults were all found valid is not checked again.
        if !cache.hasSoundDefaults(route.query) {
            var sound = true
            for declaration in route.query {
                if let reason = cache.defaultProblem(of: declaration, validators: validators) {
                    problems.append(
                        .invalidDefault(route: route.name, parameter: declaration.name, reason: reason))
                    sound = false
                }
            }
            if sound { cache.noteSoundDefaults(route.query) }
        }
        if let declaration = fragment,
            let reason = cache.defaultProblem(of: declaration, validators: validators)
        {
            problems.append(.invalidDefault(route: route.name, parameter: declaration.name, reason: reason))
        }
        return problems
    }

    /// Scheme and host syntax, and hosts on a scope that serves custom schemes only.
    private func checkScope(_ route: Route, cache: DeclarationCache) -> [RouteTableProblem] {
        // Routes share scopes (``RouteTable/sharingEqualParts()``): one found sound is not
        // checked again, and the very lists found sound are known by their storage without
        // comparing (or copying) the scope.
        if cache.isSoundScope(route.scope) { return [] }
        let scope = route.scope
        if let clean = cache.soundScope, clean == scope {
            cache.noteSoundScope(scope)
            return []
        }
        var problems: [RouteTableProblem] = []
        for scheme in scope.schemes where !Self.isValidScheme(scheme) {
            problems.append(.invalidScope(route: route.name, reason: "'\(scheme)' is not a valid scheme"))
        }
        for host in scope.hosts where !Self.isValidHostName(host.name) {
            problems.append(
                .invalidScope(route: route.name, reason: "'\(host)' is not a valid host pattern"))
        }
        if !scope.hosts.isEmpty, !scope.schemes.isEmpty, !scope.servesWeb {
            problems.append(
                .invalidScope(
                    route: route.name,
                    reason: "hosts apply to web links only and the scope lists no web scheme; "
                        + "for a custom scheme the host is the first segment of the path"))
        }
        if problems.isEmpty { cache.noteSoundScope(scope) }
        return problems
    }

    /// A letter, then letters, digits, `+`, `-` and `.`.
    static func isValidScheme(_ scheme: String) -> Bool {
        var first = true
        for byte in scheme.utf8 {
            let valid =
                first
                ? ASCII.isAlpha(byte)
                : ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !valid { return false }
            first = false
        }
        return !first
    }

    /// Non-empty labels of letters, digits and `-`, separated by dots.
    static func isValidHostName(_ name: String) -> Bool {
        var labelLength = 0
        for byte in name.utf8 {
            if byte == UInt8(ascii: ".") {
                if labelLength == 0 { return false }
                labelLength = 0
            } else if ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") {
                labelLength += 1
            } else {
                return false
            }
        }
        return labelLength > 0
    }

    /// Whether a text holds an ASCII control character, read from its bytes in place when
    /// they are contiguous (as a declared literal's are).
    static func holdsControlCharacter(_ text: String) -> Bool {
        TextBytes.read(text, Self.holdsControlByte)
    }

    /// Whether every byte is printable ASCII (0x21 to 0x7E), read eight bytes at a time.
    static func isPrintableASCII(_ bytes: Span<UInt8>) -> Bool {
        !TextBytes.holdsByte(below: 0x21, countingHighBytes: true, in: bytes)
    }

    /// Whether a byte is an ASCII control character (below 0x20, or 0x7F), read eight bytes
    /// at a time; the bytes of longer characters (over 0x7F) are passed over.
    static func holdsControlByte(_ bytes: Span<UInt8>) -> Bool {
        TextBytes.holdsByte(below: 0x20, countingHighBytes: false, in: bytes)
    }

    /// Routes that the gate or the matching rules would never let a link reach.
    private func checkReachability(_ route: Route) -> [RouteTableProblem] {
        var problems: [RouteTableProblem] = []
        func never(_ reason: String) { problems.append(.neverMatches(route: route.name, reason: reason)) }
        let scope = route.scope
        let customOnly = !scope.servesWeb && scope.hosts.isEmpty

        if customOnly, case .literal(let first) = route.path.segments.first {
            let validHost = first.utf8.allSatisfy {
                ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: ".")
            }
            if !validHost {
                never(
                    "the first segment of a custom-scheme route is the link's host, which cannot be '\(first)'"
                )
            } else if table.options.caseSensitivity == .sensitive, first != first.lowercased() {
                never(
                    "the first segment '\(first)' is the link's host, which the gate lower-cases; write it in lower case"
                )
            }
        }

        for case .literal(let literal) in route.path.segments {
            // Control characters are ASCII: their bytes never occur inside another character.
            if Self.holdsControlCharacter(literal) {
                never(
                    "the literal '\(ParameterFailure.shortened(literal))' holds a control character, which the gate refuses"
                )
            } else if let policy, !policy.allowsEncodedSeparators,
                // Bytes, not characters: the gate refuses `%2F` and `%5C` whatever follows
                // them, so a separator that a combining mark joins into one character counts
                // too (and reading bytes costs a fraction of reading characters).
                literal.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
            {
                never("the literal '\(literal)' holds an encoded separator, which the gate's policy refuses")
            }
        }

        guard let policy else { return problems }
        for scheme in scope.schemes where !policy.allowedSchemes.contains(scheme) {
            never("the gate's policy does not allow the scheme '\(scheme)'")
        }
        if !policy.allowedHosts.isEmpty {
            for host in scope.hosts where !host.isSubdomainWildcard && !policy.allowsHost(host.name) {
                never("the gate's policy does not allow the host '\(host)'")
            }
        }
        let hostSegment = customOnly ? 1 : 0
        let minimumSegments =
            route.path.segments.count - route.path.optionalSegmentPositions.count - hostSegment
        if minimumSegments > policy.limits.maxPathSegments {
            never(
                "its path has \(minimumSegments) segments and the gate's policy allows at most \(policy.limits.maxPathSegments)"
            )
        }
        checkBounds(route, against: policy.limits, never)
        for declaration in route.query
        where policy.strippedQueryItems.contains(where: { $0.matches(declaration.name) }) {
            never(
                "sanitising removes the query item '\(declaration.name)' before routing (the policy strips it)"
            )
        }
        return problems
    }
}

extension RouteTableValidation {
    /// Reports, through `never`, a route whose parameters' shortest values cannot fit the
    /// gate's limits: a path segment longer than ``LinkLimits/maxSegmentLength``, a path or
    /// query longer than the gate reads, more required query items than it keeps.
    func checkBounds(_ route: Route, against limits: LinkLimits, _ never: (String) -> Void) {
        var pathBytes = 0
        for segment in route.path.segments {
            switch segment {
            case .literal(let text): pathBytes += 1 + text.utf8.count
            case .parameter(let name, let type), .catchAll(let name, let type):
                let shortest = shortestValueBytes(type)
                if shortest > limits.maxSegmentLength {
                    let kind = if case .catchAll = segment { "catch-all" } else { "parameter" }
                    never(
                        "the shortest value of its \(kind) '\(name)' is \(shortest) bytes and the gate's policy "
                            + "allows path segments of at most \(limits.maxSegmentLength)")
                }
                pathBytes += 1 + shortest
            }
        }
        // `https://` and the shortest host (one byte) come before the path.
        if route.path.optionalSegmentPositions.isEmpty, 9 + pathBytes > limits.maxLength {
            never(
                "its shortest link is \(9 + pathBytes) bytes and the gate's policy allows at most \(limits.maxLength)"
            )
        }
        let required = route.query.filter(\.isRequired)
        if required.count > limits.maxQueryItems {
            never(
                "it requires \(required.count) query items and the gate's policy keeps at most \(limits.maxQueryItems)"
            )
        }
        // Each required item is `name=value`, joined by `&`.
        let queryBytes = required.reduce(required.isEmpty ? 0 : -1) { total, item in
            total + 2 + item.name.utf8.count + shortestValueBytes(item.type)
        }
        if queryBytes > limits.maxQueryLength {
            never(
                "its shortest query is \(queryBytes) bytes and the gate's policy allows at most \(limits.maxQueryLength)"
            )
        }
    }

    /// The fewest bytes a value of a declared type (`nil`: untyped) has in a link, the type
    /// resolved through the table's declarations and the registry.
    func shortestValueBytes(_ type: ParameterType?) -> Int {
        type.map { Self.shortestValueBytes(registry.resolved($0)) } ?? 1
    }

    /// The fewest bytes a value of `type` has in a link (its characters unescaped, so a
    /// lower bound), `1` for a type whose values are not known here.
    static func shortestValueBytes(_ type: ParameterType) -> Int {
        switch type {
        case .string(let length, _): max(1, length.lowerBound)
        case .slug(let length): max(1, length.lowerBound)
        case .uuid: 36
        case .boolean: 1
        case .integer(let range): shortestDecimal(range)
        case .enumeration(let values): values.lazy.map(\.utf8.count).min().map { max(1, $0) } ?? 1
        case .pattern(let pattern): max(1, pattern.minimumLength)
        case .custom: 1
        }
    }

    /// The fewest characters of an integer in `range` written in decimal.
    static func shortestDecimal(_ range: ClosedRange<Int>) -> Int {
        if range.contains(0) { return 1 }
        let nearest = range.lowerBound > 0 ? range.lowerBound : range.upperBound
        return String(nearest).utf8.count
    }
}

/// Answers the declaration checks repeat for every route that declares the same type or
/// default (a large table declares a few types thousands of times).
///
/// A cache serves one table check, on one thread.
final class DeclarationCache {
    /// The scope most recently found sound.
    private(set) var soundScope: RouteScope?
    /// The storage of the lists of ``soundScope``: the table keeps every list alive while it
    /// is checked, so a pair of storage identities names one scope.
    private var soundScopeStorage: (StorageIdentity?, StorageIdentity?)?

    /// Whether `scope` holds the very lists of the scope most recently found sound.
    func isSoundScope(_ scope: borrowing RouteScope) -> Bool {
        guard let soundScopeStorage else { return false }
        return soundScopeStorage.0 == StorageIdentity(of: scope.schemes)
            && soundScopeStorage.1 == StorageIdentity(of: scope.hosts)
    }

    /// Notes that `scope` is sound.
    func noteSoundScope(_ scope: RouteScope) {
        soundScope = scope
        soundScopeStorage = (StorageIdentity(of: scope.schemes), StorageIdentity(of: scope.hosts))
    }

    /// Query lists whose defaults were all found valid, by their storage: the table keeps
    /// every list alive while it is checked, so a storage identity names one list.
    private var soundDefaultLists: Set<StorageIdentity> = []
    /// The lists most recently found or noted sound, compared before hashing: neighbouring
    /// routes take turns among a few lists.
    private var recentSoundDefaults: [StorageIdentity] = []
    private static let recentSoundDefaultsLimit = 8

    /// Whether every default of this very list (the same storage) was found valid.
    func hasSoundDefaults(_ list: [QueryParameter]) -> Bool {
        guard let address = StorageIdentity(of: list) else { return list.isEmpty }
        if recentSoundDefaults.contains(address) { return true }
        guard soundDefaultLists.contains(address) else { return false }
        noteRecentSoundDefaults(address)
        return true
    }

    /// Notes that every default of the list is valid.
    func noteSoundDefaults(_ list: [QueryParameter]) {
        guard let address = StorageIdentity(of: list) else { return }
        soundDefaultLists.insert(address)
        noteRecentSoundDefaults(address)
    }

    private func noteRecentSoundDefaults(_ address: StorageIdentity) {
        if recentSoundDefaults.count == Self.recentSoundDefaultsLimit { recentSoundDefaults.removeFirst() }
        recentSoundDefaults.append(address)
    }
    /// The bounds problem of each type checked so far.
    private var bounds: [ParameterType: String?] = [:]
    /// The types most recently checked, compared before hashing: neighbouring routes take
    /// turns among a few enumerations, whose hashing reads every case.
    private var recentBounds: [(type: ParameterType, problem: String?)] = []
    private static let recentBoundsLimit = 8

    /// ``ParameterType/boundsProblem``, computed once per distinct type.
    func boundsProblem(of type: ParameterType) -> String? {
        switch type {
        case .integer, .uuid, .boolean, .pattern, .custom: return nil
        case .string, .slug: return type.boundsProblem
        case .enumeration: break
        }
        for entry in recentBounds where entry.type == type { return entry.problem }
        let problem: String?
        if let known = bounds[type] {
            problem = known
        } else {
            problem = type.boundsProblem
            bounds[type] = problem
        }
        if recentBounds.count == Self.recentBoundsLimit { recentBounds.removeFirst() }
        recentBounds.append((type, problem))
        return problem
    }

    /// Why a declaration's default is not a valid value of its type, or `nil` (also when it
    /// has no default).
    func defaultProblem(of declaration: QueryParameter, validators: ValidatorPool) -> ParameterFailure.Reason?
    {
        guard case .defaulted(let text) = declaration.requirement else { return nil }
        if case .failure(let reason) = validators.validator(for: declaration.type).validate(text) {
            return reason
        }
        return nil
    }
}
