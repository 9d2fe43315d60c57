import DeepLinks

/// One `deeplinks` command: its spec, and a function from parsed arguments and an environment
/// to an outcome.
///
/// A command never prints and never exits: it returns text and a status, or throws a
/// ``UsageError`` (status 2) or a ``ToolError`` (status 3 or 4). The edge does the printing.
protocol ToolCommand: Sendable {
    /// What the command accepts, and its help text.
    static var spec: CommandSpec { get }

    /// Runs the command.
    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
}

extension ToolCommand {
    /// Shorthand for a usage error about this command.
    static func usage(_ problem: UsageError.Problem) -> UsageError {
        UsageError(problem, command: spec)
    }

    /// The `--timeout` a command that fetches reads: whole seconds from 1 to 600, 20 when the
    /// option is absent, and a usage error for anything else.
    static func timeoutSeconds(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value("--timeout") else { return 20 }
        guard let seconds = Int(text), (1...600).contains(seconds) else {
            throw usage(
                .invalidValue(option: "--timeout", value: text, expected: "whole seconds from 1 to 600"))
        }
        return seconds
    }

    /// The `--allow-host` values as host patterns, in order, and a usage error for one that is
    /// not a host name or `*.` and one (``HostPattern/init(validating:)``, the check a receiver
    /// makes of its policy).
    static func allowedHostPatterns(_ arguments: ParsedArguments) throws(UsageError) -> [HostPattern] {
        var patterns: [HostPattern] = []
        for text in arguments.allValues("--allow-host") {
            guard let pattern = HostPattern(validating: text) else {
                throw usage(
                    .invalidValue(
                        option: "--allow-host", value: text,
                        expected: "a host such as example.com or *.example.com"))
            }
            patterns.append(pattern)
        }
        return patterns
    }
}

/// Exit statuses shared by most commands' help texts.
enum StandardExitStatuses {
    static let reporting: [(ExitStatus, String)] = [
        (.success, "no error findings"),
        (.checkFailed, "at least one error finding (or warning, with --strict)"),
        (.usage, ExitStatus.usage.meaning),
        (.invalidInput, ExitStatus.invalidInput.meaning),
    ]
}
