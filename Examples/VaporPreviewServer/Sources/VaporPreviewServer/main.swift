// Serves the photo-album site over HTTP with Vapor: association file, assetlinks.json, link
// previews and landing pages.
//
//     VaporPreviewServer [--host 127.0.0.1] [--port 8080] [--albums N]
//
// `--albums N` adds N generated albums of 10,000 photos each to the sample catalog, so that a load
// measurement can ask for many distinct known links (`/albums?albumname=Album%201&index=0` …).
// Every request is answered by the SDK's `SiteResponder`; this file only copies the request's
// method, target and headers in and the answer out. The target is the one the client sent:
// Vapor's own server repairs it before any responder runs (`%zz` becomes `%25zz`), so the
// application is served by `RawTargetServer` (RawTargetServer.swift), which keeps it. `/fixed-page`
// answers a fixed page of the size of a landing page through the same stack, the baseline of the
// load measurements.
import Foundation
import LinkPreviews
import PhotoAlbumSite
import Vapor

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var host = "127.0.0.1"
var port = 8080
var generatedAlbums = 0
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else {
        fail("usage: VaporPreviewServer [--host ADDRESS] [--port NUMBER] [--albums N]")
    }
    switch option {
    case "--host": host = value
    case "--port":
        guard let number = Int(value), (1...65535).contains(number) else {
            fail("the port must be 1 to 65535: \(value)")
        }
        port = number
    case "--albums":
        guard let number = Int(value), (0...1_000).contains(number) else {
            fail("the number of generated albums must be 0 to 1000: \(value)")
        }
        generatedAlbums = number
    default:
        fail(
            "unknown option \(option); usage: VaporPreviewServer [--host ADDRESS] [--port NUMBER] [--albums N]"
        )
    }
}

let site: SiteResponder
do {
    site = try PhotoAlbumSite.responder(catalog: AlbumCatalog.sample.adding(generatedAlbums: generatedAlbums))
} catch {
    fail("the site's configuration is invalid: \(error)")
}
let fixedPage = await site.respond(
    to: SiteRequest(method: "GET", target: "/albums/summer-2024", host: PhotoAlbumSite.host))

// The adapter: request in, answer out. The target is the raw one that `RawTargetServer` kept,
// never `request.url`, which Vapor has repaired; a request that did not come through that
// server is refused rather than answered for a repaired link.
struct SiteAdapter: AsyncResponder {
    let site: SiteResponder
    let fixedPage: SiteResponse

    func respond(to request: Request) async throws -> Response {
        guard let target = request.storage[RawRequestTarget.self] else {
            return Response(
                status: .internalServerError, version: request.version,
                headersNoUpdate: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
                body: "the request target as sent was not kept: serve the site with RawTargetServer\n")
        }
        let answer =
            target == "/fixed-page"
            ? fixedPage
            : await site.respond(
                to: SiteRequest(
                    method: request.method.rawValue, target: target,
                    headers: request.headers.lazy.map { ($0.name, $0.value) }))
        return Response(
            status: HTTPResponseStatus(statusCode: answer.status), version: request.version,
            headersNoUpdate: HTTPHeaders(answer.headers.map { ($0.name, $0.value) }),
            body: Response.Body(buffer: ByteBuffer(bytes: answer.body)))
    }
}

// No command-line arguments reach Vapor: its default command serves on the address set here.
do {
    let app = try await Application.make(Environment(name: "production", arguments: ["VaporPreviewServer"]))
    app.http.server.configuration.hostname = host
    app.http.server.configuration.port = port
    app.responder.use { _ in SiteAdapter(site: site, fixedPage: fixedPage) }
    app.servers.use { RawTargetServer(application: $0) }
    print("VaporPreviewServer serving http://\(host):\(port)")
    do {
        try await app.execute()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
} catch {
    fail("the server stopped: \(error)")
}
