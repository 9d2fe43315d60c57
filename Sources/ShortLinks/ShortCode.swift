/// The code of a short link: the last segment of `https://<site>/<prefix>/<code>`.
///
/// A code is written in the syntax of a route's `slug` parameter, so that the table's own
/// short-link route (``ShortLinkRoute``) reads it: lower-case ASCII letters and digits, in words
/// joined by single hyphens, ``allowedLength`` characters long. A code the site makes up is
/// ``randomLength`` characters drawn uniformly from the 36 letters and digits by the system's
/// secure random source, about 67 bits: unguessable, so a short link is as private as the
/// long one it stands for. A vanity code (`spring-sale`) is chosen by whoever creates the
/// link.
///
/// ```swift
/// let code = try ShortCode("spring-sale")
/// code.text                          // "spring-sale"
/// try ShortCode("Spring")            // throws ShortCodeError.invalidCharacter("S", at: 0)
/// ShortCode.random().text.count      // 13
/// ```
public struct ShortCode: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The code's text.
    public let text: String

    /// How many characters a code may have: 3 to 40.
    public static let allowedLength = 3...40
    /// How many characters a random code has.
    public static let randomLength = 13
    /// The characters of a random code.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Checks a code's text.
    ///
    /// - Throws: ``ShortCodeError`` naming the first thing wrong. Nothing is repaired: an
    ///   upper-case letter is refused, not lowered.
    ///
    /// Cost: linear in the text, and at most ``allowedLength``'s upper bound characters are
    /// read.
    public init(_ text: String) throws(ShortCodeError) {
        var count = 0
        var previous: UInt8 = UInt8(ascii: "-")
        for byte in text.utf8 {
            guard count < Self.allowedLength.upperBound else { throw .tooLong }
            let isLetterOrDigit =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if byte == UInt8(ascii: "-") {
                guard previous != UInt8(ascii: "-") else { throw .misplacedHyphen(at: count) }
            } else if !isLetterOrDigit {
                let character = text.unicodeScalars[text.utf8.index(text.startIndex, offsetBy: count)]
                throw .invalidCharacter(String(character), at: count)
            }
            previous = byte
            count += 1
        }
        guard count >= Self.allowedLength.lowerBound else { throw .tooShort }
        guard previous != UInt8(ascii: "-") else { throw .misplacedHyphen(at: count - 1) }
        self.text = text
    }

    /// A new random code of ``randomLength`` characters from the system's secure random source.
    public static func random() -> ShortCode {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A new random code of ``randomLength`` characters from the given generator (tests pass a
    /// seeded one; a site uses ``random()``).
    public static func random(using generator: inout some RandomNumberGenerator) -> ShortCode {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(randomLength)
        for _ in 0..<randomLength {
            bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return ShortCode(checked: String(decoding: bytes, as: UTF8.self))
    }

    /// A code whose text is known to be one (the random alphabet, a constant).
    package init(checked text: String) { self.text = text }

    /// The text.
    public var description: String { text }

    /// Orders codes by their text.
    public static func < (a: ShortCode, b: ShortCode) -> Bool { a.text < b.text }

    /// Decodes a code from its text, checked as ``init(_:)`` checks it.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the code as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// Why a text is not a short code.
public enum ShortCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer characters than ``ShortCode/allowedLength`` allows.
    case tooShort
    /// More characters than ``ShortCode/allowedLength`` allows.
    case tooLong
    /// A character other than a lower-case ASCII letter, a digit or a hyphen, at a character
    /// offset.
    case invalidCharacter(String, at: Int)
    /// A hyphen first, last, or next to another one, at a character offset.
    case misplacedHyphen(at: Int)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .tooShort:
            "a short code has at least \(ShortCode.allowedLength.lowerBound) characters"
        case .tooLong:
            "a short code has at most \(ShortCode.allowedLength.upperBound) characters"
        case .invalidCharacter(let character, let offset):
            "a short code holds only lower-case letters a-z, digits and single hyphens, not \(character.debugDescription) (at character \(offset))"
        case .misplacedHyphen(let offset):
            "a short code's hyphens sit between letters or digits, one at a time (at character \(offset))"
        }
    }
}
