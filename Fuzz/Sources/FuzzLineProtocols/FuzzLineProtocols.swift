import AssociatedDomains
import DeepLinks
import DeepLinksJSON
import Foundation
import FuzzSupport

/// A receiver with one web route, one custom-scheme route and one activity type, enough for
/// every kind of line to reach a decision.
let receiver: LinkReceiver = {
    let table = RouteTable {
        Route("album", "/albums/:album(slug)", query: ["index(int 0...9999)?"])
        Route("settings", "/settings/:section(enum profile|privacy)", scope: RouteScope(schemes: ["myapp"]))
    }
    do {
        return try LinkReceiver(
            table: table, policy: LinkPolicy(allowedHosts: ["example.com"]),
            schemes: SchemeRegistry([CustomScheme("myapp")]),
            activities: [
                ActivityRoute(activityType: "com.example.viewing-album", route: "album", host: "example.com")
            ])
    } catch {
        fatalError("the harness's own receiver is refused: \(error)")
    }
}()

/// The work one input may cost, documented in README ("Cost bounds") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`).
let budget = WorkBudget(
    fixedAllocations: 2_000, allocationsPerByte: 34, fixedAllocatedBytes: 262_144,
    allocatedBytesPerByte: 2_400,
    fixedMilliseconds: 25, microsecondsPerByte: 30)

/// Every line of the input is read by both JSON-lines protocols: the incoming-link line
/// (`deeplinks resolve --jsonl`), which is then received, and the association-file match
/// request (`deeplinks aasa match --jsonl`), which is answered.
///
/// Invariants:
/// - reading, receiving and answering every line cost no more than ``budget`` for the input's
///   size (README, "Cost bounds"): no line's reading is worse than linear;
/// - a line that is read carries exactly one link, and writing it back out (its `id` and link
///   as one object) reads back to the same line;
/// - a refused line's reason is a sentence, and an unknown key it names is not a protocol key;
/// - a match answer is one line of JSON: an object with either `decision` (`match`, `exclude`
///   or `no_match`) or `error`, never both, and with the request's `id` when it had a readable
///   one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let lines = input.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(16)
    let results = measured(budget, inputBytes: size, input: text) {
        lines.map { line -> (Result<IncomingLinkLine, IncomingLinkLineError>, String) in
            let read = Result { () throws(IncomingLinkLineError) in try IncomingLinkLine(parsing: line) }
            if case .success(let line) = read { _ = receiver.receive(line.link) }
            return (read, AssociationMatchRequest.respond(toLine: String(decoding: line, as: UTF8.self)))
        }
    }
    for (line, (read, answer)) in zip(lines, results) {
        checkRead(read, input: text)
        checkAnswer(answer, to: String(decoding: line, as: UTF8.self), input: text)
    }
    return 0
}

func checkRead(_ read: Result<IncomingLinkLine, IncomingLinkLineError>, input: String) {
    switch read {
    case .success(let line):
        var members: [String: JSONValue] = ["id": line.id]
        switch line.link {
        case .url(let text): members["url"] = .string(text)
        case .smartAppBanner(let content): members["banner"] = .string(content)
        case .activity(let activity):
            guard let encoded = try? JSONEncoder().encode(activity),
                let value = try? JSONValue(parsing: Array(encoded))
            else { violated("a read activity does not encode", input: input) }
            members["activity"] = value
        }
        let written = JSONValue.object(members).serialized(JSONFormat(keyPriority: []))
        guard let again = try? IncomingLinkLine(parsing: Array(written.utf8)) else {
            violated("a read line, written back out, is refused: \(written)", input: input)
        }
        require(
            again == line, "a read line, written back out, reads as another line: \(written)", input: input)
    case .failure(let error):
        require(!error.description.isEmpty, "a refused line without a reason", input: input)
        if case .unknownKey(let key) = error.reason {
            require(
                !IncomingLinkLine.keys.contains(key), "a protocol key was called unknown: \(key)",
                input: input)
        }
    }
}

func checkAnswer(_ answer: String, to line: String, input: String) {
    require(!answer.contains("\n"), "a match answer spans lines", input: input)
    guard case .object(let members)? = try? JSONValue(parsing: answer) else {
        violated("a match answer is not a JSON object: \(answer)", input: input)
    }
    let decision = members["decision"]?.stringValue
    require(
        (decision != nil) != (members["error"] != nil),
        "a match answer needs exactly one of decision and error",
        input: input)
    if let decision {
        require(
            ["match", "exclude", "no_match"].contains(decision), "an unknown decision: \(decision)",
            input: input)
    }
    if case .object(let request)? = try? JSONValue(parsing: line), let id = request["id"] {
        require(members["id"] == id, "a match answer lost the request's id", input: input)
    }
}
