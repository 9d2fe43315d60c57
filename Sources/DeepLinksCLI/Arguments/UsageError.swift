/// The command line could not be understood: what was wrong, and which command's help to read.
///
/// Always exit status 2 (``ExitStatus/usage``).
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the command line.
    enum Problem: Sendable, Equatable {
        /// No command was given.
        case missingCommand
        /// A word that names no command (`deeplinks reslove`).
        case unknownCommand(String)
        /// A group (`aasa`) without one of its subcommands.
        case missingSubcommand(group: String, choices: [String])
        /// An option the command does not have.
        case unknownOption(String)
        /// An option that takes a value came last, without one.
        case missingValue(String, String)
        /// A flag written with `=value`.
        case unexpectedValue(String)
        /// An option that may be given once was given twice.
        case repeatedOption(String)
        /// A required positional argument is missing.
        case missingArgument(String)
        /// One positional argument too many.
        case unexpectedArgument(String)
        /// Options that cannot be used together.
        case conflictingOptions(String, String)
        /// An option's value is not one the option accepts.
        case invalidValue(option: String, value: String, expected: String)
        /// A command-specific rule, as a sentence.
        case other(String)
    }

    /// What was wrong.
    let problem: Problem
    /// The command whose help explains the right usage; `nil` for the tool itself.
    let command: CommandSpec?
    /// The known name closest to a mistyped command or option (`--json` for `--jsno`).
    let suggestion: String?

    init(_ problem: Problem, command: CommandSpec?, suggestion: String? = nil) {
        self.problem = problem
        self.command = command
        self.suggestion = suggestion
    }

    static func == (left: UsageError, right: UsageError) -> Bool {
        left.problem == right.problem && left.command?.path == right.command?.path
            && left.suggestion == right.suggestion
    }

    /// A sentence that says what was wrong, with the suggestion when there is one.
    var description: String {
        guard let suggestion else { return sentence }
        return sentence + "; did you mean '\(suggestion)'?"
    }

    /// A sentence that says what was wrong.
    private var sentence: String {
        switch problem {
        case .missingCommand:
            "no command given"
        case .unknownCommand(let word):
            "'\(word)' is not a deeplinks command"
        case .missingSubcommand(let group, let choices):
            "'deeplinks \(group)' needs one of: \(choices.joined(separator: ", "))"
        case .unknownOption(let name):
            "unknown option '\(name)'"
        case .missingValue(let name, let valueName):
            "option '\(name)' needs a value (\(valueName))"
        case .unexpectedValue(let name):
            "option '\(name)' does not take a value"
        case .repeatedOption(let name):
            "option '\(name)' may be given only once"
        case .missingArgument(let name):
            "missing argument \(name)"
        case .unexpectedArgument(let word):
            "unexpected argument '\(word)'"
        case .conflictingOptions(let first, let second):
            "options '\(first)' and '\(second)' cannot be used together"
        case .invalidValue(let option, let value, let expected):
            "option '\(option)' does not accept '\(value)': expected \(expected)"
        case .other(let sentence):
            sentence
        }
    }

    /// A stable name for the kind of problem, for JSON error reports (`unknownOption`).
    var code: String {
        switch problem {
        case .missingCommand: "missingCommand"
        case .unknownCommand: "unknownCommand"
        case .missingSubcommand: "missingSubcommand"
        case .unknownOption: "unknownOption"
        case .missingValue: "missingValue"
        case .unexpectedValue: "unexpectedValue"
        case .repeatedOption: "repeatedOption"
        case .missingArgument: "missingArgument"
        case .unexpectedArgument: "unexpectedArgument"
        case .conflictingOptions: "conflictingOptions"
        case .invalidValue: "invalidValue"
        case .other: "usage"
        }
    }

    /// The text for standard error: the sentence, the usage line and where to read more.
    var report: String {
        var out = "deeplinks: error: \(description)\n"
        if let command {
            out += "Usage: \(command.invocation) \(command.usage)\n"
            out += "See '\(command.invocation) --help'.\n"
        } else {
            out += "See 'deeplinks --help'.\n"
        }
        return out
    }
}
