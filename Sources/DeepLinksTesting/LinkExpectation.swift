import DeepLinks

/// What a test expects a link's outcome to be, and the message when it is not.
///
/// The assertions (``assertRoute(_:in:is:parameters:fileID:filePath:line:column:)`` and its
/// siblings) are built on this value; use it directly to check outcomes you already hold.
///
/// ```swift
/// let expectation = LinkExpectation.route("photo", parameters: ["album": "summer", "index": 3])
/// expectation.failureMessage(for: receiver.receive(url: text).outcome)   // nil when it holds
/// ```
public enum LinkExpectation: Sendable, Hashable, CustomStringConvertible {
    /// Routed to the named navigate route, with exactly these parameters when given.
    case route(String, parameters: RouteParameters? = nil)
    /// Needs confirmation for the named route, with exactly these parameters and this safety
    /// when given.
    case confirm(String, parameters: RouteParameters? = nil, safety: RouteSafety? = nil)
    /// Falls back to the browser, for exactly this reason when given.
    case openInBrowser(reason: RoutingFailure? = nil)
    /// Rejected by the gate, for exactly this rule when given.
    case malformed(rule: LinkError.Rule? = nil)
    /// A custom-scheme link rejected because nothing presents it, for exactly this reason when
    /// given.
    case unhandled(reason: RoutingFailure? = nil)
    /// Rejected for exactly this reason (an activity, banner or scheme rule refusal, or any
    /// other `LinkRejection`).
    case rejected(LinkRejection)

    /// The expectation in words (`route to 'photo'`).
    public var description: String {
        switch self {
        case .route(let name, let parameters): "route to '\(name)'" + Self.with(parameters)
        case .confirm(let name, let parameters, let safety):
            "confirmation for \(safety.map { "\($0) " } ?? "")route '\(name)'" + Self.with(parameters)
        case .openInBrowser(let reason): "the browser fallback" + (reason.map { " (\($0))" } ?? "")
        case .malformed(let rule):
            "rejection as malformed" + (rule.map { " (\($0.rawValue): \($0.sentence))" } ?? "")
        case .unhandled(let reason): "rejection as unhandled" + (reason.map { " (\($0))" } ?? "")
        case .rejected(let rejection): "rejection: \(rejection)"
        }
    }

    private static func with(_ parameters: RouteParameters?) -> String {
        parameters.map { " with \($0)" } ?? ""
    }

    /// `nil` when the outcome meets the expectation; otherwise a message saying what was
    /// expected and what happened.
    public func failureMessage(for outcome: LinkOutcome) -> String? {
        holds(for: outcome) ? nil : "expected \(self), but got: \(outcome)"
    }

    private func holds(for outcome: LinkOutcome) -> Bool {
        switch (self, outcome) {
        case (.route(let name, let parameters), .route(let match)):
            return match.route == name && (parameters == nil || parameters == match.parameters)
        case (.confirm(let name, let parameters, let safety), .confirm(let match)):
            return match.route == name && (parameters == nil || parameters == match.parameters)
                && (safety == nil || safety == match.safety)
        case (.openInBrowser(let reason), .openInBrowser(_, let actual)):
            return reason == nil || reason == actual
        case (.malformed(let rule), .reject(.malformed(let error))):
            return rule == nil || rule == error.rule
        case (.unhandled(let reason), .reject(.unhandled(_, let actual))):
            return reason == nil || reason == actual
        case (.rejected(let expected), .reject(let actual)):
            return expected == actual
        default:
            return false
        }
    }
}
