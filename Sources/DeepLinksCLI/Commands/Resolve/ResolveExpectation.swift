import DeepLinks
import DeepLinksJSON

/// `resolve --jsonl --expect FILE`: the answers compared, line by line, with the ones a file
/// records (what an earlier `resolve --jsonl` wrote to standard output).
///
/// Two lines agree when they are the same JSON value (key order and spacing aside). The run
/// passes when every line agrees and the file has as many lines as there are answers, whatever
/// the outcomes (a recorded rejection is expected, not a failure); else each difference goes to
/// standard error and the run fails. The answers still go to standard output, so redirecting it
/// records them again.
enum ResolveExpectation {
    /// Answers every line of `input` and compares the answers with the lines of `expected`
    /// (the file's bytes; `path` names it in messages).
    static func compare(
        _ responder: LineResponder, input: [UInt8], expected: [UInt8], path: String
    ) throws(ToolError) -> CommandOutput {
        guard let text = UTF8Text.decode(expected) else {
            throw ToolError.invalidInput(source: path, reason: "the expected answers are not UTF-8 text")
        }
        let recorded = lines(of: text)
        let answers = responder.outcome(of: input).answers
        var report = ""
        var differing = 0
        for index in 0..<max(recorded.count, answers.count) {
            let number = index + 1
            switch (
                index < recorded.count ? recorded[index] : nil, index < answers.count ? answers[index] : nil
            ) {
            case (let line?, let answer?):
                guard !agree(line, answer) else { continue }
                differing += 1
                let note = (try? JSONValue(parsing: line)) == nil ? " (the expected line is not JSON)" : ""
                report += "line \(number) differs\(note):\n  expected: \(line)\n  answered: \(answer)\n"
            case (let line?, nil):
                differing += 1
                report += "line \(number): expected \(line), but the input has no line \(number)\n"
            case (nil, let answer?):
                differing += 1
                report += "line \(number): answered \(answer), but \(path) has no line \(number)\n"
            case (nil, nil):
                break
            }
        }
        let output = answers.map { $0 + "\n" }.joined()
        guard differing > 0 else { return CommandOutput(output, status: .success) }
        let total = max(recorded.count, answers.count)
        report += "\(differing) of \(total) line\(total == 1 ? "" : "s") differ from \(path)\n"
        return CommandOutput(output, status: .checkFailed, standardError: report)
    }

    /// Whether a recorded line and an answer are the same JSON value (or, when the recorded
    /// line is not JSON, the same text).
    static func agree(_ recorded: String, _ answer: String) -> Bool {
        if recorded == answer { return true }
        guard let left = try? JSONValue(parsing: recorded), let right = try? JSONValue(parsing: answer) else {
            return false
        }
        return left == right
    }

    /// The lines of a file: `\n` or `\r\n` ends a line, and a last line
    /// without `\n` counts; the empty line after a final `\n` does not.
    static func lines(of text: String) -> [String] {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        var lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        )
        .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
