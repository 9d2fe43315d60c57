import DeepLinks

/// An `assetlinks.json` file ready to answer, for a URL and an Android app, what Android 15
/// and later decide: open the app, or keep the link in the browser.
///
/// The decision follows the rules written out in “Android App Links” (documentation):
/// only `http` and `https` URLs are App Links; the app must be granted
/// ``AssetStatement/handleAllURLs`` by a statement naming its package; without dynamic rules
/// the file lets the app open every URL its manifest declares (``AssetLinksMatch/Decision/match``);
/// with dynamic rules (the rules of every statement naming the app, in order) the first rule
/// that matches decides (`exclude` keeps the link in the browser), and a URL no rule matches
/// stays in the browser. The file is served per host, so the URL's host is not compared.
///
/// Paths, fragments and query names and values are compared percent-decoded (text whose
/// escapes are not valid UTF-8 is compared as written); a missing path is `/`, a missing
/// fragment is empty. Matching one URL costs, per rule, time linear in the URL times the
/// pattern's length in 64-character words (Shift-And), and nothing is recursive.
///
/// ```swift
/// let compiled = CompiledAssetLinks(file)
/// compiled.match("https://example.com/title/42", packageName: "com.example.app").decision   // .match
/// ```
public struct CompiledAssetLinks: Sendable {
    /// One rule, compiled.
    struct Rule: Sendable {
        let path: PatternAutomaton?
        let query: [(name: String, pattern: PatternAutomaton)]
        let fragment: PatternAutomaton?
        let exclude: Bool
        let reference: AssetLinksMatch.RuleReference
    }

    /// For each package granted App Links: its rules in order, or `nil` without dynamic rules.
    private let rules: [String: [Rule]?]

    /// Compiles a file.
    public init(_ file: AssetLinksFile) {
        var rules: [String: [Rule]?] = [:]
        for (statementIndex, statement) in file.statements.enumerated() where statement.grantsAppLinks {
            guard let name = statement.target.androidApp?.packageName else { continue }
            let existing: [Rule]? = rules[name] ?? nil
            guard let components = statement.dynamicComponents else {
                if rules[name] == nil { rules[name] = .some(nil) }
                continue
            }
            var compiled = existing ?? []
            for (index, component) in components.enumerated() {
                compiled.append(
                    Rule(
                        path: component.path.map(Self.automaton),
                        query: (component.query ?? [:]).sorted { $0.key < $1.key }.map {
                            (name: $0.key, pattern: Self.automaton($0.value))
                        },
                        fragment: component.fragment.map(Self.automaton), exclude: component.isExclusion,
                        reference: AssetLinksMatch.RuleReference(
                            statementIndex: statementIndex, componentIndex: index)))
            }
            rules[name] = .some(compiled)
        }
        self.rules = rules
    }

    /// The package names the file grants App Links, in no particular order.
    public var packageNames: [String] { Array(rules.keys) }

    /// Decides a URL given as text for an app.
    public func match(_ url: String, packageName: String) -> AssetLinksMatch {
        guard let parsed = try? AssociationURL(url) else {
            return AssetLinksMatch(decision: .noMatch, reason: .invalidURL, rule: nil)
        }
        return match(parsed, packageName: packageName)
    }

    /// Decides a split URL for an app.
    public func match(_ url: AssociationURL, packageName: String) -> AssetLinksMatch {
        guard url.scheme == "https" || url.scheme == "http" else {
            return AssetLinksMatch(decision: .noMatch, reason: .notWeb(scheme: url.scheme), rule: nil)
        }
        guard let entry = rules[packageName] else {
            return AssetLinksMatch(decision: .noMatch, reason: .appNotAssociated, rule: nil)
        }
        guard let list = entry else {
            return AssetLinksMatch(decision: .match, reason: .noDynamicRules, rule: nil)
        }
        let path = Self.scalars(url.rawPath.isEmpty ? "/" : url.rawPath)
        let fragment = Self.scalars(url.rawFragment ?? "")
        var parameters: [String: [[UInt32]]] = [:]
        if let query = url.rawQuery, !query.isEmpty {
            for item in query.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = PercentEncoding.decode(parts[0]) ?? String(parts[0])
                let value = parts.count > 1 ? Self.scalars(String(parts[1])) : []
                parameters[name, default: []].append(value)
            }
        }
        for rule in list {
            if let pattern = rule.path, !pattern.matches(path) { continue }
            if let pattern = rule.fragment, !pattern.matches(fragment) { continue }
            let queryMatches = rule.query.allSatisfy { item in
                (parameters[item.name] ?? []).contains { item.pattern.matches($0) }
            }
            guard queryMatches else { continue }
            return AssetLinksMatch(
                decision: rule.exclude ? .exclude : .match,
                reason: rule.exclude ? .excludedByRule : .includedByRule,
                rule: rule.reference)
        }
        return AssetLinksMatch(decision: .noMatch, reason: .noRuleMatched, rule: nil)
    }

    /// What the app's dynamic rules say about a URL's path alone, their query and fragment
    /// matchers left aside: `.match` when the first rule whose path pattern matches opens the
    /// app, `.exclude` when it is an exclusion, `.noMatch` when no rule's path matches; `nil`
    /// when the file grants the app no dynamic rules (its manifest decides). It is what an
    /// intent filter, which has only paths, can be compared with.
    public func pathDecision(_ url: AssociationURL, packageName: String) -> AssetLinksMatch.Decision? {
        guard let entry = rules[packageName], let list = entry else { return nil }
        let path = Self.scalars(url.rawPath.isEmpty ? "/" : url.rawPath)
        guard let rule = list.first(where: { $0.path?.matches(path) ?? true }) else { return .noMatch }
        return rule.exclude ? .exclude : .match
    }

    /// A pattern as an automaton: `*` any run, `?` one character, everything else itself.
    static func automaton(_ pattern: String) -> PatternAutomaton {
        var parts: [PatternNode] = []
        for scalar in pattern.unicodeScalars {
            switch scalar {
            case "*": parts.append(.star)
            case "?": parts.append(.any)
            default: parts.append(.scalar(scalar.value))
            }
        }
        return PatternAutomaton(.sequence(parts))
    }

    /// Text percent-decoded (as written when its escapes are not valid UTF-8), as scalars.
    static func scalars(_ raw: String) -> [UInt32] {
        (PercentEncoding.decode(raw) ?? raw).unicodeScalars.map(\.value)
    }
}

/// What Android decides for a URL and an app, and why.
///
/// ```swift
/// let result = compiled.match("https://example.com/redeem?code=A1", packageName: "com.example.app")
/// result.decision           // .exclude
/// result.rule?.jsonPath     // "$[0].relation_extensions[…].dynamic_app_link_components[0]"
/// result.reason.sentence    // "an exclusion rule matched first: the link stays in the browser"
/// ```
public struct AssetLinksMatch: Sendable, Hashable, Encodable {
    /// The decision.
    public enum Decision: String, Sendable, Hashable, Codable, CaseIterable {
        /// The app opens the link.
        case match
        /// An exclusion rule matched first: the link stays in the browser.
        case exclude
        /// The file does not send the link to the app.
        case noMatch = "no_match"
    }

    /// Why.
    public enum Reason: Sendable, Hashable, Encodable {
        /// A rule that opens the app matched first.
        case includedByRule
        /// An exclusion rule matched first.
        case excludedByRule
        /// The app has dynamic rules and none matched.
        case noRuleMatched
        /// The app has no dynamic rules: every URL its manifest declares opens it.
        case noDynamicRules
        /// No statement grants App Links to the app.
        case appNotAssociated
        /// The URL is not `http` or `https`.
        case notWeb(scheme: String)
        /// The text is not a URL (it has no scheme).
        case invalidURL

        /// A sentence for people.
        public var sentence: String {
            switch self {
            case .includedByRule: "a rule that opens the app matched first"
            case .excludedByRule: "an exclusion rule matched first: the link stays in the browser"
            case .noRuleMatched: "no dynamic rule matches: the link stays in the browser"
            case .noDynamicRules:
                "the file has no dynamic rules for the app: its manifest decides which paths open it"
            case .appNotAssociated: "no statement grants App Links to this package"
            case .notWeb(let scheme): "'\(scheme)' links are not App Links (only http and https are)"
            case .invalidURL: "the text is not a URL"
            }
        }
    }

    /// Where a rule is in the file.
    public struct RuleReference: Sendable, Hashable, Encodable {
        /// The statement's index in the list.
        public let statementIndex: Int
        /// The rule's index in the statement's `dynamic_app_link_components`.
        public let componentIndex: Int

        /// Creates a reference.
        public init(statementIndex: Int, componentIndex: Int) {
            self.statementIndex = statementIndex
            self.componentIndex = componentIndex
        }

        /// The rule's JSON path, as findings spell it.
        public var jsonPath: String {
            "$[\(statementIndex)].relation_extensions[\"\(AssetStatement.handleAllURLs)\"]"
                + ".dynamic_app_link_components[\(componentIndex)]"
        }
    }

    /// The decision.
    public let decision: Decision
    /// Why.
    public let reason: Reason
    /// The rule that decided, when one did.
    public let rule: RuleReference?

    /// Creates a result.
    public init(decision: Decision, reason: Reason, rule: RuleReference?) {
        self.decision = decision
        self.reason = reason
        self.rule = rule
    }
}

extension AssetLinksMatch.Reason {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .includedByRule: _ = EnumCaseEncoder(encoder, "includedByRule")
        case .excludedByRule: _ = EnumCaseEncoder(encoder, "excludedByRule")
        case .noRuleMatched: _ = EnumCaseEncoder(encoder, "noRuleMatched")
        case .noDynamicRules: _ = EnumCaseEncoder(encoder, "noDynamicRules")
        case .appNotAssociated: _ = EnumCaseEncoder(encoder, "appNotAssociated")
        case .notWeb(let scheme):
            var values = EnumCaseEncoder(encoder, "notWeb")
            try values("scheme", scheme)
        case .invalidURL: _ = EnumCaseEncoder(encoder, "invalidURL")
        }
    }
}

extension AssetLinksMatch {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(decision, forKey: "decision")
        try c.encode(reason, forKey: "reason")
        try c.encodeIfPresent(rule, forKey: "rule")
    }
}

extension AssetLinksMatch.RuleReference {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(statementIndex, forKey: "statementIndex")
        try c.encode(componentIndex, forKey: "componentIndex")
    }
}
