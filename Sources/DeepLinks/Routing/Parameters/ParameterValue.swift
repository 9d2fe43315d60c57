import Foundation

/// A typed value read from a link for a route parameter.
///
/// Slugs, enumeration values and strings are all ``string(_:)``; the declared type says which
/// rules the text passed. A catch-all yields ``segments(_:)``, the decoded path segments it
/// covered. Values can be written as literals, which keeps tests and reverse routing short.
///
/// ```swift
/// let parameters: RouteParameters = ["album": "summer-2024", "index": 3, "public": true]
/// parameters["index"]      // .integer(3)
/// ```
///
/// In JSON a value is an object with one key naming its kind: `{"integer": 3}`,
/// `{"string": "summer"}`, `{"uuid": "…"}` (lower-case), `{"boolean": true}`,
/// `{"segments": ["a", "b"]}`. An object with any other key, or with more than one, is refused.
public enum ParameterValue: Sendable, Hashable {
    /// An integer (``ParameterType/integer(_:)``).
    case integer(Int)
    /// Text: a string, slug, enumeration value, or a custom type's text.
    case string(String)
    /// A UUID.
    case uuid(UUID)
    /// A Boolean.
    case boolean(Bool)
    /// The decoded path segments a catch-all covered, in order.
    case segments([String])

    /// The integer, when the value is one.
    public var integerValue: Int? { if case .integer(let v) = self { v } else { nil } }
    /// The text, when the value is a string.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The UUID, when the value is one.
    public var uuidValue: UUID? { if case .uuid(let v) = self { v } else { nil } }
    /// The Boolean, when the value is one.
    public var booleanValue: Bool? { if case .boolean(let v) = self { v } else { nil } }
    /// The segments, when the value is a catch-all's.
    public var segmentsValue: [String]? { if case .segments(let v) = self { v } else { nil } }

    /// The value as link text before percent-encoding: decimal integers, lower-case UUIDs,
    /// `true`/`false`, segments joined by `/`.
    public var text: String {
        switch self {
        case .integer(let v): String(v)
        case .string(let v): v
        case .uuid(let v): v.uuidString.lowercased()
        case .boolean(let v): v ? "true" : "false"
        case .segments(let v): v.joined(separator: "/")
        }
    }

    /// The name of the value's kind, as used in JSON and in messages.
    public var kind: String {
        switch self {
        case .integer: "integer"
        case .string: "string"
        case .uuid: "uuid"
        case .boolean: "boolean"
        case .segments: "segments"
        }
    }
}

extension ParameterValue: CustomStringConvertible {
    /// The kind and the text, such as `integer 3` or `string "summer"`.
    public var description: String {
        switch self {
        case .string(let v): "string \"\(v)\""
        case .segments(let v): "segments \(v)"
        default: "\(kind) \(text)"
        }
    }
}

extension ParameterValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    /// An integer value from a literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A Boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// A catch-all's segments from an array literal of strings.
    public init(arrayLiteral elements: String...) { self = .segments(elements) }
}

extension ParameterValue: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case integer, string, uuid, boolean, segments
    }

    /// Decodes a value from an object with exactly one kind key.
    public init(from decoder: any Decoder) throws {
        let (c, key) = try decoder.soleKeyContainer(keyedBy: CodingKeys.self, what: "a parameter value")
        switch key {
        case .integer: self = .integer(try c.decode(Int.self, forKey: key))
        case .string: self = .string(try c.decode(String.self, forKey: key))
        case .uuid: self = .uuid(try c.decode(UUID.self, forKey: key))
        case .boolean: self = .boolean(try c.decode(Bool.self, forKey: key))
        case .segments: self = .segments(try c.decode([String].self, forKey: key))
        }
    }

    /// Encodes the value as an object with one kind key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .integer(let v): try c.encode(v, forKey: .integer)
        case .string(let v): try c.encode(v, forKey: .string)
        case .uuid(let v): try c.encode(v.uuidString.lowercased(), forKey: .uuid)
        case .boolean(let v): try c.encode(v, forKey: .boolean)
        case .segments(let v): try c.encode(v, forKey: .segments)
        }
    }
}
