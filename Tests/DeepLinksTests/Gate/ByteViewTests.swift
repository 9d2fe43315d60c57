import Testing

@testable import DeepLinks

/// Every read of a link's bytes goes through ``ByteView``: its scans must answer what a plain
/// loop over the same bytes answers, and a read outside the bytes must stop the program, in every
/// build, rather than read memory that is not the text's.
@Suite("The gate's byte view reads exactly the bytes it was given")
struct ByteViewTests {
    static let text = Array("Https://Ex.com/a%2Fb?q=1&r=2#F\u{7F}".utf8) + [0xC3, 0xA9, 0x00]

    @Test("a byte, a word and a slice are the bytes at their offsets")
    func bytesWordsAndSlices() {
        let text = Self.text
        ByteView.withBytes(of: text) { view in
            #expect(view.count == text.count)
            #expect((0..<text.count).map { view[$0] } == text)
            for i in 0...(text.count - 8) {
                let expected = (0..<8).reduce(UInt64(0)) { $0 | UInt64(text[i + $1]) << (8 * UInt64($1)) }
                #expect(UInt64(littleEndian: view.word(at: i)) == expected, "word at \(i)")
            }
            for start in 0...text.count {
                for end in start...text.count {
                    let slice = view.slice(start..<end)
                    #expect((0..<slice.count).map { slice[$0] } == Array(text[start..<end]))
                }
            }
        }
    }

    @Test("the first of a byte, by the C library, is the first a loop finds, in every range")
    func firstIndexOfByte() {
        let text = Self.text
        ByteView.withBytes(of: text) { view in
            for byte in Set(text) {
                for start in 0...text.count {
                    for end in start...text.count {
                        let expected = text[start..<end].firstIndex(of: byte)
                        #expect(view.firstIndex(of: byte, in: start..<end) == expected)
                    }
                }
            }
        }
    }

    @Test("each of the gate's byte tables reads, for every byte, the entry it was made from")
    func byteTables() {
        let tables: [(ByteTable, [UInt8])] = [
            (.byteClasses, ASCII.byteClasses), (.queryByteClasses, ASCII.queryByteClasses),
            (.queryItemStops, ASCII.queryItemStops), (.authorityStops, ASCII.authorityStops),
        ]
        for (table, entries) in tables {
            #expect((0...255).map { table[UInt8($0)] } == entries)
        }
    }

    @Test("a table scan stops at the first byte whose class has, or lacks, the bits asked")
    func tableScans() {
        // Runs of every length around the four bytes a scan tests at once, and masks of one bit
        // and of several (a byte with one bit of the mask and one with another both have some).
        let text = Self.text + Array("abcdefgh%ijk/lmnopq&r".utf8)
        let masks = [
            ASCII.refusedBit, ASCII.percentBit, ASCII.upperCaseBit, ASCII.pathCharacterBit,
            ASCII.upperCaseBit | ASCII.pathCharacterBit, ASCII.refusedBit | ASCII.percentBit, 0xFF, 0,
        ]
        let table = ByteTable.byteClasses
        ByteView.withBytes(of: text) { view in
            for mask in masks {
                for start in 0...text.count {
                    for end in start...text.count {
                        let hasAny =
                            text[start..<end].firstIndex { ASCII.byteClasses[Int($0)] & mask != 0 } ?? end
                        let lacks =
                            text[start..<end].firstIndex { ASCII.byteClasses[Int($0)] & mask == 0 } ?? end
                        #expect(view.firstIndex(in: start..<end, where: table, hasAny: mask) == hasAny)
                        #expect(view.firstIndex(in: start..<end, where: table, lacks: mask) == lacks)
                    }
                }
            }
        }
    }

    @Test("a word scan stops at the first word, eight bytes on from the last, that the test takes")
    func wordScans() {
        let text = Self.text
        let tests: [(UInt64) -> Bool] = [
            { _ in false }, { _ in true }, LinkParser.mayNeedALook,
            { UInt8(truncatingIfNeeded: UInt64(littleEndian: $0)) == UInt8(ascii: "/") },
        ]
        ByteView.withBytes(of: text) { view in
            for test in tests {
                for start in 0...text.count {
                    var expected = start
                    while expected + 8 <= text.count, !test(view.word(at: expected)) { expected += 8 }
                    #expect(view.firstWord(from: start, where: test) == expected, "from \(start)")
                }
            }
        }
    }

    @Test("text from bytes: as written, lower-cased, copied, compared")
    func textFromBytes() {
        let text = Array("Https://Ex.COM/abcdefghijklmnopq".utf8)
        ByteView.withBytes(of: text) { view in
            #expect(view.string(0..<5, layoutHolds: SmallASCIIString.isAvailable) == "Https")
            #expect(
                view.string(8..<31, layoutHolds: SmallASCIIString.isAvailable) == "Ex.COM/abcdefghijklmnop")
            #expect(view.string(3..<3, layoutHolds: false) == "")
            #expect(view.lowercasedString(8..<14) == "ex.com")
            #expect(view.bytes(5..<8) == Array("://".utf8))
            // Each answer is taken first: `#expect` cannot hold a view that may not escape.
            let found = [
                view.hasBytes(of: "://", at: 5), view.hasBytes(of: "://", at: 4),
                view.hasBytes(of: "opqr", at: 29), view.hasBytes(of: "", at: 33),
                view.hasBytes(of: "", at: 32),
            ]
            #expect(found == [true, false, false, false, true])
        }
    }

    @Test("a string is read as its UTF-8 bytes, and handed over with them")
    func stringText() {
        let native = "https://example.com/caf\u{E9}"
        ByteView.withUTF8(of: String(Substring(native))) { view, original in
            #expect(original == native)
            #expect((0..<view.count).map { view[$0] } == Array(native.utf8))
        }
    }

    #if !os(Windows)
        @Test("a byte read past the end stops the program (every build)")
        func byteOutside() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: [1, 2, 3]) { $0[3] }
            }
        }

        @Test("a byte read before the start stops the program (every build)")
        func byteBefore() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: [1, 2, 3]) { $0[-1] }
            }
        }

        @Test("a word that runs past the end stops the program (every build)")
        func wordOutside() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: Array(repeating: 0, count: 9)) { $0.word(at: 2) }
            }
        }

        @Test("a scan over a range past the end stops the program (every build)")
        func scanOutside() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: [1, 2, 3]) { $0.firstIndex(of: 9, in: 1..<4) }
            }
        }

        @Test("a slice past the end stops the program (every build)")
        func sliceOutside() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: [1, 2, 3]) { $0.slice(2..<5).count }
            }
        }

        @Test("a table scan over a range past the end stops the program (every build)")
        func tableScanOutside() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: [1, 2, 3]) {
                    $0.firstIndex(in: 0..<4, where: ByteTable.byteClasses, hasAny: 0)
                }
            }
        }

        @Test("a word scan from past the end stops the program (every build)")
        func wordScanOutside() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: Array(repeating: 0, count: 9)) {
                    $0.firstWord(from: 10) { _ in false }
                }
            }
        }

        @Test("a word scan from before the start stops the program (every build)")
        func wordScanBefore() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: Array(repeating: 0, count: 9)) {
                    $0.firstWord(from: -1) { _ in false }
                }
            }
        }

        @Test("a string over a range past the end stops the program (every build)")
        func stringOutside() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: Array("abc".utf8)) { $0.string(1..<4, layoutHolds: true) }
            }
        }

        @Test("a copy of a range before the start stops the program (every build)")
        func copyBefore() async {
            await #expect(processExitsWith: .failure) {
                _ = ByteView.withBytes(of: [1, 2, 3]) { $0.bytes(-1..<2) }
            }
        }
    #endif
}
