// A shop's site with short links on its own domain, served by Hummingbird: the association
// files, landing pages, and `/s/<code>` short links kept in a SQLite file, with the API behind
// a bearer token.
//
//     SHORT_LINK_STORE=links.sqlite SHORT_LINK_API_TOKEN=<32+ characters> ShortLinkSite [--host 127.0.0.1] [--port 8080]
//
// Every request is answered by the SDK's `ShortLinkResponder` (over its `SiteResponder`); this
// file holds the shop's table and copies each request in and each answer out.
import AssociatedDomains
import DeepLinks
import Foundation
import HTTPTypes
import Hummingbird
import LinkPreviews
import ShortLinkServer
import ShortLinks

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var host = "127.0.0.1"
var port = 8080
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else {
        fail("usage: ShortLinkSite [--host ADDRESS] [--port NUMBER]")
    }
    switch option {
    case "--host": host = value
    case "--port":
        guard let number = Int(value), (1...65535).contains(number) else {
            fail("the port must be 1 to 65535: \(value)")
        }
        port = number
    default: fail("unknown option \(option); usage: ShortLinkSite [--host ADDRESS] [--port NUMBER]")
    }
}
let environment = ProcessInfo.processInfo.environment

// The shop's table: products, a sensitive order list, a destructive account deletion, and the
// short links' route.
let shopHost = "shop.example.com"
let shortLinks = try ShortLinkRoute(prefix: "/s", hosts: [HostPattern(shopHost)])
let table = RouteTable(
    canonicalHost: shopHost, scope: RouteScope(schemes: ["https"], hosts: [HostPattern(shopHost)]),
    routes: [
        Route("product", "/p/:id(int 1...999999)"),
        Route("orders", "/orders", safety: .sensitive),
        Route("deleteAccount", "/account/delete", safety: .destructive),
        shortLinks.route,
    ])

let responder: ShortLinkResponder
do throws(any Error) {
    let receiver = try LinkReceiver(table: table)
    var providers = PreviewProviders()
    providers.bind("product") { request in
        LinkPreview(
            title: "Product \(request.parameters.integer("id") ?? 0)", description: "In stock at the Shop.")
    }
    let service = try LinkPreviewService(
        receiver: receiver,
        site: PreviewSite(
            name: "Shop", homeURL: "https://\(shopHost)/", fallback: LinkPreview(title: "Shop"),
            app: AppListing(name: "Shop", appStoreID: "1234567890", googlePlayPackage: "com.example.shop")),
        providers: providers)
    let generated = AppLinksGenerator(appIDs: ["ABCDE12345.com.example.shop"], domain: shopHost).generate(
        from: table)
    let site = try SiteResponder(
        service: service, hosts: [try SiteHost(shopHost)],
        associationFile: try AssociationFileEndpoint(file: generated.file))
    let store = try SQLiteShortLinkStore(path: environment["SHORT_LINK_STORE"] ?? "short-links.sqlite")
    responder = try ShortLinkResponder(
        site: site,
        shortLinks: try ShortLinkService(
            receiver: receiver, route: shortLinks, hosts: [try SiteHost(shopHost)], store: store),
        apiToken: environment["SHORT_LINK_API_TOKEN"])
} catch {
    fail("the site's configuration is invalid: \(error)")
}

// The adapter: request in (with its body, for the API), answer out.
let router = CallbackResponder<BasicRequestContext> { request, _ in
    var request = request
    let body =
        (try? await request.collectBody(upTo: ShortLinkResponder.longestAPIBody + 1)).map {
            Array(buffer: $0)
        } ?? []
    let answer = await responder.respond(
        to: ShortLinkHTTPRequest(
            method: request.method.rawValue, target: request.head.path ?? "/", host: request.head.authority,
            headers: request.headers.map { ($0.name.rawName, $0.value) }, body: body))
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

let listening = "ShortLinkSite listening on http://\(host):\(port)"
let app = Application(
    responder: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
    onServerRunning: { _ in print(listening) })
try await app.runService()
// Counters wait up to a second in memory: write them before the process ends.
try? await (responder.shortLinks.store as? SQLiteShortLinkStore)?.writeCounters()
