import DeepLinks
import Foundation
import Testing

@testable import AssociatedDomains

@Suite("Reading assetlinks.json")
struct AssetLinksReadingTests {
    @Test("a statement list with two apps, a web target and dynamic rules reads into the model")
    func readsStatements() throws {
        let text =
            "["
            + AssetLinksSamples.statement(
                rules:
                    ##"[{"/":"/redeem","exclude":true,"comments":"codes"},{"/":"*","?":{"a":"?*"},"#":""}]"##)
            + ","
            + #"{"relation":["delegate_permission/common.handle_all_urls","delegate_permission/common.get_login_creds"],"target":{"namespace":"android_app","package_name":"com.example.tv","sha256_cert_fingerprints":["\#(AssetLinksSamples.release)","\#(AssetLinksSamples.debug)"]}}"#
            + #",{"relation":["delegate_permission/common.get_login_creds"],"target":{"namespace":"web","site":"https://example.com"}}"#
            + #",{"include":"https://example.com/more.json"}]"#
        let file = try AssetLinksFile(parsing: text)
        #expect(file.statements.count == 3)
        #expect(file.includes == ["https://example.com/more.json"])
        #expect(file.appLinksPackages == ["com.example.app", "com.example.tv"])
        #expect(
            file.statements[0].dynamicComponents == [
                DynamicAppLinkComponent(path: "/redeem", exclude: true, comments: "codes"),
                DynamicAppLinkComponent(path: "*", query: ["a": "?*"], fragment: ""),
            ])
        #expect(
            file.statements[1].target.androidApp?.fingerprints.map(\.description) == [
                AssetLinksSamples.release, AssetLinksSamples.debug,
            ])
        #expect(file.statements[2].target == .web(site: "https://example.com"))
        #expect(!file.statements[2].grantsAppLinks)
        // Written back, it reads into the same model.
        #expect(try AssetLinksFile(parsing: file.serialized()) == file)
        #expect(try AssetLinksFile(bytes: file.servedBytes) == file)
    }

    @Test("serialisation is deterministic, keys in their conventional order")
    func serializes() throws {
        let file = try AssetLinksFile(parsing: AssetLinksSamples.file(rules: #"[{"exclude":true,"/":"/a"}]"#))
        #expect(
            file.serialized()
                == #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["\#(AssetLinksSamples.release)"]},"relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":[{"/":"/a","exclude":true}]}}}]"#
        )
    }

    @Test(
        "bytes that are no statement list are refused with what is wrong",
        arguments: [
            ("", AssetLinksError.empty),
            ("{}", .notAnArray(found: "an object")),
            (
                "[",
                .invalidJSON(
                    JSONSyntaxError(
                        problem: "expected a value but found the end of the text", offset: 1, line: 1,
                        column: 2))
            ),
        ])
    func refusesUnreadable(text: String, expected: AssetLinksError) {
        #expect(throws: expected) { try AssetLinksFile(parsing: text) }
    }

    @Test("bytes over the limit are refused before parsing, reading one byte past it")
    func refusesTooLarge() {
        let bytes = [UInt8](repeating: 0x20, count: AssetLinksFile.maximumByteCount + 1)
        #expect(throws: AssetLinksError.tooLarge(byteCount: AssetLinksFile.maximumByteCount + 1)) {
            try AssetLinksFile(bytes: bytes)
        }
        // A sequence without contiguous storage is read no further than one byte past the limit.
        var produced = 0
        let endless = AnySequence {
            AnyIterator<UInt8> {
                produced += 1
                return 0x20
            }
        }
        #expect(throws: AssetLinksError.tooLarge(byteCount: nil)) { try AssetLinksFile(bytes: endless) }
        #expect(produced == AssetLinksFile.maximumByteCount + 1)
    }

    @Test("a repeated key is refused, naming where")
    func refusesDuplicateKeys() {
        let text = #"[{"relation":["delegate_permission/common.handle_all_urls"],"relation":[],"target":{}}]"#
        do {
            _ = try AssetLinksFile(parsing: text)
            Issue.record("a repeated key was accepted")
        } catch {
            guard case .invalid(let findings) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(
                findings.first
                    == AssetLinksFinding(
                        .duplicateKey, at: "$[0].relation",
                        "this key appears more than once in its object; readers disagree on which value counts"
                    ))
        }
    }

    @Test("an unknown key is refused, and the error says which")
    func refusesUnknownKeys() {
        let text = "[" + AssetLinksSamples.statement(rules: #"[{"/":"/a","comment":"x"}]"#) + "]"
        #expect(
            throws: AssetLinksError.invalid([
                AssetLinksFinding(
                    .unknownComponentKey,
                    at:
                        #"$[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[0].comment"#,
                    "'comment' is not a rule key ('/', '?', '#', 'exclude', 'comments'); did you mean 'comments'?"
                )
            ])
        ) { try AssetLinksFile(parsing: text) }
        let description = AssetLinksError.invalid([
            AssetLinksFinding(
                .unknownStatementKey, at: "$[0].relations", "'relations' is not a statement key"),
            AssetLinksFinding(.relationMalformed, at: "$[0]", "the statement has no 'relation'"),
        ]).description
        #expect(
            description
                == "assetlinks.json breaks the format's rules: ASSETLINKS101 error at $[0].relations: 'relations' is "
                + "not a statement key (and 1 more error)")
    }

    @Test("the Codable conformances read strictly and write the file's own JSON")
    func codable() throws {
        let text = AssetLinksSamples.file(rules: #"[{"/":"/a"}]"#)
        let decoded = try JSONDecoder().decode(AssetLinksFile.self, from: Data(text.utf8))
        #expect(decoded == (try AssetLinksFile(parsing: text)))
        let encoded = try JSONEncoder().encode(decoded)
        #expect(try AssetLinksFile(bytes: Array(encoded)) == decoded)
        let bad = Data(#"[{"relation":[],"target":{"namespace":"web","site":"https://a.example"}}]"#.utf8)
        let emptyRelation = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AssetLinksFile.self, from: bad)
        }
        #expect(
            DecodingFailure.line(emptyRelation)
                == "dataCorrupted: assetlinks.json breaks the format's rules: ASSETLINKS102 error at "
                + "$[0].relation: 'relation' must be a non-empty array of strings")
        let statement = try JSONDecoder().decode(
            AssetStatement.self, from: Data(AssetLinksSamples.statement().utf8))
        #expect(statement == decoded.statements[0].withoutRules)
        let namespace = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AssetTarget.self, from: Data(#"{"namespace":"ios_app"}"#.utf8))
        }
        #expect(
            DecodingFailure.line(namespace)
                == "dataCorrupted: assetlinks.json breaks the format's rules: ASSETLINKS111 error at "
                + "$.namespace: the namespace 'ios_app' is not 'android_app' or 'web'")
    }

    @Test("package names: at least two segments of ASCII letters, digits and underscores")
    func packageNames() {
        #expect(AndroidAppTarget.packageNameProblem("com.example.app_2") == nil)
        #expect(
            AndroidAppTarget.packageNameProblem("example")
                == "the package name 'example' must have at least two segments joined by dots (com.example.app)"
        )
        #expect(
            AndroidAppTarget.packageNameProblem("com.1example")
                == "the segment '1example' of the package name 'com.1example' must start with an ASCII letter"
        )
        #expect(
            AndroidAppTarget.packageNameProblem("com.exa-mple")
                == "the package name 'com.exa-mple' has the character '-'; segments hold ASCII letters, digits and underscores"
        )
        #expect(
            AndroidAppTarget.packageNameProblem("com..app")
                == "the package name 'com..app' has an empty segment")
    }
}

extension AssetStatement {
    var withoutRules: AssetStatement {
        var copy = self
        copy.dynamicComponents = nil
        return copy
    }
}
