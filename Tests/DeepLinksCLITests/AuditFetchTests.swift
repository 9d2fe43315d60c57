import AssociatedDomains
import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("deeplinks audit --fetch: plain HTTP on loopback, Android's file fetched")
struct AuditFetchTests {
    static let site = AuditCommandTests.site
    static let base = AuditCommandTests.base

    static func ok(_ path: String) throws -> Result<HTTPResponse, TransportFailure> {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: site + "/" + path))
        return .success(
            HTTPResponse(
                status: 200, contentType: "application/json", location: nil, body: Array(bytes),
                isTruncated: false))
    }

    /// Runs the audit with a transport answering from `answers`, and the URLs it was asked for.
    static func audit(_ arguments: [String], answers: [String: Result<HTTPResponse, TransportFailure>]) async
        -> (output: CommandOutput?, asked: [String])
    {
        let transport = RecordingTransport(FixedTransport(answers: answers))
        var environment = ToolEnvironment.live
        environment.makeTransport = { _, _ in transport }
        guard case .finished(let output) = await CommandLineTool.run(base + arguments, in: environment) else {
            return (nil, transport.asked)
        }
        return (output, transport.asked)
    }

    @Test(
        "--base-url takes http:// to a loopback host and fetches from it",
        arguments: [
            "http://127.0.0.1:8080", "http://[::1]:8080", "http://localhost:8080", "HTTP://LOCALHOST",
        ])
    func loopbackHTTP(base: String) async throws {
        let (output, asked) = await Self.audit(
            ["--fetch", "--base-url", base, "--json", "--url", "https://shop.example.com/p/1"],
            answers: [
                base + "/.well-known/apple-app-site-association": try Self.ok("apple-app-site-association")
            ])
        // Both applinks domains are fetched from the base URL, which serves the file.
        #expect(output?.status == .success)
        #expect(asked == Array(repeating: base + "/.well-known/apple-app-site-association", count: 2))
    }

    @Test(
        "--base-url refuses http:// to any other host, and other schemes",
        arguments: [
            "http://example.com", "http://127.0.0.2", "http://localhost.example.com", "http://user@localhost",
            "http://127.0.0.1:99999", "ftp://127.0.0.1", "127.0.0.1:8080",
        ])
    func otherHTTPRefused(base: String) async {
        let run = await runInProcess(
            Self.base + ["--fetch", "--base-url", base, "--url", "https://shop.example.com/p/1"])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "option '--base-url' does not accept '\(base)': expected an https:// URL, or http:// to 127.0.0.1, [::1] or localhost"
            ))
    }

    @Test("the loopback rule reads hosts and ports exactly")
    func loopbackRule() {
        #expect(LoopbackHTTP.isLoopback("http://127.0.0.1"))
        #expect(LoopbackHTTP.isLoopback("http://127.0.0.1:1/.well-known/x"))
        #expect(LoopbackHTTP.isLoopback("http://[::1]:65535"))
        #expect(LoopbackHTTP.isLoopback("http://localhost?x"))
        #expect(!LoopbackHTTP.isLoopback("https://127.0.0.1"))
        #expect(!LoopbackHTTP.isLoopback("http://127.0.0.1:0"))
        #expect(!LoopbackHTTP.isLoopback("http://127.0.0.1:"))
        #expect(!LoopbackHTTP.isLoopback("http://127.0.0.10"))
        #expect(!LoopbackHTTP.isLoopback("http://[::1]x"))
        #expect(!LoopbackHTTP.isLoopback("http://localhost@evil.example"))
    }

    @Test("--fetch-assetlinks fetches each applinks domain's assetlinks.json and compares Android's verdict")
    func fetchAssetLinks() async throws {
        let (fetched, asked) = await Self.audit(
            [
                "--fetch", "--fetch-assetlinks", "--json", "--url", "https://shop.example.com/p/42", "--url",
                "https://shop.example.com/c/boots",
            ],
            answers: [
                "https://shop.example.com/.well-known/apple-app-site-association": try Self.ok(
                    "apple-app-site-association"),
                "https://stores.shop.example.com/.well-known/apple-app-site-association": try Self.ok(
                    "apple-app-site-association"),
                "https://shop.example.com/.well-known/assetlinks.json": try Self.ok("assetlinks.json"),
                "https://stores.shop.example.com/.well-known/assetlinks.json": try Self.ok("assetlinks.json"),
            ])
        let output = try #require(fetched)
        #expect(
            asked == [
                "https://shop.example.com/.well-known/apple-app-site-association",
                "https://stores.shop.example.com/.well-known/apple-app-site-association",
                "https://shop.example.com/.well-known/assetlinks.json",
                "https://stores.shop.example.com/.well-known/assetlinks.json",
            ])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        let android = results.map { ($0["android"] as? [String: [String: Any]])?["com.example.shop"] }
        #expect(android.map { $0?["opensApp"] as? Bool } == [true, false])
        #expect(android.map { $0?["decidedBy"] as? String }.last == "noRuleMatched")
        #expect(
            (results[1]["findings"] as? [[String: String]])?.map { $0["code"] } == ["AUDIT008", "AUDIT009"])
        #expect(output.status == .success)
    }

    @Test("--fetch-assetlinks: a domain that does not serve assetlinks.json is a note and has no file")
    func assetLinksMissing() async throws {
        let (fetched, _) = await Self.audit(
            ["--fetch", "--fetch-assetlinks", "--json", "--url", "https://shop.example.com/p/42"],
            answers: [
                "https://shop.example.com/.well-known/apple-app-site-association": try Self.ok(
                    "apple-app-site-association"),
                "https://stores.shop.example.com/.well-known/apple-app-site-association": try Self.ok(
                    "apple-app-site-association"),
                "https://shop.example.com/.well-known/assetlinks.json": try Self.ok("assetlinks.json"),
            ])
        let output = try #require(fetched)
        #expect(output.status == .checkFailed)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let notes = try #require(report["notes"] as? [[String: String]])
        #expect(notes.map { $0["code"] } == ["DOMAIN032"])
        #expect(
            notes.map { $0["location"] } == ["https://stores.shop.example.com/.well-known/assetlinks.json"])
    }

    @Test("--fetch-assetlinks needs --fetch and cannot be given with --assetlinks")
    func assetLinksUsage() async {
        let withFile = await runInProcess(
            AuditCommandTests.withFile + ["--fetch-assetlinks", "--url", "https://shop.example.com/p/1"])
        #expect(withFile.status == 2)
        #expect(withFile.standardError.contains("--fetch-assetlinks"))
        let both = await runInProcess(
            Self.base + [
                "--fetch", "--fetch-assetlinks", "--assetlinks", Self.site + "/assetlinks.json", "--url",
                "https://shop.example.com/p/1",
            ])
        #expect(both.status == 2)
        #expect(
            both.standardError.contains(
                "options '--assetlinks' and '--fetch-assetlinks' cannot be used together"))
    }
}

/// A transport that keeps the URLs it was asked for, in order.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: FixedTransport
    private let lock = NSLock()
    private var urls: [String] = []

    init(_ inner: FixedTransport) { self.inner = inner }

    var asked: [String] { lock.withLock { urls } }

    func fetch(_ url: String, byteLimit: Int) async -> Result<HTTPResponse, TransportFailure> {
        lock.withLock { urls.append(url) }
        return await inner.fetch(url, byteLimit: byteLimit)
    }
}
