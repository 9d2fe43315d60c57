import Testing

@testable import AssociatedDomains

/// One case of `assetlinks/dynamic-rules-cases.json`.
struct DynamicRuleCase: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    let url: String
    let expect: String
    let rule: Int?

    var testDescription: String { name }

    static let all: [DynamicRuleCase] = {
        guard let corpus = try? SharedCorpus.json("assetlinks/dynamic-rules-cases.json"),
            let cases = corpus["cases"]?.arrayValue
        else { return [] }
        return cases.compactMap { item in
            guard let name = item["name"]?.stringValue, let url = item["url"]?.stringValue,
                let expect = item["expect"]?.stringValue, let rules = item["rules"]
            else { return nil }
            let rulesText: String? = rules == .null ? nil : rules.serialized()
            var rule: Int?
            if case .number(let number)? = item["rule"] { rule = Int(number.literal) }
            return DynamicRuleCase(
                name: name, file: AssetLinksSamples.file(rules: rulesText), url: url, expect: expect,
                rule: rule)
        }
    }()
}

@Suite("Matching URLs against assetlinks.json dynamic rules")
struct AssetLinksMatchingTests {
    @Test("the corpus is read whole")
    func corpusIsRead() {
        #expect(DynamicRuleCase.all.count == 41)
    }

    @Test("each corpus case gets its verdict and deciding rule", arguments: DynamicRuleCase.all)
    func corpusCase(_ testCase: DynamicRuleCase) throws {
        let file = try AssetLinksFile(parsing: testCase.file)
        let result = CompiledAssetLinks(file).match(testCase.url, packageName: "com.example.app")
        #expect(result.decision.rawValue == testCase.expect)
        #expect(result.rule?.componentIndex == testCase.rule)
    }

    @Test("an app no statement names gets no_match, and says why")
    func otherPackage() throws {
        let file = try AssetLinksFile(parsing: AssetLinksSamples.file())
        let result = CompiledAssetLinks(file).match("https://example.com/x", packageName: "com.other.app")
        #expect(result == AssetLinksMatch(decision: .noMatch, reason: .appNotAssociated, rule: nil))
        #expect(result.reason.sentence == "no statement grants App Links to this package")
        let invalid = CompiledAssetLinks(file).match("not a url", packageName: "com.example.app")
        #expect(invalid == AssetLinksMatch(decision: .noMatch, reason: .invalidURL, rule: nil))
    }

    @Test("the rules of every statement naming the app apply in order")
    func rulesOfSeveralStatements() throws {
        let text =
            "[" + AssetLinksSamples.statement(rules: #"[{"/":"/a","exclude":true}]"#) + ","
            + AssetLinksSamples.statement(rules: #"[{"/":"*"}]"#) + "]"
        let compiled = CompiledAssetLinks(try AssetLinksFile(parsing: text))
        let excluded = compiled.match("https://example.com/a", packageName: "com.example.app")
        #expect(excluded.decision == .exclude)
        #expect(excluded.rule == AssetLinksMatch.RuleReference(statementIndex: 0, componentIndex: 0))
        let opened = compiled.match("https://example.com/b", packageName: "com.example.app")
        #expect(opened.rule == AssetLinksMatch.RuleReference(statementIndex: 1, componentIndex: 0))
        #expect(
            opened.rule?.jsonPath
                == #"$[1].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[0]"#
        )
    }

    @Test("the path decision reads paths alone: query and fragment matchers are left aside")
    func pathDecision() throws {
        let rules =
            ##"[{"/":"/c/*","?":{"ref":"*"},"exclude":true},{"/":"/p/*","#":"top"},{"?":{"q":"*"}}]"##
        let compiled = CompiledAssetLinks(try AssetLinksFile(parsing: AssetLinksSamples.file(rules: rules)))
        let cases: [(String, AssetLinksMatch.Decision, AssetLinksMatch.Decision)] = [
            // url, full decision, path decision
            ("https://example.com/c/boots", .noMatch, .exclude),
            ("https://example.com/c/boots?ref=mail", .exclude, .exclude),
            ("https://example.com/p/42", .noMatch, .match),
            ("https://example.com/p/42#top", .match, .match),
            ("https://example.com/x?q=1", .match, .match),
        ]
        for (url, full, path) in cases {
            let parsed = try AssociationURL(url)
            #expect(compiled.match(parsed, packageName: "com.example.app").decision == full, "\(url)")
            #expect(compiled.pathDecision(parsed, packageName: "com.example.app") == path, "\(url)")
        }
        let withoutRules = CompiledAssetLinks(try AssetLinksFile(parsing: AssetLinksSamples.file()))
        #expect(
            withoutRules.pathDecision(
                try AssociationURL("https://example.com/x"), packageName: "com.example.app")
                == nil)
        #expect(
            compiled.pathDecision(try AssociationURL("https://example.com/x"), packageName: "com.other.app")
                == nil)
    }

    @Test("a statement that only shares sign-in does not open links")
    func otherRelationDoesNotOpen() throws {
        let text =
            #"[{"relation":["delegate_permission/common.get_login_creds"],"target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["\#(AssetLinksSamples.release)"]}}]"#
        let result = CompiledAssetLinks(try AssetLinksFile(parsing: text))
            .match("https://example.com/x", packageName: "com.example.app")
        #expect(result.decision == .noMatch)
        #expect(result.reason == .appNotAssociated)
    }

    @Test("many stars against a long path stay linear (Shift-And, no backtracking)")
    func longPatternsStayLinear() throws {
        let pattern = "/" + String(repeating: "*a", count: 200) + "b"
        let file = try AssetLinksFile(parsing: AssetLinksSamples.file(rules: #"[{"/":"\#(pattern)"}]"#))
        let url = "https://example.com/" + String(repeating: "a", count: 20_000)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let result = CompiledAssetLinks(file).match(url, packageName: "com.example.app")
            try #require(result.decision == .noMatch)
        }
        #expect(elapsed < .seconds(2))
    }
}
