import Testing

@testable import DeepLinksCLI

@Suite("Argument parsing")
struct ArgumentParsingTests {
    static let spec = CommandSpec(
        path: ["sample"], summary: "A sample.", usage: "[options] <item>...",
        arguments: [ArgumentSpec(name: "<item>", help: "An item.")],
        options: [
            .flag("--json", help: "JSON."),
            .value("--table", alias: "-t", "FILE", help: "A table."),
            .value("--allow-host", "NAME", repeatable: true, help: "A host."),
        ],
        positionalCount: 1...2, exitStatuses: [])

    @Test("options go anywhere, in both spellings, and aliases name the same option")
    func optionsAnywhere() throws {
        let parsed = try ParsedArguments.parse(
            ["a", "--table=x.json", "--json", "b", "--allow-host", "one", "--allow-host=two"], for: Self.spec)
        #expect(parsed.positionals == ["a", "b"])
        #expect(parsed.value("--table") == "x.json")
        #expect(parsed.has("--json"))
        #expect(parsed.allValues("--allow-host") == ["one", "two"])
        #expect(
            try ParsedArguments.parse(["-t", "y.json", "a"], for: Self.spec).value("--table") == "y.json")
    }

    @Test("'--' ends the options and a lone '-' is an argument")
    func doubleDash() throws {
        let parsed = try ParsedArguments.parse(["-", "--", "--json"], for: Self.spec)
        #expect(parsed.positionals == ["-", "--json"])
        #expect(!parsed.has("--json"))
    }

    @Test("--help wins over every other problem")
    func helpWins() throws {
        #expect(try ParsedArguments.parse(["--bogus", "--help"], for: Self.spec).wantsHelp)
        #expect(try ParsedArguments.parse(["-h"], for: Self.spec).wantsHelp)
        #expect(try !ParsedArguments.parse(["--", "--help"], for: Self.spec).wantsHelp)
    }

    @Test(
        "each malformed command line names its problem",
        arguments: [
            (["a", "--bogus"], UsageError.Problem.unknownOption("--bogus")),
            (["a", "--table"], .missingValue("--table", "FILE")),
            (["a", "--json=yes"], .unexpectedValue("--json")),
            (["a", "--json", "--json"], .repeatedOption("--json")),
            (["a", "-t", "x", "--table", "y"], .repeatedOption("--table")),
            ([], .missingArgument("<item>")),
            (["a", "b", "c"], .unexpectedArgument("c")),
        ])
    func malformed(words: [String], problem: UsageError.Problem) {
        #expect(throws: UsageError(problem, command: Self.spec)) {
            try ParsedArguments.parse(words, for: Self.spec)
        }
    }

    @Test("a usage error's report names the problem, the usage line and the help to read")
    func usageReport() {
        let report = UsageError(.unknownOption("--bogus"), command: Self.spec).report
        #expect(
            report == """
                deeplinks: error: unknown option '--bogus'
                Usage: deeplinks sample [options] <item>...
                See 'deeplinks sample --help'.

                """)
    }

    @Test("a mistyped option names the closest one: did you mean")
    func optionSuggestion() {
        #expect(throws: UsageError(.unknownOption("--jsno"), command: Self.spec, suggestion: "--json")) {
            try ParsedArguments.parse(["a", "--jsno"], for: Self.spec)
        }
        let error = UsageError(.unknownOption("--tabel"), command: Self.spec, suggestion: "--table")
        #expect(error.description == "unknown option '--tabel'; did you mean '--table'?")
    }

    @Test(
        "edit distance counts insertions, deletions, substitutions and swaps of neighbours",
        arguments: [
            ("", "", 0), ("", "abc", 3), ("resolve", "resolve", 0), ("reslove", "resolve", 1),
            ("resolv", "resolve", 1), ("rezolve", "resolve", 1), ("demo", "table", 5), ("abc", "cba", 2),
        ])
    func editDistance(first: String, second: String, distance: Int) {
        #expect(Suggestion.editDistance(first, second) == distance)
        #expect(Suggestion.editDistance(second, first) == distance)
    }

    @Test("a suggestion is made only when the word is close: a third of its length, at least one edit")
    func suggestionThreshold() {
        #expect(Suggestion.closest(to: "reslove", among: ["demo", "resolve", "table"]) == "resolve")
        #expect(Suggestion.closest(to: "xyz", among: ["demo", "resolve", "table"]) == nil)
        #expect(Suggestion.closest(to: "demo", among: ["demo"]) == nil)
        #expect(Suggestion.closest(to: "TABEL", among: ["table", "aasa"]) == "table")
    }

    @Test("standard input ('-') may be named once: twice is a usage error, not an empty second read")
    func standardInputOnce() throws {
        #expect(try ParsedArguments.parse(["-"], for: Self.spec).positionals == ["-"])
        #expect(
            throws: UsageError(
                .other("standard input ('-') can be read only once, but it is named 2 times"),
                command: Self.spec)
        ) {
            try ParsedArguments.parse(["-", "--table", "-"], for: Self.spec)
        }
    }

    @Test(
        "help examples get 'deeplinks' in front, except a pipeline that already runs it (was 'deeplinks echo')"
    )
    func examplePipelines() async {
        #expect(CommandSpec.commandLine("demo --json") == "deeplinks demo --json")
        #expect(
            CommandSpec.commandLine("echo '{}' | deeplinks resolve --jsonl")
                == "echo '{}' | deeplinks resolve --jsonl")
        let help = await runInProcess(["resolve", "--help"])
        #expect(!help.standardOutput.contains("deeplinks echo"))
        #expect(help.standardOutput.contains("\n  echo '{\"id\":1,"))
    }
}
