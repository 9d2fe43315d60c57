/// What ``LinkReceiver`` decided for one arrival, and how the link arrived.
///
/// The ``decision`` is either the dispatcher's ``LinkOutcome`` for the link the arrival
/// carried, or an ``ArrivalRefusal`` when the arrival itself was refused first. The
/// ``source`` is recorded either way, for logs and for apps that trust sources differently.
///
/// ```swift
/// let received = receiver.receive(url: "newsapp://doc/CHLFGFCB00097U7S?s=sps_article")
/// received.source                // .customScheme
/// received.match?.route          // "article"
/// switch received.decision {
/// case .dispatched(.route(let match)): show(match)
/// case .dispatched(.confirm(let match)): askFirst(match)
/// case .dispatched(.openInBrowser(let link, _)): openInSafari(link.url)
/// case .dispatched(.reject), .refused: break
/// }
/// ```
public struct ReceivedLink: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The decision for one arrival.
    public enum Decision: Sendable, Hashable, Codable {
        /// The arrival carried a link, and this is the dispatcher's outcome for it.
        case dispatched(LinkOutcome)
        /// The arrival was refused before routing.
        case refused(ArrivalRefusal)
    }

    /// How the link arrived.
    public let source: LinkSource
    /// What to do.
    public let decision: Decision

    /// Creates a record of a decision.
    public init(source: LinkSource, decision: Decision) {
        self.source = source
        self.decision = decision
    }

    /// The dispatcher's outcome, or `nil` when the arrival was refused first.
    public var outcome: LinkOutcome? {
        if case .dispatched(let outcome) = decision { outcome } else { nil }
    }

    /// The matched route, for an outcome that routes or asks to confirm.
    public var match: RouteMatch? { outcome?.match }

    /// The source, then the decision, in one line.
    public var description: String {
        switch decision {
        case .dispatched(let outcome): "\(source): \(outcome)"
        case .refused(let refusal): "\(source): refused: \(refusal)"
        }
    }
}
