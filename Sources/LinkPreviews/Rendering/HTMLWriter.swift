/// Writes HTML into one byte buffer: literal markup as it is, values escaped byte by byte.
///
/// The escaping is ``HTMLEscaping``'s, done on UTF-8 bytes: the characters it replaces are
/// ASCII, and an ASCII byte never occurs inside the encoding of another scalar, so escaping
/// bytes gives exactly the bytes of the escaped text (a test pins the two together).
struct HTMLWriter {
    /// The page so far.
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup or text that needs no escaping.
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes prepared earlier (a site's shared parts).
    mutating func raw(_ prepared: [UInt8]) {
        bytes.append(contentsOf: prepared)
    }

    /// Appends a value escaped for a double-quoted attribute.
    mutating func attribute(_ text: String) {
        escape(text, quotes: true)
    }

    /// Appends a value escaped for an element's text.
    mutating func text(_ text: String) {
        escape(text, quotes: false)
    }

    private mutating func escape(_ text: String, quotes: Bool) {
        var text = text
        text.withUTF8 { escape($0, quotes: quotes) }
    }

    private mutating func escape(_ buffer: UnsafeBufferPointer<UInt8>, quotes: Bool) {
        var start = 0
        for index in 0..<buffer.count {
            let replacement: StaticString
            switch buffer[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where quotes: replacement = "&quot;"
            case UInt8(ascii: "'") where quotes: replacement = "&#39;"
            default: continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
            replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<buffer.count]))
    }

}
