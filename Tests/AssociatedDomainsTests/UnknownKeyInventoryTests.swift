import AssociatedDomains
import DeepLinks
import Foundation
import TestSupport
import Testing

/// Every public `Decodable` type of AssociatedDomains that is a JSON object refuses a key it does
/// not know, naming it; the rest are listed as not objects, as the association file (an open
/// format whose unknown keys are kept and reported by the validator), or as output types that
/// are `Encodable` only, so no decoded match, finding or error poses as one the SDK computed.
@Suite("Every key checked: AssociatedDomains' keyed Decodable types refuse an unknown key")
struct UnknownKeyInventoryTests {
    static let keyed: [String: @Sendable () throws -> Void] = [
        "AssociatedDomain": {
            try UnknownKeys.refuse(try AssociatedDomain("applinks:example.com?mode=developer"))
        },
        "AssociatedDomainsEntitlement": {
            try UnknownKeys.refuse(try AssociatedDomainsEntitlement(["applinks:example.com"]))
        },
        "AssociationMatchRequest": {
            try UnknownKeys.refuse(
                AssociationMatchRequest(
                    id: .number(JSONNumber(7)), aasa: .object([:]), domain: "example.com", appId: "A.b",
                    url: "https://example.com/"))
        },
        "AssociationURL": { try UnknownKeys.refuse(try AssociationURL("https://example.com/a?b#c")) },
        "AndroidAppTarget": { try UnknownKeys.refuse(try InventoryValues.app()) },
        // A statement and a target are read by the assetlinks.json reader, whose findings name the key.
        "AssetStatement": {
            try UnknownKeys.expectRefused(
                AssetStatement.self,
                #"{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"https://example.com"},"relatoin":[]}"#,
                "'relatoin' is not a statement key")
        },
        "AssetTarget": {
            try UnknownKeys.expectRefused(
                AssetTarget.self, #"{"namespace":"web","site":"https://example.com","package_name":"x"}"#,
                "'package_name' is not a key of a 'web' target")
        },
        "DynamicAppLinkComponent": {
            try UnknownKeys.refuse(
                DynamicAppLinkComponent(path: "/redeem", query: ["code": "*"], exclude: true))
        },
        "TapContext": { try UnknownKeys.refuse(TapContext(origin: .webPage(host: "blog.example.com"))) },
        "Origin": {
            try UnknownKeys.expectRefused(
                TapContext.Origin.self, #"{"webPage":{"host":"a.example","hots":"b"}}"#, "unknown key 'hots'")
        },
    ]

    /// Decodable types whose JSON is not an object with fixed keys.
    static let notObjects: Set<String> = [
        "AssociationPlatform", "BuildConfiguration", "CertificateFingerprint", "Code", "Decision",
        "DetailsStyle", "Kind", "Modes",
        "Reason", "SerializationStyle", "Service",
    ]

    /// The association file itself: an open format, decoded with its unknown keys kept so the
    /// validator can report each one (AASA101, AASA104, AASA114).
    static let openFormats: Set<String> = ["AssociationFile"]

    /// `assetlinks.json` is a JSON array of statements; its statements are checked as keyed types.
    static let arrays: Set<String> = ["AssetLinksFile"]

    /// Output types: encoded for callers to read, never decoded.
    static let encodableOnly: [Any.Type] = [
        AssociationMatch.self, RuleReference.self, AssociationFinding.self, CrossCheckFinding.self,
        EntitlementFinding.self, UniversalLinkDecision.self, UniversalLinkDecision.Reason.self,
        GeneratedAppLinks.SkippedRoute.self, CMSSignedData.self, AssociationFileError.self,
        AssociationURLError.self,
        AssociationMatchRequestError.self, AssociatedDomainError.self, AssociatedDomainError.Problem.self,
        AssociatedDomainsEntitlementError.self, AssociatedDomainsEntitlementError.Item.self, CMSError.self,
        AssetLinksError.self, AssetLinksFinding.self, AssetLinksMatch.self, AssetLinksMatch.Reason.self,
        AssetLinksMatch.RuleReference.self, CertificateFingerprintError.self,
        CrossCheckFinding.Rule.self, GeneratedAssetLinks.Widening.self, GeneratedAppLinks.OverReach.self,
        AndroidIntentFilter.self, AndroidIntentFilter.PathMatcher.self,
    ]

    @Test("every public Decodable type of AssociatedDomains is listed as keyed, not an object, or open")
    func inventoryIsComplete() throws {
        let problems = try DeclaredTypes.differences(
            inModule: "AssociatedDomains", conformingTo: ["Codable", "Decodable"],
            listed: Set(Self.keyed.keys).union(Self.notObjects).union(Self.openFormats).union(Self.arrays))
        #expect(problems == [])
    }

    @Test("each keyed type refuses a key it does not know, naming it", arguments: keyed.keys.sorted())
    func refusesUnknownKey(_ name: String) throws {
        let check = try #require(Self.keyed[name])
        try check()
    }

    @Test("matches, findings, decisions and errors are Encodable only")
    func outputsAreNotDecodable() throws {
        let problems = try EncodableOnlyTypes.problems(
            inModule: "AssociatedDomains", listed: Self.encodableOnly)
        #expect(problems == [])
    }

    @Test("a misspelt field of the match line protocol is refused, naming it, not ignored")
    func lineProtocolRefusesUnknownField() {
        let answer = AssociationMatchRequest.respond(
            toLine:
                #"{"id":1,"aasa":{},"domain":"example.com","appID":"A.b","appId":"A.b","url":"https://example.com/"}"#
        )
        #expect(
            answer
                == #"{"error":"the request has a field \"appID\" the protocol does not define; its fields are aasa, appId, domain, id, url","id":1}"#
        )
    }

    @Test("an association URL whose parts do not split back into themselves is refused")
    func associationURLPartsAreChecked() throws {
        try UnknownKeys.expectRefused(
            AssociationURL.self, #"{"scheme":"https","host":"evil.example/x","rawPath":"/a"}"#,
            "do not split back into themselves")
        try UnknownKeys.expectRefused(
            AssociationURL.self, #"{"scheme":"https","host":"example.com","rawPath":"/a?b=c"}"#,
            "do not split back into themselves")
        let decoded = try JSONDecoder().decode(
            AssociationURL.self, from: Data(#"{"scheme":"HTTPS","host":"Example.com","rawPath":"/A"}"#.utf8))
        #expect(
            decoded
                == AssociationURL(
                    scheme: "https", host: "example.com", rawPath: "/A", rawQuery: nil, rawFragment: nil))
    }

    @Test("a tap origin takes exactly one case, and cases without values take no keys")
    func tapOriginShapes() throws {
        try UnknownKeys.expectRefused(
            TapContext.Origin.self, #"{"webView":{},"sameApp":{}}"#, "exactly one of the keys")
        try UnknownKeys.expectRefused(
            TapContext.Origin.self, #"{"addressBar":{"host":"x"}}"#, "unknown key 'host'")
        let origin = try JSONDecoder().decode(TapContext.Origin.self, from: Data(#"{"addressBar":{}}"#.utf8))
        #expect(origin == .addressBar)
    }
}

/// Values the inventory encodes.
enum InventoryValues {
    static func app() throws -> AndroidAppTarget {
        AndroidAppTarget(
            packageName: "com.example.app",
            fingerprints: [
                try CertificateFingerprint([String](repeating: "AB", count: 32).joined(separator: ":"))
            ])
    }
}
