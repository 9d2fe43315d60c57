/// A ``TextPattern`` compiled to a position (Glushkov) automaton: one state per character
/// position of the expanded pattern, no empty moves, simulated on a bit set of positions.
///
/// Reading a character ORs the follow sets of the active positions and keeps the positions
/// whose class holds the character, so the work per character is at most
/// `positions × words + words` word operations (`words` = positions / 64, rounded up): linear
/// in the text, with no backtracking. ``matches(_:work:)`` counts that work, so tests can
/// check the bound without timing anything.
struct PositionAutomaton: Sendable {
    /// 64-bit words per set of positions.
    let words: Int
    let positionCount: Int
    /// The positions a match may start at.
    let first: [UInt64]
    /// The positions a match may end at.
    let last: [UInt64]
    /// For each position, the positions that may come next (`words` words each).
    let follow: [UInt64]
    /// For each ASCII byte, the positions whose class holds it (`words` words each).
    let masks: [UInt64]
    /// Whether the empty text matches.
    let acceptsEmpty: Bool

    init(_ tree: TextPattern.Node) {
        var builder = Builder()
        let root = builder.add(tree)
        let count = builder.classes.count
        let words = max(1, (count + 63) / 64)
        self.words = words
        positionCount = count
        func set(_ positions: [Int]) -> [UInt64] {
            var bits = [UInt64](repeating: 0, count: words)
            for p in positions { bits[p / 64] |= 1 << UInt64(p % 64) }
            return bits
        }
        first = set(root.first)
        last = set(root.last)
        var follow = [UInt64](repeating: 0, count: count * words)
        for (p, next) in builder.follow.enumerated() {
            for q in next { follow[p * words + q / 64] |= 1 << UInt64(q % 64) }
        }
        self.follow = follow
        var masks = [UInt64](repeating: 0, count: 128 * words)
        for byte in 0..<128 {
            let scalar = Unicode.Scalar(UInt8(byte))
            for (p, characters) in builder.classes.enumerated() where characters.contains(scalar) {
                masks[byte * words + p / 64] |= 1 << UInt64(p % 64)
            }
        }
        self.masks = masks
        acceptsEmpty = root.nullable
    }

    /// Whether the whole text matches (with `ignoringCase`, whether some text that differs
    /// from it only in the case of ASCII letters does); `work` grows by the word operations
    /// done.
    func matches(_ text: String, ignoringCase: Bool = false, work: inout Int) -> Bool {
        var active = [UInt64](repeating: 0, count: words)
        var next = [UInt64](repeating: 0, count: words)
        var started = false
        for scalar in text.unicodeScalars {
            let value = Int(scalar.value)
            guard value < 128 else { return false }
            if !started {
                for k in 0..<words { next[k] = first[k] }
                started = true
                work += words
            } else {
                for k in 0..<words { next[k] = 0 }
                for w in 0..<words {
                    var bits = active[w]
                    while bits != 0 {
                        let p = w * 64 + bits.trailingZeroBitCount
                        for k in 0..<words { next[k] |= follow[p * words + k] }
                        work += words
                        bits &= bits - 1
                    }
                }
            }
            // The other case of a letter, when case is ignored (else the value itself).
            let other = ignoringCase && ASCII.isAlpha(UInt8(value)) ? value ^ 0x20 : value
            var any: UInt64 = 0
            for k in 0..<words {
                next[k] &= masks[value * words + k] | masks[other * words + k]
                any |= next[k]
            }
            work += words
            guard any != 0 else { return false }
            swap(&active, &next)
        }
        guard started else { return acceptsEmpty }
        for k in 0..<words where active[k] & last[k] != 0 { return true }
        return false
    }

    /// The shortest text that matches, choosing the first character of each class; `nil`
    /// only for a pattern that matches nothing (none can be written).
    var shortestMatch: String? {
        if acceptsEmpty { return "" }
        // Breadth-first over positions: the first time a last position is reached, the path
        // to it is a shortest match.
        var previous = [Int](repeating: -2, count: positionCount)
        var queue: [Int] = []
        func isSet(_ bits: [UInt64], _ offset: Int, _ p: Int) -> Bool {
            bits[offset + p / 64] & (1 << UInt64(p % 64)) != 0
        }
        for p in 0..<positionCount where isSet(first, 0, p) {
            previous[p] = -1
            queue.append(p)
        }
        var head = 0
        while head < queue.count {
            let p = queue[head]
            head += 1
            if isSet(last, 0, p) {
                var path: [Int] = []
                var at = p
                while at >= 0 {
                    path.append(at)
                    at = previous[at]
                }
                var text = ""
                for position in path.reversed() {
                    guard let byte = (0..<128).first(where: { isSet(masks, $0 * words, position) }) else {
                        return nil
                    }
                    text.unicodeScalars.append(Unicode.Scalar(UInt8(byte)))
                }
                return text
            }
            for q in 0..<positionCount where previous[q] == -2 && isSet(follow, p * words, q) {
                previous[q] = p
                queue.append(q)
            }
        }
        return nil
    }

    /// Builds the position sets of a tree (Glushkov's construction), expanding counted
    /// repetitions into copies.
    private struct Builder {
        var classes: [CharacterClass] = []
        var follow: [[Int]] = []

        struct Part {
            var nullable: Bool
            var first: [Int]
            var last: [Int]
        }

        mutating func add(_ node: TextPattern.Node) -> Part {
            switch node {
            case .character(let characters):
                let p = classes.count
                classes.append(characters)
                follow.append([])
                return Part(nullable: false, first: [p], last: [p])
            case .sequence(let nodes):
                var result = Part(nullable: true, first: [], last: [])
                for node in nodes { result = concatenate(result, add(node)) }
                return result
            case .choice(let nodes):
                var result = Part(nullable: false, first: [], last: [])
                for node in nodes {
                    let part = add(node)
                    result.nullable = result.nullable || part.nullable
                    result.first += part.first
                    result.last += part.last
                }
                return result
            case .repetition(let node, let minimum, let maximum?):
                var result = Part(nullable: true, first: [], last: [])
                for copy in 0..<maximum {
                    var part = add(node)
                    if copy >= minimum { part.nullable = true }
                    result = concatenate(result, part)
                }
                return result
            case .repetition(let node, let minimum, nil):
                // `x*` and `x+`: one copy whose ends lead back to its starts.
                var part = add(node)
                for p in part.last { follow[p] += part.first }
                if minimum == 0 { part.nullable = true }
                return part
            }
        }

        /// `a` then `b`.
        private mutating func concatenate(_ a: Part, _ b: Part) -> Part {
            for p in a.last { follow[p] += b.first }
            return Part(
                nullable: a.nullable && b.nullable,
                first: a.nullable ? a.first + b.first : a.first,
                last: b.nullable ? a.last + b.last : b.last)
        }
    }
}
