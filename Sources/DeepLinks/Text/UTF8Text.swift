/// UTF-8 bytes read as text, refusing any byte sequence that is not well-formed UTF-8.
///
/// `String(validating:as:)` does this in one call, but only from macOS 15, iOS 18, tvOS 18,
/// watchOS 11 and visionOS 2, and the package supports systems before them. On those systems
/// the bytes are checked here against the well-formed sequences of the Unicode Standard
/// (chapter 3, table 3-7): no overlong forms, no surrogates (`U+D800`–`U+DFFF`), nothing above
/// `U+10FFFF`, no stray continuation byte, no sequence cut short. Once they pass,
/// `String(decoding:as:)` has nothing to repair, so both branches give the same string for the
/// same bytes and refuse the same bytes (`UTF8TextTests` runs both on every platform).
///
/// Cost: one pass to see whether the bytes are all ASCII (which needs no further check), a
/// second to check them when they are not, then one copy into the string.
package enum UTF8Text {
    /// The text the bytes spell, or `nil` when they are not well-formed UTF-8.
    @inlinable
    package static func decode(_ bytes: some Collection<UInt8>) -> String? {
        // ASCII is well-formed whatever it holds: decoded without a check of each sequence
        // (`String(validating:as:)` costs about a hundred instructions a byte on short text).
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return decodeCheckingEachSequence(bytes)
    }

    /// Whether every byte is below `0x80`: one pass, stopping at the first that is not.
    @inlinable
    package static func isASCII(_ bytes: some Collection<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// The branch taken before macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2: the bytes
    /// checked by ``isWellFormed(_:)``, then decoded. Tests call it directly, so the branch
    /// that never runs on a current system runs on every system.
    @inlinable
    package static func decodeCheckingEachSequence(_ bytes: some Collection<UInt8>) -> String? {
        guard isWellFormed(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether two texts are spelled with the same UTF-8 bytes. `==` answers another question
    /// (canonical equivalence: `"e\u{301}" == "\u{E9}"`); this one compares the bytes in place,
    /// without iterating either string's view.
    ///
    /// Cost: one comparison of the counts, then at most one pass over the bytes.
    package static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return TextBytes.read(a) { left in TextBytes.read(b) { right in TextBytes.sameBytes(left, right) } }
    }

    /// Whether a text is spelled with exactly `bytes` (a text written as bytes, such as a
    /// pattern printed back), compared in place as above.
    package static func sameBytes(_ text: String, _ bytes: [UInt8]) -> Bool {
        TextBytes.sameBytes(text, bytes)
    }

    /// Whether every byte belongs to a well-formed UTF-8 sequence (Unicode table 3-7).
    @inlinable
    package static func isWellFormed(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        while let lead = iterator.next() {
            if lead < 0x80 { continue }
            // The range the second byte must fall in, and how many bytes follow it.
            let second: ClosedRange<UInt8>
            let more: Int
            switch lead {
            case 0xC2...0xDF: (second, more) = (0x80...0xBF, 0)
            case 0xE0: (second, more) = (0xA0...0xBF, 1)  // below A0: overlong
            case 0xE1...0xEC, 0xEE...0xEF: (second, more) = (0x80...0xBF, 1)
            case 0xED: (second, more) = (0x80...0x9F, 1)  // above 9F: surrogates
            case 0xF0: (second, more) = (0x90...0xBF, 2)  // below 90: overlong
            case 0xF1...0xF3: (second, more) = (0x80...0xBF, 2)
            case 0xF4: (second, more) = (0x80...0x8F, 2)  // above 8F: beyond U+10FFFF
            default: return false  // a continuation byte, C0, C1 or F5–FF as a lead
            }
            guard let byte = iterator.next(), second.contains(byte) else { return false }
            for _ in 0..<more {
                guard let byte = iterator.next(), byte & 0xC0 == 0x80 else { return false }
            }
        }
        return true
    }
}
