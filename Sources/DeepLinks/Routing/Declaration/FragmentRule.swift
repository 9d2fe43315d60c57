/// What a route requires of a link's fragment (`#…`).
///
/// In Swift and JSON a rule is text: `any` (the default: the fragment is ignored), `none`
/// (a link with a non-empty fragment does not match), or a parameter declaration in the
/// syntax of ``QueryParameter`` (`section(slug)`, `section(slug)?`, `section(slug)=top`) that
/// reads the decoded fragment as a typed parameter. An empty fragment (`#`) counts as none.
///
/// ```swift
/// let docs = Route("docs", "/docs/:page(slug)", fragment: "section(slug)?")
/// ```
public enum FragmentRule: Sendable, Hashable, CustomStringConvertible {
    /// The fragment is ignored.
    case any
    /// The link must not carry a (non-empty) fragment.
    case none
    /// The fragment is read as a parameter.
    indirect case parameter(QueryParameter)

    /// Parses a rule: `any`, `none`, or a parameter declaration.
    public init(parsing text: String) {
        switch text {
        case "any": self = .any
        case "none": self = .none
        default: self = .parameter(QueryParameter(parsing: text))
        }
    }

    /// The rule's text form.
    public var description: String {
        switch self {
        case .any: "any"
        case .none: "none"
        case .parameter(let declaration): declaration.description
        }
    }

    /// The fragment parameter's declaration, if the rule reads one.
    public var declaration: QueryParameter? {
        if case .parameter(let declaration) = self { declaration } else { nil }
    }
}

extension FragmentRule: ExpressibleByStringLiteral {
    /// Parses a rule literal; a malformed declaration is reported when the table is built.
    public init(stringLiteral value: String) { self.init(parsing: value) }
}

extension FragmentRule: Codable {
    /// Decodes a rule from its text.
    public init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the rule as its text.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
