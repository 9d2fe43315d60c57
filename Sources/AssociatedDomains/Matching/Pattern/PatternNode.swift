/// The syntax tree of one AASA pattern, before it becomes an automaton.
///
/// Patterns have three wildcards (`*` any run, `?` one character, so `?*` is one or more) and
/// substitution variables `$(name)`, which stand for an alternation of their values. Matching
/// works on Unicode scalars; case-insensitive patterns are built from folded scalars (see
/// ``CaseFolding``).
indirect enum PatternNode: Sendable, Hashable {
    /// One exact scalar.
    case scalar(UInt32)
    /// Any one scalar (`?`).
    case any
    /// One scalar from a set (a built-in character-class variable such as `$(digit)`).
    case set(ScalarSet)
    /// Any run of scalars, possibly empty (`*`).
    case star
    /// The parts in order.
    case sequence([PatternNode])
    /// Any one of the alternatives; with none, nothing matches.
    case alternation([PatternNode])
    /// The node, or nothing.
    case optional(PatternNode)
    /// A reference to a substitution variable: any one of its values, compiled once and
    /// shared by every reference (never copied into the pattern).
    case variable(VariableValues)

    /// An alternation of nothing: matches no string at all.
    static let never = PatternNode.alternation([])

    /// Builds an alternation of literal strings as a trie, so that a long list (`$(lang)` has
    /// hundreds of codes) costs one branch per distinct prefix rather than one per value.
    static func literalAlternation(_ values: [[UInt32]]) -> PatternNode {
        let unique = Set(values)
        guard !unique.isEmpty else { return .never }
        return trie(unique.sorted { $0.lexicographicallyPrecedes($1) }[...], depth: 0)
    }

    private static func trie(_ values: ArraySlice<[UInt32]>, depth: Int) -> PatternNode {
        var branches: [PatternNode] = []
        var endsHere = false
        var index = values.startIndex
        while index < values.endIndex {
            let value = values[index]
            guard depth < value.count else {
                endsHere = true
                index += 1
                continue
            }
            let head = value[depth]
            var end = index + 1
            while end < values.endIndex, values[end].count > depth, values[end][depth] == head { end += 1 }
            branches.append(.sequence([.scalar(head), trie(values[index..<end], depth: depth + 1)]))
            index = end
        }
        if branches.isEmpty { return .sequence([]) }
        let choice: PatternNode = branches.count == 1 ? branches[0] : .alternation(branches)
        return endsHere ? .optional(choice) : choice
    }
}

/// A set of ASCII scalars, as a 128-bit map.
struct ScalarSet: Sendable, Hashable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ scalars: some Sequence<UInt32>) {
        for scalar in scalars { insert(scalar) }
    }

    mutating func insert(_ scalar: UInt32) {
        if scalar < 64 {
            low |= 1 << UInt64(scalar)
        } else if scalar < 128 {
            high |= 1 << UInt64(scalar - 64)
        }
    }

    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return low & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return high & (1 << UInt64(scalar - 64)) != 0 }
        return false
    }

    var members: [UInt32] { (0..<128).filter(contains) }

    var isEmpty: Bool { low == 0 && high == 0 }

    func folded() -> ScalarSet { ScalarSet(members.map(CaseFolding.fold)) }

    static func range(_ bounds: ClosedRange<Character>...) -> ScalarSet {
        var set = ScalarSet([])
        for bound in bounds {
            guard let lower = bound.lowerBound.unicodeScalars.first?.value,
                let upper = bound.upperBound.unicodeScalars.first?.value
            else { continue }
            for scalar in lower...upper { set.insert(scalar) }
        }
        return set
    }
}

/// Simple case folding for `caseSensitive: false`: each scalar maps to its lower-case form when
/// that form is a single scalar, so pattern and URL fold the same way and lengths never change.
enum CaseFolding {
    static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 {
            return scalar >= 0x41 && scalar <= 0x5A ? scalar + 0x20 : scalar
        }
        guard let value = Unicode.Scalar(scalar) else { return scalar }
        let mapped = value.properties.lowercaseMapping.unicodeScalars
        guard mapped.count == 1, let first = mapped.first else { return scalar }
        return first.value
    }

    static func fold(_ scalars: [UInt32]) -> [UInt32] { scalars.map(fold) }
}
