import DeepLinks
import LinkPreviews
import ShortLinks

/// A site's answers with short links: `GET <prefix>/<code>` expands the code, and every other
/// request goes to the site's ``SiteResponder``.
///
/// | request | answer |
/// |---|---|
/// | `GET <prefix>/<code>`, `Accept` preferring `application/json` | the ``ShortLinkExpansion``, `200`, `Cache-Control: no-store` |
/// | `GET <prefix>/<code>` | the long link's landing page, as the site answers the long link (the app link offered, so a visitor with the app goes straight in) |
/// | an unknown code, or a path under the prefix that is not a code and no other route takes | `404`, with the reason |
/// | an expired code | `410 Gone`, with the reason |
/// | anything else (a path under the prefix that another route of the table takes, too) | the site responder's answer |
///
/// ```swift
/// let responder = ShortLinkResponder(site: site, shortLinks: service)
/// let answer = await responder.respond(to: SiteRequest(method: "GET", target: "/s/spring-sale", host: "shop.example.com"))
/// ```
///
/// Cost: the site responder's; for a path under the prefix, the receiver's decision of it
/// (linear in the path) and one store lookup.
public struct ShortLinkResponder: Sendable {
    /// The site's own answers.
    public let site: SiteResponder
    /// The short links.
    public let shortLinks: ShortLinkService

    /// Creates a responder.
    public init(site: SiteResponder, shortLinks: ShortLinkService) {
        self.site = site
        self.shortLinks = shortLinks
    }

    /// The answer to one request.
    public func respond(to request: SiteRequest) async -> SiteResponse {
        guard request.method == "GET" || request.method == "HEAD",
            let target = SiteResponder.split(request.target)
        else { return await site.respond(to: request) }
        let path = target.pathAndQuery.prefix { $0 != "?" && $0 != "#" }
        let prefix = shortLinks.route.prefix + "/"
        guard path.hasPrefix(prefix) else { return await site.respond(to: request) }
        let text = String(path.dropFirst(prefix.count))
        // A path another route of the table takes (`/s/summer` declared on its own) is that
        // route's: vanity codes never shadow one, and nor does this responder.
        let routed = shortLinks.receiver.receive(url: shortLinks.url(forText: text))
        if let other = routed.match?.route, other != shortLinks.route.name {
            return await site.respond(to: request)
        }
        let code: ShortCode
        do {
            code = try ShortCode(text)
        } catch {
            return site.refusal(404, "no short link has this path: \(error)", request)
        }
        let link: ShortLink
        do {
            link = try await shortLinks.expand(code)
        } catch {
            if case .expired = error { return site.refusal(410, error.description, request) }
            if case .unknownCode = error { return site.refusal(404, error.description, request) }
            return site.refusal(500, "the short link could not be read", request)
        }
        if HTTPNegotiation.representation(accept: request.accept) == .json {
            return expansion(link.expansion, request)
        }
        guard let long = SiteResponder.split(link.expansion.link) else {
            return site.refusal(500, "the short link's long link is not a link", request)
        }
        var forwarded = request
        forwarded.target = long.pathAndQuery
        forwarded.host = long.host
        return await site.respond(to: forwarded)
    }

    private func expansion(_ expansion: ShortLinkExpansion, _ request: SiteRequest) -> SiteResponse {
        guard let body = try? Array(expansion.jsonData()) else {
            return site.refusal(500, "the short link's expansion could not be written", request)
        }
        return SiteResponse(
            status: 200,
            headers: [
                ResponseHeader("Content-Type", "application/json"),
                ResponseHeader("Content-Length", String(body.count)),
                ResponseHeader("Cache-Control", "no-store"),
                ResponseHeader("Vary", "Accept"),
            ] + site.securityHeaders,
            body: request.method == "HEAD" ? [] : body)
    }
}
