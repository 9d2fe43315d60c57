import Foundation
import Testing

@testable import AssociatedDomains

/// What an association file may cost is bounded by its size: over-cap bytes are refused before
/// parsing, a flood of one finding is folded into a summary line, and the validator's
/// rule-by-rule comparison is charged for every pair it looks at. Counts, not timings.
@Suite("Limits: an association file costs no more than its size")
struct AssociationCostLimitTests {
    static let appID = "ABCDE12345.com.example.app"

    /// A file whose one object repeats `key` `count` times under a key `depthKey` long.
    static func duplicateFlood(count: Int, longKey: Int) -> [UInt8] {
        let long = String(repeating: "k", count: longKey)
        let members = [String](repeating: #""x":1"#, count: count).joined(separator: ",")
        return Array(#"{"applinks":{"details":[]},"\#(long)":{\#(members)}}"#.utf8)
    }

    @Test("a duplicate-key flood under a long key is reported as 100 findings and one summary line")
    func duplicateKeyFloodReportsBoundedFindingsAndSummary() throws {
        let bytes = Self.duplicateFlood(count: 15_000, longKey: 40_000)
        #expect(bytes.count <= AssociationFileDocument.maximumByteCount)
        let document = try AssociationFileDocument(bytes: bytes)
        #expect(document.duplicateKeys.count == 14_999)
        let findings = AssociationFileValidator().validate(document)
        let duplicates = findings.filter { $0.code == .duplicateKey }
        #expect(duplicates.count == 101)
        let long = String(repeating: "k", count: 40_000)
        #expect(
            duplicates.first
                == AssociationFinding(
                    .duplicateKey, at: "$.\(long).x",
                    "this key appears more than once; only the last value counts"))
        #expect(
            duplicates.last
                == AssociationFinding(.duplicateKey, at: "$", "… and 14,899 more AASA006 findings"))
    }

    @Test("duplicate keys are recorded as references: one path node per object, not one per repeat")
    func duplicateKeysShareTheirPathInsteadOfCopyingIt() throws {
        let document = try AssociationFileDocument(bytes: Self.duplicateFlood(count: 1_000, longKey: 1_000))
        #expect(document.duplicateKeys.count == 999)
        #expect(document.duplicateKeys[998] == "$." + String(repeating: "k", count: 1_000) + ".x")
        let nested = try AssociationFileDocument(text: #"{"a":[{"b":{"c":1,"c":2}},{"d":0,"d":0}],"a":0}"#)
        #expect(Array(nested.duplicateKeys) == [#"$.a[0].b.c"#, #"$.a[1].d"#, "$.a"])
    }

    @Test("every code reports at most its limit plus one summary finding")
    func findingsOfOneCodeAreCappedWithASummary() throws {
        let components = (0..<250).map { #"{"/":"/p\#($0)","bogus":1}"# }.joined(separator: ",")
        let file = try AssociationFile(
            parsing:
                #"{"applinks":{"details":[{"appIDs":["\#(Self.appID)"],"components":[\#(components)]}]}}"#)
        let findings = AssociationFileValidator(maximumFindingsPerCode: 10).validate(file)
        let unknown = findings.filter { $0.code == .unknownComponentKey }
        #expect(unknown.count == 11)
        #expect(unknown.last?.message == "… and 240 more AASA153 findings")
        #expect(unknown.last?.path == "$")
    }

    @Test("bytes one past 128 KB are refused before parsing with tooLarge, and AASA001 alone")
    func overCapFileIsRefusedBeforeParsing() {
        // Not JSON at all: a parser would report invalidJSON, so refusing with the size alone
        // shows nothing was parsed.
        let over = [UInt8](repeating: UInt8(ascii: "["), count: AssociationFileDocument.maximumByteCount + 1)
        #expect(throws: AssociationFileError.tooLarge(byteCount: 131_073)) {
            try AssociationFileDocument(bytes: over)
        }
        #expect(AssociationFileValidator().validate(bytes: over).map(\.code) == [.fileTooLarge])
        #expect(
            AssociationFileError.tooLarge(byteCount: 131_073).description
                == "the association file is 131073 bytes, over Apple's limit of 128 KB (131072 bytes), so it was not read"
        )
    }

    @Test("a sequence of unknown length is read only to one byte past the cap")
    func overCapSequenceIsReadOnlyToOnePastTheCap() {
        let counter = CountingBytes(total: 10_000_000)
        #expect(throws: AssociationFileError.tooLarge(byteCount: nil)) {
            try AssociationFileDocument(bytes: counter)
        }
        #expect(counter.box.read == AssociationFileDocument.maximumByteCount + 1)
        let finding = AssociationFileValidator().validate(bytes: CountingBytes(total: 200_000))
        #expect(
            finding == [
                AssociationFinding(
                    .fileTooLarge, at: "$",
                    "the file is more than 131072 bytes; Apple ignores association files larger than 128 KB "
                        + "(131072 bytes), so it was not read further")
            ])
    }

    @Test(
        "the rule-by-rule comparison charges every pair, so 20,000 rules compare at most the budget's pairs")
    func pairCountIsBoundedByTheAnalysisBudget() throws {
        // Distinct literal rules: every pair is settled by the cheap prefix check, which used
        // not to be charged, so the comparison was quadratic in the rule count.
        let components = (0..<20_000).map { #"{"/":"/r\#($0)"}"# }.joined(separator: ",")
        let file = try AssociationFile(
            parsing:
                #"{"applinks":{"details":[{"appIDs":["\#(Self.appID)"],"components":[\#(components)]}]}}"#)
        let cost = AssociationFileValidator(analysisBudget: 50_000).reachabilityCost(of: file)
        #expect(cost.pairs == 50_000)
        #expect(cost.exhausted)
        let small = AssociationFileValidator(analysisBudget: 50_000).reachabilityCost(
            of: try AssociationFile(
                parsing:
                    #"{"applinks":{"details":[{"appIDs":["\#(Self.appID)"],"components":[{"/":"/a*"},{"/":"/a/b*"},{"/":"/a/b/c"}]}]}}"#
            ))
        // Only rules whose prefix starts the later one's are compared, and the first that
        // covers ends the search: b with a (covered), c with a (covered).
        #expect(small.pairs == 2)
        #expect(!small.exhausted)
    }

    @Test("rules are indexed by path prefix, so 20,000 rules that no earlier prefix starts compare no pair")
    func prefixIndexMakesDistinctRulesCompareNearlyLinearly() throws {
        let components = (0..<20_000).map { #"{"/":"/x\#($0)y/*"}"# }.joined(separator: ",")
        let file = try AssociationFile(
            parsing:
                #"{"applinks":{"details":[{"appIDs":["\#(Self.appID)"],"components":[\#(components)]}]}}"#)
        let cost = AssociationFileValidator().reachabilityCost(of: file)
        #expect(cost.pairs == 0)
        #expect(!cost.exhausted)
    }

    @Test("wildcard rules matched together in one pass decide exactly as each rule alone, non-ASCII included")
    func batchedPathPatternsDecideLikeEachRuleAlone() throws {
        let patterns = ["*é*x?", "*ü?", "a*b", "*a*a*a*c", "?é*", "/*/é", "*/x/*", "b*"]
        let components = patterns.map { #"{"/":"\#($0)","percentEncoded":false}"# }.joined(separator: ",")
        let file = try AssociationFile(
            parsing:
                #"{"applinks":{"details":[{"appIDs":["\#(Self.appID)"],"components":[\#(components)]}]}}"#)
        let compiled = CompiledAssociationFile(file)
        let paths = [
            "aéxxy", "üü", "ab", "aaaac", "xé", "é", "q/é", "r/x/s", "bz", "zzz", "aébx",
            String(repeating: "é", count: 300),
        ]
        for path in paths {
            let input = URLView.scalarValues(Substring(path))
            let alone = patterns.firstIndex { pattern in
                PatternAutomaton(CompiledRule.parsePath(pattern, caseSensitive: true, variables: nil).node)
                    .matches(input)
            }
            let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            let together = compiled.match("https://example.com/\(encoded)", appID: Self.appID, domain: nil)
            #expect(together.rule?.index == alone, "path \(path)")
        }
    }
}

/// A byte sequence of a given length without contiguous storage, counting what was read.
struct CountingBytes: Sequence {
    final class Box: @unchecked Sendable { var read = 0 }
    let total: Int
    let box = Box()

    func makeIterator() -> AnyIterator<UInt8> {
        var produced = 0
        let box = box
        let total = total
        return AnyIterator {
            guard produced < total else { return nil }
            produced += 1
            box.read += 1
            return UInt8(ascii: " ")
        }
    }
}
