import Foundation
import Testing

/// The nginx HTTPS server on 127.0.0.1 that `scripts/verify-domain-server.sh` starts, with a
/// certificate authority made for the run.
final class LoopbackServer: Sendable {
    /// The working folder: certificates, configuration, logs.
    let folder: URL
    /// The port nginx listens on.
    let port: Int

    /// The server of the running suite (see ``VerifyDomainServerTrait``).
    @TaskLocal static var current: LoopbackServer?

    /// The CA certificate to pass to `--ca-file`.
    var caFile: String { folder.appendingPathComponent("ca.crt").path }

    /// The base URL of a scenario (`good`, `redirect`, ...).
    func baseURL(_ scenario: String) -> String { "https://localhost:\(port)/\(scenario)" }

    private init(folder: URL, port: Int) {
        self.folder = folder
        self.port = port
    }

    /// Whether nginx and openssl are installed, so the server can run here.
    static let toolsAvailable: Bool = {
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx"]
        let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        let fileManager = FileManager.default
        return nginx.contains { fileManager.isExecutableFile(atPath: $0) }
            && openssl.contains { fileManager.isExecutableFile(atPath: $0) }
    }()

    /// Whether these tests can run: the tools are there, and `--ca-file` is supported (Linux).
    static var isUsable: Bool {
        #if os(Linux)
            return toolsAvailable
        #else
            return false
        #endif
    }

    /// Starts a server on a free high port (a few ports are tried, in case one is taken).
    static func start() throws -> LoopbackServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "deeplinks-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lastError = ""
        for _ in 0..<8 {
            let port = Int.random(in: 20_000..<60_000)
            let result = try script(["start", folder.path, String(port)])
            if result.status == 0 { return LoopbackServer(folder: folder, port: port) }
            lastError = result.output
        }
        throw ServerError(message: "nginx did not start: \(lastError)")
    }

    /// Stops nginx and removes the working folder.
    func stop() {
        _ = try? Self.script(["stop", folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func script(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run("/bin/bash", [PackagePaths.verifyDomainServer.path] + arguments)
        return (result.status, String(decoding: result.output + result.error, as: UTF8.self))
    }
}

/// Starts the loopback server around a suite or a test, and stops it after; inside a scope
/// that already has a server (the cases of a parameterized test), it uses that one.
struct VerifyDomainServerTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if LoopbackServer.current != nil { return try await function() }
        let server = try LoopbackServer.start()
        defer { server.stop() }
        try await LoopbackServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == VerifyDomainServerTrait {
    /// Runs the suite or test with the loopback HTTPS server started.
    static var loopbackServer: VerifyDomainServerTrait { VerifyDomainServerTrait() }
}
