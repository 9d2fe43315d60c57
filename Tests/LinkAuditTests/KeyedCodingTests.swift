import DeepLinks
import Foundation
import LinkAudit
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(text == expected, "\(name)")
        let back = try Self.readBack(expected, as: value)
        #expect(String(decoding: try encoder.encode(back), as: UTF8.self) == expected, "\(name) read back")
    }

    /// `text` decoded as a value of the type of `sample`.
    static func readBack<Value: Codable>(_ text: String, as sample: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
}
