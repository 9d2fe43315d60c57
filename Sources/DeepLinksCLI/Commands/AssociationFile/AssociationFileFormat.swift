import AssociatedDomains
import DeepLinks

/// What the file commands need of one platform's association file. `aasa validate|match` and
/// `assetlinks validate|match` are one implementation each over this protocol; the two
/// conformances, ``AppleFileFormat`` and ``AndroidFileFormat``, say how the platform's file is
/// read, validated and matched.
protocol AssociationFileFormat {
    /// The file as compiled for matching.
    associatedtype Compiled
    /// The matcher's decision (`match`, `exclude`, `no_match`).
    associatedtype Decision: RawRepresentable<String>

    /// The command group (`aasa`, `assetlinks`).
    static var group: String { get }
    /// The largest file the platform reads; reading stops one byte past it.
    static var maximumByteCount: Int { get }
    /// Whether a match depends on the domain the file is served on (`--domain`).
    static var matchesByDomain: Bool { get }
    /// The finding for a file over ``maximumByteCount`` whose size is not known.
    static var tooLargeFinding: Finding { get }
    /// Every finding about a file's bytes.
    static func validate(_ bytes: [UInt8]) -> [Finding]
    /// The file at `path`, read strictly and compiled, or an input error.
    static func load(_ path: String, in environment: ToolEnvironment) throws(ToolError) -> Compiled
    /// How the file decides a URL for the app: the decision, the deciding rule's JSON path when
    /// a rule decided, and the reason as a sentence.
    static func match(_ url: String, in file: Compiled, app: String, domain: String?)
        -> (decision: Decision, rule: String?, reason: String)
}

/// Apple's `apple-app-site-association` for the file commands.
enum AppleFileFormat: AssociationFileFormat {
    static let group = "aasa"
    static let matchesByDomain = true
    static var maximumByteCount: Int { AssociationFileDocument.maximumByteCount }
    static var tooLargeFinding: Finding { Finding(AssociationFileValidator.sizeFinding(byteCount: nil)) }

    static func validate(_ bytes: [UInt8]) -> [Finding] {
        AssociationFileValidator().validate(bytes: bytes).map(Finding.init)
    }

    static func load(_ path: String, in environment: ToolEnvironment) throws(ToolError)
        -> CompiledAssociationFile
    {
        CompiledAssociationFile(try environment.loadAssociationDocument(path).file)
    }

    static func match(_ url: String, in file: CompiledAssociationFile, app: String, domain: String?)
        -> (decision: AssociationMatch.Decision, rule: String?, reason: String)
    {
        let result = file.match(url, appID: app, domain: domain)
        return (result.decision, result.rule?.jsonPath, result.reason.sentence)
    }
}

/// Android's `assetlinks.json` for the file commands.
enum AndroidFileFormat: AssociationFileFormat {
    static let group = "assetlinks"
    /// Android decides by host inside the file's own statements.
    static let matchesByDomain = false
    static var maximumByteCount: Int { AssetLinksFile.maximumByteCount }
    static var tooLargeFinding: Finding {
        Finding(AssetLinksValidator.finding(for: .tooLarge(byteCount: nil)))
    }

    static func validate(_ bytes: [UInt8]) -> [Finding] {
        AssetLinksValidator().validate(bytes: bytes).map(Finding.init)
    }

    static func load(_ path: String, in environment: ToolEnvironment) throws(ToolError) -> CompiledAssetLinks
    {
        CompiledAssetLinks(try environment.loadAssetLinks(path))
    }

    static func match(_ url: String, in file: CompiledAssetLinks, app: String, domain: String?)
        -> (decision: AssetLinksMatch.Decision, rule: String?, reason: String)
    {
        let result = file.match(url, packageName: app)
        return (result.decision, result.rule?.jsonPath, result.reason.sentence)
    }
}

extension AssociationFileFormat {
    /// `validate FILE…`: each file's findings, then the verdict over all of them.
    static func validateFiles(_ arguments: ParsedArguments, in environment: ToolEnvironment) throws(ToolError)
        -> CommandOutcome
    {
        var files: [FileValidationReport.File] = []
        for path in arguments.positionals {
            let bytes = try environment.readFilePrefix(path, maximumByteCount + 1)
            // Reading stopped one byte past the limit, so the size is known only to be over it.
            let tooLarge = bytes.count > maximumByteCount
            files.append(
                FileValidationReport.File(
                    source: ToolEnvironment.sourceName(path),
                    size: tooLarge
                        ? "more than \(maximumByteCount) bytes (reading stopped)" : "\(bytes.count) bytes",
                    findings: tooLarge ? [tooLargeFinding] : validate(bytes)))
        }
        return FileValidationReport.outcome(
            files, command: "\(group) validate", strict: arguments.has("--strict"),
            json: arguments.has("--json"))
    }

    /// `match --file FILE URL…` for one app: a row per URL (decision, deciding rule, reason),
    /// then how many got the expected decision (`--expect`, default `match`).
    ///
    /// - Parameters:
    ///   - app: the option naming the app and its value (`--app-id`, `--package`), as the report
    ///     labels it.
    ///   - domain: the domain the file is served on (read only when ``matchesByDomain``).
    ///   - spec: the command's spec, for usage errors.
    static func matchURLs(
        _ arguments: ParsedArguments, path: String, app: (label: String, key: String, value: String),
        domain: String?, spec: CommandSpec, in environment: ToolEnvironment
    ) throws -> CommandOutcome {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(.missingArgument("<url>"), command: spec)
        }
        var expected = "match"
        if let text = arguments.value("--expect") {
            guard Decision(rawValue: text) != nil else {
                throw UsageError(
                    .invalidValue(option: "--expect", value: text, expected: "match, exclude or no_match"),
                    command: spec)
            }
            expected = text
        }
        let file = try load(path, in: environment)
        let results = arguments.positionals.map { url in
            (url, match(url, in: file, app: app.value, domain: domain))
        }
        let passed = results.filter { $0.1.decision.rawValue == expected }.count
        let status: ExitStatus = passed == results.count ? .success : .checkFailed
        if arguments.has("--json") {
            let entries: [JSONValue] = results.map { url, result in
                [
                    "url": .string(url), "decision": .string(result.decision.rawValue),
                    "reason": .string(result.reason), "rule": result.rule.map(JSONValue.string) ?? .null,
                ]
            }
            var report: [String: JSONValue] = [
                "command": .string("\(group) match"), "input": .string(ToolEnvironment.sourceName(path)),
                app.key: .string(app.value), "expect": .string(expected),
                "status": status == .success ? "passed" : "failed", "results": .array(entries),
            ]
            if matchesByDomain { report["domain"] = domain.map(JSONValue.string) ?? .null }
            return .finished(CommandOutput(ReportJSON.text(.object(report)), status: status))
        }
        var table = TextTable(["URL", "DECISION", "RULE", "REASON"])
        for (url, result) in results {
            table.append([url, result.decision.rawValue, result.rule ?? "-", result.reason])
        }
        let out =
            "\(app.label): \(app.value)\n\n" + table.rendered
            + "\n\(passed) of \(results.count) URL\(results.count == 1 ? "" : "s") got '\(expected)'.\n"
        return .finished(CommandOutput(out, status: status))
    }
}
