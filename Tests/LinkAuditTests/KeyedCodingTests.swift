import DeepLinks
import Foundation
import LinkAudit
import TestSupport
import Testing

/// The JSON of the module's values whose conformances name their keys by string instead of a
/// `CodingKeys` enumeration of their own: the very text (a `nil` value left out) the code before
/// wrote, synthesized or by hand, captured before it was replaced, and each text decoded back.
/// A key spelt wrong in either direction fails here.
@Suite struct LinkAuditKeyedCodingTests {
    static let samples: [(String, any Codable & Sendable, String)] = [
        (
            "AuditFinding",
            AuditFinding(.routeKeptInBrowser, severity: .warning, appID: "ABCDE12345.com.example.app", "m"),
            #"{"appID":"ABCDE12345.com.example.app","code":"AUDIT002","message":"m","severity":"warning"}"#
        ),
        (
            "AuditFinding without an app", AuditFinding(.opensAppWithoutRoute, severity: .error, "m"),
            #"{"code":"AUDIT001","message":"m","severity":"error"}"#
        ),
    ]

    @Test(arguments: samples.indices)
    func encodesAsBefore(_ index: Int) throws {
        let (name, value, expected) = Self.samples[index]
        #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        #expect(try PinnedJSON.rewritten(expected, as: value) == expected, "\(name) read back")
    }
}
