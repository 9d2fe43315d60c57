/// What the table check accepts as a route name, a scheme and a host name, read from their bytes.
extension RouteTableValidation {
    /// Whether a route name is non-empty and free of white space and invisible characters.
    static func isValidName(_ name: String) -> Bool {
        if name.isEmpty { return false }
        // Printable ASCII, the common case, is neither white space nor invisible.
        if TextBytes.read(name, Self.isPrintableASCII) {
            return true
        }
        return !name.unicodeScalars.contains { $0.properties.isWhitespace || CharacterClass.isInvisible($0) }
    }

    /// A letter, then letters, digits, `+`, `-` and `.`.
    static func isValidScheme(_ scheme: String) -> Bool {
        var first = true
        for byte in scheme.utf8 {
            let valid =
                first
                ? ASCII.isAlpha(byte)
                : ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !valid { return false }
            first = false
        }
        return !first
    }

    /// Non-empty labels of letters, digits and `-`, separated by dots.
    static func isValidHostName(_ name: String) -> Bool {
        var labelLength = 0
        for byte in name.utf8 {
            if byte == UInt8(ascii: ".") {
                if labelLength == 0 { return false }
                labelLength = 0
            } else if ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") {
                labelLength += 1
            } else {
                return false
            }
        }
        return labelLength > 0
    }

    /// Whether a text holds an ASCII control character, read from its bytes in place when
    /// they are contiguous (as a declared literal's are).
    static func holdsControlCharacter(_ text: String) -> Bool {
        TextBytes.read(text, Self.holdsControlByte)
    }

    /// Whether every byte is printable ASCII (0x21 to 0x7E), read eight bytes at a time.
    static func isPrintableASCII(_ bytes: Span<UInt8>) -> Bool {
        !TextBytes.holdsByte(below: 0x21, countingHighBytes: true, in: bytes)
    }

    /// Whether a byte is an ASCII control character (below 0x20, or 0x7F), read eight bytes
    /// at a time; the bytes of longer characters (over 0x7F) are passed over.
    static func holdsControlByte(_ bytes: Span<UInt8>) -> Bool {
        TextBytes.holdsByte(below: 0x20, countingHighBytes: false, in: bytes)
    }
}
