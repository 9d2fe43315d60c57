import AssociatedDomains
import DeepLinks
import Foundation
import LinkAudit
import LinkPreviews

/// What the audit reads: its URLs, the entitlement, the association files (given or fetched),
/// the transport and the previews.
extension AuditCommand {
    /// The URLs of `--url` and of each sitemap, sitemap index (its sitemaps read from its
    /// folder, each once) or list, within the run's bounds (``SitemapReader``).
    static func readURLs(_ paths: [String], urls: [String], in environment: ToolEnvironment) throws(ToolError)
        -> [String]
    {
        var reader = SitemapReader()
        // A child that cannot be read keeps its own error (a missing file is `unreadableFile`).
        var unreadable: ToolError?
        do {
            for url in urls { try reader.add(url, source: "--url") }
            for path in paths {
                let source = ToolEnvironment.sourceName(path)
                let folder = path == "-" ? "." : (path as NSString).deletingLastPathComponent
                let sitemaps = SitemapReader.Sitemaps(
                    key: { location throws(SitemapReaderError) in
                        let name =
                            location.split(separator: "/", omittingEmptySubsequences: false).last.map(
                                String.init)
                            ?? ""
                        guard !name.isEmpty, name != ".", name != ".." else {
                            throw .invalidEntry(source: source, location: location, reason: "names no file")
                        }
                        return folder.isEmpty ? name : folder + "/" + name
                    },
                    bytes: { child, limit throws(SitemapReaderError) in
                        do throws(ToolError) {
                            return try environment.readFilePrefix(child, limit + 1)
                        } catch {
                            unreadable = error
                            throw .unreadable(source: child, reason: error.description)
                        }
                    })
                // A file over the cap, compressed or not, is refused after reading one byte past it.
                let bytes = try environment.readFilePrefix(
                    path, min(Sitemap.maximumByteCount, reader.bytesLeft) + 1)
                try reader.read(bytes, source: source, sitemaps: sitemaps)
            }
        } catch let error as ToolError {
            throw error
        } catch let error as SitemapReaderError {
            if case .unreadable = error, let unreadable { throw unreadable }
            throw .invalidInput(source: error.source, reason: error.reason)
        } catch {
            throw .invalidInput(source: "<urls>", reason: "\(error)")
        }
        return reader.urls
    }

    static func loadAssetLinks(_ path: String, in environment: ToolEnvironment) throws(ToolError)
        -> AssetLinksFile
    {
        let bytes = try environment.readFilePrefix(path, AssetLinksFile.maximumByteCount + 1)
        do {
            return try AssetLinksFile(bytes: bytes)
        } catch {
            throw .invalidInput(source: ToolEnvironment.sourceName(path), reason: error.description)
        }
    }

    static func loadEntitlement(_ path: String, in environment: ToolEnvironment) throws(ToolError)
        -> AssociatedDomainsEntitlement
    {
        let source = ToolEnvironment.sourceName(path)
        let texts = try EntitlementsCheckCommand.entries(in: environment.readFile(path), source: source)
        do {
            return try AssociatedDomainsEntitlement(texts)
        } catch {
            throw .invalidInput(source: source, reason: error.description)
        }
    }

    /// The association file of each applinks domain: the one `--file` names, or each fetched.
    static func associationFiles(
        _ arguments: ParsedArguments, entitlement: AssociatedDomainsEntitlement, notes: inout [Finding],
        in environment: ToolEnvironment
    ) async throws -> [String: AssociationFile] {
        let domains = applinksDomains(entitlement)
        if let path = arguments.value("--file") {
            let file = try environment.loadAssociationDocument(path).file
            return Dictionary(uniqueKeysWithValues: domains.map { ($0, file) })
        }
        let transport = try makeTransport(arguments, in: environment)
        var files: [String: AssociationFile] = [:]
        for domain in domains {
            let check = DomainVerification(domain: domain, baseURL: arguments.value("--base-url"))
            let answer = await transport.fetch(check.wellKnownURL, byteLimit: DomainVerification.readLimit)
            if case .failure(.unreachable(let message)) = answer {
                throw ToolError.network("cannot reach \(check.wellKnownURL): \(message)")
            }
            if case .failure(.unusableTrustFile(let message)) = answer {
                throw ToolError.invalidInput(
                    source: arguments.value("--ca-file") ?? "--ca-file", reason: message)
            }
            let findings = check.findings(wellKnown: answer, expectedAppIDs: [])
            notes += findings.filter { $0.severity == .error }
            if case .success(let response) = answer, response.status == 200, !response.isTruncated,
                let document = try? AssociationFileDocument(bytes: response.body),
                !findings.contains(where: { $0.severity == .error && $0.code.hasPrefix("DOMAIN") })
            {
                files[domain] = document.file
            }
        }
        return files
    }

    /// The domains whose files the entitlement's applinks entries read, each once, in order.
    static func applinksDomains(_ entitlement: AssociatedDomainsEntitlement) -> [String] {
        var domains: [String] = []
        for entry in entitlement.entries where entry.service == .appLinks {
            if !domains.contains(entry.associationFileDomain) { domains.append(entry.associationFileDomain) }
        }
        return domains
    }

    /// `--base-url`: an https:// URL, or http:// to the machine itself (``LoopbackHTTP``).
    static func checkBaseURL(_ base: String) throws(UsageError) {
        guard base.lowercased().hasPrefix("https://") || LoopbackHTTP.isLoopback(base) else {
            throw usage(
                .invalidValue(
                    option: "--base-url", value: base,
                    expected: "an https:// URL, or http:// to 127.0.0.1, [::1] or localhost"))
        }
    }

    /// The transport for `--fetch`, with `--ca-file` and `--timeout` applied.
    static func makeTransport(_ arguments: ParsedArguments, in environment: ToolEnvironment) throws
        -> any HTTPTransport
    {
        let timeout = try timeoutSeconds(arguments)
        return try environment.makeTransport(arguments.value("--ca-file"), timeout)
    }

    /// `--fetch-assetlinks`: each domain's `assetlinks.json`, fetched as `verify-domain` fetches
    /// it. A domain whose file cannot be fetched or read has none; the reason is a note (an
    /// error, so the run fails).
    static func fetchedAssetLinks(
        _ arguments: ParsedArguments, domains: [String], notes: inout [Finding],
        in environment: ToolEnvironment
    ) async throws -> [String: AssetLinksFile] {
        let transport = try makeTransport(arguments, in: environment)
        var files: [String: AssetLinksFile] = [:]
        for domain in domains {
            let check = DomainVerification(domain: domain, baseURL: arguments.value("--base-url"))
            let answer = await transport.fetch(
                check.assetLinksURL, byteLimit: AssetLinksFile.maximumByteCount + 1)
            if case .failure(.unreachable(let message)) = answer {
                throw ToolError.network("cannot reach \(check.assetLinksURL): \(message)")
            }
            if case .failure(.unusableTrustFile(let message)) = answer {
                throw ToolError.invalidInput(
                    source: arguments.value("--ca-file") ?? "--ca-file", reason: message)
            }
            let findings = check.assetLinksFindings(answer, expectedPackages: [])
            notes += findings.filter { $0.severity == .error }
            if case .success(let response) = answer, response.status == 200, !response.isTruncated,
                let file = try? AssetLinksFile(bytes: response.body),
                !findings.contains(where: { $0.severity == .error })
            {
                files[domain] = file
            }
        }
        return files
    }

    static func makePreviews(
        _ arguments: ParsedArguments, receiver: LinkReceiver, in environment: ToolEnvironment
    )
        throws -> LinkPreviewService?
    {
        guard arguments.has("--previews") else { return nil }
        guard let sitePath = arguments.value("--site") else { return nil }
        let site = try environment.decode(PreviewSite.self, from: sitePath, what: "preview site")
        var providers = PreviewProviders()
        if let path = arguments.value("--preview-content") {
            let content = try environment.decode(
                [String: LinkPreview?].self, from: path, what: "preview content")
            for (route, preview) in content { providers.bind(route) { _ in preview } }
        }
        do {
            return try LinkPreviewService(receiver: receiver, site: site, providers: providers)
        } catch {
            throw ToolError.invalidInput(
                source: arguments.value("--preview-content") ?? sitePath, reason: error.description)
        }
    }
}
