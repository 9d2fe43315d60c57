/// What a command produced: finished text and an exit status, or a line protocol that the
/// edge runs over standard input.
enum CommandOutcome: Sendable {
    /// The command is done: print this and exit.
    case finished(CommandOutput)
    /// The command answers standard input line by line (`--jsonl`): one answer per line,
    /// written and flushed before the next line is read, so a runner may wait for each answer.
    case lineProtocol(LineResponder)
}

/// The text a command prints and the status it exits with.
struct CommandOutput: Sendable, Equatable {
    /// What goes to standard output.
    var standardOutput: String
    /// What goes to standard error (warnings about the run, never the report itself).
    var standardError: String
    /// The exit status.
    var status: ExitStatus

    init(_ standardOutput: String, status: ExitStatus = .success, standardError: String = "") {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.status = status
    }
}

/// A line protocol: one answer line for every input line, never failing on a bad line.
struct LineResponder: Sendable {
    /// Answers one input line (its bytes, without the newline) with one output line (without
    /// newline). Bytes, not text: a line that is not UTF-8 must be answered, not repaired.
    let respond: @Sendable ([UInt8]) -> String

    /// Answers every line in turn; for tests and for input that is already in memory.
    func answers(to lines: [String]) -> [String] { lines.map { respond(Array($0.utf8)) } }
}
