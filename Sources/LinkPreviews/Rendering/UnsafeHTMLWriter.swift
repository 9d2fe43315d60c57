/// Writes HTML straight into the storage of the array it makes: literal markup as it is, values
/// escaped byte by byte (``HTMLBytes``). The one place where a page's bytes are written through
/// a pointer.
///
/// A page is made by ``bytes(capacity:_:)``, which lends a writer to its closure: the writer
/// copies each run of bytes into the new array's uninitialised storage with one `memcpy`, where
/// appending to an array checks its uniqueness and capacity and goes through the generic
/// sequence copy on every call (about 70 instructions a call, a hundred calls a page). Nothing
/// is zero-filled first and nothing is copied afterwards: the array *is* the page.
///
/// The writer cannot outlive its array: it cannot be copied (`~Copyable`), the only way to get
/// one is to be lent it by ``bytes(capacity:_:)``, and that function stops the program (in
/// every build) when the writer handed back is not the one it lent (one page's writer swapped
/// with another's), so no writer is used after its array is made. Every write is checked
/// against the capacity: a page longer than the capacity asked for is not written past its end
/// but counted, and written again into an array of its exact length.
///
/// The writer works out the page's entity tag as it goes (``entityTag()``): a prepared part
/// (``PreparedMarkup``) of 64 bytes or more enters the tag as its own fingerprint, so the bytes
/// of the style sheet and of the site's markup are hashed once per template, not once per page.
@safe
struct HTMLWriter: ~Copyable {
    /// The first byte of the array's storage (`nil` for an array of no capacity).
    private let base: UnsafeMutablePointer<UInt8>?
    /// How many bytes the storage holds (0 without storage).
    private let capacity: Int
    /// The bytes written so far, or asked to be written: past ``capacity`` nothing more is
    /// stored and the page is written again into an array of this length.
    private(set) var count = 0
    /// The entity tag's state: every byte before ``hashedCount`` mixed in
    /// (``EntityTag/mixing(_:_:)``).
    private var tagState = EntityTag.seed
    /// How many of the bytes the tag's state holds.
    private var hashedCount = 0

    /// A writer into `buffer`, which must stay valid and unused by anything else while the
    /// writer lives.
    @unsafe
    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        unsafe base = buffer.baseAddress
        capacity = unsafe buffer.baseAddress == nil ? 0 : buffer.count
    }

    /// Whether the writer stored every byte asked of it (none went past the capacity).
    private var isWhole: Bool { count <= capacity }

    /// The bytes `write` writes and what it returns, made in an array of `capacity` bytes: a
    /// page that turns out longer is written a second time, into an array of its exact length,
    /// so `write` must write the same bytes whenever it is called. A shorter page leaves the
    /// rest of the capacity unused.
    static func bytes<Result>(
        capacity: Int, _ write: (inout HTMLWriter) -> Result
    ) -> (bytes: [UInt8], result: Result) {
        var length = max(capacity, 0)
        while true {
            var result: Result? = nil
            var needed = 0
            // Safe: the writer is made over the array's uninitialised storage and handed to
            // `write` alone; it is checked to come back (the same storage and capacity) before
            // the storage is given up, in every build, and it cannot be copied. Only bytes it
            // stored are reported initialised: `count` of them when the page fits, none
            // otherwise.
            let bytes = unsafe [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                var writer = unsafe HTMLWriter(buffer)
                let written = write(&writer)
                precondition(
                    unsafe writer.base == buffer.baseAddress && writer.capacity == length,
                    "a page's writer is handed back to the page it was lent for")
                needed = writer.count
                if writer.isWhole {
                    initialized = writer.count
                    result = written
                }
            }
            if let result { return (bytes, result) }
            length = needed
        }
    }

    /// ``bytes(capacity:_:)`` for a writer whose closure returns nothing.
    static func bytes(capacity: Int, _ write: (inout HTMLWriter) -> Void) -> [UInt8] {
        bytes(capacity: capacity) { (out: inout HTMLWriter) -> Bool in
            write(&out)
            return true
        }.bytes
    }

    /// Copies `source`'s bytes: at once when they fit, otherwise only counted.
    @unsafe
    @inline(__always)
    mutating func append(_ source: UnsafeRawBufferPointer) {
        let end = count + source.count
        if end <= capacity, let base = unsafe base, let from = source.baseAddress {
            // Safe: `count + source.count <= capacity`, so the copy stays inside the storage.
            unsafe UnsafeMutableRawPointer(base + count).copyMemory(from: from, byteCount: source.count)
        }
        count = end
    }

    /// ``append(_:)`` for a buffer of bytes.
    @unsafe
    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        unsafe append(UnsafeRawBufferPointer(source))
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count < capacity, let base = unsafe base {
            // Safe: `count < capacity`.
            unsafe (base + count).initialize(to: byte)
        }
        count += 1
    }

    /// Appends the bytes of an array.
    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        // Safe: the buffer is the array's own storage, valid for the closure.
        unsafe bytes.withUnsafeBytes { unsafe append($0) }
    }

    /// Appends markup or text that needs no escaping.
    mutating func raw(_ text: String) {
        // Safe: the buffer lives for the closure alone; read in place when the string's bytes
        // are stored apart, from a copy when they are in the value (up to 15 bytes).
        let done: Void? = unsafe text.utf8.withContiguousStorageIfAvailable { unsafe append($0) }
        if done == nil {
            var text = text
            text.withUTF8 { unsafe append($0) }
        }
    }

    /// Appends markup prepared earlier (a site's shared parts); the tag takes its fingerprint,
    /// or its bytes when it is shorter than ``PreparedMarkup/shortestFingerprinted``.
    @inline(__always)
    mutating func raw(_ prepared: PreparedMarkup) {
        guard prepared.bytes.count >= PreparedMarkup.shortestFingerprinted else {
            append(prepared.bytes)
            return
        }
        mixPendingBytes()
        tagState = EntityTag.mix(tagState, prepared.fingerprint)
        append(prepared.bytes)
        hashedCount = count
    }

    /// The entity tag of the bytes written so far: the bytes between prepared parts of at least
    /// ``PreparedMarkup/shortestFingerprinted`` bytes, each run followed by its count, and each
    /// such part's fingerprint, finished with the count of all the bytes (``EntityTag``). Not
    /// meaningful for a page that went past its capacity (which is written again).
    mutating func entityTag() -> UInt64 {
        mixPendingBytes()
        return EntityTag.finish(tagState ^ UInt64(count))
    }

    /// Mixes the bytes written since the last prepared part into the tag's state, then their
    /// count.
    private mutating func mixPendingBytes() {
        guard hashedCount < count else { return }
        if isWhole, let base = unsafe base {
            // Safe: `hashedCount < count <= capacity`: the bytes read are stored ones.
            let pending = unsafe UnsafeRawBufferPointer(start: base + hashedCount, count: count - hashedCount)
            tagState = EntityTag.mix(unsafe EntityTag.mixing(tagState, pending), UInt64(count - hashedCount))
        }
        hashedCount = count
    }
}
