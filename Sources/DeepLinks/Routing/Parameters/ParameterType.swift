/// The declared type and bounds of a route parameter.
///
/// A value that does not satisfy its type makes the route not match, and the failure names
/// the parameter and the rule (``ParameterFailure``). Every type also has a short text form,
/// used inside path patterns and query declarations, identical in Swift and JSON:
///
/// | text | type | accepts |
/// |---|---|---|
/// | `int`, `int 0...9999`, `int 1...`, `int ...0` | ``integer(_:)`` | canonical decimal integers in the range |
/// | `string`, `string 1...64`, `string 1...64 [a-z0-9_]` | ``string(length:characters:)`` | text of that length (in characters) from that class |
/// | `slug`, `slug 1...64` | ``slug(length:)`` | `summer-2024`: lower-case letters and digits, single hyphens between |
/// | `uuid` | ``uuid`` | `123e4567-e89b-12d3-a456-426614174000`, either case |
/// | `bool` | ``boolean`` | `true`, `false`, `1`, `0` |
/// | `enum photo\|video` | ``enumeration(_:)`` | exactly one of the values |
/// | `pattern tt[0-9]{7,8}` | ``pattern(_:)`` | text of the ``TextPattern``'s shape (the rest of the text is the pattern) |
/// | any other name, `isbn` | ``custom(_:)`` | a type the table declares (``ParameterTypeDeclaration``) or the registered ``CustomParameterType`` |
///
/// Omitted bounds take the defaults ``defaultStringLength`` and ``defaultSlugLength``. `int`
/// alone covers every `Int` (`Int.min...Int.max`, -9223372036854775808 to
/// 9223372036854775807 on 64-bit platforms); an integer range may be open on one side,
/// `int 1...` (1 to `Int.max`) or `int ...0` (`Int.min` to 0). A number beyond `Int` is not
/// an integer of any range.
///
/// ```swift
/// let index = try ParameterType(parsing: "int 0...9999")
/// index == .integer(0...9999)          // true
/// index.validate("42")                  // .success(.integer(42))
/// index.validate("042")                 // .failure(.notAnInteger)
/// ```
public enum ParameterType: Sendable, Hashable {
    /// A canonical decimal integer within a range: optional `-`, no `+`, no leading zeros.
    case integer(ClosedRange<Int>)
    // Out of line, as is `pattern`: their payloads would otherwise widen every type, and with
    // it every parameter segment of every route a table keeps (80 bytes instead of 17).
    /// Text whose length in characters lies in `length` and whose characters all belong to
    /// `characters`.
    indirect case string(length: ClosedRange<Int>, characters: CharacterClass)
    /// A slug: lower-case ASCII letters and digits in words joined by single hyphens.
    case slug(length: ClosedRange<Int>)
    /// A UUID in its 8-4-4-4-12 hexadecimal form, upper or lower case.
    case uuid
    /// `true`, `false`, `1` or `0`.
    case boolean
    /// One of a fixed list of values (compared as the table's case rule says).
    case enumeration([String])
    /// Text of a ``TextPattern``'s shape (`pattern [A-Z0-9]{4}-[A-Z0-9]{4}`), compared
    /// case-sensitively whatever the table's case rule.
    indirect case pattern(TextPattern)
    /// A type named by the table's ``RouteTable/types`` or registered in a
    /// ``ParameterTypeRegistry``.
    case custom(String)

    /// The length of `string` when the text gives none: 1 to 256 characters.
    public static let defaultStringLength = 1...256
    /// The length of `slug` when the text gives none: 1 to 128 characters.
    public static let defaultSlugLength = 1...128
    /// Type names that custom types may not take.
    public static let reservedNames: Set<String> = [
        "int", "string", "slug", "uuid", "bool", "enum", "pattern", "any", "none",
    ]

    /// The rank of the type among typed parameters: lower ranks are tried first. Narrow,
    /// finite types come before open-ended ones, and custom types last.
    var rank: Int {
        switch self {
        case .enumeration: 0
        case .boolean: 1
        case .integer: 2
        case .uuid: 3
        case .pattern: 4
        case .slug: 5
        case .string: 6
        case .custom: 7
        }
    }
}

extension ParameterType: CustomStringConvertible {
    /// The type's text form, with default bounds left out (`int 0...9999`, `slug`, `enum a|b`).
    public var description: String {
        switch self {
        case .integer(let range):
            range == Int.min...Int.max
                ? "int"
                : range.upperBound == Int.max
                    ? "int \(range.lowerBound)..."
                    : range.lowerBound == Int.min
                        ? "int ...\(range.upperBound)" : "int \(range.lowerBound)...\(range.upperBound)"
        case .string(let length, let characters):
            [
                "string",
                length == Self.defaultStringLength ? nil : "\(length.lowerBound)...\(length.upperBound)",
                characters.isAny ? nil : characters.description,
            ].compactMap { $0 }.joined(separator: " ")
        case .slug(let length):
            length == Self.defaultSlugLength ? "slug" : "slug \(length.lowerBound)...\(length.upperBound)"
        case .uuid: "uuid"
        case .boolean: "bool"
        case .enumeration(let values): "enum " + values.joined(separator: "|")
        case .pattern(let pattern): "pattern " + pattern.source
        case .custom(let name): name
        }
    }
}

extension ParameterType: Codable {
    /// Decodes a type from its text form.
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeString(ParameterType.init(parsing:))
    }

    /// Encodes the type as its text form.
    public func encode(to encoder: any Encoder) throws { try description.encode(to: encoder) }
}
