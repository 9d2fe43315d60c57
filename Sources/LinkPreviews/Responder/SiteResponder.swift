import DeepLinks

/// A site's whole answer to HTTP requests, free of any HTTP framework: (method, target, host,
/// headers) in, (status, headers, body) out.
///
/// One responder serves, from the app's own route table:
///
/// | request | answer |
/// |---|---|
/// | `/.well-known/apple-app-site-association`, `/apple-app-site-association` | the association file, `application/json`, never a redirect |
/// | `/.well-known/assetlinks.json` | the Android statement list, `application/json` |
/// | any other path under `/.well-known/` | 404 |
/// | a link the table routes to content, `Accept` preferring `application/json` | the preview as JSON |
/// | a link the table routes to content | the landing page (head tags for crawlers, the page for people) |
/// | content the provider cannot find | the site's generic page, 404 |
/// | a link the app would open in the browser, a route without a provider, a guarded route | the site's generic page, 200 |
/// | a link the gate or the table refuses, a malformed target | 400, with the reason |
/// | a method other than `GET` and `HEAD` | 405, `Allow: GET, HEAD` |
/// | a provider that fails | 500 |
///
/// Every answer with a body carries `Content-Length`, `X-Content-Type-Options: nosniff`,
/// `Referrer-Policy`, `X-Frame-Options: DENY` and a Content Security Policy; pages and the
/// well-known files carry an `ETag` and `Cache-Control`, and an `If-None-Match` naming the
/// tag gets `304 Not Modified`. `HEAD` gets the headers of `GET` and no body.
///
/// The request's link is the site host's origin and the target: `https://` + the canonical
/// host of the ``SiteHost`` the request named (the first host when it named none of them) +
/// the path and query. Nothing else of the request reaches a page, so the responder is
/// stateless and any number of copies behind a load balancer answer alike.
///
/// Each copy keeps what it worked out (``Configuration/cacheCapacity``): decided links by
/// their text (the gate's and the table's decision, the canonical link, the links offered to
/// the app), and rendered pages, with their headers, by what they were rendered from. A link's
/// decision and page are kept from the second time it is asked for (the first time, only its
/// hash is noted), so links seen once (most of a real site's) cost no copy and push out
/// nothing that is asked for again. A kept link costs two lookups and its provider, which is
/// asked every time, so a provider's new answer is served at once.
///
/// Cost: deciding a request is linear in the target and the headers it reads (the gate
/// refuses links over its limit of 4,096 bytes before routing), plus the provider; a page
/// is rendered in time linear in the cleaned preview, which ``PreviewLimits`` bounds. A kept
/// decision or page is found in time linear in the link, or in the preview, that keys it.
///
/// ```swift
/// let responder = try SiteResponder(
///     service: service, hosts: [try SiteHost("photos.example.com")],
///     associationFile: try AssociationFileEndpoint(file: file))
/// let response = await responder.respond(
///     to: SiteRequest(method: "GET", target: "/albums/summer-2024", host: "photos.example.com"))
/// response.status   // 200
/// ```
public struct SiteResponder: Sendable {
    /// What a site may change about its answers.
    public struct Configuration: Sendable, Hashable {
        /// The words and style of landing pages.
        public var template: LandingPageTemplate
        /// `Cache-Control` of pages and preview JSON with status 200: five minutes, so an
        /// edited title reaches caches soon.
        public var pageCacheControl: String
        /// `Cache-Control` of pages whose content was not found (404): a minute, so content
        /// that appears is not hidden for long.
        public var notFoundCacheControl: String
        /// `Cache-Control` of refusals (400, 405, unknown well-known paths): the same request
        /// always gets the same refusal from the same table.
        public var refusalCacheControl: String
        /// How many decided links, and how many rendered pages, each copy of the responder
        /// keeps (0: none). When full, the entry kept longest makes room. A link's decision
        /// and its page are kept from the second time it is asked for; the first time, its
        /// hash is noted in a table of as many words (at most 65,536). Links longer than
        /// ``SiteResponder/longestKeptLink`` bytes are decided every time.
        public var cacheCapacity: Int
        /// A `Strict-Transport-Security` value to send, when the site is only served over
        /// HTTPS and no proxy in front adds one.
        public var strictTransportSecurity: String?

        /// Creates a configuration; every value has a default.
        public init(
            template: LandingPageTemplate = .standard, pageCacheControl: String = "public, max-age=300",
            notFoundCacheControl: String = "public, max-age=60",
            refusalCacheControl: String = "public, max-age=300", cacheCapacity: Int = 1024,
            strictTransportSecurity: String? = nil
        ) {
            self.template = template
            self.pageCacheControl = pageCacheControl
            self.notFoundCacheControl = notFoundCacheControl
            self.refusalCacheControl = refusalCacheControl
            self.cacheCapacity = cacheCapacity
            self.strictTransportSecurity = strictTransportSecurity
        }
    }

    /// The `Content-Security-Policy` of landing pages: the page's own, plus what only a
    /// header can say.
    public static let pageContentSecurityPolicy =
        LandingPage.contentSecurityPolicy + "; frame-ancestors 'none'"
    /// The `Content-Security-Policy` of every other answer: nothing may load.
    public static let contentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"
    /// The methods the site answers.
    public static let allowedMethods = "GET, HEAD"
    /// The longest link, in bytes, whose decision is kept: longer links (rare, and all but
    /// refused at the gate's limit of 4,096 bytes) are decided every time, so the kept
    /// decisions hold at most ``Configuration/cacheCapacity`` links of this size.
    public static let longestKeptLink = 1024

    /// The preview service.
    public let service: LinkPreviewService
    /// The hosts, the first one answering requests that name no listed host.
    public let hosts: [SiteHost]
    /// The association file, if the site serves one.
    public let associationFile: AssociationFileEndpoint?
    /// The Android statement list, if the site serves one.
    public let assetLinks: AssetLinksEndpoint?
    /// The configuration.
    public let configuration: Configuration

    /// Each host's origin (`https://` and its canonical host), by the host's name.
    private let origins: [String: String]
    /// The same origins in the order of ``hosts``.
    private let originsInOrder: [String]
    private let primaryOrigin: String
    private let decisions: ResponderCache<HashedText, LinkPreviewService.Decision>
    /// The links decided once and not kept: a link is kept from the second time it is decided.
    private let seenLinks: SeenTexts
    private let pages: ResponderCache<RenderedPage.Key, RenderedPage>
    /// The security headers of pages and of preview JSON, written once.
    private let pageSecurity: [ResponseHeader]
    private let otherSecurity: [ResponseHeader]
    private let associationAnswer: WellKnownAnswer?
    private let assetLinksAnswer: WellKnownAnswer?

    /// Creates a responder and checks its configuration.
    ///
    /// - Throws: ``SiteResponderError`` when no host is given, a host is listed twice, the
    ///   app's gate refuses links on a canonical host, or a header value of the
    ///   configuration holds a control character.
    public init(
        service: LinkPreviewService, hosts: [SiteHost], associationFile: AssociationFileEndpoint? = nil,
        assetLinks: AssetLinksEndpoint? = nil, configuration: Configuration = Configuration()
    ) throws(SiteResponderError) {
        guard let primary = hosts.first else { throw .noHosts }
        var origins: [String: String] = [:]
        for host in hosts {
            guard origins[host.name] == nil else { throw .duplicateHost(host.name) }
            do {
                _ = try service.receiver.gate.parse("https://" + host.canonicalHost + "/")
            } catch {
                throw .hostRefusedByGate(host.canonicalHost, reason: error)
            }
            origins[host.name] = "https://" + host.canonicalHost
        }
        let values =
            [
                configuration.pageCacheControl, configuration.notFoundCacheControl,
                configuration.refusalCacheControl,
            ] + (configuration.strictTransportSecurity.map { [$0] } ?? [])
        if let bad = values.first(where: {
            $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        }) {
            throw .invalidConfiguration(
                "the header value \(LinkPreviewError.quote(bad)) holds a control character")
        }
        guard configuration.cacheCapacity >= 0 else {
            throw .invalidConfiguration("the cache capacity must not be negative")
        }
        self.service = service
        self.hosts = hosts
        self.associationFile = associationFile
        self.assetLinks = assetLinks
        self.configuration = configuration
        self.origins = origins
        self.originsInOrder = hosts.map { "https://" + $0.canonicalHost }
        self.primaryOrigin = "https://" + primary.canonicalHost
        self.decisions = ResponderCache(capacity: configuration.cacheCapacity)
        self.seenLinks = SeenTexts(capacity: configuration.cacheCapacity)
        self.pages = ResponderCache(capacity: configuration.cacheCapacity)
        let security = Self.securityHeaders(policy: Self.contentSecurityPolicy, configuration)
        self.otherSecurity = security
        self.pageSecurity = Self.securityHeaders(policy: Self.pageContentSecurityPolicy, configuration)
        self.associationAnswer = associationFile.map {
            WellKnownAnswer(body: $0.body, cacheControl: $0.cacheControl, security: security)
        }
        self.assetLinksAnswer = assetLinks.map {
            WellKnownAnswer(body: $0.body, cacheControl: $0.cacheControl, security: security)
        }
    }

    /// The answer to one request.
    public func respond(to request: SiteRequest) async -> SiteResponse {
        var offersAppLink = false
        return await respond(to: request, deferred: nil, preview: nil, offersAppLink: &offersAppLink)
    }

    /// The answer to one request reached through a short link: its landing page carries the
    /// deferred link (``LandingPage/DeferredLink``) and shows the short link's preview
    /// override; `offersAppLink` tells whether the page offered the app a link.
    package func respond(
        to request: SiteRequest, deferred: LandingPage.DeferredLink?, preview: PreviewOverride?
    ) async -> (response: SiteResponse, offersAppLink: Bool) {
        var offersAppLink = false
        let answer = await respond(
            to: request, deferred: deferred, preview: preview, offersAppLink: &offersAppLink)
        return (answer, offersAppLink)
    }

    private func respond(
        to request: SiteRequest, deferred: LandingPage.DeferredLink?, preview: PreviewOverride?,
        offersAppLink: inout Bool
    ) async -> SiteResponse {
        let isHead = request.method == "HEAD"
        guard let target = Self.split(request.target) else {
            return refusal(
                400, "the request target must be a path such as /albums, or an absolute http(s) URL", request)
        }
        if let answer = answerWithoutPage(request, pathAndQuery: target.pathAndQuery) { return answer }
        let origin =
            (target.host ?? request.host).flatMap { self.origin(ofHost: Self.hostName($0)) } ?? primaryOrigin
        let link = origin + target.pathAndQuery
        let decision: LinkPreviewService.Decision
        // A link decided for the first time is only noted as seen, its page rendered but not
        // kept: on a site's long tail of links seen once, keeping every decision and page would
        // copy, store and drop what is never asked for again. Decided a second time, its
        // decision and its page are kept. A link too long to keep its decision keeps its page
        // at once.
        var keepsPage = true
        // The link is hashed once here; the look-up, the note, the store and any entry the
        // store drops then hash an integer.
        let key = HashedText(link)
        if let kept = decisions.value(for: key) {
            decision = kept
        } else {
            do {
                decision = try service.decide(link)
            } catch {
                return failure(error, request)
            }
            if link.utf8.count <= Self.longestKeptLink {
                if seenLinks.seenBefore(key) {
                    decisions.store(decision, for: key)
                } else {
                    keepsPage = false
                }
            }
        }
        var resolution: LinkPreviewService.Resolution
        do {
            resolution = try await service.resolve(decision)
        } catch {
            return failure(error, request)
        }
        if let preview { resolution.override = preview }
        // Whether the page offers the app a link, for a short link's count (a flag, not a copy
        // of the resolution, which would retain each of its parts).
        offersAppLink = resolution.appLinks.appURL != nil
        let representation = HTTPNegotiation.representation(accept: request.accept)
        let page: RenderedPage
        do {
            if keepsPage {
                page = try keptOrRendered(
                    RenderedPage.Key(
                        resolution: resolution, representation: representation, deferred: deferred))
            } else {
                page = try render(resolution, representation, deferred)
            }
        } catch {
            return failure(error, request)
        }
        if HTTPNegotiation.matches(ifNoneMatch: request.ifNoneMatch, etag: page.etag) {
            return SiteResponse(status: 304, headers: page.notModifiedHeaders(), body: [])
        }
        return SiteResponse(status: page.status, headers: page.headers, body: isHead ? [] : page.body)
    }

    /// The most hosts looked up in order rather than by hash: hashing a host name reads all of
    /// it and costs more than comparing it with a few names, most of which differ in length.
    private static let hostsComparedInOrder = 8

    /// The origin of the listed host named `name`, `nil` when none is.
    private func origin(ofHost name: String) -> String? {
        guard hosts.count <= Self.hostsComparedInOrder else { return origins[name] }
        for index in hosts.indices where hosts[index].name == name { return originsInOrder[index] }
        return nil
    }

    /// The answer to a request that is not for a page: a target with a fragment, a well-known
    /// file, a method other than `GET` and `HEAD`, another well-known path; `nil` for a page.
    private func answerWithoutPage(_ request: SiteRequest, pathAndQuery: String) -> SiteResponse? {
        let target = Self.kind(of: pathAndQuery)
        if target == .withFragment {
            return refusal(400, "a request target has no fragment", request)
        }
        if let file = associationFile, let answer = associationAnswer,
            target == .associationFile || (file.servesLegacyPath && target == .legacyAssociationFile)
        {
            return wellKnown(answer, request)
        }
        if let answer = assetLinksAnswer, target == .assetLinks {
            return wellKnown(answer, request)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return refusal(405, "only GET and HEAD are allowed", request)
        }
        // A path in `/.well-known/` that is not served is not found; the legacy root path, when
        // not served, is a path like any other.
        switch target {
        case .associationFile, .assetLinks, .otherWellKnown: return refusal(404, "not found", request)
        case .withFragment, .legacyAssociationFile, .page: return nil
        }
    }

    /// What a request target names, by its path (the target up to its first `?`).
    enum TargetKind: Equatable {
        /// A target holding `#` anywhere.
        case withFragment
        /// ``AssociationFileEndpoint/path``.
        case associationFile
        /// ``AssociationFileEndpoint/legacyPath``.
        case legacyAssociationFile
        /// ``AssetLinksEndpoint/path``.
        case assetLinks
        /// Any other path in `/.well-known/`, or `/.well-known` itself.
        case otherWellKnown
        /// Any other path: a page's.
        case page
    }

    private static let associationPath = Array(AssociationFileEndpoint.path.utf8)
    private static let legacyAssociationPath = Array(AssociationFileEndpoint.legacyPath.utf8)
    private static let assetLinksPath = Array(AssetLinksEndpoint.path.utf8)
    private static let wellKnownFolder = Array("/.well-known/".utf8)
    private static let wellKnown = Array("/.well-known".utf8)

    /// What a request target names, read in one pass over its bytes.
    static func kind(of target: String) -> TargetKind {
        TextSpan.read(target) { bytes in
            var pathEnd = bytes.count
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == UInt8(ascii: "#") { return .withFragment }
                if byte == UInt8(ascii: "?"), pathEnd == bytes.count { pathEnd = index }
            }
            if samePath(bytes, pathEnd, associationPath) { return .associationFile }
            if samePath(bytes, pathEnd, legacyAssociationPath) { return .legacyAssociationFile }
            if samePath(bytes, pathEnd, assetLinksPath) { return .assetLinks }
            // `/.well-known` itself, or any path in it.
            let folder = wellKnownFolder
            if samePath(bytes, pathEnd, wellKnown) { return .otherWellKnown }
            if pathEnd >= folder.count, startsWith(bytes, folder) { return .otherWellKnown }
            return .page
        }
    }

    /// Whether the first `count` bytes are `expected`.
    private static func samePath(_ bytes: Span<UInt8>, _ count: Int, _ expected: [UInt8]) -> Bool {
        count == expected.count && startsWith(bytes, expected)
    }

    /// Whether the bytes start with `prefix`.
    private static func startsWith(_ bytes: Span<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard bytes.count >= prefix.count else { return false }
        for index in prefix.indices where bytes[index] != prefix[index] { return false }
        return true
    }

    /// The page of a key: kept, or rendered now and kept.
    private func keptOrRendered(_ key: RenderedPage.Key) throws(LinkPreviewError) -> RenderedPage {
        if let kept = pages.value(for: key) { return kept }
        let page = try render(key.resolution, key.representation, key.deferred)
        pages.store(page, for: key)
        return page
    }

    /// Renders a resolution: the landing page or the preview JSON, its status, its tag and the
    /// headers of its answers.
    private func render(
        _ resolution: LinkPreviewService.Resolution, _ representation: HTTPNegotiation.Representation,
        _ deferred: LandingPage.DeferredLink?
    ) throws(LinkPreviewError) -> RenderedPage {
        let metadata = try service.metadata(for: resolution)
        let status = metadata.source.httpStatus
        let body: [UInt8]
        let type: String
        let etag: String
        switch representation {
        case .html:
            // The page's tag is worked out as it is written, its prepared parts by their own tags.
            let page = LandingPage.rendered(metadata, template: configuration.template, deferred: deferred)
            body = page.bytes
            etag = EntityTag.quotedHexadecimal(page.entityTag)
            type = "text/html; charset=utf-8"
        case .json:
            do {
                body = Array(try metadata.jsonData())
            } catch {
                throw .providerFailed(
                    route: metadata.source.routeName ?? "", message: "its preview cannot be written as JSON")
            }
            etag = HTTPNegotiation.entityTag(body)
            type = "application/json"
        }
        let cacheControl = status == 404 ? configuration.notFoundCacheControl : configuration.pageCacheControl
        let security = representation == .html ? pageSecurity : otherSecurity
        // The list is made at its final size in one allocation (a literal joined with `+` makes
        // two and copies the first). The headers of `304 Not Modified` are its end, from the
        // tag on: made only when one is sent.
        var headers: [ResponseHeader] = []
        headers.reserveCapacity(RenderedPage.notModifiedStart + 3 + security.count)
        headers.append(ResponseHeader("Content-Type", type))
        headers.append(ResponseHeader("Content-Length", String(body.count)))
        headers.append(ResponseHeader("ETag", etag))
        headers.append(ResponseHeader("Cache-Control", cacheControl))
        headers.append(ResponseHeader("Vary", "Accept"))
        headers.append(contentsOf: security)
        return RenderedPage(
            status: status, body: body, etag: etag, headers: headers)
    }

    /// A well-known file's answers, written once: its body, and the headers of `200` and `304`.
    private struct WellKnownAnswer: Sendable {
        let body: [UInt8]
        let headers: [ResponseHeader]
        let notModifiedHeaders: [ResponseHeader]
        let etag: String

        init(body: [UInt8], cacheControl: String, security: [ResponseHeader]) {
            let etag = HTTPNegotiation.entityTag(body)
            self.body = body
            self.etag = etag
            headers =
                [
                    ResponseHeader("Content-Type", "application/json"),
                    ResponseHeader("Content-Length", String(body.count)),
                    ResponseHeader("ETag", etag),
                    ResponseHeader("Cache-Control", cacheControl),
                ] + security
            notModifiedHeaders =
                [ResponseHeader("ETag", etag), ResponseHeader("Cache-Control", cacheControl)] + security
        }
    }

    private func wellKnown(_ answer: WellKnownAnswer, _ request: SiteRequest) -> SiteResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return refusal(405, "only GET and HEAD are allowed", request)
        }
        if HTTPNegotiation.matches(ifNoneMatch: request.ifNoneMatch, etag: answer.etag) {
            return SiteResponse(status: 304, headers: answer.notModifiedHeaders, body: [])
        }
        return SiteResponse(
            status: 200, headers: answer.headers, body: request.method == "HEAD" ? [] : answer.body)
    }

    private func failure(_ error: LinkPreviewError, _ request: SiteRequest) -> SiteResponse {
        switch error {
        case .linkRefused, .linkRejected, .notAWebLink:
            return refusal(400, error.description, request)
        case .providerFailed(let route, _):
            return refusal(
                500, "the preview for route \(LinkPreviewError.quote(route)) could not be built", request)
        default:
            return refusal(500, "the preview could not be built: \(error.description)", request)
        }
    }

    /// A plain-text answer: the reason, one line.
    package func refusal(_ status: Int, _ reason: String, _ request: SiteRequest) -> SiteResponse {
        let body = Array((reason + "\n").utf8)
        var headers = [
            ResponseHeader("Content-Type", "text/plain; charset=utf-8"),
            ResponseHeader("Content-Length", String(body.count)),
            ResponseHeader("Cache-Control", status >= 500 ? "no-store" : configuration.refusalCacheControl),
        ]
        if status == 405 { headers.append(ResponseHeader("Allow", Self.allowedMethods)) }
        headers += otherSecurity
        return SiteResponse(status: status, headers: headers, body: request.method == "HEAD" ? [] : body)
    }

    private static func securityHeaders(policy: String, _ configuration: Configuration) -> [ResponseHeader] {
        var headers = [
            ResponseHeader("Content-Security-Policy", policy),
            ResponseHeader("X-Content-Type-Options", "nosniff"),
            ResponseHeader("Referrer-Policy", "strict-origin-when-cross-origin"),
            ResponseHeader("X-Frame-Options", "DENY"),
        ]
        if let hsts = configuration.strictTransportSecurity {
            headers.append(ResponseHeader("Strict-Transport-Security", hsts))
        }
        return headers
    }

    /// The security headers of answers other than pages (the JSON and text ones), for the
    /// answers a module above adds to the site's.
    package var securityHeaders: [ResponseHeader] { otherSecurity }

    /// How many decided links and rendered pages this responder keeps (shared by its copies).
    var keptCounts: (decisions: Int, pages: Int) { (decisions.count, pages.count) }
}
