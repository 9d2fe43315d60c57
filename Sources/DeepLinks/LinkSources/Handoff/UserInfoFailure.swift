/// Why a `userInfo` entry was refused for a route parameter: which key, its value, and why.
///
/// ```swift
/// let failure = UserInfoFailure(key: "index", value: "3", reason: .wrongKind(expected: .integer))
/// failure.description   // "userInfo key 'index' must be an integer value (got string \"3\")"
/// ```
public struct UserInfoFailure: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What was wrong with an entry.
    public enum Reason: Sendable, Hashable, Encodable {
        /// The value has another kind than the parameter's type reads.
        case wrongKind(expected: UserInfoValue.Kind)
        /// The value broke the parameter's type or bounds (or is missing: ``ParameterFailure/Reason/missing``).
        case invalid(ParameterFailure.Reason)
        /// The key is neither a parameter of the route nor mapped to one
        /// (``ActivityRoute/userInfoKeys``).
        case unexpectedKey
    }

    /// The `userInfo` key: the parameter's name, or the key ``ActivityRoute/userInfoKeys`` maps to it.
    public let key: String
    /// The value the activity carried, or `nil` when it carried none.
    public let value: UserInfoValue?
    /// What was wrong.
    public let reason: Reason

    /// Creates a failure.
    public init(key: String, value: UserInfoValue?, reason: Reason) {
        self.key = key
        self.value = value
        self.reason = reason
    }

    /// A sentence naming the key, the rule and the value.
    public var description: String {
        var text = "userInfo key '\(key)' "
        switch reason {
        case .wrongKind(.array): text += "must be an array of strings"
        case .wrongKind(let kind): text += "must be \(kind == .integer ? "an" : "a") \(kind) value"
        case .invalid(let reason): text += reason.sentence
        case .unexpectedKey: text += "is neither a parameter of the route nor mapped to one (userInfoKeys)"
        }
        if let value { text += " (got \(ParameterFailure.shortened(value.description)))" }
        return text
    }
}

extension UserInfoFailure.Reason {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .wrongKind(let expected):
            var values = EnumCaseEncoder(encoder, "wrongKind")
            try values("expected", expected)
        case .invalid(let value):
            var values = EnumCaseEncoder(encoder, "invalid")
            try values("_0", value)
        case .unexpectedKey: _ = EnumCaseEncoder(encoder, "unexpectedKey")
        }
    }
}

extension UserInfoFailure {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(key, forKey: "key")
        try c.encodeIfPresent(value, forKey: "value")
        try c.encode(reason, forKey: "reason")
    }
}
