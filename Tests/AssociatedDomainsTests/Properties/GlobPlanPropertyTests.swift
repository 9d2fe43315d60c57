import Testing

@testable import AssociatedDomains

/// The wildcard matcher checks a pattern's ends and then searches for each segment between
/// stars, taking the leftmost occurrence; these properties hold it to two other answers on
/// random patterns and paths: Shift-And over the whole input, and a table of every way to
/// split the input among the pattern's parts.
@Suite("Properties: wildcard (glob) matching by segments")
struct GlobPlanPropertyTests {
    static let casesPerSeed = 400

    /// Pieces of pattern text: literals, wildcards, a set, a non-ASCII scalar, and a segment
    /// longer than one 64-bit word.
    static let pieces = [
        "a", "b", "/", "?", "*", "*", "é", "$(digit)", "ab", "a/", String(repeating: "a", count: 70),
    ]
    static let alphabet: [Character] = ["a", "a", "b", "/", "1", "é"]

    /// Every pattern part in order, with a path pattern's optional `/*` tail spliced in or left
    /// out.
    static func flattened(_ node: PatternNode, withTail: Bool) -> [PatternNode]? {
        switch node {
        case .sequence(let parts):
            var out: [PatternNode] = []
            for part in parts {
                guard let inner = flattened(part, withTail: withTail) else { return nil }
                out += inner
            }
            return out
        case .optional(let inner): return withTail ? flattened(inner, withTail: withTail) : []
        case .alternation: return nil
        default: return [node]
        }
    }

    /// Whether `parts` match all of `input`, by a table over (parts used, scalars read).
    static func oracle(_ parts: [PatternNode], _ input: [UInt32]) -> Bool {
        var reachable = [Bool](repeating: false, count: input.count + 1)
        reachable[0] = true
        for part in parts {
            var next = [Bool](repeating: false, count: input.count + 1)
            for index in 0...input.count where reachable[index] {
                switch part {
                case .star:
                    for end in index...input.count { next[end] = true }
                case .scalar(let scalar):
                    if index < input.count, input[index] == scalar { next[index + 1] = true }
                case .any:
                    if index < input.count { next[index + 1] = true }
                case .set(let set):
                    if index < input.count, set.contains(input[index]) { next[index + 1] = true }
                default:
                    break
                }
            }
            reachable = next
        }
        return reachable[input.count]
    }

    /// A path the parts match, except where a random character replaces a literal.
    static func instance(_ parts: [PatternNode], _ random: inout SplitMix64) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .star:
                text += random.string(
                    random.chance(0.2) ? random.int(40...90) : random.int(0...4), from: alphabet)
            case .any: text += random.string(1, from: alphabet)
            case .set: text += "1"
            case .scalar(let scalar):
                if random.chance(0.03) {
                    text += random.string(1, from: alphabet)
                } else if let value = Unicode.Scalar(scalar) {
                    text.unicodeScalars.append(value)
                }
            default: break
            }
        }
        return text
    }

    @Test(
        "segment search agrees with whole-input Shift-And and with a table of every split",
        arguments: PropertySeeds.all)
    func segmentsAgree(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let variables = SubstitutionVariables(custom: [:])
        var matched = 0
        var compared = 0
        for _ in 0..<Self.casesPerSeed {
            let text = (0..<random.int(0...9)).map { _ in random.pick(Self.pieces) }.joined()
            let isPath = random.chance(0.5)
            let parsed =
                isPath
                ? CompiledRule.parsePath(text, caseSensitive: true, variables: variables)
                : PatternParser.parse(text, caseSensitive: true, variables: variables)
            guard let glob = GlobMatcher(parsed.node) else { continue }
            let with = try #require(Self.flattened(parsed.node, withTail: true))
            let without = try #require(Self.flattened(parsed.node, withTail: false))
            for _ in 0..<8 {
                let length = random.chance(0.2) ? random.int(60...160) : random.int(0...14)
                // Half the paths are made from the pattern, so that both answers are common.
                let path =
                    random.chance(0.5)
                    ? Self.instance(random.chance(0.5) ? with : without, &random)
                    : random.string(length, from: Self.alphabet)
                let input = path.unicodeScalars.map(\.value)
                let expected = Self.oracle(with, input) || Self.oracle(without, input)
                #expect(glob.matches(input) == expected, "seed \(seed): `\(text)` on `\(path)`")
                #expect(glob.shiftAnd(input) == expected, "seed \(seed): `\(text)` on `\(path)`")
                if path.utf8.allSatisfy({ $0 < 0x80 }), glob.isPlanned {
                    let bytes = Array(path.utf8)[...]
                    let onBytes = glob.matches(ascii: bytes.span)
                    #expect(onBytes == expected, "seed \(seed): `\(text)` on the bytes of `\(path)`")
                }
                compared += 1
                if expected { matched += 1 }
            }
        }
        // Both answers occur often enough for the comparison to mean something.
        #expect(matched > compared / 10)
        #expect(matched < compared - compared / 10)
    }

    @Test("a hostile pattern on a long path is decided by a search per segment, matching and not")
    func hostilePatternsDecideBothWays() throws {
        let a = UInt32(UInt8(ascii: "a"))
        let b = UInt32(UInt8(ascii: "b"))
        let cases: [(pattern: String, input: [UInt32], matches: Bool)] = [
            ("*a*a*a*a*a*a*a*a*b", [UInt32](repeating: a, count: 4_000) + [b], true),
            ("*a*a*a*a*a*a*a*a*b", [UInt32](repeating: a, count: 4_001), false),
            ("*a*a*a*a*a*a*a*a*?", [UInt32](repeating: a, count: 4_001), true),
            (
                "*a*a*a*a*a*a*a*a*?", [UInt32](repeating: a, count: 7) + [UInt32](repeating: b, count: 4_000),
                false
            ),
            ("*aa*aa*aa*aa*b", Array([[UInt32]](repeating: [a, b], count: 2_000).joined()), false),
            ("*aa*aa*aa*aa*b", [UInt32](repeating: a, count: 4_000) + [b], true),
        ]
        for (pattern, input, matches) in cases {
            let parsed = CompiledRule.parsePath(pattern, caseSensitive: true, variables: nil)
            let glob = try #require(GlobMatcher(parsed.node))
            #expect(glob.matches(input) == matches, "`\(pattern)`")
            #expect(glob.shiftAnd(input) == matches, "`\(pattern)`")
        }
    }
}
