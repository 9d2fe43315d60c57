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
        let encoded = encode(text, allowing: .queryItem)
        guard encoded.contains("%20") else { return encoded }
        var out: [UInt8] = []
        let bytes = Array(encoded.utf8)
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "2"),
                bytes[i + 2] == UInt8(ascii: "0")
            {
                out.append(UInt8(ascii: "+"))
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes every `%XX` escape; `nil` when an escape is invalid or the bytes are not UTF-8.
    public static func decode(_ text: some StringProtocol) -> String? {
        // Most text has no escape: answer without copying it into an array first.
        guard ASCII.containsPercent(text) else { return String(text) }
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < utf8.count,
                    let high = ASCII.hexValue(utf8[i + 1]), let low = ASCII.hexValue(utf8[i + 2])
                else { return nil }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(byte)
                i += 1
            }
        }
        return UTF8Text.decode(out)
    }

    /// Encodes every byte of the UTF-8 text that `allowing` does not allow as `%XX` (upper-case).
    public static func encode(_ text: String, allowing allowed: Allowed) -> String {
        // Most text needs no escape: answer without copying it.
        if text.utf8.allSatisfy({ allowed.allows($0) }) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.allows(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(ASCII.hexDigits[Int(byte >> 4)])
                out.append(ASCII.hexDigits[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
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

/// Byte classes of RFC 3986, on ASCII bytes.
enum ASCII {
    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    @inline(__always) static func isAlpha(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool {
        b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    @inline(__always) static func isUnreserved(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }

    @inline(__always) static func isSubDelimiter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// `pchar` without the `%` escape: unreserved, sub-delimiters, `:` and `@`.
    @inline(__always) static func isPathCharacter(_ b: UInt8) -> Bool {
        isUnreserved(b) || isSubDelimiter(b) || b == UInt8(ascii: ":") || b == UInt8(ascii: "@")
    }

    @inline(__always) static func lowercased(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    /// Bits of ``byteClasses``.
    static let refusedBit: UInt8 = 1
    static let percentBit: UInt8 = 2
    static let upperCaseBit: UInt8 = 4
    static let pathCharacterBit: UInt8 = 8

    /// The class of every byte, so that a scan reads one table entry per byte: refused
    /// anywhere in a link (non-ASCII, whitespace, control, backslash), `%`, upper-case letter,
    /// and `pchar` without the escape.
    static let byteClasses: [UInt8] = (0..<256).map { value in
        let b = UInt8(value)
        var bits: UInt8 = 0
        if b >= 0x80 || b <= 0x20 || b == 0x7F || b == UInt8(ascii: "\\") { bits |= refusedBit }
        if b == UInt8(ascii: "%") { bits |= percentBit }
        if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { bits |= upperCaseBit }
        if isPathCharacter(b) { bits |= pathCharacterBit }
        return bits
    }

    /// ``byteClasses`` without the `pchar` bit on `'`, which a query refuses, and on `&`, which
    /// separates its items: the query's check then notes the one and counts the other in the
    /// same pass.
    static let queryByteClasses: [UInt8] = {
        var classes = byteClasses
        classes[Int(UInt8(ascii: "'"))] &= ~pathCharacterBit
        classes[Int(UInt8(ascii: "&"))] &= ~pathCharacterBit
        return classes
    }()

    /// Bits of ``authorityStops``.
    static let endsAuthority: UInt8 = 1
    static let atStop: UInt8 = 2
    static let colonStop: UInt8 = 4
    /// ``endsAuthority`` for `/`, `?` and `#`, ``atStop`` for `@`, ``colonStop`` for `:`; 0 for
    /// every other byte: where the scheme and the authority end, and what the authority holds.
    static let authorityStops: [UInt8] = (0..<256).map { (b: Int) -> UInt8 in
        switch b {
        case 0x2F, 0x3F, 0x23: endsAuthority
        case 0x40: atStop
        case 0x3A: colonStop
        default: 0
        }
    }

    /// 1 for the bytes that end a query item or its name, or start an escape (`&`, `=`, `%`);
    /// 0 for every other byte.
    static let queryItemStops: [UInt8] = (0..<256).map { $0 == 0x26 || $0 == 0x3D || $0 == 0x25 ? 1 : 0 }

    /// Whether every byte is printable ASCII (space to tilde): text on which comparing bytes
    /// gives the same answer as comparing characters.
    static func isPrintable(_ text: String) -> Bool {
        text.utf8.allSatisfy(isPrintable)
    }

    /// Whether a byte is printable ASCII (space to tilde).
    @inline(__always)
    static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
}
