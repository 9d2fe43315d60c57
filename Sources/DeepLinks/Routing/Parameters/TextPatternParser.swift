/// Reads a pattern source into a ``TextPattern/Node`` tree, byte by byte.
struct TextPatternParser {
    let source: String
    let bytes: [UInt8]
    var i = 0

    init(source: String) {
        self.source = source
        bytes = Array(source.utf8)
    }

    func fail(_ reason: TextPatternSyntaxError.Reason, at offset: Int? = nil) -> TextPatternSyntaxError {
        TextPatternSyntaxError(pattern: source, offset: offset ?? i, reason: reason)
    }

    mutating func parse() throws(TextPatternSyntaxError) -> TextPattern.Node {
        guard !bytes.isEmpty else { throw fail(.empty) }
        let node = try choice()
        if i < bytes.count {
            // Only a `)` stops a top-level choice early.
            throw fail(.reservedCharacter(")"))
        }
        return node
    }

    /// Alternatives separated by `|`, up to a `)` or the end.
    private mutating func choice() throws(TextPatternSyntaxError) -> TextPattern.Node {
        var alternatives = [try sequence()]
        while i < bytes.count, bytes[i] == UInt8(ascii: "|") {
            i += 1
            alternatives.append(try sequence())
        }
        return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
    }

    /// Repeated atoms up to a `|`, a `)` or the end; never empty.
    private mutating func sequence() throws(TextPatternSyntaxError) -> TextPattern.Node {
        var nodes: [TextPattern.Node] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: "|"), bytes[i] != UInt8(ascii: ")") {
            var node = try atom()
            var repeated = false
            while i < bytes.count, let repetition = try repetition() {
                // `a{2}?` or `a**`: a repetition of a repetition needs a group, `(a{2})?`.
                if repeated { throw fail(.nothingToRepeat, at: repetition.start) }
                node = .repetition(node, minimum: repetition.minimum, maximum: repetition.maximum)
                repeated = true
            }
            nodes.append(node)
        }
        guard !nodes.isEmpty else { throw fail(.empty) }
        return nodes.count == 1 ? nodes[0] : .sequence(nodes)
    }

    private mutating func atom() throws(TextPatternSyntaxError) -> TextPattern.Node {
        let byte = bytes[i]
        switch byte {
        case UInt8(ascii: "("):
            let open = i
            i += 1
            let inner = try choice()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ")") else { throw fail(.unclosedGroup, at: open) }
            i += 1
            return inner
        case UInt8(ascii: "["):
            let open = i
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "]")), close > open + 1 else {
                let text = String(decoding: bytes[open...], as: UTF8.self)
                let reason: CharacterClass.SyntaxError.Reason =
                    bytes.count > open + 1 && bytes[open + 1] == UInt8(ascii: "]") ? .empty : .unclosedBracket
                throw fail(.characterClass(.init(text: text, reason: reason)))
            }
            if bytes[open + 1] == UInt8(ascii: "^") { throw fail(.negatedClass) }
            let text = String(decoding: bytes[open...close], as: UTF8.self)
            let characters: CharacterClass
            do {
                characters = try CharacterClass(text)
            } catch {
                throw fail(.characterClass(error))
            }
            i = close + 1
            return .character(characters)
        case UInt8(ascii: "\\"):
            guard i + 1 < bytes.count else { throw fail(.unknownEscape("\\")) }
            let escaped = bytes[i + 1]
            if escaped == UInt8(ascii: "d") {
                i += 2
                return .character(.digits)
            }
            guard escaped > 0x20, escaped < 0x7F, !ASCII.isAlpha(escaped), !ASCII.isDigit(escaped) else {
                throw fail(
                    escaped > 0x20 && escaped < 0x7F
                        ? .unknownEscape("\\" + String(UnicodeScalar(escaped))) : .notPrintableASCII,
                    at: i + 1)
            }
            i += 2
            return .character(Self.single(escaped))
        case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"):
            throw fail(.nothingToRepeat)
        case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw fail(.reservedCharacter(String(UnicodeScalar(byte))))
        default:
            guard byte > 0x20, byte < 0x7F else { throw fail(.notPrintableASCII) }
            i += 1
            return .character(Self.single(byte))
        }
    }

    /// The repetition at the cursor, if one is there.
    private mutating func repetition() throws(TextPatternSyntaxError) -> (
        start: Int, minimum: Int, maximum: Int?
    )? {
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "?"):
            i += 1
            return (start, 0, 1)
        case UInt8(ascii: "*"):
            i += 1
            return (start, 0, nil)
        case UInt8(ascii: "+"):
            i += 1
            return (start, 1, nil)
        case UInt8(ascii: "{"):
            guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "}")) else {
                throw fail(.invalidRepetition(String(decoding: bytes[start...], as: UTF8.self)))
            }
            let text = String(decoding: bytes[start...close], as: UTF8.self)
            let inside = bytes[(start + 1)..<close]
            let parts = inside.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard parts.count <= 2, let minimum = Self.count(parts[0]),
                let maximum = parts.count == 2 ? Self.count(parts[1]) : minimum
            else { throw fail(.invalidRepetition(text)) }
            guard minimum <= maximum, maximum > 0 else { throw fail(.emptyRepetition(text)) }
            i = close + 1
            return (start, minimum, maximum)
        default:
            return nil
        }
    }

    /// A decimal count of at most four digits (larger counts exceed the position limit anyway).
    private static func count(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(ASCII.isDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func single(_ byte: UInt8) -> CharacterClass { CharacterClass(ranges: [(byte, byte)]) }
}
