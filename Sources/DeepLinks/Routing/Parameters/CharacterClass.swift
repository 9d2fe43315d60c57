/// The characters a ``ParameterType/string(length:characters:)`` parameter may contain.
///
/// Either ``any`` (every visible character, see below) or a set of printable ASCII characters,
/// written by name (`alnum`, `alpha`, `digit`, `xdigit`, `lower`, `upper`, `ascii`) or as a
/// bracket expression with ranges (`[A-Za-z0-9_-]`; a `-` is literal when first or last).
///
/// ``any`` still refuses what no identifier should contain: control characters, line and
/// paragraph separators, and every format character (Unicode general category Cf: the
/// bidirectional controls, zero-width spaces and joiners, the byte-order mark, tag
/// characters), which can make text display as something other than what it is. The one
/// exception is the zero-width joiner inside an emoji sequence (👩‍👩‍👧), where it is seen.
///
/// ```swift
/// let code = try CharacterClass("[A-Z0-9]")
/// code.contains("Q")     // true
/// code.description       // "[0-9A-Z]"
/// ```
public struct CharacterClass: Sendable, Hashable, CustomStringConvertible {
    /// ASCII membership as a 128-bit set; `nil` for ``any``.
    private let bits: (low: UInt64, high: UInt64)?

    private init(low: UInt64, high: UInt64) { bits = (low, high) }
    private init(any: Void) { bits = nil }

    /// Every visible character, ASCII or not (no control, line-separator or format characters).
    public static let any = CharacterClass(any: ())
    /// Printable ASCII from `!` to `~` (no space).
    public static let ascii = CharacterClass(ranges: [(0x21, 0x7E)])
    /// ASCII letters and digits.
    public static let alphanumeric = CharacterClass(ranges: [(0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)])
    /// ASCII letters.
    public static let letters = CharacterClass(ranges: [(0x41, 0x5A), (0x61, 0x7A)])
    /// ASCII digits.
    public static let digits = CharacterClass(ranges: [(0x30, 0x39)])
    /// Hexadecimal digits, both cases.
    public static let hexDigits = CharacterClass(ranges: [(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)])
    /// Lower-case ASCII letters.
    public static let lowercase = CharacterClass(ranges: [(0x61, 0x7A)])
    /// Upper-case ASCII letters.
    public static let uppercase = CharacterClass(ranges: [(0x41, 0x5A)])

    static let named: [(name: String, value: CharacterClass)] = [
        ("any", .any), ("ascii", .ascii), ("alnum", .alphanumeric), ("alpha", .letters),
        ("digit", .digits), ("xdigit", .hexDigits), ("lower", .lowercase), ("upper", .uppercase),
    ]

    /// A class of ASCII byte ranges (each `first...last`, both printable ASCII).
    init(ranges: [(UInt8, UInt8)]) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (first, last) in ranges {
            for byte in first...last {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
        self.init(low: low, high: high)
    }

    /// Parses a class name or a bracket expression.
    ///
    /// - Throws: ``CharacterClass/SyntaxError`` for an unknown name, an empty or unclosed
    ///   bracket, a character outside printable ASCII, or a reversed range.
    public init(_ text: String) throws(SyntaxError) {
        if let named = Self.named.first(where: { $0.name == text }) {
            self = named.value
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "[") else { throw SyntaxError(text: text, reason: .unknownName) }
        guard bytes.count >= 2, bytes.last == UInt8(ascii: "]") else {
            throw SyntaxError(text: text, reason: .unclosedBracket)
        }
        let body = Array(bytes[1..<(bytes.count - 1)])
        guard !body.isEmpty else { throw SyntaxError(text: text, reason: .empty) }
        var ranges: [(UInt8, UInt8)] = []
        var i = 0
        while i < body.count {
            let first = body[i]
            guard first >= 0x20, first <= 0x7E, first != UInt8(ascii: "]"), first != UInt8(ascii: "[") else {
                throw SyntaxError(text: text, reason: .invalidCharacter)
            }
            if i + 2 < body.count, body[i + 1] == UInt8(ascii: "-") {
                let last = body[i + 2]
                guard last >= 0x20, last <= 0x7E, last != UInt8(ascii: "]"), last != UInt8(ascii: "[") else {
                    throw SyntaxError(text: text, reason: .invalidCharacter)
                }
                guard first <= last else { throw SyntaxError(text: text, reason: .reversedRange) }
                ranges.append((first, last))
                i += 3
            } else {
                ranges.append((first, first))
                i += 1
            }
        }
        self.init(ranges: ranges)
    }

    /// Whether the class is ``any``.
    public var isAny: Bool { bits == nil }

    /// Whether one character belongs to the class.
    ///
    /// For ``any``, two invisible scalars are accepted where they are part of what shows: a
    /// zero-width joiner (U+200D) between an emoji (with its variation selector or skin tone)
    /// and another emoji, where it joins them into one picture (👩‍👩‍👧), and the emoji
    /// presentation selector (U+FE0F) right after an emoji or a keycap base (❤️, 1️⃣).
    /// Everywhere else both are invisible.
    public func contains(_ character: Character) -> Bool {
        guard bits == nil else {
            // A loop, not `allSatisfy(contains)`: a partially applied method is a closure that
            // is allocated on every call.
            for scalar in character.unicodeScalars where !contains(scalar) { return false }
            return true
        }
        var previous: Unicode.Scalar?
        var iterator = character.unicodeScalars.makeIterator()
        var current = iterator.next()
        while let scalar = current {
            let next = iterator.next()
            if Self.isInvisible(scalar) {
                switch scalar.value {
                case DefaultIgnorable.zeroWidthJoiner:
                    guard let previous, let next,
                        Self.isPictograph(previous) || previous.value == DefaultIgnorable.emojiPresentation,
                        Self.isPictograph(next)
                    else { return false }
                case DefaultIgnorable.emojiPresentation:
                    guard let previous, DefaultIgnorable.takesEmojiPresentation(previous) else {
                        return false
                    }
                default: return false
                }
            }
            previous = scalar
            current = next
        }
        return true
    }

    /// Whether one Unicode scalar belongs to the class.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        guard let bits else { return !Self.isInvisible(scalar) }
        let v = scalar.value
        guard v < 128 else { return false }
        return v < 64 ? bits.low & (1 << UInt64(v)) != 0 : bits.high & (1 << UInt64(v - 64)) != 0
    }

    /// Whether every character of `self` also belongs to `other`.
    public func isSubset(of other: CharacterClass) -> Bool {
        guard let otherBits = other.bits else { return true }
        guard let bits else { return false }
        return bits.low & ~otherBits.low == 0 && bits.high & ~otherBits.high == 0
    }

    /// An emoji outside ASCII (the digits, `#` and `*` are emoji too, as keycap bases);
    /// skin-tone modifiers included.
    static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xA9 && scalar.properties.isEmoji
    }

    /// Control characters, line and paragraph separators, every format character (general
    /// category Cf) and every Default_Ignorable_Code_Point (``DefaultIgnorable``):
    /// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
    /// zero-width characters (U+200B–U+200D, U+2060, U+FEFF), the soft hyphen, tag characters
    /// (U+E0000–U+E007F), Hangul fillers (U+115F, U+3164, U+FFA0), the combining grapheme
    /// joiner (U+034F), variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF) and the
    /// Mongolian and Khmer invisibles (U+180B–U+180F, U+17B4, U+17B5). None of them shows, so
    /// each can make two values look alike or make text display as something other than what
    /// it is. Emoji tag sequences are refused with them; `contains(_:)` on a character accepts
    /// U+200D and U+FE0F where they are part of an emoji.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x20...0x7E: false
        default: scalar.properties.generalCategory == .format || DefaultIgnorable.contains(scalar)
        }
    }

    /// The class's name when it has one, else its bracket expression with merged ranges.
    public var description: String {
        if let named = Self.named.first(where: { $0.value == self }) { return named.name }
        guard let bits else { return "any" }
        func has(_ b: Int) -> Bool {
            b < 64 ? bits.low & (1 << UInt64(b)) != 0 : bits.high & (1 << UInt64(b - 64)) != 0
        }
        // A hyphen is written last, where it cannot read as a range.
        let hyphen = 0x2D
        var out = "["
        var byte = 0x20
        while byte < 128 {
            guard has(byte), byte != hyphen else {
                byte += 1
                continue
            }
            var end = byte
            while end + 1 < 128, end + 1 != hyphen, has(end + 1) { end += 1 }
            let first = Character(Unicode.Scalar(UInt8(byte)))
            let last = Character(Unicode.Scalar(UInt8(end)))
            switch end - byte {
            case 0: out.append(first)
            case 1: out += String([first, last])
            default: out += "\(first)-\(last)"
            }
            byte = end + 1
        }
        if has(hyphen) { out.append("-") }
        return out + "]"
    }

    /// Two classes are equal when they contain the same characters.
    public static func == (lhs: CharacterClass, rhs: CharacterClass) -> Bool {
        switch (lhs.bits, rhs.bits) {
        case (nil, nil): true
        case (let a?, let b?): a.low == b.low && a.high == b.high
        default: false
        }
    }

    /// Hashes the membership set.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bits?.low)
        hasher.combine(bits?.high)
    }

    /// Why a character-class text was refused.
    public struct SyntaxError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
        /// The text that was parsed.
        public let text: String
        /// What was wrong.
        public let reason: Reason

        /// Creates an error.
        public init(text: String, reason: Reason) {
            self.text = text
            self.reason = reason
        }

        /// The kinds of mistakes in a character-class text.
        public enum Reason: String, Sendable, Hashable, Codable {
            /// Neither a known name nor a bracket expression.
            case unknownName
            /// A `[` without its closing `]`.
            case unclosedBracket
            /// `[]`.
            case empty
            /// A character outside printable ASCII, or a bracket inside the brackets.
            case invalidCharacter
            /// A range whose first character comes after its last (`[z-a]`).
            case reversedRange
        }

        /// A sentence naming the mistake.
        public var description: String {
            switch reason {
            case .unknownName:
                "'\(text)' is not a character class; use one of any, ascii, alnum, alpha, digit, "
                    + "xdigit, lower, upper or a bracket expression such as [a-z0-9_-]"
            case .unclosedBracket: "the character class '\(text)' has no closing ']'"
            case .empty: "the character class '\(text)' is empty"
            case .invalidCharacter:
                "the character class '\(text)' contains a character outside printable ASCII or a bracket"
            case .reversedRange: "the character class '\(text)' has a range that runs backwards"
            }
        }
    }
}

extension CharacterClass: Codable {
    /// Decodes a class from its name or bracket expression.
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeString(CharacterClass.init)
    }

    /// Encodes the class as its ``description``.
    public func encode(to encoder: any Encoder) throws { try description.encode(to: encoder) }
}

extension CharacterClass.SyntaxError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(text, forKey: "text")
        try c.encode(reason, forKey: "reason")
    }
}
