/// A QR code (ISO/IEC 18004, Model 2) of a text, drawn as a square of dark and light modules.
///
/// The text is encoded as its UTF-8 bytes in byte mode, in the smallest version (1 to 40) that
/// holds it at the chosen correction level. All eight masks are tried and the one with the
/// lowest penalty under the standard's four rules is kept (the first one on a tie), so the same
/// text and level always make the same code.
///
/// No ECI header names the bytes' charset, as for most codes: readers take ASCII (every link,
/// its non-ASCII characters percent-encoded) as it is, but guess the charset of other bytes,
/// and some guess wrong (zbar reads UTF-8 "é" as Big5).
///
/// ```swift
/// let code = try QRCode("https://shop.example.com/s/spring-sale")
/// code.version                       // 3
/// code.size                          // 29 modules a side
/// let svg = code.svg()               // a standalone SVG document
/// try QRCode(String(repeating: "a", count: 3_000))
/// // throws QRCodeError.tooLong(bytes: 3000, limit: 2331)
/// ```
///
/// Cost: linear in the text's UTF-8 bytes, refused before they are copied when there are more
/// than ``maximumBytes(correction:)``; the rest (error correction, placement, the eight masks and
/// their penalties) is linear in the code's modules, at most 177 × 177 for version 40.
public struct QRCode: Sendable, Hashable {
    /// How much of a damaged or covered code a reader can restore; a higher level makes a
    /// larger code for the same text.
    public enum Correction: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Level L: about 7% of the codewords can be restored.
        case low
        /// Level M: about 15%; the usual choice for links.
        case medium
        /// Level Q: about 25%.
        case quartile
        /// Level H: about 30%, for a code that may be printed small or partly covered.
        case high

        /// The level's letter: L, M, Q or H.
        public var description: String {
            switch self {
            case .low: "L"
            case .medium: "M"
            case .quartile: "Q"
            case .high: "H"
            }
        }

        /// The position in the standard's tables (L, M, Q, H).
        var tableIndex: Int {
            switch self {
            case .low: 0
            case .medium: 1
            case .quartile: 2
            case .high: 3
            }
        }

        /// The two bits the format information gives the level: L 01, M 00, Q 11, H 10.
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// The modules a side: 17 + 4 × ``version``, from 21 to 177 (no quiet zone).
    public let size: Int
    /// The version: 1 to 40.
    public let version: Int
    /// The mask pattern applied to the data: 0 to 7.
    public let mask: Int
    /// The error-correction level.
    public let correction: Correction
    /// The modules row by row, `true` for dark.
    let modules: [Bool]

    /// The highest version, whose 177 × 177 modules hold the most bytes.
    public static let maximumVersion = 40

    /// Encodes a text's UTF-8 bytes in the smallest version that holds them.
    ///
    /// - Throws: ``QRCodeError/tooLong(bytes:limit:)`` when the text has more UTF-8 bytes than
    ///   a version-40 code at the level holds (``maximumBytes(correction:)``).
    ///
    /// Cost: linear in the text's bytes, which are counted before they are read; the rest is
    /// bounded by the code's size (see ``QRCode``).
    public init(_ text: String, correction: Correction = .medium) throws(QRCodeError) {
        let count = text.utf8.count
        let limit = Self.maximumBytes(correction: correction)
        guard count <= limit else { throw .tooLong(bytes: count, limit: limit) }
        var version = 1
        while Self.byteCapacity(version: version, correction: correction) < count { version += 1 }
        let codewords = Self.codewords(Array(text.utf8), version: version, correction: correction)
        var matrix = QRMatrix(version: version)
        matrix.place(codewords)
        var best = matrix
        var bestMask = 0
        var bestPenalty = Int.max
        for mask in 0..<8 {
            var candidate = matrix
            candidate.apply(mask: mask)
            candidate.drawFormat(Self.formatBits(correction, mask: mask))
            let penalty = candidate.penalty()
            if penalty < bestPenalty {
                best = candidate
                bestMask = mask
                bestPenalty = penalty
            }
        }
        self.size = best.size
        self.version = version
        self.mask = bestMask
        self.correction = correction
        self.modules = best.dark
    }

    /// Whether the module in column `x` and row `y` (from the top left, 0-based) is dark;
    /// `false` outside the code.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The most UTF-8 bytes a code at a level holds: 2953 (L), 2331 (M), 1663 (Q) or 1273 (H).
    public static func maximumBytes(correction: Correction) -> Int {
        byteCapacity(version: maximumVersion, correction: correction)
    }

    /// The 15 bits of format information for a level and mask: the five data bits, their
    /// BCH(15, 5) check bits (generator x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1), XORed with 0x5412.
    package static func formatBits(_ correction: Correction, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        return (data << 10 | remainder(data << 10, generator: 0x537, degree: 10)) ^ 0x5412
    }

    /// The 18 bits of version information (versions 7 and up): the six version bits and their
    /// BCH(18, 6) check bits (generator x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1).
    package static func versionBits(_ version: Int) -> Int {
        version << 12 | remainder(version << 12, generator: 0x1F25, degree: 12)
    }

    /// The remainder of a binary polynomial divided by a generator of a degree.
    private static func remainder(_ value: Int, generator: Int, degree: Int) -> Int {
        var value = value
        var bit = value.bitWidth - 1
        while bit >= degree {
            if value & (1 << bit) != 0 { value ^= generator << (bit - degree) }
            bit -= 1
        }
        return value
    }

    /// The data and error-correction codewords in the order they are placed: the byte-mode
    /// segment, terminator and padding split into blocks, each block's Reed–Solomon codewords
    /// computed, and both interleaved.
    static func codewords(_ bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        let blocks = BlockStructure(version: version, correction: correction)
        var writer = BitWriter()
        writer.append(0b0100, bits: 4)
        writer.append(bytes.count, bits: version < 10 ? 8 : 16)
        for byte in bytes { writer.append(Int(byte), bits: 8) }
        let capacity = blocks.dataCodewords * 8
        writer.append(0, bits: min(4, capacity - writer.count))
        writer.append(0, bits: (8 - writer.count % 8) % 8)
        var pad: UInt8 = 0xEC
        while writer.bytes.count < blocks.dataCodewords {
            writer.bytes.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return blocks.interleave(writer.bytes)
    }
}

/// Why a text cannot be made a QR code.
public enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text has more UTF-8 bytes than the largest code (version 40) holds at the level:
    /// the text's count and the limit.
    case tooLong(bytes: Int, limit: Int)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .tooLong(let bytes, let limit):
            "the text is \(bytes) bytes long, more than the \(limit) bytes a QR code holds at this correction level"
        }
    }
}

/// Bits written most significant first into bytes.
struct BitWriter {
    /// The bytes written; the last one may be partly filled.
    var bytes: [UInt8] = []
    /// How many bits are written.
    var count = 0

    /// Appends the low `bits` bits of a value, most significant first.
    mutating func append(_ value: Int, bits: Int) {
        var bit = bits - 1
        while bit >= 0 {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> bit) & 1 == 1 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
            count += 1
            bit -= 1
        }
    }
}
