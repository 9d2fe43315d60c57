import Foundation
import LinkPreviews

/// A response as a value: the HTTP layer only copies it onto the wire.
public struct PageResponse: Sendable, Hashable {
    /// The status code.
    public let status: Int
    /// The headers, in order; `Content-Length` is always present.
    public let headers: [ResponseHeader]
    /// The body; empty for `HEAD`.
    public let body: [UInt8]
}

/// What the site answers for a request: the association file, a landing page, the JSON form
/// of a preview, or an error, decided from the method, the raw request target and `Accept`.
///
/// | request | answer |
/// |---|---|
/// | `/.well-known/apple-app-site-association` | the generated file, `application/json`, never a redirect |
/// | any other path under `/.well-known/` | 404 |
/// | a link the route table serves, `Accept: application/json` | the preview's JSON form |
/// | a link the route table serves | the landing page (404 when the content does not exist) |
/// | a link the gate or the table refuses | 400, with the reason |
public struct PreviewPages: Sendable {
    /// The preview service.
    public let service: LinkPreviewService
    /// The association file endpoint.
    public let association: AssociationFileEndpoint
    /// The origin request targets are appended to (`https://photos.example.com`).
    public let origin: String

    /// The policy pages are sent with: the page's own, plus what only a header can say.
    public static let contentSecurityPolicy = LandingPage.contentSecurityPolicy + "; frame-ancestors 'none'"

    /// Creates the pages for a service, an endpoint and an origin.
    public init(service: LinkPreviewService, association: AssociationFileEndpoint, origin: String) {
        self.service = service
        self.association = association
        self.origin = origin
    }

    /// The answer to one request.
    ///
    /// - Parameters:
    ///   - method: the method, upper-case.
    ///   - target: the raw request target (`/albums/summer-2024?sort=name`).
    ///   - accept: the `Accept` header, if any.
    public func respond(method: String, target: String, accept: String?) async -> PageResponse {
        guard target.hasPrefix("/") else { return text(400, "the request target must be a path", method) }
        let path = String(target.prefix { $0 != "?" && $0 != "#" })
        switch association.respond(method: method, path: path) {
        case .serve(let status, let headers, let body):
            return PageResponse(status: status, headers: headers, body: body)
        case .methodNotAllowed(let allow):
            return text(405, "only GET and HEAD are allowed", method, extra: [ResponseHeader("Allow", allow)])
        case .notThisEndpoint:
            break
        }
        guard method == "GET" || method == "HEAD" else {
            return text(
                405, "only GET and HEAD are allowed", method, extra: [ResponseHeader("Allow", "GET, HEAD")])
        }
        if path.hasPrefix("/.well-known/") { return text(404, "not found", method) }

        let metadata: PreviewMetadata
        do {
            metadata = try await service.preview(for: origin + target)
        } catch {
            switch error {
            case .linkRefused, .linkRejected, .notAWebLink: return text(400, error.description, method)
            default: return text(500, "the preview could not be built: \(error.description)", method)
            }
        }
        let status = metadata.source.httpStatus
        if accept?.contains("application/json") == true, let json = try? metadata.jsonData() {
            return response(status, "application/json", Array(json), method)
        }
        return response(status, "text/html; charset=utf-8", Array(LandingPage(metadata).html.utf8), method)
    }

    private func response(
        _ status: Int, _ type: String, _ body: [UInt8], _ method: String, extra: [ResponseHeader] = []
    ) -> PageResponse {
        var headers = [
            ResponseHeader("Content-Type", type),
            ResponseHeader("Content-Length", String(body.count)),
            ResponseHeader("X-Content-Type-Options", "nosniff"),
        ]
        if type.hasPrefix("text/html") {
            headers += [
                ResponseHeader("Content-Security-Policy", Self.contentSecurityPolicy),
                ResponseHeader("Referrer-Policy", "strict-origin-when-cross-origin"),
                ResponseHeader("Cache-Control", "public, max-age=300"),
            ]
        }
        headers.append(ResponseHeader("Vary", "Accept"))
        return PageResponse(status: status, headers: headers + extra, body: method == "HEAD" ? [] : body)
    }

    private func text(_ status: Int, _ message: String, _ method: String, extra: [ResponseHeader] = [])
        -> PageResponse
    {
        response(status, "text/plain; charset=utf-8", Array((message + "\n").utf8), method, extra: extra)
    }
}
