/// Why a user activity could not be created or read: what was wrong, in a sentence.
///
/// ```swift
/// do {
///     _ = try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "myapp://albums")
/// } catch {
///     error.description
///     // "the webpageURL 'myapp://albums' is not an http or https URL; Apple platforms refuse it too"
/// }
/// ```
public enum UserActivityError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The activity type is empty.
    case emptyActivityType
    /// The activity type contains whitespace or a control character.
    case invalidActivityType(String)
    /// A browsing-web activity without a `webpageURL`: it carries nothing to open.
    case missingWebpageURL
    /// A `webpageURL` whose scheme is not `http` or `https`.
    case webpageURLNotWeb(String)
    /// The `userInfo` measures more than ``UserInfo/sizeBudget`` bytes.
    case userInfoTooLarge(bytes: Int, budget: Int)
    /// Keys named in `requiredUserInfoKeys` that the `userInfo` does not carry, sorted.
    case missingRequiredKeys([String])
    /// An entry of a Foundation `userInfo` that has no ``UserInfoValue`` form; `path` names it
    /// (`photos[2].title`).
    case unsupportedUserInfo(path: String, reason: String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .emptyActivityType: "the activity type is empty"
        case .invalidActivityType(let type):
            "the activity type '\(ParameterFailure.shortened(type))' contains whitespace or a control character"
        case .missingWebpageURL:
            "a browsing-web activity must carry a webpageURL: it is the link being opened"
        case .webpageURLNotWeb(let text):
            "the webpageURL '\(ParameterFailure.shortened(text))' is not an http or https URL; "
                + "Apple platforms refuse it too"
        case .userInfoTooLarge(let bytes, let budget):
            "the userInfo measures \(bytes) bytes as a binary property list; the budget is \(budget) bytes"
        case .missingRequiredKeys(let keys):
            "the userInfo lacks the required key\(keys.count == 1 ? "" : "s") "
                + keys.map { "'\($0)'" }.joined(separator: ", ")
        case .unsupportedUserInfo(let path, let reason):
            path.isEmpty
                ? "the userInfo cannot be read: \(reason)"
                : "the userInfo entry '\(path)' cannot be read: \(reason)"
        }
    }
}

extension UserActivityError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .emptyActivityType: _ = EnumCaseEncoder(encoder, "emptyActivityType")
        case .invalidActivityType(let value):
            var values = EnumCaseEncoder(encoder, "invalidActivityType")
            try values("_0", value)
        case .missingWebpageURL: _ = EnumCaseEncoder(encoder, "missingWebpageURL")
        case .webpageURLNotWeb(let value):
            var values = EnumCaseEncoder(encoder, "webpageURLNotWeb")
            try values("_0", value)
        case .userInfoTooLarge(let bytes, let budget):
            var values = EnumCaseEncoder(encoder, "userInfoTooLarge")
            try values("bytes", bytes)
            try values("budget", budget)
        case .missingRequiredKeys(let value):
            var values = EnumCaseEncoder(encoder, "missingRequiredKeys")
            try values("_0", value)
        case .unsupportedUserInfo(let path, let reason):
            var values = EnumCaseEncoder(encoder, "unsupportedUserInfo")
            try values("path", path)
            try values("reason", reason)
        }
    }
}
