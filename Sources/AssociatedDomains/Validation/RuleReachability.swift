/// Finds rules that can never decide because an earlier rule of the same detail matches first.
///
/// Apple stops at the first matching rule, so a rule whose every URL an earlier rule also
/// matches is dead (``AssociationFinding/Code/unreachableRule``); when the dead rule is an
/// exclusion and the earlier one is not, the URLs it was meant to keep in the browser open the
/// app instead (``AssociationFinding/Code/exclusionAfterBroaderRule``). An exclusion that an
/// earlier rule only partly covers is reported too. Only single earlier rules are compared, so
/// a rule covered by several together is not reported.
///
/// A rule can only cover a later one when its literal path prefix starts the later one's, so
/// earlier rules are kept in a trie of path prefixes and each rule is compared only with the
/// rules on its own prefix's branch, in file order: files of distinct literal rules compare
/// nearly linearly. Every pair that is compared is charged to the budget first, so the work is
/// bounded by the budget whatever the file.
struct RuleReachability {
    let budget: PatternLanguage.Budget

    /// Findings for the rules of one detail, in order.
    func findings(for rules: [CompiledRule]) -> [AssociationFinding] {
        var findings: [AssociationFinding] = []
        let rules = rules.filter(\.isReadable)
        let index = PrefixIndex()
        for (position, rule) in rules.enumerated() {
            if budget.isExhausted { break }
            var reported = false
            var candidates = index.candidates(forPrefix: rule.path?.prefix ?? [])
            defer { index.insert(position, prefix: rule.path?.prefix ?? []) }
            while let candidate = candidates.next() {
                let earlier = rules[candidate]
                guard budget.chargePair() else { break }
                guard covers(earlier, rule) == true else { continue }
                let what = rule.reference.kind == .component ? "component" : "path"
                if rule.exclude && !earlier.exclude {
                    findings.append(
                        AssociationFinding(
                            .exclusionAfterBroaderRule, at: rule.reference.jsonPath,
                            "this exclusion never takes effect: \(earlier.reference.jsonPath) comes first and "
                                + "sends every URL it would exclude to the app; move the exclusion before it")
                    )
                } else {
                    findings.append(
                        AssociationFinding(
                            .unreachableRule, at: rule.reference.jsonPath,
                            "this \(what) can never decide: \(earlier.reference.jsonPath) comes first and matches "
                                + "every URL it matches"))
                }
                reported = true
                break
            }
            guard !reported, rule.exclude, !budget.isExhausted else { continue }
            for earlier in rules[..<position] where !earlier.exclude {
                guard budget.chargePair() else { break }
                guard overlaps(earlier, rule) == true else { continue }
                findings.append(
                    AssociationFinding(
                        .exclusionPartlyShadowed, at: rule.reference.jsonPath,
                        "some URLs this exclusion should keep in the browser are matched first by "
                            + "\(earlier.reference.jsonPath) and open the app; move the exclusion before it"))
                break
            }
        }
        return findings
    }

    /// Whether `earlier` matches every URL `later` matches; `nil` when unknown.
    func covers(_ earlier: CompiledRule, _ later: CompiledRule) -> Bool? {
        let sameSettings =
            earlier.caseSensitive == later.caseSensitive && earlier.percentEncoded == later.percentEncoded
        guard
            sameSettings
                || (isUniversal(earlier.path) && isUniversal(earlier.fragment) && isUniversal(earlier.query))
        else { return false }
        guard let path = coversPart(earlier.path, later.path) else { return nil }
        guard path else { return false }
        guard let fragment = coversPart(earlier.fragment, later.fragment) else { return nil }
        guard fragment else { return false }
        return coversQuery(earlier.query, later.query)
    }

    /// Whether some URL matches both; `nil` when unknown. Only rules with the same settings and
    /// comparable query forms are compared; everything else answers `false` (no report).
    func overlaps(_ first: CompiledRule, _ second: CompiledRule) -> Bool? {
        guard first.caseSensitive == second.caseSensitive, first.percentEncoded == second.percentEncoded
        else {
            return false
        }
        for (a, b) in [(first.path, second.path), (first.fragment, second.fragment)] {
            guard let a, let b else { continue }
            guard a.prefix.starts(with: b.prefix) || b.prefix.starts(with: a.prefix),
                a.suffix.reversed().starts(with: b.suffix.reversed())
                    || b.suffix.reversed().starts(with: a.suffix.reversed())
            else { return false }
            guard let shared = PatternLanguage.overlaps(a, b, budget: budget) else { return nil }
            if !shared { return false }
        }
        switch (first.query, second.query) {
        case (.any, _), (_, .any):
            return true
        case (.whole(let a), .whole(let b)):
            return PatternLanguage.overlaps(a, b, budget: budget)
        case (.items(let a), .items(let b)):
            for (name, pattern) in a {
                guard let other = b.first(where: { $0.name == name }) else { continue }
                guard let shared = PatternLanguage.overlaps(pattern, other.value, budget: budget) else {
                    return nil
                }
                if !shared { return false }
            }
            return true
        default:
            return false
        }
    }

    private func isUniversal(_ automaton: PatternAutomaton?) -> Bool { automaton?.isUniversal ?? true }

    private func isUniversal(_ query: CompiledRule.Query) -> Bool {
        switch query {
        case .any: true
        case .whole(let pattern): pattern.isUniversal
        case .items(let items): items.allSatisfy { $0.value.isUniversal }
        }
    }

    /// Whether `earlier` matches every string `later` matches. Literal prefixes and suffixes
    /// settle most pairs without exploring: every string of `later` must start with the
    /// earlier's prefix and end with its suffix.
    private func coversPart(_ earlier: PatternAutomaton?, _ later: PatternAutomaton?) -> Bool? {
        guard let earlier, !earlier.isUniversal else { return true }
        guard let later else { return false }
        guard later.prefix.starts(with: earlier.prefix),
            later.suffix.reversed().starts(with: earlier.suffix.reversed())
        else { return false }
        return PatternLanguage.includes(earlier, later, budget: budget)
    }

    private func coversQuery(_ earlier: CompiledRule.Query, _ later: CompiledRule.Query) -> Bool? {
        if isUniversal(earlier) { return true }
        switch (earlier, later) {
        case (.whole(let a), .whole(let b)):
            return PatternLanguage.includes(a, b, budget: budget)
        case (.items(let a), .items(let b)):
            for (name, pattern) in a where !pattern.isUniversal {
                guard let other = b.first(where: { $0.name == name }) else { return false }
                guard let included = PatternLanguage.includes(pattern, other.value, budget: budget) else {
                    return nil
                }
                if !included { return false }
            }
            return true
        default:
            return false
        }
    }
}

/// Earlier rules by the literal prefix of their path pattern, in a trie.
///
/// The trie is flat: its nodes are numbers, its edges one dictionary from (node, scalar) to
/// node, and the rules ending at each node one array per node. No node is an object, so a
/// prefix of any length is built, searched and freed without recursion (a trie of one object
/// per scalar, freed child by child, overflows the stack on a 36,000-scalar literal).
final class PrefixIndex {
    /// The child of a node by scalar: key `node << 21 | scalar` (scalars are below 2²¹).
    private var edges: [UInt64: Int] = [:]
    /// Positions of rules whose prefix ends at each node, ascending; node 0 is the root.
    private var rules: [[Int]] = [[]]

    /// Adds the rule at `position` (positions are added in ascending order).
    func insert(_ position: Int, prefix: [UInt32]) {
        var node = 0
        for scalar in prefix {
            let key = UInt64(node) << 21 | UInt64(scalar & 0x1F_FFFF)
            if let next = edges[key] {
                node = next
            } else {
                let next = rules.count
                rules.append([])
                edges[key] = next
                node = next
            }
        }
        rules[node].append(position)
    }

    /// The rules whose prefix starts `prefix`, in ascending position, merged lazily from the
    /// nodes on the prefix's branch.
    func candidates(forPrefix prefix: [UInt32]) -> Candidates {
        var nodes: [Int] = []
        var node = 0
        if !rules[node].isEmpty { nodes.append(node) }
        for scalar in prefix {
            guard let next = edges[UInt64(node) << 21 | UInt64(scalar & 0x1F_FFFF)] else { break }
            node = next
            if !rules[node].isEmpty { nodes.append(node) }
        }
        return Candidates(index: self, nodes: nodes)
    }

    /// A k-way merge of the nodes' ascending lists, as they were when it was made (the lists
    /// are read in place through the index, never copied).
    struct Candidates: IteratorProtocol {
        let index: PrefixIndex
        let nodes: [Int]
        let ends: [Int]
        var heads: [Int]

        init(index: PrefixIndex, nodes: [Int]) {
            self.index = index
            self.nodes = nodes
            ends = nodes.map { index.rules[$0].count }
            heads = [Int](repeating: 0, count: nodes.count)
        }

        mutating func next() -> Int? {
            var best: Int?
            var bestList = -1
            for list in nodes.indices where heads[list] < ends[list] {
                let value = index.rules[nodes[list]][heads[list]]
                if best == nil || value < best! {
                    best = value
                    bestList = list
                }
            }
            guard bestList >= 0 else { return nil }
            heads[bestList] += 1
            return best
        }
    }
}
