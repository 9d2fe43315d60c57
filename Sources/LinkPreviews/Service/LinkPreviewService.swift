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

    /// Creates a service and checks its configuration.
    ///
    /// - Throws: ``LinkPreviewError/unknownRoute(_:)`` for a provider bound to a name the
    ///   table does not have, or the error the site's configuration raises when its generic
    ///   preview is built.
    public init(
        receiver: LinkReceiver, site: PreviewSite, providers: PreviewProviders,
        limits: PreviewLimits = PreviewLimits()
    ) throws(LinkPreviewError) {
        if let unknown = providers.routeNames.first(where: { receiver.router.route(named: $0) == nil }) {
            throw .unknownRoute(unknown)
        }
        _ = try PreviewMetadata.generic(site: site, source: PreviewSource(.browserFallback), limits: limits)
        self.receiver = receiver
        self.site = site
        self.providers = providers
        self.limits = limits
    }

    /// The preview for link text.
    ///
    /// - Throws: ``LinkPreviewError`` when the link gets no preview or a provider's preview
    ///   breaks a rule.
    public func preview(for text: String) async throws(LinkPreviewError) -> PreviewMetadata {
        switch receiver.receive(url: text).outcome {
        case .reject(.malformed(let error)):
            throw .linkRefused(error)
        case .reject(let rejection):
            throw .linkRejected(reason: rejection.description)
        case .openInBrowser:
            return try generic(.browserFallback)
        case .confirm(let match):
            guard match.link.isWeb else { throw .notAWebLink(scheme: match.link.scheme) }
            return try generic(.confirmationRequired, match.route)
        case .route(let match):
            guard match.link.isWeb else { throw .notAWebLink(scheme: match.link.scheme) }
            return try await preview(for: match)
        }
    }

    private func preview(for match: RouteMatch) async throws(LinkPreviewError) -> PreviewMetadata {
        guard let provider = providers[match.route] else { return try generic(.noProvider, match.route) }
        let canonical = try canonicalLink(for: match)
        let request = PreviewRequest(
            route: match.route, parameters: match.parameters, canonicalURL: canonical)
        let found: LinkPreview?
        do {
            found = try await provider(request)
        } catch {
            throw .providerFailed(route: match.route, message: String(describing: error))
        }
        guard let found else { return try generic(.contentNotFound, match.route) }
        return try PreviewMetadata(
            canonicalURL: canonical, preview: found, site: site,
            source: PreviewSource(.route, routeName: match.route),
            limits: limits)
    }

    /// The link written back from the route and its typed parameters, without the query
    /// parameters that hold their default.
    func canonicalLink(for match: RouteMatch) throws(LinkPreviewError) -> String {
        var parameters = match.parameters
        if let route = receiver.router.route(named: match.route) {
            for query in route.query {
                if case .defaulted(let text) = query.requirement, parameters[query.name]?.text == text {
                    parameters[query.name] = nil
                }
            }
        }
        do {
            // The table's canonical host, when the route serves it, names the page once.
            let host = receiver.router.canonicalHost(for: match.route) ?? match.link.host
            let text = try receiver.router.link(
                for: match.route, parameters: parameters, scheme: match.link.scheme, host: host)
            return try receiver.gate.parse(text).canonical
        } catch {
            throw .linkRejected(
                reason: "the link cannot be written back from route '\(match.route)': \(error)")
        }
    }

    private func generic(_ kind: PreviewSource.Kind, _ route: String? = nil) throws(LinkPreviewError)
        -> PreviewMetadata
    {
        try PreviewMetadata.generic(site: site, source: PreviewSource(kind, routeName: route), limits: limits)
    }
}
