import DeepLinks

/// Why a text is not JSON: what was wrong and where, as a line, a column and a byte offset.
///
/// ```swift
/// do {
///     _ = try JSONValue(parsing: "{[]}")
/// } catch {
///     error.description   // "expected a string key but found '[' at line 1, column 2"
/// }
/// ```
public struct JSONSyntaxError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What was wrong, in words ("expected ':' after a key").
    public let problem: String
    /// Zero-based offset of the offending byte in the UTF-8 input.
    public let offset: Int
    /// One-based line of the offending byte.
    public let line: Int
    /// One-based column (in bytes) of the offending byte.
    public let column: Int

    /// Creates an error for a problem at a place.
    public init(problem: String, offset: Int, line: Int, column: Int) {
        self.problem = problem
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A sentence that says what was wrong and where.
    public var description: String { "\(problem) at line \(line), column \(column)" }
}

extension JSONSyntaxError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(problem, forKey: "problem")
        try c.encode(offset, forKey: "offset")
        try c.encode(line, forKey: "line")
        try c.encode(column, forKey: "column")
    }
}
