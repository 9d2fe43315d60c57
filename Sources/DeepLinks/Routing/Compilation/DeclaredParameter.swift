import Foundation

/// What a route declares about one parameter, as the typed-route checks need it.
struct DeclaredParameter: Sendable {
    let name: String
    /// The declared type; `nil` for an untyped parameter (any non-empty text).
    let type: ParameterType?
    /// Whether the parameter is a catch-all (its value is a list of segments).
    let isCatchAll: Bool
    /// Whether every link to the route carries a value (required, or with a default).
    let alwaysPresent: Bool

    /// A value of the declared type, the `index`-th enumeration value for an enumeration.
    func sample(_ index: Int) -> ParameterValue {
        if isCatchAll { return .segments(["a"]) }
        switch type {
        case .integer(let range)?: return .integer(range.lowerBound)
        case .uuid?: return .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)))
        case .boolean?: return .boolean(false)
        case .enumeration(let values)?: return .string(values[index % values.count])
        case .pattern(let pattern)?: return .string(pattern.automaton.shortestMatch ?? "a")
        case .string?, .slug?, .custom?, nil: return .string("a")
        }
    }

    /// How many enumeration values the parameter has (1 for any other type).
    var sampleCount: Int {
        if case .enumeration(let values)? = type, !isCatchAll { return values.count }
        return 1
    }
}

extension CompiledRoute {
    /// Every parameter the route declares, by name.
    var declaredParameters: [String: DeclaredParameter] {
        var declared: [String: DeclaredParameter] = [:]
        let path = route.path
        for (position, segment) in segments.enumerated() {
            // An optional segment may be absent from a link.
            let optional = path.isOptionalSegment(at: position)
            switch segment {
            case .literal: continue
            case .parameter(let name, let type, _):
                declared[name] = DeclaredParameter(
                    name: name, type: type, isCatchAll: false, alwaysPresent: !optional)
            case .catchAll(let name, let type, _):
                declared[name] = DeclaredParameter(
                    name: name, type: type, isCatchAll: true, alwaysPresent: true)
            }
        }
        var others = query
        if case .parameter(let fragment) = fragment { others.append(fragment) }
        for parameter in others {
            declared[parameter.name] = DeclaredParameter(
                name: parameter.name, type: parameter.declaration.type.map { _ in parameter.validator.type },
                isCatchAll: false,
                alwaysPresent: parameter.isRequired || parameter.defaultValue != nil)
        }
        return declared
    }
}
