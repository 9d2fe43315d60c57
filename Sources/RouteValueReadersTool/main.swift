// The command the RouteValueReaders plugin runs when a module that applies it is built:
//
//   RouteValueReadersTool OUTPUT SOURCE...
//
// Reads each Swift SOURCE file of the module, writes the generated readers to OUTPUT (only when
// its text changes, so that an unchanged module is not recompiled), and prints a diagnostic in
// the compiler's `file:line: warning:` form for each route value it read no reader for.
// Exit status: 0 when OUTPUT is written, 1 when a file cannot be read or written, 2 for a usage
// error.
import Foundation
import RouteValueReadersGenerator

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: RouteValueReadersTool OUTPUT SOURCE...\n".utf8))
    exit(2)
}
var files: [ScannedFile] = []
for path in arguments.dropFirst().sorted() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("error: RouteValueReaders: cannot read \(path)\n".utf8))
        exit(1)
    }
    files.append(SourceScanner.scan(String(decoding: data, as: UTF8.self), path: path))
}
let generated = ReaderGenerator.generate(files)
for diagnostic in generated.diagnostics {
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
}
let text = Data(generated.source.utf8)
if FileManager.default.contents(atPath: output) != text {
    do {
        try text.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(
            Data("error: RouteValueReaders: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
