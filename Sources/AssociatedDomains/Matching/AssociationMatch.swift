import DeepLinks
import DeepLinksJSON

/// What an association file says about one URL for one app, and which rule said it.
///
/// ```swift
/// let result = compiled.match("https://example.com/buy/42", appID: "ABCDE12345.com.example.app",
///                             domain: "example.com")
/// result.decision          // .match
/// result.rule?.index       // 1: the second component of the first detail
/// result.description       // "match by applinks.details[0].components[1]"
/// ```
public struct AssociationMatch: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The three answers Apple's matcher gives.
    public enum Decision: String, Sendable, Hashable, Codable, CaseIterable {
        /// A rule matched: the URL opens the app.
        case match
        /// An `exclude` rule (or legacy `NOT` path) matched first: the URL stays in the browser.
        case exclude
        /// No rule for the app matched.
        case noMatch = "no_match"
    }

    /// Why the decision came out as it did.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// A rule matched (see ``AssociationMatch/rule``).
        case ruleMatched
        /// An exclusion matched (see ``AssociationMatch/rule``).
        case ruleExcluded
        /// The URL's host is not the domain the file was served for.
        case hostMismatch
        /// The file has no `applinks` service.
        case noAppLinks
        /// No `applinks` entry names the app.
        case appNotListed
        /// Entries name the app, but none of their rules matched.
        case noRuleMatched
        /// The URL text has no scheme, so it has no host or path to compare.
        case unreadableURL

        /// A sentence for the reason.
        public var sentence: String {
            switch self {
            case .ruleMatched: "a rule for the app matched the URL"
            case .ruleExcluded: "an exclusion for the app matched the URL first"
            case .hostMismatch: "the URL's host is not the domain the file was served for"
            case .noAppLinks: "the association file has no applinks service"
            case .appNotListed: "no applinks entry names the app"
            case .noRuleMatched: "no rule for the app matched the URL"
            case .unreadableURL: "the URL has no scheme, so it cannot be matched"
            }
        }
    }

    /// The decision.
    public let decision: Decision
    /// Why.
    public let reason: Reason
    /// The rule that decided, for ``Decision/match`` and ``Decision/exclude``.
    public let rule: RuleReference?

    /// Creates a result.
    public init(decision: Decision, reason: Reason, rule: RuleReference? = nil) {
        self.decision = decision
        self.reason = reason
        self.rule = rule
    }

    /// "match by applinks.details[0].components[1]", or the reason for no match.
    public var description: String {
        if let rule { return "\(decision.rawValue) by \(rule.jsonPath)" }
        return "\(decision.rawValue): \(reason.sentence)"
    }
}

/// Where a rule sits in an association file: which detail, and which component or legacy path.
///
/// ```swift
/// RuleReference(detailIndex: 0, appIDs: ["ABCDE12345.com.example.app"], kind: .component, index: 2)
///     .jsonPath   // "$.applinks.details[0].components[2]"
/// ```
public struct RuleReference: Sendable, Hashable, Encodable {
    /// Whether the rule is a modern component or a legacy `paths` entry.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An entry of `components`.
        case component
        /// An entry of the legacy `paths`.
        case legacyPath
    }

    /// The index of the detail in `applinks.details` (in ascending key order for the
    /// dictionary form).
    public let detailIndex: Int
    /// The detail's key when `details` is the legacy dictionary keyed by App ID.
    public let detailKey: String?
    /// The App IDs the detail applies to.
    public let appIDs: [String]
    /// The kind of rule.
    public let kind: Kind
    /// The index of the rule in `components` or `paths`.
    public let index: Int

    /// Creates a reference.
    public init(detailIndex: Int, detailKey: String? = nil, appIDs: [String], kind: Kind, index: Int) {
        self.detailIndex = detailIndex
        self.detailKey = detailKey
        self.appIDs = appIDs
        self.kind = kind
        self.index = index
    }

    /// The JSON path of the rule (`$.applinks.details[0].components[2]`).
    public var jsonPath: String {
        let detail =
            detailKey.map { JSONPath.appending(key: $0, to: "$.applinks.details") }
            ?? "$.applinks.details[\(detailIndex)]"
        return "\(detail).\(kind == .component ? "components" : "paths")[\(index)]"
    }
}

extension AssociationMatch {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(decision, forKey: "decision")
        try c.encode(reason, forKey: "reason")
        try c.encodeIfPresent(rule, forKey: "rule")
    }
}

extension RuleReference {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(detailIndex, forKey: "detailIndex")
        try c.encodeIfPresent(detailKey, forKey: "detailKey")
        try c.encode(appIDs, forKey: "appIDs")
        try c.encode(kind, forKey: "kind")
        try c.encode(index, forKey: "index")
    }
}
