/// The arguments of one command, checked against its ``CommandSpec``.
///
/// Options may come before, after or between positional arguments; `--name=value` and
/// `--name value` are the same; `--` ends the options (everything after it is positional);
/// a lone `-` is a positional argument (standard input, where a command reads files).
struct ParsedArguments: Sendable, Equatable {
    /// Values of options that take one, by long name, in the order given.
    private(set) var values: [String: [String]] = [:]
    /// Long names of the flags that were given.
    private(set) var flags: Set<String> = []
    /// Positional arguments, in order.
    private(set) var positionals: [String] = []
    /// Whether `-h` or `--help` was given.
    private(set) var wantsHelp = false

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of a single-value option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Parses the words after the command's name.
    ///
    /// `--help` wins over every other problem, so that asking for help never fails.
    static func parse(_ words: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        let optionWords = words.prefix { $0 != "--" }
        if optionWords.contains(where: { $0 == "-h" || $0 == "--help" }) {
            var parsed = ParsedArguments()
            parsed.wantsHelp = true
            return parsed
        }
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var name = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else {
                let known = spec.options.flatMap { [$0.name] + ($0.alias.map { [$0] } ?? []) } + ["--help"]
                throw UsageError(
                    .unknownOption(name), command: spec,
                    suggestion: Suggestion.closest(to: name, among: known))
            }
            try parsed.record(option, inlineValue: inlineValue, words: words, index: &index, for: spec)
        }
        try parsed.checkInputs(for: spec)
        return parsed
    }

    /// Records an option given, with its value (`--name=value`, or the word at `index`, which
    /// then moves past it) when it takes one.
    private mutating func record(
        _ option: OptionSpec, inlineValue: String?, words: [String], index: inout Int, for spec: CommandSpec
    ) throws(UsageError) {
        if option.takesValue {
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError(.missingValue(option.name, option.valueName ?? "VALUE"), command: spec)
            }
            if !option.isRepeatable, values[option.name] != nil {
                throw UsageError(.repeatedOption(option.name), command: spec)
            }
            values[option.name, default: []].append(value)
        } else {
            if inlineValue != nil {
                throw UsageError(.unexpectedValue(option.name), command: spec)
            }
            if flags.contains(option.name) {
                throw UsageError(.repeatedOption(option.name), command: spec)
            }
            flags.insert(option.name)
        }
    }

    /// Checks that standard input is named at most once and that the command has as many
    /// positional arguments as it takes.
    private func checkInputs(for spec: CommandSpec) throws(UsageError) {
        let standardInputs =
            positionals.filter { $0 == "-" }.count
            + spec.options.filter { $0.valueName == "FILE" }.flatMap { values[$0.name] ?? [] }
            .filter { $0 == "-" }.count
        if standardInputs > 1 {
            throw UsageError(
                .other("standard input ('-') can be read only once, but it is named \(standardInputs) times"),
                command: spec)
        }
        let count = positionals.count
        if count < spec.positionalCount.lowerBound {
            let missing = spec.arguments.dropFirst(count).first?.name ?? "an argument"
            throw UsageError(.missingArgument(missing), command: spec)
        }
        if count > spec.positionalCount.upperBound {
            throw UsageError(
                .unexpectedArgument(positionals[spec.positionalCount.upperBound]), command: spec)
        }
    }
}
