import AssociatedDomains
import DeepLinks
import DeepLinksJSON
import Foundation

/// The `resolve --jsonl` line protocol: one incoming link per line in (read by
/// `IncomingLinkLine`, which documents the input form), one object out per line with `id`,
/// `outcome`, `route`, `parameters`, `host`, `reason` and `source`.
///
/// Every input line gets exactly one answer line, whatever it holds: a line that is not JSON,
/// not an object, has an unknown key or none of the link keys is answered with `reject` and a
/// reason, its `id` echoed when one could be read (else `null`).
struct ResolveLineProtocol: Sendable {
    let receiver: LinkReceiver

    /// The answer keys, in the order they are written.
    static let format = JSONFormat(
        keyPriority: ["id", "outcome", "route", "parameters", "host", "reason", "source"])

    /// The longest input line read (``IncomingLinkLine/maximumBytes``).
    static let maximumLineBytes = IncomingLinkLine.maximumBytes

    /// Answers a line longer than ``maximumLineBytes`` with `reject`, without reading it; the
    /// answer fails the run.
    func replyOverlong(_ byteCount: Int) -> LineAnswer {
        LineAnswer(answerOverlong(byteCount), isFailure: true)
    }

    /// Answers one line; the answer fails the run when its outcome is `reject`, as a rejected
    /// link makes `resolve LINK` exit 1.
    func reply(_ line: [UInt8]) -> LineAnswer {
        let read: IncomingLinkLine
        do {
            read = try IncomingLinkLine(parsing: line)
        } catch {
            return LineAnswer(answer(error), isFailure: true)
        }
        let fields = OutcomeFields(receiver.receive(read.link))
        var members = fields.jsonMembers
        members["id"] = read.id
        return LineAnswer(
            JSONValue.object(members).serialized(Self.format), isFailure: fields.outcome == "reject")
    }

    /// Answers a line longer than ``maximumLineBytes`` with `reject`, without reading it.
    func answerOverlong(_ byteCount: Int) -> String {
        answer(IncomingLinkLineError(.tooLong(byteCount: byteCount)))
    }

    /// Answers one line (its bytes, without the newline).
    func answer(_ line: [UInt8]) -> String { reply(line).text }

    private func answer(_ refusal: IncomingLinkLineError) -> String {
        var members = OutcomeFields(rejectingInput: refusal.description).jsonMembers
        members["id"] = refusal.id
        return JSONValue.object(members).serialized(Self.format)
    }
}
