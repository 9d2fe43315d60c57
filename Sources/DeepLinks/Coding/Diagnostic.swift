/// One thing a check found, in the shape every check of the SDK shares: a stable code, a
/// severity, where, and a sentence.
///
/// Route-table problems, association-file findings, entitlement findings and cross-checks
/// between a table and an association file all convert to a `Diagnostic`, so a tool or a
/// build step can report, filter and count them the same way.
///
/// ```swift
/// let table = RouteTable {
///     Route("album", "/albums/:id")
///     Route("album", "/albums/:id(int)")
/// }
/// let diagnostics = table.findings().map(Diagnostic.init)
/// diagnostics[0].code      // "TABLE002"
/// diagnostics[0].severity  // .error
/// diagnostics[0].location  // "album"
/// ```
///
/// The `Codable` form uses the property names as keys; `location` is left out when there is
/// none, and decoding refuses unknown keys.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How much a diagnostic matters.
    public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// Worth knowing; nothing is wrong.
        case note
        /// Works, but probably not as meant.
        case warning
        /// Refused, or cannot work as written.
        case error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        /// Orders note < warning < error.
        public static func < (left: Severity, right: Severity) -> Bool { left.rank < right.rank }
    }

    /// A stable identifier (`TABLE002`, `AASA111`): its meaning never changes.
    public var code: String
    /// How much it matters.
    public var severity: Severity
    /// Where: a route name, a JSON path, an entry, a URL; `nil` when it concerns the whole input.
    public var location: String?
    /// A sentence that says what was found.
    public var message: String

    /// Creates a diagnostic.
    public init(code: String, severity: Severity, location: String? = nil, message: String) {
        self.code = code
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `TABLE002 error at album: the name 'album' is used by more than one route; …`.
    public var description: String {
        "\(code) \(severity.rawValue)\(location.map { " at \($0)" } ?? ""): \(message)"
    }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["code", "severity", "location", "message"]

    /// Decodes a diagnostic, refusing keys it does not know.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(allowing: Self.codingKeys, what: "a diagnostic")
        code = try container.decode(String.self, forKey: "code")
        severity = try container.decode(Severity.self, forKey: "severity")
        location = try container.decodeIfPresent(String.self, forKey: "location")
        message = try container.decode(String.self, forKey: "message")
    }

    /// Encodes the code, severity, location (when there is one) and message.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(code, forKey: "code")
        try c.encode(severity, forKey: "severity")
        try c.encodeIfPresent(location, forKey: "location")
        try c.encode(message, forKey: "message")
    }
}
