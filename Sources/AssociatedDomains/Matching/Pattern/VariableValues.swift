/// The values of one substitution variable, parsed and compiled once and shared by every
/// `$(name)` that refers to it.
///
/// A reference is a pointer to this object, never a copy of the values: a file of a thousand
/// values referenced a thousand times stores the values once. Matching runs all the values
/// side by side as Shift-And (``EntryGlobs``), entered at every input position the pattern
/// before the reference reached, so one reference costs one pass over the input of
/// (value positions ÷ 64) words per scalar, whatever the values' wildcards; validation, which
/// needs an automaton, expands ``node`` on demand and charges what it builds to its budget.
final class VariableValues: Sendable, Hashable {
    /// The variable's name, without `$(` and `)`.
    let name: String
    /// Whether the values were read case-sensitively (a case-insensitive pattern reads folded
    /// values).
    let caseSensitive: Bool
    /// The values as one node (the alternation the variable stands for), for validation and
    /// witnesses: what a reference expands to.
    let node: PatternNode
    /// The values run side by side.
    let globs: EntryGlobs
    /// How many automaton states expanding one reference builds (see ``PatternAutomaton``).
    let expandedStateCount: Int
    /// Whether some value can match a string over each alphabet validation asks about.
    private let matchable: [PatternLanguage.Alphabet: Bool]
    /// The value parts, for alphabets not in ``matchable``.
    private let values: [[PatternNode]]

    /// Values read with the pattern parser (`*` and `?` are wildcards, `$(` is literal text).
    convenience init(name: String, values texts: [String], caseSensitive: Bool) {
        let values = texts.map { text -> [PatternNode] in
            guard
                case .sequence(let parts) = PatternParser.parse(
                    text, caseSensitive: caseSensitive, variables: nil
                ).node
            else { return [] }
            return parts
        }
        self.init(
            name: name, caseSensitive: caseSensitive, values: values,
            node: .alternation(values.map(PatternNode.sequence)))
    }

    /// Literal values (the ISO code lists), deduplicated and sorted, stood for by a trie.
    convenience init(name: String, literals: [[UInt32]], caseSensitive: Bool) {
        let unique = Set(literals).sorted { $0.lexicographicallyPrecedes($1) }
        self.init(
            name: name, caseSensitive: caseSensitive,
            values: unique.map { $0.map(PatternNode.scalar) }, node: .literalAlternation(unique))
    }

    private init(name: String, caseSensitive: Bool, values: [[PatternNode]], node: PatternNode) {
        self.name = name
        self.caseSensitive = caseSensitive
        self.node = node
        self.values = values
        globs = EntryGlobs(values.map(EntryGlobs.Layout.init(parts:)))
        expandedStateCount = PatternAutomaton.stateCount(of: node)
        var matchable: [PatternLanguage.Alphabet: Bool] = [:]
        for alphabet in PatternLanguage.Alphabet.standard {
            matchable[alphabet] = Self.canMatch(values, over: alphabet)
        }
        self.matchable = matchable
    }

    /// Whether some value matches a string over `alphabet`.
    func canMatch(over alphabet: PatternLanguage.Alphabet) -> Bool {
        matchable[alphabet] ?? Self.canMatch(values, over: alphabet)
    }

    private static func canMatch(_ values: [[PatternNode]], over alphabet: PatternLanguage.Alphabet) -> Bool {
        values.contains { parts in
            parts.allSatisfy { part in
                switch part {
                case .scalar(let scalar): alphabet.allows(scalar)
                case .any: alphabet.satisfies(.any)
                case .set(let set): alphabet.satisfies(.set(set))
                case .star: true
                default: false
                }
            }
        }
    }

    /// Equal when they stand for the same values read the same way.
    static func == (lhs: VariableValues, rhs: VariableValues) -> Bool {
        lhs === rhs
            || (lhs.name == rhs.name && lhs.caseSensitive == rhs.caseSensitive && lhs.node == rhs.node)
    }

    /// Hashes the name and the case setting.
    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(caseSensitive)
    }
}

/// Wildcard patterns (literal scalars, `?`, sets and `*`) laid end to end as one Shift-And bit
/// vector, each entered at any of a set of input positions: given the positions where matching
/// may start, one pass over the input gives every position where some pattern's match ends.
///
/// This is how a pattern with substitution variables is matched (see ``SegmentedPattern``):
/// the set of positions reached so far goes in, the set reached after the next piece comes
/// out. The work is (input scalars + 1) × (positions ÷ 64, rounded up) word operations at
/// most, less when no match is alive and the next entry is far, or when a pattern that ends
/// with `*` has matched (every later position is then reached).
final class EntryGlobs: Sendable {
    /// One pattern: a test per position, the bits (0 for "nothing read yet") followed by `*`.
    struct Layout: Sendable {
        var tests: [PatternAutomaton.Test]
        var loopBits: [Int]

        /// The layout of a sequence of scalars, `?`, sets and `*`; other parts are not
        /// produced by the parser inside a variable value or between references.
        init(parts: [PatternNode]) {
            tests = []
            loopBits = []
            for part in parts {
                switch part {
                case .scalar(let scalar): tests.append(.scalar(scalar))
                case .any: tests.append(.any)
                case .set(let set): tests.append(.set(set))
                case .star: if loopBits.last != tests.count { loopBits.append(tests.count) }
                default: continue
                }
            }
        }
    }

    /// Words per bit vector.
    let words: Int
    /// Bits in all: each pattern's positions plus its start bit.
    let positions: Int
    private let ascii: [UInt64]
    /// Non-ASCII scalars the patterns name, with the bits that accept them.
    private let other: [UInt32: [Int]]
    private let anyMask: [UInt64]
    private let loops: [UInt64]
    private let starts: [UInt64]
    private let accepting: [UInt64]
    /// Accepting bits with a loop: once one is live, every later position is reached.
    private let open: [UInt64]

    init(_ layouts: [Layout]) {
        let masks = ShiftAndMasks(layouts.map { ($0.tests, $0.loopBits) })
        words = masks.words
        positions = masks.positions
        ascii = masks.ascii
        other = masks.other
        anyMask = masks.anyMask
        loops = masks.loops
        starts = masks.starts
        // Each pattern accepts at its last bit.
        var accepting = [UInt64](repeating: 0, count: words)
        for (layout, base) in zip(layouts, masks.bases) {
            ShiftAndMasks.set(base + layout.tests.count, in: &accepting)
        }
        self.accepting = accepting
        open = zip(accepting, loops).map { $0 & $1 }
    }

    /// The positions (bits of `0...input.count`) where some pattern's match ends, for matches
    /// that start at a position of `entries` (bits of the same range).
    func exits(_ input: Span<UInt32>, entries: [UInt64]) -> [UInt64] {
        // One function: the Shift-And loop over the input's scalars, whose live bits, carry and
        // masks stay in locals across the loop; split, that bit state would be passed for each
        // scalar.
        let count = input.count
        var exits = [UInt64](repeating: 0, count: entries.count)
        guard var position = PositionSet.next(in: entries, from: 0, limit: count) else { return exits }
        var live = [UInt64](repeating: 0, count: words)
        var mask = [UInt64](repeating: 0, count: words)
        let words = words
        ascii.withWords { ascii in
            live.withMutableWords { live in
                while true {
                    if PositionSet.contains(entries, position) {
                        for word in 0..<words { live[word] |= starts[word] }
                    }
                    var accepted = false
                    var unbounded = false
                    for word in 0..<words {
                        accepted = accepted || live[word] & accepting[word] != 0
                        unbounded = unbounded || live[word] & open[word] != 0
                    }
                    if unbounded {
                        PositionSet.insert(from: position, through: count, into: &exits)
                        return
                    }
                    if accepted { PositionSet.insert(position, into: &exits) }
                    if position == count { return }
                    let scalar = input[position].scalar
                    var any: UInt64 = 0
                    var carry: UInt64 = 0
                    if scalar < 128 {
                        let offset = Int(scalar) &* words
                        for word in 0..<words {
                            let current = live[word]
                            let next =
                                ((current &<< 1 | carry) & ascii[offset &+ word]) | (current & loops[word])
                            carry = current &>> 63
                            live[word] = next
                            any |= next
                        }
                    } else {
                        for word in 0..<words { mask[word] = anyMask[word] }
                        for bit in other[scalar] ?? [] { mask[bit / 64] |= 1 << UInt64(bit % 64) }
                        for word in 0..<words {
                            let current = live[word]
                            let next = ((current &<< 1 | carry) & mask[word]) | (current & loops[word])
                            carry = current &>> 63
                            live[word] = next
                            any |= next
                        }
                    }
                    if any == 0 {
                        // Nothing alive: skip to the next entry.
                        guard let next = PositionSet.next(in: entries, from: position + 1, limit: count)
                        else {
                            return
                        }
                        position = next
                    } else {
                        position += 1
                    }
                }
            }
        }
        return exits
    }
}

/// Sets of input positions `0...count` as bits.
enum PositionSet {
    static func empty(count: Int) -> [UInt64] { [UInt64](repeating: 0, count: count / 64 + 1) }

    static func contains(_ set: [UInt64], _ position: Int) -> Bool {
        set[position &>> 6] & (1 &<< UInt64(position & 63)) != 0
    }

    static func insert(_ position: Int, into set: inout [UInt64]) {
        set[position &>> 6] |= 1 &<< UInt64(position & 63)
    }

    /// Inserts every position of `from...through`.
    static func insert(from: Int, through: Int, into set: inout [UInt64]) {
        var position = from
        while position <= through {
            if position & 63 == 0 && position + 63 <= through {
                set[position &>> 6] = ~0
                position += 64
            } else {
                insert(position, into: &set)
                position += 1
            }
        }
    }

    /// The first position of the set at or after `from`, at most `limit`.
    static func next(in set: [UInt64], from: Int, limit: Int) -> Int? {
        guard from <= limit else { return nil }
        var word = from &>> 6
        var bits = set[word] & (~0 &<< UInt64(from & 63))
        while bits == 0 {
            word += 1
            guard word < set.count else { return nil }
            bits = set[word]
        }
        let position = word &* 64 &+ bits.trailingZeroBitCount
        return position <= limit ? position : nil
    }

    static func isEmpty(_ set: [UInt64]) -> Bool { set.allSatisfy { $0 == 0 } }
}

/// A pattern that refers to substitution variables, matched piece by piece over sets of input
/// positions: the wildcard runs between references as one Shift-And each, every reference as
/// one pass of its variable's shared values (``EntryGlobs``). The work for an input of `n`
/// scalars is at most `(n + 1)` × (the pattern's own positions ÷ 64 + its number of pieces +
/// the positions ÷ 64 of each variable it refers to) word operations, and a reference whose
/// variable was already run from the same positions over the same input reuses that answer
/// (``PatternAutomaton/Scratch``).
final class SegmentedPattern: Sendable {
    enum Piece: Sendable {
        case run(EntryGlobs)
        case variable(VariableValues)
    }

    /// The pieces in order; `nil` when a piece matches nothing (an undefined variable).
    let pieces: [Piece]?
    /// A path pattern's final `/*`, which may also match nothing.
    let optionalTail: EntryGlobs?
    /// The node it was made from, variables unexpanded.
    let node: PatternNode

    /// The pattern for `node`, or `nil` when it refers to no variable (or has a shape the
    /// parser does not produce).
    init?(_ node: PatternNode) {
        guard case .sequence(var parts) = node, parts.contains(where: \.isVariable) else { return nil }
        self.node = node
        var tail: EntryGlobs?
        if case .optional(let inner)? = parts.last {
            guard case .sequence(let tailParts) = inner else { return nil }
            tail = EntryGlobs([EntryGlobs.Layout(parts: tailParts)])
            parts.removeLast()
        }
        optionalTail = tail
        var pieces: [Piece]? = []
        var run: [PatternNode] = []
        func flush() {
            if !run.isEmpty { pieces?.append(.run(EntryGlobs([EntryGlobs.Layout(parts: run)]))) }
            run = []
        }
        for part in parts {
            switch part {
            case .scalar, .any, .set, .star:
                run.append(part)
            case .variable(let values):
                flush()
                pieces?.append(.variable(values))
            case .alternation(let choices) where choices.isEmpty:
                pieces = nil
            default:
                return nil
            }
        }
        flush()
        self.pieces = pieces
    }

    /// Whether the whole input matches.
    func matches(_ input: [UInt32], scratch: inout PatternAutomaton.Scratch) -> Bool {
        guard let pieces else { return false }
        if scratch.passInput != input {
            scratch.passInput = input
            scratch.passes.removeAll(keepingCapacity: true)
        }
        var reached = PositionSet.empty(count: input.count)
        PositionSet.insert(0, into: &reached)
        let scalars = input[...]
        let span = scalars.span
        for piece in pieces {
            switch piece {
            case .run(let globs):
                reached = globs.exits(span, entries: reached)
            case .variable(let values):
                let key = PatternAutomaton.Scratch.PassKey(
                    values: ObjectIdentifier(values), entries: reached)
                if let known = scratch.passes[key] {
                    reached = known
                } else {
                    reached = values.globs.exits(span, entries: reached)
                    scratch.passes[key] = reached
                }
            }
            if PositionSet.isEmpty(reached) { break }
        }
        if PositionSet.contains(reached, input.count) { return true }
        guard let optionalTail, !PositionSet.isEmpty(reached) else { return false }
        let ends = optionalTail.exits(span, entries: reached)
        return PositionSet.contains(ends, input.count)
    }
}

extension PatternNode {
    /// Whether this is a reference to a substitution variable's shared values.
    var isVariable: Bool {
        if case .variable = self { return true }
        return false
    }
}
