import DeepLinks
import Foundation
import LinkPreviews
import ShortLinks

/// A site's answers with short links: `GET <prefix>/<code>` expands the code, `<prefix>/-/…` is
/// the API behind a bearer token, and every other request goes to the site's `SiteResponder`.
///
/// | request | answer |
/// |---|---|
/// | `GET <prefix>/<code>`, `Accept` preferring `application/json` | the `ShortLinkExpansion`, `200`, `Cache-Control: no-store` |
/// | `GET <prefix>/<code>` | the long link's landing page, as the site answers the long link (the app link offered, so a visitor with the app goes straight in), with the short link kept for after an install (`LandingPage.DeferredLink`) and the link's preview override (`PreviewOverride`) in place of the page's own title, description or image |
/// | an unknown code, or a path under the prefix that is not a code and no other route takes | `404`, with the reason |
/// | an expired code | `410 Gone`, with the reason |
/// | `<prefix>/-/…` | the API (below), or `404` when no token is configured |
/// | anything else (a path under the prefix that another route of the table takes, too) | the site responder's answer |
///
/// The API answers only requests with `Authorization: Bearer <token>` (else `401`), in JSON:
///
/// | request | answer |
/// |---|---|
/// | `POST <prefix>/-/links`, a ``ShortLinkRequest`` | `201` `{"url": …, "link": ShortLink}` (`200` when a retry returns the first link) |
/// | `GET <prefix>/-/links?after=<code>&limit=<1…1000>` | `{"links": [ShortLink], "next": code}` (`next` only when more follow) |
/// | `GET <prefix>/-/links/<code>` | the ``ShortLink`` |
/// | `GET <prefix>/-/links/<code>/qr` | the short link's ``QRCode``, as SVG |
/// | `POST <prefix>/-/links/<code>/expire` | the ``ShortLink``, expired now |
/// | `GET <prefix>/-/stats?code=&route=&from=&to=` (days since 1970) | `{"counts": [ShortLinkCount]}` |
///
/// A refusal is `{"error": sentence}` with `400` (an invalid request or link), `404` (an
/// unknown code), `409` (a taken code), `413` (a body over ``longestAPIBody``) or `500` (the
/// store failed).
///
/// Each answered short link adds one to a counter (``ShortLinkEvent``): a page shown (and,
/// when the page offered the app a link, an app link offered), or an expansion fetched by the
/// app (`?via=deferred` for a deferred link's), per day and per class of client. A counter that cannot be written never fails the answer.
///
/// ```swift
/// let responder = ShortLinkResponder(site: site, shortLinks: service, apiToken: token)
/// let answer = await responder.respond(to: ShortLinkHTTPRequest(method: "GET", target: "/s/spring-sale", headers: []))
/// ```
///
/// Cost: the site responder's; for a path under the prefix, the receiver's decision of it
/// (linear in the path), one store lookup and one counter write; an API body is read only up
/// to ``longestAPIBody`` bytes.
public struct ShortLinkResponder: Sendable {
    /// The site's own answers.
    public let site: SiteResponder
    /// The short links.
    public let shortLinks: ShortLinkService
    /// The longest body the API reads: 16 KiB.
    public static let longestAPIBody = 16_384

    /// The API, or `nil` when no token is configured.
    private let api: ShortLinkAPI?

    /// Creates a responder; with an `apiToken` (at least 32 characters), the API answers
    /// requests that carry `Authorization: Bearer <token>`.
    ///
    /// - Throws: `ShortLinkError.invalidConfiguration(_:)` for a token shorter than 32
    ///   characters or holding a space or control character.
    public init(site: SiteResponder, shortLinks: ShortLinkService, apiToken: String? = nil)
        throws(ShortLinkError)
    {
        self.site = site
        self.shortLinks = shortLinks
        self.api = try apiToken.map { (token) throws(ShortLinkError) in
            try ShortLinkAPI(token: token, service: shortLinks)
        }
    }

    /// The answer to a request of the site alone (no API, no client class).
    public func respond(to request: SiteRequest) async -> SiteResponse {
        await respond(to: ShortLinkHTTPRequest(site: request))
    }

    /// The answer to one request.
    public func respond(to request: ShortLinkHTTPRequest) async -> SiteResponse {
        let siteRequest = request.site
        guard let target = SiteResponder.split(siteRequest.target) else {
            return await site.respond(to: siteRequest)
        }
        let path = target.pathAndQuery.prefix { $0 != "?" && $0 != "#" }
        let prefix = shortLinks.route.prefix + "/"
        guard path.hasPrefix(prefix) else { return await site.respond(to: siteRequest) }
        let rest = path.dropFirst(prefix.count)
        if rest == "-" || rest.hasPrefix("-/") {
            guard let api else { return site.refusal(404, "not found", siteRequest) }
            return await api.respond(
                to: request, path: rest.dropFirst(1), query: target.pathAndQuery[path.endIndex...], site: site
            )
        }
        guard siteRequest.method == "GET" || siteRequest.method == "HEAD" else {
            return await site.respond(to: siteRequest)
        }
        let text = String(rest)
        // A path another route of the table takes (`/s/summer` declared on its own) is that
        // route's: vanity codes never shadow one, and nor does this responder.
        let routed = shortLinks.receiver.receive(url: shortLinks.url(forText: text))
        if let other = routed.match?.route, other != shortLinks.route.name {
            return await site.respond(to: siteRequest)
        }
        let code: ShortCode
        do {
            code = try ShortCode(text)
        } catch {
            return site.refusal(404, "no short link has this path: \(error)", siteRequest)
        }
        let link: ShortLink
        do {
            link = try await shortLinks.expand(code)
        } catch {
            if case .expired = error { return site.refusal(410, error.description, siteRequest) }
            if case .unknownCode = error { return site.refusal(404, error.description, siteRequest) }
            return site.refusal(500, "the short link could not be read", siteRequest)
        }
        return await answer(link, request, pathAndQuery: target.pathAndQuery)
    }

    /// The answer for a live short link, counted: its expansion as JSON for the app, or the
    /// long link's landing page.
    private func answer(_ link: ShortLink, _ request: ShortLinkHTTPRequest, pathAndQuery: String) async
        -> SiteResponse
    {
        let siteRequest = request.site
        let code = link.code
        let wantsJSON = HTTPNegotiation.representation(accept: siteRequest.accept) == .json
        let platform = PlatformClass(userAgent: request.userAgent)
        if wantsJSON {
            let via = pathAndQuery.hasSuffix("?via=deferred")
            await record(via ? .deferredResolved : .expandedByApp, for: link, platform: platform)
            return Self.json(link.expansion, status: 200, siteRequest, site: site)
        }
        guard let long = SiteResponder.split(link.expansion.link) else {
            return site.refusal(500, "the short link's long link is not a link", siteRequest)
        }
        var forwarded = siteRequest
        forwarded.target = long.pathAndQuery
        forwarded.host = long.host
        let (answer, offersAppLink) = await site.respond(
            to: forwarded,
            deferred: LandingPage.DeferredLink(
                shortLink: shortLinks.url(for: code),
                playReferrer: DeferredLinkIntake.referrerKey + "=" + code.text),
            preview: link.preview)
        await record(.pageShown, for: link, platform: platform)
        if offersAppLink { await record(.appLinkOffered, for: link, platform: platform) }
        return answer
    }

    /// Adds one to a counter; a counter that cannot be written never fails the answer.
    private func record(_ event: ShortLinkEvent, for link: ShortLink, platform: PlatformClass) async {
        try? await shortLinks.store.record(
            event, for: link, platform: platform, day: ShortLinkCount.day(of: shortLinks.clock()))
    }

    /// A JSON answer that no cache keeps.
    static func json(_ value: some Encodable, status: Int, _ request: SiteRequest, site: SiteResponder)
        -> SiteResponse
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? Array(encoder.encode(value)) else {
            return site.refusal(500, "the answer could not be written as JSON", request)
        }
        return SiteResponse(
            status: status,
            headers: [
                ResponseHeader("Content-Type", "application/json"),
                ResponseHeader("Content-Length", String(body.count)),
                ResponseHeader("Cache-Control", "no-store"),
                ResponseHeader("Vary", "Accept"),
            ] + site.securityHeaders,
            body: request.method == "HEAD" ? [] : body)
    }
}
