import AssociatedDomains

/// `deeplinks assetlinks validate <file>`: every finding about an `assetlinks.json` file, with codes.
enum AssetLinksValidateCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["assetlinks", "validate"],
        summary: "Validate an assetlinks.json statement list: findings with codes and severities.",
        usage: "[options] <file>...",
        discussion: """
            Reads the file as a server would serve it and reports size, JSON syntax, repeated
            and unknown keys (the format is closed), relations, targets, package names,
            SHA-256 fingerprints (32 upper-case hex bytes joined by colons), web sites,
            Android 15 dynamic rules (/, ?, #, exclude, comments), rules that never decide
            and rule lists that open nothing. Each finding has a stable code
            (ASSETLINKS001...), a severity (error, warning, note) and a JSON path. A file that
            is not JSON is a finding (ASSETLINKS002), not an input error. A file over 128 KB
            (131072 bytes) is refused before parsing with ASSETLINKS001 (reading stops one
            byte past the limit). Each code lists at most 100 findings, then one line.
            """,
        arguments: [
            ArgumentSpec(
                name: "<file>",
                help:
                    "The assetlinks.json file ('-' for standard input); several are validated one after another."
            )
        ],
        options: FileValidationReport.options,
        positionalCount: 1...Int.max,
        examples: [
            "assetlinks validate assetlinks.json", "assetlinks validate --json --strict site/assetlinks.json",
        ],
        exitStatuses: FileValidationReport.exitStatuses
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        try AndroidFileFormat.validateFiles(arguments, in: environment)
    }
}

extension ToolEnvironment {
    /// An `assetlinks.json` file read strictly, or an input error naming every problem.
    func loadAssetLinks(_ path: String) throws(ToolError) -> AssetLinksFile {
        let bytes = try readFilePrefix(path, AssetLinksFile.maximumByteCount + 1)
        do {
            return try AssetLinksFile(bytes: bytes)
        } catch {
            throw .invalidInput(source: Self.sourceName(path), reason: error.description)
        }
    }
}

extension ToolCommand {
    /// Refuses a package name Android would not accept, with the sentence of ASSETLINKS113.
    static func checkPackageName(_ name: String, option: String) throws(UsageError) {
        if let problem = AndroidAppTarget.packageNameProblem(name) {
            throw usage(.other("\(option): \(problem)"))
        }
    }
}
