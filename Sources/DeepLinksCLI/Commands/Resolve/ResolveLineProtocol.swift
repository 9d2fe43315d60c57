import AssociatedDomains
import DeepLinks
import Foundation

/// The `resolve --jsonl` line protocol: one incoming link per line in, one object out per line
/// with `id`, `outcome`, `route`, `parameters`, `host`, `reason` and `source`.
///
/// An input line is an object with an `id` (any JSON, echoed) and exactly one of:
/// - `"url": "<text>"`: a URL handed to the app (web or custom scheme);
/// - `"activity": {…}`: a user activity, in the JSON form of `UserActivity`
///   (`{"activityType": "…", "webpageURL": "…", "userInfo": {"index": {"integer": 3}}}`);
/// - `"banner": "<content>"` (or `"smartAppBanner"`, the key of `IncomingLink`'s JSON form):
///   the content of a page's `apple-itunes-app` meta tag.
///
/// Every input line gets exactly one answer line, whatever it holds: a line that is not JSON,
/// not an object, or has none of those keys is answered with `reject` and a reason, its `id`
/// echoed when one could be read (else `null`).
struct ResolveLineProtocol: Sendable {
    let receiver: LinkReceiver

    /// The answer keys, in the order they are written.
    static let format = JSONFormat(
        keyPriority: ["id", "outcome", "route", "parameters", "host", "reason", "source"])

    /// The keys that carry an incoming link.
    static let linkKeys = ["url", "activity", "banner", "smartAppBanner"]

    /// The longest input line read: 1 MiB, far more than any link, activity or banner the
    /// receiver accepts, so only a line no receiver would take is cut short.
    static let maximumLineBytes = 1 << 20

    /// Answers a line longer than ``maximumLineBytes`` with `reject`, without reading it.
    func answerOverlong(_ byteCount: Int) -> String {
        var members = OutcomeFields(
            rejectingInput:
                "the input line is \(byteCount) bytes, more than the \(Self.maximumLineBytes) bytes a line may have"
        ).jsonMembers
        members["id"] = .null
        return JSONValue.object(members).serialized(Self.format)
    }

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
        switch Self.incomingLink(members) {
        case .success(let incoming): return (id, OutcomeFields(receiver.receive(incoming)))
        case .failure(let refusal): return (id, OutcomeFields(rejectingInput: refusal.reason))
        }
    }

    /// The incoming link an input object carries, or why it carries none.
    static func incomingLink(_ members: [String: JSONValue]) -> Result<IncomingLink, InputRefusal> {
        let present = linkKeys.filter { members[$0] != nil }
        guard present.count == 1, let key = present.first, let value = members[key] else {
            return .failure(
                InputRefusal(
                    present.isEmpty
                        ? "the input object has none of 'url', 'activity', 'banner'"
                        : "the input object has more than one of 'url', 'activity', 'banner'"))
        }
        switch (key, value) {
        case ("url", .string(let text)): return .success(.url(text))
        case ("banner", .string(let content)), ("smartAppBanner", .string(let content)):
            return .success(.smartAppBanner(content: content))
        case ("activity", .object):
            do {
                let data = Data(value.serialized(JSONFormat(keyPriority: [])).utf8)
                return .success(.activity(try JSONDecoder().decode(UserActivity.self, from: data)))
            } catch {
                return .failure(
                    InputRefusal(
                        "the input's 'activity' is not a user activity: \(ToolEnvironment.describe(error))"))
            }
        case ("activity", _):
            return .failure(InputRefusal("the input's 'activity' is \(value.kindDescription), not an object"))
        default:
            return .failure(InputRefusal("the input's '\(key)' is \(value.kindDescription), not a string"))
        }
    }
}

/// Why an input line carries no incoming link.
struct InputRefusal: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
