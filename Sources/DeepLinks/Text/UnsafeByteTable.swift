/// A table of one entry per byte value, read without a bounds check: a `UInt8` always indexes
/// one of its 256 entries.
///
/// The entries are written once, when the table is made, into memory that lives as long as the
/// program and is never written again: the table can be shared freely across concurrency
/// domains.
@safe struct ByteTable: @unchecked Sendable {
    /// The 256 entries. Never freed, never written after ``init(_:)``.
    private let entries: UnsafePointer<UInt8>

    /// A table of the given 256 entries; stops on any other count.
    init(_ values: [UInt8]) {
        precondition(values.count == 256, "a byte table has 256 entries")
        let entries = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        // 256 entries are allocated and 256 given (checked above).
        unsafe entries.initialize(from: values, count: 256)
        unsafe self.entries = UnsafePointer(entries)
    }

    /// The entry of a byte.
    @inline(__always)
    subscript(_ byte: UInt8) -> UInt8 {
        // `byte` is at most 255: always one of the 256 entries.
        unsafe entries[Int(byte)]
    }

    /// ``ASCII/byteClasses``.
    static let byteClasses = ByteTable(ASCII.byteClasses)
    /// ``ASCII/queryByteClasses``.
    static let queryByteClasses = ByteTable(ASCII.queryByteClasses)
    /// ``ASCII/queryItemStops``.
    static let queryItemStops = ByteTable(ASCII.queryItemStops)
    /// ``ASCII/authorityStops``.
    static let authorityStops = ByteTable(ASCII.authorityStops)
}

extension ASCII {
    /// Text from bytes already known to be ASCII, lower-cased, built in place: no
    /// intermediate sequence, no UTF-8 repair pass.
    static func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // The caller's buffer is valid for the call; every index below is below its count.
        guard unsafe bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return unsafe String(decoding: bytes, as: UTF8.self)
        }
        return unsafe String(unsafeUninitializedCapacity: bytes.count) { out in
            // `out` has room for `bytes.count` bytes, each written once, and so many are
            // reported written.
            for i in 0..<bytes.count { unsafe out[i] = lowercased(bytes[i]) }
            return bytes.count
        }
    }

    /// Whether the text holds a `%`, read from contiguous storage when the text has it.
    @inline(__always) static func containsPercent(_ text: some StringProtocol) -> Bool {
        // The buffer is the text's own storage, valid inside the closure, read only there.
        text.utf8.withContiguousStorageIfAvailable { unsafe $0.contains(UInt8(ascii: "%")) }
            ?? text.utf8.contains(UInt8(ascii: "%"))
    }
}
