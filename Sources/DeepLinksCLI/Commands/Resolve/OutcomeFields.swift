import AssociatedDomains
import DeepLinks

/// The fields every report of a link outcome carries, in the vocabulary of the `--jsonl` line
/// protocol: outcome, route, parameters, host, reason, and the source the link came from.
struct OutcomeFields: Sendable, Equatable {
    /// `route`, `confirm`, `openInBrowser` or `reject`.
    let outcome: String
    /// The matched route's name; `nil` unless the outcome is `route` or `confirm`.
    let route: String?
    /// The typed parameters, in declaration order; `nil` unless a route matched.
    let parameters: [(String, ParameterValue)]?
    /// The host the gate parsed; `nil` when the link was refused before that.
    let host: String?
    /// Why, in a sentence; `nil` for a plain `route`.
    let reason: String?
    /// How the link came in (`universalLink`, `handoff`, `smartAppBanner`, `customScheme`);
    /// `nil` for input that never became an incoming link.
    var source: String? = nil

    /// The fields of a receiver's decision.
    init(_ decision: LinkDecision) {
        self.init(decision.outcome)
        source = decision.source.rawValue
    }

    init(_ outcome: LinkOutcome) {
        switch outcome {
        case .route(let match):
            self.outcome = "route"
            route = match.route
            parameters = match.parameters.entries.map { ($0.name, $0.value) }
            host = match.link.host
            reason = nil
        case .confirm(let match):
            self.outcome = "confirm"
            route = match.route
            parameters = match.parameters.entries.map { ($0.name, $0.value) }
            host = match.link.host
            reason = "route '\(match.route)' is \(match.safety.rawValue): ask the user before running it"
        case .openInBrowser(let link, let failure):
            self.outcome = "openInBrowser"
            route = nil
            parameters = nil
            host = link.host
            reason = failure.description
        case .reject(let rejection):
            self.outcome = "reject"
            route = nil
            parameters = nil
            if case .unhandled(let link, _) = rejection { host = link.host } else { host = nil }
            reason = rejection.description
        }
    }

    /// A rejection of input that never reached the gate (a line that is not JSON, no `url`).
    init(rejectingInput reason: String) {
        outcome = "reject"
        route = nil
        parameters = nil
        host = nil
        self.reason = reason
    }

    static func == (left: OutcomeFields, right: OutcomeFields) -> Bool {
        left.outcome == right.outcome && left.route == right.route && left.host == right.host
            && left.reason == right.reason && left.source == right.source
            && left.parameters?.map(\.0) == right.parameters?.map(\.0)
            && left.parameters?.map(\.1) == right.parameters?.map(\.1)
    }

    /// The parameters as a JSON object in the `Codable` form of ``RouteParameters``: each name
    /// maps to an object whose one key names the value's kind, `{"index": {"integer": 3}}`, so
    /// that a uuid and a string that looks like one stay apart and the answer decodes as is.
    var parametersJSON: JSONValue {
        guard let parameters else { return .null }
        var members: [String: JSONValue] = [:]
        for (name, value) in parameters { members[name] = .object([value.kind: Self.json(value)]) }
        return .object(members)
    }

    /// The parameters as text for a table: `album=summer index=3`.
    var parametersText: String {
        guard let parameters, !parameters.isEmpty else { return "" }
        return parameters.map { "\($0.0)=\($0.1.text)" }.joined(separator: " ")
    }

    /// The six protocol fields as JSON members.
    var jsonMembers: [String: JSONValue] {
        [
            "outcome": .string(outcome), "route": route.map(JSONValue.string) ?? .null,
            "parameters": parametersJSON, "host": host.map(JSONValue.string) ?? .null,
            "reason": reason.map(JSONValue.string) ?? .null, "source": source.map(JSONValue.string) ?? .null,
        ]
    }

    /// The JSON of a value's payload, as ``ParameterValue`` encodes it under its kind key.
    static func json(_ value: ParameterValue) -> JSONValue {
        switch value {
        case .integer(let number): .number(JSONNumber(number))
        case .string(let text): .string(text)
        case .uuid(let uuid): .string(uuid.uuidString.lowercased())
        case .boolean(let flag): .bool(flag)
        case .segments(let segments): .array(segments.map(JSONValue.string))
        }
    }
}
