import Foundation
@_exported import TestSupport
import Testing

@testable import DeepLinksCLI

/// What one run of the tool produced.
struct ToolRun: Sendable {
    var standardOutput: String
    var standardError: String
    var status: Int32

    /// Standard output parsed as JSON (for `--json` reports).
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    /// Standard output split into lines, without the final empty one.
    var lines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Where the package and its test data are.
enum PackagePaths {
    /// The package root.
    static let root: URL = PackageFiles.root

    /// `Tests/Corpora`: the public test corpora kept in the repository.
    static let corpora = PackageFiles.corpora

    /// `Tests/Fixtures/verify-domain`.
    static let verifyDomainFixtures = PackageFiles.fixtures.appendingPathComponent("verify-domain")

    /// `scripts/verify-domain-server.sh`.
    static let verifyDomainServer = root.appendingPathComponent("scripts/verify-domain-server.sh")
}

/// Runs the tool in-process, with standard input given as bytes.
func runInProcess(_ arguments: [String], standardInput: String = "", inputIsTerminal: Bool = false) async
    -> ToolRun
{
    var environment = ToolEnvironment.live
    let input = Array(standardInput.utf8)
    environment.readStandardInput = { input }
    environment.standardInputIsTerminal = { inputIsTerminal }
    let live = ToolEnvironment.live.readFile
    environment.readFile = { path throws(ToolError) in path == "-" ? input : try live(path) }
    let livePrefix = ToolEnvironment.live.readFilePrefix
    environment.readFilePrefix = { path, limit throws(ToolError) in
        path == "-" ? Array(input.prefix(limit)) : try livePrefix(path, limit)
    }
    switch await CommandLineTool.run(arguments, in: environment) {
    case .finished(let output):
        return ToolRun(
            standardOutput: output.standardOutput, standardError: output.standardError,
            status: output.status.rawValue)
    case .lineProtocol(let responder):
        let (answers, status) = responder.outcome(of: Array(standardInput.utf8))
        return ToolRun(
            standardOutput: answers.map { $0 + "\n" }.joined(), standardError: "", status: status.rawValue)
    }
}

/// The built `deeplinks` executable, next to the test bundle in the build products folder.
enum BuiltTool {
    static let url: URL? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("deeplinks"))
        }
        let argumentZero = URL(fileURLWithPath: CommandLine.arguments[0])
        candidates.append(argumentZero.deletingLastPathComponent().appendingPathComponent("deeplinks"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return nil
    }()

    static var isAvailable: Bool { url != nil }
}

/// Runs the built executable with arguments and standard input; waits for it to end.
func runExecutable(
    _ arguments: [String], standardInput: String? = nil, environment: [String: String] = [:]
) throws -> ToolRun {
    let tool = try #require(BuiltTool.url, "the deeplinks executable is not in the build products folder")
    let result = try ChildProcess.run(
        tool.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
        input: standardInput.map { Array($0.utf8) })
    return ToolRun(
        standardOutput: String(decoding: result.output, as: UTF8.self),
        standardError: String(decoding: result.error, as: UTF8.self), status: result.status)
}
