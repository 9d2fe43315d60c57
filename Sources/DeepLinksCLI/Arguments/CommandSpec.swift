/// What a command accepts: its name, what it does, its options and positional arguments.
///
/// The spec drives both parsing (``ParsedArguments/parse(_:for:)``) and the `--help` text
/// (``helpText``), so the two can never disagree.
struct CommandSpec: Sendable {
    /// The words after `deeplinks` that name the command (`["aasa", "match"]`).
    let path: [String]
    /// One line: what the command does.
    let summary: String
    /// The usage line after `deeplinks <path>` (`[options] <link>...`).
    let usage: String
    /// Paragraphs that explain the command.
    let discussion: String
    /// The positional arguments, for the help text.
    let arguments: [ArgumentSpec]
    /// The options the command accepts (besides `--help`).
    let options: [OptionSpec]
    /// How many positional arguments the command takes.
    let positionalCount: ClosedRange<Int>
    /// Example invocations, without the leading `deeplinks`; an example that names
    /// `deeplinks` itself (a pipeline: `echo … | deeplinks resolve …`) is shown as written.
    let examples: [String]
    /// What the exit statuses mean for this command, in status order.
    let exitStatuses: [(ExitStatus, String)]

    init(
        path: [String], summary: String, usage: String, discussion: String = "",
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
        positionalCount: ClosedRange<Int> = 0...0, examples: [String] = [],
        exitStatuses: [(ExitStatus, String)]
    ) {
        self.path = path
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.positionalCount = positionalCount
        self.examples = examples
        self.exitStatuses = exitStatuses
    }

    /// The command as typed: `deeplinks aasa match`.
    var invocation: String { (["deeplinks"] + path).joined(separator: " ") }

    /// The option with this name (`--table`), if the command has one.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.alias == name }
    }

    /// An example as typed: `deeplinks` in front, unless the example is a pipeline that
    /// already runs `deeplinks`.
    static func commandLine(_ example: String) -> String {
        example.hasPrefix("deeplinks ") || example.contains("| deeplinks ") ? example : "deeplinks " + example
    }

    /// The full `--help` text.
    var helpText: String {
        var out = "OVERVIEW: \(summary)\n\nUSAGE: \(invocation) \(usage)\n"
        if !discussion.isEmpty {
            out += "\n" + discussion + "\n"
        }
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            out += HelpColumns.render(arguments.map { ($0.name, $0.help) })
        }
        out += "\nOPTIONS:\n"
        out += HelpColumns.render(options.map { ($0.label, $0.help) } + [("-h, --help", "Show this help.")])
        out += "\nEXIT STATUS:\n"
        out += HelpColumns.render(exitStatuses.map { (String($0.0.rawValue), $0.1) })
        if !examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in examples { out += "  \(Self.commandLine(example))\n" }
        }
        return out
    }
}

/// A positional argument, described for the help text.
struct ArgumentSpec: Sendable {
    /// How the argument is written in the usage line (`<link>`).
    let name: String
    /// One line: what the argument is.
    let help: String
}

/// An option: a flag (`--json`) or a named value (`--table FILE`), possibly repeatable.
struct OptionSpec: Sendable {
    /// The long name, with dashes (`--table`).
    let name: String
    /// A short alias, with its dash (`-t`), if any.
    let alias: String?
    /// The name of the value in help text (`FILE`); `nil` for a flag.
    let valueName: String?
    /// Whether the option may be given more than once (its values are collected in order).
    let isRepeatable: Bool
    /// One line: what the option does.
    let help: String

    /// A flag: present or absent.
    static func flag(_ name: String, alias: String? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, alias: alias, valueName: nil, isRepeatable: false, help: help)
    }

    /// An option that takes one value.
    static func value(
        _ name: String, alias: String? = nil, _ valueName: String, repeatable: Bool = false, help: String
    ) -> OptionSpec {
        OptionSpec(name: name, alias: alias, valueName: valueName, isRepeatable: repeatable, help: help)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// The option as shown in help (`-t, --table FILE`); a repeatable one says so
    /// (`--allow-host NAME (repeatable)`), since `NAME ...` would read as several values after
    /// one option.
    var label: String {
        var text = alias.map { $0 + ", " } ?? ""
        text += name
        if let valueName { text += " " + valueName }
        if isRepeatable { text += " (repeatable)" }
        return text
    }
}

/// Two-column help text: a label column padded to the widest label, then the description.
enum HelpColumns {
    static func render(_ rows: [(String, String)]) -> String {
        let width = min(rows.map(\.0.count).max() ?? 0, 30)
        var out = ""
        for (label, help) in rows {
            if label.count > width {
                out += "  \(label)\n" + String(repeating: " ", count: width + 4) + help + "\n"
            } else {
                out += "  " + label.padded(to: width) + "  " + help + "\n"
            }
        }
        return out
    }
}
