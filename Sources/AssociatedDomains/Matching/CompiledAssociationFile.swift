import DeepLinks

/// An association file with every pattern compiled once, ready to match many URLs.
///
/// Matching follows Apple's observed behaviour: the URL's host must equal the domain the file
/// was served for (case-insensitively); the details that name the app are tried in order and,
/// within each, its components (or legacy `paths`) in order; the first rule that matches
/// decides, `exclude` turning the match into ``AssociationMatch/Decision/exclude``. A later
/// detail for the same app is tried only when no earlier rule matched.
///
/// Compiling is the expensive step; a compiled file is an immutable `Sendable` value that can
/// be shared across threads and matched against any number of URLs.
///
/// ```swift
/// let compiled = CompiledAssociationFile(try AssociationFile(parsing: aasaText))
/// compiled.match("https://example.com/buy/42", appID: "ABCDE12345.com.example.app",
///                domain: "example.com").decision        // .match
/// ```
public struct CompiledAssociationFile: Sendable {
    /// One detail with its rules compiled.
    struct Detail: Sendable {
        let index: Int
        let appIDs: [String]
        let rules: [CompiledRule]
        /// The detail's wildcard path patterns run together, one batch per way of reading the
        /// path (raw or decoded, folded or not: `variant` = decoded × 2 + folded).
        let batches: [(variant: Int, batch: GlobBatch)]
        /// For each rule, where its path's answer is: the batch (by position in `batches`) and
        /// the slot in it; `nil` for a rule matched on its own.
        let pathSlots: [(batch: Int, slot: Int)?]

        /// The fewest wildcard path patterns a detail batches: below it, each rule's own
        /// matcher, which checks the ends first and searches for each segment between stars,
        /// reads less of the path than one pass of the batch.
        static let batchThreshold = 4

        init(index: Int, appIDs: [String], rules: [CompiledRule]) {
            self.index = index
            self.appIDs = appIDs
            self.rules = rules
            var layouts: [Int: [GlobMatcher.Layout]] = [:]
            var slots: [(variant: Int, slot: Int)?] = []
            func isBatched(_ rule: CompiledRule) -> Bool {
                guard rule.isReadable, let path = rule.path, !path.isUniversal, !path.isLiteral else {
                    return false
                }
                return path.glob != nil
            }
            let batching = rules.count(where: isBatched) >= Detail.batchThreshold
            for rule in rules {
                guard batching, isBatched(rule), let glob = rule.path?.glob else {
                    slots.append(nil)
                    continue
                }
                let variant = (rule.percentEncoded ? 0 : 2) + (rule.caseSensitive ? 0 : 1)
                slots.append((variant, layouts[variant, default: []].count))
                layouts[variant, default: []].append(glob.layout)
            }
            let variants = layouts.keys.sorted()
            batches = variants.map { ($0, GlobBatch(layouts[$0] ?? [])) }
            pathSlots = slots.map { slot in
                slot.map { (variants.firstIndex(of: $0.variant) ?? 0, $0.slot) }
            }
        }
    }

    /// The file this was compiled from.
    public let file: AssociationFile
    let details: [Detail]
    let variables: SubstitutionVariables

    /// Compiles every rule of the file's `applinks` service.
    public init(_ file: AssociationFile) {
        self.file = file
        let appLinks = file.appLinks
        let variables = SubstitutionVariables(custom: appLinks?.substitutionVariables ?? [:])
        self.variables = variables
        var details: [Detail] = []
        for (detailIndex, detail) in (appLinks?.details ?? []).enumerated() {
            guard detail.unreadable == nil else { continue }
            let appIDs = detail.effectiveAppIDs
            let key = appLinks?.detailsStyle == .dictionary ? detail.appID : nil
            var rules: [CompiledRule] = []
            if let components = detail.components {
                for (index, component) in components.enumerated() {
                    let reference = RuleReference(
                        detailIndex: detailIndex, detailKey: key, appIDs: appIDs, kind: .component,
                        index: index)
                    rules.append(
                        CompiledRule(
                            component: component, detailDefaults: detail.defaults,
                            domainDefaults: appLinks?.defaults, variables: variables, reference: reference))
                }
            } else if let paths = detail.paths {
                for (index, path) in paths.enumerated() {
                    let reference = RuleReference(
                        detailIndex: detailIndex, detailKey: key, appIDs: appIDs, kind: .legacyPath,
                        index: index)
                    rules.append(CompiledRule(legacyPath: path, reference: reference))
                }
            }
            details.append(Detail(index: detailIndex, appIDs: appIDs, rules: rules))
        }
        self.details = details
    }

    /// Every App ID that some `applinks` detail names, in order of first appearance.
    public var appIDs: [String] {
        var seen = Set<String>()
        return details.flatMap(\.appIDs).filter { seen.insert($0).inserted }
    }

    /// What the file says about a URL for an app.
    ///
    /// - Parameters:
    ///   - url: The URL, split leniently.
    ///   - appID: The App ID (`TEAMID.bundle.id`), compared exactly.
    ///   - domain: The domain the file was served for; `nil` or empty skips the host check.
    public func match(_ url: AssociationURL, appID: String, domain: String?) -> AssociationMatch {
        if let domain, !domain.isEmpty, !Self.isHost(url.host, domain) {
            return AssociationMatch(decision: .noMatch, reason: .hostMismatch)
        }
        guard file.appLinks != nil else { return AssociationMatch(decision: .noMatch, reason: .noAppLinks) }
        var view = URLView(url)
        var listed = false
        for detail in details where detail.appIDs.contains(appID) {
            listed = true
            var verdicts: [Int: [Bool]] = [:]
            for (index, rule) in detail.rules.enumerated() {
                var pathVerdict: Bool?
                if let (batch, slot) = detail.pathSlots[index] {
                    if verdicts[batch] == nil {
                        let (variant, runner) = detail.batches[batch]
                        verdicts[batch] =
                            view.scalars(.path, decoded: variant >= 2, folded: variant % 2 == 1).map(
                                runner.matches)
                            ?? [Bool](repeating: false, count: detail.rules.count)
                    }
                    pathVerdict = verdicts[batch]?[slot]
                }
                guard rule.matches(&view, pathVerdict: pathVerdict) else { continue }
                return rule.exclude
                    ? AssociationMatch(decision: .exclude, reason: .ruleExcluded, rule: rule.reference)
                    : AssociationMatch(decision: .match, reason: .ruleMatched, rule: rule.reference)
            }
        }
        return AssociationMatch(decision: .noMatch, reason: listed ? .noRuleMatched : .appNotListed)
    }

    /// Whether the (lower-case) host is the domain, ignoring the domain's case; compares
    /// bytes without making a lower-case copy when the domain is ASCII.
    static func isHost(_ host: String?, _ domain: String) -> Bool {
        guard let host else { return false }
        let answer = Scan.withUTF8(domain) { domain -> Bool? in
            Scan.withUTF8(host) { host -> Bool? in
                guard Scan.isASCII(domain) else { return nil }
                guard host.count == domain.count else { return false }
                for index in 0..<domain.count {
                    var byte = domain[index]
                    if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 0x20 }
                    if host[index] != byte { return false }
                }
                return true
            } ?? nil
        }
        if let answer, let answer { return answer }
        return host == domain.lowercased()
    }

    /// What the file says about URL text for an app; text without a scheme is a
    /// ``AssociationMatch/Reason/unreadableURL`` no-match.
    public func match(_ url: String, appID: String, domain: String?) -> AssociationMatch {
        do {
            return match(try AssociationURL(url), appID: appID, domain: domain)
        } catch {
            return AssociationMatch(decision: .noMatch, reason: .unreadableURL)
        }
    }

    /// What the file says about a link that passed the gate, for an app.
    public func match(_ link: Link, appID: String, domain: String?) -> AssociationMatch {
        match(AssociationURL(link), appID: appID, domain: domain)
    }
}
