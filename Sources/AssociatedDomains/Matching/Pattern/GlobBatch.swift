/// Many Shift-And patterns run side by side over one input: their bit vectors laid end to end
/// in one long vector, so one pass over the input answers all of them. The work per scalar is
/// the total number of positions divided by 64, which for a whole file is at most its size in
/// bytes divided by 64, however many rules it has: a file of thousands of short wildcard rules
/// costs a few hundred word operations per scalar instead of thousands of separate runs.
///
/// A pattern's start bit never receives a bit shifted from the pattern before it, because no
/// position accepts into a start bit.
final class GlobBatch: Sendable {
    let words: Int
    private let ascii: [UInt64]
    /// For non-ASCII scalars the patterns name, the bits that accept them (a list, not a
    /// vector, so memory stays proportional to the patterns however many such scalars).
    private let other: [UInt32: [Int]]
    private let anyMask: [UInt64]
    private let loops: [UInt64]
    private let initial: [UInt64]
    /// For each pattern, its accepting bits.
    private let accepts: [[Int]]

    init(_ layouts: [GlobMatcher.Layout]) {
        let masks = ShiftAndMasks(layouts.map { ($0.tests, $0.loopBits) })
        words = masks.words
        ascii = masks.ascii
        other = masks.other
        anyMask = masks.anyMask
        loops = masks.loops
        initial = masks.starts
        accepts = zip(layouts, masks.bases).map { layout, base in layout.acceptBits.map { base + $0 } }
    }

    /// Whether each pattern matches the whole input, by position in the list it was made from.
    func matches(_ input: [UInt32]) -> [Bool] {
        var live = initial
        var scratch = anyMask
        var alive = true
        live.withMutableWords { live in
            ascii.withWords { ascii in
                loops.withWords { loops in
                    for scalar in input {
                        var any: UInt64 = 0
                        var carry: UInt64 = 0
                        if scalar < 128 {
                            let offset = Int(scalar) * words
                            for word in 0..<words {
                                let current = live[word]
                                let next =
                                    ((current << 1 | carry) & ascii[offset + word]) | (current & loops[word])
                                carry = current >> 63
                                live[word] = next
                                any |= next
                            }
                        } else {
                            var mask = anyMask
                            if let bits = other[scalar] {
                                swap(&mask, &scratch)
                                for word in 0..<words { mask[word] = anyMask[word] }
                                for bit in bits { mask[bit / 64] |= 1 << UInt64(bit % 64) }
                            }
                            defer { if other[scalar] != nil { swap(&mask, &scratch) } }
                            for word in 0..<words {
                                let current = live[word]
                                let next = ((current << 1 | carry) & mask[word]) | (current & loops[word])
                                carry = current >> 63
                                live[word] = next
                                any |= next
                            }
                        }
                        if any == 0 {
                            alive = false
                            return
                        }
                    }
                }
            }
        }
        guard alive else { return [Bool](repeating: false, count: accepts.count) }
        return accepts.map { bits in bits.contains { live[$0 / 64] & (1 << UInt64($0 % 64)) != 0 } }
    }
}

/// The bit vectors of a Shift-And run over patterns laid side by side, each behind its start
/// bit: what ``GlobBatch`` and ``EntryGlobs`` both run.
struct ShiftAndMasks {
    /// Words per bit vector.
    let words: Int
    /// Bits in all: each pattern's positions plus its start bit.
    let positions: Int
    /// For each ASCII scalar, `words` words: the bits whose test accepts it.
    private(set) var ascii: [UInt64]
    /// For non-ASCII scalars the patterns name, the bits that accept them (a list, not a
    /// vector, so memory stays proportional to the patterns however many such scalars).
    private(set) var other: [UInt32: [Int]] = [:]
    /// The bits that accept any scalar (`?`).
    private(set) var anyMask: [UInt64]
    /// The bits with a self-loop (`*`).
    private(set) var loops: [UInt64]
    /// Each pattern's start bit.
    private(set) var starts: [UInt64]
    /// Each pattern's first bit (its start bit), in the order given.
    private(set) var bases: [Int] = []

    /// Lays out each pattern, given as its tests and the bits (0 for the start) with a loop.
    init(_ patterns: [(tests: [PatternAutomaton.Test], loopBits: [Int])]) {
        let total = patterns.reduce(0) { $0 + $1.tests.count + 1 }
        let words = max(1, (total + 63) / 64)
        self.words = words
        positions = total
        ascii = [UInt64](repeating: 0, count: 128 * words)
        anyMask = [UInt64](repeating: 0, count: words)
        loops = anyMask
        starts = anyMask
        var base = 0
        for pattern in patterns {
            bases.append(base)
            Self.set(base, in: &starts)
            for (index, test) in pattern.tests.enumerated() {
                let bit = base + index + 1
                switch test {
                case .scalar(let scalar):
                    if scalar < 128 {
                        Self.set(bit, in: &ascii, offset: Int(scalar) * words)
                    } else {
                        other[scalar, default: []].append(bit)
                    }
                case .any:
                    Self.set(bit, in: &anyMask)
                    for scalar in 0..<128 { Self.set(bit, in: &ascii, offset: scalar * words) }
                case .set(let members):
                    for scalar in members.members { Self.set(bit, in: &ascii, offset: Int(scalar) * words) }
                }
            }
            for bit in pattern.loopBits { Self.set(base + bit, in: &loops) }
            base += pattern.tests.count + 1
        }
    }

    /// Sets `bit` in the vector that starts at `offset` words into `vector`.
    static func set(_ bit: Int, in vector: inout [UInt64], offset: Int = 0) {
        vector[offset + bit / 64] |= 1 << UInt64(bit % 64)
    }
}
