extension QRCode {
    /// The bytes of text a version holds at a level in byte mode: its data codewords' bits less
    /// the mode indicator (4 bits) and the character count (8 bits below version 10, 16 from it).
    package static func byteCapacity(version: Int, correction: Correction) -> Int {
        let bits = BlockStructure(version: version, correction: correction).dataCodewords * 8
        return (bits - 4 - (version < 10 ? 8 : 16)) / 8
    }

    /// The data codewords of a version at a level: its codewords less every block's
    /// error-correction codewords.
    package static func dataCodewords(version: Int, correction: Correction) -> Int {
        BlockStructure(version: version, correction: correction).dataCodewords
    }

    /// The number of Reed–Solomon blocks of a version at a level.
    package static func blockCount(version: Int, correction: Correction) -> Int {
        BlockStructure(version: version, correction: correction).blockCount
    }

    /// The coefficients of the Reed–Solomon generator polynomial of a degree, highest power
    /// first (the first is 1): the product of (x − αⁱ) for i from 0 below the degree, over
    /// GF(256) with the field polynomial x⁸ + x⁴ + x³ + x² + 1.
    package static func generatorPolynomial(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for power in 0..<degree {
            let root = GaloisField.exponent[power]
            var product = polynomial + [0]
            for (index, coefficient) in polynomial.enumerated() {
                product[index + 1] ^= GaloisField.multiply(coefficient, root)
            }
            polynomial = product
        }
        return polynomial
    }

    /// The Reed–Solomon error-correction codewords of a block: the remainder of the data
    /// (as a polynomial, first codeword highest) times x^count divided by the generator
    /// polynomial of degree `count`.
    package static func errorCorrection(for data: [UInt8], count: Int) -> [UInt8] {
        let generator = generatorPolynomial(degree: count)
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<count {
                remainder[index] ^= GaloisField.multiply(generator[index + 1], factor)
            }
        }
        return remainder
    }
}

/// Arithmetic in GF(256) with the field polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), through
/// tables of the powers of α = 2 and their logarithms.
enum GaloisField {
    /// αⁱ for i from 0 to 509, so a sum of two logarithms needs no reduction.
    static let exponent: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for power in 0..<510 {
            table[power] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// The logarithm to base α of each non-zero element (the entry for 0 is unused).
    static let logarithm: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for power in 0..<255 { table[Int(exponent[power])] = power }
        return table
    }()

    /// The product of two elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exponent[logarithm[Int(a)] + logarithm[Int(b)]]
    }
}

/// How a version's codewords at a level are split into blocks (ISO/IEC 18004, table 9): every
/// block has the same number of error-correction codewords; the later blocks may hold one data
/// codeword more than the first ones.
struct BlockStructure: Hashable {
    /// The codewords of the whole code, data and error correction.
    let totalCodewords: Int
    /// The number of blocks.
    let blockCount: Int
    /// The error-correction codewords of each block.
    let errorCorrectionPerBlock: Int

    /// The structure of a version (1 to 40) at a level.
    init(version: Int, correction: QRCode.Correction) {
        let row = correction.tableIndex
        totalCodewords = BlockStructure.rawDataModules(version: version) / 8
        blockCount = BlockStructure.blocks[row][version - 1]
        errorCorrectionPerBlock = BlockStructure.errorCorrection[row][version - 1]
    }

    /// The codewords of a block: the first ones are short, the rest one longer.
    var shortBlockCodewords: Int { totalCodewords / blockCount }
    /// How many blocks are short.
    var shortBlocks: Int { blockCount - totalCodewords % blockCount }
    /// The data codewords of the whole code.
    var dataCodewords: Int { totalCodewords - blockCount * errorCorrectionPerBlock }

    /// The data codewords of each block, in order.
    var dataPerBlock: [Int] {
        let short = shortBlockCodewords - errorCorrectionPerBlock
        return (0..<blockCount).map { $0 < shortBlocks ? short : short + 1 }
    }

    /// The modules of a version left for data and error correction (remainder bits included):
    /// all of them less the finders with their separators (3 × 64), the format information and
    /// the dark module (31), the timing patterns, the alignment patterns (less the modules they
    /// share with the timing patterns) and, from version 7, the version information (2 × 18).
    static func rawDataModules(version: Int) -> Int {
        let size = 17 + 4 * version
        var modules = size * size - 3 * 64 - 31 - 2 * (size - 16)
        if version > 1 {
            let perSide = version / 7 + 2
            modules -= 25 * (perSide * perSide - 3) - 2 * 5 * (perSide - 2)
        }
        if version >= 7 { modules -= 36 }
        return modules
    }

    /// Splits data codewords into blocks, computes each block's error correction, and
    /// interleaves them: the i-th data codeword of every block in turn, then the i-th
    /// error-correction codeword of every block in turn.
    func interleave(_ data: [UInt8]) -> [UInt8] {
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for count in dataPerBlock {
            dataBlocks.append(Array(data[start..<(start + count)]))
            start += count
        }
        let corrections = dataBlocks.map {
            QRCode.errorCorrection(for: $0, count: errorCorrectionPerBlock)
        }
        var result: [UInt8] = []
        result.reserveCapacity(totalCodewords)
        for index in 0...(shortBlockCodewords - errorCorrectionPerBlock) {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<errorCorrectionPerBlock {
            for block in corrections { result.append(block[index]) }
        }
        return result
    }

    /// The error-correction codewords per block, a row a level (L, M, Q, H), versions 1 to 40.
    static let errorCorrection: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// The number of blocks, a row a level (L, M, Q, H), versions 1 to 40.
    static let blocks: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]
}
