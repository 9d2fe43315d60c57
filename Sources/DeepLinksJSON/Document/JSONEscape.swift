import DeepLinks

/// One escape sequence of a JSON string (RFC 8259 §7), read from raw bytes.
///
/// ``JSONScanner`` resolves every escape of every string with it, so each JSON reader of the
/// package agrees on every escape, surrogate pair and refusal: the route-table reader only
/// needs to know that an escape failed (it then hands the text to `JSONDecoder`), ``JSONParser``
/// reports the problem and its place.
package enum JSONEscape {
    /// What an escape stands for.
    package enum Piece: Equatable {
        /// A single byte: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`.
        case byte(UInt8)
        /// A Unicode scalar written as `\uXXXX`, or as a surrogate pair `\uD83D\uDE00`.
        case scalar(Unicode.Scalar)
    }

    /// Why an escape could not be read, and the byte offset that explains it.
    package struct Problem: Error, Equatable {
        /// The kinds of broken escape.
        package enum Kind: Equatable {
            /// The text ends right after the backslash.
            case unterminated
            /// The backslash is followed by a byte that starts no escape (the byte).
            case invalid(UInt8)
            /// Fewer than four bytes follow a `\u`.
            case truncatedUnicode
            /// One of the four bytes after a `\u` is not a hexadecimal digit.
            case invalidHexDigit
            /// A `\u` escape names a low surrogate with no high surrogate before it.
            case loneLowSurrogate
            /// A `\u` escape names a high surrogate not followed by a `\u` low surrogate.
            case loneHighSurrogate
        }

        /// The kind of problem.
        package var kind: Kind
        /// Where to point: the end of the text for ``Kind/unterminated``, the first of the four
        /// digits for ``Kind/truncatedUnicode`` and ``Kind/invalidHexDigit``, and the escape's
        /// backslash otherwise.
        package var offset: Int
    }

    /// Reads the escape whose backslash is at `index` and moves `index` past it.
    ///
    /// On a problem `index` is left where reading stopped.
    @inline(__always)
    package static func read<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at index: inout Int
    ) throws(Problem) -> Piece where Bytes.Index == Int {
        let backslash = index
        index += 1
        guard index < bytes.endIndex else { throw Problem(kind: .unterminated, offset: index) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return .byte(escape)
        case UInt8(ascii: "b"): return .byte(0x08)
        case UInt8(ascii: "f"): return .byte(0x0C)
        case UInt8(ascii: "n"): return .byte(0x0A)
        case UInt8(ascii: "r"): return .byte(0x0D)
        case UInt8(ascii: "t"): return .byte(0x09)
        case UInt8(ascii: "u"): break
        default: throw Problem(kind: .invalid(escape), offset: backslash)
        }
        let first = try hex4(bytes, at: &index)
        if (0xDC00...0xDFFF).contains(first) {
            throw Problem(kind: .loneLowSurrogate, offset: backslash)
        }
        guard (0xD800...0xDBFF).contains(first) else {
            // Every other four-digit value is a scalar.
            return .scalar(Unicode.Scalar(first)!)
        }
        guard index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        else { throw Problem(kind: .loneHighSurrogate, offset: backslash) }
        index += 2
        let second = try hex4(bytes, at: &index)
        guard (0xDC00...0xDFFF).contains(second) else {
            throw Problem(kind: .loneHighSurrogate, offset: backslash)
        }
        // A high and a low surrogate always combine to a scalar in U+10000...U+10FFFF.
        return .scalar(Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!)
    }

    /// The value of the four hexadecimal digits at `index`; moves `index` past them.
    @inline(__always)
    private static func hex4<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at index: inout Int
    ) throws(Problem) -> UInt32 where Bytes.Index == Int {
        guard index + 4 <= bytes.endIndex else { throw Problem(kind: .truncatedUnicode, offset: index) }
        var value: UInt32 = 0
        for position in index..<index + 4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Problem(kind: .invalidHexDigit, offset: index)
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
