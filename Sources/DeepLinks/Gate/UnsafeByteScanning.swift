#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// The gate's byte scanning: every read of a link's bytes goes through this file.
///
/// A ``ByteView`` is a read-only view of contiguous bytes over a `Span<UInt8>`: it is not
/// escapable, so it exists only inside the closure that gives it (``ByteView/withUTF8(of:_:)``,
/// ``ByteView/withBytes(of:_:)``), and the compiler refuses any code that keeps it longer
/// (stores it, returns it, captures it in an escaping closure). Every read is checked against the
/// count in every build: single bytes through the span's own checked subscript; words, scans
/// (for a byte, a word or a table entry), slices and strings once for their whole range at the
/// boundary, after which they read eight bytes at a time, use `memchr` or a byte table inside the
/// range checked. An index outside the bytes stops the program, in debug and release builds alike.

/// A read-only view of contiguous bytes, valid only inside the closure that gives it; it cannot
/// be stored or returned from that closure.
struct ByteView: ~Escapable {
    /// The bytes; borrowed from their owner for the length of the closure.
    private let span: Span<UInt8>

    @_lifetime(copy span)
    private init(_ span: Span<UInt8>) {
        self.span = span
    }

    /// Calls `body` with the UTF-8 bytes of `text` and the string they belong to: a native
    /// string is read in place; any other is made contiguous first, and that copy is passed.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (ByteView, String) -> R) -> R {
        // The buffer is the string's own storage, alive and unchanged inside the closure; the
        // span made of it cannot outlive the closure (the compiler ties the view to it).
        if let result = unsafe text.utf8.withContiguousStorageIfAvailable({
            unsafe body(ByteView($0.span), text)
        }) {
            return result
        }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        let original = contiguous
        // As above: `withUTF8` lends the storage of `contiguous` for the closure only.
        return contiguous.withUTF8 { unsafe body(ByteView($0.span), original) }
    }

    /// Calls `body` with the bytes of `array`.
    @inline(__always)
    static func withBytes<R>(of array: [UInt8], _ body: (ByteView) -> R) -> R {
        // The array's storage is alive and unchanged inside the closure; the span made of it
        // cannot outlive the closure.
        unsafe array.withUnsafeBufferPointer { unsafe body(ByteView($0.span)) }
    }

    /// The number of bytes.
    var count: Int {
        @inline(__always) get { span.count }
    }

    /// Whether there are no bytes.
    var isEmpty: Bool { count == 0 }

    /// Stops the program unless `range` lies inside the bytes: the one check of every read of
    /// a range, in every build. (A `Range` has its lower bound at most its upper bound.)
    @inline(__always)
    private func checkRange(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "byte range outside the text")
    }

    /// The byte at `i`; stops the program when `i` is outside the bytes.
    subscript(i: Int) -> UInt8 {
        @inline(__always) get { span[i] }
    }

    /// The bytes `range` as a view of their own, indexed from 0; stops the program when the
    /// range is outside the bytes.
    @inline(__always)
    @_lifetime(copy self)
    func slice(_ range: Range<Int>) -> ByteView {
        ByteView(span.extracting(range))
    }

    /// Calls `body` with all the bytes, after checking once that `range` lies inside them: what
    /// a scan of `range` reads inside `body` is inside the buffer.
    @inline(__always)
    private func withBuffer<R>(checking range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        checkRange(range)
        // The span's buffer is alive for the closure; `range` is inside it (checked above).
        return unsafe span.withUnsafeBufferPointer { unsafe body($0) }
    }

    /// The eight bytes from `i`, in memory order, as one word (native byte order); stops the
    /// program when they are not all inside the bytes.
    @inline(__always)
    func word(at i: Int) -> UInt64 {
        precondition(i >= 0 && i <= count &- 8, "word outside the text")
        // Eight bytes from `i` lie inside the span's buffer (checked above), alive for the
        // closure; the load is unaligned.
        return unsafe span.withUnsafeBufferPointer {
            unsafe UnsafeRawBufferPointer($0).loadUnaligned(fromByteOffset: i, as: UInt64.self)
        }
    }

    /// The first offset from `start`, stepping eight bytes at a time, whose eight bytes as one
    /// word (as ``word(at:)`` reads them) `test` answers yes to, or else the first offset with
    /// fewer than eight bytes from it; stops the program when `start` is outside the bytes.
    @inline(__always)
    func firstWord(from start: Int, where test: (UInt64) -> Bool) -> Int {
        unsafe withBuffer(checking: start..<count) { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var i = start
            // Every word read is the eight bytes from `i`, all in `start..<count`, inside the
            // bytes (checked); the load is unaligned.
            while i <= count &- 8 {
                if test(unsafe raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { break }
                i &+= 8
            }
            return i
        }
    }

    /// The offset of the first `byte` in `range`, found by the C library many bytes at a time;
    /// stops the program when the range is outside the bytes.
    @inline(__always)
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        unsafe withBuffer(checking: range) { buffer in
            guard !range.isEmpty, let base = buffer.baseAddress else { return nil }
            // `memchr` reads `range.count` bytes from `range.lowerBound`, inside the checked range.
            guard let found = unsafe memchr(base + range.lowerBound, Int32(byte), range.count) else {
                return nil
            }
            return unsafe UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// The offset of the first byte in `range` whose entry in `table` shares a bit with
    /// `mask`, or `range.upperBound`; stops the program when the range is outside the bytes.
    @inline(__always)
    func firstIndex(in range: Range<Int>, where table: ByteTable, hasAny mask: UInt8) -> Int {
        unsafe withBuffer(checking: range) { buffer in
            var i = range.lowerBound
            // Every `i` read is in `range`, inside the bytes (checked): four bytes at a time
            // while none of the four has a bit of `mask`, then one at a time.
            while i &+ 4 <= range.upperBound,
                (table[unsafe buffer[i]] | table[unsafe buffer[i &+ 1]] | table[unsafe buffer[i &+ 2]]
                    | table[unsafe buffer[i &+ 3]]) & mask == 0
            {
                i &+= 4
            }
            while i < range.upperBound, table[unsafe buffer[i]] & mask == 0 { i &+= 1 }
            return i
        }
    }

    /// The offset of the first byte in `range` whose entry in `table` has none of the bits of
    /// `mask`, or `range.upperBound`; stops the program when the range is outside the bytes.
    @inline(__always)
    func firstIndex(in range: Range<Int>, where table: ByteTable, lacks mask: UInt8) -> Int {
        unsafe withBuffer(checking: range) { buffer in
            var i = range.lowerBound
            // Every `i` read is in `range`, inside the bytes (checked): four bytes at a time
            // while the four share a bit of `mask` (so none lacks them all), then one at a time.
            while i &+ 4 <= range.upperBound,
                (table[unsafe buffer[i]] & table[unsafe buffer[i &+ 1]] & table[unsafe buffer[i &+ 2]]
                    & table[unsafe buffer[i &+ 3]]) & mask != 0
            {
                i &+= 4
            }
            while i < range.upperBound, table[unsafe buffer[i]] & mask != 0 { i &+= 1 }
            return i
        }
    }

    /// Whether every escape in `range` is already canonical
    /// (``PercentEncoding/isNormalized(_:in:)``): upper-case hex, none of an unreserved character.
    func hasCanonicalEscapes(in range: Range<Int>) -> Bool {
        PercentEncoding.isNormalized(span, in: range)
    }

    /// Whether the bytes from `i` are `expected`'s UTF-8 bytes, read in place as these are.
    func hasBytes(of expected: String, at i: Int) -> Bool {
        guard i >= 0, i <= count else { return false }
        return ByteView.withUTF8(of: expected) { expected, _ in
            guard expected.count <= count &- i else { return false }
            for k in 0..<expected.count where self[i &+ k] != expected[k] { return false }
            return true
        }
    }

    /// The text of the bytes `range`, every one of which is ASCII: a short run is written as a
    /// small string directly (``SmallASCIIString``); stops the program when the range is
    /// outside the bytes.
    @inline(__always)
    func string(_ range: Range<Int>, layoutHolds: Bool) -> String {
        unsafe withBuffer(checking: range) { buffer in
            // The maker reads only `range`, inside the bytes (checked).
            unsafe SmallASCIIString.make(buffer, range.lowerBound, range.upperBound, layoutHolds: layoutHolds)
        }
    }

    /// The text of the bytes `range` with ASCII letters lower-cased; stops the program when the
    /// range is outside the bytes.
    func lowercasedString(_ range: Range<Int>) -> String {
        // Inside the checked range, read for the call only.
        unsafe withBuffer(checking: range) {
            unsafe ASCII.lowercasedString(UnsafeBufferPointer(rebasing: $0[range]))
        }
    }

    /// A copy of the bytes `range`; stops the program when the range is outside the bytes.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        // Inside the checked range, copied for the call.
        unsafe withBuffer(checking: range) { unsafe Array($0[range]) }
    }
}

extension Array {
    /// The index of the first element that satisfies `predicate`, each element read in place:
    /// no copy of it, so no reference count on what it holds (the matchers' candidate lists).
    @inline(__always)
    func firstIndexInPlace(where predicate: (borrowing Element) -> Bool) -> Int? {
        // The buffer is the array's storage, alive and unchanged inside the closure; every
        // index read is in `buffer.indices`.
        unsafe withUnsafeBufferPointer { buffer in
            for i in buffer.indices where unsafe predicate(buffer[i]) { return i }
            return nil
        }
    }
}
