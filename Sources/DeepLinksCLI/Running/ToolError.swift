/// A failure that stops a command before it can report: unreadable or invalid input, or a
/// network that cannot be reached.
///
/// Findings about what was read are not errors; they are the report. A ``ToolError`` is for
/// when there is nothing to report on.
enum ToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be read (`path` as given, `reason` from the system).
    case unreadableFile(path: String, reason: String)
    /// Input was read but is not what the command needs (`source` names it: a path or
    /// "standard input").
    case invalidInput(source: String, reason: String)
    /// A server could not be reached at all.
    case network(String)

    /// The exit status this failure ends the command with.
    var status: ExitStatus {
        switch self {
        case .unreadableFile, .invalidInput: .invalidInput
        case .network: .networkFailure
        }
    }

    /// A stable name for the kind of failure, for JSON error reports (`unreadableFile`).
    var code: String {
        switch self {
        case .unreadableFile: "unreadableFile"
        case .invalidInput: "invalidInput"
        case .network: "network"
        }
    }

    /// A sentence that says what went wrong.
    var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "cannot read '\(path)': \(reason)"
        case .invalidInput(let source, let reason): "\(source): \(reason)"
        case .network(let sentence): sentence
        }
    }
}
