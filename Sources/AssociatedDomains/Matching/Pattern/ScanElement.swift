/// What the wildcard matcher reads: Unicode scalars, or the bytes of ASCII text (one scalar
/// each), so that an ASCII path is matched where it is, without a copy.
protocol ScanElement: FixedWidthInteger & UnsignedInteger {
    /// The element as a scalar value.
    var scalar: UInt32 { get }

    /// The first index in `range` whose element is `scalar`, a word at a time (``Scan``).
    static func firstIndex(of scalar: UInt32, in elements: Span<Self>, _ range: Range<Int>) -> Int?
}

extension UInt32: ScanElement {
    var scalar: UInt32 { self }

    static func firstIndex(of scalar: UInt32, in elements: Span<UInt32>, _ range: Range<Int>) -> Int? {
        Scan.firstIndex(of: scalar, in: elements, range)
    }
}

extension UInt8: ScanElement {
    var scalar: UInt32 { UInt32(self) }

    /// A byte is never a scalar above 0x7F here: the bytes read are ASCII.
    static func firstIndex(of scalar: UInt32, in elements: Span<UInt8>, _ range: Range<Int>) -> Int? {
        scalar < 0x80 ? Scan.firstIndex(of: UInt8(scalar), in: elements, range) : nil
    }
}
