import Foundation
import ShortLinkServer
import Testing

@Suite("QR codes")
struct QRCodeTests {
    static let levels: [QRCode.Correction] = [.low, .medium, .quartile, .high]

    @Test("the smallest version that holds the bytes is chosen, at each level")
    func versionChoice() throws {
        #expect(try QRCode(String(repeating: "a", count: 17), correction: .low).version == 1)
        #expect(try QRCode(String(repeating: "a", count: 18), correction: .low).version == 2)
        #expect(try QRCode(String(repeating: "a", count: 14), correction: .medium).version == 1)
        #expect(try QRCode(String(repeating: "a", count: 15), correction: .medium).version == 2)
        #expect(try QRCode(String(repeating: "a", count: 11), correction: .quartile).version == 1)
        #expect(try QRCode(String(repeating: "a", count: 12), correction: .quartile).version == 2)
        #expect(try QRCode(String(repeating: "a", count: 7), correction: .high).version == 1)
        #expect(try QRCode(String(repeating: "a", count: 8), correction: .high).version == 2)
        #expect(try QRCode("").version == 1)
        #expect(try QRCode("https://shop.example.com/s/spring-sale").version == 3)
        // Two bytes a character: "é" is counted in UTF-8 bytes.
        #expect(try QRCode(String(repeating: "é", count: 7), correction: .medium).version == 1)
        #expect(try QRCode(String(repeating: "é", count: 8), correction: .medium).version == 2)
    }

    @Test("byte capacities match the standard's table (versions 1, 2, 10, 20, 40)")
    func capacities() {
        let expected: [Int: [Int]] = [
            1: [17, 14, 11, 7], 2: [32, 26, 20, 14], 7: [154, 122, 86, 64], 10: [271, 213, 151, 119],
            20: [858, 666, 482, 382], 40: [2953, 2331, 1663, 1273],
        ]
        for (version, capacities) in expected {
            for (level, capacity) in zip(Self.levels, capacities) {
                #expect(QRCode.byteCapacity(version: version, correction: level) == capacity)
            }
        }
        #expect(QRReader.blockDataCounts(version: 5, correction: .quartile) == [15, 15, 16, 16])
        #expect(QRReader.blockDataCounts(version: 1, correction: .high) == [9])
        #expect(QRCode.maximumBytes(correction: .low) == 2953)
        #expect(QRCode.maximumBytes(correction: .high) == 1273)
    }

    @Test("every version's and level's capacity grows, and the text at the limit fits exactly")
    func capacityBoundaries() throws {
        for level in Self.levels {
            var previous = 0
            for version in 1...40 {
                let capacity = QRCode.byteCapacity(version: version, correction: level)
                #expect(capacity > previous)
                previous = capacity
            }
        }
        for version in [3, 6, 9, 13, 27] {
            let capacity = QRCode.byteCapacity(version: version, correction: .quartile)
            let fits = try QRCode(String(repeating: "x", count: capacity), correction: .quartile)
            #expect(fits.version == version)
            #expect(fits.size == 17 + 4 * version)
            let over = try QRCode(String(repeating: "x", count: capacity + 1), correction: .quartile)
            #expect(over.version == version + 1)
        }
    }

    @Test("too long a text is refused with its byte count and the level's limit")
    func tooLong() throws {
        #expect(throws: QRCodeError.tooLong(bytes: 2332, limit: 2331)) {
            try QRCode(String(repeating: "a", count: 2332))
        }
        #expect(throws: QRCodeError.tooLong(bytes: 1274, limit: 1273)) {
            try QRCode(String(repeating: "a", count: 1274), correction: .high)
        }
        #expect(throws: QRCodeError.tooLong(bytes: 2_000_000, limit: 2953)) {
            try QRCode(String(repeating: "é", count: 1_000_000), correction: .low)
        }
        #expect(
            QRCodeError.tooLong(bytes: 2332, limit: 2331).description
                == "the text is 2332 bytes long, more than the 2331 bytes a QR code holds at this correction level"
        )
        #expect(try QRCode(String(repeating: "a", count: 2953), correction: .low).version == 40)
    }

    @Test("size is 17 + 4v; finders, separators, timing and the dark module are where the standard puts them")
    func functionPatterns() throws {
        for (length, level) in [(5, QRCode.Correction.low), (60, .medium), (150, .high), (900, .low)] {
            let code = try QRCode(String(repeating: "q", count: length), correction: level)
            let v = code.version
            #expect(code.size == 17 + 4 * v)
            for (cx, cy) in [(3, 3), (code.size - 4, 3), (3, code.size - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 {
                        let (x, y) = (cx + dx, cy + dy)
                        guard (0..<code.size).contains(x), (0..<code.size).contains(y) else { continue }
                        let ring = max(abs(dx), abs(dy))
                        #expect(code.isDark(x: x, y: y) == (ring != 2 && ring != 4), "finder at \(x), \(y)")
                    }
                }
            }
            for i in 8..<(code.size - 8) {
                #expect(code.isDark(x: i, y: 6) == (i % 2 == 0))
                #expect(code.isDark(x: 6, y: i) == (i % 2 == 0))
            }
            #expect(code.isDark(x: 8, y: 4 * v + 9))
            #expect(!code.isDark(x: -1, y: 0))
            #expect(!code.isDark(x: 0, y: code.size))
        }
    }

    @Test("format bits: BCH(15, 5) masked with 0x5412, and both copies read back")
    func formatBits() throws {
        #expect(QRCode.formatBits(.medium, mask: 0) == 0b101_0100_0001_0010)
        #expect(QRCode.formatBits(.low, mask: 0) == 0b111_0111_1100_0100)
        #expect(QRCode.formatBits(.low, mask: 4) == 0b110_0110_0010_1111)
        #expect(QRCode.formatBits(.quartile, mask: 0) == 0b011_0101_0101_1111)
        #expect(QRCode.formatBits(.high, mask: 7) == 0b000_1000_0011_1011)
        var seen = Set<Int>()
        for level in Self.levels {
            for mask in 0..<8 { seen.insert(QRCode.formatBits(level, mask: mask)) }
        }
        #expect(seen.count == 32)
        // Any two format codes differ in at least 7 bits (the code's minimum distance).
        for a in seen {
            for b in seen where a < b { #expect((a ^ b).nonzeroBitCount >= 7) }
        }
        for level in Self.levels {
            let code = try QRCode("https://shop.example.com/s/abc", correction: level)
            let (first, second) = QRReader.formatCopies(code)
            #expect(first == second)
            #expect(first == QRCode.formatBits(level, mask: code.mask))
        }
    }

    @Test("version information: BCH(18, 6), 0x07C94 for version 7, drawn in both corners")
    func versionBits() throws {
        #expect(QRCode.versionBits(7) == 0x07C94)
        #expect(QRCode.versionBits(8) == 0x085BC)
        #expect(QRCode.versionBits(40) == 0x28C69)
        let code = try QRCode(String(repeating: "v", count: 154), correction: .low)
        #expect(code.version == 7)
        var topRight = 0
        var bottomLeft = 0
        for i in 0..<18 {
            if code.isDark(x: code.size - 11 + i % 3, y: i / 3) { topRight |= 1 << i }
            if code.isDark(x: i / 3, y: code.size - 11 + i % 3) { bottomLeft |= 1 << i }
        }
        #expect(topRight == 0x07C94)
        #expect(bottomLeft == 0x07C94)
    }

    @Test("alignment pattern centers match the standard's table")
    func alignmentCenters() throws {
        let expected: [Int: [Int]] = [
            2: [6, 18], 6: [6, 34], 7: [6, 22, 38], 10: [6, 28, 50], 14: [6, 26, 46, 66],
            22: [6, 26, 50, 74, 98], 32: [6, 34, 60, 86, 112, 138], 36: [6, 24, 50, 76, 102, 128, 154],
            40: [6, 30, 58, 86, 114, 142, 170],
        ]
        for (version, centers) in expected {
            #expect(QRReader.alignmentCenters(version: version) == centers, "version \(version)")
        }
        let code = try QRCode(String(repeating: "a", count: 100), correction: .low)
        #expect(code.version == 5)
        // The version-5 pattern at (30, 30): a dark center, a light ring, a dark ring.
        for dy in -2...2 {
            for dx in -2...2 {
                #expect(code.isDark(x: 30 + dx, y: 30 + dy) == (max(abs(dx), abs(dy)) != 1))
            }
        }
    }

    @Test("Reed–Solomon: the generator polynomial of degree 10, and the standard's 1-M example")
    func reedSolomon() {
        let exponents = [0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45]
        #expect(QRCode.generatorPolynomial(degree: 10) == exponents.map { QRReader.alphaPower($0) })
        let seven = [0, 87, 229, 146, 149, 238, 102, 21]
        #expect(QRCode.generatorPolynomial(degree: 7) == seven.map { QRReader.alphaPower($0) })
        // "HELLO WORLD" in alphanumeric mode at 1-M: its 16 data codewords and 10 EC codewords.
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(
            QRCode.errorCorrection(for: data, count: 10) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("a byte-mode code's codewords, read back from its matrix, are the ones computed by hand")
    func knownEncoding() throws {
        let code = try QRCode("ab", correction: .low)
        #expect(code.version == 1)
        let read = try QRReader.read(code)
        // 0100 | 00000010 | 01100001 | 01100010 | 0000, then 0xEC 0x11 … to 19 codewords.
        var data: [UInt8] = [0x40, 0x26, 0x16, 0x20]
        for index in 0..<15 { data.append(index % 2 == 0 ? 0xEC : 0x11) }
        #expect(Array(read.codewords.prefix(19)) == data)
        #expect(Array(read.codewords.suffix(7)) == QRCode.errorCorrection(for: data, count: 7))
        #expect(read.text == "ab")
    }

    @Test(
        "every code decodes back to its text: format read, unmasked, codewords de-interleaved, RS syndromes zero",
        arguments: [
            "", "a", "https://shop.example.com/s/abc", "https://shop.example.com/s/k3v9q2m8x1c7z",
            "https://shop.example.com/s/" + String(repeating: "spring-sale-", count: 3) + "2025",
            "https://shop.example.com/p/42?utm_source=mail&utm_campaign=spring-sale-2025&ref=café",
            String(repeating: "https://shop.example.com/s/abcdefghijklm/", count: 7),
        ])
    func roundTrip(text: String) throws {
        for level in Self.levels {
            let code = try QRCode(text, correction: level)
            let read = try QRReader.read(code)
            #expect(read.text == text, "level \(level), version \(code.version), mask \(code.mask)")
            #expect(read.correction == level)
            #expect(read.mask == code.mask)
        }
    }

    @Test("the mask is one of the eight, and the choice differs across texts")
    func masks() throws {
        var masks = Set<Int>()
        for length in 0..<60 {
            let code = try QRCode(String(repeating: "m", count: length) + "\(length)")
            #expect((0..<8).contains(code.mask))
            masks.insert(code.mask)
        }
        #expect(masks.count > 2)
    }

    @Test("the SVG: its header, a white background, one path of runs; the same code gives the same text")
    func svg() throws {
        let code = try QRCode("https://shop.example.com/s/spring-sale")
        let svg = code.svg(moduleSize: 10)
        #expect(
            svg.hasPrefix(
                ##"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 37 37" width="370" height="370" shape-rendering="crispEdges"><rect width="37" height="37" fill="#ffffff"/><path d="M4 4h7v1h-7z"##
            ))
        #expect(svg.hasSuffix("\" fill=\"#000000\"/></svg>\n"))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg == (try QRCode("https://shop.example.com/s/spring-sale")).svg(moduleSize: 10))
        let runs = svg.components(separatedBy: "M").count - 1
        var dark = 0
        for y in 0..<code.size {
            for x in 0..<code.size where code.isDark(x: x, y: y) { dark += 1 }
        }
        #expect(runs > 0 && runs < dark)
        #expect(code.svg(moduleSize: 0, quietZone: -3).contains(#"viewBox="0 0 29 29" width="29""#))
    }

    /// Short links of many lengths at every level, and one text filling each version at each
    /// level: written as SVG files with a manifest (`file<TAB>text` lines) when
    /// QR_SVG_OUTPUT_DIR names a folder, for scripts/check-qr-codes.sh to decode with zbarimg.
    /// All ASCII, as links are: without an ECI header a reader guesses the charset of other
    /// bytes, and zbarimg reads UTF-8 "é" as Big5.
    @Test("SVG files for an outside decoder (only when QR_SVG_OUTPUT_DIR is set)")
    func writeSVGsForDecoder() throws {
        guard let folder = ProcessInfo.processInfo.environment["QR_SVG_OUTPUT_DIR"], !folder.isEmpty else {
            return
        }
        var texts: [String] = []
        for length in [3, 5, 8, 13, 17, 21, 26, 30, 34, 40] {
            let code = (0..<length).map { index in
                let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
                return String(alphabet[(index * 7 + length) % alphabet.count])
            }
            texts.append("https://shop.example.com/s/" + code.joined())
        }
        texts.append(
            "https://shop.example.com/p/42?utm_source=newsletter&utm_medium=email&utm_campaign=spring")
        texts.append("https://shop.example.com/product/" + String(repeating: "long-name-", count: 26) + "end")
        var manifest = ""
        var index = 0
        func write(_ text: String, _ level: QRCode.Correction) throws {
            let code = try QRCode(text, correction: level)
            let number = String(index + 1000).dropFirst()
            let name = "\(number)-\(level)-v\(code.version).svg"
            try code.svg(moduleSize: code.version > 20 ? 4 : 6)
                .write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            manifest += name + "\t" + text + "\n"
            index += 1
        }
        for text in texts {
            for level in Self.levels { try write(text, level) }
        }
        for version in 1...40 {
            for level in Self.levels {
                let capacity = QRCode.byteCapacity(version: version, correction: level)
                let text = (0..<capacity).map { String(UnicodeScalar(UInt8(65 + ($0 * 5 + version) % 26))) }
                try write(text.joined(), level)
            }
        }
        try manifest.write(toFile: folder + "/manifest.tsv", atomically: true, encoding: .utf8)
    }
}

/// A small QR reader for the tests: reads a code's format information, unmasks it, reads its
/// codewords in placement order, de-interleaves the blocks, checks every block's Reed–Solomon
/// syndromes are zero, and decodes the byte-mode segment. It shares no code with the encoder
/// but the block structure's counts.
enum QRReader {
    struct Reading {
        var correction: QRCode.Correction
        var mask: Int
        var codewords: [UInt8]
        var text: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// α^power in GF(256) (x⁸ + x⁴ + x³ + x² + 1), by repeated doubling.
    static func alphaPower(_ power: Int) -> UInt8 {
        var value = 1
        for _ in 0..<power {
            value <<= 1
            if value > 255 { value ^= 0x11D }
        }
        return UInt8(value)
    }

    /// The product in GF(256), by shifts and additions.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var result = 0
        var a = Int(a)
        var b = Int(b)
        while b > 0 {
            if b & 1 == 1 { result ^= a }
            a <<= 1
            if a > 255 { a ^= 0x11D }
            b >>= 1
        }
        return UInt8(result)
    }

    static func alignmentCenters(version: Int) -> [Int] {
        // ISO/IEC 18004 Annex E, versions 2 to 40.
        let table: [[Int]] = [
            [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
            [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70],
            [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90],
            [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
            [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118], [6, 26, 50, 74, 98, 122],
            [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134],
            [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142], [6, 34, 62, 90, 118, 146],
            [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
            [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
        ]
        return table[version - 1]
    }

    /// The two copies of the 15 format bits, bit 14 first as the standard numbers them.
    static func formatCopies(_ code: QRCode) -> (Int, Int) {
        let n = code.size
        let first: [(Int, Int)] =
            (0...5).map { (8, $0) } + [(8, 7), (8, 8), (7, 8)] + (9..<15).map { (14 - $0, 8) }
        let second: [(Int, Int)] = (0..<8).map { (n - 1 - $0, 8) } + (8..<15).map { (8, n - 15 + $0) }
        func bits(_ positions: [(Int, Int)]) -> Int {
            positions.enumerated().reduce(0) {
                $0 | (code.isDark(x: $1.element.0, y: $1.element.1) ? 1 << $1.offset : 0)
            }
        }
        return (bits(first), bits(second))
    }

    /// Which modules are function patterns, from the version alone.
    static func functionModules(version: Int) -> [[Bool]] {
        let n = 17 + 4 * version
        var function = Array(repeating: Array(repeating: false, count: n), count: n)
        func mark(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) {
            for y in ys { for x in xs { function[y][x] = true } }
        }
        mark(0...8, 0...8)
        mark((n - 8)...(n - 1), 0...8)
        mark(0...8, (n - 8)...(n - 1))
        mark(6...6, 0...(n - 1))
        mark(0...(n - 1), 6...6)
        let centers = alignmentCenters(version: version)
        for x in centers {
            for y in centers where !(x == 6 && y == 6) && !(x == 6 && y == n - 7) && !(x == n - 7 && y == 6) {
                mark((x - 2)...(x + 2), (y - 2)...(y + 2))
            }
        }
        if version >= 7 {
            mark((n - 11)...(n - 9), 0...5)
            mark(0...5, (n - 11)...(n - 9))
        }
        return function
    }

    static func read(_ code: QRCode) throws -> Reading {
        let (formatBits, secondCopy) = formatCopies(code)
        guard formatBits == secondCopy else { throw Failure(description: "the format copies differ") }
        let format = formatBits ^ 0x5412
        let levels: [Int: QRCode.Correction] = [1: .low, 0: .medium, 3: .quartile, 2: .high]
        guard let correction = levels[format >> 13] else { throw Failure(description: "no level") }
        let mask = (format >> 10) & 7
        guard QRCode.formatBits(correction, mask: mask) == formatBits else {
            throw Failure(description: "the format bits are not a BCH code word")
        }
        let version = (code.size - 17) / 4
        let function = functionModules(version: version)
        // Read the data modules in placement order, unmasking them.
        var bits: [Bool] = []
        var right = code.size - 1
        var upward = true
        while right > 0 {
            if right == 6 { right -= 1 }
            let rows = upward ? Array((0..<code.size).reversed()) : Array(0..<code.size)
            for y in rows {
                for x in [right, right - 1] where !function[y][x] {
                    let masks: Bool
                    switch mask {
                    case 0: masks = (y + x) % 2 == 0
                    case 1: masks = y % 2 == 0
                    case 2: masks = x % 3 == 0
                    case 3: masks = (y + x) % 3 == 0
                    case 4: masks = (y / 2 + x / 3) % 2 == 0
                    case 5: masks = (y * x) % 2 + (y * x) % 3 == 0
                    case 6: masks = ((y * x) % 2 + (y * x) % 3) % 2 == 0
                    default: masks = ((y + x) % 2 + (y * x) % 3) % 2 == 0
                    }
                    bits.append(code.isDark(x: x, y: y) != masks)
                }
            }
            upward.toggle()
            right -= 2
        }
        let total = bits.count / 8
        let codewords: [UInt8] = (0..<total).map { index in
            (0..<8).reduce(0) { $0 << 1 | (bits[index * 8 + $1] ? 1 : 0) }
        }
        // De-interleave: the i-th codeword of every block in turn; short blocks first.
        let blockData = blockDataCounts(version: version, correction: correction)
        let ecPerBlock = (total - blockData.reduce(0, +)) / blockData.count
        var blocks: [[UInt8]] = blockData.map { _ in [] }
        var next = 0
        for index in 0..<(blockData.max() ?? 0) {
            for block in blockData.indices where index < blockData[block] {
                blocks[block].append(codewords[next])
                next += 1
            }
        }
        for _ in 0..<ecPerBlock {
            for block in blocks.indices {
                blocks[block].append(codewords[next])
                next += 1
            }
        }
        // Every block is a Reed–Solomon code word: it vanishes at α⁰ … α^(ec − 1).
        for block in blocks {
            for power in 0..<ecPerBlock {
                let root = alphaPower(power)
                let value = block.reduce(UInt8(0)) { multiply($0, root) ^ $1 }
                guard value == 0 else { throw Failure(description: "a block's syndrome is not zero") }
            }
        }
        let data = blocks.flatMap { $0.prefix($0.count - ecPerBlock) }
        // The byte-mode segment: 0100, the count, the bytes, then the terminator and padding.
        var reader = BitReader(bytes: data)
        guard reader.read(4) == 0b0100 else { throw Failure(description: "not byte mode") }
        let count = reader.read(version < 10 ? 8 : 16)
        let bytes = (0..<count).map { _ in UInt8(reader.read(8)) }
        guard reader.read(min(4, data.count * 8 - reader.position)) == 0 else {
            throw Failure(description: "no terminator")
        }
        let padStart = (reader.position + 7) / 8
        for (index, byte) in data[padStart...].enumerated() where byte != (index % 2 == 0 ? 0xEC : 0x11) {
            throw Failure(description: "padding is not 0xEC 0x11")
        }
        return Reading(
            correction: correction, mask: mask, codewords: codewords,
            text: String(decoding: bytes, as: UTF8.self))
    }

    /// The data codewords of each block, from the encoder's table of block counts.
    static func blockDataCounts(version: Int, correction: QRCode.Correction) -> [Int] {
        let dataTotal = QRCode.dataCodewords(version: version, correction: correction)
        let blockCount = QRCode.blockCount(version: version, correction: correction)
        let short = dataTotal / blockCount
        let long = dataTotal % blockCount
        return (0..<blockCount).map { $0 < blockCount - long ? short : short + 1 }
    }

    struct BitReader {
        var bytes: [UInt8]
        var position = 0
        mutating func read(_ count: Int) -> Int {
            var value = 0
            for _ in 0..<count {
                let bit = position < bytes.count * 8 ? Int(bytes[position / 8] >> (7 - position % 8)) & 1 : 0
                value = value << 1 | bit
                position += 1
            }
            return value
        }
    }
}
