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
        // The largest power of ten not above the magnitude (at most 10¹⁹, which a `UInt`
        // holds), then one digit per power, most significant first: appended in order, so no
        // part of the buffer is reversed (reversing a range of the array copied the whole page).
        let magnitude = value.magnitude
        var power: UInt = 1
        while magnitude / power >= 10 { power &*= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / power % 10))
            power /= 10
        } while power > 0
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
