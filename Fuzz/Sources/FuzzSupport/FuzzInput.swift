/// The bytes libFuzzer hands a harness, read as text and split into the parts a harness needs.
///
/// Inputs are decoded as UTF-8 with replacement, the way a server or an app reads text it
/// receives; invalid sequences become U+FFFD and reach the parsers as non-ASCII text.
public struct FuzzInput: Sendable {
    /// The raw bytes.
    public let bytes: [UInt8]
    /// The bytes as text.
    public let text: String

    /// Copies the input libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// The text split on line feeds, keeping empty lines (a part may legitimately be empty).
    public var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The first line and everything after it, for harnesses whose input is one document
    /// followed by probes (a route table and links, an association file and URLs).
    public var headAndRest: (head: String, rest: [String]) {
        let all = lines
        return (all.first ?? "", Array(all.dropFirst()))
    }
}
