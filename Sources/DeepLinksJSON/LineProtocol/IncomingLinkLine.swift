import DeepLinks
import Foundation

/// One line of the incoming-link line protocol: a JSON object with an optional `id` (any JSON,
/// echoed in the answer) and exactly one incoming link.
///
/// The link is one of:
/// - `"url": "<text>"`: a URL handed to the app (web or custom scheme);
/// - `"activity": {…}`: a user activity in `UserActivity`'s JSON form, with tagged `userInfo`
///   values (`{"activityType": "…", "webpageURL": "…", "userInfo": {"t": {"integer": 754}}}`);
/// - `"banner": "<content>"` or `"smartAppBanner": "<content>"`: the content of a page's
///   `apple-itunes-app` meta tag.
///
/// Reading is strict, as for every JSON the SDK reads: the line must be RFC 8259 JSON, a key
/// repeated in one object is refused (two readers could see two different links), and so is a
/// key the protocol does not define. Reading costs time and memory linear in the line's length
/// (the JSON reader makes one pass; nesting is limited to 256 levels), and a line longer than
/// ``maximumBytes`` is refused unread.
///
/// ```swift
/// let line = try IncomingLinkLine(parsing: Array(#"{"id": 7, "url": "https://example.com/a"}"#.utf8))
/// line.id     // .number(7)
/// line.link   // .url("https://example.com/a")
/// ```
public struct IncomingLinkLine: Sendable, Hashable {
    /// The longest line read: 1 MiB, far more than any link, activity or banner a receiver
    /// accepts, so only a line no receiver would take is refused for its length.
    public static let maximumBytes = 1 << 20

    /// The keys that carry an incoming link.
    public static let linkKeys = ["url", "activity", "banner", "smartAppBanner"]

    /// Every key the protocol defines.
    public static let keys: Set<String> = Set(linkKeys + ["id"])

    /// The line's `id`, as written; `.null` when the line has none.
    public let id: JSONValue
    /// The incoming link the line carries.
    public let link: IncomingLink

    /// Creates a line.
    public init(id: JSONValue = .null, link: IncomingLink) {
        self.id = id
        self.link = link
    }

    /// Reads one line (its bytes, without the newline).
    public init(parsing line: some Collection<UInt8>) throws(IncomingLinkLineError) {
        guard line.count <= Self.maximumBytes else {
            throw IncomingLinkLineError(.tooLong(byteCount: line.count))
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line)
        } catch {
            throw IncomingLinkLineError(.notJSON(error))
        }
        guard case .object(let members) = value else {
            throw IncomingLinkLineError(.notAnObject(kind: value.kindDescription))
        }
        let id = members["id"] ?? .null
        func refuse(_ reason: IncomingLinkLineError.Reason) -> IncomingLinkLineError {
            IncomingLinkLineError(reason, id: id)
        }
        if let unknown = members.keys.filter({ !Self.keys.contains($0) }).min() {
            throw refuse(.unknownKey(unknown))
        }
        let present = Self.linkKeys.filter { members[$0] != nil }
        guard present.count == 1, let key = present.first, let carried = members[key] else {
            throw refuse(present.isEmpty ? .noLink : .severalLinks(present))
        }
        switch (key, carried) {
        case ("url", .string(let text)): self.init(id: id, link: .url(text))
        case ("banner", .string(let content)), ("smartAppBanner", .string(let content)):
            self.init(id: id, link: .smartAppBanner(content: content))
        case ("activity", .object):
            do {
                self.init(id: id, link: .activity(try carried.decode(UserActivity.self)))
            } catch {
                throw refuse(.unreadableActivity((error as? DecodingError)?.sentence ?? "\(error)"))
            }
        default:
            throw refuse(.wrongKind(key: key, kind: carried.kindDescription))
        }
    }
}

/// Why a line of the incoming-link line protocol carries no link, with the line's `id` when it
/// could be read (`.null` otherwise) so the answer can still name the line.
public struct IncomingLinkLineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// The line is longer than ``IncomingLinkLine/maximumBytes``; it was not read.
        case tooLong(byteCount: Int)
        /// The line is not JSON, or repeats a key in one object.
        case notJSON(JSONSyntaxError)
        /// The line is JSON but not an object (the kind it is).
        case notAnObject(kind: String)
        /// The object has a key the protocol does not define (the first in sorted order).
        case unknownKey(String)
        /// The object has none of the link keys.
        case noLink
        /// The object has more than one of the link keys (those it has).
        case severalLinks([String])
        /// A link key holds the wrong kind of value (the key, and the kind it holds).
        case wrongKind(key: String, kind: String)
        /// The `activity` object is not a user activity (why).
        case unreadableActivity(String)
    }

    /// What was wrong.
    public let reason: Reason
    /// The line's `id`, or `.null` when the line has none or could not be read.
    public let id: JSONValue

    /// Creates an error.
    public init(_ reason: Reason, id: JSONValue = .null) {
        self.reason = reason
        self.id = id
    }

    /// A sentence that says what was wrong.
    public var description: String {
        switch reason {
        case .tooLong(let count):
            "the input line is \(count) bytes, more than the \(IncomingLinkLine.maximumBytes) bytes a line may have"
        case .notJSON(let error): "the input line is not valid JSON: \(error.description)"
        case .notAnObject(let kind): "the input line is \(kind), not a JSON object"
        case .unknownKey(let key):
            "the input object has a key '\(key)' the protocol does not define; its keys are "
                + IncomingLinkLine.keys.sorted().joined(separator: ", ")
        case .noLink: "the input object has none of 'url', 'activity', 'banner'"
        case .severalLinks: "the input object has more than one of 'url', 'activity', 'banner'"
        case .wrongKind(let key, let kind):
            key == "activity"
                ? "the input's 'activity' is \(kind), not an object"
                : "the input's '\(key)' is \(kind), not a string"
        case .unreadableActivity(let why): "the input's 'activity' is not a user activity: \(why)"
        }
    }
}
