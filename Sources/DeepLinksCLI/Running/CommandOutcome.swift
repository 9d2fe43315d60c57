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
///
/// Lines are bounded: a line longer than ``maximumLineBytes`` is answered by ``overlong`` with
/// its length, and only its first ``maximumLineBytes`` bytes are ever held in memory, so one
/// endless line cannot exhaust the process.
struct LineResponder: Sendable {
    /// The longest line (in bytes, without its newline) that is read and answered.
    let maximumLineBytes: Int
    /// Answers one input line (its bytes, without the newline) with one output line (without
    /// newline). Bytes, not text: a line that is not UTF-8 must be answered, not repaired.
    let respond: @Sendable ([UInt8]) -> String
    /// Answers a line longer than ``maximumLineBytes``, given its length in bytes.
    let overlong: @Sendable (_ byteCount: Int) -> String

    /// Answers every line read from `nextByte` (which returns `nil` at the end of the input)
    /// through `write`, one answer per line: `\n` ends a line, a `\r` before it is dropped,
    /// and a last line without `\n` is answered too.
    func run(nextByte: () -> UInt8?, write: (String) -> Void) {
        var line: [UInt8] = []
        var length = 0
        var last: UInt8 = 0
        while true {
            let byte = nextByte()
            if let byte, byte != UInt8(ascii: "\n") {
                length += 1
                last = byte
                if length <= maximumLineBytes + 1 { line.append(byte) }
                continue
            }
            if byte == nil && length == 0 { return }
            if length > 0, last == UInt8(ascii: "\r") {
                if line.count == length { line.removeLast() }
                length -= 1
            }
            write(length > maximumLineBytes ? overlong(length) : respond(line))
            if byte == nil { return }
            line.removeAll(keepingCapacity: true)
            length = 0
            last = 0
        }
    }

    /// Answers every line of `input` in turn; for tests and for input already in memory.
    func answers(to input: [UInt8]) -> [String] {
        var iterator = input.makeIterator()
        var answers: [String] = []
        run(nextByte: { iterator.next() }, write: { answers.append($0) })
        return answers
    }
}
