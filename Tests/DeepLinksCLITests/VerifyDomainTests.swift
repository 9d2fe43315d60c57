import Foundation
import Testing

@testable import DeepLinksCLI

@Suite("verify-domain decisions (no network)")
struct DomainVerificationTests {
    let check = DomainVerification(domain: "example.com")
    let good = Array(
        #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*"}]}]}}"#
            .utf8)

    func ok(_ body: [UInt8], type: String? = "application/json", status: Int = 200) -> Result<
        HTTPResponse, TransportFailure
    > {
        .success(
            HTTPResponse(status: status, contentType: type, location: nil, body: body, isTruncated: false))
    }

    @Test("the URLs Apple reads: well-known, legacy root, and the CDN copy")
    func urls() {
        #expect(check.wellKnownURL == "https://example.com/.well-known/apple-app-site-association")
        #expect(check.legacyURL == "https://example.com/apple-app-site-association")
        #expect(check.cdnURL == "https://app-site-association.cdn-apple.com/a/v1/example.com")
        #expect(
            DomainVerification(domain: "x.com", baseURL: "https://localhost:8443/").wellKnownURL
                == "https://localhost:8443/.well-known/apple-app-site-association")
    }

    @Test("a good file served as JSON has no findings")
    func goodFile() {
        #expect(check.findings(wellKnown: ok(good), expectedAppIDs: ["ABCDE12345.com.example.app"]) == [])
    }

    @Test("a redirect is an error naming its target; the body is not judged")
    func redirect() {
        let answer = HTTPResponse(
            status: 301, contentType: "text/html", location: "https://www.example.com/x", body: [],
            isTruncated: false)
        let findings = check.findings(wellKnown: .success(answer), expectedAppIDs: [])
        #expect(findings.map(\.code) == ["DOMAIN002"])
        #expect(findings.first?.message.contains("a redirect to https://www.example.com/x") == true)
    }

    @Test("content type: charset and case do not matter, text/html is a warning, a missing type too")
    func contentType() {
        #expect(
            check.findings(wellKnown: ok(good, type: "Application/JSON; charset=utf-8"), expectedAppIDs: [])
                == [])
        let html = check.findings(wellKnown: ok(good, type: "text/html"), expectedAppIDs: [])
        #expect(html.map(\.code) == ["DOMAIN004"])
        #expect(html.map(\.severity) == [.warning])
        #expect(
            check.findings(wellKnown: ok(good, type: nil), expectedAppIDs: []).map(\.code) == ["DOMAIN004"])
    }

    @Test("a TLS failure is an error finding, not a network failure")
    func tls() {
        let findings = check.findings(
            wellKnown: .failure(.tls("certificate has expired")), expectedAppIDs: [])
        #expect(findings.map(\.code) == ["DOMAIN001"])
        #expect(findings.map(\.severity) == [.error])
    }

    @Test("a body cut one byte past 128 KB is refused as AASA001, like an oversize file anywhere else")
    func truncatedBodyIsOverTheCap() {
        #expect(DomainVerification.readLimit == 131_073)
        let answer = HTTPResponse(
            status: 200, contentType: "application/json", location: nil,
            body: [UInt8](repeating: UInt8(ascii: "["), count: 131_073), isTruncated: true)
        let findings = check.findings(wellKnown: .success(answer), expectedAppIDs: [])
        #expect(findings.map(\.code) == ["AASA001"])
        #expect(
            findings.first?.message
                == "the file is more than 131072 bytes; Apple ignores association files larger than 128 KB "
                + "(131072 bytes), so it was not read further")
    }

    @Test("an App ID that applinks does not name is an error")
    func missingAppID() {
        let findings = check.findings(wellKnown: ok(good), expectedAppIDs: ["ABCDE12345.com.example.other"])
        #expect(findings.map(\.code) == ["DOMAIN006"])
    }

    @Test("legacy path and CDN copies are compared by JSON value, not by bytes")
    func comparisons() {
        let reformatted = Array(
            #"{ "applinks" : {"details":[{"components":[{"/":"/a/*"}],"appIDs":["ABCDE12345.com.example.app"]}]}}"#
                .utf8)
        #expect(
            check.legacyFindings(legacy: ok(reformatted), wellKnown: ok(good)).map(\.code) == ["DOMAIN010"])
        #expect(
            check.legacyFindings(legacy: ok(Array("{}".utf8)), wellKnown: ok(good)).map(\.code) == [
                "DOMAIN011"
            ])
        #expect(check.legacyFindings(legacy: ok([], status: 404), wellKnown: ok(good)) == [])
        #expect(
            check.cdnFindings(cdn: ok(reformatted), wellKnown: ok(good), cdnURL: check.cdnURL).map(\.code)
                == ["DOMAIN020"])
        #expect(
            check.cdnFindings(cdn: ok(Array("{}".utf8)), wellKnown: ok(good), cdnURL: check.cdnURL).map(
                \.code) == ["DOMAIN021"])
        #expect(
            check.cdnFindings(cdn: ok([], status: 404), wellKnown: ok(good), cdnURL: check.cdnURL).map(\.code)
                == ["DOMAIN022"])
    }

    @Test("assetlinks.json: where Android reads it, and each way the server can break it")
    func assetLinks() {
        #expect(check.assetLinksURL == "https://example.com/.well-known/assetlinks.json")
        let file = Array(
            #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#
                .utf8)
        #expect(check.assetLinksFindings(ok(file), expectedPackages: ["com.example.app"]) == [])
        #expect(
            check.assetLinksFindings(ok(file), expectedPackages: ["com.example.tv"]).map(\.code) == [
                "DOMAIN034"
            ])
        #expect(
            check.assetLinksFindings(ok(file, type: "text/plain"), expectedPackages: []).map(\.message) == [
                "assetlinks.json is served as text/plain; Android needs application/json"
            ])
        #expect(
            check.assetLinksFindings(ok(file, type: nil), expectedPackages: []).map(\.severity) == [.error])
        let redirect = HTTPResponse(
            status: 302, contentType: nil, location: "https://www.example.com/.well-known/assetlinks.json",
            body: [], isTruncated: false)
        #expect(
            check.assetLinksFindings(.success(redirect), expectedPackages: []).map(\.code) == ["DOMAIN031"])
        #expect(
            check.assetLinksFindings(ok([], status: 404), expectedPackages: []).map(\.code) == ["DOMAIN032"])
        #expect(
            check.assetLinksFindings(.failure(.tls("expired")), expectedPackages: []).map(\.code) == [
                "DOMAIN030"
            ])
        let verdict = DomainVerification.androidVerdict([], fetched: ok(file))
        #expect(
            verdict
                == .init(
                    accepted: true, apps: ["com.example.app"],
                    sentence: "Android: App Links verify for com.example.app"))
        let apple = DomainVerification.appleVerdict([], wellKnown: ok(good))
        #expect(
            apple.sentence
                == "Apple: the file is accepted; universal links may open ABCDE12345.com.example.app")
    }

    @Test("a domain with a scheme, port or path is a usage error")
    func domainArgument() async {
        for domain in [
            "https://example.com", "example.com:443", "example.com/x", "user@example.com", "exa mple.com",
        ] {
            let run = await runInProcess(["verify-domain", domain])
            #expect(run.status == 2, "\(domain)")
            #expect(run.standardError.hasPrefix("deeplinks: error: '\(domain)' is not a domain"), "\(domain)")
        }
        let base = await runInProcess(["verify-domain", "example.com", "--base-url", "http://localhost:8080"])
        #expect(base.status == 2)
    }
}

/// `verify-domain` against a real HTTPS server: nginx on loopback with a certificate authority
/// made for the run.
///
/// One parameterized test over the scenarios, so that a machine without nginx and openssl shows
/// one line saying so, not one skipped test per scenario.
@Suite("verify-domain against nginx on loopback")
struct VerifyDomainServerTests {
    /// The scenarios, each checked by the method of the same name.
    enum Scenario: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case good
        case redirect
        case wrongContentType
        case oversize
        case invalidJSON
        case notFound
        case appIDs
        case untrustedCertificate
        case cdnComparison
        case failures
        case android
        case endToEnd
        case dripHitsTheDeadline
        case gzipBombIsNotDecoded

        var testDescription: String {
            switch self {
            case .good: "a good file passes; the legacy root path serving the same file is a note"
            case .redirect: "a redirect is refused, not followed, and reported"
            case .wrongContentType: "a wrong content type is a warning (a failure with --strict)"
            case .oversize: "an oversize file is reported with its size"
            case .invalidJSON: "invalid JSON is reported with the place of the fault"
            case .notFound: "a 404 is reported as the status Apple would get"
            case .appIDs: "App IDs are checked: an unusual team prefix warns, a missing --app-id fails"
            case .untrustedCertificate:
                "without the private CA the certificate is untrusted: a TLS finding through the default transport"
            case .cdnComparison: "the CDN copy is compared with the server's"
            case .failures:
                "a closed port is a network failure (4); an unusable --ca-file is an input error (3)"
            case .android:
                "assetlinks.json is checked like Apple's file, and the report says what each platform would do"
            case .endToEnd: "the built executable gives the same report end to end"
            case .dripHitsTheDeadline:
                "a server that drips one byte a second is given up at --timeout, on the default transport too"
            case .gzipBombIsNotDecoded:
                "a gzip-encoded answer is read as sent, within the byte limit, and never inflated"
            }
        }
    }

    @Test(
        "every scenario, against the server",
        .enabled(
            if: LoopbackServer.isUsable, "needs nginx and openssl (apt-get install -y nginx openssl) on Linux"
        ),
        .loopbackServer, arguments: Scenario.allCases)
    func scenario(_ scenario: Scenario) async throws {
        switch scenario {
        case .good: try await good()
        case .redirect: try await redirect()
        case .wrongContentType: try await wrongContentType()
        case .oversize: try await oversize()
        case .invalidJSON: try await invalidJSON()
        case .notFound: try await notFound()
        case .appIDs: try await appIDs()
        case .untrustedCertificate: try await untrustedCertificate()
        case .cdnComparison: try await cdnComparison()
        case .failures: try await failures()
        case .android: try await android()
        case .endToEnd: try endToEnd()
        case .dripHitsTheDeadline: try await dripHitsTheDeadline()
        case .gzipBombIsNotDecoded: try await gzipBombIsNotDecoded()
        }
    }

    /// Runs `verify-domain` on a scenario, for Apple's file only unless `platform` says otherwise.
    func verify(_ scenario: String, _ extra: [String] = [], platform: String = "apple") async throws -> (
        ToolRun, [[String: String]]
    ) {
        let server = try #require(LoopbackServer.current)
        let run = await runInProcess(
            [
                "verify-domain", "localhost", "--json", "--base-url", server.baseURL(scenario), "--ca-file",
                server.caFile, "--platform", platform,
            ]
                + extra)
        let findings = try run.json()["findings"] as? [[String: String]] ?? []
        return (run, findings)
    }

    /// A good file passes; the legacy root path serving the same file is a note.
    func good() async throws {
        let (run, findings) = try await verify("good", ["--app-id", "ABCDE12345.com.example.photos"])
        #expect(run.status == 0)
        #expect(findings.map { $0["code"] } == ["DOMAIN010"])
        let fetches = try #require(try run.json()["fetches"] as? [[String: Any]])
        #expect(fetches.first?["status"] as? Int == 200)
        #expect(fetches.first?["contentType"] as? String == "application/json")
        #expect(fetches.first?["bytes"] as? Int == 309)
    }

    /// A redirect is refused, not followed, and reported.
    func redirect() async throws {
        let (run, findings) = try await verify("redirect")
        #expect(run.status == 1)
        #expect(findings.map { $0["code"] } == ["DOMAIN002"])
        let server = try #require(LoopbackServer.current)
        #expect(
            findings.first?["message"]?.contains("301, a redirect to \(server.baseURL("good"))/.well-known/")
                == true)
    }

    /// A wrong content type is a warning (a failure with --strict).
    func wrongContentType() async throws {
        let (run, findings) = try await verify("wrong-type")
        #expect(run.status == 0)
        #expect(findings.map { $0["code"] } == ["DOMAIN004"])
        #expect(findings.first?["message"] == "the file is served as text/html; serve it as application/json")
        #expect(try await verify("wrong-type", ["--strict"]).0.status == 1)
    }

    /// An oversize file is reported with its size.
    func oversize() async throws {
        let (run, findings) = try await verify("oversize")
        #expect(run.status == 1)
        #expect(findings.map { $0["code"] } == ["AASA001"])
    }

    /// Invalid JSON is reported with the place of the fault.
    func invalidJSON() async throws {
        let (run, findings) = try await verify("invalid-json")
        #expect(run.status == 1)
        #expect(findings.map { $0["code"] } == ["AASA002"])
        #expect(findings.first?["message"]?.contains("at line 2, column 1") == true)
    }

    /// A 404 is reported as the status Apple would get.
    func notFound() async throws {
        let (run, findings) = try await verify("missing")
        #expect(run.status == 1)
        #expect(findings.map { $0["code"] } == ["DOMAIN003"])
        #expect(findings.first?["message"] == "the server answered 404; Apple needs 200 with the file")
    }

    /// App IDs are checked: an unusual team prefix warns, a missing --app-id fails.
    func appIDs() async throws {
        let (run, findings) = try await verify("bad-app-id", ["--app-id", "ABCDE12345.com.example.photos"])
        #expect(run.status == 1)
        #expect(findings.map { $0["code"] } == ["AASA131", "DOMAIN006"])
    }

    /// Without the private CA the certificate is untrusted: a TLS finding through URLSession.
    func untrustedCertificate() async throws {
        let server = try #require(LoopbackServer.current)
        let run = await runInProcess([
            "verify-domain", "localhost", "--json", "--base-url", server.baseURL("good"),
        ])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["DOMAIN001", "DOMAIN030"])
    }

    /// The CDN copy is compared with the server's.
    func cdnComparison() async throws {
        let server = try #require(LoopbackServer.current)
        let same = try await verify(
            "good", ["--cdn-url", server.baseURL("good") + "/.well-known/apple-app-site-association"])
        #expect(same.1.map { $0["code"] } == ["DOMAIN010", "DOMAIN020"])
        let different = try await verify(
            "good", ["--cdn-url", server.baseURL("bad-app-id") + "/.well-known/apple-app-site-association"])
        #expect(different.1.map { $0["code"] } == ["DOMAIN010", "DOMAIN021"])
        let missing = try await verify("good", ["--cdn-url", server.baseURL("missing") + "/x"])
        #expect(missing.1.map { $0["code"] } == ["DOMAIN010", "DOMAIN022"])
    }

    /// A closed port is a network failure (4); an unusable --ca-file is an input error (3).
    func failures() async throws {
        let server = try #require(LoopbackServer.current)
        let closed = await runInProcess([
            "verify-domain", "localhost", "--base-url", "https://localhost:1", "--ca-file", server.caFile,
        ])
        #expect(closed.status == 4)
        #expect(
            closed.standardError.hasPrefix("deeplinks: error: cannot reach https://localhost:1/.well-known/"))
        let keyAsCA = server.folder.appendingPathComponent("server.csr").path
        let unusable = await runInProcess([
            "verify-domain", "localhost", "--base-url", server.baseURL("good"), "--ca-file", keyAsCA,
        ])
        #expect(unusable.status == 3)
        let absent = await runInProcess(["verify-domain", "localhost", "--ca-file", "/nonexistent/ca.crt"])
        #expect(absent.status == 3)
    }

    /// assetlinks.json is checked like Apple's file, and the report says what each platform would do.
    func android() async throws {
        let (good, goodFindings) = try await verify(
            "good", ["--package", "com.example.photos"], platform: "both")
        #expect(good.status == 0)
        #expect(goodFindings.map { $0["code"] } == ["DOMAIN010"])
        let report = try good.json()
        let platforms = try #require(report["platforms"] as? [String: [String: Any]])
        #expect(platforms["apple"]?["accepted"] as? Bool == true)
        #expect(platforms["apple"]?["apps"] as? [String] == ["ABCDE12345.com.example.photos"])
        #expect(platforms["android"]?["accepted"] as? Bool == true)
        #expect(platforms["android"]?["apps"] as? [String] == ["com.example.photos"])
        #expect(
            platforms["android"]?["summary"] as? String == "Android: App Links verify for com.example.photos")
        let fetches = try #require(report["fetches"] as? [[String: Any]])
        #expect(
            fetches.last?["url"] as? String
                == "https://localhost:\(try #require(LoopbackServer.current).port)/good/.well-known/assetlinks.json"
        )
        let other = try await verify("good", ["--package", "com.example.other"], platform: "android")
        #expect(other.0.status == 1)
        #expect(other.1.map { $0["code"] } == ["DOMAIN034"])
        let cases: [(String, [String])] = [
            ("redirect", ["DOMAIN031"]), ("wrong-type", ["DOMAIN033"]), ("oversize", ["ASSETLINKS001"]),
            ("bad-fingerprint", ["ASSETLINKS115"]), ("missing", ["DOMAIN032"]),
        ]
        for (scenario, codes) in cases {
            let (run, findings) = try await verify(scenario, platform: "android")
            #expect(run.status == 1, "\(scenario)")
            #expect(findings.map { $0["code"] } == codes, "\(scenario)")
        }
        let server = try #require(LoopbackServer.current)
        let text = await runInProcess([
            "verify-domain", "localhost", "--base-url", server.baseURL("wrong-type"), "--ca-file",
            server.caFile,
        ])
        #expect(text.status == 1)
        #expect(
            text.standardOutput.hasSuffix(
                "Apple: the file is accepted; universal links may open ABCDE12345.com.example.photos\n"
                    + "Android: verification fails (DOMAIN033): links open in the browser or the app chooser\n"
                    + "\nFAILED: 1 error, 1 warning, 0 notes.\n"))
        let conflict = await runInProcess([
            "verify-domain", "localhost", "--platform", "android", "--app-id",
            "ABCDE12345.com.example.photos",
        ])
        #expect(conflict.status == 2)
        let badPlatform = await runInProcess(["verify-domain", "localhost", "--platform", "ios"])
        #expect(badPlatform.status == 2)
    }

    /// A server that drips one byte a second is given up at --timeout, on the default transport
    /// too: the deadline holds for the whole request, body included.
    func dripHitsTheDeadline() async throws {
        let server = try #require(LoopbackServer.current)
        let url = server.baseURL("drip") + "/.well-known/apple-app-site-association"
        let clock = ContinuousClock()
        let start = clock.now
        let (run, _) = try await verify("drip", ["--timeout", "2"])
        // Without the deadline the 309-byte file takes 309 s; the bound is loose because a loaded
        // two-core machine can keep this task waiting for a thread for a minute or more.
        #expect(clock.now - start < .seconds(200))
        #expect(run.status == 4)
        #expect(
            try run.json()["error"] as? String
                == "cannot reach \(url): no complete answer within 2 seconds")
        #if os(Linux)
            let live = try makeLiveTransport(caFile: nil, timeout: 2)
            #expect(live is CurlTransport)
            let again = clock.now
            let answer = try await CurlTransport(caFile: server.caFile, timeout: 2).fetch(
                url, byteLimit: 1_000)
            #expect(clock.now - again < .seconds(200))
            #expect(answer == .failure(.unreachable("no complete answer within 2 seconds")))
        #endif
    }

    /// A gzip-encoded answer (100 KB that expand to 100 MB) is read as sent, within the byte
    /// limit, and never inflated: the file is not JSON.
    func gzipBombIsNotDecoded() async throws {
        let server = try #require(LoopbackServer.current)
        let bomb = try [UInt8](Data(contentsOf: server.folder.appendingPathComponent("site/bomb.gz")))
        #expect(bomb.count < DomainVerification.readLimit)
        let transport = try makeLiveTransport(caFile: server.caFile, timeout: 10)
        let answer = await transport.fetch(
            server.baseURL("gzip-bomb") + "/.well-known/apple-app-site-association",
            byteLimit: DomainVerification.readLimit)
        #expect(
            answer
                == .success(
                    HTTPResponse(
                        status: 200, contentType: "application/json", location: nil, body: bomb,
                        isTruncated: false)))
        let (run, findings) = try await verify("gzip-bomb")
        #expect(run.status == 1)
        #expect(findings.map { $0["code"] } == ["AASA002"])
    }

    /// The built executable gives the same report end to end.
    func endToEnd() throws {
        let server = try #require(LoopbackServer.current)
        let run = try runExecutable([
            "verify-domain", "localhost", "--base-url", server.baseURL("redirect"), "--ca-file",
            server.caFile,
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error     DOMAIN002  "))
        #expect(run.standardOutput.contains("error     DOMAIN031  "))
        #expect(run.standardOutput.hasSuffix("FAILED: 2 errors, 0 warnings, 0 notes.\n"))
    }
}
