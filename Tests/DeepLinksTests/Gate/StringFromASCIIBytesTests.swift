import Foundation
import Testing

@testable import DeepLinks

/// The gate writes short ASCII segments and query items straight into the standard library's
/// small-string form. These tests pin that every such string is exactly the string
/// `String(decoding:as:)` makes: same text, same bits, same hash, same UTF-8, whatever the
/// length and wherever the bytes lie in the text (at its start, in the middle, at its end, in a
/// text shorter than eight bytes).
@Suite("Text read from ASCII bytes is the standard library's own string, bit for bit")
struct StringFromASCIIBytesTests {
    /// The slow path: the standard library's own string of the bytes.
    static func expected(_ text: [UInt8], _ start: Int, _ end: Int) -> String {
        text.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
    }

    static func made(_ text: [UInt8], _ start: Int, _ end: Int) -> String {
        text.withUnsafeBufferPointer { SmallASCIIString.make($0, start, end) }
    }

    @Test("the small-string layout holds on this platform, so the fast path is taken")
    func layoutHolds() {
        #if _endian(little) && _pointerBitWidth(_64)
            #expect(SmallASCIIString.isAvailable)
        #else
            #expect(!SmallASCIIString.isAvailable)
        #endif
    }

    @Test("every slice of texts of 0 to 40 bytes is the standard library's string, bit for bit")
    func everySliceMatches() {
        let alphabet = Array("abcXYZ09-._~!$&'()*+,;=:@/?%".utf8)
        for length in 0...40 {
            let text = (0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }
            for start in 0...length {
                for end in start...length {
                    let a = Self.expected(text, start, end)
                    let b = Self.made(text, start, end)
                    #expect(a == b)
                    guard a == b else { return }
                    #expect(Array(a.utf8) == Array(b.utf8))
                    #expect(a.utf8.count == b.utf8.count)
                    #expect(a.hashValue == b.hashValue)
                    #expect(a.count == b.count)
                    if end - start <= SmallASCIIString.capacity {
                        #expect(
                            unsafeBitCast(a, to: (UInt64, UInt64).self)
                                == unsafeBitCast(b, to: (UInt64, UInt64).self))
                    }
                }
            }
        }
    }

    @Test("bytes above 0x7F are never written as an ASCII small string")
    func nonASCIIFallsBack() {
        let text = Array("ab\u{E9}cd".utf8)
        for start in 0...text.count {
            for end in start...text.count {
                let a = Self.expected(text, start, end)
                let b = Self.made(text, start, end)
                #expect(a == b)
                #expect(Array(a.utf8) == Array(b.utf8))
                #expect(a.unicodeScalars.count == b.unicodeScalars.count)
            }
        }
    }

    @Test("strings made from ASCII bytes append, compare and hash like any other")
    func behavesLikeAString() {
        let text = Array("https://example.com/albums/summer-2024".utf8)
        var made = Self.made(text, 20, 26)
        #expect(made == "albums")
        #expect(made < "albumt")
        #expect(made.hasPrefix("alb"))
        made += "/x"
        #expect(made == "albums/x")
        #expect(Self.made(text, 27, 38) == "summer-2024")
        #expect(Set([Self.made(text, 20, 26), "albums"]).count == 1)
    }
}
