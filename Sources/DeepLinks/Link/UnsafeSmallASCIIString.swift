/// Strings of at most 15 ASCII bytes written straight into the standard library's inline
/// ("small") string form, for the gate's segments and query items.
///
/// `String(decoding:as:)` validates the bytes as UTF-8 and goes through several layers before
/// it writes a small string: about 120 instructions for a path segment of a few bytes, which
/// the gate pays for every segment and query item of every link. The gate has already refused
/// every byte above 0x7F, so there is nothing to validate: this type writes the two words of a
/// small ASCII string directly (the bytes in order, then the count and the "small, ASCII,
/// immortal" flags in the last byte), in about 20 instructions.
///
/// The layout of a small string is part of the standard library's ABI on 64-bit platforms;
/// it is still checked once, against strings the standard library made itself (``isAvailable``),
/// and on any platform where it does not hold (or a big-endian one) every string is made by
/// `String(decoding:as:)`. `StringFromASCIIBytesTests` pins both paths against each other.
///
/// Every unsafe operation of the type is here, each marked `unsafe` with what makes it safe:
/// reads stay inside the given buffer (`start..<end` within it, checked in debug builds), and
/// only ASCII bytes are ever written as a small string.
enum SmallASCIIString {
    /// The largest count of bytes a small string holds.
    static let capacity = 15

    /// Whether the layout written here is the standard library's, checked once against
    /// strings of lengths 0, 1, 7, 8, 9 and 15 that the standard library wrote.
    static let isAvailable: Bool = {
        #if _endian(little) && _pointerBitWidth(_64)
            guard MemoryLayout<String>.size == 16 else { return false }
            let sample = Array("abcdefghijklmno".utf8)
            for count in [0, 1, 7, 8, 9, 15] {
                let expected = String(decoding: sample[0..<count], as: UTF8.self)
                let written = words(of: sample[0..<count])
                // A string is two words here (checked above): its bits are read, not changed.
                let expectedWords = unsafe unsafeBitCast(expected, to: (UInt64, UInt64).self)
                guard expectedWords == written else { return false }
                // The written string must also read back as the same text. The words are those
                // the standard library itself wrote for this text, compared equal just above.
                guard unsafe unsafeBitCast(written, to: String.self) == expected else { return false }
            }
            return true
        #else
            return false
        #endif
    }()

    /// The two words of the small ASCII string holding `bytes` (at most 15 bytes, all below
    /// 0x80): bytes 0–7 in the first word, bytes 8–14 in the second, then the count with the
    /// flags 0xE (immortal, small, ASCII) in the high four bits of the last byte.
    @inline(__always)
    private static func words(of bytes: ArraySlice<UInt8>) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (i, byte) in bytes.enumerated() {
            if i < 8 {
                low |= UInt64(byte) << (8 * UInt64(i))
            } else {
                high |= UInt64(byte) << (8 * UInt64(i - 8))
            }
        }
        return (low, high | (UInt64(0xE0 | bytes.count) << 56))
    }

    /// The string of the bytes `start..<end` of `text`, every one of which is below 0x80.
    ///
    /// Up to 15 bytes (where the layout holds) the words are read eight bytes at a time from
    /// `text`, never outside it; longer strings are made by `String(decoding:as:)`.
    @inline(__always)
    static func make(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        unsafe make(text, start, end, layoutHolds: isAvailable)
    }

    /// ``make(_:_:_:)`` with ``isAvailable`` read once by the caller: a hot loop then reads a
    /// flag instead of checking a lazily initialised global on every string.
    @inline(__always)
    static func make(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, layoutHolds: Bool)
        -> String
    {
        let count = end - start
        // Every read below stays inside `text`: the bytes read are `start..<end` or a word
        // ending at `end` or starting at `start` that lies within `0..<text.count`.
        assert(0 <= start && start <= end && end <= text.count, "bytes outside the text")
        #if _endian(little) && _pointerBitWidth(_64)
            if count <= capacity, layoutHolds, let base = text.baseAddress {
                let raw = unsafe UnsafeRawPointer(base)
                let total = text.count
                var low: UInt64
                var high: UInt64 = 0
                if count >= 8 {
                    // `start + 8 <= end`: the word lies inside the bytes.
                    low = unsafe raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                    // The last `count - 8` bytes are the high bytes of the word ending at `end`.
                    high =
                        unsafe raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
                        >> (8 * UInt64(16 - count))
                } else if start + 8 <= total {
                    // The word starting at `start` ends inside the text.
                    low = unsafe raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                    low &= ~UInt64(0) >> (8 * UInt64(8 - count))  // a shift by 64 leaves 0
                } else if end >= 8 {
                    // The word ending at `end` starts inside the text.
                    low =
                        unsafe raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
                        >> (8 * UInt64(8 - count))
                } else {
                    low = 0
                    // `start + i < end <= text.count`.
                    for i in 0..<count { low |= UInt64(unsafe base[start + i]) << (8 * UInt64(i)) }
                }
                // Only ASCII may be written as an ASCII small string.
                if (low | high) & 0x8080_8080_8080_8080 == 0 {
                    // Written over the empty string, which owns nothing: the result needs no
                    // retain, as a bit-cast copy would.
                    // The two words are the layout checked by `isAvailable` (the caller passes
                    // it as `layoutHolds`), with ASCII bytes only and the count in range.
                    var string = ""
                    unsafe withUnsafeMutableBytes(of: &string) { words in
                        unsafe words.storeBytes(of: low, as: UInt64.self)
                        unsafe words.storeBytes(
                            of: high | (UInt64(0xE0 | count) << 56), toByteOffset: 8, as: UInt64.self)
                    }
                    return string
                }
            }
        #endif
        // `start..<end` lies inside the text (the caller's promise, checked in debug builds).
        return unsafe String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
    }
}
