/// The modules of a code being drawn, and which of them belong to function patterns (finders,
/// separators, timing, alignment, format and version information) and so carry no data.
struct QRMatrix {
    /// The modules a side.
    let size: Int
    /// The modules row by row, `true` for dark.
    var dark: [Bool]
    /// Whether each module belongs to a function pattern.
    var function: [Bool]

    /// A matrix with the function patterns of a version drawn, and the format areas reserved.
    init(version: Int) {
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        function = Array(repeating: false, count: size * size)
        for i in 0..<size {
            set(x: 6, y: i, dark: i % 2 == 0)
            set(x: i, y: 6, dark: i % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(x: x, y: y) }
        let centers = QRMatrix.alignmentCenters(version: version)
        for x in centers {
            for y in centers {
                let nearFinder =
                    (x == 6 && y == 6) || (x == 6 && y == size - 7) || (x == size - 7 && y == 6)
                if !nearFinder { drawAlignment(x: x, y: y) }
            }
        }
        drawFormat(0)
        set(x: 8, y: size - 8, dark: true)
        if version >= 7 {
            let bits = QRCode.versionBits(version)
            for i in 0..<18 {
                let isDark = (bits >> i) & 1 == 1
                set(x: size - 11 + i % 3, y: i / 3, dark: isDark)
                set(x: i / 3, y: size - 11 + i % 3, dark: isDark)
            }
        }
    }

    /// The rows and columns of a version's alignment patterns' centers: none for version 1;
    /// 6, the last (size − 7), and evenly spaced (by an even step) between them.
    static func alignmentCenters(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let last = 10 + 4 * version
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var centers = [6]
        for index in 1..<count { centers.append(last - (count - 1 - index) * step) }
        return centers
    }

    /// Sets a module and marks it a function module.
    mutating func set(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        function[y * size + x] = true
    }

    /// Draws a finder pattern around a center with its light separator, clipped at the edges.
    private mutating func drawFinder(x: Int, y: Int) {
        for dy in -4...4 {
            for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                let ring = max(abs(dx), abs(dy))
                set(x: x + dx, y: y + dy, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// Draws a 5 × 5 alignment pattern around a center.
    private mutating func drawAlignment(x: Int, y: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(x: x + dx, y: y + dy, dark: max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// Draws the 15 format bits twice (bit 0 the least significant): around the top-left
    /// finder, and split between the bottom-left and top-right finders.
    mutating func drawFormat(_ bits: Int) {
        for i in 0..<15 {
            let isDark = (bits >> i) & 1 == 1
            switch i {
            case 0...5: set(x: 8, y: i, dark: isDark)
            case 6: set(x: 8, y: 7, dark: isDark)
            case 7: set(x: 8, y: 8, dark: isDark)
            case 8: set(x: 7, y: 8, dark: isDark)
            default: set(x: 14 - i, y: 8, dark: isDark)
            }
            if i < 8 {
                set(x: size - 1 - i, y: 8, dark: isDark)
            } else {
                set(x: 8, y: size - 15 + i, dark: isDark)
            }
        }
    }

    /// Places codewords (most significant bit first) in the data modules: two columns at a
    /// time from the right, up and down in turn, skipping the vertical timing column; modules
    /// left over (the remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bit = 0
        let total = codewords.count * 8
        var right = size - 1
        var upward = true
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !function[y * size + x] && bit < total {
                    dark[y * size + x] = (codewords[bit / 8] >> UInt8(7 - bit % 8)) & 1 == 1
                    bit += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }

    /// Inverts the data modules that a mask pattern selects.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !function[y * size + x] && QRMatrix.masks(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    /// Whether mask pattern 0 to 7 inverts the module in column `x` and row `y`.
    static func masks(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (x * y) % 2 + (x * y) % 3 == 0
        case 6: ((x * y) % 2 + (x * y) % 3) % 2 == 0
        default: ((x + y) % 2 + (x * y) % 3) % 2 == 0
        }
    }

    /// The standard's penalty of the drawn code: runs of five or more modules of one color in
    /// a row or column (3 + the run's length beyond 5), 2 × 2 blocks of one color (3 each),
    /// finder-like 1:1:3:1:1 runs with four light modules on a side (40 each, the code's
    /// surroundings counting as light), and 10 for every full 5% the dark modules stray from
    /// half.
    func penalty() -> Int {
        var total = 0
        for index in 0..<size {
            let row = (0..<size).map { dark[index * size + $0] }
            let column = (0..<size).map { dark[$0 * size + index] }
            total += QRMatrix.linePenalty(row) + QRMatrix.linePenalty(column)
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let color = dark[y * size + x]
                if dark[y * size + x + 1] == color && dark[(y + 1) * size + x] == color
                    && dark[(y + 1) * size + x + 1] == color
                {
                    total += 3
                }
            }
        }
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
        let cells = size * size
        total += abs(darkCount * 20 - cells * 10) / cells * 10
        return total
    }

    /// The penalties of runs and of finder-like patterns along one row or column.
    static func linePenalty(_ line: [Bool]) -> Int {
        var total = 0
        var runStart = 0
        for index in 1...line.count where index == line.count || line[index] != line[runStart] {
            let run = index - runStart
            if run >= 5 { total += 3 + run - 5 }
            runStart = index
        }
        let finder = [true, false, true, true, true, false, true]
        func isLight(_ range: Range<Int>) -> Bool {
            range.allSatisfy { !line.indices.contains($0) || !line[$0] }
        }
        var start = 0
        while start + finder.count <= line.count {
            if line[start..<(start + finder.count)].elementsEqual(finder)
                && (isLight((start - 4)..<start)
                    || isLight((start + finder.count)..<(start + finder.count + 4)))
            {
                total += 40
            }
            start += 1
        }
        return total
    }
}
