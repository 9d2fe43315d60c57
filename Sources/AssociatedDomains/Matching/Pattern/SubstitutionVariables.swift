/// The substitution variables a file's patterns can use: the built-ins and the file's own.
///
/// Built-ins: `$(alpha)` `$(upper)` `$(lower)` `$(alnum)` `$(digit)` `$(xdigit)` stand for one
/// ASCII character of their class; `$(region)` and `$(lang)` for one ISO region or language
/// code (see ``ISOCodes``). Custom variables come from `applinks.substitutionVariables`; their
/// values may use `*` and `?` but not other variables (a `$(` in a value is literal text). A
/// custom variable with a built-in's name replaces the built-in. Names are case-sensitive.
struct SubstitutionVariables: Sendable {
    static let builtInNames = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    private let custom: [String: [String]]

    init(custom: [String: [String]]) { self.custom = custom }

    func isDefined(_ name: String) -> Bool {
        custom[name] != nil || SubstitutionVariables.builtInNames.contains(name)
    }

    /// The node `$(name)` stands for; `nil` when the variable is not defined.
    func node(for name: String, caseSensitive: Bool) -> PatternNode? {
        if let values = custom[name] {
            return .alternation(
                values.map { PatternParser.parse($0, caseSensitive: caseSensitive, variables: nil).node })
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
            return caseSensitive ? SubstitutionVariables.regions : SubstitutionVariables.foldedRegions
        case "lang":
            return caseSensitive ? SubstitutionVariables.languages : SubstitutionVariables.foldedLanguages
        default: return nil
        }
    }

    private static let regions = codes(ISOCodes.regions, caseSensitive: true)
    private static let foldedRegions = codes(ISOCodes.regions, caseSensitive: false)
    private static let languages = codes(ISOCodes.languages, caseSensitive: true)
    private static let foldedLanguages = codes(ISOCodes.languages, caseSensitive: false)

    private static func codes(_ codes: [String], caseSensitive: Bool) -> PatternNode {
        .literalAlternation(
            codes.map { code in
                let scalars = code.unicodeScalars.map(\.value)
                return caseSensitive ? scalars : CaseFolding.fold(scalars)
            })
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
