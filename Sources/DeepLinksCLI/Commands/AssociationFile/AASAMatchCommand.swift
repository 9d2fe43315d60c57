import AssociatedDomains
import DeepLinks

/// `deeplinks aasa match`: what an association file decides for URLs and an App ID, or the
/// conformance line protocol with `--jsonl`.
enum AASAMatchCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["aasa", "match"],
        summary: "Match URLs against an association file for an App ID (match, exclude, no_match).",
        usage: "--file <file> --app-id <appid> [options] <url>...",
        discussion: """
            Applies the file's applinks rules the way Apple's matcher does: entries in order,
            the first deciding component wins, exclude keeps the link in the browser.
            Decisions: match (the app opens), exclude (an exclusion matched first), no_match.

            --jsonl speaks the one-object-per-line protocol of the shared conformance corpus
            (Tests/Corpora/aasa/PROTOCOL.md): each input line
              {"id": <any>, "aasa": {...}, "domain": "...", "appId": "...", "url": "..."}
            is answered with one line {"id": <same>, "decision": "match"|"exclude"|"no_match"},
            or {"id": <same>, "error": "..."} for a request that cannot be decided. An inline
            file over 128 KB (as compact JSON) and a line over 192 KB are answered with an
            error, as a file over Apple's limit is. No other option is used with --jsonl.
            """,
        arguments: [ArgumentSpec(name: "<url>", help: "A URL to decide (one or more).")],
        options: [
            .value("--file", alias: "-f", "FILE", help: "The association file."),
            .value("--app-id", "APPID", help: "The App ID under test (TEAMID.bundle.id)."),
            .value(
                "--domain", "DOMAIN",
                help:
                    "The domain the file is served for: a URL on another host is no_match. Default: no host check."
            ),
            .value(
                "--expect", "DECISION",
                help: "Pass only when every URL gets DECISION (match, exclude, no_match)."),
            .flag("--json", help: "Print the report as JSON."),
            .flag("--jsonl", help: "Speak the conformance line protocol on standard input and output."),
        ],
        positionalCount: 0...Int.max,
        examples: [
            "aasa match --file apple-app-site-association --app-id ABCDE12345.com.example.app https://example.com/buy/42",
            "aasa match --jsonl < requests.jsonl",
        ],
        exitStatuses: [
            (.success, "every URL matched (or got the --expect decision); always, with --jsonl"),
            (.checkFailed, "at least one URL did not"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the file cannot be read or is not an association file"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        if arguments.has("--jsonl") {
            for other in ["--file", "--app-id", "--domain", "--expect"] where arguments.value(other) != nil {
                throw usage(.conflictingOptions("--jsonl", other))
            }
            if arguments.has("--json") { throw usage(.conflictingOptions("--jsonl", "--json")) }
            if let url = arguments.positionals.first {
                throw usage(.other("--jsonl reads requests from standard input only, but '\(url)' was given"))
            }
            return .lineProtocol(
                LineResponder(maximumLineBytes: maximumLineBytes, respond: answer, overlong: answerOverlong))
        }
        guard let path = arguments.value("--file") else { throw usage(.missingArgument("--file <file>")) }
        guard let appID = arguments.value("--app-id") else {
            throw usage(.missingArgument("--app-id <appid>"))
        }
        try checkAppID(appID)
        return try AppleFileFormat.matchURLs(
            arguments, path: path, app: ("App ID", "appId", appID), domain: arguments.value("--domain"),
            spec: spec,
            in: environment)
    }

    /// The longest request line read: an association file at Apple's limit of 128 KB, plus
    /// 64 KiB for the URL, domain, App ID and id.
    static let maximumLineBytes = AssociationFileDocument.maximumByteCount + 64 * 1024

    /// Answers a request line longer than ``maximumLineBytes``, without reading it.
    static func answerOverlong(_ byteCount: Int) -> String {
        JSONValue.object([
            "error": .string(
                "the request line is \(byteCount) bytes, more than the \(maximumLineBytes) bytes a request may "
                    + "have (an association file is at most 128 KB)")
        ]).serialized()
    }

    /// Answers one request line of the conformance protocol. An inline `aasa` file is held to
    /// Apple's limit of 128 KB like a file read from disk (measured as compact JSON), so the
    /// protocol never decides for a file the device would refuse to read.
    static func answer(_ line: [UInt8]) -> String {
        guard let text = UTF8Text.decode(line) else {
            return JSONValue.object(["error": "the request is not UTF-8 text"]).serialized()
        }
        // Lines that cannot be read as a request get the library's own error answers.
        guard let json = try? JSONValue(parsing: text), let request = try? AssociationMatchRequest(json: json)
        else { return AssociationMatchRequest.respond(toLine: text) }
        let byteCount = request.aasa.serialized().utf8.count
        guard byteCount <= AssociationFileDocument.maximumByteCount else {
            var members: [String: JSONValue] = [
                "error": .string(AssociationFileError.tooLarge(byteCount: byteCount).description)
            ]
            if let id = request.id { members["id"] = id }
            return JSONValue.object(members).serialized()
        }
        return request.answer().serialized()
    }
}
