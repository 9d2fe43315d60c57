import AssociatedDomains
import DeepLinks

/// `deeplinks verify-domain <domain>`: fetches a domain's association files the way Apple's
/// CDN and Android's verifier do, reports every way they would fail, and says what each
/// platform would do.
enum VerifyDomainCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["verify-domain"],
        summary: "Check what Apple's CDN and Android's verifier would see on a domain.",
        usage: "[options] <domain>",
        discussion: """
            Fetches https://<domain>/.well-known/apple-app-site-association (and the legacy root
            path /apple-app-site-association) and https://<domain>/.well-known/assetlinks.json
            without following redirects, and checks the certificate, the status, the content
            type, the size, the JSON, the App IDs and the Android packages. With --compare-cdn
            it also reads Apple's CDN copy and compares. The report ends with what each
            platform would do: whether it uses the file, and which apps may open links.
            --platform apple or android checks one file only.

            Finding codes of the HTTP side:
            \(DomainVerification.Code.allCases.map { "  \($0.rawValue)  \($0.summary)" }.joined(separator: "\n"))
            The files' own findings use the codes of 'deeplinks aasa validate' and
            'deeplinks assetlinks validate'.
            """,
        arguments: [
            ArgumentSpec(name: "<domain>", help: "The domain, e.g. example.com (no scheme, port or path).")
        ],
        options: [
            .flag("--json", help: "Print the report as JSON."),
            .value("--app-id", "APPID", repeatable: true, help: "Fail unless applinks names this App ID."),
            .value(
                "--package", "NAME", repeatable: true,
                help: "Fail unless assetlinks.json grants App Links to this Android package."),
            .value("--platform", "PLATFORM", help: "Check apple, android or both files (default both)."),
            .flag("--compare-cdn", help: "Also fetch Apple's CDN copy and compare it with the server's."),
            .value(
                "--cdn-url", "URL", help: "Read the CDN copy from URL instead (a mirror or a test server)."),
            .value(
                "--base-url", "URL",
                help: "Fetch from URL instead of https://<domain> (e.g. https://localhost:8443)."),
            .value(
                "--ca-file", "FILE", help: "Trust the CA certificates in FILE (PEM) instead of the system's."),
            .value("--timeout", "SECONDS", help: "Give up on a server after SECONDS (default 20)."),
            .flag("--strict", help: "Fail on warnings too."),
        ],
        positionalCount: 1...1,
        examples: [
            "verify-domain example.com",
            "verify-domain example.com --app-id ABCDE12345.com.example.app --compare-cdn --json",
            "verify-domain example.com --platform android --package com.example.app",
            "verify-domain localhost --base-url https://localhost:8443 --ca-file ca.crt",
        ],
        exitStatuses: [
            (.success, "the files would be accepted (no error findings)"),
            (.checkFailed, "at least one error finding (or warning, with --strict); TLS failures included"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the --ca-file cannot be read"),
            (.networkFailure, "the server could not be reached at all (name, connection, timeout)"),
        ]
    )

    /// What the command line asks: the domain, the timeout, which platforms, the packages.
    struct Request {
        var domain: String
        var timeout: Int
        var checksApple: Bool
        var checksAndroid: Bool
        var packages: [String]
    }

    /// Reads and checks the options; conflicting ones are usage errors.
    static func request(_ arguments: ParsedArguments) throws(UsageError) -> Request {
        let domain = try checkedDomain(arguments.positionals[0])
        if let base = arguments.value("--base-url"), !base.lowercased().hasPrefix("https://") {
            throw usage(.invalidValue(option: "--base-url", value: base, expected: "an https:// URL"))
        }
        if let cdn = arguments.value("--cdn-url"), !cdn.lowercased().hasPrefix("https://") {
            throw usage(.invalidValue(option: "--cdn-url", value: cdn, expected: "an https:// URL"))
        }
        let timeout = try timeoutSeconds(arguments)
        let platform = arguments.value("--platform") ?? "both"
        guard ["apple", "android", "both"].contains(platform) else {
            throw usage(
                .invalidValue(option: "--platform", value: platform, expected: "apple, android or both"))
        }
        let checksApple = platform != "android"
        let checksAndroid = platform != "apple"
        if !checksApple {
            for option in ["--app-id", "--cdn-url"] where arguments.value(option) != nil {
                throw usage(.conflictingOptions("--platform android", option))
            }
            if arguments.has("--compare-cdn") {
                throw usage(.conflictingOptions("--platform android", "--compare-cdn"))
            }
        }
        if !checksAndroid, arguments.value("--package") != nil {
            throw usage(.conflictingOptions("--platform apple", "--package"))
        }
        let packages = arguments.allValues("--package")
        for package in packages { try checkPackageName(package, option: "--package") }
        return Request(
            domain: domain, timeout: timeout, checksApple: checksApple, checksAndroid: checksAndroid,
            packages: packages)
    }

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let request = try request(arguments)
        let (domain, packages) = (request.domain, request.packages)
        let (checksApple, checksAndroid) = (request.checksApple, request.checksAndroid)
        let transport = try environment.makeTransport(arguments.value("--ca-file"), request.timeout)
        let check = DomainVerification(domain: domain, baseURL: arguments.value("--base-url"))
        var fetches: [(String, Result<HTTPResponse, TransportFailure>)] = []
        var findings: [Finding] = []
        var verdicts: [(String, DomainVerification.Verdict)] = []
        if checksApple {
            let limit = DomainVerification.readLimit
            let wellKnown = try await firstFetch(check.wellKnownURL, limit: limit, transport, arguments)
            let legacy = await transport.fetch(check.legacyURL, byteLimit: limit)
            fetches += [(check.wellKnownURL, wellKnown), (check.legacyURL, legacy)]
            var apple = check.findings(wellKnown: wellKnown, expectedAppIDs: arguments.allValues("--app-id"))
            apple += check.legacyFindings(legacy: legacy, wellKnown: wellKnown)
            if arguments.has("--compare-cdn") || arguments.value("--cdn-url") != nil {
                let cdnURL = arguments.value("--cdn-url") ?? check.cdnURL
                let cdn = await transport.fetch(cdnURL, byteLimit: limit)
                fetches.append((cdnURL, cdn))
                apple += check.cdnFindings(cdn: cdn, wellKnown: wellKnown, cdnURL: cdnURL)
            }
            findings += apple
            verdicts.append(("apple", DomainVerification.appleVerdict(apple, wellKnown: wellKnown)))
        }
        if checksAndroid {
            let limit = AssetLinksFile.maximumByteCount + 1
            let fetched =
                checksApple
                ? await transport.fetch(check.assetLinksURL, byteLimit: limit)
                : try await firstFetch(check.assetLinksURL, limit: limit, transport, arguments)
            fetches.append((check.assetLinksURL, fetched))
            let android = check.assetLinksFindings(fetched, expectedPackages: packages)
            findings += android
            verdicts.append(("android", DomainVerification.androidVerdict(android, fetched: fetched)))
        }
        let status = findings.exitStatus(strict: arguments.has("--strict"))
        if arguments.has("--json") {
            return .finished(
                CommandOutput(
                    ReportJSON.text(jsonReport(domain, fetches, findings, verdicts, status: status)),
                    status: status))
        }
        return .finished(
            CommandOutput(textReport(domain, fetches, findings, verdicts, status: status), status: status))
    }

    /// The first fetch: it tells whether the server can be reached at all (a network error
    /// otherwise), and whether the `--ca-file` is usable.
    static func firstFetch(
        _ url: String, limit: Int, _ transport: any HTTPTransport, _ arguments: ParsedArguments
    ) async throws -> Result<HTTPResponse, TransportFailure> {
        let result = await transport.fetch(url, byteLimit: limit)
        switch result {
        case .failure(.unreachable(let message)):
            throw ToolError.network("cannot reach \(url): \(message)")
        case .failure(.unusableTrustFile(let message)):
            throw ToolError.invalidInput(source: arguments.value("--ca-file") ?? "--ca-file", reason: message)
        default:
            return result
        }
    }

    /// The `--json` report: the domain, each fetch, the findings, their summary and each
    /// platform's verdict.
    static func jsonReport(
        _ domain: String, _ fetches: [(String, Result<HTTPResponse, TransportFailure>)],
        _ findings: [Finding],
        _ verdicts: [(String, DomainVerification.Verdict)], status: ExitStatus
    ) -> JSONValue {
        [
            "command": "verify-domain",
            "domain": .string(domain),
            "status": status == .success ? "passed" : "failed",
            "fetches": .array(fetches.map { fetchJSON(url: $0.0, result: $0.1) }),
            "findings": findings.json,
            "summary": summaryJSON(findings),
            "platforms": .object(Dictionary(uniqueKeysWithValues: verdicts.map { ($0.0, $0.1.json) })),
        ]
    }

    /// The terminal report: each fetch's status, type and size, the findings, each platform's
    /// verdict, and the tally.
    static func textReport(
        _ domain: String, _ fetches: [(String, Result<HTTPResponse, TransportFailure>)],
        _ findings: [Finding],
        _ verdicts: [(String, DomainVerification.Verdict)], status: ExitStatus
    ) -> String {
        var out = "Domain: \(domain)\n\n"
        var table = TextTable(["URL", "STATUS", "CONTENT TYPE", "BYTES"])
        for (url, result) in fetches {
            switch result {
            case .success(let answer):
                table.append([
                    url, String(answer.status), answer.contentType ?? "-",
                    answer.isTruncated ? "> \(answer.body.count)" : String(answer.body.count),
                ])
            case .failure(.tls):
                table.append([url, "TLS failed", "-", "-"])
            case .failure(.unreachable), .failure(.unusableTrustFile):
                table.append([url, "unreachable", "-", "-"])
            }
        }
        out += table.rendered + "\n" + findings.table
        out += "\n" + verdicts.map { $0.1.sentence + "\n" }.joined()
        out += "\n\(status == .success ? "PASSED" : "FAILED"): \(findings.tally).\n"
        return out
    }

    /// A domain is a host name: no scheme, port, path or credentials.
    static func checkedDomain(_ text: String) throws(UsageError) -> String {
        let refused = usage(
            .other(
                "'\(text)' is not a domain: give a host name such as example.com, without scheme, port or path"
            ))
        guard !text.isEmpty, !text.contains("/"), !text.contains(":"), !text.contains("@") else {
            throw refused
        }
        guard let link = try? LinkGate().parse("https://\(text)/"), let host = link.host else {
            throw refused
        }
        return host
    }

    static func fetchJSON(url: String, result: Result<HTTPResponse, TransportFailure>) -> JSONValue {
        switch result {
        case .success(let answer):
            return [
                "url": .string(url), "status": .number(JSONNumber(answer.status)),
                "contentType": answer.contentType.map(JSONValue.string) ?? .null,
                "bytes": .number(JSONNumber(answer.body.count)), "truncated": .bool(answer.isTruncated),
                "location": answer.location.map(JSONValue.string) ?? .null, "error": .null,
            ]
        case .failure(let failure):
            let message: String
            switch failure {
            case .tls(let text): message = "TLS: " + text
            case .unreachable(let text), .unusableTrustFile(let text): message = text
            }
            return [
                "url": .string(url), "status": .null, "contentType": .null, "bytes": .null,
                "truncated": false,
                "location": .null, "error": .string(message),
            ]
        }
    }

    static func summaryJSON(_ findings: [Finding]) -> JSONValue {
        let count = { (severity: Finding.Severity) in
            JSONValue.number(JSONNumber(findings.filter { $0.severity == severity }.count))
        }
        return ["errors": count(.error), "warnings": count(.warning), "notes": count(.note)]
    }
}
