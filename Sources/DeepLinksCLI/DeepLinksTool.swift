import Foundation

/// The `deeplinks` executable: the only place that reads the real command line and standard
/// input, writes output and exits.
@main
enum DeepLinksTool {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let outcome = await CommandLineTool.run(arguments, in: .live)
        switch outcome {
        case .finished(let output):
            write(output.standardOutput, to: .standardOutput)
            write(output.standardError, to: .standardError)
            exit(output.status.rawValue)
        case .lineProtocol(let responder):
            let input = fdopen(0, "r")
            while let input, let line = readRawLine(from: input) {
                write(responder.respond(line) + "\n", to: .standardOutput)
            }
            exit(ExitStatus.success.rawValue)
        }
    }

    /// One line of standard input as bytes, without its `\n` (or `\r\n`); `nil` at the end.
    private static func readRawLine(from input: UnsafeMutablePointer<FILE>) -> [UInt8]? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let count = getline(&buffer, &capacity, input)
        guard count >= 0, let buffer else { return nil }
        var bytes = UnsafeRawBufferPointer(start: buffer, count: count).map { $0 }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes
    }

    private static func write(_ text: String, to handle: FileHandle) {
        guard !text.isEmpty else { return }
        handle.write(Data(text.utf8))
    }
}
