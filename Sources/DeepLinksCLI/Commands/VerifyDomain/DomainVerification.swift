import AssociatedDomains
import Foundation

/// Turns what a domain's servers answered into findings: the pure half of `verify-domain`.
///
/// Apple's fetcher (and its CDN) reads `https://<domain>/.well-known/apple-app-site-association`
/// with a valid certificate, without following redirects, needs status 200 and at most 128 KB,
/// and prefers `application/json`. Android's verifier reads
/// `https://<domain>/.well-known/assetlinks.json` with a valid certificate, without following
/// redirects, and needs status 200 and `application/json`. Each way a server breaks that is one
/// finding code.
struct DomainVerification: Sendable {
    /// Finding codes of the HTTP side; the file's own findings keep their `AASA` codes.
    enum Code: String, CaseIterable {
        /// The TLS handshake failed.
        case tls = "DOMAIN001"
        /// The server answered with a redirect.
        case redirect = "DOMAIN002"
        /// The server answered with a status other than 200.
        case status = "DOMAIN003"
        /// The file is not served as `application/json`.
        case contentType = "DOMAIN004"
        /// The body went on past the most the check reads. No longer reported: reading stops one
        /// byte past 128 KB, and a file over the limit is ``AssociationFinding/Code/fileTooLarge``
        /// (`AASA001`) like everywhere else.
        case truncated = "DOMAIN005"
        /// An App ID given with `--app-id` is not named by `applinks`.
        case appIDMissing = "DOMAIN006"
        /// The legacy root path serves the same file.
        case legacySame = "DOMAIN010"
        /// The legacy root path serves a different file.
        case legacyDifferent = "DOMAIN011"
        /// Apple's CDN serves the same file.
        case cdnSame = "DOMAIN020"
        /// Apple's CDN serves a different file.
        case cdnDifferent = "DOMAIN021"
        /// Apple's CDN has no copy, or could not be read.
        case cdnMissing = "DOMAIN022"
        /// The TLS handshake for `assetlinks.json` failed.
        case androidTLS = "DOMAIN030"
        /// The server answered `assetlinks.json` with a redirect.
        case androidRedirect = "DOMAIN031"
        /// The server answered `assetlinks.json` with a status other than 200.
        case androidStatus = "DOMAIN032"
        /// `assetlinks.json` is not served as `application/json`.
        case androidContentType = "DOMAIN033"
        /// A package given with `--package` is not granted App Links by the file.
        case packageMissing = "DOMAIN034"

        /// One line for the help text.
        var summary: String {
            switch self {
            case .tls: "error: the TLS handshake failed (certificate untrusted, expired or for another host)"
            case .redirect: "error: the server redirects; Apple does not follow redirects"
            case .status: "error: the server answered a status other than 200"
            case .contentType: "warning: the file is not served as application/json"
            case .truncated: "retired: a file over 128 KB is reported as AASA001"
            case .appIDMissing: "error: an App ID given with --app-id is not in applinks"
            case .legacySame: "note: the legacy root path serves the same file"
            case .legacyDifferent: "warning: the legacy root path serves a different file"
            case .cdnSame: "note: Apple's CDN serves the same file"
            case .cdnDifferent: "warning: Apple's CDN serves a different file (it refreshes about weekly)"
            case .cdnMissing: "warning: Apple's CDN has no copy or could not be read"
            case .androidTLS: "error: the TLS handshake for assetlinks.json failed"
            case .androidRedirect: "error: assetlinks.json redirects; Android does not follow redirects"
            case .androidStatus: "error: assetlinks.json answered a status other than 200"
            case .androidContentType: "error: assetlinks.json is not served as application/json"
            case .packageMissing: "error: a package given with --package is not granted App Links"
            }
        }
    }

    /// The most body the check reads from one URL: one byte past Apple's limit of 128 KB, so
    /// a file over the limit is told apart without reading the rest of it.
    static let readLimit = AssociationFileDocument.maximumByteCount + 1

    /// The domain the file must serve.
    let domain: String
    /// Where files are fetched from: `https://<domain>` or a test server's base URL.
    let baseURL: String

    init(domain: String, baseURL: String? = nil) {
        self.domain = domain
        var base = baseURL ?? "https://\(domain)"
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
    }

    /// The well-known location of the file.
    var wellKnownURL: String { baseURL + "/.well-known/apple-app-site-association" }
    /// The legacy root location (iOS 9.2 and earlier).
    var legacyURL: String { baseURL + "/apple-app-site-association" }
    /// Where Android reads its statement list.
    var assetLinksURL: String { baseURL + AssetLinksFile.wellKnownPath }
    /// Where Apple's CDN serves its copy for the domain.
    var cdnURL: String { "https://app-site-association.cdn-apple.com/a/v1/" + domain }

    /// Findings about the well-known fetch and the file it returned.
    func findings(wellKnown: Result<HTTPResponse, TransportFailure>, expectedAppIDs: [String]) -> [Finding] {
        let url = wellKnownURL
        let response: HTTPResponse
        switch usableAnswer(
            wellKnown, at: url, codes: (.tls, .status, .redirect), reader: "Apple's fetcher",
            redirects: "Apple does not follow redirects for this file", needs: "Apple needs 200 with the file"
        )
        {
        case .unusable(let finding): return [finding]
        case .usable(let answer): response = answer
        }
        var findings: [Finding] = []
        let mediaType = Self.mediaType(response.contentType)
        switch mediaType {
        case "application/json", "application/pkcs7-mime":
            break
        case nil:
            findings.append(
                Finding(
                    Code.contentType.rawValue, .warning,
                    "the file is served without a Content-Type; serve it as application/json", at: url))
        case let other?:
            findings.append(
                Finding(
                    Code.contentType.rawValue, .warning,
                    "the file is served as \(other); serve it as application/json", at: url))
        }
        return findings
            + Self.bodyFindings(
                response, limit: AssociationFileDocument.maximumByteCount,
                tooLarge: { Finding(AssociationFileValidator.sizeFinding(byteCount: $0)) },
                validate: { AssociationFileValidator().validate(bytes: $0).map(Finding.init) },
                expected: expectedAppIDs,
                granted: { body in
                    (try? AssociationFileDocument(bytes: body)).map {
                        Set($0.file.appLinks?.details?.flatMap(\.effectiveAppIDs) ?? [])
                    }
                },
                missing: { appID in
                    Finding(
                        Code.appIDMissing.rawValue, .error,
                        "no applinks entry names \(appID), so its universal links will not open it",
                        at: "$.applinks.details")
                })
    }

    /// Findings about the `assetlinks.json` fetch and the statement list it returned.
    func assetLinksFindings(_ fetched: Result<HTTPResponse, TransportFailure>, expectedPackages: [String])
        -> [Finding]
    {
        let url = assetLinksURL
        let response: HTTPResponse
        switch usableAnswer(
            fetched, at: url, codes: (.androidTLS, .androidStatus, .androidRedirect),
            reader: "Android's verifier",
            redirects: "Android does not follow redirects for assetlinks.json, so verification fails",
            needs: "Android needs 200 with the statement list")
        {
        case .unusable(let finding): return [finding]
        case .usable(let answer): response = answer
        }
        var findings: [Finding] = []
        let mediaType = Self.mediaType(response.contentType)
        if mediaType != "application/json" {
            let served = mediaType.map { "as \($0)" } ?? "without a Content-Type"
            findings.append(
                Finding(
                    Code.androidContentType.rawValue, .error,
                    "assetlinks.json is served \(served); Android needs application/json", at: url))
        }
        return findings
            + Self.bodyFindings(
                response, limit: AssetLinksFile.maximumByteCount,
                tooLarge: { Finding(AssetLinksValidator.finding(for: .tooLarge(byteCount: $0))) },
                validate: { AssetLinksValidator().validate(bytes: $0).map(Finding.init) },
                expected: expectedPackages,
                granted: { body in (try? AssetLinksFile(bytes: body)).map { Set($0.appLinksPackages) } },
                missing: { package in
                    Finding(
                        Code.packageMissing.rawValue, .error,
                        "no statement grants App Links to \(package), so Android will not verify its links",
                        at: "$")
                })
    }

    /// The findings about a served file's body, the same steps for both platforms: the size
    /// finding alone when the body passed `limit` (`tooLarge` gets its byte count, `nil` when
    /// it was cut), else the validator's findings, then an error from `missing` for each
    /// `expected` name the file does not grant (`granted` reads the names, `nil` when the file
    /// does not read).
    static func bodyFindings(
        _ response: HTTPResponse, limit: Int, tooLarge: (_ byteCount: Int?) -> Finding,
        validate: ([UInt8]) -> [Finding], expected: [String], granted: ([UInt8]) -> Set<String>?,
        missing: (String) -> Finding
    ) -> [Finding] {
        if response.isTruncated || response.body.count > limit {
            return [tooLarge(response.isTruncated ? nil : response.body.count)]
        }
        var findings = validate(response.body)
        if !expected.isEmpty, let names = granted(response.body) {
            findings += expected.filter { !names.contains($0) }.map(missing)
        }
        return findings
    }

    /// A fetch's answer, when its reader can use it, or the one finding that says why not.
    private enum Answer {
        /// The server answered 200.
        case usable(HTTPResponse)
        /// The handshake failed, the server could not be reached, or it answered a redirect or
        /// another status.
        case unusable(Finding)
    }

    /// The answer of a fetch, for the reader named (`Apple's fetcher`): the codes of its
    /// findings, what it does with a redirect, and what it needs instead of another status.
    private func usableAnswer(
        _ fetched: Result<HTTPResponse, TransportFailure>, at url: String,
        codes: (tls: Code, status: Code, redirect: Code), reader: String, redirects: String, needs: String
    ) -> Answer {
        let response: HTTPResponse
        switch fetched {
        case .failure(.tls(let message)):
            return .unusable(
                Finding(
                    codes.tls.rawValue, .error,
                    "the TLS handshake failed (\(message)); \(reader) needs a trusted certificate for \(domain)",
                    at: url))
        case .failure(.unreachable(let message)), .failure(.unusableTrustFile(let message)):
            return .unusable(
                Finding(codes.status.rawValue, .error, "the server could not be reached: \(message)", at: url)
            )
        case .success(let answer):
            response = answer
        }
        if (300...399).contains(response.status) {
            let target = response.location.map { " to \($0)" } ?? ""
            return .unusable(
                Finding(
                    codes.redirect.rawValue, .error,
                    "the server answered \(response.status), a redirect\(target); \(redirects)", at: url))
        }
        guard response.status == 200 else {
            return .unusable(
                Finding(
                    codes.status.rawValue, .error, "the server answered \(response.status); \(needs)", at: url
                ))
        }
        return .usable(response)
    }

    /// What Apple would do with the file, in one sentence: the first error, or the apps whose
    /// universal links the file lets open.
    static func appleVerdict(_ findings: [Finding], wellKnown: Result<HTTPResponse, TransportFailure>)
        -> Verdict
    {
        if let error = findings.first(where: { $0.severity == .error }) {
            return Verdict(
                accepted: false, apps: [],
                sentence: "Apple: the file would not be used (\(error.code)): universal links open Safari")
        }
        var apps: [String] = []
        if case .success(let answer) = wellKnown,
            let document = try? AssociationFileDocument(bytes: answer.body)
        {
            var seen: Set<String> = []
            apps = (document.file.appLinks?.details?.flatMap(\.effectiveAppIDs) ?? []).filter {
                seen.insert($0).inserted
            }
        }
        return Verdict(
            accepted: true, apps: apps,
            sentence: apps.isEmpty
                ? "Apple: the file is accepted, but names no app under applinks"
                : "Apple: the file is accepted; universal links may open \(apps.joined(separator: ", "))")
    }

    /// What Android would do with `assetlinks.json`, in one sentence: the first error, or the
    /// packages it verifies.
    static func androidVerdict(_ findings: [Finding], fetched: Result<HTTPResponse, TransportFailure>)
        -> Verdict
    {
        if let error = findings.first(where: { $0.severity == .error }) {
            return Verdict(
                accepted: false, apps: [],
                sentence:
                    "Android: verification fails (\(error.code)): links open in the browser or the app chooser"
            )
        }
        var packages: [String] = []
        if case .success(let answer) = fetched, let file = try? AssetLinksFile(bytes: answer.body) {
            packages = file.appLinksPackages
        }
        return Verdict(
            accepted: true, apps: packages,
            sentence: packages.isEmpty
                ? "Android: the file reads, but grants App Links to no app"
                : "Android: App Links verify for \(packages.joined(separator: ", "))")
    }

    /// What one platform would do with its file.
    struct Verdict: Sendable, Equatable {
        /// Whether the platform would use the file.
        var accepted: Bool
        /// The apps it would let open the domain's links.
        var apps: [String]
        /// One line for people.
        var sentence: String

        var json: JSONValue {
            [
                "accepted": .bool(accepted), "apps": .array(apps.map(JSONValue.string)),
                "summary": .string(sentence),
            ]
        }
    }

    /// Findings about the legacy root path, compared with the well-known file.
    func legacyFindings(
        legacy: Result<HTTPResponse, TransportFailure>, wellKnown: Result<HTTPResponse, TransportFailure>
    )
        -> [Finding]
    {
        guard case .success(let answer) = legacy, answer.status == 200, !answer.isTruncated else { return [] }
        if case .success(let main) = wellKnown, main.status == 200, Self.sameFile(main.body, answer.body) {
            return [
                Finding(
                    Code.legacySame.rawValue, .note,
                    "the legacy root path serves the same file (only iOS 9.2 and earlier read it)",
                    at: legacyURL)
            ]
        }
        return [
            Finding(
                Code.legacyDifferent.rawValue, .warning,
                "the legacy root path serves a different file than /.well-known/; keep one file, at /.well-known/",
                at: legacyURL)
        ]
    }

    /// Findings about Apple's CDN copy, compared with the well-known file.
    func cdnFindings(
        cdn: Result<HTTPResponse, TransportFailure>, wellKnown: Result<HTTPResponse, TransportFailure>,
        cdnURL: String
    )
        -> [Finding]
    {
        switch cdn {
        case .failure(.tls(let message)), .failure(.unreachable(let message)),
            .failure(.unusableTrustFile(let message)):
            return [
                Finding(
                    Code.cdnMissing.rawValue, .warning, "Apple's CDN could not be read: \(message)",
                    at: cdnURL)
            ]
        case .success(let answer) where answer.status != 200:
            return [
                Finding(
                    Code.cdnMissing.rawValue, .warning,
                    "Apple's CDN answered \(answer.status): it has no copy for \(domain) yet", at: cdnURL)
            ]
        case .success(let answer):
            if case .success(let main) = wellKnown, main.status == 200, Self.sameFile(main.body, answer.body)
            {
                return [Finding(Code.cdnSame.rawValue, .note, "Apple's CDN serves the same file", at: cdnURL)]
            }
            return [
                Finding(
                    Code.cdnDifferent.rawValue, .warning,
                    "Apple's CDN serves a different file; devices get the CDN's copy, refreshed about weekly",
                    at: cdnURL)
            ]
        }
    }

    /// Two bodies are the same file when their JSON is equal (or, failing JSON, their bytes).
    static func sameFile(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        if let a = try? JSONValue(parsing: left), let b = try? JSONValue(parsing: right) { return a == b }
        return left == right
    }

    /// `application/json` from `Application/JSON; charset=utf-8`.
    static func mediaType(_ header: String?) -> String? {
        guard let header else { return nil }
        let type = header.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = type.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }
}
