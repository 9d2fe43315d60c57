import DeepLinks

/// Where a deferred link reached the app after its install.
public enum DeferredLinkSource: Sendable, Hashable {
    /// The install referrer Google Play handed the app (read with the Install Referrer API):
    /// `deeplinks_code=spring-sale`, possibly among other `name=value` pairs.
    case installReferrer(String)
    /// Text the user chose to paste through the system's paste control, after the landing
    /// page asked them to copy the short link.
    case pastedText(String)
}

/// Remembers which deferred codes the app has taken, so that each is taken once.
///
/// The app keeps it where it keeps its settings (`UserDefaults`, a file); ``take(_:)`` must be
/// atomic.
public protocol DeferredLinkLedger: Sendable {
    /// Marks the code taken; `true` when it had not been taken before.
    func take(_ code: ShortCode) async -> Bool
}

/// A ledger in memory, for tests and for apps that take deferred links in one launch only.
public actor InMemoryDeferredLinkLedger: DeferredLinkLedger {
    private var taken: Set<ShortCode> = []

    /// Creates an empty ledger.
    public init() {}

    /// Marks the code taken; `true` when it had not been taken before.
    public func take(_ code: ShortCode) -> Bool { taken.insert(code).inserted }
}

/// What the intake did with a source.
public enum DeferredLinkOutcome: Sendable, Hashable {
    /// The source held one of this site's short links, taken now: the expansion, decided by
    /// the receiver as any link (hand its decision to the app's `LinkHolder`, which keeps it
    /// until the app is ready).
    case opened(ShortLinkOpening)
    /// The source holds no short link of this site: nothing is taken (a random link on the
    /// pasteboard is never a deferred link).
    case notThisSite
    /// The code was taken before: a deferred link opens once.
    case takenBefore(ShortCode)
}

/// The app's first-launch intake of a short link followed before the app was installed,
/// without fingerprinting: the code comes only from Google Play's install referrer or from text
/// the user chose to paste.
///
/// ```swift
/// let intake = DeferredLinkIntake(expander: expander, hosts: ["shop.example.com"], ledger: ledger)
/// if case .opened(let opening) = await intake.take(.installReferrer(referrer)), let decision = opening.decision {
///     holder.receive(decision)
/// }
/// ```
///
/// A source is taken only when it holds a short link of one of `hosts` that the receiver routes
/// to the short-link route: for pasted text, the whole text (spaces and line breaks around it
/// aside) must be that link; for a referrer, its `deeplinks_code` value must be a code. Each
/// code is taken once (the ``DeferredLinkLedger``), then expanded through the site
/// (`?via=deferred`) and decided by the same receiver, gate and confirmation rules as any link.
public struct DeferredLinkIntake: Sendable {
    /// The name of the referrer parameter that carries the code.
    public static let referrerKey = "deeplinks_code"

    /// The expander, with the receiver and the short-link route.
    public let expander: ShortLinkExpander
    /// The hosts whose short links are this site's; the first makes a referrer's link.
    public let hosts: [String]
    /// The codes taken before.
    public let ledger: any DeferredLinkLedger

    /// Creates an intake.
    public init(expander: ShortLinkExpander, hosts: [String], ledger: any DeferredLinkLedger) {
        self.expander = expander
        self.hosts = hosts.map { $0.lowercased() }
        self.ledger = ledger
    }

    /// The decision of the short link a source holds, when it is one of this site's.
    ///
    /// Cost: linear in the source's text (a referrer is read up to 1,024 bytes), plus the
    /// receiver's decision of one link.
    public func shortLink(in source: DeferredLinkSource) -> (code: ShortCode, decision: LinkDecision)? {
        let text: String
        switch source {
        case .installReferrer(let referrer):
            guard let host = hosts.first, referrer.utf8.count <= 1_024 else { return nil }
            let value = referrer.split(separator: "&").lazy.compactMap { pair -> Substring? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return parts.count == 2 && parts[0] == Self.referrerKey ? parts[1] : nil
            }.first
            guard let value, let code = try? ShortCode(String(value)) else { return nil }
            text = expander.route.url(for: code, host: host)
        case .pastedText(let pasted):
            text = pasted.trimmingSpaces()
        }
        let decision = expander.receiver.receive(url: text)
        guard let match = decision.match, let code = expander.route.code(of: match),
            let host = match.link.host, hosts.contains(host)
        else { return nil }
        return (code, decision)
    }

    /// Takes the short link a source holds, once, and expands it.
    public func take(_ source: DeferredLinkSource) async -> DeferredLinkOutcome {
        guard let found = shortLink(in: source) else { return .notThisSite }
        return await take(found)
    }

    /// Takes a short link found in a source, once, and expands it.
    private func take(_ found: (code: ShortCode, decision: LinkDecision)) async -> DeferredLinkOutcome {
        guard await ledger.take(found.code) else { return .takenBefore(found.code) }
        return .opened(await expander.open(found.decision, deferred: true))
    }

    /// Takes the first of the texts a paste handed the app that is one of this site's short
    /// links (a paste control hands over every text the pasteboard holds); `.notThisSite` when
    /// none is.
    ///
    /// Cost: at most 16 texts are looked at, each as ``shortLink(in:)`` costs.
    public func take(pasted texts: [String]) async -> DeferredLinkOutcome {
        for text in texts.prefix(Self.mostPastedTexts) {
            if let found = shortLink(in: .pastedText(text)) { return await take(found) }
        }
        return .notThisSite
    }

    /// The most texts of one paste that ``take(pasted:)`` looks at.
    public static let mostPastedTexts = 16
}

extension String {
    /// The text without the spaces, tabs and line breaks around it.
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
