import Foundation

/// The JSON text of a value as the tests that pin a module's JSON compare it: keys sorted (this
/// platform's encoder does not keep the order keys are written in), `/` left unescaped.
///
/// ```swift
/// #expect(try PinnedJSON.text(of: LinkLimits()) == expected)
/// #expect(try PinnedJSON.rewritten(expected, as: LinkLimits()) == expected)
/// ```
public enum PinnedJSON {
    /// The value written as JSON text.
    public static func text(of value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `text` read as a value of the type of `sample` and written again: `text` itself when
    /// reading and writing agree.
    public static func rewritten<Value: Codable>(_ text: String, as sample: Value) throws -> String {
        try Self.text(of: try JSONDecoder().decode(Value.self, from: Data(text.utf8)))
    }
}
