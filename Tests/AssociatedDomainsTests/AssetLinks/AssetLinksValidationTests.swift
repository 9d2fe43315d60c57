import Testing

@testable import AssociatedDomains

@Suite("Validating assetlinks.json")
struct AssetLinksValidationTests {
    typealias Samples = AssetLinksSamples

    @Test("a well-formed file with rules has no findings")
    func cleanFile() {
        #expect(
            Samples.codes(Samples.file(rules: #"[{"/":"/redeem","exclude":true},{"/":"/title/?*"}]"#)) == [])
        #expect(Samples.codes(Samples.file()) == [])
    }

    @Test(
        "each broken rule of the format gets its code",
        arguments: [
            ("", ["ASSETLINKS005"]),
            ("[", ["ASSETLINKS002"]),
            ("{}", ["ASSETLINKS003"]),
            ("[1]", ["ASSETLINKS100"]),
            (#"[{"relation":["delegate_permission/common.handle_all_urls"]}]"#, ["ASSETLINKS110"]),
            (
                #"[{"relation":["handle_all_urls"],"target":{"namespace":"web","site":"https://a.example"}}]"#,
                ["ASSETLINKS102"]
            ),
            (
                #"[{"relation":[],"target":{"namespace":"web","site":"https://a.example"}}]"#,
                ["ASSETLINKS102"]
            ),
            (
                #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"ios_app"}}]"#,
                ["ASSETLINKS111"]
            ),
            (
                #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"https://a.example/path"}}]"#,
                ["ASSETLINKS117"]
            ),
            (
                #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"app","sha256_cert_fingerprints":[]}}]"#,
                ["ASSETLINKS113", "ASSETLINKS114"]
            ),
            (
                #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.a.b","sha256_cert_fingerprints":["AB"],"extra":1}}]"#,
                ["ASSETLINKS112", "ASSETLINKS115"]
            ),
            (#"[{"include":"http://a.example/x.json"}]"#, ["ASSETLINKS106"]),
            (#"[{"include":"https://a.example/x.json"}]"#, ["ASSETLINKS105", "ASSETLINKS104"]),
        ])
    func structuralFindings(text: String, codes: [String]) {
        #expect(AssetLinksSamples.codes(text) == codes)
    }

    @Test("findings about rules, extensions and the statements together")
    func ruleFindings() {
        #expect(Samples.codes(Samples.file(rules: #"{"/":"/a"}"#)) == ["ASSETLINKS123"])
        #expect(Samples.codes(Samples.file(rules: #"[{"/":1}]"#)) == ["ASSETLINKS125"])
        #expect(Samples.codes(Samples.file(rules: #"[{"?":{"a":1}}]"#)) == ["ASSETLINKS125"])
        #expect(Samples.codes(Samples.file(rules: #"[{"exclude":"yes"}]"#)) == ["ASSETLINKS125"])
        #expect(Samples.codes(Samples.file(rules: #"[{"path":"/a"}]"#)) == ["ASSETLINKS124"])
        #expect(Samples.codes(Samples.file(rules: #"[{"/":"title/*"}]"#)) == ["ASSETLINKS130"])
        #expect(Samples.codes(Samples.file(rules: #"[{"/":"*"},{"/":"/a"}]"#)) == ["ASSETLINKS131"])
        #expect(
            Samples.codes(Samples.file(rules: #"[{"/":"/a"},{"/":"/a","exclude":true}]"#)) == [
                "ASSETLINKS131"
            ])
        #expect(Samples.codes(Samples.file(rules: #"[{"/":"/a","exclude":true}]"#)) == ["ASSETLINKS132"])
        #expect(Samples.codes(Samples.file(rules: "[]")) == ["ASSETLINKS132"])
        #expect(
            Samples.codes("[" + Samples.statement() + "," + Samples.statement() + "]") == ["ASSETLINKS118"])
        let debugTwice =
            #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.a.b","sha256_cert_fingerprints":["\#(Samples.debug)","\#(Samples.debug)"]}}]"#
        #expect(Samples.codes(debugTwice) == ["ASSETLINKS116"])
        let otherRelation =
            #"[{"relation":["delegate_permission/common.handle_all_urls","delegate_permission/common.get_login_creds"],"target":{"namespace":"android_app","package_name":"com.a.b","sha256_cert_fingerprints":["\#(Samples.debug)"]},"relation_extensions":{"delegate_permission/common.use_as_origin":{},"delegate_permission/common.handle_all_urls":{"dynamic":[]}}}]"#
        #expect(Samples.codes(otherRelation) == ["ASSETLINKS103", "ASSETLINKS122", "ASSETLINKS121"])
        let webRules =
            #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"https://a.example"},"relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":[]}}}]"#
        #expect(Samples.codes(webRules) == ["ASSETLINKS126", "ASSETLINKS104"])
    }

    @Test("a finding says what is wrong and where")
    func findingText() {
        let text = Samples.file().replacingOccurrences(of: "14:6D", with: "14:6d")
        let findings = AssetLinksValidator().validate(bytes: Array(text.utf8))
        #expect(
            findings.map(\.description) == [
                "ASSETLINKS115 error at $[0].target.sha256_cert_fingerprints[0]: character 5 is a lower-case hex "
                    + "digit; a fingerprint is 32 bytes as upper-case hex pairs joined by colons (AB:CD:…)"
            ])
    }

    @Test("each code reports at most the cap, then one line counting the rest")
    func capsFindings() {
        let rules = "[" + Array(repeating: #"{"/":"x"}"#, count: 5).joined(separator: ",") + "]"
        let findings = AssetLinksValidator(maximumFindingsPerCode: 2)
            .validate(bytes: Array(Samples.file(rules: rules).utf8))
        #expect(findings.filter { $0.code == .patternNeverMatches }.count == 3)
        #expect(findings.filter { $0.code == .unreachableComponent }.count == 3)
        #expect(
            findings.suffix(2).map(\.message) == [
                "… and 3 more ASSETLINKS130 findings", "… and 2 more ASSETLINKS131 findings",
            ])
    }

    @Test("codes never change: every raw value is ASSETLINKS and three digits, and unique")
    func stableCodes() {
        let raw = AssetLinksFinding.Code.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(raw.allSatisfy { $0.hasPrefix("ASSETLINKS") && $0.count == 13 })
        #expect(AssetLinksFinding.Code.fingerprintMalformed.rawValue == "ASSETLINKS115")
    }
}
