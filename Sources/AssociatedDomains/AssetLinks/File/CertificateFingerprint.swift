import DeepLinks

/// The SHA-256 fingerprint of an Android app's signing certificate, as `assetlinks.json`
/// writes it: 32 bytes, each as two upper-case hexadecimal digits, joined by colons (95
/// characters).
///
/// Reading is exact: lower-case digits, a missing or extra colon, the 64 digits without
/// colons, or a fingerprint of another length (a SHA-1 fingerprint has 20 bytes) are refused
/// with a ``CertificateFingerprintError`` that says what is wrong and where. Reading looks at
/// each character once.
///
/// ```swift
/// let fingerprint = try CertificateFingerprint(
///     "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")
/// fingerprint.bytes.count   // 32
/// fingerprint.description   // the same text
/// ```
public struct CertificateFingerprint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number of bytes of a SHA-256 fingerprint.
    public static let byteCount = 32

    /// The 32 bytes.
    public let bytes: [UInt8]

    /// Creates a fingerprint from its 32 bytes.
    public init(bytes: [UInt8]) throws(CertificateFingerprintError) {
        guard bytes.count == Self.byteCount else { throw .wrongByteCount(bytes.count) }
        self.bytes = bytes
    }

    /// Reads a fingerprint in its exact format (`14:6D:…:E5`).
    public init(_ text: String) throws(CertificateFingerprintError) {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { throw .empty }
        if scalars.count == 2 * Self.byteCount, scalars.allSatisfy({ Self.hexValue($0) != nil }) {
            throw .withoutColons
        }
        var bytes: [UInt8] = []
        var high: UInt8 = 0
        for (index, scalar) in scalars.enumerated() {
            let position = index + 1
            if index % 3 == 2 {
                guard scalar == ":" else {
                    if Self.hexValue(scalar) != nil { throw .missingColon(position: position) }
                    throw .invalidCharacter(String(scalar), position: position)
                }
                continue
            }
            guard let value = Self.hexValue(scalar) else {
                if scalar == ":" { throw .misplacedColon(position: position) }
                throw .invalidCharacter(String(scalar), position: position)
            }
            if ("a"..."f").contains(scalar) { throw .lowercaseDigit(position: position) }
            if index % 3 == 0 {
                high = value
            } else {
                bytes.append(high << 4 | value)
            }
        }
        if scalars.last == ":" { throw .trailingColon }
        if scalars.count % 3 == 1 { throw .incompleteByte }
        guard bytes.count == Self.byteCount else { throw .wrongByteCount(bytes.count) }
        self.bytes = bytes
    }

    /// The fingerprint in its exact format: upper-case pairs joined by colons.
    public var description: String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: ":")
    }

    /// Decodes the fingerprint from its text, refusing any other format.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the fingerprint as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 0x30)
        case "A"..."F": UInt8(scalar.value - 0x41 + 10)
        case "a"..."f": UInt8(scalar.value - 0x61 + 10)
        default: nil
        }
    }
}

/// Why a text is not a SHA-256 certificate fingerprint in `assetlinks.json`'s format.
///
/// ```swift
/// do {
///     _ = try CertificateFingerprint("14:6d:E9")
/// } catch {
///     error.description   // "character 4 is the lower-case digit 'd'; …"
/// }
/// ```
public enum CertificateFingerprintError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The text is empty.
    case empty
    /// The text is 64 hexadecimal digits without the colons between bytes.
    case withoutColons
    /// A hexadecimal digit is lower-case (`position` counts characters from 1).
    case lowercaseDigit(position: Int)
    /// A character that is neither a hexadecimal digit nor a colon.
    case invalidCharacter(String, position: Int)
    /// A digit where a colon must separate two bytes.
    case missingColon(position: Int)
    /// A colon where a digit must be.
    case misplacedColon(position: Int)
    /// The text ends with a colon.
    case trailingColon
    /// The last byte has one digit instead of two.
    case incompleteByte
    /// The text is well formed but has this many bytes instead of 32.
    case wrongByteCount(Int)

    /// A sentence that says what is wrong.
    public var description: String {
        let format = "a fingerprint is 32 bytes as upper-case hex pairs joined by colons (AB:CD:…)"
        switch self {
        case .empty: return "the fingerprint is empty; \(format)"
        case .withoutColons:
            return "the fingerprint is 64 hex digits without colons; write the 32 bytes as pairs joined "
                + "by colons (AB:CD:…)"
        case .lowercaseDigit(let position):
            return "character \(position) is a lower-case hex digit; \(format)"
        case .invalidCharacter(let character, let position):
            return "character \(position) ('\(character)') is not a hex digit or a colon; \(format)"
        case .missingColon(let position):
            return "character \(position) must be a colon between two bytes; \(format)"
        case .misplacedColon(let position):
            return "character \(position) is a colon where a hex digit must be; \(format)"
        case .trailingColon: return "the fingerprint ends with a colon; \(format)"
        case .incompleteByte: return "the last byte has one hex digit instead of two; \(format)"
        case .wrongByteCount(let count):
            let hint = count == 20 ? " (20 bytes is a SHA-1 fingerprint; Android needs SHA-256)" : ""
            return "the fingerprint has \(count) bytes instead of 32\(hint)"
        }
    }
}

extension CertificateFingerprintError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        case .withoutColons: _ = EnumCaseEncoder(encoder, "withoutColons")
        case .lowercaseDigit(let position):
            var values = EnumCaseEncoder(encoder, "lowercaseDigit")
            try values("position", position)
        case .invalidCharacter(let value0, let position):
            var values = EnumCaseEncoder(encoder, "invalidCharacter")
            try values("_0", value0)
            try values("position", position)
        case .missingColon(let position):
            var values = EnumCaseEncoder(encoder, "missingColon")
            try values("position", position)
        case .misplacedColon(let position):
            var values = EnumCaseEncoder(encoder, "misplacedColon")
            try values("position", position)
        case .trailingColon: _ = EnumCaseEncoder(encoder, "trailingColon")
        case .incompleteByte: _ = EnumCaseEncoder(encoder, "incompleteByte")
        case .wrongByteCount(let value):
            var values = EnumCaseEncoder(encoder, "wrongByteCount")
            try values("_0", value)
        }
    }
}
