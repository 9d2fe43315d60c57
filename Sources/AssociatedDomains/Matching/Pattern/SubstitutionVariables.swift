/// The substitution variables a file's patterns can use: the built-ins and the file's own.
///
/// Built-ins: `$(alpha)` `$(upper)` `$(lower)` `$(alnum)` `$(digit)` `$(xdigit)` stand for one
/// ASCII character of their class; `$(region)` and `$(lang)` for one ISO region or language
/// code (see ``ISOCodes``). Custom variables come from `applinks.substitutionVariables`; their
/// values may use `*` and `?` but not other variables (a `$(` in a value is literal text). A
/// custom variable with a built-in's name replaces the built-in. Names are case-sensitive.
struct SubstitutionVariables: Sendable {
    static let builtInNames = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    /// Each custom variable's values, compiled once for case-sensitive patterns and once
    /// (folded) for the others.
    private let custom: [String: (sensitive: VariableValues, folded: VariableValues)]

    init(custom: [String: [String]]) {
        var compiled: [String: (sensitive: VariableValues, folded: VariableValues)] = [:]
        for (name, values) in custom {
            compiled[name] = (
                VariableValues(name: name, values: values, caseSensitive: true),
                VariableValues(name: name, values: values, caseSensitive: false)
            )
        }
        self.custom = compiled
    }

    func isDefined(_ name: String) -> Bool {
        custom[name] != nil || SubstitutionVariables.builtInNames.contains(name)
    }

    /// The node `$(name)` stands for; `nil` when the variable is not defined. A variable of
    /// several values is a reference to them (``VariableValues``), shared, not a copy.
    func node(for name: String, caseSensitive: Bool) -> PatternNode? {
        if let values = custom[name] {
            return .variable(caseSensitive ? values.sensitive : values.folded)
        }
        let fold: (ScalarSet) -> ScalarSet = { caseSensitive ? $0 : $0.folded() }
        switch name {
        case "alpha": return .set(fold(.range("A"..."Z", "a"..."z")))
        case "upper": return .set(fold(.range("A"..."Z")))
        case "lower": return .set(fold(.range("a"..."z")))
        case "alnum": return .set(fold(.range("A"..."Z", "a"..."z", "0"..."9")))
        case "digit": return .set(.range("0"..."9"))
        case "xdigit": return .set(fold(.range("0"..."9", "A"..."F", "a"..."f")))
        case "region":
            return .variable(
                caseSensitive ? SubstitutionVariables.regions : SubstitutionVariables.foldedRegions)
        case "lang":
            return .variable(
                caseSensitive ? SubstitutionVariables.languages : SubstitutionVariables.foldedLanguages)
        default: return nil
        }
    }

    private static let regions = codes("region", ISOCodes.regions, caseSensitive: true)
    private static let foldedRegions = codes("region", ISOCodes.regions, caseSensitive: false)
    private static let languages = codes("lang", ISOCodes.languages, caseSensitive: true)
    private static let foldedLanguages = codes("lang", ISOCodes.languages, caseSensitive: false)

    private static func codes(_ name: String, _ codes: [String], caseSensitive: Bool) -> VariableValues {
        VariableValues(
            name: name,
            literals: codes.map { code in
                let scalars = code.unicodeScalars.map(\.value)
                return caseSensitive ? scalars : CaseFolding.fold(scalars)
            }, caseSensitive: caseSensitive)
    }
}

/// What parsing a pattern found besides its tree: the variables it uses and its defects.
struct ParsedPattern: Sendable {
    var node: PatternNode
    /// Names of `$(name)` references, in order.
    var variables: [String] = []
    /// Names of referenced variables that are not defined (the reference matches nothing).
    var undefinedVariables: [String] = []
    /// Whether a `$(` has no closing `)` (it is then literal text).
    var hasUnterminatedVariable = false
}

/// Reads pattern text into a ``PatternNode``.
enum PatternParser {
    /// Parses `text`; with `variables` `nil`, `$(…)` is literal text (inside variable values).
    static func parse(_ text: String, caseSensitive: Bool, variables: SubstitutionVariables?) -> ParsedPattern
    {
        let scalars = Array(text.unicodeScalars.map(\.value))
        var parsed = ParsedPattern(node: .sequence([]))
        var parts: [PatternNode] = []
        var index = 0
        func literal(_ scalar: UInt32) -> PatternNode {
            .scalar(caseSensitive ? scalar : CaseFolding.fold(scalar))
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case 0x2A:  // *
                if parts.last != .star { parts.append(.star) }
                index += 1
            case 0x3F:  // ?
                parts.append(.any)
                index += 1
            // `$(`
            case 0x24 where variables != nil && index + 1 < scalars.count && scalars[index + 1] == 0x28:
                guard let close = scalars[(index + 2)...].firstIndex(of: 0x29) else {
                    parsed.hasUnterminatedVariable = true
                    parts.append(literal(scalar))
                    index += 1
                    continue
                }
                var name = ""
                name.unicodeScalars.append(
                    contentsOf: scalars[(index + 2)..<close].compactMap(Unicode.Scalar.init))
                parsed.variables.append(name)
                if let node = variables?.node(for: name, caseSensitive: caseSensitive) {
                    parts.append(node)
                } else {
                    parsed.undefinedVariables.append(name)
                    parts.append(.never)
                }
                index = close + 1
            default:
                parts.append(literal(scalar))
                index += 1
            }
        }
        parsed.node = .sequence(parts)
        return parsed
    }
}
