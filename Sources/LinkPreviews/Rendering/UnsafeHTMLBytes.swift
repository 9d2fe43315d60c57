/// The landing page's escaping, read from a value's UTF-8 bytes in place: the one place where
/// this module's rendering reads text through a pointer.
///
/// Copying a value's bytes a run at a time needs the bytes to be contiguous: a run of a
/// `String.UTF8View` slice is copied one byte at a time, which cost a landing page more than
/// everything else it did. Everything here takes and gives safe values (a string, an array);
/// no address leaves a function.
enum HTMLBytes {
    /// Appends the UTF-8 bytes of `text` to `out`, each `&`, `<` and `>` (and, for an attribute,
    /// `"` and `'`) replaced by its character reference, as ``HTMLEscaping`` does: the runs
    /// between them are copied whole.
    static func appendEscaped(_ text: String, quotes: Bool, to out: inout [UInt8]) {
        let mask = quotes ? attributeMask : textMask
        // A short string (up to 15 bytes: most keys, numbers and names of a page) keeps its bytes
        // in the value itself: `withUTF8` lends them from a copy on the stack, where asking the
        // view for contiguous storage would refuse and force an array.
        var text = text
        // Safe: the buffer is the string's own bytes, valid and unchanged for the closure, and
        // nothing keeps it after the closure returns.
        text.withUTF8 { buffer in
            unsafe appendEscaped(buffer, mask: mask, to: &out)
        }
    }

    /// ``appendEscaped(_:quotes:to:)`` for part of a string.
    static func appendEscaped(_ text: Substring, quotes: Bool, to out: inout [UInt8]) {
        let mask = quotes ? attributeMask : textMask
        var text = text
        // Safe: as above.
        text.withUTF8 { buffer in
            unsafe appendEscaped(buffer, mask: mask, to: &out)
        }
    }

    /// Appends the UTF-8 bytes of `text` to `out` in one copy.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        // Safe: as in `appendEscaped`, the buffer lives for the closure alone.
        text.withUTF8 { buffer in
            unsafe out.append(contentsOf: buffer)
        }
    }

    /// The bytes `&` `<` `>` as bits of a mask of the bytes below 64.
    private static let textMask: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
    /// The same, with `"` and `'`.
    private static let attributeMask: UInt64 = textMask | 1 << 0x22 | 1 << 0x27

    private static func appendEscaped(
        _ buffer: UnsafeBufferPointer<UInt8>, mask: UInt64, to out: inout [UInt8]
    ) {
        let count = buffer.count
        guard let base = buffer.baseAddress else { return }
        let raw = unsafe UnsafeRawPointer(base)
        let quotes = mask == attributeMask
        var start = 0
        var index = 0
        // Whole words of eight bytes that hold none of the bytes the mask names are passed over
        // at once; the word that holds one (or the last bytes, fewer than eight) is read byte
        // by byte. Every load reads the bytes `index ..< index + 8` with `index + 8 <= count`,
        // every other read is at `index < count`, and every run copied is `start..<index` with
        // `0 <= start <= index <= count`: inside the buffer.
        while index < count {
            while index + 8 <= count,
                !mayHoldMarkup(
                    unsafe raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), quotes: quotes)
            {
                index += 8
            }
            let end = min(index + 8, count)
            while index < end {
                let byte = unsafe buffer[index]
                if byte < 64, mask >> UInt64(byte) & 1 != 0 {
                    unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
                    out.append(contentsOf: reference(for: byte))
                    start = index + 1
                }
                index += 1
            }
        }
        unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<count]))
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is zero: exact (a borrow can mark a byte above a zero one,
    /// but only when there is a zero byte).
    @inline(__always)
    private static func holdsZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highBits != 0
    }

    /// Whether a word of eight bytes holds `&`, `<` or `>` (and, with `quotes`, `"` or `'`):
    /// a byte equals `<` or `>` exactly when it equals `<` with its bit 1 cleared, and `&` or
    /// `'` exactly when it equals `&` with its bit 0 cleared, so each pair is one test.
    @inline(__always)
    static func mayHoldMarkup(_ word: UInt64, quotes: Bool) -> Bool {
        let angles = holdsZeroByte((word & (0xFD &* ones)) ^ (0x3C &* ones))
        if quotes {
            return angles || holdsZeroByte((word & (0xFE &* ones)) ^ (0x26 &* ones))
                || holdsZeroByte(word ^ (0x22 &* ones))
        }
        return angles || holdsZeroByte(word ^ (0x26 &* ones))
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quotation = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)

    /// The character reference of a byte the masks name.
    private static func reference(for byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "\""): quotation
        default: apostrophe
        }
    }
}
