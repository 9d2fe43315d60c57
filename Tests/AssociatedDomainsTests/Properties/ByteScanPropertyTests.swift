import TestSupport
import Testing

@testable import AssociatedDomains

/// The word-at-a-time scans that split URLs and find literals between stars read 8, 16 or 32
/// bytes per step and the rest one by one; these properties hold each to a plain reading,
/// element by element, on every length around those steps and on ranges that start and end
/// anywhere, with the element sought placed at each position (or nowhere).
@Suite("Properties: word-at-a-time scans answer as an element-by-element reading")
struct ByteScanPropertyTests {
    /// Lengths around every step the scans take (8, 16, 32 bytes; 8 scalars).
    static let lengths = Array(0...70) + [127, 128, 129, 255, 256, 257]

    @Test("isASCII is true exactly when no byte is 0x80 or above, wherever the high byte is")
    func isASCIIAgrees() {
        for length in Self.lengths {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            let whole = plain[...]
            let isASCII = Scan.isASCII(whole.span)
            #expect(isASCII, "\(length) ASCII bytes")
            for position in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[position] = high
                    let slice = bytes[...]
                    let isASCII = Scan.isASCII(slice.span)
                    #expect(!isASCII, "byte \(high) at \(position) of \(length)")
                }
            }
        }
    }

    @Test(
        "the first index of a byte in a range is the one a plain search finds", arguments: PropertySeeds.all)
    func firstByteAgrees(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for length in Self.lengths {
            // Few distinct bytes, so that the byte sought is often present several times.
            let bytes = (0..<length).map { _ in
                random.pick([UInt8(ascii: "a"), UInt8(ascii: "/"), 0x00, 0xE9])
            }
            let slice = bytes[...]
            for _ in 0..<6 {
                let lower = random.int(0...length)
                let upper = random.int(lower...length)
                let byte = random.pick([UInt8(ascii: "a"), UInt8(ascii: "/"), 0x00, 0xE9, UInt8(ascii: "?")])
                let expected = bytes[lower..<upper].firstIndex(of: byte)
                let found = Scan.firstIndex(of: byte, in: slice.span, lower..<upper)
                #expect(found == expected, "seed \(seed): \(byte) in \(lower)..<\(upper) of \(bytes)")
            }
        }
    }

    @Test(
        "the first index of a scalar in a range is the one a plain search finds", arguments: PropertySeeds.all
    )
    func firstScalarAgrees(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet: [UInt32] = [0x61, 0x2F, 0xE9, 0x1F600, 0x10_0061]
        for length in Self.lengths {
            let scalars = (0..<length).map { _ in random.pick(alphabet) }
            let slice = scalars[...]
            for _ in 0..<6 {
                let lower = random.int(0...length)
                let upper = random.int(lower...length)
                let scalar = random.pick(alphabet + [0x3F])
                let expected = scalars[lower..<upper].firstIndex(of: scalar)
                let found = Scan.firstIndex(of: scalar, in: slice.span, lower..<upper)
                #expect(found == expected, "seed \(seed): \(scalar) in \(lower)..<\(upper) of \(scalars)")
                // The generic entry the wildcard matcher calls gives the same answer.
                let generic = UInt32.firstIndex(of: scalar, in: slice.span, lower..<upper)
                #expect(generic == expected)
            }
        }
    }

    @Test("a byte is never found for a scalar above 0x7F, since the bytes read are ASCII")
    func bytesHoldNoWideScalar() {
        let bytes = [UInt8](repeating: 0xE9, count: 40)[...]
        let wide = UInt8.firstIndex(of: 0xE9, in: bytes.span, 0..<40)
        let absent = UInt8.firstIndex(of: 0x61, in: bytes.span, 0..<40)
        #expect(wide == nil)
        #expect(absent == nil)
        let ascii = Array("xyza".utf8)[...]
        let found = UInt8.firstIndex(of: 0x61, in: ascii.span, 0..<4)
        #expect(found == 3)
    }

    @Test("widening gives one scalar per byte, and decoding gives the text back")
    func widenedAndDecoded() {
        for length in Self.lengths {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x21 + $0 % 90))) })
            let bytes = Array(text.utf8)[...]
            let widened = Scan.widened(bytes.span)
            let decoded = Scan.string(bytes.span)
            #expect(widened == text.unicodeScalars.map(\.value), "\(length) bytes")
            #expect(decoded == text, "\(length) bytes")
        }
        // Ill-formed UTF-8 is replaced, as String(decoding:as:) does.
        let broken: [UInt8] = [0x61, 0xC3, 0x62]
        let slice = broken[...]
        let decoded = Scan.string(slice.span)
        #expect(decoded == "a\u{FFFD}b")
    }

    @Test("text is lent where it is stored: a string and a substring give their own bytes")
    func textIsLent() {
        let text = "https://example.com/é/" + String(repeating: "a", count: 40)
        let count = Scan.withUTF8(text) { bytes in bytes.count }
        let whole = Scan.withUTF8(text) { Scan.string($0) }
        #expect(count == text.utf8.count)
        #expect(whole == text)
        let middle = text.dropFirst(8).prefix(11)
        let part = Scan.withUTF8(middle) { Scan.string($0) }
        #expect(part == "example.com")
    }
}
