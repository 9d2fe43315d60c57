/// The table-wide rules for trailing slashes, letter case and precedence.
///
/// Every rule is explicit and has a conservative default. In JSON:
/// `{"trailingSlash": "ignored", "caseSensitivity": "sensitive", "precedence": "specificity"}`;
/// every key may be omitted.
///
/// ```swift
/// let table = RouteTable(options: RoutingOptions(caseSensitivity: .insensitive)) {
///     Route("help", "/Help")      // matches /help, /HELP, /Help
/// }
/// ```
public struct RoutingOptions: Sendable, Hashable {
    /// Whether a trailing slash distinguishes links.
    public enum TrailingSlash: String, Sendable, Hashable, Codable, CaseIterable {
        /// `/albums/` and `/albums` are the same link (default). A pattern's trailing slash
        /// is ignored too.
        case ignored
        /// `/albums/` matches only a pattern written with a trailing slash. The bare path `/`
        /// (and a custom-scheme link's `/` right after the host) is never a trailing slash.
        case significant

        /// Decodes the rule from its name, refusing any other text with the names allowed.
        public init(from decoder: any Decoder) throws {
            self = try decoder.singleCase(Self.self, what: "a trailing-slash rule")
        }
    }

    /// How letters compare in literal segments and enumeration values.
    public enum CaseSensitivity: String, Sendable, Hashable, Codable, CaseIterable {
        /// Letters must match exactly (default), as paths are case-sensitive in RFC 3986.
        case sensitive
        /// Letters compare without regard to case; the value reported for an enumeration is
        /// its declared spelling. Typed values (slugs, strings) keep the link's spelling.
        case insensitive

        /// Decodes the rule from its name, refusing any other text with the names allowed.
        public init(from decoder: any Decoder) throws {
            self = try decoder.singleCase(Self.self, what: "a case-sensitivity rule")
        }
    }

    /// How the winner is chosen when several routes match a link.
    public enum Precedence: String, Sendable, Hashable, Codable, CaseIterable {
        /// The most specific route wins, whatever the declaration order (default; see ``Router``).
        case specificity
        /// The first route in declaration order that matches wins, as in an association file.
        /// Lookups then visit every candidate the link's literal segments allow.
        case declarationOrder

        /// Decodes the rule from its name, refusing any other text with the names allowed.
        public init(from decoder: any Decoder) throws {
            self = try decoder.singleCase(Self.self, what: "a precedence rule")
        }
    }

    /// Whether a trailing slash distinguishes links. Default ``TrailingSlash/ignored``.
    public var trailingSlash: TrailingSlash
    /// How letters compare. Default ``CaseSensitivity/sensitive``.
    public var caseSensitivity: CaseSensitivity
    /// How the winner is chosen. Default ``Precedence/specificity``.
    public var precedence: Precedence

    /// Creates options; every argument has a default.
    public init(
        trailingSlash: TrailingSlash = .ignored, caseSensitivity: CaseSensitivity = .sensitive,
        precedence: Precedence = .specificity
    ) {
        self.trailingSlash = trailingSlash
        self.caseSensitivity = caseSensitivity
        self.precedence = precedence
    }
}

extension RoutingOptions: Codable {
    /// The keys of the options' JSON, which the route-table reader reads too.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case trailingSlash, caseSensitivity, precedence
    }

    /// Decodes options; missing keys take their defaults and unknown keys are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, what: "the routing options")
        self.init(
            trailingSlash: try c.decode(.trailingSlash, or: .ignored),
            caseSensitivity: try c.decode(.caseSensitivity, or: .sensitive),
            precedence: try c.decode(.precedence, or: .specificity))
    }

    /// Encodes every key, so that a written table states its rules.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(trailingSlash, forKey: .trailingSlash)
        try c.encode(caseSensitivity, forKey: .caseSensitivity)
        try c.encode(precedence, forKey: .precedence)
    }
}
