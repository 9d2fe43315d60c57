import Testing

@testable import AssociatedDomains

/// The association file's limits at full scale: Apple's 128 KB, the reader's nesting depth,
/// the validator's analysis budget, the matcher on hostile patterns, and the entitlement's
/// domain rules.
@Suite("Limits: the largest association file, the deepest JSON, hostile patterns, entitlements")
struct AssociationFileLimitTests {
    /// A valid file of exactly `bytes` bytes: one detail with `rules` components, padded
    /// with a comment.
    static func file(bytes: Int, rules: Int = 1) -> [UInt8] {
        let components = (0..<rules).map { #"{"/":"/r\#($0)/*"}"# }.joined(separator: ",")
        let head =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":["# + components
            + #"]}]},"padding":""#
        let tail = #""}"#
        let padding = String(repeating: "p", count: bytes - head.utf8.count - tail.utf8.count)
        return Array((head + padding + tail).utf8)
    }

    @Test("a file of exactly 128 KB is read without a size finding; one byte more gets fileTooLarge")
    func size() throws {
        let largest = Self.file(bytes: AssociationFileDocument.maximumByteCount)
        #expect(largest.count == 131_072)
        let document = try AssociationFileDocument(bytes: largest)
        #expect(document.byteCount == 131_072)
        #expect(!AssociationFileValidator().validate(document).contains { $0.code == .fileTooLarge })

        let over = AssociationFileValidator().validate(bytes: Self.file(bytes: 131_073))
        #expect(
            over == [
                AssociationFinding(
                    .fileTooLarge, at: "$",
                    "the file is 131073 bytes; Apple ignores association files larger than 128 KB (131072 bytes), "
                        + "so it was not read further")
            ])
    }

    @Test("JSON nested 256 levels deep is read; 257 levels are refused at the 257th bracket")
    func depth() throws {
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try JSONValue(parsing: deepest) }
        let over = #"{"x":"# + String(repeating: "[", count: 256) + String(repeating: "]", count: 256) + "}"
        #expect(
            throws: AssociationFileError.invalidJSON(
                JSONSyntaxError(
                    problem: "nesting is deeper than 256 levels", offset: 260, line: 1, column: 261))
        ) { try AssociationFileDocument(text: over) }
    }

    @Test(
        "a 128 KB file of 1200 rules compiles and matches; the validator's pairwise analysis stops at its budget"
    )
    func manyRules() throws {
        let bytes = Self.file(bytes: AssociationFileDocument.maximumByteCount, rules: 1200)
        let document = try AssociationFileDocument(bytes: bytes)
        let compiled = CompiledAssociationFile(document.file)
        let appID = "ABCDE12345.com.example.app"
        #expect(
            compiled.match("https://example.com/r1199/x", appID: appID, domain: "example.com").rule?.index
                == 1199)
        #expect(
            compiled.match("https://example.com/none", appID: appID, domain: "example.com").decision
                == .noMatch)
        // The pairwise analysis of rules is the one super-linear step; it stops at its budget
        // and says so instead of running on.
        #expect(!AssociationFileValidator().validate(document).contains { $0.code == .analysisIncomplete })
        let stopped = AssociationFileValidator(analysisBudget: 1000).validate(document)
        #expect(stopped.contains { $0.code == .analysisIncomplete && $0.path == "$.applinks.details" })
    }

    @Test("a pattern built to make a backtracking matcher explode finishes against a 4 KB path")
    func hostilePattern() throws {
        // No literal prefix or suffix to reject the path early: the automaton runs over all of it.
        let pattern = String(repeating: "*a", count: 64) + "b*"
        let file = try AssociationFile(
            parsing:
                #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"\#(pattern)","?":"\#(pattern)"}]}]}}"#
        )
        let compiled = CompiledAssociationFile(file)
        let long = String(repeating: "a", count: 4000)
        #expect(
            compiled.match("https://example.com/\(long)?\(long)", appID: "A.b", domain: nil).decision
                == .noMatch)
        #expect(
            compiled.match("https://example.com/\(long)b?\(long)bc", appID: "A.b", domain: nil).decision
                == .match)
    }

    @Test(
        "an entitlement domain of 253 bytes in labels of 63 is accepted; 254 bytes, or a label of 64, is refused"
    )
    func entitlementDomain() throws {
        let label = String(repeating: "d", count: 63)
        let largest = [label, label, label, String(repeating: "d", count: 61)].joined(separator: ".")
        #expect(try AssociatedDomain("applinks:\(largest)").domain == largest)
        #expect(
            throws: AssociatedDomainError(
                entry: "applinks:\(largest)d", problem: .invalidDomain("it is longer than 253 characters"))
        ) {
            try AssociatedDomain("applinks:\(largest)d")
        }
        #expect(
            throws: AssociatedDomainError(
                entry: "applinks:\(label)d.com",
                problem: .invalidDomain("the label '\(label)d' is longer than 63 characters"))
        ) { try AssociatedDomain("applinks:\(label)d.com") }
    }

    @Test("30 domains pass the entitlement's advice; the 31st gets tooManyDomains")
    func entitlementDomainCount() throws {
        let thirty = try AssociatedDomainsEntitlement((0..<30).map { "applinks:d\($0).example.com" })
        #expect(!thirty.findings(for: .release).contains { $0.code == .tooManyDomains })
        let over = try AssociatedDomainsEntitlement((0..<31).map { "applinks:d\($0).example.com" })
        #expect(over.findings(for: .release).map(\.code) == [.tooManyDomains])
    }
}
