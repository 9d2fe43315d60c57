import Foundation
import Testing

@testable import DeepLinksCLI

/// A plain-HTTP server on 127.0.0.1 that answers every request with headers, then drips its
/// body one byte every half second (two thousand seconds for the whole body). The test stops it
/// (``stop()``); should the test not get there, it exits by itself after 1,200 seconds.
struct DripServer {
    let port: Int
    /// The server's process.
    let process: Int32

    static let script = """
        import os, socket, sys, threading, time
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        port = listener.getsockname()[1]
        child = os.fork()
        if child != 0:
            print(port, child, flush=True)
            os._exit(0)
        null = os.open(os.devnull, os.O_RDWR)
        for descriptor in (0, 1, 2):
            os.dup2(null, descriptor)
        def answer(connection):
            try:
                connection.recv(65536)
                connection.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: 4000\\r\\n\\r\\n")
                for _ in range(4000):
                    connection.sendall(b"x")
                    time.sleep(0.5)
            except OSError:
                pass
            finally:
                connection.close()
        listener.settimeout(1)
        deadline = time.time() + 1200
        while time.time() < deadline:
            try:
                connection, _ = listener.accept()
            except socket.timeout:
                continue
            threading.Thread(target=answer, args=(connection,), daemon=True).start()
        os._exit(0)
        """

    /// Starts the server; `nil` when python3 is not there.
    static func start() throws -> DripServer? {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let result = try ChildProcess.run(python, ["-c", script])
        let text = String(decoding: result.output, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let fields = text.split(separator: " ")
        guard result.status == 0, fields.count == 2, let port = Int(fields[0]), let process = Int32(fields[1])
        else { return nil }
        return DripServer(port: port, process: process)
    }

    /// Ends the server's process (and with it the connections it keeps dripping into).
    func stop() { kill(process, SIGTERM) }
}

@Suite("the transports' deadline")
struct TransportDeadlineTests {
    @Test("URLSession gives up a server that drips its body at the deadline, not at its end")
    func urlSessionDeadlineCoversTheBody() async throws {
        let server = try #require(try DripServer.start(), "python3 is needed for the loopback server")
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let answer = await URLSessionTransport(timeout: 2).fetch(
            "http://127.0.0.1:\(server.port)/.well-known/apple-app-site-association", byteLimit: 131_073)
        // The answer names the deadline, so the deadline ended the fetch: had the fetch waited
        // for the body, it would end with the server, 1,200 s on, with another answer. The time
        // is bounded only below that: besides the 2 s it includes waiting for free threads to
        // fire the deadline and resume the test, which the other suites of a loaded run (under
        // AddressSanitizer, minutes) can hold.
        #expect(answer == .failure(.unreachable("no complete answer within 2 seconds")))
        #expect(clock.now - start < .seconds(1_100))
    }
}
