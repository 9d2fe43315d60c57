import DeepLinks
import Foundation

/// Everything a command may take from outside itself: files, standard input, the network.
///
/// Commands never touch the file system or the network directly; they ask the environment,
/// so tests can run every command in-process with fixed inputs.
struct ToolEnvironment: Sendable {
    /// Reads a whole file; the path `-` means standard input.
    var readFile: @Sendable (String) throws(ToolError) -> [UInt8]
    /// Reads at most the given number of bytes of a file; the path `-` means standard input.
    /// Association files are read this way, so a huge file costs no more than the limit.
    var readFilePrefix: @Sendable (String, Int) throws(ToolError) -> [UInt8]
    /// Reads standard input to its end.
    var readStandardInput: @Sendable () -> [UInt8]
    /// Whether standard input is a terminal (then commands do not wait on it for links).
    var standardInputIsTerminal: @Sendable () -> Bool
    /// Makes the transport that fetches association files: `caFile` is the `--ca-file` path,
    /// `timeout` the seconds to wait for a server.
    var makeTransport: @Sendable (_ caFile: String?, _ timeout: Int) throws(ToolError) -> any HTTPTransport
    /// Writes a whole file (reports such as `audit --html`), replacing what was there.
    var writeFile: @Sendable (_ path: String, _ bytes: [UInt8]) throws(ToolError) -> Void = {
        path, bytes throws(ToolError) in try writeLocalFile(path, bytes)
    }
    /// Creates a folder and the folders on its path (`aasa generate --output-dir`).
    var makeFolder: @Sendable (_ path: String) throws(ToolError) -> Void = { path throws(ToolError) in
        try makeLocalFolder(path)
    }

    /// The real machine: files, standard input, URLSession (or libcurl with a private CA).
    static let live = ToolEnvironment(
        readFile: { path throws(ToolError) in
            if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
            return try readLocalFile(path)
        },
        readFilePrefix: { path, limit throws(ToolError) in try readPrefix(path, limit: limit) },
        readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
        standardInputIsTerminal: { isatty(0) == 1 },
        makeTransport: { caFile, timeout throws(ToolError) in
            try makeLiveTransport(caFile: caFile, timeout: timeout)
        }
    )

    /// Reads a file from disk with a clear error for each way it can fail.
    static func readLocalFile(_ path: String) throws(ToolError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw .unreadableFile(path: path, reason: "it is a directory")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, reason: "permission denied or read error")
        }
        return Array(data)
    }

    /// Creates a folder on disk with the folders on its path, naming the reason when it cannot.
    static func makeLocalFolder(_ path: String) throws(ToolError) {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path), withIntermediateDirectories: true)
        } catch {
            throw .invalidInput(
                source: path, reason: "the folder cannot be created: \(error.localizedDescription)")
        }
    }

    /// Writes a file to disk, naming the path and the reason when it cannot.
    static func writeLocalFile(_ path: String, _ bytes: [UInt8]) throws(ToolError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .invalidInput(
                source: path, reason: "the file cannot be written: \(error.localizedDescription)")
        }
    }
}

extension ToolEnvironment {
    /// Reads a file as UTF-8 text.
    func readText(_ path: String) throws(ToolError) -> String {
        let bytes = try readFile(path)
        guard let text = UTF8Text.decode(bytes) else {
            throw .invalidInput(source: Self.sourceName(path), reason: "the file is not UTF-8 text")
        }
        return text
    }

    /// How a path is named in messages: the path, or "standard input" for `-`.
    static func sourceName(_ path: String) -> String { path == "-" ? "standard input" : path }
}
