/// The writer's digits and escaped values, written through its safe appends (the writer itself
/// is in `UnsafeHTMLWriter.swift`).
///
/// The escaping is ``HTMLEscaping``'s, done on UTF-8 bytes: the characters it replaces are
/// ASCII, and an ASCII byte never occurs inside the encoding of another scalar, so escaping
/// bytes gives exactly the bytes of the escaped text (a test pins the two together).
extension HTMLWriter {
    /// Appends an integer in decimal digits (a `-` first when it is negative), as `String(value)`
    /// writes it, without making the string.
    mutating func decimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
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
            append(UInt8(ascii: "0") | UInt8(truncatingIfNeeded: packed))
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
        HTMLBytes.appendEscaped(text, quotes: false, to: &self)
    }

    /// Copies each run between the bytes it replaces in one append: a value without markup
    /// characters costs one scan and one copy.
    private mutating func escape(_ text: String, quotes: Bool) {
        HTMLBytes.appendEscaped(text, quotes: quotes, to: &self)
    }
}

/// Markup written once and appended to many pages, with its own entity tag
/// (``EntityTag/hash(_:)``), which a page's tag takes in place of its bytes.
struct PreparedMarkup: Sendable, Hashable {
    /// The markup's UTF-8 bytes.
    let bytes: [UInt8]
    /// ``EntityTag/hash(_:)`` of ``bytes``.
    let fingerprint: UInt64

    /// The shortest markup a page's tag takes by its fingerprint: shorter markup (a tag's
    /// opening, a button's end) is mixed in with the bytes around it, which costs less than
    /// ending the run before it and mixing in its count and fingerprint.
    static let shortestFingerprinted = 64

    /// Prepares bytes, working out their fingerprint.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        fingerprint = EntityTag.hash(bytes)
    }

    /// Prepares the UTF-8 bytes of a text.
    init(_ text: String) {
        self.init(Array(text.utf8))
    }
}
