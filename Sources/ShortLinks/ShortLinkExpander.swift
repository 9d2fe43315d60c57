import DeepLinks

/// How the app fetches a short link's expansion: one `GET` of the short link's URL with
/// `Accept: application/json`, answered with its status and body.
///
/// The app supplies it (a `URLSession` data task, a stub in tests), so the package opens no
/// connection of its own. A transport should bound the time and the body it reads; an
/// expansion is well under 4 KB.
///
/// ```swift
/// struct SessionTransport: ShortLinkTransport {
///     func get(_ url: String) async throws -> ShortLinkAnswer {
///         var request = URLRequest(url: URL(string: url)!, timeoutInterval: 5)
///         request.setValue("application/json", forHTTPHeaderField: "Accept")
///         let (body, response) = try await URLSession.shared.data(for: request)
///         return ShortLinkAnswer(status: (response as! HTTPURLResponse).statusCode, body: Array(body))
///     }
/// }
/// ```
public protocol ShortLinkTransport: Sendable {
    /// Fetches the URL as JSON; throws when no answer came (offline, a timeout).
    func get(_ url: String) async throws -> ShortLinkAnswer
}

/// The site's answer to an expansion request.
public struct ShortLinkAnswer: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// The body.
    public var body: [UInt8]

    /// Creates an answer.
    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// What the app does with a link that may be a short link.
public enum ShortLinkOpening: Sendable, Hashable {
    /// The link is not a short link: the receiver's decision, as it was.
    case decided(LinkDecision)
    /// The short link was expanded, and the long link decided by the same receiver (gate,
    /// table and confirmation rules) as any link.
    case expanded(ShortLinkExpansion, LinkDecision)
    /// Open the short link in the browser (the site answers it with its landing page); the
    /// reason says why the app could not expand it.
    case openInBrowser(Link, reason: ShortLinkError)

    /// The decision to act on: the receiver's, or the long link's; `nil` for the browser.
    public var decision: LinkDecision? {
        switch self {
        case .decided(let decision), .expanded(_, let decision): decision
        case .openInBrowser: nil
        }
    }
}

/// The app's half of short links: a decision that routed to the short-link route is expanded
/// through the site, and the long link sent through the receiver like any other link.
///
/// ```swift
/// let expander = ShortLinkExpander(receiver: receiver, route: shortLinks, transport: SessionTransport(),
///                                  appVersion: "2.5")
/// switch await expander.open(receiver.receive(url: text)) {
/// case .decided(let decision), .expanded(_, let decision): handle(decision)
/// case .openInBrowser(let link, _): if let url = link.url { openInSafari(url) }
/// }
/// ```
///
/// The long link earns no trust from having come through the site: it is gated, routed and, for
/// a sensitive route, confirmed exactly as if it had been tapped. An expansion that names
/// another code, or that is itself a short link, is refused (no chains, no loops).
public struct ShortLinkExpander: Sendable {
    /// The receiver that decides the short link and then the long one.
    public let receiver: LinkReceiver
    /// The short-link route of the receiver's table.
    public let route: ShortLinkRoute
    /// How the expansion is fetched.
    public let transport: any ShortLinkTransport
    /// The running app's version (numbers and dots), compared with an expansion's
    /// ``ShortLinkExpansion/minimumAppVersion``; `nil` skips the comparison.
    public let appVersion: String?

    /// Creates an expander.
    public init(
        receiver: LinkReceiver, route: ShortLinkRoute, transport: any ShortLinkTransport,
        appVersion: String? = nil
    ) {
        self.receiver = receiver
        self.route = route
        self.transport = transport
        self.appVersion = appVersion
    }

    /// Expands the decision's link when it is a short link.
    ///
    /// Cost: one request to the site, plus the receiver's decision of the long link.
    public func open(_ decision: LinkDecision) async -> ShortLinkOpening {
        await open(decision, deferred: false)
    }

    /// Expands a short link; a deferred one (``DeferredLinkIntake``) asks with `?via=deferred`,
    /// so that the site counts it as such.
    func open(_ decision: LinkDecision, deferred: Bool) async -> ShortLinkOpening {
        guard let match = decision.match, let code = route.code(of: match) else { return .decided(decision) }
        let url = match.canonicalLink + (deferred ? "?via=deferred" : "")
        let answer: ShortLinkAnswer
        do {
            answer = try await transport.get(url)
        } catch {
            return .openInBrowser(match.link, reason: .transportFailed("\(error)"))
        }
        switch expansion(of: answer, code: code) {
        case .failure(let reason): return .openInBrowser(match.link, reason: reason)
        case .success(let expansion):
            let long = receiver.receive(url: expansion.link)
            if let inner = long.match, route.code(of: inner) != nil {
                return .openInBrowser(match.link, reason: .linkIsShortLink(expansion.link))
            }
            return .expanded(expansion, long)
        }
    }

    /// The expansion an answer carries for a code, or why it carries none.
    func expansion(of answer: ShortLinkAnswer, code: ShortCode) -> Result<ShortLinkExpansion, ShortLinkError>
    {
        switch answer.status {
        case 200: break
        case 404: return .failure(.unknownCode(code))
        case 410: return .failure(.expired(code, at: nil))
        default: return .failure(.unexpectedStatus(answer.status))
        }
        let expansion: ShortLinkExpansion
        do {
            expansion = try ShortLinkExpansion(json: answer.body)
        } catch {
            return .failure(error)
        }
        guard expansion.code == code else {
            return .failure(.invalidExpansion("it is the expansion of '\(expansion.code)', not of '\(code)'"))
        }
        if let required = expansion.minimumAppVersion, let running = appVersion,
            AppVersion.isOlder(running, than: required)
        {
            return .failure(.appTooOld(required: required, running: running))
        }
        return .success(expansion)
    }
}

/// Versions as numbers and dots, compared number by number (`2.10` is newer than `2.9`;
/// missing numbers are 0, so `2` equals `2.0`).
package enum AppVersion {
    /// The numbers of a version, or `nil` when it is not one to four numbers joined by dots.
    package static func numbers(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...9).contains(part.utf8.count), part.utf8.allSatisfy({ (48...57).contains($0) }),
                let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// Whether `running` is older than `required`; a version that cannot be read is older.
    package static func isOlder(_ running: String, than required: String) -> Bool {
        guard let have = numbers(running) else { return true }
        guard let need = numbers(required) else { return false }
        for index in 0..<max(have.count, need.count) {
            let a = index < have.count ? have[index] : 0
            let b = index < need.count ? need[index] : 0
            if a != b { return a < b }
        }
        return false
    }
}
