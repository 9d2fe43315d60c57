import DeepLinks
import Foundation
import LinkPreviews
import ShortLinks

/// Makes, finds and expires a site's short links, bound to the app's own route table.
///
/// A short link can only be made for a link the app opens: the long link passes the app's
/// receiver (its gate and its table) and must route to a screen, on a host the site serves,
/// through a route that is not destructive. So a short link never points at a page the app
/// cannot show, never deletes anything, and goes stale loudly: the site answers an expired
/// code with `410` and an unknown one with `404`.
///
/// ```swift
/// let shortLinks = try ShortLinkService(
///     receiver: receiver, route: shortLinkRoute, hosts: [try SiteHost("shop.example.com")],
///     store: try SQLiteShortLinkStore(path: "short-links.sqlite"))
/// let link = try await shortLinks.create(ShortLinkRequest(link: "https://shop.example.com/p/42"))
/// shortLinks.url(for: link.code)   // "https://shop.example.com/s/k3v9q2m8x1c7z"
/// ```
public struct ShortLinkService: Sendable {
    /// The app's receiver: its gate and table decide every long link.
    public let receiver: LinkReceiver
    /// The short-link route of the receiver's table.
    public let route: ShortLinkRoute
    /// The site's hosts: long links must be on one of them, and short links are made on the
    /// first one's canonical host.
    public let hosts: [SiteHost]
    /// Where the links are kept.
    public let store: any ShortLinkStore
    /// The current time in seconds since 1970; the system clock unless given (tests pass a
    /// fixed one).
    public let clock: @Sendable () -> Int64

    /// How many random codes creation tries before it gives up (each collides with a
    /// probability below one in a billion for a store of a billion links).
    public static let randomCodeAttempts = 8
    /// The longest request key.
    public static let longestRequestKey = 128

    private let servedHosts: Set<String>

    /// Creates the service and checks that the receiver's table holds the short-link route.
    ///
    /// - Throws: `ShortLinkError.invalidConfiguration(_:)` when no host is given, or the
    ///   table has no route of the route's name, or a different one under that name.
    public init(
        receiver: LinkReceiver, route: ShortLinkRoute, hosts: [SiteHost], store: any ShortLinkStore,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) throws(ShortLinkError) {
        guard let first = hosts.first else {
            throw .invalidConfiguration("a short-link service needs a host")
        }
        guard let declared = receiver.router.route(named: route.name) else {
            throw .invalidConfiguration(
                "the app's table has no route '\(route.name)': add ShortLinkRoute's route to the table")
        }
        guard declared == route.route else {
            throw .invalidConfiguration(
                "the table's route '\(route.name)' is \(declared), not the short-link route \(route.route)")
        }
        self.receiver = receiver
        self.route = route
        self.hosts = hosts
        self.store = store
        self.clock = clock
        self.servedHosts = Set(hosts.flatMap { [$0.name, $0.canonicalHost] })
        let sample = route.url(for: ShortCode(checked: "sample-code"), host: first.canonicalHost)
        guard receiver.receive(url: sample).match?.route == route.name else {
            throw .invalidConfiguration(
                "the table does not route \(sample) to '\(route.name)': check the route's hosts and priority")
        }
    }

    /// The short link's URL, on the first host's canonical host.
    public func url(for code: ShortCode) -> String { url(forText: code.text) }

    /// The URL a code's text, checked or not, would have.
    func url(forText text: String) -> String {
        "https://" + hosts[0].canonicalHost + route.prefix + "/" + text
    }

    /// Makes a short link, or returns the one an earlier identical request made.
    ///
    /// A request with a ``ShortLinkRequest/requestKey`` already used returns that request's
    /// link (when it was for the same long link); a vanity code already held by the same long
    /// link with the same options returns that link. Either way a retry is safe.
    ///
    /// - Throws: `ShortLinkError` saying why: the long link is refused, not routed, on
    ///   another host, destructive, or a short link itself; a field is invalid; the vanity
    ///   code is not a code, is taken or would shadow a route; the store failed.
    ///
    /// Cost: the receiver's decision of the long link and of the short link, and one or two
    /// store calls (at most ``randomCodeAttempts`` insertions for a random code).
    public func create(_ request: ShortLinkRequest) async throws(ShortLinkError) -> ShortLink {
        let now = clock()
        try check(request, now: now)
        let (link, routeName) = try routedLink(request.link)
        let vanity: ShortCode?
        do {
            vanity = try request.code.map { (text) throws(ShortCodeError) in try ShortCode(text) }
        } catch {
            throw .invalidCode(request.code ?? "", reason: error)
        }
        for _ in 0..<(vanity == nil ? Self.randomCodeAttempts : 1) {
            let code = vanity ?? ShortCode.random()
            if let other = shadowingRoute(of: code) {
                if vanity != nil { throw .codeShadowsRoute(code, route: other) }
                continue
            }
            let made = ShortLink(
                expansion: ShortLinkExpansion(
                    code: code, link: link, route: routeName, fallbacks: request.fallbacks,
                    minimumAppVersion: request.minimumAppVersion, expiresAt: request.expiresAt),
                createdAt: now, requestKey: request.requestKey, preview: request.preview)
            switch try await store.insert(made) {
            case .inserted: return made
            case .sameRequest(let existing):
                guard existing.expansion.link == link else {
                    throw .invalidField(
                        "requestKey",
                        reason: "it was used for another link, \(existing.expansion.link.debugDescription)")
                }
                return existing
            case .codeTaken(let existing):
                if vanity == nil { continue }
                var same = made
                same.createdAt = existing.createdAt
                same.requestKey = existing.requestKey
                guard existing == same else { throw .codeTaken(code) }
                return existing
            }
        }
        throw .storeFailed("no free code after \(Self.randomCodeAttempts) random codes")
    }

    /// The live link of a code.
    ///
    /// - Throws: `ShortLinkError.unknownCode(_:)`, `ShortLinkError.expired(_:at:)`, or the
    ///   store's failure.
    public func expand(_ code: ShortCode) async throws(ShortLinkError) -> ShortLink {
        guard let link = try await store.link(for: code) else { throw .unknownCode(code) }
        guard link.isLive(at: clock()) else { throw .expired(code, at: link.expansion.expiresAt) }
        return link
    }

    /// Expires a code's link now (or keeps an earlier expiry), and returns it.
    ///
    /// - Throws: `ShortLinkError.unknownCode(_:)` or the store's failure.
    public func expire(_ code: ShortCode) async throws(ShortLinkError) -> ShortLink {
        guard let link = try await store.link(for: code) else { throw .unknownCode(code) }
        let now = clock()
        if let earlier = link.expansion.expiresAt, earlier <= now { return link }
        guard let changed = try await store.setExpiry(of: code, to: now) else { throw .unknownCode(code) }
        return changed
    }

    /// The long link's canonical text and route, or why it cannot have a short link.
    private func routedLink(_ text: String) throws(ShortLinkError) -> (String, String) {
        let match: RouteMatch
        switch receiver.receive(url: text).outcome {
        case .reject(let rejection): throw .linkRejected(text, reason: rejection)
        case .openInBrowser(_, let reason): throw .linkNotRouted(text, reason: reason)
        case .route(let routed), .confirm(let routed): match = routed
        }
        guard match.link.scheme == "https", let host = match.link.host, servedHosts.contains(host) else {
            throw .hostNotServed(text)
        }
        guard match.route != route.name else { throw .linkIsShortLink(text) }
        guard match.safety != .destructive else { throw .destructiveRoute(match.route) }
        return (match.canonicalLink, match.route)
    }

    /// The route other than the short-link route that the code's short link would take, if
    /// any: a code must never make a link another route answers.
    private func shadowingRoute(of code: ShortCode) -> String? {
        let decision = receiver.receive(url: url(for: code))
        guard let routed = decision.match?.route else { return "(none)" }
        return routed == route.name ? nil : routed
    }

    private func check(_ request: ShortLinkRequest, now: Int64) throws(ShortLinkError) {
        let fallbacks = [
            ("fallbacks.appStore", request.fallbacks.appStore),
            ("fallbacks.playStore", request.fallbacks.playStore),
            ("fallbacks.web", request.fallbacks.web),
        ]
        for case (let field, let url?) in fallbacks {
            do {
                _ = try Self.fallbackGate.parse(url)
            } catch {
                throw .invalidField(field, reason: "it must be an https URL: \(error)")
            }
        }
        if let version = request.minimumAppVersion, AppVersion.numbers(version) == nil {
            throw .invalidField(
                "minimumAppVersion", reason: "it must be one to four numbers joined by dots, such as 2.4.1")
        }
        if let expiry = request.expiresAt, expiry <= now {
            throw .invalidField(
                "expiresAt", reason: "it is not in the future (now is \(now) seconds since 1970)")
        }
        if let preview = request.preview { try Self.check(preview) }
        if let key = request.requestKey {
            guard (1...Self.longestRequestKey).contains(key.utf8.count),
                key.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else {
                throw .invalidField(
                    "requestKey",
                    reason:
                        "it must be 1 to \(Self.longestRequestKey) printable ASCII characters without spaces")
            }
        }
    }

    /// A preview override is shown as given: one that cleaning would change (a control
    /// character, spaces to fold, a title over its limit) is refused rather than changed.
    private static func check(_ preview: PreviewOverride) throws(ShortLinkError) {
        if let error = preview.validationError() { throw .invalidField("preview", reason: error.description) }
        let texts = [
            (PreviewField.title, preview.title), (.description, preview.description),
            (.imageAlt, preview.image?.alt),
        ]
        for case (let field, let text?) in texts {
            let cleaned = PreviewText.clean(text, field: field, limit: field.limit(in: PreviewLimits()))
            if let first = cleaned.adjustments.first {
                throw .invalidField(
                    "preview", reason: "its \(field) would be changed before it is shown: \(first)")
            }
        }
    }

    private static let fallbackGate = LinkGate(
        policy: LinkPolicy(allowedSchemes: ["https"], removedQueryItems: []))
}
