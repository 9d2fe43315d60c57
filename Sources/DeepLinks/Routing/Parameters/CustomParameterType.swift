/// A parameter type defined by the app, referred to by name in patterns (`:code(isbn)`).
///
/// The validator receives the decoded text and returns the typed value, or `nil` to refuse
/// it; ``expected`` completes the sentence "must be …" in the failure. The formatter turns a
/// value back into text for reverse routing; by default it is ``ParameterValue/text``. A
/// formatted value must validate back to the same value, or reverse routing refuses it.
///
/// ```swift
/// let isbn = CustomParameterType(name: "isbn", expected: "a 13-digit ISBN") { text in
///     text.count == 13 && text.allSatisfy(\.isNumber) ? .string(text) : nil
/// }
/// let router = try Router(table, registry: ParameterTypeRegistry([isbn]))
/// ```
public struct CustomParameterType: Sendable {
    /// The name used in patterns: a letter, then letters, digits, `_`, `-` or `.`; not a
    /// built-in name (``ParameterType/reservedNames``).
    public let name: String
    /// What the type accepts, as a noun phrase (`"a 13-digit ISBN"`).
    public let expected: String
    /// Returns the typed value for a decoded text, or `nil` to refuse it.
    public let validate: @Sendable (String) -> ParameterValue?
    /// Returns the text for a value, or `nil` when the value is not one of this type's.
    public let format: @Sendable (ParameterValue) -> String?

    /// Creates a custom type.
    public init(
        name: String, expected: String,
        format: @escaping @Sendable (ParameterValue) -> String? = { $0.text },
        validate: @escaping @Sendable (String) -> ParameterValue?
    ) {
        self.name = name
        self.expected = expected
        self.format = format
        self.validate = validate
    }
}

/// The custom parameter types a table may name, looked up by name when the table is built.
///
/// A name that is registered twice, is reserved, or is not a valid type name is reported when
/// the table is built (``RouteTableFinding/invalidCustomType(name:reason:)``); the first
/// registration of a name is the one used.
///
/// ```swift
/// let registry = ParameterTypeRegistry([isbn, ean])
/// registry["isbn"]?.expected     // "a 13-digit ISBN"
/// ```
public struct ParameterTypeRegistry: Sendable {
    /// The registered types, in registration order.
    public let types: [CustomParameterType]
    private let index: [String: Int]
    /// The types a route table declares (``RouteTable/types``), by name, added when the
    /// table is checked or compiled.
    var declared: [String: ParameterType] = [:]

    /// Creates a registry from custom types.
    public init(_ types: [CustomParameterType] = []) {
        self.types = types
        var index: [String: Int] = [:]
        for (i, type) in types.enumerated() where index[type.name] == nil { index[type.name] = i }
        self.index = index
    }

    /// The type registered under a name, or `nil`.
    public subscript(name: String) -> CustomParameterType? {
        index[name].map { types[$0] }
    }

    /// Findings about the registrations themselves, in registration order.
    var findings: [RouteTableFinding] {
        var seen: Set<String> = []
        var findings: [RouteTableFinding] = []
        for type in types {
            if ParameterType.reservedNames.contains(type.name) {
                findings.append(
                    .invalidCustomType(name: type.name, reason: "the name is reserved for a built-in type"))
            } else if !ParameterType.isTypeName(type.name) {
                findings.append(
                    .invalidCustomType(
                        name: type.name,
                        reason: "a type name is a letter followed by letters, digits, '_', '-' or '.'"))
            } else if !seen.insert(type.name).inserted {
                findings.append(
                    .invalidCustomType(name: type.name, reason: "the name is registered more than once"))
            }
        }
        return findings
    }
}
