/// The landing page's escaping, read from a value's UTF-8 bytes in place: the one place where
/// this module's rendering reads text through a pointer (the writer stores the page's bytes in
/// `UnsafeHTMLWriter.swift`, its entity tag reads them in `UnsafeEntityTag.swift`).
///
/// Copying a value's bytes a run at a time needs the bytes to be contiguous: a run of a
/// `String.UTF8View` slice is copied one byte at a time, which cost a landing page more than
/// everything else it did. Everything here takes and gives safe values (a string, a writer);
/// no address leaves a function.
enum HTMLBytes {
    /// Appends the UTF-8 bytes of `text` to `out`, each `&`, `<` and `>` (and, for an attribute,
    /// `"` and `'`) replaced by its character reference, as ``HTMLEscaping`` does: the runs
    /// between them are copied whole.
    static func appendEscaped(_ text: String, quotes: Bool, to out: inout HTMLWriter) {
        let mask = quotes ? attributeMask : textMask
        // Safe: the buffer is the string's own bytes, valid and unchanged for the closure, and
        // nothing keeps it after the closure returns. A string whose bytes are stored apart is
        // read in place, without the copy (a retain and a release) that `withUTF8` makes.
        let done: Void? = unsafe text.utf8.withContiguousStorageIfAvailable { buffer in
            unsafe appendEscaped(buffer, mask: mask, to: &out)
        }
        if done == nil {
            // A short string (up to 15 bytes: most keys, numbers and names of a page) keeps its
            // bytes in the value itself: `withUTF8` lends them from a copy on the stack.
            var text = text
            // Safe: as above.
            text.withUTF8 { buffer in
                unsafe appendEscaped(buffer, mask: mask, to: &out)
            }
        }
    }

    /// ``appendEscaped(_:quotes:to:)`` for part of a string.
    static func appendEscaped(_ text: Substring, quotes: Bool, to out: inout HTMLWriter) {
        let mask = quotes ? attributeMask : textMask
        var text = text
        // Safe: as above.
        text.withUTF8 { buffer in
            unsafe appendEscaped(buffer, mask: mask, to: &out)
        }
    }

    /// The bytes `&` `<` `>` as bits of a mask of the bytes below 64.
    private static let textMask: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
    /// The same, with `"` and `'`.
    private static let attributeMask: UInt64 = textMask | 1 << 0x22 | 1 << 0x27

    private static func appendEscaped(
        _ buffer: UnsafeBufferPointer<UInt8>, mask: UInt64, to out: inout HTMLWriter
    ) {
        let count = buffer.count
        guard let base = buffer.baseAddress else { return }
        let raw = unsafe UnsafeRawPointer(base)
        let quotes = mask == attributeMask
        var start = 0
        var index = 0
        /// Copies the run before `position` and the reference of the byte there.
        @inline(__always)
        func escape(at position: Int) {
            unsafe out.append(UnsafeBufferPointer(rebasing: buffer[start..<position]))
            out.append(reference(for: unsafe buffer[position]))
            start = position + 1
        }
        // Blocks of sixteen bytes, then words of eight, are tested at once: a block marks each
        // of its bytes to escape exactly, and each is escaped in turn; a word's first mark is
        // exact, and the pass goes on from the byte after it. The last bytes (fewer than eight)
        // are read one at a time. Every block load reads `index ..< index + 16` with
        // `index + 16 <= count`, every word load `index ..< index + 8` with `index + 8 <= count`,
        // every marked position is inside the block or word read, every other read is at
        // `index < count`, and every run copied is `start..<position` with
        // `0 <= start <= position < count` (the last `start..<count`): inside the buffer.
        while index + 16 <= count {
            var marks = markupMarks(
                unsafe raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self), quotes: quotes)
            while marks.low != 0 {
                escape(at: index + marks.low.trailingZeroBitCount >> 3)
                marks.low &= marks.low &- 1
            }
            while marks.high != 0 {
                escape(at: index + 8 + marks.high.trailingZeroBitCount >> 3)
                marks.high &= marks.high &- 1
            }
            index += 16
        }
        while index + 8 <= count {
            let word = UInt64(littleEndian: unsafe raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let marks = markupMarks(word, quotes: quotes)
            if marks == 0 {
                index += 8
            } else {
                let position = index + marks.trailingZeroBitCount >> 3
                escape(at: position)
                index = position + 1
            }
        }
        while index < count {
            let byte = unsafe buffer[index]
            if byte < 64, mask >> UInt64(byte) & 1 != 0 { escape(at: index) }
            index += 1
        }
        unsafe out.append(UnsafeBufferPointer(rebasing: buffer[start..<count]))
    }

    /// The bytes of a block of sixteen to escape, as the high bit of each byte of its two halves:
    /// the word test below on each byte of the block on its own (a byte's subtraction borrows
    /// from no other byte, so each mark is exact).
    @inline(__always)
    static func markupMarks(_ block: SIMD16<UInt8>, quotes: Bool) -> (low: UInt64, high: UInt64) {
        @inline(__always)
        func zeroBytes(_ bytes: SIMD16<UInt8>) -> SIMD16<UInt8> {
            (bytes &- SIMD16(repeating: 1)) & ~bytes
        }
        var marks = zeroBytes((block & SIMD16(repeating: 0xFD)) ^ SIMD16(repeating: 0x3C))
        if quotes {
            marks |= zeroBytes((block & SIMD16(repeating: 0xFE)) ^ SIMD16(repeating: 0x26))
            marks |= zeroBytes(block ^ SIMD16(repeating: 0x22))
        } else {
            marks |= zeroBytes(block ^ SIMD16(repeating: 0x26))
        }
        // Safe: sixteen bytes and two words have the same size and no invalid bit patterns;
        // the first word holds the first eight bytes (little-endian, as the word loads).
        let words = unsafe unsafeBitCast(marks, to: SIMD2<UInt64>.self)
        return (UInt64(littleEndian: words[0]) & highBits, UInt64(littleEndian: words[1]) & highBits)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The zero bytes of `word`, as the high bit of each: the lowest mark is a zero byte, and
    /// there is one exactly when a byte is zero (a borrow can mark a byte above a zero one).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// The bytes of a word of eight (read little-endian) to escape: `&`, `<` or `>` (and, with
    /// `quotes`, `"` or `'`), as the high bit of each byte. A byte equals `<` or `>` exactly
    /// when it equals `<` with its bit 1 cleared, and `&` or `'` exactly when it equals `&` with
    /// its bit 0 cleared, so each pair is one test. The lowest mark is exact (a borrow can mark
    /// a byte above a marked one, never below), and there is a mark exactly when a byte is one
    /// to escape.
    @inline(__always)
    static func markupMarks(_ word: UInt64, quotes: Bool) -> UInt64 {
        var marks = zeroBytes((word & (0xFD &* ones)) ^ (0x3C &* ones))
        if quotes {
            marks |= zeroBytes((word & (0xFE &* ones)) ^ (0x26 &* ones)) | zeroBytes(word ^ (0x22 &* ones))
        } else {
            marks |= zeroBytes(word ^ (0x26 &* ones))
        }
        return marks
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
