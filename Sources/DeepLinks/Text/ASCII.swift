/// Byte classes of RFC 3986, on ASCII bytes.
package enum ASCII {
    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    @inlinable @inline(__always) package static func isAlpha(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }

    @inlinable @inline(__always) package static func isDigit(_ b: UInt8) -> Bool {
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

    /// Whether `b` is a C0 control byte or DEL (below `0x20`, or `0x7F`).
    @inline(__always) static func isControl(_ b: UInt8) -> Bool {
        b < 0x20 || b == 0x7F
    }

    /// Whether `b` is a hex digit written in lower case (`a` to `f`).
    @inline(__always) static func isLowerHex(_ b: UInt8) -> Bool {
        b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f")
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

    /// `text.lowercased()`, answered with `text` itself when it is ASCII without an upper-case
    /// letter (a scheme or host as links spell it): the same string, without the Unicode
    /// case mapping's walk and a new string. Cost: one pass over the bytes.
    static func lowercased(_ text: String) -> String {
        let isLower = TextBytes.read(text) { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) { return false }
            }
            return true
        }
        return isLower ? text : text.lowercased()
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

    /// The decimal digits `bytes[range]` as an `Int`, negative when `negative` says so (the
    /// value is accumulated with its sign, so a negative number reaches `Int.min`); `nil` when
    /// a byte is not a digit or the value overflows. An empty range is 0.
    package static func decimalValue(_ bytes: [UInt8], _ range: Range<Int>, negative: Bool) -> Int? {
        var value = 0
        for at in range {
            guard isDigit(bytes[at]) else { return nil }
            let digit = Int(bytes[at] - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowNext) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowNext else { return nil }
            value = next
        }
        return value
    }
}

/// The two upper-case hex digits of a byte (`0x0A` → `"0A"`), for messages.
func hex(_ b: UInt8) -> String {
    String(decoding: [ASCII.hexDigits[Int(b >> 4)], ASCII.hexDigits[Int(b & 0xF)]], as: UTF8.self)
}
