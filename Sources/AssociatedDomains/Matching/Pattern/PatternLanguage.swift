/// Questions about the set of strings a compiled pattern matches, for validation.
///
/// Three questions: can the pattern match any string made of allowed characters; does one
/// pattern match everything another does (inclusion); do two patterns share a string
/// (overlap). Inclusion and overlap explore one automaton against the subset construction of
/// the other over a reduced alphabet (every scalar either pattern names, plus one stand-in for
/// all others), so they are exact; a step budget bounds the work and an exhausted budget
/// answers `nil` (unknown).
enum PatternLanguage {
    /// The characters a URL part can contain, as an ASCII set plus whether non-ASCII may occur.
    struct Alphabet: Hashable {
        var ascii: ScalarSet
        var allowsNonASCII: Bool

        static let everything = Alphabet(ascii: ScalarSet(0..<128), allowsNonASCII: true)

        /// What a percent-encoded URL part can hold: printable ASCII without the characters
        /// browsers always escape there (and never the separators that end the part).
        static func encoded(excluding forbidden: String) -> Alphabet {
            let excluded = Set(forbidden.unicodeScalars.map(\.value))
            return Alphabet(
                ascii: ScalarSet((0x21..<0x7F).filter { !excluded.contains($0) }), allowsNonASCII: false)
        }

        static let encodedPath = encoded(excluding: "\"#<>?`{}")
        static let encodedQuery = encoded(excluding: "\"#<>")
        static let encodedQueryValue = encoded(excluding: "\"#<>&")
        static let encodedFragment = encoded(excluding: "\"<>`")

        /// The alphabets validation asks about, folded and not (answers for them are kept by
        /// each variable, see ``VariableValues``).
        static let standard: [Alphabet] = {
            let plain = [everything, encodedPath, encodedQuery, encodedQueryValue, encodedFragment]
            return plain + plain.map { $0.folded() }
        }()

        func folded() -> Alphabet { Alphabet(ascii: ascii.folded(), allowsNonASCII: allowsNonASCII) }

        func allows(_ scalar: UInt32) -> Bool { scalar < 128 ? ascii.contains(scalar) : allowsNonASCII }

        func satisfies(_ test: PatternAutomaton.Test) -> Bool {
            switch test {
            case .scalar(let scalar): allows(scalar)
            case .any: !ascii.isEmpty || allowsNonASCII
            case .set(let set): set.members.contains(where: allows)
            }
        }
    }

    /// Whether some string over `alphabet` matches.
    static func canMatch(_ automaton: PatternAutomaton, over alphabet: Alphabet) -> Bool {
        if let segmented = automaton.segmented {
            // A sequence matches something when each of its parts does.
            guard case .sequence(let parts) = segmented.node else { return false }
            return parts.allSatisfy { part in
                switch part {
                case .variable(let values): values.canMatch(over: alphabet)
                case .star, .optional: true
                case .scalar(let scalar): alphabet.allows(scalar)
                case .any: alphabet.satisfies(.any)
                case .set(let set): alphabet.satisfies(.set(set))
                case .alternation(let choices) where choices.isEmpty: false
                default: canMatch(PatternAutomaton(part), over: alphabet)
                }
            }
        }
        var seen = Set<Int>()
        var stack = [automaton.start]
        while let state = stack.popLast() {
            guard seen.insert(state).inserted else { continue }
            switch automaton.states[state] {
            case .accept: return true
            case .fork(let targets): stack.append(contentsOf: targets)
            case .consume(let test, let next): if alphabet.satisfies(test) { stack.append(next) }
            case .table(let targets):
                for (scalar, next) in targets where alphabet.allows(scalar) { stack.append(next) }
            }
        }
        return false
    }

    /// A shared budget of exploration steps for a whole validation run. Every pair of rules
    /// compared costs one step before anything else is looked at, so the pairs a run compares
    /// never exceed the budget, however cheaply each pair is settled.
    final class Budget {
        var remaining: Int
        /// The pairs of rules charged so far.
        private(set) var pairsCompared = 0
        init(_ steps: Int) { remaining = steps }
        var isExhausted: Bool { remaining <= 0 }

        /// Charges one pair of rules; `false` (and nothing charged) when the budget is spent.
        func chargePair() -> Bool {
            guard remaining > 0 else { return false }
            remaining -= 1
            pairsCompared += 1
            return true
        }
    }

    /// Whether every string `inner` matches, `outer` matches too; `nil` when the budget ran out.
    static func includes(_ outer: PatternAutomaton, _ inner: PatternAutomaton, budget: Budget) -> Bool? {
        if outer.isUniversal || outer == inner { return true }
        if budget.isExhausted { return nil }
        guard let outer = outer.expanded(budget: budget), let inner = inner.expanded(budget: budget) else {
            return nil
        }
        let alphabet = reducedAlphabet(outer, inner)
        var visited = Set<Pair>()
        var work: [Pair] = []
        let outerStart = closure(outer, of: [outer.start])
        for state in closure(inner, of: [inner.start]) { work.append(Pair(single: state, set: outerStart)) }
        while let pair = work.popLast() {
            guard visited.insert(pair).inserted else { continue }
            budget.remaining -= 1
            if budget.isExhausted { return nil }
            switch inner.states[pair.single] {
            case .accept:
                if !pair.set.contains(0) { return false }
            case .consume, .table:
                for symbol in alphabet {
                    guard let next = target(inner, pair.single, symbol) else { continue }
                    // A step reads every state of the set: charged by its size.
                    budget.remaining -= 1 + pair.set.count
                    let outerNext = step(outer, pair.set, symbol)
                    for state in closure(inner, of: [next]) {
                        work.append(Pair(single: state, set: outerNext))
                    }
                }
            case .fork:
                continue
            }
        }
        return true
    }

    /// Whether some string matches both; `nil` when the budget ran out.
    static func overlaps(_ first: PatternAutomaton, _ second: PatternAutomaton, budget: Budget) -> Bool? {
        if budget.isExhausted { return nil }
        guard let first = first.expanded(budget: budget), let second = second.expanded(budget: budget) else {
            return nil
        }
        let alphabet = reducedAlphabet(first, second)
        var visited = Set<Pair>()
        var work: [Pair] = []
        let secondStart = closure(second, of: [second.start])
        for state in closure(first, of: [first.start]) { work.append(Pair(single: state, set: secondStart)) }
        while let pair = work.popLast() {
            guard visited.insert(pair).inserted else { continue }
            budget.remaining -= 1
            if budget.isExhausted { return nil }
            switch first.states[pair.single] {
            case .accept:
                if pair.set.contains(0) { return true }
            case .consume, .table:
                for symbol in alphabet {
                    guard let next = target(first, pair.single, symbol) else { continue }
                    budget.remaining -= 1 + pair.set.count
                    let secondNext = step(second, pair.set, symbol)
                    guard !secondNext.isEmpty else { continue }
                    for state in closure(first, of: [next]) {
                        work.append(Pair(single: state, set: secondNext))
                    }
                }
            case .fork:
                continue
            }
        }
        return false
    }

    /// A state of one automaton paired with a set of states of the other.
    private struct Pair: Hashable {
        var single: Int
        var set: [Int]
    }

    /// One scalar per class of scalars that no test tells apart.
    private static func reducedAlphabet(_ first: PatternAutomaton, _ second: PatternAutomaton) -> [UInt32] {
        var symbols = Set<UInt32>()
        for automaton in [first, second] {
            for state in automaton.states {
                guard case .consume(let test, _) = state else { continue }
                switch test {
                case .scalar(let scalar): symbols.insert(scalar)
                case .set(let set): symbols.formUnion(set.members)
                case .any: break
                }
            }
            for state in automaton.states {
                if case .table(let targets) = state { symbols.formUnion(targets.keys) }
            }
        }
        var stranger: UInt32 = 0xE000
        while symbols.contains(stranger) { stranger += 1 }
        symbols.insert(stranger)
        return symbols.sorted()
    }

    /// The sorted consuming and accepting states reachable from `states` without input.
    private static func closure(_ automaton: PatternAutomaton, of states: [Int]) -> [Int] {
        var seen = Set<Int>()
        var result: [Int] = []
        var stack = states
        while let state = stack.popLast() {
            guard seen.insert(state).inserted else { continue }
            switch automaton.states[state] {
            case .accept, .consume, .table: result.append(state)
            case .fork(let targets): stack.append(contentsOf: targets)
            }
        }
        return result.sorted()
    }

    private static func step(_ automaton: PatternAutomaton, _ states: [Int], _ symbol: UInt32) -> [Int] {
        let next = states.compactMap { target(automaton, $0, symbol) }
        return next.isEmpty ? [] : closure(automaton, of: next)
    }

    /// Where a consuming state goes on a scalar, or `nil` when it does not accept it.
    private static func target(_ automaton: PatternAutomaton, _ state: Int, _ symbol: UInt32) -> Int? {
        switch automaton.states[state] {
        case .consume(let test, let next): test.accepts(symbol) ? next : nil
        case .table(let targets): targets[symbol]
        case .accept, .fork: nil
        }
    }
}
