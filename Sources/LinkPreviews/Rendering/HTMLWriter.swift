/// Writes HTML into one byte buffer: literal markup as it is, values escaped byte by byte.
///
/// The escaping is ``HTMLEscaping``'s, done on UTF-8 bytes: the characters it replaces are
/// ASCII, and an ASCII byte never occurs inside the encoding of another scalar, so escaping
/// bytes gives exactly the bytes of the escaped text (a test pins the two together).
struct HTMLWriter {
    /// The page so far.
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup or text that needs no escaping.
    mutating func raw(_ text: String) {
        HTMLBytes.append(text, to: &bytes)
    }

    /// Appends bytes prepared earlier (a site's shared parts).
    mutating func raw(_ prepared: [UInt8]) {
        bytes.append(contentsOf: prepared)
    }

    /// Appends an integer in decimal digits (a `-` first when it is negative), as `String(value)`
    /// writes it, without making the string.
    mutating func decimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(value.magnitude, atLeast: 1)
    }

    /// Appends the decimal digits of `magnitude`, at least `minimum` of them (zeros first), most
    /// significant first. Up to eight digits are worked out into one word, a byte each, by
    /// division by the constant 10 (no divisor is a variable), then appended from the word's low
    /// byte: no part of the buffer is reversed. A larger number writes its high part first.
    private mutating func digits(_ magnitude: UInt, atLeast minimum: Int) {
        if magnitude >= 100_000_000 {
            digits(magnitude / 100_000_000, atLeast: minimum - 8)
            eightDigits(magnitude % 100_000_000, atLeast: 8)
        } else {
            eightDigits(magnitude, atLeast: minimum)
        }
    }

    /// ``digits(_:atLeast:)`` for a number below 10⁸.
    private mutating func eightDigits(_ magnitude: UInt, atLeast minimum: Int) {
        var rest = magnitude
        // The least significant digit ends in the highest byte used, the most significant in
        // the lowest.
        var packed: UInt64 = 0
        var count = 0
        repeat {
            packed = packed << 8 | UInt64(rest % 10)
            rest /= 10
            count += 1
        } while rest > 0 || count < minimum
        repeat {
            bytes.append(UInt8(ascii: "0") | UInt8(truncatingIfNeeded: packed))
            packed >>= 8
            count -= 1
        } while count > 0
    }

    /// Appends a value escaped for a double-quoted attribute.
    mutating func attribute(_ text: String) {
        escape(text, quotes: true)
    }

    /// Appends a value escaped for an element's text.
    mutating func text(_ text: String) {
        escape(text, quotes: false)
    }

    /// Appends part of a value escaped for an element's text.
    mutating func text(_ text: Substring) {
        HTMLBytes.appendEscaped(text, quotes: false, to: &bytes)
    }

    /// Copies each run between the bytes it replaces in one append: a value without markup
    /// characters costs one scan and one copy.
    private mutating func escape(_ text: String, quotes: Bool) {
        HTMLBytes.appendEscaped(text, quotes: quotes, to: &bytes)
    }
}
