// Serves the photo-album site over HTTP with Hummingbird: association file, assetlinks.json,
// link previews and landing pages.
//
//     PreviewServer [--host 127.0.0.1] [--port 8080] [--albums N]
//
// `--albums N` adds N generated albums of 10,000 photos each to the sample catalog, so that a load
// measurement can ask for many distinct known links (`/albums?albumname=Album%201&index=0` …).
// Every request is answered by the SDK's `SiteResponder`; this file only copies the request's
// method, target and headers in and the answer out. `/fixed-page` answers a fixed page of the
// size of a landing page through the same stack, the baseline of the load measurements. Put
// TLS in front of it in production: Apple fetches the association file over HTTPS only.
import Foundation
import HTTPTypes
import Hummingbird
import LinkPreviews
import PhotoAlbumSite

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
        fail("usage: PreviewServer [--host ADDRESS] [--port NUMBER] [--albums N]")
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
        fail("unknown option \(option); usage: PreviewServer [--host ADDRESS] [--port NUMBER] [--albums N]")
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

// The adapter: request in, answer out.
func answer(_ response: SiteResponse) -> Response {
    var fields = HTTPFields()
    for header in response.headers {
        if let name = HTTPField.Name(header.name) {
            fields.append(HTTPField(name: name, value: header.value))
        }
    }
    return Response(
        status: HTTPResponse.Status(code: response.status), headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
}
let responder = CallbackResponder<BasicRequestContext> { request, _ in
    let target = request.head.path ?? "/"
    if target == "/fixed-page" { return answer(fixedPage) }
    return answer(
        await site.respond(
            to: SiteRequest(
                method: request.method.rawValue, target: target, host: request.head.authority,
                headers: request.headers.lazy.map { ($0.name.rawName, $0.value) })))
}

let listening = "PreviewServer listening on http://\(host):\(port)"
let app = Application(
    responder: responder,
    configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
    onServerRunning: { _ in print(listening) })
try await app.runService()
