/// What ``LinkReceiver`` decided for one incoming link, and how the link came in.
///
/// The ``outcome`` is the one enum an app switches on, whichever the source; the ``source``
/// is recorded beside it, for logs and for apps that trust sources differently.
///
/// ```swift
/// let decision = receiver.receive(url: "newsapp://doc/CHLFGFCB00097U7S?s=sps_article")
/// decision.source                // .customScheme
/// decision.match?.route          // "article"
/// switch decision.outcome {
/// case .route(let match): show(match)
/// case .confirm(let match): askFirst(match)
/// case .openInBrowser(let link, _): if let url = link.url { openInSafari(url) }
/// case .reject: break
/// }
/// ```
///
/// `Encodable` for logs and the command line, not `Decodable`: decisions are made by the
/// receiver only.
public struct LinkDecision: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What to do. Declared first, so that it lies at the start of the decision, where the
    /// outcome returned by the pipeline can be written directly instead of moved into it.
    public let outcome: LinkOutcome
    /// How the link came in.
    public let source: LinkSource

    /// Creates a record of a decision: only the receiver does.
    init(source: LinkSource, outcome: LinkOutcome) {
        self.source = source
        self.outcome = outcome
    }

    /// The matched route, for an outcome that routes or asks to confirm.
    public var match: RouteMatch? { outcome.match }

    /// The source, then the outcome, in one line.
    public var description: String { "\(source): \(outcome)" }

    /// Encodes `{"source": "customScheme", "outcome": {…}}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(source, forKey: "source")
        try c.encode(outcome, forKey: "outcome")
    }
}

/// A decision together with the routes tried for the link it carried.
///
/// ```swift
/// let explanation = receiver.explain(.url("https://example.com/albums/Summer!"))
/// print(explanation)   // the outcome, then one line per route tried and why it did not match
/// ```
public struct LinkExplanation: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The decision, exactly as ``LinkReceiver/receive(_:)-(IncomingLink)`` makes it.
    public let decision: LinkDecision
    /// The routes tried; `nil` when no link reached the route table.
    public let routing: RouteExplanation?

    /// Creates an explanation: only the receiver does.
    init(decision: LinkDecision, routing: RouteExplanation?) {
        self.decision = decision
        self.routing = routing
    }

    /// The outcome.
    public var outcome: LinkOutcome { decision.outcome }

    /// The outcome, then one line per route tried.
    public var description: String {
        var text = "outcome: \(decision.outcome)"
        if let routing { text += "\n" + routing.description }
        return text
    }
}

extension LinkExplanation {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(decision, forKey: "decision")
        try c.encodeIfPresent(routing, forKey: "routing")
    }
}
