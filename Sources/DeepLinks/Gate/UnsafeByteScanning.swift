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
/// A ``ByteView`` is a read-only view of contiguous bytes that exists only inside the closure
/// that gives it (``ByteView/withUTF8(of:_:)``, ``ByteView/withBytes(of:_:)``). Every read is
/// checked against the count in debug builds (the suites, the fuzz harnesses, AddressSanitizer
/// runs): single bytes and words at their index, scans, slices and strings once for their whole
/// range, after which they read eight bytes at a time, use `memchr` or a byte table. Release
/// builds leave the checks out: one per read cost the pipeline about 3% of its instructions.

/// A read-only view of contiguous bytes, valid only inside the closure that gives it: never
/// store it or return it from that closure.
@safe struct ByteView {
    /// The bytes; borrowed from their owner for the length of the closure.
    private let buffer: UnsafeBufferPointer<UInt8>

    private init(_ buffer: UnsafeBufferPointer<UInt8>) {
        unsafe self.buffer = buffer
    }

    /// Calls `body` with the UTF-8 bytes of `text` and the string they belong to: a native
    /// string is read in place; any other is made contiguous first, and that copy is passed.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (ByteView, String) -> R) -> R {
        // The buffer is the string's own storage, alive and unchanged inside the closure;
        // the view is used only there.
        if let result = unsafe text.utf8.withContiguousStorageIfAvailable({ unsafe body(ByteView($0), text) })
        {
            return result
        }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        let original = contiguous
        // As above: `withUTF8` lends the storage of `contiguous` for the closure only.
        return contiguous.withUTF8 { unsafe body(ByteView($0), original) }
    }

    /// Calls `body` with the bytes of `array`.
    @inline(__always)
    static func withBytes<R>(of array: [UInt8], _ body: (ByteView) -> R) -> R {
        // The array's storage is alive and unchanged inside the closure, used only there.
        unsafe array.withUnsafeBufferPointer { unsafe body(ByteView($0)) }
    }

    /// The number of bytes.
    var count: Int {
        @inline(__always) get { unsafe buffer.count }
    }

    /// Whether there are no bytes.
    var isEmpty: Bool { count == 0 }

    /// Whether `range` lies inside the bytes: checked in debug builds, as ``subscript(_:)``;
    /// every caller's range ends at ``count`` or at an offset a scan of the bytes returned.
    @inline(__always)
    private func checkRange(_ start: Int, _ end: Int) {
        assert(start >= 0 && start <= end && end <= count, "byte range outside the text")
    }

    /// The byte at `i`, which must be inside the bytes: checked in debug builds. Every caller
    /// reads below an end it compared with ``count`` or got from a scan of the bytes.
    subscript(i: Int) -> UInt8 {
        @inline(__always) get {
            assert(UInt(bitPattern: i) < UInt(bitPattern: count), "byte index outside the text")
            // `i` is in `0..<count`: every caller compares it with `count` or with the end of a
            // range checked against it (asserted above).
            return unsafe buffer[i]
        }
    }

    /// The bytes `range` as a view of their own, indexed from 0.
    @inline(__always)
    func slice(_ range: Range<Int>) -> ByteView {
        checkRange(range.lowerBound, range.upperBound)
        // Inside the bytes (checked above), and borrowed for as long as `self` is.
        return unsafe ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The eight bytes from `i`, in memory order, as one word (native byte order); they must
    /// be inside the bytes: checked in debug builds, as ``subscript(_:)``.
    @inline(__always)
    func word(at i: Int) -> UInt64 {
        assert(i >= 0 && i <= count &- 8, "word outside the text")
        // Eight bytes from `i` lie inside the bytes: every caller compares `i + 8` with
        // `count` first (asserted above); the load is unaligned.
        return unsafe UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: i, as: UInt64.self)
    }

    /// The offset of the first `byte` in `range`, found by the C library many bytes at a time.
    @inline(__always)
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        checkRange(range.lowerBound, range.upperBound)
        guard !range.isEmpty, let base = unsafe buffer.baseAddress else { return nil }
        // `memchr` reads `range.count` bytes from `range.lowerBound`, all inside the bytes.
        guard let found = unsafe memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        let offset = unsafe UnsafeRawPointer(found) - UnsafeRawPointer(base)
        assert(range.contains(offset))
        return offset
    }

    /// The offset of the first byte in `range` whose entry in `table` shares a bit with
    /// `mask`, or `range.upperBound`.
    @inline(__always)
    func firstIndex(in range: Range<Int>, where table: ByteTable, hasAny mask: UInt8) -> Int {
        checkRange(range.lowerBound, range.upperBound)
        var i = range.lowerBound
        // Every `i` read is in `range`, inside the bytes (checked above).
        while i < range.upperBound, table[unsafe buffer[i]] & mask == 0 { i &+= 1 }
        return i
    }

    /// The offset of the first byte in `range` whose entry in `table` has none of the bits of
    /// `mask`, or `range.upperBound`.
    @inline(__always)
    func firstIndex(in range: Range<Int>, where table: ByteTable, lacks mask: UInt8) -> Int {
        checkRange(range.lowerBound, range.upperBound)
        var i = range.lowerBound
        // Every `i` read is in `range`, inside the bytes (checked above).
        while i < range.upperBound, table[unsafe buffer[i]] & mask != 0 { i &+= 1 }
        return i
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
    /// small string directly (``SmallASCIIString``).
    @inline(__always)
    func string(_ range: Range<Int>, layoutHolds: Bool) -> String {
        checkRange(range.lowerBound, range.upperBound)
        // The range is inside the bytes (checked above); the maker reads only inside it.
        return unsafe SmallASCIIString.make(
            buffer, range.lowerBound, range.upperBound, layoutHolds: layoutHolds)
    }

    /// The text of the bytes `range` with ASCII letters lower-cased.
    func lowercasedString(_ range: Range<Int>) -> String {
        // Inside the bytes: `slice` checks the range.
        unsafe ASCII.lowercasedString(slice(range).buffer)
    }

    /// A copy of the bytes `range`.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        // Inside the bytes: `slice` checks the range.
        unsafe Array(slice(range).buffer)
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
