// Built optimised with the module, then run once per kind of read given as the argument: each
// reads past the end of a 16-byte text and must stop the program; `inside` reads within it and
// must print and return.
@main
enum ReadsPastTheEnd {
    static func main() {
        let text = Array("https://a.b/c?d#".utf8)
        let kind = CommandLine.arguments.dropFirst().first ?? "inside"
        let value: Int = ByteView.withBytes(of: text) { view in
            switch kind {
            case "byte": Int(view[116])
            case "word": Int(truncatingIfNeeded: view.word(at: 100))
            case "scan": view.firstIndex(of: 0x7F, in: 0..<116) ?? -1
            case "table": view.firstIndex(in: 8..<116, where: ByteTable.byteClasses, hasAny: 0)
            case "words": view.firstWord(from: 24) { _ in false }
            case "slice": view.slice(8..<116).count
            case "string": view.string(8..<116, layoutHolds: true).utf8.count
            default: Int(view[15]) + Int(truncatingIfNeeded: view.word(at: 8) & 0xFF)
            }
        }
        print("\(kind): read \(value)")
    }
}
