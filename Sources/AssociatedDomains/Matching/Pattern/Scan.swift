/// Word-at-a-time scans over bytes and scalars, for the parts of matching that read a whole
/// URL part: splitting it, checking that it is ASCII, and finding the next occurrence of a
/// literal scalar between two stars.
///
/// Each scan reads 16 bytes (or 8 scalars) per step and falls back to one element at a time
/// for the last few, so its cost is a fraction of an instruction per byte on long input.
enum Scan {
    /// Whether every byte is below 0x80.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        var seen: UInt64 = 0
        while index + 32 <= count {
            seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            seen |= raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
            seen |= raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
            seen |= raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
            index += 32
        }
        while index + 8 <= count {
            seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            seen |= UInt64(base[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// The first index in `range` whose byte is `byte`.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int?
    {
        guard let base = bytes.baseAddress, !range.isEmpty else { return nil }
        let raw = UnsafeRawPointer(base)
        let needle = SIMD16<UInt8>(repeating: byte)
        var index = range.lowerBound
        while index + 16 <= range.upperBound {
            let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            if any(chunk .== needle) { break }
            index += 16
        }
        while index < range.upperBound {
            if base[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The first index in `range` whose scalar is `scalar`.
    static func firstIndex(of scalar: UInt32, in scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>)
        -> Int?
    {
        guard let base = scalars.baseAddress, !range.isEmpty else { return nil }
        let raw = UnsafeRawPointer(base)
        let needle = SIMD8<UInt32>(repeating: scalar)
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let chunk = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<UInt32>.self)
            if any(chunk .== needle) { break }
            index += 8
        }
        while index < range.upperBound {
            if base[index] == scalar { return index }
            index += 1
        }
        return nil
    }

    /// The scalars of ASCII bytes, one per byte.
    static func widened(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            for index in 0..<bytes.count { buffer[index] = UInt32(bytes[index]) }
            count = bytes.count
        }
    }
}

/// What the wildcard matcher reads: Unicode scalars, or the bytes of ASCII text (one scalar
/// each), so that an ASCII path is matched where it is, without a copy.
protocol ScanElement: FixedWidthInteger & UnsignedInteger {
    /// The element as a scalar value.
    var scalar: UInt32 { get }
}

extension UInt32: ScanElement {
    var scalar: UInt32 { self }
}

extension UInt8: ScanElement {
    var scalar: UInt32 { UInt32(self) }
}

extension UnsafeBufferPointer where Element: ScanElement {
    /// The first index in `range` whose element is `scalar`, a word at a time.
    func firstIndex(of scalar: UInt32, _ range: Range<Int>) -> Int? {
        if let bytes = self as? UnsafeBufferPointer<UInt8> {
            return scalar < 0x80 ? Scan.firstIndex(of: UInt8(scalar), in: bytes, range) : nil
        }
        if let scalars = self as? UnsafeBufferPointer<UInt32> {
            return Scan.firstIndex(of: scalar, in: scalars, range)
        }
        return range.first { self[$0].scalar == scalar }
    }
}
