/// The UTF-8 bytes of a text, read in place: the one place where the router and the table
/// check read text through pointers.
///
/// Everything else reads the bytes as a `Span<UInt8>` (bounds-checked, and unable to outlive
/// the call that lends it). The scans that read eight bytes at a time, the literal hash, the
/// search for a control byte and the comparison of two texts, are here, because a span has no
/// safe unaligned load of a word on the systems the package supports.
enum TextBytes {
    /// Calls `body` with the text's UTF-8 bytes, read in place: a native string's storage, a
    /// small string's bytes copied on the stack (no allocation), any other string made native
    /// first.
    @inline(__always)
    static func read<Result>(_ text: String, _ body: (Span<UInt8>) -> Result) -> Result {
        // Safe: each buffer is valid for its whole closure only, and the span made from it
        // cannot outlive the closure (the compiler ties the span's lifetime to the buffer's).
        if let result = unsafe text.utf8.withContiguousStorageIfAvailable({ bytes in unsafe body(bytes.span) }
        ) {
            return result
        }
        // A small string (up to 15 bytes, kept in the value) lends a copy on the stack; any
        // other is made native first.
        var copy = text
        return copy.withUTF8 { bytes in unsafe body(bytes.span) }
    }

    /// Appends the text's UTF-8 bytes from `offset` on to `out` in one copy (a byte-by-byte copy
    /// through a span costs tens of instructions a byte).
    ///
    /// - Precondition: `0 <= offset <= text.utf8.count`, checked in every build.
    static func append(_ text: String, from offset: Int, to out: inout [UInt8]) {
        var text = text
        // Safe: the buffer is the string's own bytes, valid for the closure; the range copied is
        // `offset ..< count`, inside it once the precondition holds, and nothing keeps the
        // buffer after the closure returns.
        text.withUTF8 { buffer in
            precondition(offset >= 0 && offset <= buffer.count, "offset outside the text")
            unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[offset...]))
        }
    }

    /// Appends the bytes of `range` in `bytes` to `out` in one copy: the runs between escapes
    /// when percent-encoding or decoding (a byte-by-byte `append` costs tens of instructions a
    /// byte).
    ///
    /// - Precondition: `range` lies inside `bytes`, checked in every build.
    @inline(__always)
    static func append(_ bytes: Span<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes")
        // Safe: the buffer is the span's memory, valid for the closure; the range copied lies
        // inside it once the precondition holds, and nothing keeps the buffer afterwards.
        unsafe bytes.withUnsafeBufferPointer { buffer in
            unsafe out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
        }
    }

    /// `scheme://authority` followed by the bytes of `rest` from `offset` on, written straight
    /// into the new string's storage: no byte array first, no second copy.
    ///
    /// - Precondition: `0 <= offset <= rest.utf8.count`, checked in every build.
    static func link(scheme: String, authority: String, rest: String, from offset: Int) -> String {
        var scheme = scheme
        var authority = authority
        var rest = rest
        // Safe: each buffer is a string's own bytes (or a copy on the stack), valid for its
        // closure, and nothing keeps one afterwards. The string is made with room for exactly
        // the bytes copied: `count` is the sum of the four parts' lengths, each part is copied
        // at the offset where the parts before it end, and `count` bytes are reported written.
        // The parts are whole UTF-8 texts and `://`, so the bytes are valid UTF-8.
        return scheme.withUTF8 { schemeBytes in
            authority.withUTF8 { authorityBytes in
                rest.withUTF8 { restBytes in
                    precondition(offset >= 0 && offset <= restBytes.count, "offset outside the text")
                    let tail = unsafe UnsafeBufferPointer(rebasing: restBytes[offset...])
                    let count = schemeBytes.count + 3 + authorityBytes.count + tail.count
                    return unsafe String(unsafeUninitializedCapacity: count) { out in
                        var end = unsafe out.baseAddress.unsafelyUnwrapped
                        @inline(__always)
                        func copy(_ part: UnsafeBufferPointer<UInt8>) {
                            guard let base = part.baseAddress else { return }
                            unsafe end.initialize(from: base, count: part.count)
                            unsafe end += part.count
                        }
                        unsafe copy(schemeBytes)
                        unsafe end.initialize(to: UInt8(ascii: ":"))
                        unsafe (end + 1).initialize(to: UInt8(ascii: "/"))
                        unsafe (end + 2).initialize(to: UInt8(ascii: "/"))
                        unsafe end += 3
                        unsafe copy(authorityBytes)
                        unsafe copy(tail)
                        return count
                    }
                }
            }
        }
    }

    /// Appends the start of a link with an authority, `scheme://authority` (`authority` may be
    /// empty), each text in one copy.
    static func appendStart(scheme: String, authority: String, to out: inout [UInt8]) {
        append(scheme, from: 0, to: &out)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: "/"))
        out.append(UInt8(ascii: "/"))
        append(authority, from: 0, to: &out)
    }

    /// A 64-bit hash of the bytes, read eight at a time: cheaper than `Hasher`, and the same
    /// within a process, which is all the router's tables need.
    @inline(__always)
    static func hash(_ bytes: Span<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        if count == 0 { return hash }
        // Safe: every load below reads bytes at offsets `i ..< i + width` with `i + width <=
        // count` (checked by the asserts), inside the span's buffer, which lives through the
        // closure; unaligned loads of plain integers accept any address.
        return unsafe bytes.withUnsafeBufferPointer { buffer in
            let raw = unsafe UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
            var i = 0
            while i + 8 <= count {
                let word = unsafe raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 29
                i += 8
            }
            // The last 0 to 7 bytes in at most three loads, none past the end.
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            if count & 4 != 0 {
                assert(i + 4 <= count)
                tail = UInt64(unsafe raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                shift = 32
                i += 4
            }
            if count & 2 != 0 {
                assert(i + 2 <= count)
                let half = unsafe raw.loadUnaligned(fromByteOffset: i, as: UInt16.self)
                tail |= UInt64(half) << shift
                shift += 16
                i += 2
            }
            if count & 1 != 0 {
                assert(i + 1 == count)
                let byte = unsafe raw.load(fromByteOffset: i, as: UInt8.self)
                tail |= UInt64(byte) << shift
            }
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
            return hash ^ (hash >> 31)
        }
    }

    /// Whether `text` is spelled with exactly `bytes`, compared eight at a time as below.
    static func sameBytes(_ text: String, _ bytes: [UInt8]) -> Bool {
        read(text) { left in
            // Safe: the buffer is the array's own storage, valid for the closure; the span made
            // from it cannot outlive the closure.
            unsafe bytes.withUnsafeBufferPointer { unsafe sameBytes(left, $0.span) }
        }
    }

    /// Whether two spans hold the same bytes, compared eight at a time (a byte at a time through
    /// a span costs about ten instructions a byte). Cost: at most one pass, none when both
    /// spans are the same memory (two copies of one string).
    static func sameBytes(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard count > 0 else { return true }
        // Safe: both buffers hold `count` bytes and live through the closures; every word load
        // reads offsets `i ..< i + 8` with `i + 8 <= count` (the loop's own test), and the last
        // bytes are read through the spans, whose subscripts check their bounds. The addresses
        // are only compared, not kept.
        let words = unsafe a.withUnsafeBufferPointer { left in
            unsafe b.withUnsafeBufferPointer { right -> Int? in
                let x = unsafe UnsafeRawPointer(left.baseAddress.unsafelyUnwrapped)
                let y = unsafe UnsafeRawPointer(right.baseAddress.unsafelyUnwrapped)
                if unsafe x == y { return count }
                var i = 0
                while i + 8 <= count {
                    let same =
                        unsafe x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if !same { return nil }
                    i += 8
                }
                return i
            }
        }
        guard var i = words else { return false }
        while i < count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether a byte is below `low` or is 0x7F (or, when `countingHighBytes`, over 0x7F),
    /// read eight bytes at a time.
    ///
    /// In a word whose bytes are all below 0x80, adding `0x80 - low` to each byte carries into
    /// its high bit exactly when the byte is at least `low`, and adding 1 exactly when it is
    /// 0x7F; no byte carries into the next. A word with a high bit set is an answer at once
    /// when high bytes count, else it is read byte by byte.
    @inline(__always)
    static func holdsByte(below low: UInt8, countingHighBytes: Bool, in bytes: Span<UInt8>) -> Bool {
        let count = bytes.count
        let lift = UInt64(0x80 - low) &* ones
        func holds(_ byte: UInt8) -> Bool { byte < low || byte == 0x7F || (countingHighBytes && byte > 0x7F) }
        var i = 0
        while i + 8 <= count {
            // Safe: the word is the bytes at `i ..< i + 8`, inside the span (`i + 8 <= count`),
            // read within the closure that lends the buffer.
            let word = unsafe bytes.withUnsafeBufferPointer { buffer in
                unsafe UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(
                    fromByteOffset: i, as: UInt64.self)
            }
            if word & highBits == 0 {
                if ~(word &+ lift) & highBits != 0 || (word &+ ones) & highBits != 0 { return true }
            } else {
                if countingHighBytes { return true }
                for k in i..<(i + 8) where holds(bytes[k]) { return true }
            }
            i += 8
        }
        while i < count {
            if holds(bytes[i]) { return true }
            i += 1
        }
        return false
    }
}
