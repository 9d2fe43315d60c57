/// Percent-encoding and decoding as RFC 3986 defines it, on UTF-8.
///
/// Decoding is strict: a `%` not followed by two hexadecimal digits, or bytes that do not form
/// UTF-8, make ``decode(_:)`` return `nil` instead of guessing. `+` is never turned into a space.
///
/// ```swift
/// PercentEncoding.decode("Summer%202024")                        // "Summer 2024"
/// PercentEncoding.decode("%zz")                                  // nil
/// PercentEncoding.encode("a/b c", allowing: .pathSegment)        // "a%2Fb%20c"
/// ```
public enum PercentEncoding {
    /// Which characters ``encode(_:allowing:)`` leaves as they are.
    public enum Allowed: Sendable, Hashable {
        /// `ALPHA DIGIT - . _ ~` only.
        case unreserved
        /// What RFC 3986 allows inside one path segment: unreserved, sub-delimiters, `:` and `@`.
        case pathSegment
        /// What is safe inside a query name or value: unreserved and `! $ ( ) * , ; : @ / ?`
        /// (not `&`, `=`, `+`, `#` or `'`).
        case queryItem
        /// What RFC 3986 allows in a fragment: path characters, `/` and `?`.
        case fragment

        @inline(__always)
        func allows(_ byte: UInt8) -> Bool {
            if ASCII.isUnreserved(byte) { return true }
            switch self {
            case .unreserved: return false
            case .pathSegment:
                return ASCII.isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
            case .queryItem:
                switch byte {
                case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "("), UInt8(ascii: ")"),
                    UInt8(ascii: "*"),
                    UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "@"),
                    UInt8(ascii: "/"),
                    UInt8(ascii: "?"):
                    return true
                default: return false
                }
            case .fragment:
                return ASCII.isSubDelimiter(byte) && byte != UInt8(ascii: "'")
                    || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
                    || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
            }
        }

        /// Whether every UTF-8 byte of `text` is allowed, so that encoding leaves it as it is;
        /// its bytes are read in place (a string's UTF-8 view costs several times as much a byte).
        func allowsEveryByte(of text: String) -> Bool {
            TextBytes.read(text) { bytes in
                for i in bytes.indices where !allows(bytes[i]) { return false }
                return true
            }
        }
    }

    /// Decodes HTML form encoding (`application/x-www-form-urlencoded`): `+` is a space, then
    /// every `%XX` escape is decoded as by ``decode(_:)`` (so `%2B` is a plus). `nil` when an
    /// escape is invalid or the bytes are not UTF-8. Linear in the text's length.
    ///
    /// ```swift
    /// PercentEncoding.decodeForm("red+shoes")   // "red shoes"
    /// PercentEncoding.decodeForm("1%2B1")       // "1+1"
    /// ```
    public static func decodeForm(_ text: some StringProtocol) -> String? {
        guard text.utf8.contains(UInt8(ascii: "+")) else { return decode(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "+") {
                bytes += [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "0")]
            } else {
                bytes.append(byte)
            }
        }
        return decode(String(decoding: bytes, as: UTF8.self))
    }

    /// Encodes text for a form-encoded query value: as ``encode(_:allowing:)`` with
    /// ``Allowed/queryItem``, then a space is written `+` (a plus is already `%2B`).
    ///
    /// ```swift
    /// PercentEncoding.encodeForm("red shoes")   // "red+shoes"
    /// PercentEncoding.encodeForm("1+1")         // "1%2B1"
    /// ```
    public static func encodeForm(_ text: String) -> String {
        var out = ""
        append(text, allowing: .queryItem, formEncoded: true, to: &out)
        return out
    }

    /// Decodes every `%XX` escape; `nil` when an escape is invalid or the bytes are not UTF-8.
    public static func decode(_ text: some StringProtocol) -> String? {
        // Most text has no escape: answer without copying it first.
        guard ASCII.containsPercent(text) else { return String(text) }
        return decodeNoting(String(text))?.text
    }

    /// ``decode(_:)`` for a `String`, the parser's case: its bytes read in place (not copied
    /// into an array first), with the first control byte (below `0x20`, or `0x7F`) the decoded
    /// text holds, so that a caller refusing controls needs no second pass.
    static func decodeNoting(_ text: String) -> (text: String, control: UInt8?)? {
        guard ASCII.containsPercent(text) else {
            let control = TextBytes.read(text) { bytes -> UInt8? in
                for index in bytes.indices where ASCII.isControl(bytes[index]) { return bytes[index] }
                return nil
            }
            return (text, control)
        }
        return TextBytes.read(text) { bytes -> (text: String, control: UInt8?)? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var control: UInt8?
            var i = 0
            while i < bytes.count {
                var byte = bytes[i]
                if byte == UInt8(ascii: "%") {
                    guard i + 2 < bytes.count,
                        let high = ASCII.hexValue(bytes[i + 1]), let low = ASCII.hexValue(bytes[i + 2])
                    else { return nil }
                    byte = high << 4 | low
                    i += 3
                } else {
                    i += 1
                }
                if control == nil, ASCII.isControl(byte) { control = byte }
                out.append(byte)
            }
            guard let decoded = UTF8Text.decode(out) else { return nil }
            return (decoded, control)
        }
    }

    /// Encodes every byte of the UTF-8 text that `allowing` does not allow as `%XX` (upper-case).
    public static func encode(_ text: String, allowing allowed: Allowed) -> String {
        var out = ""
        append(text, allowing: allowed, to: &out)
        return out
    }

    /// Appends the text to `out` percent-encoded: every byte `allowed` does not allow as `%XX`
    /// (upper-case), and a space as `+` when `formEncoded`. ``encode(_:allowing:)`` and
    /// ``encodeForm(_:)`` write through it; reverse routing appends into the link it writes.
    static func append(
        _ text: String, allowing allowed: Allowed, formEncoded: Bool = false, to out: inout String
    ) {
        // Most text needs no escape: append it as it is.
        if allowed.allowsEveryByte(of: text) {
            out += text
            return
        }
        for byte in text.utf8 {
            if allowed.allows(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else if formEncoded, byte == UInt8(ascii: " ") {
                out.unicodeScalars.append("+")
            } else {
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(Unicode.Scalar(ASCII.hexDigits[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(ASCII.hexDigits[Int(byte & 0xF)]))
            }
        }
    }

    /// ``append(_:allowing:formEncoded:to:)`` into UTF-8 bytes: reverse routing writes a link
    /// into a byte buffer and makes its string once (appending to a string costs several times
    /// as much as appending to an array).
    static func append(
        _ text: String, allowing allowed: Allowed, formEncoded: Bool = false, to out: inout [UInt8]
    ) {
        TextBytes.read(text) { bytes in
            // The runs of allowed bytes are copied whole; each other byte appends its escape.
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                if allowed.allows(byte) { continue }
                if start < index { TextBytes.append(bytes, start..<index, to: &out) }
                if formEncoded, byte == UInt8(ascii: " ") {
                    out.append(UInt8(ascii: "+"))
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(ASCII.hexDigits[Int(byte >> 4)])
                    out.append(ASCII.hexDigits[Int(byte & 0xF)])
                }
                start = index + 1
            }
            if start < bytes.count { TextBytes.append(bytes, start..<bytes.count, to: &out) }
        }
    }

    /// Whether ``normalize(_:)`` would return `text` as it is: no escape of an unreserved
    /// character, and the hex of every other escape in upper case. One pass over the text (a
    /// byte after a lone `%` is read at most three times) that builds nothing, so a link whose
    /// escapes are already canonical (`%20`, `%2F`) is known canonical without writing its
    /// canonical text.
    static func isNormalized(_ text: String) -> Bool {
        guard ASCII.containsPercent(text) else { return true }
        return TextBytes.read(text) { bytes in isNormalized(bytes, in: 0..<bytes.count) }
    }

    /// ``isNormalized(_:)`` for the part of `bytes` in `range`, read in place.
    ///
    /// - Precondition: `range` lies inside `bytes` (the span checks each read in every build).
    static func isNormalized(_ bytes: Span<UInt8>, in range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            // The same test as `normalize`: a `%` without two hex digits after it is copied.
            guard i + 2 < range.upperBound, let high = ASCII.hexValue(bytes[i + 1]),
                let low = ASCII.hexValue(bytes[i + 2])
            else {
                i += 1
                continue
            }
            if ASCII.isUnreserved(high << 4 | low) || ASCII.isLowerHex(bytes[i + 1])
                || ASCII.isLowerHex(bytes[i + 2])
            {
                return false
            }
            i += 3
        }
        return true
    }

    /// Decodes escapes of unreserved characters and upper-cases the hex of every other escape.
    /// The input must already be valid (the gate checked it).
    static func normalize(_ text: some StringProtocol) -> String {
        guard ASCII.containsPercent(text) else { return String(text) }
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count,
                let high = ASCII.hexValue(utf8[i + 1]), let low = ASCII.hexValue(utf8[i + 2])
            {
                let byte = high << 4 | low
                if ASCII.isUnreserved(byte) {
                    out.append(byte)
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(ASCII.hexDigits[Int(high)])
                    out.append(ASCII.hexDigits[Int(low)])
                }
                i += 3
            } else {
                out.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
