import AssociatedDomains

/// `deeplinks aasa validate <file>`: every finding about an association file, with codes.
enum AASAValidateCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["aasa", "validate"],
        summary: "Validate an apple-app-site-association file: findings with codes and severities.",
        usage: "[options] <file>...",
        discussion: """
            Reads the file as a server would serve it (plain JSON, or CMS-signed) and reports
            size, JSON syntax, service shapes, App IDs, unknown or misspelled keys, wrong value
            types, substitution variables, patterns that never match and rules that can never
            decide. Each finding has a stable code (AASA001...), a severity (error, warning,
            note) and a JSON path. A file that is not JSON is a finding (AASA002), not an
            input error. A file over Apple's limit of 128 KB (131072 bytes) is refused before
            parsing with AASA001 (reading stops one byte past the limit). Each code lists at
            most 100 findings, then one line "... and N more AASA0xx findings".
            """,
        arguments: [
            ArgumentSpec(
                name: "<file>",
                help:
                    "The association file ('-' for standard input); several are validated one after another.")
        ],
        options: FileValidationReport.options,
        positionalCount: 1...Int.max,
        examples: [
            "aasa validate apple-app-site-association", "aasa validate --json --strict site/aasa.json",
        ],
        exitStatuses: FileValidationReport.exitStatuses
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        try AppleFileFormat.validateFiles(arguments, in: environment)
    }
}
