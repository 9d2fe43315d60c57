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
