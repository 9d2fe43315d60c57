// The request target as the client sent it, for a Vapor application.
//
// Vapor 4's own HTTP server makes each request's `url` with `URI(path:)`, which goes through
// Foundation's URL parser: it repairs the target before any responder or middleware runs
// (`/albums/%zz` becomes `/albums/%25zz`, `/a%` becomes `/a%25`, `/a\b` becomes `/a%5Cb`,
// `//albums` becomes `/albums`), and its channel pipeline has no place for a handler that sees
// NIO's `HTTPRequestHead.uri` first. A repaired target is another link: the site would answer
// a link nobody sent, where it must refuse the one that was sent.
//
// So this example gives Vapor another `Server` (Vapor's own extension point,
// `app.servers.use`): SwiftNIO's standard HTTP/1.1 pipeline (the parser, pipelining, `400` for
// a request it cannot parse) and one handler that keeps `head.uri` in the request's storage,
// hands the request to the application's responder, and writes the response back as it is.
// Vapor's `request.url` still holds Vapor's reading of the target; the site adapter never reads
// it.
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Vapor

/// The request target exactly as the client sent it (`HTTPRequestHead.uri`), which
/// ``RawTargetServer`` keeps in every request's storage.
struct RawRequestTarget: StorageKey {
    typealias Value = String
}

/// A Vapor `Server` over SwiftNIO's HTTP/1.1 pipeline that keeps each request's raw target
/// (``RawRequestTarget``) and answers with the application's responder.
///
/// HTTP/1.1 over plain TCP or a Unix socket; no TLS, no HTTP/2, no upgrades. Request bodies are
/// read and dropped: the site answers from the request line and the headers alone.
final class RawTargetServer: Server {
    private let application: Application
    private let channel: NIOLockedValueBox<Channel?>

    /// Creates a server for an application; it listens once started.
    init(application: Application) {
        self.application = application
        self.channel = NIOLockedValueBox(nil)
    }

    /// Completes when the listening socket is closed (at once when the server never started).
    var onShutdown: EventLoopFuture<Void> {
        channel.withLockedValue { $0 }?.closeFuture
            ?? application.eventLoopGroup.any().makeSucceededVoidFuture()
    }

    /// Starts listening on `address`, or on the application's configured address when `nil`; a
    /// host or port left `nil` is taken from the configuration.
    func start(address: BindAddress?) async throws {
        let bound = try await bind(address).get()
        channel.withLockedValue { $0 = bound }
    }

    /// Starts listening, blocking the calling thread until the socket is bound.
    @available(*, noasync, message: "Use the async start(address:) instead.")
    func start(address: BindAddress?) throws {
        let bound = try bind(address).wait()
        channel.withLockedValue { $0 = bound }
    }

    /// Closes the listening socket.
    func shutdown() async {
        try? await channel.withLockedValue { $0 }?.close().get()
    }

    /// Closes the listening socket, blocking the calling thread until it is closed.
    @available(*, noasync, message: "Use the async shutdown() instead.")
    func shutdown() {
        try? channel.withLockedValue { $0 }?.close().wait()
    }

    private func bind(_ address: BindAddress?) -> EventLoopFuture<Channel> {
        let configuration = application.http.server.configuration
        let application = application
        let bootstrap = ServerBootstrap(group: application.eventLoopGroup)
            .serverChannelOption(ChannelOptions.backlog, value: Int32(configuration.backlog))
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(RawTargetHandler(application: application))
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
        switch address ?? configuration.address {
        case .hostname(let hostname, let port):
            return bootstrap.bind(host: hostname ?? configuration.hostname, port: port ?? configuration.port)
        case .unixDomainSocket(let path):
            return bootstrap.bind(unixDomainSocketPath: path)
        }
    }
}

/// Turns NIO's request parts into Vapor requests that carry their raw target, and Vapor's
/// responses back into response parts: the status, the headers and the body, unchanged.
///
/// NIO's pipelining handler in front of it hands over one request at a time, so a request's
/// head is kept only until its end arrives.
private final class RawTargetHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let application: Application
    private var head: HTTPRequestHead?

    init(application: Application) {
        self.application = application
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    /// Closes the connection on any error, as Vapor's server does: after a request it could not
    /// parse (answered `400` by NIO's error handler), the parser reads nothing more.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let request = Request(
            application: application, method: head.method, url: URI(path: head.uri), version: head.version,
            headersNoUpdate: head.headers, remoteAddress: context.channel.remoteAddress,
            peerCertificateChain: nil, logger: application.logger,
            byteBufferAllocator: context.channel.allocator, on: context.eventLoop)
        request.storage[RawRequestTarget.self] = head.uri
        let keepAlive = head.isKeepAlive
        let bound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
        application.responder.current.respond(to: request)
            .flatMap { response in
                response.body.collect(on: request.eventLoop).map { (response, $0) }
            }
            .hop(to: context.eventLoop)
            .whenComplete { result in
                let (context, handler) = bound.value
                switch result {
                case .success(let (response, body)):
                    handler.write(response, body: body, keepAlive: keepAlive, context: context)
                case .failure(let error):
                    handler.application.logger.error("the responder failed: \(error)")
                    context.close(promise: nil)
                }
            }
    }

    private func write(
        _ response: Response, body: ByteBuffer?, keepAlive: Bool, context: ChannelHandlerContext
    ) {
        var headers = response.headers
        if !keepAlive { headers.replaceOrAdd(name: .connection, value: "close") }
        context.write(
            wrapOutboundOut(
                .head(HTTPResponseHead(version: response.version, status: response.status, headers: headers))),
            promise: nil)
        if let body, body.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }
}
