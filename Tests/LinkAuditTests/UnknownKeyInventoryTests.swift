import DeepLinks
import Foundation
import LinkAudit
import TestSupport
import Testing

/// Every public `Decodable` type of LinkAudit that is a JSON object refuses a key it does not
/// know, naming it (a baseline's misspelt `mesage` is never silently dropped); the rest are
/// listed as not objects, or as errors that are `Encodable` only.
@Suite("Every key checked: LinkAudit's keyed Decodable types refuse an unknown key")
struct UnknownKeyInventoryTests {
    static let keyed: [String: @Sendable () throws -> Void] = [
        "AuditFinding": {
            try UnknownKeys.refuse(
                AuditFinding(
                    .opensAppWithoutRoute, severity: .error, appID: "ABCDE12345.com.example.app", "m"))
        }
    ]

    /// Decodable types whose JSON is a string.
    static let notObjects: Set<String> = ["AuditVerdict", "Code", "Kind", "Status"]

    /// Errors: encoded for callers to read, never decoded.
    static let encodableOnly: [Any.Type] = [GzipError.self, SitemapError.self, SiteAuditError.self]

    @Test("every public Decodable type of LinkAudit is listed as keyed or as not an object")
    func inventoryIsComplete() throws {
        let problems = try DeclaredTypes.differences(
            inModule: "LinkAudit", conformingTo: ["Codable", "Decodable"],
            listed: Set(Self.keyed.keys).union(Self.notObjects))
        #expect(problems == [])
    }

    @Test("each keyed type refuses a key it does not know, naming it", arguments: keyed.keys.sorted())
    func refusesUnknownKey(_ name: String) throws {
        let check = try #require(Self.keyed[name])
        try check()
    }

    @Test("errors are Encodable only")
    func errorsAreNotDecodable() throws {
        let problems = try EncodableOnlyTypes.problems(inModule: "LinkAudit", listed: Self.encodableOnly)
        #expect(problems == [])
    }
}
