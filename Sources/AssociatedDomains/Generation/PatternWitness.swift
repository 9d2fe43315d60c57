/// Example strings a compiled AASA pattern matches, for cross-checking a file against routes.
///
/// The short witness takes every `*` as empty and leaves out optional parts; the long one
/// fills every `*` with `fill` and keeps optional parts, so that `/buy/*` yields both `buy`
/// and `buy/x/y`. Choices take their first alternative that can match at all.
enum PatternWitness {
    static func short(_ node: PatternNode) -> String? { witness(node, fill: nil) }

    static func long(_ node: PatternNode, fill: String) -> String? { witness(node, fill: fill) }

    private static func witness(_ node: PatternNode, fill: String?) -> String? {
        switch node {
        case .scalar(let value):
            return Unicode.Scalar(value).map { String(Character($0)) }
        case .any:
            return "x"
        case .set(let set):
            let members = set.members
            let preferred =
                members.first { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) } ?? members.first
            return preferred.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        case .star:
            return fill ?? ""
        case .sequence(let parts):
            var text = ""
            for part in parts {
                guard let piece = witness(part, fill: fill) else { return nil }
                text += piece
            }
            return text
        case .alternation(let choices):
            for choice in choices {
                if let piece = witness(choice, fill: fill) { return piece }
            }
            return nil
        case .optional(let inner):
            guard fill != nil else { return "" }
            return witness(inner, fill: fill) ?? ""
        case .variable(let values):
            return witness(values.node, fill: fill)
        }
    }
}
