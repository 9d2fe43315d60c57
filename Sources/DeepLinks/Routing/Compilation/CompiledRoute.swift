import Foundation

/// A route resolved for matching: trailing-slash and case rules applied, validators resolved.
///
/// A class, so that the trie's candidate lists and the lookups it returns hold one reference
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

        init(declaration: QueryParameter, validator: ParameterValidator, defaultValue: ParameterValue?) {
            self.declaration = declaration
            self.validator = validator
            self.defaultValue = defaultValue
            name = declaration.name
            isRequired = declaration.isRequired
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
    let route: Route
    let index: Int
    let segments: [Segment]
    let query: [Parameter]
    let fragment: Fragment
    let extraction: [(name: String, source: Source)]
    let requiredQueryCount: Int
    /// Whether the last segment is an optional parameter: the route also ends one segment
    /// earlier.
    let hasOptionalLastSegment: Bool

    var name: String { route.name }
    var catchAllPosition: Int? {
        if case .catchAll = segments.last { segments.count - 1 } else { nil }
    }

    /// The validator of an untyped parameter: any non-empty visible text.
    static func untypedValidator(registry: ParameterTypeRegistry) -> ParameterValidator {
        ParameterValidator(
            .string(length: 1...Int.max, characters: .any), caseSensitive: true, registry: registry)
    }

    /// Compiles a route that has passed validation; `validators` shares one validator per
    /// distinct type across the table, which keeps lookups within few cache lines.
    init(_ route: Route, index: Int, options: RoutingOptions, validators: ValidatorPool) {
        let caseSensitive = options.caseSensitivity == .sensitive
        func validator(_ type: ParameterType?) -> ParameterValidator { validators.validator(for: type) }
        func parameter(_ declaration: QueryParameter) -> Parameter {
            if let known = validators.parameters[declaration] { return known }
            let v = validator(declaration.type)
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
        self.route = route
        self.index = index
        var segments: [Segment] = route.path.segments.map { segment in
            switch segment {
            case .literal(let text): .literal(text: text, key: caseSensitive ? text : text.lowercased())
            case .parameter(let name, let type):
                .parameter(name: name, type: type, validator: validator(type))
            case .catchAll(let name, let type): .catchAll(name: name, type: type, validator: validator(type))
            }
        }
        if route.path.hasTrailingSlash, options.trailingSlash == .significant {
            segments.append(.literal(text: "", key: ""))
        }
        self.segments = segments
        hasOptionalLastSegment = route.path.hasOptionalLastSegment
        query = route.query.map(parameter)
        switch route.fragment {
        case .any: fragment = .any
        case .none: fragment = .none
        case .parameter(let declaration): fragment = .parameter(parameter(declaration))
        }
        requiredQueryCount = route.query.filter(\.isRequired).count
        acceptsAnyPathMatch = route.scope == .any && route.query.isEmpty && route.fragment == .any

        var extraction: [(name: String, source: Source)] = []
        for (i, segment) in segments.enumerated() {
            switch segment {
            case .literal: break
            case .parameter(let name, _, _): extraction.append((name, .path(i)))
            case .catchAll(let name, _, _): extraction.append((name, .catchAll(i)))
            }
        }
        for (i, q) in route.query.enumerated() { extraction.append((q.name, .query(i))) }
        if let declaration = route.fragment.declaration { extraction.append((declaration.name, .fragment)) }
        self.extraction = extraction.sorted { $0.name < $1.name }
    }
}

/// The precedence key of one pattern segment: kind first (literal, typed, untyped, typed
/// catch-all, untyped catch-all), then the type's rank, then its text.
struct SegmentKey: Comparable, Hashable, Sendable {
    let kind: Int
    let typeRank: Int
    let text: String

    static func < (a: SegmentKey, b: SegmentKey) -> Bool {
        (a.kind, a.typeRank, a.text) < (b.kind, b.typeRank, b.text)
    }
}

/// One validator per distinct parameter type of a table, and one compiled query parameter
/// per distinct declaration, created while compiling it: routes that declare the same query
/// parameter share it.
final class ValidatorPool {
    private let caseSensitive: Bool
    private let registry: ParameterTypeRegistry
    private var byText: [String: ParameterValidator] = [:]
    var parameters: [QueryParameter: CompiledRoute.Parameter] = [:]

    init(options: RoutingOptions, registry: ParameterTypeRegistry) {
        caseSensitive = options.caseSensitivity == .sensitive
        self.registry = registry
    }

    func validator(for type: ParameterType?) -> ParameterValidator {
        // Type texts never contain a space at the start, so this key cannot clash with one.
        let key = type?.description ?? " untyped"
        if let known = byText[key] { return known }
        let made =
            type.map { ParameterValidator($0, caseSensitive: caseSensitive, registry: registry) }
            ?? CompiledRoute.untypedValidator(registry: registry)
        byText[key] = made
        return made
    }
}
