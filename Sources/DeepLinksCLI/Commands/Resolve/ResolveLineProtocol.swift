import AssociatedDomains
import DeepLinks

/// The `resolve --jsonl` line protocol: `{"id": <any>, "url": "<string>"}` in, one object out
/// per line with `id`, `outcome`, `route`, `parameters`, `host` and `reason`.
///
/// Every input line gets exactly one answer line, whatever it holds: a line that is not JSON,
/// not an object, or has no string `url` is answered with `reject` and a reason, its `id`
/// echoed when one could be read (else `null`).
struct ResolveLineProtocol: Sendable {
    let dispatcher: LinkDispatcher

    /// The answer keys, in the order they are written.
    static let format = JSONFormat(keyPriority: ["id", "outcome", "route", "parameters", "host", "reason"])

    /// Answers one line (its bytes, without the newline).
    func answer(_ line: [UInt8]) -> String {
        let (id, fields) = decide(line)
        var members = fields.jsonMembers
        members["id"] = id
        return JSONValue.object(members).serialized(Self.format)
    }

    private func decide(_ line: [UInt8]) -> (JSONValue, OutcomeFields) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line)
        } catch {
            return (
                .null, OutcomeFields(rejectingInput: "the input line is not valid JSON: \(error.description)")
            )
        }
        guard case .object(let members) = value else {
            return (
                .null,
                OutcomeFields(rejectingInput: "the input line is \(value.kindDescription), not a JSON object")
            )
        }
        let id = members["id"] ?? .null
        guard let url = members["url"] else {
            return (id, OutcomeFields(rejectingInput: "the input object has no 'url'"))
        }
        guard case .string(let text) = url else {
            return (
                id, OutcomeFields(rejectingInput: "the input's 'url' is \(url.kindDescription), not a string")
            )
        }
        return (id, OutcomeFields(dispatcher.outcome(for: text)))
    }
}
