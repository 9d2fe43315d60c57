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
            guard let input = fdopen(0, "r") else { exit(ExitStatus.success.rawValue) }
            let status = responder.run(
                nextByte: {
                    let byte = getc_unlocked(input)
                    return byte == EOF ? nil : UInt8(truncatingIfNeeded: byte)
                },
                write: { write($0 + "\n", to: .standardOutput) })
            exit(status.rawValue)
        }
    }

    private static func write(_ text: String, to handle: FileHandle) {
        guard !text.isEmpty else { return }
        handle.write(Data(text.utf8))
    }
}
