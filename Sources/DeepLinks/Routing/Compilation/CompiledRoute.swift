import Foundation

/// A route resolved for matching: trailing-slash and case rules applied, validators resolved.
///
/// A class, so that the trie's candidate lists and the matches it returns hold one reference
/// instead of copying the declaration.
final class CompiledRoute: Sendable {
    enum Segment: Sendable {
        /// `text` as declared (for reverse routing); `key` folded as the case rule says.
        case literal(text: String, key: String)
        /// `type` is `nil` for an untyped parameter.
        case parameter(name: String, type: ParameterType?, validator: ParameterValidator)
        case catchAll(name: String, type: ParameterType?, validator: ParameterValidator)

        var name: String? {
            switch self {
            case .literal: nil
            case .parameter(let name, _, _), .catchAll(let name, _, _): name
            }
        }

        /// The ordering key that the precedence rules compare, segment by segment.
        var key: SegmentKey {
            switch self {
            case .literal(_, let key): SegmentKey(kind: 0, typeRank: 0, text: key)
            case .parameter(_, let type?, _): SegmentKey(kind: 1, typeRank: type.rank, text: type.description)
            case .parameter(_, nil, _): SegmentKey(kind: 2, typeRank: 0, text: "")
            case .catchAll(_, let type?, _): SegmentKey(kind: 3, typeRank: type.rank, text: type.description)
            case .catchAll(_, nil, _): SegmentKey(kind: 4, typeRank: 0, text: "")
            }
        }
    }

    /// A query or fragment parameter with its validator. A class, so that walking a route's
    /// parameters on every lookup passes references instead of copying declarations.
    final class Parameter: Sendable {
        let declaration: QueryParameter
        let validator: ParameterValidator
        let defaultValue: ParameterValue?
        /// The declared name and requirement, read once instead of through the declaration.
        let name: String
        let isRequired: Bool
        let isFormEncoded: Bool

        init(declaration: QueryParameter, validator: ParameterValidator, defaultValue: ParameterValue?) {
            self.declaration = declaration
            self.validator = validator
            self.defaultValue = defaultValue
            name = declaration.name
            isRequired = declaration.isRequired
            isFormEncoded = declaration.isFormEncoded
        }

        /// The value of a query item as the parameter reads it (`+` is a space when it is
        /// form-encoded).
        @inline(__always) func value(of item: borrowing QueryItem) -> String {
            isFormEncoded ? declaration.value(of: item) : item.value
        }
    }

    enum Fragment: Sendable {
        case any
        case none
        case parameter(Parameter)
    }

    /// Where each parameter of the route is read from, in name order.
    enum Source: Sendable {
        case path(Int)
        case catchAll(Int)
        case query(Int)
        case fragment
    }

    /// Whether a link needs no check beyond its path: any scope, no query parameters, any
    /// fragment. Read first, so that the common case touches nothing else.
    let acceptsAnyPathMatch: Bool
    /// Whether literal keys are lower-cased (letters ignore case).
    private let foldsLiterals: Bool
    /// Whether the path ends with an empty literal segment: a trailing slash that the
    /// `significant` rule keeps.
    let endsWithEmptySegment: Bool
    /// The position of the route in its table, stored in 32 bits beside the flags above (a
    /// table holds at most 50,000 routes): the flags and the position fill one word, and a
    /// compiled route is 56 bytes (a 64-byte block).
    private let storedIndex: Int32
    /// The table's routes, shared with ``Router/table``: a compiled route keeps a reference,
    /// not a second copy of its declaration. A route compiled on its own (the shorter shape
    /// of an optional route) holds a list of one.
    private let declarations: [Route]
    /// The declaration's scope, kept beside it: every lookup reads it, and reading it through
    /// ``route`` costs a retain of the table's storage.
    let scope: RouteScope
    /// The route's three parameter lists, in one object that every route with the same three
    /// lists shares (most routes of a table share theirs with many others).
    let parameterLists: ParameterLists
    /// The query parameters, in declaration order.
    var query: [Parameter] { parameterLists.query }
    /// The fragment rule compiled: `any` for most routes, kept out of line otherwise.
    var fragment: Fragment { extras?.fragment ?? .any }
    /// Each parameter's name and where it is read from, sorted by name.
    var extraction: [(name: String, source: Source)] { parameterLists.extraction }
    /// The validators of the parameter and catch-all segments, in path order.
    var parameterValidators: [ParameterValidator] { parameterLists.validators }
    /// What few routes have, kept out of line so that every other route holds one empty
    /// reference for all of it: a table keeps thousands of routes.
    private let extras: Extras?

    /// A compiled route's parameter lists: one object for the three, so that a route keeps one
    /// reference to them instead of three (the pool hands out one object per distinct three).
    final class ParameterLists: Sendable {
        /// The validators of the parameter and catch-all segments, in path order.
        let validators: [ParameterValidator]
        /// Each parameter's name and where it is read from, sorted by name.
        let extraction: [(name: String, source: Source)]
        /// The query parameters, in declaration order.
        let query: [Parameter]

        /// Keeps the lists.
        init(
            validators: [ParameterValidator], extraction: [(name: String, source: Source)], query: [Parameter]
        ) {
            self.validators = validators
            self.extraction = extraction
            self.query = query
        }
    }

    /// The parts of a compiled route that few routes have.
    private final class Extras: Sendable {
        /// ``CompiledRoute/readings``.
        let readings: [CompiledRoute]
        /// ``CompiledRoute/encodedLiterals``.
        let encodedLiterals: [String]
        /// ``CompiledRoute/fragment``.
        let fragment: Fragment

        /// Keeps the parts.
        init(readings: [CompiledRoute], encodedLiterals: [String], fragment: Fragment) {
            self.readings = readings
            self.encodedLiterals = encodedLiterals
            self.fragment = fragment
        }
    }

    /// For a route with optional segments, its other readings (``PathPattern/readings`` after
    /// the first), each compiled on its own with the same index: this route is the reading
    /// with every optional segment present. Empty for every other route (and for a reading).
    var readings: [CompiledRoute] { extras?.readings ?? [] }

    /// The literal segments percent-encoded for a link, in path order, encoded once when the
    /// route is compiled; empty when every literal is written as declared (the common case).
    var encodedLiterals: [String] { extras?.encodedLiterals ?? [] }

    /// The declaration.
    var route: Route {
        _read { yield declarations[declarations.count == 1 ? 0 : Int(storedIndex)] }
    }

    /// The position of the route in its table.
    var index: Int { Int(storedIndex) }

    /// How many query parameters the route requires.
    var requiredQueryCount: Int {
        var count = 0
        for parameter in query where parameter.isRequired { count += 1 }
        return count
    }

    var name: String { route.name }

    /// The number of path segments, with the empty one a kept trailing slash adds.
    var segmentCount: Int { route.path.segments.count + (endsWithEmptySegment ? 1 : 0) }

    var catchAllPosition: Int? {
        route.path.endsWithCatchAll ? route.path.segments.count - 1 : nil
    }

    /// Whether literal keys are lower-cased (letters ignore case).
    var foldsLiteralKeys: Bool { foldsLiterals }

    /// Whether a kept trailing slash adds an empty literal segment after the declared ones.
    var hasEmptyLastSegment: Bool { endsWithEmptySegment }

    /// The compiled segments, made from the declaration on each call: a table keeps its
    /// patterns once, so lookups read ``segment(at:)`` or the trie instead.
    var segments: [Segment] {
        let path = route.path.segments
        var segments: [Segment] = []
        segments.reserveCapacity(path.count + 1)
        var next = 0
        for segment in path { segments.append(compiled(segment, validator: &next)) }
        if endsWithEmptySegment { segments.append(.literal(text: "", key: "")) }
        return segments
    }

    /// Calls `body` with each compiled segment in order, without making an array.
    func forEachSegment(_ body: (Segment) -> Void) {
        var next = 0
        for segment in route.path.segments { body(compiled(segment, validator: &next)) }
        if endsWithEmptySegment { body(.literal(text: "", key: "")) }
    }

    /// The compiled segment at a position (below ``segmentCount``).
    func segment(at position: Int) -> Segment {
        let path = route.path.segments
        if position == path.count { return .literal(text: "", key: "") }
        var next = 0
        for segment in path[..<position] {
            if case .literal = segment { continue }
            next += 1
        }
        return compiled(path[position], validator: &next)
    }

    private func compiled(_ segment: PathPattern.Segment, validator next: inout Int) -> Segment {
        switch segment {
        case .literal(let text):
            return .literal(text: text, key: foldsLiterals ? text.lowercased() : text)
        case .parameter(let name, _):
            next += 1
            let validator = parameterValidators[next - 1]
            return .parameter(
                name: name, type: Self.checkedType(of: segment, validator), validator: validator)
        case .catchAll(let name, _):
            next += 1
            let validator = parameterValidators[next - 1]
            return .catchAll(name: name, type: Self.checkedType(of: segment, validator), validator: validator)
        }
    }

    /// The type a parameter segment is checked against: a declared type's definition, so
    /// that precedence and overlap checks see what the type accepts; `nil` when untyped.
    static func checkedType(of segment: PathPattern.Segment, _ validator: ParameterValidator)
        -> ParameterType?
    {
        switch segment {
        case .parameter(_, nil), .catchAll(_, nil), .literal: nil
        case .parameter, .catchAll: validator.type
        }
    }

    /// The validator of an untyped parameter: any non-empty visible text.
    static func untypedValidator(registry: ParameterTypeRegistry) -> ParameterValidator {
        ParameterValidator(
            .string(length: 1...Int.max, characters: .any), caseSensitive: true, registry: registry)
    }

    /// Compiles a route that has passed validation; `validators` shares one validator per
    /// distinct type across the table, which keeps lookups within few cache lines.
    convenience init(_ route: Route, index: Int, options: RoutingOptions, validators: ValidatorPool) {
        self.init(declarations: [route], index: index, options: options, validators: validators)
    }

    /// Compiles the route at `index` in `declarations` (the table's routes, which the compiled
    /// route then shares), or the only route of a list of one.
    init(declarations: [Route], index: Int, options: RoutingOptions, validators: ValidatorPool) {
        let route = declarations[declarations.count == 1 ? 0 : index]
        self.declarations = declarations
        scope = route.scope
        storedIndex = Int32(index)
        foldsLiterals = options.caseSensitivity != .sensitive
        endsWithEmptySegment = route.path.hasTrailingSlash && options.trailingSlash == .significant
        // The lists are made in the pool's scratch lists: most equal a list an earlier route
        // made, which is then shared without allocating one for this route.
        var scratchValidators: [ParameterValidator] = []
        var scratchExtraction: [(name: String, source: Source)] = []
        swap(&scratchValidators, &validators.scratchValidators)
        swap(&scratchExtraction, &validators.scratchExtraction)
        defer {
            swap(&scratchValidators, &validators.scratchValidators)
            swap(&scratchExtraction, &validators.scratchExtraction)
        }
        scratchValidators.removeAllKeepingCapacity()
        scratchExtraction.removeAllKeepingCapacity()
        for (i, segment) in route.path.segments.enumerated() {
            switch segment {
            case .literal: break
            case .parameter(let name, let type):
                scratchValidators.append(validators.validator(for: type))
                scratchExtraction.append((name, .path(i)))
            case .catchAll(let name, let type):
                scratchValidators.append(validators.validator(for: type))
                scratchExtraction.append((name, .catchAll(i)))
            }
        }
        let parameterValidators = validators.shared(scratchValidators)
        let query = validators.compiledQuery(route.query) {
            $0.map { CompiledRoute.parameter($0, validators: validators) }
        }
        let fragment: Fragment
        switch route.fragment {
        case .any: fragment = .any
        case .none: fragment = .none
        case .parameter(let declaration):
            fragment = .parameter(CompiledRoute.parameter(declaration, validators: validators))
        }
        acceptsAnyPathMatch =
            route.scope.schemes.isEmpty && route.scope.hosts.isEmpty && route.query.isEmpty
            && route.fragment == .any

        // The names of the compiled parameters: reading them through the declarations would
        // copy each declaration.
        for (i, parameter) in query.enumerated() { scratchExtraction.append((parameter.name, .query(i))) }
        if case .parameter(let parameter) = fragment { scratchExtraction.append((parameter.name, .fragment)) }
        parameterLists = validators.lists(
            validators: parameterValidators, extraction: validators.sortedExtraction(scratchExtraction),
            query: query)
        let readings = Self.otherReadings(of: route, index: index, options: options, validators: validators)
        let encodedLiterals = Self.encodedLiterals(of: route.path)
        let anyFragment = if case .any = fragment { true } else { false }
        extras =
            readings.isEmpty && encodedLiterals.isEmpty && anyFragment
            ? nil : Extras(readings: readings, encodedLiterals: encodedLiterals, fragment: fragment)
    }

    /// A query or fragment parameter compiled: its validator and its default, validated. The
    /// pool keeps each one made, so a declaration that several routes share is compiled once.
    private static func parameter(_ declaration: QueryParameter, validators: ValidatorPool) -> Parameter {
        if let known = validators.parameters[declaration] { return known }
        let v = validators.validator(for: declaration.type)
        var defaultValue: ParameterValue?
        if case .defaulted(let text) = declaration.requirement,
            case .success(let value) = v.validate(text)
        {
            defaultValue = value
        }
        let made = Parameter(declaration: declaration, validator: v, defaultValue: defaultValue)
        validators.parameters[declaration] = made
        return made
    }

    /// The readings after the first of a route with optional segments, compiled on their own.
    private static func otherReadings(
        of route: Route, index: Int, options: RoutingOptions, validators: ValidatorPool
    ) -> [CompiledRoute] {
        guard !route.path.optionalSegmentPositions.isEmpty else { return [] }
        return route.path.readings.dropFirst().map { reading in
            var declaration = route
            declaration.path = reading
            return CompiledRoute(
                declarations: [declaration], index: index, options: options, validators: validators)
        }
    }

    /// Whether the route has optional segments, so more than one reading.
    var hasOptionalSegments: Bool { !readings.isEmpty }

    /// Every reading of the route: itself (every optional segment present), then ``readings``.
    var allReadings: [CompiledRoute] { readings.isEmpty ? [self] : [self] + readings }
}

extension CompiledRoute {
    /// Sorts an extraction list by name, keeping the order of equal names: an insertion sort,
    /// which on the few entries of a route costs less than the general sort and its closure.
    static func sortByName(_ list: inout [(name: String, source: Source)]) {
        var i = 1
        while i < list.count {
            var j = i
            while j > 0, list[j].name < list[j - 1].name {
                list.swapAt(j, j - 1)
                j -= 1
            }
            i += 1
        }
    }
}
