import Testing

@testable import DeepLinksCLI

@Suite("Dispatch, help and exit statuses")
struct DispatchTests {
    @Test("a bare deeplinks prints the tool's help and succeeds")
    func noCommand() async {
        let run = await runInProcess([])
        #expect(run.status == 0)
        #expect(run.standardOutput == CommandLineTool.helpText)
        #expect(run.standardError == "")
    }

    @Test("an unknown command is a usage error naming the word")
    func unknownCommand() async {
        let run = await runInProcess(["reslove", "https://example.com/"])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasPrefix(
                "deeplinks: error: 'reslove' is not a deeplinks command; did you mean 'resolve'?\n"))
    }

    @Test("a group without its subcommand lists the choices")
    func groupWithoutSubcommand() async {
        let run = await runInProcess(["aasa"])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasPrefix("deeplinks: error: 'deeplinks aasa' needs one of: validate, match"))
        let unknown = await runInProcess(["aasa", "frobnicate"])
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError.hasPrefix("deeplinks: error: 'aasa frobnicate' is not a deeplinks command"))
    }

    @Test("the tool's help lists every command and the exit statuses")
    func toolHelp() async {
        let run = await runInProcess(["--help"])
        #expect(run.status == 0)
        for command in CommandLineTool.commands {
            #expect(run.standardOutput.contains("  " + command.spec.path.joined(separator: " ")))
        }
        for status in ExitStatus.allCases {
            #expect(run.standardOutput.contains("  \(status.rawValue)  \(status.meaning)\n"))
        }
    }

    @Test("every command has a help text with usage, options and exit statuses, by --help and by 'help'")
    func everyCommandHasHelp() async {
        for command in CommandLineTool.commands {
            let run = await runInProcess(command.spec.path + ["--help"])
            #expect(run.status == 0, "\(command.spec.invocation) --help")
            #expect(run.standardOutput.contains("USAGE: \(command.spec.invocation) "))
            #expect(run.standardOutput.contains("OPTIONS:\n"))
            #expect(run.standardOutput.contains("EXIT STATUS:\n"))
            #expect(run.standardError == "")
            let viaHelp = await runInProcess(["help"] + command.spec.path)
            #expect(viaHelp.standardOutput == run.standardOutput)
        }
    }

    @Test("every reporting command takes --json (completion prints a script, not a report)")
    func everyReportingCommandTakesJSON() {
        for command in CommandLineTool.commands where command.spec.path != ["completion"] {
            #expect(command.spec.option(named: "--json") != nil, "\(command.spec.invocation)")
        }
    }

    @Test("a group's help lists its subcommands")
    func groupHelp() async {
        let run = await runInProcess(["aasa", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("  validate  "))
        #expect(run.standardOutput.contains("  match     "))
    }

    @Test("--version prints the version")
    func version() async {
        let run = await runInProcess(["--version"])
        #expect(run.standardOutput == "deeplinks \(CommandLineTool.version)\n")
        #expect(run.status == 0)
    }
}
