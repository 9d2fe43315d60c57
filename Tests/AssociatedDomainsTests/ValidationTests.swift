import Testing

@testable import AssociatedDomains

/// Validates JSON text and returns the finding codes, in order.
func findingCodes(_ text: String) throws -> [String] {
    try findings(text).map(\.code.rawValue)
}

/// Validates JSON text.
func findings(_ text: String) throws -> [AssociationFinding] {
    AssociationFileValidator().validate(try AssociationFile(parsing: text))
}

/// A file with one detail for `ABCDE12345.com.example.app` and these components.
func fileWithComponents(_ components: String, extra: String = "") -> String {
    #"{"applinks":{\#(extra)"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[\#(components)]}]}}"#
}

@Suite("Validation: the shared corpus's expected codes")
struct ValidationCorpusTests {
    /// Codes this validator adds beyond the corpus's: every App ID `A.b` in the corpus has a
    /// one-letter prefix (AASA131), and a file with `"details": []` opens nothing (AASA193).
    static let documentedExtras: [String: Set<String>] = [
        "validation/both-app-id-forms": ["AASA131"],
        "validation/mixed-components-and-paths": ["AASA131"],
        "validation/legacy-apps-not-empty": ["AASA131"],
        "validation/recursive-substitution": ["AASA193"],
        "validation/undefined-substitution": ["AASA131"],
        "validation/unterminated-substitution": ["AASA131"],
        "validation/non-string-query-predicate": ["AASA131"],
        "validation/catch-all-shadows-later-rule": ["AASA131"],
    ]

    @Test("each validation case yields exactly its codes plus the documented extras")
    func corpusCodes() throws {
        let cases = try #require(
            try SharedCorpus.json("aasa/swcutil-conformance-cases.json")["validation"]?.arrayValue)
        #expect(cases.count == 13)
        for item in cases {
            let name = try #require(item["name"]?.stringValue)
            let expected = Set(try #require(item["expectCodes"]?.stringArrayValue))
            let produced = AssociationFileValidator().validate(
                try AssociationFile(json: try #require(item["aasa"])))
            #expect(
                Set(produced.map(\.code.rawValue))
                    == expected.union(ValidationCorpusTests.documentedExtras[name] ?? []),
                "\(name): \(produced)")
        }
    }
}

@Suite("Validation: one test per finding code")
struct ValidationCodeTests {
    @Test("AASA001: over 128 KB")
    func fileTooLarge() {
        let padding = String(repeating: "x", count: 131_072)
        let text =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a","comment":"\#(padding)"}]}]}}"#
        let found = AssociationFileValidator().validate(bytes: Array(text.utf8))
        #expect(found.map(\.code) == [.fileTooLarge])
        #expect(
            found.first?.message
                == "the file is \(text.utf8.count) bytes; Apple ignores association files larger than 128 KB (131072 bytes), so it was not read further"
        )
        #expect(found.first?.severity == .error)
    }

    @Test("AASA002: invalid JSON, with the place")
    func invalidJSON() {
        let found = AssociationFileValidator().validate(bytes: Array("{[]}".utf8))
        #expect(
            found == [
                AssociationFinding(
                    .invalidJSON, at: "$",
                    "the file is not valid JSON: expected a string key but found '[' at line 1, column 2")
            ])
    }

    @Test("AASA003: not an object")
    func notAnObject() {
        #expect(AssociationFileValidator().validate(bytes: Array("\"x\"".utf8)).map(\.code) == [.notAnObject])
    }

    @Test("AASA004: a CMS-signed file reads, and signing is reported as obsolete since iOS 9")
    func signed() throws {
        let found = AssociationFileValidator().validate(bytes: SignedFixtures.der)
        #expect(found.map(\.code) == [.signedFile])
        #expect(found.first?.message.contains("since iOS 9") == true)
    }

    @Test("AASA005: a signed file whose JSON cannot be extracted")
    func unreadableSigned() {
        #expect(
            AssociationFileValidator().validate(bytes: SignedFixtures.detached).map(\.code) == [
                .unreadableSignedFile
            ])
    }

    @Test("AASA006: a duplicate key")
    func duplicateKey() throws {
        let text =
            #"{"webcredentials":{"apps":["ABCDE12345.com.example.app"]},"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"#
        let found = AssociationFileValidator().validate(try AssociationFileDocument(text: text))
        #expect(
            found == [
                AssociationFinding(
                    .duplicateKey, at: "$.webcredentials",
                    "this key appears more than once; only the last value counts")
            ])
    }

    @Test("AASA007: an empty file")
    func empty() {
        #expect(AssociationFileValidator().validate(bytes: []).map(\.code) == [.emptyFile])
    }

    @Test("AASA100 and AASA101: no service, and a misspelled one is suggested")
    func noService() throws {
        let found = try findings(#"{"applink":{"details":[]}}"#)
        #expect(found.map(\.code) == [.noService, .unknownTopLevelKey])
        #expect(
            found[1].message == "'applink' is not a service, so Apple ignores it (did you mean 'applinks'?)")
    }

    @Test("AASA102: a service that is not an object")
    func serviceNotAnObject() throws {
        #expect(
            try findingCodes(#"{"webcredentials":["ABCDE12345.com.example.app"]}"#) == ["AASA100", "AASA102"])
    }

    @Test("AASA103: an app list without a valid apps array")
    func appListMalformed() throws {
        #expect(try findingCodes(#"{"appclips":{"apps":"ABCDE12345.com.example.app"}}"#) == ["AASA103"])
        #expect(try findingCodes(#"{"appclips":{}}"#) == ["AASA103"])
        #expect(try findingCodes(#"{"appclips":{"apps":[]}}"#) == ["AASA103"])
    }

    @Test("AASA104: an unknown key inside a service")
    func unknownServiceKey() throws {
        let found = try findings(#"{"webcredentials":{"apps":["ABCDE12345.com.example.app"],"app":[]}}"#)
        #expect(found.map(\.code) == [.unknownServiceKey])
        #expect(found.first?.path == "$.webcredentials.app")
    }

    @Test("AASA110: a detail with no App ID")
    func detailWithoutAppID() throws {
        #expect(try findingCodes(#"{"applinks":{"details":[{"components":[{"/":"/a"}]}]}}"#) == ["AASA110"])
    }

    @Test("AASA111: appID ignored because appIDs is present (even empty)")
    func appIDIgnored() throws {
        let found = try findings(
            #"{"applinks":{"details":[{"appID":"ABCDE12345.com.example.old","appIDs":[],"components":[{"/":"/a"}]}]}}"#
        )
        #expect(found.map(\.code) == [.appIDIgnored, .emptyAppIDs])
        #expect(found.first?.path == "$.applinks.details[0].appID")
    }

    @Test("AASA112: appIDs that is not an array of strings")
    func appIDsMalformed() throws {
        #expect(
            try findingCodes(
                #"{"applinks":{"details":[{"appIDs":"ABCDE12345.com.example.app","components":[{"/":"/a"}]}]}}"#
            ) == ["AASA112"])
    }

    @Test("AASA113: details that is not an array, and an entry that is not an object")
    func detailsMalformed() throws {
        #expect(try findingCodes(#"{"applinks":{"details":"x"}}"#) == ["AASA113"])
        #expect(try findingCodes(#"{"applinks":{"details":[7]}}"#) == ["AASA113"])
    }

    @Test("AASA114: an unknown detail key, with a suggestion")
    func unknownDetailKey() throws {
        let found = try findings(
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"component":[],"components":[{"/":"/a"}]}]}}"#
        )
        #expect(found.map(\.code) == [.unknownDetailKey])
        #expect(
            found.first?.message
                == "'component' is not a key of a detail, so Apple ignores it (did you mean 'components'?)")
    }

    @Test("AASA120: paths ignored because components is present")
    func pathsIgnored() throws {
        #expect(
            try findingCodes(
                #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a"}],"paths":["/b"]}]}}"#
            ) == ["AASA120"])
    }

    @Test("AASA121: a detail without rules, or with empty components")
    func noRules() throws {
        #expect(
            try findingCodes(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"]}]}}"#) == [
                "AASA121"
            ])
        #expect(try findingCodes(fileWithComponents("")) == ["AASA121"])
    }

    @Test("AASA122: legacy apps that is not an empty array")
    func legacyAppsNotEmpty() throws {
        #expect(
            try findingCodes(
                fileWithComponents(#"{"/":"/a"}"#, extra: #""apps":["ABCDE12345.com.example.app"],"#)) == [
                    "AASA122"
                ])
        #expect(try findingCodes(fileWithComponents(#"{"/":"/a"}"#, extra: #""apps":{},"#)) == ["AASA122"])
        #expect(try findingCodes(fileWithComponents(#"{"/":"/a"}"#, extra: #""apps":[],"#)) == [])
    }

    @Test("AASA123: a component that is not an object")
    func rulesMalformed() throws {
        #expect(try findingCodes(fileWithComponents(#""/a""#)) == ["AASA123"])
    }

    @Test("AASA124: legacy paths are noted")
    func legacyPaths() throws {
        let found = try findings(
            #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.app","paths":["/a/*"]}]}}"#)
        #expect(found.map(\.code) == [.legacyPaths])
        #expect(found.first?.severity == .note)
    }

    @Test(
        "AASA130: App IDs not of the form <prefix>.<bundle id>",
        arguments: [
            "", "ABCDE12345", ".com.example", "ABCDE12345.", "ABC DE.com.x", "ABCDE12345.com..x",
            "ABCDE12345.com/x",
        ])
    func malformedAppID(_ appID: String) throws {
        #expect(try findingCodes(#"{"webcredentials":{"apps":["\#(appID)"]}}"#) == ["AASA130"])
    }

    @Test("AASA131: a prefix that is not a 10-character Team ID is a warning, not a rejection")
    func unusualTeamID() throws {
        let found = try findings(
            #"{"webcredentials":{"apps":["ABC.com.example.app","abcde12345.com.example.app","ABCDE12345.com.example.app"]}}"#
        )
        #expect(found.map(\.code) == [.unusualTeamID, .unusualTeamID])
        #expect(found.map(\.severity) == [.warning, .warning])
    }

    @Test("AASA132: an App ID listed twice")
    func duplicateAppID() throws {
        #expect(
            try findingCodes(
                #"{"webcredentials":{"apps":["ABCDE12345.com.example.app","ABCDE12345.com.example.app"]}}"#)
                == ["AASA132"])
    }

    @Test("AASA140: substitutionVariables with a non-array value")
    func variablesMalformed() throws {
        #expect(
            try findingCodes(
                fileWithComponents(#"{"/":"/a"}"#, extra: #""substitutionVariables":{"x":"a"},"#)) == [
                    "AASA140"
                ])
    }

    @Test("AASA141: a variable value that uses another variable")
    func recursiveVariable() throws {
        let found = try findings(
            fileWithComponents(
                #"{"/":"/$(a)"}"#, extra: #""substitutionVariables":{"a":["$(b)"],"b":["x"]},"#))
        #expect(found.map(\.code) == [.variableValueUsesVariable])
        #expect(found.first?.path == "$.applinks.substitutionVariables.a[0]")
    }

    @Test("AASA142: an undefined variable (names are case-sensitive)")
    func undefinedVariable() throws {
        let found = try findings(fileWithComponents(#"{"/":"/$(Digit)"}"#))
        #expect(
            found == [
                AssociationFinding(
                    .undefinedVariable, at: #"$.applinks.details[0].components[0]["/"]"#,
                    "$(Digit) is not a defined variable, so this pattern matches nothing")
            ])
    }

    @Test("AASA143: a custom variable that replaces a built-in")
    func shadowsBuiltIn() throws {
        #expect(
            try findingCodes(
                fileWithComponents(#"{"/":"/$(digit)"}"#, extra: #""substitutionVariables":{"digit":["x"]},"#)
            ) == ["AASA143"])
    }

    @Test("AASA144: a variable with no values")
    func emptyVariable() throws {
        #expect(
            try findingCodes(
                fileWithComponents(#"{"/":"/a"}"#, extra: #""substitutionVariables":{"none":[]},"#)) == [
                    "AASA144"
                ])
    }

    @Test("AASA150: a non-string query value makes Apple ignore the whole dictionary")
    func nonStringQueryValue() throws {
        let found = try findings(fileWithComponents(#"{"/":"/a","?":{"id":"1","flag":true}}"#))
        #expect(found.map(\.code) == [.nonStringQueryValue])
        #expect(
            found.first?.message
                == "the query item 'flag' has a value that is not a string, so Apple ignores the whole query dictionary and it matches every query"
        )
    }

    @Test("AASA151: an unterminated variable is literal text")
    func unterminatedVariable() throws {
        #expect(try findingCodes(fileWithComponents(#"{"/":"/$(oops"}"#)) == ["AASA151"])
    }

    @Test("AASA152: a known component key with the wrong type")
    func wrongType() throws {
        let found = try findings(fileWithComponents(#"{"/":"/a","exclude":"true"}"#))
        #expect(
            found == [
                AssociationFinding(
                    .wrongTypeComponentKey, at: "$.applinks.details[0].components[0].exclude",
                    "'exclude' must be true or false, but it is a string; Apple ignores it")
            ])
    }

    @Test("AASA153: the misspelled casesensitive is ignored, and the right spelling suggested")
    func misspelledCaseSensitive() throws {
        let found = try findings(fileWithComponents(#"{"/":"/foo/*","casesensitive":false}"#))
        #expect(found.map(\.code) == [.unknownComponentKey])
        #expect(
            found.first?.message
                == "'casesensitive' is not a component key, so Apple ignores it (did you mean 'caseSensitive'?)"
        )
    }

    @Test("AASA154: a path pattern that looks like it carries a query")
    func queryInPath() throws {
        #expect(try findingCodes(fileWithComponents(#"{"/":"/search?q=*"}"#)) == ["AASA154"])
    }

    @Test(
        "AASA160: patterns that can never match",
        arguments: [
            (#"{"/":"/a b"}"#, #"$.applinks.details[0].components[0]["/"]"#),
            (#"{"/":"/caf\u00e9"}"#, #"$.applinks.details[0].components[0]["/"]"#),
            (#"{"/":"/a#b"}"#, #"$.applinks.details[0].components[0]["/"]"#),
            (#"{"?":{"q":"a&b"}}"#, #"$.applinks.details[0].components[0]["?"].q"#),
            (##"{"#":"a b"}"##, ##"$.applinks.details[0].components[0]["#"]"##),
            (
                ##"{"/":"/Help","caseSensitive":false,"#":"A<"}"##,
                ##"$.applinks.details[0].components[0]["#"]"##
            ),
        ])
    func neverMatches(_ component: String, _ path: String) throws {
        let found = try findings(fileWithComponents(component))
        #expect(found.map(\.code) == [.patternNeverMatches])
        #expect(found.first?.path == path)
    }

    @Test("AASA160 names the character and the fix")
    func neverMatchesMessage() throws {
        #expect(
            try findings(fileWithComponents(#"{"/":"/a b"}"#)).first?.message
                == "the pattern '/a b' can never match: a percent-encoded URL path never contains a space; write it percent-encoded or set 'percentEncoded' to false"
        )
        #expect(try findingCodes(fileWithComponents(#"{"/":"/a b","percentEncoded":false}"#)) == [])
    }

    @Test("AASA180: a component without any pattern matches every URL")
    func matchesEverything() throws {
        #expect(try findingCodes(fileWithComponents(#"{"comment":"all"}"#)) == ["AASA180"])
        #expect(try findingCodes(fileWithComponents(#"{"/":"*"}"#)) == [])
    }

    @Test("AASA190: a rule behind an earlier broader rule")
    func unreachable() throws {
        let found = try findings(
            fileWithComponents(#"{"/":"/a/*"},{"/":"/a/b/?*","?":{"x":"1"}},{"/":"/b"}"#))
        #expect(
            found == [
                AssociationFinding(
                    .unreachableRule, at: "$.applinks.details[0].components[1]",
                    "this component can never decide: $.applinks.details[0].components[0] comes first and matches every URL it matches"
                )
            ])
    }

    @Test("AASA190: not reported when the later rule reaches URLs the earlier one does not")
    func reachable() throws {
        #expect(
            try findingCodes(
                fileWithComponents(
                    ##"{"/":"/a/*","?":{"x":"1"}},{"/":"/a/b"},{"/":"/a/?","#":"f"},{"/":"/a/*","caseSensitive":false}"##
                )) == [])
    }

    @Test("AASA190 in legacy paths, where the first hit decides")
    func unreachableLegacyPath() throws {
        #expect(
            try findingCodes(
                #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.app","paths":["/*","NOT /private/*"]}]}}"#
            ) == ["AASA124", "AASA191"])
    }

    @Test("AASA191: an exclusion placed after a broader rule never takes effect")
    func exclusionAfterBroader() throws {
        let found = try findings(fileWithComponents(#"{"/":"/a/*"},{"/":"/a/private/*","exclude":true}"#))
        #expect(found.map(\.code) == [.exclusionAfterBroaderRule])
        #expect(found.first?.severity == .error)
    }

    @Test("AASA192: an exclusion partly pre-empted by an earlier rule")
    func exclusionPartlyShadowed() throws {
        #expect(
            try findingCodes(fileWithComponents(#"{"/":"/a/x*"},{"/":"/a/*/private","exclude":true}"#)) == [
                "AASA192"
            ])
        #expect(
            try findingCodes(fileWithComponents(#"{"/":"/a/private/*","exclude":true},{"/":"/a/*"}"#)) == [])
    }

    @Test("AASA193: applinks without details")
    func noDetails() throws {
        #expect(try findingCodes(#"{"applinks":{}}"#) == ["AASA193"])
    }

    @Test("AASA199: a tiny analysis budget stops the rule analysis with a note")
    func analysisIncomplete() throws {
        let file = try AssociationFile(parsing: fileWithComponents(#"{"/":"/a/*b*c*d"},{"/":"/a/x*b*c*d"}"#))
        let found = AssociationFileValidator(analysisBudget: 3).validate(file)
        #expect(found.map(\.code) == [.analysisIncomplete])
    }

    @Test("a clean file, and the Apple reference file, are silent")
    func clean() throws {
        #expect(
            try findingCodes(
                fileWithComponents(
                    ##"{"#":"no_universal_links","exclude":true},{"/":"/buy/*"},{"/":"/help/website/*","exclude":true},{"/":"/help/*","?":{"articleNumber":"????"}}"##
                )) == [])
    }

    @Test("every code has a distinct stable raw value and a severity")
    func codesAreStable() {
        let raw = AssociationFinding.Code.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(raw.allSatisfy { $0.hasPrefix("AASA") && $0.count == 7 })
        #expect(AssociationFinding.Code.appIDIgnored.rawValue == "AASA111")
    }
}
