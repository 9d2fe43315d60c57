import AssociatedDomains

/// `deeplinks assetlinks match`: what an `assetlinks.json` file decides for URLs and an app.
enum AssetLinksMatchCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["assetlinks", "match"],
        summary: "Match URLs against an assetlinks.json file for an Android app (match, exclude, no_match).",
        usage: "--file <file> --package <name> [options] <url>...",
        discussion: """
            Decides each URL the way Android 15 and later do: the app must be granted
            delegate_permission/common.handle_all_urls by a statement naming its package;
            without dynamic rules its manifest decides (match); with them the first matching
            rule decides (exclude keeps the link in the browser) and a URL no rule matches
            stays in the browser (no_match). Only http and https URLs are App Links. The file
            is read strictly: a file with error findings is an input error (see 'assetlinks
            validate').
            """,
        arguments: [ArgumentSpec(name: "<url>", help: "A URL to decide (one or more).")],
        options: [
            .value("--file", alias: "-f", "FILE", help: "The assetlinks.json file."),
            .value("--package", "NAME", help: "The app's package name (com.example.app)."),
            .value(
                "--expect", "DECISION",
                help: "Pass only when every URL gets DECISION (match, exclude, no_match)."),
            .flag("--json", help: "Print the report as JSON."),
        ],
        positionalCount: 0...Int.max,
        examples: [
            "assetlinks match --file assetlinks.json --package com.example.app https://example.com/title/42"
        ],
        exitStatuses: [
            (.success, "every URL matched (or got the --expect decision)"),
            (.checkFailed, "at least one URL did not"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the file cannot be read or is not a valid assetlinks.json"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let path = arguments.value("--file") else { throw usage(.missingArgument("--file <file>")) }
        guard let package = arguments.value("--package") else {
            throw usage(.missingArgument("--package <name>"))
        }
        try checkPackageName(package, option: "--package")
        return try AndroidFileFormat.matchURLs(
            arguments, path: path, app: ("Package", "package", package), domain: nil, spec: spec,
            in: environment)
    }
}
