import AssociatedDomains

/// The whole tool as a value: finds the command named by the arguments and runs it.
///
/// `run` never prints; it returns what to print. The executable's entry point
/// (``DeepLinksTool``) is the only place that reads standard input and writes output.
enum CommandLineTool {
    /// The tool's version, printed by `--version`.
    static let version = "0.1.0"

    /// Every command, in the order the help lists them.
    static let commands: [any ToolCommand.Type] = [
        DemoCommand.self,
        ResolveCommand.self,
        TableCheckCommand.self,
        AASAValidateCommand.self,
        AASAMatchCommand.self,
        AASAGenerateCommand.self,
        AASADiffCommand.self,
        AssetLinksValidateCommand.self,
        AssetLinksMatchCommand.self,
        AssetLinksGenerateCommand.self,
        AssetLinksDiffCommand.self,
        AssetLinksManifestCommand.self,
        EntitlementsCheckCommand.self,
        BannerParseCommand.self,
        BannerRenderCommand.self,
        PreviewCommand.self,
        VerifyDomainCommand.self,
        AuditCommand.self,
        ShortLinkCreateCommand.self,
        ShortLinkShowCommand.self,
        ShortLinkListCommand.self,
        ShortLinkExpireCommand.self,
        ShortLinkStatsCommand.self,
        CompletionCommand.self,
    ]

    /// Words that group subcommands (`aasa validate`), with a one-line summary each.
    static let groups: [(name: String, summary: String)] = [
        ("aasa", "Validate, match, generate and compare apple-app-site-association files."),
        (
            "assetlinks",
            "Validate, match, generate and compare Android assetlinks.json files, and write the manifest's intent filters."
        ),
        ("table", "Check route tables."),
        ("entitlements", "Check Associated Domains entitlements."),
        ("banner", "Parse and render Smart App Banner tags."),
        ("shortlink", "Make, show, list, expire and count short links in a SQLite store."),
    ]

    /// Runs the command the arguments name (the arguments exclude the program name).
    ///
    /// A failure before the report (a usage error, an unreadable or invalid input, an
    /// unreachable server) goes to standard error as `deeplinks: error: <sentence>`. With
    /// `--json` anywhere before `--`, it goes to standard output instead, as one JSON object
    /// (see ``errorJSON(message:code:status:command:)``), so a script reading the report
    /// always reads JSON; the exit status is the same either way.
    static func run(_ arguments: [String], in environment: ToolEnvironment) async -> CommandOutcome {
        let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
        let commandName = command(for: arguments).map { $0.spec.path.joined(separator: " ") }
        func failure(_ message: String, code: String, status: ExitStatus, text: String) -> CommandOutcome {
            if wantsJSON {
                let json = errorJSON(message: message, code: code, status: status, command: commandName)
                return .finished(CommandOutput(ReportJSON.text(json), status: status))
            }
            return .finished(CommandOutput("", status: status, standardError: text))
        }
        do {
            return try await dispatch(arguments, in: environment)
        } catch let error as UsageError {
            return failure(error.description, code: error.code, status: .usage, text: error.report)
        } catch let error as ToolError {
            return failure(
                error.description, code: error.code, status: error.status,
                text: "deeplinks: error: \(error.description)\n")
        } catch {
            let message = String(describing: error)
            return failure(
                message, code: "invalidInput", status: .invalidInput, text: "deeplinks: error: \(message)\n")
        }
    }

    /// A failure as JSON: `{"command": …, "error": <sentence>, "code": <kind>, "exitStatus": N}`.
    ///
    /// `code` is `unknownOption`, `unknownCommand`, `missingArgument` and the other usage
    /// problems, or `unreadableFile`, `invalidInput`, `network`; `command` is left out when the
    /// arguments name no command.
    static func errorJSON(message: String, code: String, status: ExitStatus, command: String?) -> JSONValue {
        var members: [String: JSONValue] = [
            "error": .string(message), "code": .string(code),
            "exitStatus": .number(JSONNumber(Int(status.rawValue))),
        ]
        if let command { members["command"] = .string(command) }
        return .object(members)
    }

    private static func dispatch(_ arguments: [String], in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let first = arguments.first else {
            return .finished(CommandOutput(helpText))
        }
        switch first {
        case "-h", "--help":
            return .finished(CommandOutput(helpText))
        case "--version":
            return .finished(CommandOutput("deeplinks \(version)\n"))
        case "help":
            return try help(for: Array(arguments.dropFirst()))
        default:
            break
        }
        if let command = command(for: arguments) {
            let words = Array(arguments.dropFirst(command.spec.path.count))
            let parsed = try ParsedArguments.parse(words, for: command.spec)
            if parsed.wantsHelp { return .finished(CommandOutput(command.spec.helpText)) }
            return try await command.run(parsed, in: environment)
        }
        if let group = groups.first(where: { $0.name == first }) {
            let rest = arguments.dropFirst()
            if rest.first == "-h" || rest.first == "--help" {
                return .finished(CommandOutput(groupHelp(group.name)))
            }
            if let word = rest.first, !word.hasPrefix("-") {
                let suggestion = Suggestion.closest(to: word, among: subcommands(of: group.name))
                throw UsageError(
                    .unknownCommand("\(group.name) \(word)"), command: nil,
                    suggestion: suggestion.map { "\(group.name) \($0)" })
            }
            throw UsageError(
                .missingSubcommand(group: group.name, choices: subcommands(of: group.name)), command: nil)
        }
        throw UsageError(
            .unknownCommand(first), command: nil,
            suggestion: Suggestion.closest(to: first, among: topLevelWords))
    }

    /// The words that may come first: commands, groups, `help`.
    static var topLevelWords: [String] {
        var words: [String] = []
        for word in commands.map({ $0.spec.path[0] }) + ["help"] where !words.contains(word) {
            words.append(word)
        }
        return words
    }

    /// The command whose path the arguments start with.
    static func command(for arguments: [String]) -> (any ToolCommand.Type)? {
        commands.filter { arguments.starts(with: $0.spec.path) }.max {
            $0.spec.path.count < $1.spec.path.count
        }
    }

    private static func subcommands(of group: String) -> [String] {
        commands.filter { $0.spec.path.count == 2 && $0.spec.path[0] == group }.map { $0.spec.path[1] }
    }

    private static func help(for words: [String]) throws -> CommandOutcome {
        if words.isEmpty { return .finished(CommandOutput(helpText)) }
        if let command = command(for: words), command.spec.path.count == words.count {
            return .finished(CommandOutput(command.spec.helpText))
        }
        if words.count == 1, groups.contains(where: { $0.name == words[0] }) {
            return .finished(CommandOutput(groupHelp(words[0])))
        }
        throw UsageError(.unknownCommand(words.joined(separator: " ")), command: nil)
    }

    /// The help of a group: its subcommands.
    static func groupHelp(_ group: String) -> String {
        let summary = groups.first { $0.name == group }?.summary ?? ""
        var out = "OVERVIEW: \(summary)\n\nUSAGE: deeplinks \(group) <subcommand> [options]\n\nSUBCOMMANDS:\n"
        let rows = commands.filter { $0.spec.path.first == group && $0.spec.path.count == 2 }
            .map { ($0.spec.path[1], $0.spec.summary) }
        out += HelpColumns.render(rows)
        out += "\nSee 'deeplinks \(group) <subcommand> --help' for the options of each.\n"
        return out
    }

    /// The tool's own help: every command, the exit statuses.
    static var helpText: String {
        var out = """
            OVERVIEW: Check deep links, route tables, association files and domains.

            deeplinks runs the deep-link SDK from a terminal or a CI job: it resolves links
            against a route table, checks tables, apple-app-site-association files and
            entitlements, and verifies what Apple's CDN would fetch from a domain.

            USAGE: deeplinks <command> [options]

            COMMANDS:

            """
        out += HelpColumns.render(commands.map { ($0.spec.path.joined(separator: " "), $0.spec.summary) })
        out += "\nEVERY COMMAND THAT REPORTS:\n"
        out += HelpColumns.render([
            ("--json", "Print the report as JSON instead of a table; a failure too, on standard output:"),
            ("", #"{"command", "error": sentence, "code": kind, "exitStatus": N}"#),
            ("-", "As a file argument: read standard input (at most once per command)."),
            ("-h, --help", "Show the command's help."),
        ])
        out += "\nEXIT STATUS:\n"
        out += HelpColumns.render(ExitStatus.allCases.map { (String($0.rawValue), $0.meaning) })
        out += "\nSee 'deeplinks <command> --help' (or 'deeplinks help <command>') for details.\n"
        out += "Start with 'deeplinks demo'.\n"
        return out
    }
}
