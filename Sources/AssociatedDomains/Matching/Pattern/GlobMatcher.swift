/// A pattern without alternation run as Shift-And: one bit per pattern position, a fixed number
/// of word operations per input scalar whatever the pattern.
///
/// Most association patterns are sequences of literal scalars, `?`, sets and `*` (plus the
/// optional `/*` a path pattern may end with). Bit 0 stands for "nothing matched yet" and bit
/// `k` for "the first `k` positions matched"; a `*` is a self-loop on the bit before it. For
/// each scalar the live bits move one position where the position accepts the scalar, and the
/// bits with a loop stay. The work per scalar is `(positions + 1) / 64` words rounded up, so a
/// pattern of 60 `*` costs the same as a literal of 60 scalars, and the matcher stops as soon
/// as no bit is live, or as soon as an accepting bit with a loop is live (every rest matches).
final class GlobMatcher: Sendable {
    /// Words per bit vector.
    let words: Int
    /// For each ASCII scalar, the positions that accept it (`128 × words`).
    private let ascii: [UInt64]
    /// For non-ASCII scalars the pattern names, the positions that accept them; other
    /// non-ASCII scalars are accepted by `?` and `*` positions only (``anyMask``).
    private let other: [UInt32: [UInt64]]
    /// Positions that accept any scalar (`?`).
    private let anyMask: [UInt64]
    /// Bits with a self-loop (a `*` follows them).
    private let loops: [UInt64]
    /// Accepting bits.
    private let accepting: [UInt64]
    /// The positions' tests, the bits with a loop and the accepting bits, for ``GlobBatch``.
    let layout: Layout
    /// The pattern cut at its stars, one plan per accepting bit (two with an optional `/*`
    /// tail); `nil` when a segment between two stars is longer than 64 positions, and the
    /// Shift-And run over the whole input decides instead.
    private let plans: [Plan]?

    /// Whether the pattern is matched by segments (see ``Plan``) rather than by Shift-And
    /// over the whole input.
    var isPlanned: Bool { plans != nil }

    /// A pattern without alternation is a head, segments and a tail separated by stars, and
    /// each of them has a fixed length: one scalar per position. It matches exactly when the
    /// head matches the start of the input, the tail its end, and each segment in turn occurs
    /// somewhere after the one before, and the leftmost occurrence of each segment is always
    /// as good as any later one. So matching is a check at each end and one forward search per
    /// segment, and the searches never read a scalar twice: linear in the input, whatever the
    /// number of stars, and a few scalars read when a segment is found early.
    struct Plan: Sendable {
        /// The positions `1...head` match the first scalars (none when the pattern starts
        /// with a star).
        let head: Int
        /// The positions between two stars, first and count (at most 64).
        let segments: [(first: Int, count: Int)]
        /// The positions `tail...end` match the last scalars; without a star, `head == end`
        /// and the input has exactly `end` scalars.
        let tail: Int
        let end: Int
        let hasStar: Bool

        /// The plan for positions `1...end` with stars after `loops` (ascending), or `nil`
        /// when a segment between stars is longer than a word.
        init?(end: Int, loops: [Int]) {
            self.end = end
            guard let first = loops.first, let last = loops.last else {
                head = end
                segments = []
                tail = end + 1
                hasStar = false
                return
            }
            hasStar = true
            head = first
            tail = last + 1
            var segments: [(first: Int, count: Int)] = []
            for (from, to) in zip(loops, loops.dropFirst()) where to > from {
                guard to - from <= 64 else { return nil }
                segments.append((from + 1, to - from))
            }
            self.segments = segments
        }
    }

    /// What a pattern is as Shift-And: one test per position, the bits (position count, 0 for
    /// the start) with a self-loop, and the accepting bits.
    struct Layout: Sendable {
        let tests: [PatternAutomaton.Test]
        let loopBits: [Int]
        let acceptBits: [Int]
    }

    /// A matcher for `node`, or `nil` when the pattern has an alternation or another shape
    /// Shift-And does not cover.
    init?(_ node: PatternNode) {
        // One function: builds a pattern's Shift-And masks in one pass over its parts, the bits of
        // the tests, the loops and the accepting states depending on each other; every pattern of
        // an association file is compiled through it.
        var parts: [PatternNode]
        switch node {
        case .sequence(let sequence): parts = sequence
        default: parts = [node]
        }
        // A path pattern's final `/*` is `(/ *)?`: the bit before it accepts too.
        var optionalTail = false
        if case .optional(let inner)? = parts.last {
            guard case .sequence(let tail) = inner, tail.count == 2, case .scalar = tail[0], tail[1] == .star
            else { return nil }
            parts.removeLast()
            parts += tail
            optionalTail = true
        }
        var tests: [PatternAutomaton.Test] = []
        var loopBits: [Int] = []
        for part in parts {
            switch part {
            case .scalar(let scalar): tests.append(.scalar(scalar))
            case .any: tests.append(.any)
            case .set(let set): tests.append(.set(set))
            case .star: if loopBits.last != tests.count { loopBits.append(tests.count) }
            default: return nil
            }
        }
        let bits = tests.count + 1
        let words = (bits + 63) / 64
        self.words = words
        func set(_ bit: Int, in vector: inout [UInt64], offset: Int = 0) {
            vector[offset + bit / 64] |= 1 << UInt64(bit % 64)
        }
        var ascii = [UInt64](repeating: 0, count: 128 * words)
        var other: [UInt32: [UInt64]] = [:]
        var anyMask = [UInt64](repeating: 0, count: words)
        for (index, test) in tests.enumerated() {
            let bit = index + 1
            switch test {
            case .scalar(let scalar):
                if scalar < 128 {
                    set(bit, in: &ascii, offset: Int(scalar) * words)
                } else {
                    other[scalar, default: [UInt64](repeating: 0, count: words)][bit / 64] |=
                        1 << UInt64(bit % 64)
                }
            case .any:
                set(bit, in: &anyMask)
                for scalar in 0..<128 { set(bit, in: &ascii, offset: scalar * words) }
            case .set(let members):
                for scalar in members.members { set(bit, in: &ascii, offset: Int(scalar) * words) }
            }
        }
        for key in other.keys {
            for word in 0..<words { other[key]?[word] |= anyMask[word] }
        }
        var loops = [UInt64](repeating: 0, count: words)
        for bit in loopBits { set(bit, in: &loops) }
        var accepting = [UInt64](repeating: 0, count: words)
        set(tests.count, in: &accepting)
        if optionalTail { set(tests.count - 1, in: &accepting) }
        layout = Layout(
            tests: tests, loopBits: loopBits,
            acceptBits: optionalTail ? [tests.count - 1, tests.count] : [tests.count])
        self.ascii = ascii
        self.other = other
        self.anyMask = anyMask
        self.loops = loops
        self.accepting = accepting
        var plans: [Plan]? = []
        if let plan = Plan(end: tests.count, loops: loopBits) { plans?.append(plan) } else { plans = nil }
        if optionalTail, plans != nil {
            // Without the `/*`: one position fewer, and no star after the last one.
            let end = tests.count - 1
            if let plan = Plan(end: end, loops: loopBits.filter { $0 <= end }) {
                plans?.append(plan)
            } else {
                plans = nil
            }
        }
        self.plans = plans
    }

    /// Whether the whole input matches.
    func matches(_ input: [UInt32]) -> Bool {
        guard let plans else { return shiftAnd(input) }
        let scalars = input[...]
        let span = scalars.span
        for plan in plans where matches(span, plan: plan) { return true }
        return false
    }

    /// Whether the whole input, ASCII bytes (one scalar each), matches; `nil` when the
    /// pattern is not matched by segments (see ``isPlanned``).
    func matches(ascii input: Span<UInt8>) -> Bool? {
        guard let plans else { return nil }
        for plan in plans where matches(input, plan: plan) { return true }
        return false
    }

    /// Whether position `position` accepts `scalar`.
    @inline(__always)
    private func accepts(_ position: Int, _ scalar: UInt32) -> Bool {
        let word = position &>> 6
        let mask: UInt64
        if scalar < 128 {
            mask = ascii[Int(scalar) &* words &+ word]
        } else {
            mask = other[scalar]?[word] ?? anyMask[word]
        }
        return mask & (1 &<< UInt64(position & 63)) != 0
    }

    private func matches<Element: ScanElement>(_ input: Span<Element>, plan: Plan) -> Bool {
        let count = input.count
        guard plan.hasStar else {
            guard count == plan.end else { return false }
            for index in 0..<count where !accepts(index + 1, input[index].scalar) { return false }
            return true
        }
        let tailLength = plan.end - plan.tail + 1
        guard count >= plan.head + tailLength else { return false }
        for index in 0..<plan.head where !accepts(index + 1, input[index].scalar) { return false }
        let tailStart = count - tailLength
        for offset in 0..<tailLength where !accepts(plan.tail + offset, input[tailStart + offset].scalar) {
            return false
        }
        var from = plan.head
        for segment in plan.segments {
            guard let after = find(segment, in: input, from: from, to: tailStart) else { return false }
            from = after
        }
        return true
    }

    /// Where the leftmost occurrence of a segment inside `from..<to` ends, by Shift-And over
    /// the segment's bits of the pattern's masks; while no partial occurrence is alive and the
    /// segment starts with a literal scalar, the search jumps to that scalar's next occurrence.
    private func find<Element: ScanElement>(
        _ segment: (first: Int, count: Int), in input: Span<Element>, from: Int, to: Int
    ) -> Int? {
        let length = segment.count
        guard to - from >= length else { return nil }
        let word = segment.first &>> 6
        let shift = UInt64(segment.first & 63)
        let spills = shift != 0 && word + 1 < words
        let keep: UInt64 = length == 64 ? ~0 : (1 &<< UInt64(length)) &- 1
        let top: UInt64 = 1 &<< UInt64(length - 1)
        let literal: UInt32? = layout.tests[segment.first - 1].literal
        let lastStart = to - length
        return ascii.withWords { table in
            var live: UInt64 = 0
            var index = from
            while index < to {
                if live == 0 {
                    guard index <= lastStart else { return nil }
                    if let literal {
                        guard let found = Element.firstIndex(of: literal, in: input, index..<(lastStart + 1))
                        else {
                            return nil
                        }
                        index = found
                    }
                }
                let scalar = input[index].scalar
                var mask: UInt64
                if scalar < 128 {
                    let base = Int(scalar) &* words &+ word
                    mask = table[base] &>> shift
                    if spills { mask |= table[base &+ 1] &<< (64 &- shift) }
                } else {
                    let vector = other[scalar] ?? anyMask
                    mask = vector[word] &>> shift
                    if spills { mask |= vector[word &+ 1] &<< (64 &- shift) }
                }
                live = ((live &<< 1) | 1) & mask & keep
                index += 1
                if live & top != 0 { return index }
            }
            return nil
        }
    }

    /// Whether the whole input matches, by Shift-And over all of it.
    func shiftAnd(_ input: [UInt32]) -> Bool {
        if words == 1 { return matchesOneWord(input) }
        var live = [UInt64](repeating: 0, count: words)
        live[0] = 1
        for scalar in input {
            let mask: [UInt64]
            var offset = 0
            if scalar < 128 {
                mask = ascii
                offset = Int(scalar) * words
            } else {
                mask = other[scalar] ?? anyMask
            }
            var carry: UInt64 = 0
            var any: UInt64 = 0
            var done: UInt64 = 0
            for word in 0..<words {
                let current = live[word]
                let next = ((current << 1 | carry) & mask[offset + word]) | (current & loops[word])
                carry = current >> 63
                live[word] = next
                any |= next
                done |= next & accepting[word] & loops[word]
            }
            if any == 0 { return false }
            if done != 0 { return true }
        }
        for word in 0..<words where live[word] & accepting[word] != 0 { return true }
        return false
    }

    private func matchesOneWord(_ input: [UInt32]) -> Bool {
        let loop = loops[0]
        let accept = accepting[0]
        let anyMask = anyMask[0]
        let table = ascii
        var live: UInt64 = 1
        for scalar in input {
            let mask = scalar < 128 ? table[Int(scalar)] : other[scalar]?[0] ?? anyMask
            live = ((live << 1) & mask) | (live & loop)
            if live == 0 { return false }
            if live & accept & loop != 0 { return true }
        }
        return live & accept != 0
    }
}
