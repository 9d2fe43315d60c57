// Serves the photo-album site's association file and link previews over HTTP.
//
//     PreviewServer [--host 127.0.0.1] [--port 8080]
//
// Every request is answered by `PreviewPages`, which decides from the method, the raw request
// target and `Accept`; this file only copies its answer onto the wire. Put TLS in front of it
// in production: Apple fetches the association file over HTTPS only.
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
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else {
        fail("usage: PreviewServer [--host ADDRESS] [--port NUMBER]")
    }
    switch option {
    case "--host": host = value
    case "--port":
        guard let number = Int(value), (1...65535).contains(number) else {
            fail("the port must be 1 to 65535: \(value)")
        }
        port = number
    default: fail("unknown option \(option); usage: PreviewServer [--host ADDRESS] [--port NUMBER]")
    }
}

let pages: PreviewPages
do {
    pages = PreviewPages(
        service: try PhotoAlbumSite.service(),
        association: try AssociationFileEndpoint(file: try PhotoAlbumSite.associationFile()),
        origin: PhotoAlbumSite.origin)
} catch {
    fail("the site's configuration is invalid: \(error)")
}

let responder = CallbackResponder<BasicRequestContext> { request, _ in
    let answer = await pages.respond(
        method: request.method.rawValue, target: request.head.path ?? "/", accept: request.headers[.accept])
    var fields = HTTPFields()
    for header in answer.headers {
        if let name = HTTPField.Name(header.name) {
            fields.append(HTTPField(name: name, value: header.value))
        }
    }
    return Response(
        status: HTTPResponse.Status(code: answer.status), headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
}

let listening = "PreviewServer listening on http://\(host):\(port)"
let app = Application(
    responder: responder,
    configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
    onServerRunning: { _ in print(listening) })
try await app.runService()
