/// A query item a route reads: its name, type, and whether it is required or has a default.
///
/// Written as text that reads the same in Swift and JSON:
///
/// | text | meaning |
/// |---|---|
/// | `albumname(string 1...64)` | required |
/// | `index(int 0...9999)?` | optional, absent from the parameters when missing |
/// | `index(int 0...9999)=0` | optional, `0` when missing (the default must satisfy the type) |
/// | `q`, `q?`, `q=x` | the same without a type: any non-empty text without control characters |
///
/// A `+` in a query value is a plus sign, as RFC 3986 says; HTML forms (`method="get"`, the
/// `application/x-www-form-urlencoded` encoding) send a space as `+`, so a parameter filled
/// by a web form opts in with ``formEncoded(_:)``: its value then reads `+` as a space and
/// `%2B` as a plus, and reverse routing writes a space as `+` (it writes `%20` for a parameter
/// that has not opted in, and `%2B` for a plus either way).
///
/// ```swift
/// let search = Route("search", "/search", query: [QueryParameter("q(string 1...64)").formEncoded()])
/// // https://example.com/search?q=red+shoes   -> q = "red shoes"
/// // https://example.com/search?q=1%2B1       -> q = "1+1"
/// ```
///
/// In JSON such a parameter is an object, `{"parameter": "q(string 1...64)", "formEncoded": true}`;
/// every other one is its text.
///
/// A query item that appears more than once in a link makes the route not match
/// (``ParameterFailure/Reason/repeated(count:)``): the router never picks one of several
/// values. An item that is present but empty (`?index=`) is checked against the type like any
/// other value. Query items the route does not declare are ignored.
///
/// ```swift
/// let album = Route("album", "/albums", query: ["albumname(string 1...64)", "index(int 0...9999)=0"])
/// let same = Route("album", "/albums", query: [
///     .required("albumname", .string(length: 1...64, characters: .any)),
///     .optional("index", .integer(0...9999), default: 0),
/// ])
/// ```
public struct QueryParameter: Sendable, Hashable, CustomStringConvertible {
    /// Whether a query item must be present.
    public enum Requirement: Sendable, Hashable {
        /// The item must be present.
        case required
        /// The item may be absent; it is then absent from the parameters.
        case optional
        /// The item may be absent; it then takes this value, written as link text.
        case defaulted(String)
    }

    /// The decoded query-item name.
    public let name: String
    /// The declared type, or `nil` for an untyped parameter.
    public let type: ParameterType?
    /// Whether the item is required, optional, or has a default.
    public let requirement: Requirement
    /// Why the text could not be parsed, or `nil`.
    public var syntaxError: PatternSyntaxError? { failure?.error }
    /// The parse error, out of line: most declarations have none, and a table keeps many.
    private let failure: PatternSyntaxError.Box?
    /// Whether the value is read with HTML form encoding: `+` is a space (``formEncoded(_:)``).
    public private(set) var isFormEncoded = false

    /// Creates a declaration from its parts.
    public init(name: String, type: ParameterType?, requirement: Requirement = .required) {
        self.init(name: name, type: type, requirement: requirement, syntaxError: nil)
    }

    private init(
        name: String, type: ParameterType?, requirement: Requirement, syntaxError: PatternSyntaxError?
    ) {
        self.name = name
        self.type = type
        self.requirement = requirement
        failure = syntaxError.map(PatternSyntaxError.Box.init)
    }

    /// A required query parameter.
    public static func required(_ name: String, _ type: ParameterType?) -> QueryParameter {
        QueryParameter(name: name, type: type, requirement: .required)
    }

    /// An optional query parameter, with a default value when one is given.
    public static func optional(_ name: String, _ type: ParameterType?, default value: ParameterValue? = nil)
        -> QueryParameter
    {
        QueryParameter(name: name, type: type, requirement: value.map { .defaulted($0.text) } ?? .optional)
    }

    /// Parses a declaration.
    ///
    /// - Throws: ``PatternSyntaxError`` for a malformed text.
    public init(_ text: String) throws(PatternSyntaxError) {
        self.init(parsing: text)
        if let syntaxError { throw syntaxError }
    }

    /// Parses a declaration, keeping any error in ``syntaxError`` instead of throwing.
    public init(parsing text: String) {
        switch Self.parse(text) {
        case .success(let parsed):
            self.init(name: parsed.name, type: parsed.type, requirement: parsed.requirement)
        case .failure(let error):
            self.init(name: text, type: nil, requirement: .required, syntaxError: error)
        }
    }

    /// Whether the item must be present.
    public var isRequired: Bool { requirement == .required }

    /// The same declaration, reading `+` in the value as a space (HTML form encoding) when
    /// `isOn`, or as a plus sign (RFC 3986, the default) when not.
    public func formEncoded(_ isOn: Bool = true) -> QueryParameter {
        var copy = self
        copy.isFormEncoded = isOn
        return copy
    }

    /// The value of a query item as this parameter reads it: percent-decoded, with `+` as a
    /// space when the parameter is form-encoded. Linear in the item's length.
    func value(of item: QueryItem) -> String {
        guard isFormEncoded else { return item.value }
        return PercentEncoding.decodeForm(item.rawValue) ?? item.value
    }

    /// The declaration's text form (`index(int 0...9999)=0`).
    public var description: String {
        if let syntaxError { return syntaxError.text }
        var text = name + (type.map { "(\($0))" } ?? "")
        switch requirement {
        case .required: break
        case .optional: text += "?"
        case .defaulted(let value): text += "=" + value
        }
        return text
    }

    /// Whether a byte may appear in a query-parameter name.
    static func isNameByte(_ byte: UInt8) -> Bool {
        ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "]")
    }

    private static func parse(_ text: String) -> Result<
        (name: String, type: ParameterType?, requirement: Requirement), PatternSyntaxError
    > {
        let bytes = Array(text.utf8)
        var end = 0
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        let name = PatternScanner.string(bytes[0..<end])
        func fail(_ offset: Int, _ reason: PatternSyntaxError.Reason) -> Result<
            (name: String, type: ParameterType?, requirement: Requirement), PatternSyntaxError
        > {
            .failure(
                PatternSyntaxError(
                    text: text, offset: offset, parameter: name.isEmpty ? nil : name, reason: reason))
        }
        if bytes.isEmpty { return fail(0, .empty) }
        if name.isEmpty {
            var stop = 0
            while stop < bytes.count, !"(?=".utf8.contains(bytes[stop]) { stop += 1 }
            return stop == 0
                ? fail(0, .missingParameterName)
                : fail(0, .invalidName(PatternScanner.string(bytes[0..<stop])))
        }
        var type: ParameterType?
        if end < bytes.count, bytes[end] == UInt8(ascii: "(") {
            guard let close = PatternScanner.closingParenthesis(bytes, from: end) else {
                return fail(end, .unclosedParenthesis)
            }
            do {
                type = try ParameterType(parsing: PatternScanner.string(bytes[(end + 1)..<close]))
            } catch {
                return fail(end + 1, .invalidType(error))
            }
            end = close + 1
        }
        guard end < bytes.count else { return .success((name, type, .required)) }
        switch bytes[end] {
        case UInt8(ascii: "?") where end + 1 == bytes.count:
            return .success((name, type, .optional))
        case UInt8(ascii: "="):
            return .success((name, type, .defaulted(PatternScanner.string(bytes[(end + 1)...]))))
        default:
            let rest = PatternScanner.string(bytes[end...])
            return type == nil && end > 0
                ? fail(end, .invalidName(name + rest)) : fail(end, .textAfterParameter(rest))
        }
    }
}

extension QueryParameter: ExpressibleByStringLiteral {
    /// Parses a declaration literal; a malformed one keeps its ``syntaxError`` for the table to report.
    public init(stringLiteral value: String) { self.init(parsing: value) }
}

extension QueryParameter: Codable {
    /// The keys of a declaration written as an object, which the route-table reader reads too.
    package enum CodingKeys: String, CodingKey, CaseIterable { case parameter, formEncoded }

    /// Decodes a declaration from its text, or from an object with the text under `parameter`
    /// and an optional `formEncoded` Boolean (unknown keys are refused); a malformed text is
    /// reported when the table is built.
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(parsing: text)
            return
        }
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, what: "a query parameter")
        self.init(parsing: try c.decode(String.self, forKey: .parameter))
        isFormEncoded = try c.decodeIfPresent(Bool.self, forKey: .formEncoded) ?? false
    }

    /// Encodes the declaration as its text, or as an object when it is form-encoded.
    public func encode(to encoder: any Encoder) throws {
        guard isFormEncoded else {
            var c = encoder.singleValueContainer()
            try c.encode(description)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(description, forKey: .parameter)
        try c.encode(true, forKey: .formEncoded)
    }
}
