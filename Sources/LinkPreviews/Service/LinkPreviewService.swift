import DeepLinks

/// Previews for link text, decided by the same gate and route table the app uses.
///
/// For each link the service asks the `LinkReceiver` (the app's own entry point) for its outcome and answers:
///
/// | outcome | preview |
/// |---|---|
/// | the gate refuses the text | none: ``LinkPreviewError/linkRefused(_:)`` |
/// | a custom-scheme link the table rejects | none: ``LinkPreviewError/linkRejected(reason:)`` |
/// | any other custom-scheme link | none: ``LinkPreviewError/notAWebLink(scheme:)`` |
/// | open in the browser (no route, an invalid parameter) | the site's generic preview, ``PreviewSource/Kind/browserFallback`` |
/// | a route that must be confirmed | the generic preview, ``PreviewSource/Kind/confirmationRequired`` |
/// | a route without a provider | the generic preview, ``PreviewSource/Kind/noProvider`` |
/// | a route whose provider returns `nil` | the generic preview, ``PreviewSource/Kind/contentNotFound`` |
/// | a route whose provider returns a preview | that preview, ``PreviewSource/Kind/route`` |
///
/// The generic preview is built from the site's configuration alone, at the site's home
/// page: nothing the link carries reaches it. A routed preview's canonical link is written
/// back from the route and its typed parameters (`Router.link(for:parameters:scheme:host:)`),
/// leaving out query parameters that hold their default, so undeclared query items never
/// reach a page either. When the table names a canonical host (`RouteTable.canonicalHost`)
/// that the route serves, the canonical link and `og:url` use it whatever host the link
/// named: `https://www.shop.example.com/p/1` previews as `https://shop.example.com/p/1`.
///
/// ```swift
/// let service = try LinkPreviewService(receiver: receiver, site: site, providers: providers)
/// let metadata = try await service.preview(for: "https://photos.example.com/albums/summer-2024")
/// let head = HeadFragment(metadata).html
/// let page = LandingPage(metadata).html
/// let json = try metadata.jsonData()
/// ```
public struct LinkPreviewService: Sendable {
    /// The gate and route table that decide each link.
    public let receiver: LinkReceiver
    /// The site's configuration.
    public let site: PreviewSite
    /// The providers, by route name.
    public let providers: PreviewProviders
    /// The text limits.
    public let limits: PreviewLimits
    /// The sensitive or destructive routes whose pages carry their link to the app (the app
    /// asks before it acts); every other guarded route's page offers the home page's link.
    public let linkCarryingRoutes: Set<String>
    /// The links the home page offers, worked out once.
    private(set) var homeLinks = OfferedAppLinks.none
    /// The site's parts of every page, checked and cleaned once.
    private let siteParts: PreviewMetadata.SiteParts
    /// Whether every link the receiver's gate accepts, in that gate's canonical spelling, also
    /// passes the page's gates unchanged: the gate allows nothing the page's gates refuse (no
    /// IP literals, encoded separators or empty segments, limits no larger than the defaults).
    /// Links the receiver decided then reach a page without being parsed again.
    let linksNeedNoRecheck: Bool

    /// Creates a service and checks its configuration.
    ///
    /// - Parameters:
    ///   - receiver: the app's receiver: its gate, route table and scheme registrations.
    ///   - site: the site's configuration.
    ///   - providers: the preview providers, by route name.
    ///   - limits: the text limits.
    ///   - linkCarryingRoutes: sensitive or destructive routes whose landing pages carry their
    ///     own link to the app (a gift-code redemption, say, so that a user who has the app
    ///     keeps the code). The preview stays the generic one; only the app links change, and
    ///     the app still asks before it acts. By default no guarded route carries its link.
    /// - Throws: ``LinkPreviewError/unknownRoute(_:)`` for a provider or a link-carrying route
    ///   bound to a name the table does not have,
    ///   ``LinkPreviewError/providerTypeMismatch(route:reason:)`` for a provider bound to a
    ///   `RouteValue` type that does not fit its route, or the error the site's configuration
    ///   raises when its generic preview is built.
    public init(
        receiver: LinkReceiver, site: PreviewSite, providers: PreviewProviders,
        limits: PreviewLimits = PreviewLimits(), linkCarryingRoutes: Set<String> = []
    ) throws(LinkPreviewError) {
        let names = providers.routeNames + linkCarryingRoutes.sorted()
        if let unknown = names.first(where: { receiver.router.route(named: $0) == nil }) {
            throw .unknownRoute(unknown)
        }
        if let (route, typeError) = providers.typeErrorsByRoute(in: receiver.router).first {
            throw .providerTypeMismatch(route: route, reason: typeError.description)
        }
        _ = try PreviewMetadata.generic(site: site, source: PreviewSource(.browserFallback), limits: limits)
        self.siteParts = try PreviewMetadata.SiteParts(site: site, limits: limits)
        self.receiver = receiver
        self.site = site
        self.providers = providers
        self.limits = limits
        self.linkCarryingRoutes = linkCarryingRoutes
        self.linksNeedNoRecheck = PreviewMetadata.pageGatesAdmitAll(of: receiver.policy)
        homeLinks = offeredLinks(home: ())
    }

    /// The preview for link text.
    ///
    /// - Throws: ``LinkPreviewError`` when the link gets no preview or a provider's preview
    ///   breaks a rule.
    public func preview(for text: String) async throws(LinkPreviewError) -> PreviewMetadata {
        try metadata(for: try await resolve(text))
    }

    /// What a link resolves to before any text is cleaned or rendered: where the content
    /// comes from, the provider's preview as given, and the links offered to the app. Two
    /// equal resolutions give equal metadata, so a server can cache what it rendered by it.
    struct Resolution: Sendable, Hashable {
        /// Where the content came from.
        let source: PreviewSource
        /// The canonical link and the provider's preview, or `nil` for the generic preview.
        let routed: Routed?
        /// The links the page offers the app.
        let appLinks: OfferedAppLinks
        /// Whether the canonical link and the offered links are known to pass the page's gates
        /// in the spelling they have: the page then does not parse them again.
        var linksChecked = false
        /// The title, description or image shown instead of the preview's own (a short
        /// link's), or `nil`.
        var override: PreviewOverride? = nil

        struct Routed: Sendable, Hashable {
            let canonicalURL: String
            let preview: LinkPreview
        }
    }

    /// What a link decides before its provider is asked: the generic preview and why, or the
    /// provider's request and the links offered to the app.
    ///
    /// A decision depends on the link text and the service's configuration alone (the
    /// receiver, the site and the providers are fixed when the service is made), so a server
    /// may keep it by the text and ask only the provider again: the provider's answer is the
    /// one part of a page that changes while the service runs.
    enum Decision: Sendable {
        /// Decided without a provider: a link the app opens in the browser, a guarded route, a
        /// route without a provider.
        case resolved(Resolution)
        /// A routed link: its provider, the request it is asked with, and the links offered.
        case provided(
            PreviewRequest, appLinks: OfferedAppLinks, linksChecked: Bool, provider: PreviewProviders.Provider
        )
    }

    /// Decides a link, asks its provider, and works out the links offered to the app.
    func resolve(_ text: String) async throws(LinkPreviewError) -> Resolution {
        try await resolve(try decide(text))
    }

    /// Decides a link and works out the links offered to the app, without asking a provider.
    ///
    /// Cost: the receiver's decision of the text, and for a routed link two reverse routings
    /// (the canonical link and the custom-scheme link) and the receiver's decision of each.
    func decide(_ text: String) throws(LinkPreviewError) -> Decision {
        switch receiver.receive(url: text).outcome {
        case .reject(.malformed(let error)):
            throw .linkRefused(error)
        case .reject(let rejection):
            throw .linkRejected(reason: rejection.description)
        case .openInBrowser:
            return .resolved(
                Resolution(source: PreviewSource(.browserFallback), routed: nil, appLinks: homeLinks))
        case .confirm(let match):
            guard match.link.isWeb else { throw .notAWebLink(scheme: match.link.scheme) }
            let links = linkCarryingRoutes.contains(match.route) ? try offeredLinks(for: match) : homeLinks
            return .resolved(
                Resolution(
                    source: PreviewSource(.confirmationRequired, routeName: match.route), routed: nil,
                    appLinks: links))
        case .route(let match):
            guard match.link.isWeb else { throw .notAWebLink(scheme: match.link.scheme) }
            let canonical: String
            let links: OfferedAppLinks
            var checked = false
            if let written = writtenLinks(for: match, decidedText: text) {
                (canonical, links) = written
                checked = linksNeedNoRecheck
            } else {
                canonical = try canonicalLink(for: match)
                links = offeredLinks(for: match, webLink: canonical)
            }
            guard let provider = providers[match.route] else {
                return .resolved(
                    Resolution(
                        source: PreviewSource(.noProvider, routeName: match.route), routed: nil,
                        appLinks: links))
            }
            let request = PreviewRequest(
                route: match.route, parameters: match.parameters, canonicalURL: canonical)
            return .provided(request, appLinks: links, linksChecked: checked, provider: provider)
        }
    }

    /// Asks a decision's provider, if it has one: the resolution the page is made from.
    func resolve(_ decision: Decision) async throws(LinkPreviewError) -> Resolution {
        switch decision {
        case .resolved(let resolution):
            return resolution
        case .provided(let request, let links, let checked, let provider):
            let found: LinkPreview?
            do {
                found = try await provider(request)
            } catch {
                throw .providerFailed(route: request.route, message: String(describing: error))
            }
            guard let found else {
                return Resolution(
                    source: PreviewSource(.contentNotFound, routeName: request.route), routed: nil,
                    appLinks: links)
            }
            return Resolution(
                source: PreviewSource(.route, routeName: request.route),
                routed: Resolution.Routed(canonicalURL: request.canonicalURL, preview: found),
                appLinks: links,
                linksChecked: checked)
        }
    }

    /// The metadata of a resolution: cleaned, checked, with its tags.
    func metadata(for resolution: Resolution) throws(LinkPreviewError) -> PreviewMetadata {
        // The site's parts were checked when the service was made: each page checks and cleans
        // only what its link and its preview bring.
        guard let routed = resolution.routed else {
            return try PreviewMetadata(
                canonicalURL: site.homeURL,
                preview: resolution.override?.applied(to: site.fallback) ?? site.fallback,
                parts: siteParts, source: resolution.source, limits: limits, appLinks: resolution.appLinks)
        }
        // Without an override the provider's preview is passed as it is, not copied.
        if let override = resolution.override {
            return try PreviewMetadata(
                canonicalURL: routed.canonicalURL, preview: override.applied(to: routed.preview),
                parts: siteParts, source: resolution.source, limits: limits, appLinks: resolution.appLinks,
                linksChecked: resolution.linksChecked)
        }
        return try PreviewMetadata(
            canonicalURL: routed.canonicalURL, preview: routed.preview, parts: siteParts,
            source: resolution.source, limits: limits, appLinks: resolution.appLinks,
            linksChecked: resolution.linksChecked)
    }

    /// The link written back from the route and its typed parameters, without the query
    /// parameters that hold their default.
    func canonicalLink(for match: RouteMatch) throws(LinkPreviewError) -> String {
        let parameters = writtenParameters(of: match)
        do {
            // The table's canonical host, when the route serves it, names the page once.
            let host = receiver.canonicalHost(forRoute: match.route) ?? match.link.host
            let text = try receiver.router.link(
                for: match.route, parameters: parameters, scheme: match.link.scheme, host: host)
            return try receiver.gate.parse(text).canonical
        } catch {
            throw .linkRejected(
                reason: "the link cannot be written back from route '\(match.route)': \(error)")
        }
    }

    /// The canonical link and the offered links of a routed match, each link written once and
    /// decided once by the receiver; `nil` when a link does not come back exactly (the route,
    /// its parameters, and the text already in its canonical spelling), and the links are then
    /// worked out by ``canonicalLink(for:)`` and ``offeredLinks(for:)``, which give the same
    /// links whenever these do, or the error.
    ///
    /// A link the receiver leads back to the match's route with the match's parameters, whose
    /// canonical spelling is the text, is what reverse routing's own read-back returns, what
    /// the receiver's gate spells canonically, and a link the receiver accepts: the second and
    /// third reading of each link are left out. The links the receiver decided are in the
    /// receiver gate's canonical spelling: when that gate is no looser than the page's gates
    /// (``linksNeedNoRecheck``) the page does not parse them again either.
    ///
    /// `decidedText`, when given, is the text the receiver decided to `match` (`receive(url:)`
    /// gave `.route(match)` for it): a web link written with the same bytes is not decided again.
    func writtenLinks(for match: RouteMatch, decidedText: String? = nil) -> (
        canonical: String, links: OfferedAppLinks
    )? {
        // Most matches hold no query parameter at its default: their own parameters are
        // written, without a copy.
        guard holdsDefaultedQueryValue(match) else {
            return writtenLinks(for: match, parameters: match.parameters, decidedText: decidedText)
        }
        return writtenLinks(for: match, parameters: writtenParameters(of: match), decidedText: decidedText)
    }

    /// ``writtenLinks(for:decidedText:)`` with the parameters to write (``writtenParameters(of:)``).
    private func writtenLinks(for match: RouteMatch, parameters: RouteParameters, decidedText: String?) -> (
        canonical: String, links: OfferedAppLinks
    )? {
        let host = receiver.canonicalHost(forRoute: match.route) ?? match.link.host
        guard
            let web = decidedLink(
                for: match, parameters: parameters, scheme: match.link.scheme, host: host,
                decidedText: decidedText)
        else { return nil }
        var custom: String?
        if let scheme = site.app.customScheme?.name {
            // A custom-scheme link that cannot be written or is not accepted is not offered; one
            // that comes back in another spelling is left to the full check.
            switch customLink(for: match, parameters: parameters, scheme: scheme, webLink: web) {
            case .accepted(let text): custom = text
            case .refused: custom = nil
            case .unsure: return nil
            }
        }
        return (web, OfferedAppLinks(webLink: web, customSchemeLink: custom))
    }

    /// What became of a custom-scheme link written for a match.
    private enum CustomLink {
        /// Written, and accepted exactly (the route, its parameters, the canonical spelling).
        case accepted(String)
        /// Not written, or refused (the old check would not offer it either).
        case refused
        /// Written, but not exactly as it comes back: left to the full check.
        case unsure
    }

    /// The custom-scheme link written for a match (made from its web link `webLink` when the
    /// scheme's host is a domain) and decided once by the receiver: accepted
    /// when it leads back exactly, refused when it cannot be written (the full check would not
    /// offer it either), and left to the full check otherwise. A link the receiver is known to
    /// decide as it decided `webLink` (`LinkReceiver.customSchemeLinkDecidedAlike`) is accepted
    /// without being decided.
    private func customLink(
        for match: RouteMatch, parameters: RouteParameters, scheme: String, webLink: String
    ) -> CustomLink {
        let written: (text: String, link: Link?, outcome: LinkOutcome)
        do {
            // A link the receiver is known to decide as it decided the web link is not read.
            if let known = try receiver.customSchemeLinkDecidedAlike(
                for: match.route, scheme: scheme, webLink: webLink, routeHint: match.routeIndex)
            {
                return .accepted(known)
            }
            written = try receiver.writtenLinkDecided(
                for: match.route, parameters: parameters, scheme: scheme, host: nil, webLink: webLink)
        } catch {
            return .refused
        }
        switch written.outcome {
        case .route(let back), .confirm(let back):
            // The receiver's own gate spells the text as it is: the page's gate will too.
            if back.route == match.route, back.parameters == match.parameters,
                let link = written.link, UTF8Text.sameBytes(link.canonical, written.text)
            {
                return .accepted(written.text)
            }
            return .unsure
        case .reject, .openInBrowser:
            return .unsure
        }
    }

    /// A link written for a match and decided once, when the receiver leads it back exactly:
    /// to the match's route, with the match's parameters, the text its canonical spelling.
    ///
    /// `decidedText` is the text the receiver decided to `match`: a link written with the same
    /// bytes goes through the same gate and the same table, so it is decided as `match` was,
    /// and only its spelling is left to compare.
    private func decidedLink(
        for match: RouteMatch, parameters: RouteParameters, scheme: String, host: String?,
        decidedText: String?
    ) -> String? {
        guard
            let text = try? receiver.writtenLinkText(
                for: match.route, parameters: parameters, scheme: scheme, host: host,
                routeHint: match.routeIndex, reusing: decidedText)
        else { return nil }
        if let decidedText, match.link.isWeb, UTF8Text.sameBytes(text, decidedText) {
            return UTF8Text.sameBytes(match.link.canonical, text) ? text : nil
        }
        let written = receiver.decideWritten(text)
        switch written.outcome {
        case .route(let back), .confirm(let back):
            guard back.route == match.route, back.parameters == match.parameters,
                let link = written.link, UTF8Text.sameBytes(link.canonical, text)
            else { return nil }
            return text
        case .reject, .openInBrowser:
            return nil
        }
    }

    /// Whether a match holds a query parameter at its default, which its written links leave
    /// out (``writtenParameters(of:)``).
    private func holdsDefaultedQueryValue(_ match: RouteMatch) -> Bool {
        receiver.queryParameters(ofRoute: match.route, hint: match.routeIndex).contains {
            Self.holdsDefault($0, in: match.parameters)
        }
    }

    /// A match's parameters without the query parameters that hold their default.
    func writtenParameters(of match: RouteMatch) -> RouteParameters {
        var parameters = match.parameters
        for query in receiver.queryParameters(ofRoute: match.route, hint: match.routeIndex)
        where Self.holdsDefault(query, in: parameters) {
            parameters[query.name] = nil
        }
        return parameters
    }

    /// Whether `parameters` hold a query parameter's default value.
    private static func holdsDefault(_ query: QueryParameter, in parameters: RouteParameters) -> Bool {
        guard case .defaulted(let text) = query.requirement else { return false }
        return parameters[query.name]?.text == text
    }

    /// The links a page for a matched route offers the app: the route's web link and its
    /// custom-scheme link, each written by reverse routing and kept only when the receiver
    /// leads it back to the same route (to navigate, or to ask first).
    func offeredLinks(for match: RouteMatch) throws(LinkPreviewError) -> OfferedAppLinks {
        offeredLinks(for: match, webLink: try canonicalLink(for: match))
    }

    /// The links offered for a matched route whose canonical link is already written.
    private func offeredLinks(for match: RouteMatch, webLink web: String) -> OfferedAppLinks {
        var custom: String?
        if let scheme = site.app.customScheme?.name,
            let text = try? receiver.link(
                for: match.route, parameters: writtenParameters(of: match), scheme: scheme)
        {
            // A link the receiver wrote by deciding it is one it accepts: no second decision.
            let accepted = receiver.decidesWrittenLinks(scheme: scheme) || accepts(text, route: match.route)
            custom = accepted ? text : nil
        }
        return OfferedAppLinks(
            webLink: accepts(web, route: match.route) ? web : nil, customSchemeLink: custom)
    }

    /// The links the home page offers: those of the route the home page leads to, if the app
    /// has one.
    private func offeredLinks(home: Void) -> OfferedAppLinks {
        guard case .route(let match) = receiver.receive(url: site.homeURL).outcome, match.link.isWeb,
            let links = try? offeredLinks(for: match)
        else { return .none }
        return links
    }

    /// Whether the app's receiver takes a link to a route (to show it, or to ask first).
    private func accepts(_ text: String, route: String) -> Bool {
        switch receiver.receive(url: text).outcome {
        case .route(let match), .confirm(let match): match.route == route
        case .reject, .openInBrowser: false
        }
    }
}
