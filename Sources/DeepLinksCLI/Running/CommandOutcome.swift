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

/// One answer of a line protocol: the line to write, and whether it reports a failure (a
/// rejected link) that makes the run end with ``ExitStatus/checkFailed``.
struct LineAnswer: Sendable, Equatable {
    /// The answer line, without its newline.
    var text: String
    /// Whether the answer counts against the run's exit status.
    var isFailure: Bool

    init(_ text: String, isFailure: Bool = false) {
        self.text = text
        self.isFailure = isFailure
    }
}

/// A line protocol: one answer line for every input line, never failing on a bad line.
///
/// Lines are bounded: a line longer than ``maximumLineBytes`` is answered by ``overlong`` with
/// its length, and only its first ``maximumLineBytes`` bytes are ever held in memory, so one
/// endless line cannot exhaust the process. The run ends with ``ExitStatus/checkFailed`` when
/// any answer is a failure, else with ``ExitStatus/success``.
struct LineResponder: Sendable {
    /// The longest line (in bytes, without its newline) that is read and answered.
    let maximumLineBytes: Int
    /// Answers one input line (its bytes, without the newline) with one output line (without
    /// newline). Bytes, not text: a line that is not UTF-8 must be answered, not repaired.
    let reply: @Sendable ([UInt8]) -> LineAnswer
    /// Answers a line longer than ``maximumLineBytes``, given its length in bytes.
    let replyOverlong: @Sendable (_ byteCount: Int) -> LineAnswer

    /// A protocol whose answers never fail the run (its exit status is always success).
    init(
        maximumLineBytes: Int, respond: @escaping @Sendable ([UInt8]) -> String,
        overlong: @escaping @Sendable (_ byteCount: Int) -> String
    ) {
        self.maximumLineBytes = maximumLineBytes
        reply = { LineAnswer(respond($0)) }
        replyOverlong = { LineAnswer(overlong($0)) }
    }

    /// A protocol whose answers say whether they fail the run.
    init(
        maximumLineBytes: Int, reply: @escaping @Sendable ([UInt8]) -> LineAnswer,
        replyOverlong: @escaping @Sendable (_ byteCount: Int) -> LineAnswer
    ) {
        self.maximumLineBytes = maximumLineBytes
        self.reply = reply
        self.replyOverlong = replyOverlong
    }

    /// Answers every line read from `nextByte` (which returns `nil` at the end of the input)
    /// through `write`, one answer per line: `\n` ends a line, a `\r` before it is dropped,
    /// and a last line without `\n` is answered too. Returns the run's exit status.
    @discardableResult
    func run(nextByte: () -> UInt8?, write: (String) -> Void) -> ExitStatus {
        var line: [UInt8] = []
        var length = 0
        var last: UInt8 = 0
        var failed = false
        while true {
            let byte = nextByte()
            if let byte, byte != UInt8(ascii: "\n") {
                length += 1
                last = byte
                if length <= maximumLineBytes + 1 { line.append(byte) }
                continue
            }
            if byte == nil && length == 0 { break }
            if length > 0, last == UInt8(ascii: "\r") {
                if line.count == length { line.removeLast() }
                length -= 1
            }
            let answer = length > maximumLineBytes ? replyOverlong(length) : reply(line)
            failed = failed || answer.isFailure
            write(answer.text)
            if byte == nil { break }
            line.removeAll(keepingCapacity: true)
            length = 0
            last = 0
        }
        return failed ? .checkFailed : .success
    }

    /// Answers every line of `input` in turn; for tests and for input already in memory.
    func answers(to input: [UInt8]) -> [String] { outcome(of: input).answers }

    /// Answers every line of `input` in turn, with the run's exit status.
    func outcome(of input: [UInt8]) -> (answers: [String], status: ExitStatus) {
        var iterator = input.makeIterator()
        var answers: [String] = []
        let status = run(nextByte: { iterator.next() }, write: { answers.append($0) })
        return (answers, status)
    }
}
