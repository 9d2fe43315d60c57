import Testing

@testable import DeepLinks

@Suite("Text patterns: the shapes declared types take")
struct TextPatternTests {
    @Test(
        "ids, gift codes, dates and locale tags",
        arguments: [
            ("tt[0-9]{7,8}", "tt0111161", true), ("tt[0-9]{7,8}", "tt01111612", true),
            ("tt[0-9]{7,8}", "tt011116", false), ("tt[0-9]{7,8}", "tt011116123", false),
            ("tt[0-9]{7,8}", "123456789", false), ("tt[0-9]{7,8}", "TT0111161", false),
            ("[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}", "AB12-CD34-EF56", true),
            ("[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}", "AB12-CD34-EF5", false),
            ("[A-Z0-9]{4}(-[A-Z0-9]{4}){2}", "AB12-CD34-EF56", true),
            ("\\d{4}-\\d{2}-\\d{2}", "2026-11-26", true), ("\\d{4}-\\d{2}-\\d{2}", "2026-1-26", false),
            ("[a-z]{2}(-[A-Z]{2})?", "de", true), ("[a-z]{2}(-[A-Z]{2})?", "pt-BR", true),
            ("[a-z]{2}(-[A-Z]{2})?", "pt-", false), ("[a-z]{2}(-[A-Z]{2})?", "ptBR", false),
            ("de|fr|pt-BR", "fr", true), ("de|fr|pt-BR", "pt", false),
            ("v\\.[0-9]+", "v.12", true), ("v\\.[0-9]+", "v.", false), ("a*b", "b", true),
            ("a*b", "aaab", true), ("a*b", "aaa", false), ("[a-z]+", "é", false),
            ("[a-z]+", "", false), ("a?", "", true),
        ])
    func matches(pattern: String, text: String, expected: Bool) throws {
        #expect(try TextPattern(pattern).matches(text) == expected)
    }

    @Test(
        "a malformed pattern is refused with the mistake and where it is",
        arguments: [
            ("", 0, TextPatternSyntaxError.Reason.empty),
            ("tt.[0-9]", 2, .reservedCharacter(".")),
            ("a{8,7}", 1, .emptyRepetition("{8,7}")),
            ("a{x}", 1, .invalidRepetition("{x}")),
            ("a{2", 1, .invalidRepetition("{2")),
            ("*a", 0, .nothingToRepeat),
            ("a{2}?", 4, .nothingToRepeat),
            ("(ab", 0, .unclosedGroup),
            ("ab)", 2, .reservedCharacter(")")),
            ("a||b", 2, .empty),
            ("[^a]", 0, .negatedClass),
            ("\\w", 1, .unknownEscape("\\w")),
            ("a b", 1, .notPrintableASCII),
            ("é", 0, .notPrintableASCII),
            ("[0-9]{257}", 0, .tooManyPositions(limit: 256)),
            ("([0-9]{16}){17}", 0, .tooManyPositions(limit: 256)),
        ])
    func refusals(pattern: String, offset: Int, reason: TextPatternSyntaxError.Reason) {
        #expect(throws: TextPatternSyntaxError(pattern: pattern, offset: offset, reason: reason)) {
            try TextPattern(pattern)
        }
    }

    @Test("a refusal's sentence names the pattern, the character and the fix")
    func refusalSentence() {
        #expect(
            TextPatternSyntaxError(pattern: "tt.[0-9]", offset: 2, reason: .reservedCharacter("."))
                .description
                == "the pattern 'tt.[0-9]' is invalid at character 3: '.' has no meaning here; "
                + "write \\. for a dot, or a class such as [a-z]")
        #expect(
            throws: TextPatternSyntaxError(
                pattern: String(repeating: "a", count: 1025), offset: 1024, reason: .tooLong(limit: 1024))
        ) { try TextPattern(String(repeating: "a", count: 1025)) }
    }

    @Test("a pattern is a parameter type in text form, and names its shape when a value fails")
    func parameterType() throws {
        let type = try ParameterType(parsing: "pattern tt[0-9]{7,8}")
        #expect(type == .pattern(try TextPattern("tt[0-9]{7,8}")))
        #expect(type.description == "pattern tt[0-9]{7,8}")
        #expect(type.validate("tt0111161") == .success(.string("tt0111161")))
        #expect(type.validate("123456789") == .failure(.notMatchingPattern("tt[0-9]{7,8}", type: nil)))
        #expect(
            ParameterFailure.Reason.notMatchingPattern("tt[0-9]{7,8}", type: nil).sentence
                == "must match the pattern 'tt[0-9]{7,8}'")
        #expect(
            ParameterFailure.Reason.notMatchingPattern("tt[0-9]{7,8}", type: "titleID").sentence
                == "must match the pattern 'tt[0-9]{7,8}' (type 'titleID')")
        #expect(
            throws: ParameterTypeSyntaxError(
                text: "pattern a{2",
                reason: .pattern(.init(pattern: "a{2", offset: 1, reason: .invalidRepetition("{2"))))
        ) { try ParameterType(parsing: "pattern a{2") }
    }

    // MARK: Linear time

    /// The set of end offsets a tree reaches from each start offset: the definition of a
    /// match, computed the slow, obvious way, to check the automaton against.
    static func ends(_ node: TextPattern.Node, _ text: [Unicode.Scalar], from starts: Set<Int>) -> Set<Int> {
        switch node {
        case .character(let characters):
            return Set(starts.filter { $0 < text.count && characters.contains(text[$0]) }.map { $0 + 1 })
        case .sequence(let nodes):
            return nodes.reduce(starts) { ends($1, text, from: $0) }
        case .choice(let nodes):
            return nodes.reduce(into: Set<Int>()) { $0.formUnion(ends($1, text, from: starts)) }
        case .repetition(let inner, let minimum, let maximum):
            var current = starts
            for _ in 0..<minimum { current = ends(inner, text, from: current) }
            var reached = current
            if let maximum {
                for _ in minimum..<maximum {
                    current = ends(inner, text, from: current)
                    reached.formUnion(current)
                }
            } else {
                while true {
                    let next = reached.union(ends(inner, text, from: reached))
                    if next == reached { break }
                    reached = next
                }
            }
            return reached
        }
    }

    /// A random pattern over `a` and `b`, with the shapes that make backtracking matchers
    /// take exponential time: nested repetitions, overlapping choices, optional runs.
    static func randomPattern(_ random: inout SplitMix64, depth: Int = 0) -> String {
        var parts: [String] = []
        for _ in 0..<random.int(1...3) {
            var atom: String
            switch random.int(0...4) {
            case 0: atom = "a"
            case 1: atom = "b"
            case 2: atom = "[ab]"
            case 3 where depth < 3: atom = "(" + randomPattern(&random, depth: depth + 1) + ")"
            case 4 where depth < 3:
                atom =
                    "(" + randomPattern(&random, depth: depth + 1) + "|"
                    + randomPattern(&random, depth: depth + 1) + ")"
            default: atom = "a"
            }
            switch random.int(0...5) {
            case 0: atom += "?"
            case 1: atom += "*"
            case 2: atom += "+"
            case 3: atom += "{\(random.int(0...3)),\(random.int(3...6))}"
            default: break
            }
            parts.append(atom)
        }
        return parts.joined()
    }

    @Test(
        "matching agrees with the definition and costs at most positions × words + 2 × words per character, on adversarial patterns",
        arguments: PropertySeeds.all)
    func linearAndExact(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<40 {
            guard let pattern = try? TextPattern(Self.randomPattern(&random)) else { continue }
            let automaton = pattern.automaton
            let perCharacter = automaton.positionCount * automaton.words + 2 * automaton.words
            for _ in 0..<8 {
                let length = random.int(0...12)
                let text = String((0..<length).map { _ in random.chance(0.7) ? "a" : "b" })
                var work = 0
                let matched = automaton.matches(text, work: &work)
                let scalars = Array(text.unicodeScalars)
                #expect(
                    matched == Self.ends(pattern.tree, scalars, from: [0]).contains(scalars.count),
                    "pattern \(pattern.source), text \(text)")
                #expect(work <= perCharacter * length)
                checked += 1
            }
        }
        #expect(checked > 100)
        // The classic catastrophic cases, on long inputs: work per character stays bounded.
        for source in ["(a|a)*b", "(a?){20}a{20}", "(a*)*b", "((a|ab)(c|bcd))*(d*)", "([ab]*a[ab]{8})"] {
            let pattern = try TextPattern(source)
            let automaton = pattern.automaton
            let perCharacter = automaton.positionCount * automaton.words + 2 * automaton.words
            let text = String(repeating: "a", count: 5000)
            var work = 0
            _ = automaton.matches(text, work: &work)
            #expect(work <= perCharacter * 5000, "\(source)")
        }
    }

    @Test("the widest pattern allowed still reads a long value within its bound")
    func widestPattern() throws {
        let pattern = try TextPattern("([ab]?){128}[ab]{128}")
        let automaton = pattern.automaton
        #expect(automaton.positionCount == 256)
        #expect(automaton.words == 4)
        var work = 0
        #expect(automaton.matches(String(repeating: "a", count: 200), work: &work))
        #expect(work <= 200 * (256 * 4 + 8))
    }
}
