import Foundation
import LinkPreviews
import ShortLinks

/// The short-link API behind a bearer token: what ``ShortLinkResponder``'s documentation lists.
struct ShortLinkAPI: Sendable {
    let token: [UInt8]
    let service: ShortLinkService

    init(token: String, service: ShortLinkService) throws(ShortLinkError) {
        guard token.utf8.count >= 32, token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .invalidConfiguration(
                "the API token must be at least 32 printable ASCII characters without spaces")
        }
        self.token = Array(token.utf8)
        self.service = service
    }

    /// The refusal body.
    struct Refusal: Encodable {
        let error: String
    }

    /// A page of a listing.
    struct Page: Encodable {
        let links: [ShortLink]
        let next: ShortCode?
    }

    /// A link made.
    struct Made: Encodable {
        let url: String
        let link: ShortLink
    }

    /// The counters of a query.
    struct Counts: Encodable {
        let counts: [ShortLinkCount]
    }

    /// How a call's answer is written: JSON that no cache keeps, or a refusal with its reason.
    struct Reply {
        let request: SiteRequest
        let site: SiteResponder

        func json(_ value: some Encodable, _ status: Int = 200) -> SiteResponse {
            ShortLinkResponder.json(value, status: status, request, site: site)
        }

        func refusal(_ status: Int, _ reason: String) -> SiteResponse {
            json(Refusal(error: reason), status)
        }
    }

    /// Answers a request whose path, after the prefix, is `path` (starting with `/` or empty).
    func respond(
        to request: ShortLinkHTTPRequest, path: Substring, query: Substring, site: SiteResponder
    ) async -> SiteResponse {
        let reply = Reply(request: request.site, site: site)
        guard authorized(request.authorization) else {
            return reply.refusal(401, "the API needs the header Authorization: Bearer <token>")
        }
        let segments = Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
        let method = request.site.method
        let parameters = Self.parameters(query)
        do {
            switch (method, segments) {
            case ("POST", ["links"]):
                return try await create(from: request.body, reply)
            case ("GET", ["links"]):
                return try await list(parameters, reply)
            case ("GET", let parts) where parts.count == 2 && parts[0] == "links":
                return reply.json(try await storedLink(String(parts[1])))
            case ("GET", let parts) where parts.count == 3 && parts[0] == "links" && parts[2] == "qr":
                return try await qrCode(of: try await storedLink(String(parts[1])).code, reply)
            case ("POST", let parts) where parts.count == 3 && parts[0] == "links" && parts[2] == "expire":
                return reply.json(try await service.expire(try Self.code(String(parts[1]))))
            case ("GET", ["stats"]):
                return try await stats(parameters, reply)
            default:
                return reply.refusal(404, "the API has no \(method) \(service.route.prefix)/-\(path)")
            }
        } catch let error as ShortLinkError {
            switch error {
            case .unknownCode: return reply.refusal(404, error.description)
            case .codeTaken: return reply.refusal(409, error.description)
            case .storeFailed: return reply.refusal(500, error.description)
            default: return reply.refusal(400, error.description)
            }
        } catch {
            return reply.refusal(500, "\(error)")
        }
    }

    /// `POST links`: a link made from the body (`201`), or the one a retry returns (`200`).
    private func create(from body: [UInt8], _ reply: Reply) async throws -> SiteResponse {
        guard body.count <= ShortLinkResponder.longestAPIBody else {
            return reply.refusal(413, "the body is over \(ShortLinkResponder.longestAPIBody) bytes")
        }
        let made: ShortLinkRequest
        do {
            made = try JSONDecoder().decode(ShortLinkRequest.self, from: Data(body))
        } catch {
            return reply.refusal(
                400, "the body is not a short-link request: \(ShortLinkExpansion.describe(error))")
        }
        let existing = try await existingLink(for: made)
        let link = try await service.create(made)
        return reply.json(Made(url: service.url(for: link.code), link: link), existing == link ? 200 : 201)
    }

    /// `GET links?after=&limit=`: a page of the listing.
    private func list(_ parameters: [String: String], _ reply: Reply) async throws -> SiteResponse {
        let after = try parameters["after"].map { (text) throws(ShortLinkError) in try Self.code(text) }
        let limit = parameters["limit"].flatMap { Int($0) } ?? 100
        guard (1...1000).contains(limit) else {
            return reply.refusal(400, "limit must be a number from 1 to 1000")
        }
        let links = try await service.store.links(after: after, limit: limit + 1)
        return reply.json(
            Page(links: Array(links.prefix(limit)), next: links.count > limit ? links[limit - 1].code : nil))
    }

    /// The stored link of a code's text, expired or not.
    private func storedLink(_ text: String) async throws -> ShortLink {
        let code = try Self.code(text)
        guard let link = try await service.store.link(for: code) else {
            throw ShortLinkError.unknownCode(code)
        }
        return link
    }

    /// `GET links/<code>/qr`: the short link's QR code, as SVG.
    private func qrCode(of code: ShortCode, _ reply: Reply) async throws -> SiteResponse {
        let svg: String
        do {
            svg = try QRCode(service.url(for: code)).svg()
        } catch {
            return reply.refusal(500, error.description)
        }
        let body = Array(svg.utf8)
        return SiteResponse(
            status: 200,
            headers: [
                ResponseHeader("Content-Type", "image/svg+xml"),
                ResponseHeader("Content-Length", String(body.count)),
                ResponseHeader("Cache-Control", "no-store"),
            ] + reply.site.securityHeaders,
            body: reply.request.method == "HEAD" ? [] : body)
    }

    /// `GET stats?code=&route=&from=&to=`: the counters the query matches.
    private func stats(_ parameters: [String: String], _ reply: Reply) async throws -> SiteResponse {
        var query = ShortLinkCountQuery(route: parameters["route"])
        query.code = try parameters["code"].map { (text) throws(ShortLinkError) in try Self.code(text) }
        for (name, day) in [("from", \ShortLinkCountQuery.fromDay), ("to", \ShortLinkCountQuery.toDay)] {
            guard let text = parameters[name] else { continue }
            guard let number = Int64(text) else {
                return reply.refusal(400, "\(name) must be a day number (days since 1970)")
            }
            query[keyPath: day] = number
        }
        return reply.json(Counts(counts: try await service.store.counts(query)))
    }

    /// The link a retry of the request would return, if any: so the answer can say `200`
    /// instead of `201`.
    private func existingLink(for request: ShortLinkRequest) async throws -> ShortLink? {
        guard let text = request.code, let code = try? ShortCode(text) else { return nil }
        return try await service.store.link(for: code)
    }

    /// Compares the token in time that does not depend on where the texts first differ.
    private func authorized(_ header: String?) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let given = Array(header.utf8.dropFirst(7))
        var difference = UInt8(given.count == token.count ? 0 : 1)
        for index in token.indices { difference |= token[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0
    }

    private static func code(_ text: String) throws(ShortLinkError) -> ShortCode {
        do {
            return try ShortCode(text)
        } catch {
            throw .invalidCode(text, reason: error)
        }
    }

    /// The query's `name=value` pairs, percent-decoded; the first of a repeated name.
    static func parameters(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.drop(while: { $0 == "?" }).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first?.removingPercentEncoding, result[name] == nil else { continue }
            result[name] = parts.count == 2 ? parts[1].removingPercentEncoding ?? String(parts[1]) : ""
        }
        return result
    }
}
