import Foundation
import Testing

@testable import DeepLinks

/// The table check finds a space or control character in a route name, and a control
/// character in a literal, wherever it is. It may read eight bytes at a time
/// (``RouteTableValidation/isPrintableASCII(_:)``, ``RouteTableValidation/holdsControlByte(_:)``);
/// these tests pin that it answers what the byte-by-byte reading does, for every byte at every
/// position of a word and in the tail.
@Suite("Route names and literals: a space or control character is found wherever it is")
struct RouteTextCharacterTests {
    static func printable(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F } }
    static func control(_ bytes: [UInt8]) -> Bool { bytes.contains { $0 < 0x20 || $0 == 0x7F } }

    @Test("every byte at every position of 1 to 19 bytes, among printable and other bytes")
    func everyByteAtEveryPosition() {
        for length in 1...19 {
            for fill: UInt8 in [0x41, 0x21, 0x7E, 0xC3] {
                for position in 0..<length {
                    for byte in UInt8.min...UInt8.max {
                        var bytes = [UInt8](repeating: fill, count: length)
                        bytes[position] = byte
                        let printable = RouteTableValidation.isPrintableASCII(bytes.span)
                        let control = RouteTableValidation.holdsControlByte(bytes.span)
                        #expect(printable == Self.printable(bytes))
                        #expect(control == Self.control(bytes))
                    }
                }
            }
        }
    }

    @Test("names and literals past eight bytes: a control character or space late in the text is found")
    func lateCharactersFound() {
        #expect(RouteTableValidation.isValidName("a-long-route-name"))
        #expect(!RouteTableValidation.isValidName("a-long-route name"))
        #expect(!RouteTableValidation.isValidName("a-long-route-name\u{7F}"))
        #expect(RouteTableValidation.isValidName("a-long-route-nämé"))
        #expect(RouteTableValidation.holdsControlCharacter("segment-with-a-tab\t"))
        #expect(!RouteTableValidation.holdsControlCharacter("segment-with-ümlauts-and-日本語"))
        #expect(RouteTableValidation.holdsControlCharacter("ümlauts-\u{1}-later"))
    }
}
