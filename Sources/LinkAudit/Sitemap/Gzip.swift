import DeepLinks

/// Reads gzip files (RFC 1952) holding DEFLATE data (RFC 1951), with a cap on what they expand to.
///
/// Sitemaps are often served as `sitemap.xml.gz`. Foundation has no gzip reader on Linux, and
/// linking zlib would give the package a dependency on Apple platforms too, so this small
/// reader decompresses in pure Swift. It checks everything the format lets it check: the
/// header's magic, method and reserved flags, every block's codes, the CRC-32 and the length
/// recorded in each member's trailer. Several members one after the other (what `cat a.gz b.gz`
/// makes) are read as one stream.
///
/// **Cost:** linear in the input plus the output, and the output is capped: reading stops
/// with ``GzipError/tooLarge(limit:)`` as soon as the data would expand past `limit` bytes, so
/// a "zip bomb" (a few kilobytes that expand to gigabytes) costs at most `limit` bytes of
/// memory and the time to write them.
///
/// ```swift
/// let xml = try Gzip.decompress(bytes, limit: Sitemap.maximumByteCount)
/// ```
public enum Gzip {
    /// Whether the bytes start like a gzip file (`1f 8b`).
    public static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The decompressed bytes of a gzip file.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - limit: The most bytes the data may expand to.
    /// - Throws: ``GzipError`` naming what is wrong, or ``GzipError/tooLarge(limit:)``.
    public static func decompress(_ bytes: [UInt8], limit: Int) throws(GzipError) -> [UInt8] {
        guard !bytes.isEmpty else { throw .truncated }
        var output: [UInt8] = []
        var position = 0
        repeat {
            let start = output.count
            if position > 0, !isGzip(Array(bytes[position...].prefix(2))) { throw .trailingData }
            position = try readHeader(bytes, at: position)
            var inflater = Inflater(input: bytes, position: position, limit: limit)
            try inflater.inflate(into: &output)
            position = inflater.reader.position
            guard position + 8 <= bytes.count else { throw .truncated }
            let crc = littleEndian32(bytes, position)
            let size = littleEndian32(bytes, position + 4)
            position += 8
            guard CRC32.checksum(output[start...]) == crc else { throw .checksumMismatch }
            guard UInt32(truncatingIfNeeded: output.count - start) == size else { throw .lengthMismatch }
        } while position < bytes.count
        return output
    }

    /// Reads one member's header and returns where its DEFLATE data starts.
    static func readHeader(_ bytes: [UInt8], at start: Int) throws(GzipError) -> Int {
        guard start + 10 <= bytes.count else {
            throw bytes.count - start >= 2 && !isGzip(Array(bytes[start...])) ? .notGzip : .truncated
        }
        guard bytes[start] == 0x1F, bytes[start + 1] == 0x8B else { throw .notGzip }
        guard bytes[start + 2] == 8 else { throw .unsupportedMethod(bytes[start + 2]) }
        let flags = bytes[start + 3]
        guard flags & 0xE0 == 0 else { throw .reservedFlags(flags) }
        var position = start + 10
        if flags & 0x04 != 0 {  // FEXTRA: a length, then that many bytes
            guard position + 2 <= bytes.count else { throw .truncated }
            position += 2 + Int(bytes[position]) + Int(bytes[position + 1]) << 8
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
            while position < bytes.count, bytes[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 0x02 != 0 { position += 2 }  // FHCRC
        guard position <= bytes.count else { throw .truncated }
        return position
    }

    static func littleEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3])
            << 24
    }
}

/// Why bytes could not be read as gzip.
public enum GzipError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The bytes do not start with gzip's magic number.
    case notGzip
    /// The compression method is not DEFLATE (8).
    case unsupportedMethod(UInt8)
    /// Flag bits the format reserves are set.
    case reservedFlags(UInt8)
    /// The data ends before the format says it does.
    case truncated
    /// A block type 3, which DEFLATE does not define.
    case invalidBlockType
    /// A stored block whose length and its complement disagree.
    case storedLengthMismatch
    /// A Huffman code description that is not a valid code (`detail` says which part).
    case invalidCodeLengths(detail: String)
    /// A bit sequence that is no code of the block's tables.
    case invalidCode
    /// A back-reference to before the start of the data.
    case distanceTooFar
    /// The data expands past the limit.
    case tooLarge(limit: Int)
    /// The CRC-32 in the trailer does not match the data.
    case checksumMismatch
    /// The length in the trailer does not match the data.
    case lengthMismatch
    /// Bytes after the last member that are not another member.
    case trailingData

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .notGzip: "the data is not gzip (it does not start with 1f 8b)"
        case .unsupportedMethod(let method): "the gzip compression method \(method) is not DEFLATE (8)"
        case .reservedFlags(let flags): "the gzip header sets reserved flag bits (flags \(flags))"
        case .truncated: "the gzip data ends too early"
        case .invalidBlockType: "a DEFLATE block has the reserved type 3"
        case .storedLengthMismatch: "a stored DEFLATE block's length does not match its complement"
        case .invalidCodeLengths(let detail): "a DEFLATE block describes an invalid Huffman code: \(detail)"
        case .invalidCode: "the DEFLATE data holds a bit sequence that is no code"
        case .distanceTooFar: "the DEFLATE data refers back before its start"
        case .tooLarge(let limit): "the gzip data expands to more than \(limit) bytes, the most that is read"
        case .checksumMismatch: "the gzip data does not match its CRC-32"
        case .lengthMismatch: "the gzip data does not match the length in its trailer"
        case .trailingData: "bytes follow the gzip data that are not another gzip member"
        }
    }
}

/// Bits of a byte array, least significant first, as DEFLATE packs them.
struct BitReader {
    let input: [UInt8]
    var position: Int
    var buffer: UInt32 = 0
    var count = 0

    /// The next `need` bits (at most 16) as a number.
    mutating func bits(_ need: Int) throws(GzipError) -> Int {
        var value = buffer
        while count < need {
            guard position < input.count else { throw .truncated }
            value |= UInt32(input[position]) << UInt32(count)
            position += 1
            count += 8
        }
        buffer = value >> UInt32(need)
        count -= need
        return Int(value & ((1 << UInt32(need)) - 1))
    }

    /// Drops the bits left in the current byte.
    mutating func alignToByte() {
        buffer = 0
        count = 0
    }
}

/// A canonical Huffman code as counts per length and symbols in code order (RFC 1951, 3.2.2).
struct HuffmanCode {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int]

    /// Builds the code; refuses lengths that describe more codes than fit (over-subscribed).
    /// Returns `nil` for an over-subscribed set; an incomplete set is allowed (a code it lacks
    /// is refused when it is read).
    init?(lengths: ArraySlice<Int>) {
        symbols = [Int](repeating: 0, count: lengths.count)
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1..<16 {
            left <<= 1
            left -= counts[length]
            if left < 0 { return nil }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        for (symbol, length) in zip(0..., lengths) where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    /// Whether the code has no symbols at all.
    var isEmpty: Bool { counts[1...].allSatisfy { $0 == 0 } }

    /// Reads one symbol, one bit at a time (at most 15 bits).
    func decode(_ reader: inout BitReader) throws(GzipError) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .invalidCode
    }
}

/// DEFLATE (RFC 1951) decompression into a byte array, with a cap on the output.
struct Inflater {
    var reader: BitReader
    let limit: Int

    init(input: [UInt8], position: Int, limit: Int) {
        reader = BitReader(input: input, position: position)
        self.limit = limit
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195,
        227, 258,
    ]
    static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static let fixedLiterals: HuffmanCode = {
        let lengths =
            [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
            + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
        return HuffmanCode(lengths: lengths[...])!
    }()
    static let fixedDistances = HuffmanCode(lengths: [Int](repeating: 5, count: 30)[...])!

    /// Decompresses blocks up to and including the final one, appending to `output`.
    mutating func inflate(into output: inout [UInt8]) throws(GzipError) {
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(into: &output)
            case 1: try codes(Self.fixedLiterals, Self.fixedDistances, into: &output)
            case 2:
                let (literals, distances) = try dynamicCodes()
                try codes(literals, distances, into: &output)
            default: throw .invalidBlockType
            }
        }
    }

    private mutating func stored(into output: inout [UInt8]) throws(GzipError) {
        reader.alignToByte()
        let input = reader.input
        var at = reader.position
        guard at + 4 <= input.count else { throw .truncated }
        let length = Int(input[at]) | Int(input[at + 1]) << 8
        let complement = Int(input[at + 2]) | Int(input[at + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw .storedLengthMismatch }
        at += 4
        guard at + length <= input.count else { throw .truncated }
        guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
        output.append(contentsOf: input[at..<(at + length)])
        reader.position = at + length
    }

    private mutating func dynamicCodes() throws(GzipError) -> (HuffmanCode, HuffmanCode) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw .invalidCodeLengths(detail: "more than 286 literal or 30 distance codes")
        }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[Self.codeLengthOrder[index]] = try reader.bits(3) }
        guard let lengthCode = HuffmanCode(lengths: codeLengths[...]), !lengthCode.isEmpty else {
            throw .invalidCodeLengths(detail: "the code-length code is not a valid code")
        }
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            if symbol < 16 {
                lengths.append(symbol)
                continue
            }
            let value: Int
            let repeats: Int
            switch symbol {
            case 16:
                guard let previous = lengths.last else {
                    throw .invalidCodeLengths(detail: "a repeat before the first length")
                }
                value = previous
                repeats = 3 + (try reader.bits(2))
            case 17:
                value = 0
                repeats = 3 + (try reader.bits(3))
            default:
                value = 0
                repeats = 11 + (try reader.bits(7))
            }
            guard lengths.count + repeats <= literalCount + distanceCount else {
                throw .invalidCodeLengths(detail: "a repeat runs past the last length")
            }
            lengths.append(contentsOf: repeatElement(value, count: repeats))
        }
        guard lengths[256] != 0 else { throw .invalidCodeLengths(detail: "the block has no end code") }
        guard let literals = HuffmanCode(lengths: lengths[..<literalCount]),
            let distances = HuffmanCode(lengths: lengths[literalCount...])
        else {
            throw .invalidCodeLengths(detail: "the literal or distance lengths are over-subscribed")
        }
        return (literals, distances)
    }

    private mutating func codes(
        _ literals: HuffmanCode, _ distances: HuffmanCode, into output: inout [UInt8]
    ) throws(GzipError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw .tooLarge(limit: limit) }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < 29 else { throw .invalidCode }
            let length = Self.lengthBase[index] + (try reader.bits(Self.lengthExtra[index]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < 30 else { throw .invalidCode }
            let distance =
                Self.distanceBase[distanceSymbol] + (try reader.bits(Self.distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw .distanceTooFar }
            guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
            if distance == 1 {
                output.append(contentsOf: [UInt8](repeating: output[output.count - 1], count: length))
                continue
            }
            // A reference shorter than its length repeats itself: copy it a period at a time.
            var remaining = length
            while remaining > 0 {
                let start = output.count - distance
                let piece = Array(output[start..<(start + min(remaining, distance))])
                output.append(contentsOf: piece)
                remaining -= piece.count
            }
        }
    }
}

/// CRC-32 as gzip uses it (the IEEE polynomial, reflected).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { byte in
        var crc = UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}

extension GzipError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .notGzip: _ = EnumCaseEncoder(encoder, "notGzip")
        case .unsupportedMethod(let value):
            var values = EnumCaseEncoder(encoder, "unsupportedMethod")
            try values("_0", value)
        case .reservedFlags(let value):
            var values = EnumCaseEncoder(encoder, "reservedFlags")
            try values("_0", value)
        case .truncated: _ = EnumCaseEncoder(encoder, "truncated")
        case .invalidBlockType: _ = EnumCaseEncoder(encoder, "invalidBlockType")
        case .storedLengthMismatch: _ = EnumCaseEncoder(encoder, "storedLengthMismatch")
        case .invalidCodeLengths(let detail):
            var values = EnumCaseEncoder(encoder, "invalidCodeLengths")
            try values("detail", detail)
        case .invalidCode: _ = EnumCaseEncoder(encoder, "invalidCode")
        case .distanceTooFar: _ = EnumCaseEncoder(encoder, "distanceTooFar")
        case .tooLarge(let limit):
            var values = EnumCaseEncoder(encoder, "tooLarge")
            try values("limit", limit)
        case .checksumMismatch: _ = EnumCaseEncoder(encoder, "checksumMismatch")
        case .lengthMismatch: _ = EnumCaseEncoder(encoder, "lengthMismatch")
        case .trailingData: _ = EnumCaseEncoder(encoder, "trailingData")
        }
    }
}
