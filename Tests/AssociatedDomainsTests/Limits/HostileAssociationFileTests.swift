import Testing

@testable import AssociatedDomains

/// Hostile association files: a literal long enough to overflow a recursive structure,
/// substitution variables referenced many times, and variables whose values are wildcards. Each test checks exact answers and a count that the old code got
/// wrong (it crashed, or stored references × values), never a wall time.
@Suite("Hostile association files: long literals, variables referenced many times, wildcard values")
struct HostileAssociationFileTests {
    static let appID = "ABCDE12345.com.example.app"

    /// A compact file of one detail for ``appID``.
    static func file(components: [String], variables: [String: [String]] = [:]) throws -> AssociationFile {
        let variableText = variables.keys.sorted().map { name in
            #""\#(name)":[\#(variables[name, default: []].map { #""\#($0)""# }.joined(separator: ","))]"#
        }.joined(separator: ",")
        let substitution = variables.isEmpty ? "" : #","substitutionVariables":{\#(variableText)}"#
        return try AssociationFile(
            parsing: #"{"applinks":{"details":[{"appIDs":["\#(appID)"],"components":["#
                + components.joined(separator: ",") + "]}]\(substitution)}}")
    }

    /// What the compiled file stores for its patterns: every automaton's states, every
    /// wildcard run's positions, and each shared variable's values once (their positions and
    /// the states validation would expand them to), however often they are referenced.
    static func storedPatternSize(_ compiled: CompiledAssociationFile) -> Int {
        var shared: [ObjectIdentifier: Int] = [:]
        var total = 0
        func count(_ automaton: PatternAutomaton?) {
            guard let automaton else { return }
            total += automaton.states.count
            for piece in automaton.segmented?.pieces ?? [] {
                switch piece {
                case .run(let globs): total += globs.positions
                case .variable(let values):
                    shared[ObjectIdentifier(values)] = values.globs.positions + values.expandedStateCount
                }
            }
        }
        for rule in compiled.details.flatMap(\.rules) {
            count(rule.path)
            count(rule.fragment)
            switch rule.query {
            case .any: break
            case .whole(let pattern): count(pattern)
            case .items(let items): items.forEach { count($0.value) }
            }
        }
        return total + shared.values.reduce(0, +)
    }

    // MARK: Bug 1: recursion proportional to the input

    @Test("a 36,000-byte literal path does not overflow the stack")
    func longLiteralPathDoesNotOverflowTheStack() throws {
        let long = String(repeating: "a", count: 36_000)
        let file = try Self.file(components: [#"{"/":"/\#(long)"}"#])
        #expect(AssociationFileValidator().validate(file).isEmpty)
        let compiled = CompiledAssociationFile(file)
        #expect(
            compiled.match("https://example.com/\(long)", appID: Self.appID, domain: nil).decision == .match)
        #expect(
            compiled.match("https://example.com/\(long)b", appID: Self.appID, domain: nil).decision
                == .noMatch)
    }

    @Test("long exclusions, legacy paths and a long literal before * are compared without recursion")
    func longRulesOfEveryKindAreComparedWithoutRecursion() throws {
        let long = String(repeating: "a", count: 36_000)
        // Comparing 36,000-state automata takes more than the default budget of steps.
        let validator = AssociationFileValidator(analysisBudget: 2_000_000)
        let findings = validator.validate(
            try Self.file(components: [
                #"{"/":"/\#(long)*"}"#, #"{"/":"/\#(long)b"}"#, #"{"/":"/\#(long)c","exclude":true}"#,
            ]))
        #expect(
            findings.map(\.code) == [.unreachableRule, .exclusionAfterBroaderRule]
                && findings.map(\.path) == [
                    "$.applinks.details[0].components[1]", "$.applinks.details[0].components[2]",
                ])
        let exclusions = validator.validate(
            try Self.file(components: [#"{"/":"/\#(long)","exclude":true}"#, #"{"/":"/\#(long)*"}"#]))
        #expect(exclusions.isEmpty)
        let legacy = try AssociationFile(
            parsing:
                #"{"applinks":{"details":[{"appID":"\#(Self.appID)","paths":["/\#(long)*","NOT /\#(long)b"]}]}}"#
        )
        let legacyFindings = validator.validate(legacy)
        #expect(
            legacyFindings.filter { $0.code == .exclusionAfterBroaderRule }.map(\.path) == [
                "$.applinks.details[0].paths[1]"
            ])
        #expect(
            CompiledAssociationFile(legacy).match(
                "https://example.com/\(long)b", appID: Self.appID, domain: nil
            )
            .decision == .match)
    }

    @Test("the reachability index of a 36,000-scalar prefix is built, searched and freed flat")
    func prefixIndexIsFlat() {
        let prefix = [UInt32](repeating: 0x61, count: 36_000)
        var index: PrefixIndex? = PrefixIndex()
        index?.insert(0, prefix: prefix)
        index?.insert(1, prefix: Array(prefix.prefix(10)))
        var candidates = index?.candidates(forPrefix: prefix + [0x62])
        #expect(candidates?.next() == 0)
        #expect(candidates?.next() == 1)
        #expect(candidates?.next() == nil)
        candidates = nil
        index = nil
    }

    // MARK: Bug 2: variables copied per reference

    /// 2,000 values of 5 bytes referenced 800 times: a 27 KB file.
    static func manyReferences() throws -> AssociationFile {
        let values = (0..<2_000).map { "v\(1000 + $0)" }
        return try file(
            components: [String](repeating: #"{"/":"/$(v)"}"#, count: 800), variables: ["v": values])
    }

    @Test("2,000 values referenced 800 times are stored once, not once per reference")
    func variableValuesAreSharedNotCopied() throws {
        let file = try Self.manyReferences()
        #expect(file.serialized(.compact).utf8.count < 28_000)
        let compiled = CompiledAssociationFile(file)
        // One copy of 2,000 values is 12,000 positions and as many states; 800 copies were
        // 9.6 million states.
        let stored = Self.storedPatternSize(compiled)
        #expect(stored < 40_000, "stored \(stored)")
        let paths = compiled.details[0].rules.compactMap(\.path?.segmented)
        #expect(paths.count == 800)
        let shared = Set(
            paths.compactMap { pattern -> ObjectIdentifier? in
                guard case .variable(let values)? = pattern.pieces?.first else { return nil }
                return ObjectIdentifier(values)
            })
        #expect(shared.count == 1)

        let match = compiled.match("https://example.com/v2999", appID: Self.appID, domain: nil)
        #expect(match.decision == .match && match.rule?.index == 0)
        #expect(
            compiled.match("https://example.com/v3000", appID: Self.appID, domain: nil).decision == .noMatch)
        #expect(
            compiled.match("https://example.com/v299", appID: Self.appID, domain: nil).decision == .noMatch)

        let findings = AssociationFileValidator().validate(file)
        #expect(findings.filter { $0.code == .unreachableRule }.count == 101)
        #expect(findings.first?.path == "$.applinks.details[0].components[1]")
        #expect(!findings.contains { $0.code == .analysisIncomplete })
    }

    @Test("3,000 components referring to a variable compile to a size proportional to the file")
    func manyComponentsCompileProportionally() throws {
        let values = (0..<200).map { "w\($0)" }
        let components = (0..<3_000).map { #"{"/":"/$(v)/\#($0)"}"# }
        let file = try Self.file(components: components, variables: ["v": values])
        let bytes = file.serialized(.compact).utf8.count
        let compiled = CompiledAssociationFile(file)
        #expect(Self.storedPatternSize(compiled) < 4 * bytes)
        let match = compiled.match("https://example.com/w199/2999", appID: Self.appID, domain: nil)
        #expect(match.decision == .match && match.rule?.index == 2_999)
        #expect(
            compiled.match("https://example.com/w200/1", appID: Self.appID, domain: nil).decision == .noMatch)
    }

    // MARK: Bug 3: wildcard values outside the linear matcher

    /// Values `*?*` … `*` + 199 × `?` + `*`: each matches every string of at least k scalars.
    static let wildcardValues = (1...199).map { "*" + String(repeating: "?", count: $0) + "*" }

    @Test("wildcard variable values referenced 20 times are run once per URL, in one linear pass")
    func wildcardVariableValuesRunOncePerURL() throws {
        let file = try Self.file(
            components: [String](repeating: #"{"/":"/$(w)b$(w)"}"#, count: 20),
            variables: ["w": Self.wildcardValues])
        let compiled = CompiledAssociationFile(file)
        #expect(Self.storedPatternSize(compiled) < 60_000)
        let miss = String(repeating: "a", count: 1_000)
        #expect(
            compiled.match("https://example.com/\(miss)", appID: Self.appID, domain: nil).decision == .noMatch
        )
        let hit = String(repeating: "a", count: 500) + "b" + String(repeating: "a", count: 499)
        let match = compiled.match("https://example.com/\(hit)", appID: Self.appID, domain: nil)
        #expect(match.decision == .match && match.rule?.index == 0)
        // Too short on the left: a value needs at least one scalar before the `b`.
        #expect(
            compiled.match("https://example.com/b\(miss)", appID: Self.appID, domain: nil).decision
                == .noMatch)

        // Every reference is entered at the same positions of the same path: one pass.
        var view = URLView(try AssociationURL("https://example.com/\(miss)"))
        for rule in compiled.details[0].rules { #expect(!rule.matches(&view)) }
        #expect(view.scratch.passes.count == 1)
    }

    @Test("patterns with variables decide exactly as their expanded automata")
    func segmentedMatchingAgreesWithExpansion() throws {
        let variables = SubstitutionVariables(custom: [
            "w": ["*?*", "a?", "", "é*x", "*b"], "l": ["ab", "abc", "B"], "s": ["*"],
        ])
        let patterns = [
            "$(w)", "/$(w)/x", "a$(l)$(l)", "$(l)*$(w)", "/p/$(w)/*", "$(lang)-$(region)", "*$(s)b",
            "$(w)$(undefined)", "?$(l)?", "$(l)/*",
        ]
        let inputs = [
            "", "a", "ab", "abab", "aabB", "x/x", "é/x", "éabx", "p/q/r", "p/b", "p", "en-GB", "EN-gb",
            "xx-GB", "b", "cab", "zabz", "ab/c", "abc/", "B",
        ]
        for caseSensitive in [true, false] {
            for text in patterns {
                let parsed = CompiledRule.parsePath(text, caseSensitive: caseSensitive, variables: variables)
                let automaton = PatternAutomaton(parsed.node)
                let budget = PatternLanguage.Budget(1_000_000)
                let expanded = try #require(automaton.expanded(budget: budget))
                #expect(expanded.segmented == nil)
                for input in inputs {
                    var scalars = input.unicodeScalars.map(\.value)
                    if !caseSensitive { scalars = CaseFolding.fold(scalars) }
                    #expect(
                        automaton.matches(scalars) == expanded.matches(scalars),
                        "\(text) on \(input), caseSensitive \(caseSensitive)")
                }
            }
        }
    }
}
