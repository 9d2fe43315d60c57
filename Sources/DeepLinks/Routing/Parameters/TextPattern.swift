/// The shape of a parameter value, written in a small pattern language and matched in one
/// pass over the value with no backtracking: the type behind ``ParameterType/pattern(_:)``.
///
/// | syntax | matches |
/// |---|---|
/// | `tt`, `-`, `\.` | the character itself; `\` makes any punctuation literal |
/// | `[A-Z0-9]`, `\d` | one character of the class (a bracket expression as in ``CharacterClass``); `\d` is `[0-9]` |
/// | `x?`, `x*`, `x+` | `x` at most once, any number of times, at least once |
/// | `x{4}`, `x{7,8}` | `x` exactly 4 times, 7 to 8 times |
/// | `(…)`, `a\|b` | a group, and a choice between alternatives |
///
/// A pattern matches the whole value (there are no anchors), case-sensitively, and only
/// printable ASCII: a value with any other character does not match. `.`, `^` and `$` have no
/// meaning and are refused (write `\.` for a dot); so are negated classes (`[^…]`).
///
/// ```swift
/// let title = try TextPattern("tt[0-9]{7,8}")
/// title.matches("tt0111161")      // true
/// title.matches("tt123")          // false
/// let locale = try TextPattern("[a-z]{2}(-[A-Z]{2})?")
/// locale.matches("pt-BR")         // true
/// ```
///
/// Cost: the pattern is compiled to a position automaton of at most ``maximumPositions``
/// character positions (a repetition counts its expansion: `[0-9]{7,8}` is 8), which is
/// simulated on a set of positions; each character of a value costs at most one pass over the
/// active positions, so matching is linear in the value's length, whatever the pattern or the
/// value (no input makes it backtrack). A longer pattern, a source longer than
/// ``maximumSourceLength`` or a repetition count over ``maximumPositions`` is refused.
public struct TextPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    let automaton: PositionAutomaton
    let tree: Node

    /// The most character positions a pattern may have once repetitions are expanded: 256.
    public static let maximumPositions = 256
    /// The longest pattern source read: 1,024 characters.
    public static let maximumSourceLength = 1024

    /// Parses and compiles a pattern.
    ///
    /// - Throws: ``TextPatternSyntaxError`` for an empty pattern, a character that is not
    ///   printable ASCII, a reserved or unbalanced character, an unknown escape, a malformed
    ///   class or repetition, or a pattern larger than the limits.
    public init(_ source: String) throws(TextPatternSyntaxError) {
        guard source.utf8.count <= Self.maximumSourceLength else {
            throw TextPatternSyntaxError(
                pattern: source, offset: Self.maximumSourceLength,
                reason: .tooLong(limit: Self.maximumSourceLength))
        }
        var parser = TextPatternParser(source: source)
        let tree = try parser.parse()
        let positions = tree.positionCount
        guard positions <= Self.maximumPositions else {
            throw TextPatternSyntaxError(
                pattern: source, offset: 0, reason: .tooManyPositions(limit: Self.maximumPositions))
        }
        self.source = source
        self.tree = tree
        automaton = PositionAutomaton(tree)
    }

    /// Whether the whole text has the pattern's shape.
    public func matches(_ text: String) -> Bool {
        var work = 0
        return automaton.matches(text, work: &work)
    }

    /// Whether some text that differs from `text` only in the case of ASCII letters matches.
    func matchesIgnoringCase(_ text: String) -> Bool {
        var work = 0
        return automaton.matches(text, ignoringCase: true, work: &work)
    }

    /// The pattern as written.
    public var description: String { source }

    /// Two patterns are equal when they are written the same way.
    public static func == (a: TextPattern, b: TextPattern) -> Bool { a.source == b.source }

    /// Hashes the source.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The fewest characters a matching text has.
    var minimumLength: Int { tree.minimumLength }

    /// The shortest text that matches (the first character of each class on a shortest path),
    /// for sample links.
    package var shortestMatch: String? { automaton.shortestMatch }

    /// The pattern as a run of single characters that every match starts with, one class
    /// per character, then, when matches go on past them in more than one way, the fewest
    /// characters they go on for (`nil` when every match is exactly the run).
    /// `tt[0-9]{7,8}` gives `t`, `t` and seven digit classes, then 0; `[a-z]{2}(-[A-Z]{2})?`
    /// gives two classes, then 0.
    package var leadingRun: (classes: [CharacterClass], restMinimum: Int?) {
        var classes: [CharacterClass] = []
        let parts = tree.parts
        for (i, part) in parts.enumerated() {
            if let fixed = part.fixedClasses {
                classes += fixed
                continue
            }
            var rest = parts[(i + 1)...].reduce(0) { $0 + $1.minimumLength }
            // A counted repetition starts with its mandatory copies.
            if case .repetition(let node, let minimum, _) = part, let one = node.fixedClasses {
                for _ in 0..<minimum { classes += one }
            } else {
                rest += part.minimumLength
            }
            return (classes, rest)
        }
        return (classes, nil)
    }
}

extension TextPattern: Codable {
    /// Decodes a pattern from its source.
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeString(TextPattern.init)
    }

    /// Encodes the pattern as its source.
    public func encode(to encoder: any Encoder) throws { try source.encode(to: encoder) }
}

/// Why a pattern was refused, and where.
///
/// ```swift
/// do {
///     _ = try TextPattern("tt[0-9]{8,7}")
/// } catch {
///     print(error)   // "the pattern 'tt[0-9]{8,7}' is invalid at character 8: the repetition {8,7} …"
/// }
/// ```
public struct TextPatternSyntaxError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The pattern that was parsed.
    public let pattern: String
    /// The offset, in UTF-8 bytes from 0, where the mistake was found.
    public let offset: Int
    /// What was wrong.
    public let reason: Reason

    /// Creates an error.
    public init(pattern: String, offset: Int, reason: Reason) {
        self.pattern = pattern
        self.offset = offset
        self.reason = reason
    }

    /// The kinds of mistakes in a pattern.
    public enum Reason: Sendable, Hashable, Encodable {
        /// The pattern, a group or an alternative is empty.
        case empty
        /// A character outside printable ASCII, or a space.
        case notPrintableASCII
        /// A character the language reserves (`.`, `^`, `$`, or a `]`, `}` or `)` that closes
        /// nothing).
        case reservedCharacter(String)
        /// `\` followed by a letter or digit other than `d`, or by nothing.
        case unknownEscape(String)
        /// A malformed bracket expression.
        case characterClass(CharacterClass.SyntaxError)
        /// A bracket expression starting with `^`: negated classes are not supported.
        case negatedClass
        /// A `(` without its `)`.
        case unclosedGroup
        /// A `?`, `*`, `+` or `{…}` with nothing before it to repeat, or right after another.
        case nothingToRepeat
        /// A `{…}` that is not `{n}` or `{n,m}` with decimal counts.
        case invalidRepetition(String)
        /// A `{n,m}` whose `n` exceeds its `m`, or whose `m` is 0.
        case emptyRepetition(String)
        /// A source longer than ``TextPattern/maximumSourceLength`` bytes.
        case tooLong(limit: Int)
        /// More character positions than ``TextPattern/maximumPositions`` once repetitions
        /// are expanded.
        case tooManyPositions(limit: Int)
    }

    /// A sentence naming the mistake and where it is.
    public var description: String {
        let what: String
        switch reason {
        case .empty: what = "it, or one of its groups or alternatives, is empty"
        case .notPrintableASCII:
            what =
                "only printable ASCII characters other than space can be written (use a class such as [ ] for a space)"
        case .reservedCharacter(let character):
            what =
                character == "."
                ? "'.' has no meaning here; write \\. for a dot, or a class such as [a-z]"
                : "'\(character)' has no meaning here; write \\\(character) for the character itself"
        case .unknownEscape(let escape):
            what = "'\(escape)' is not an escape; \\d is a digit and \\ before punctuation makes it literal"
        case .characterClass(let error): what = error.description
        case .negatedClass: what = "negated classes ([^…]) are not supported; list the characters allowed"
        case .unclosedGroup: what = "a '(' is never closed"
        case .nothingToRepeat: what = "a repetition (?, *, +, {…}) must follow a character, class or group"
        case .invalidRepetition(let text):
            what = "'\(text)' is not a repetition such as {4} or {7,8}"
        case .emptyRepetition(let text):
            what =
                "the repetition '\(text)' allows no count: its minimum exceeds its maximum, or its maximum is 0"
        case .tooLong(let limit): what = "it is longer than \(limit) characters"
        case .tooManyPositions(let limit):
            what =
                "it has more than \(limit) character positions once repetitions are expanded; "
                + "use shorter counts, or * and + for open lengths"
        }
        return "the pattern '\(pattern)' is invalid at character \(offset + 1): \(what)"
    }
}

extension TextPattern {
    /// A parsed pattern: characters from a class, sequences, choices and repetitions.
    indirect enum Node: Sendable {
        case character(CharacterClass)
        case sequence([Node])
        case choice([Node])
        /// `maximum` is `nil` for an open repetition (`*`, `+`).
        case repetition(Node, minimum: Int, maximum: Int?)

        /// The positions of the expanded automaton: `x{n,m}` has `m` copies of `x`; `x*`,
        /// `x+` and `x?` one. Saturates rather than overflowing.
        var positionCount: Int {
            switch self {
            case .character: return 1
            case .sequence(let nodes), .choice(let nodes):
                return nodes.reduce(0) { Self.saturatingAdd($0, $1.positionCount) }
            case .repetition(let node, let minimum, let maximum):
                let copies = maximum ?? max(minimum, 1)
                let (product, overflow) = node.positionCount.multipliedReportingOverflow(by: copies)
                return overflow ? Int.max : product
            }
        }

        var minimumLength: Int {
            switch self {
            case .character: return 1
            case .sequence(let nodes): return nodes.reduce(0) { Self.saturatingAdd($0, $1.minimumLength) }
            case .choice(let nodes): return nodes.map(\.minimumLength).min() ?? 0
            case .repetition(let node, let minimum, _):
                let (product, overflow) = node.minimumLength.multipliedReportingOverflow(by: minimum)
                return overflow ? Int.max : product
            }
        }

        /// The classes of a node that always matches the same number of characters, one per
        /// character in order (`tt[0-9]{4}` gives six), or `nil` when its length varies.
        var fixedClasses: [CharacterClass]? {
            switch self {
            case .character(let characters): return [characters]
            case .sequence(let nodes):
                var classes: [CharacterClass] = []
                for node in nodes {
                    guard let more = node.fixedClasses else { return nil }
                    classes += more
                }
                return classes
            case .choice: return nil
            case .repetition(let node, let minimum, let maximum):
                guard maximum == minimum, let one = node.fixedClasses else { return nil }
                return Array([[CharacterClass]](repeating: one, count: minimum).joined())
            }
        }

        /// The parts of a top-level sequence (the node itself when it is not one).
        var parts: [Node] {
            if case .sequence(let nodes) = self { return nodes }
            return [self]
        }

        private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max : sum
        }
    }
}

extension TextPatternSyntaxError.Reason {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        case .notPrintableASCII: _ = EnumCaseEncoder(encoder, "notPrintableASCII")
        case .reservedCharacter(let value):
            var values = EnumCaseEncoder(encoder, "reservedCharacter")
            try values("_0", value)
        case .unknownEscape(let value):
            var values = EnumCaseEncoder(encoder, "unknownEscape")
            try values("_0", value)
        case .characterClass(let value):
            var values = EnumCaseEncoder(encoder, "characterClass")
            try values("_0", value)
        case .negatedClass: _ = EnumCaseEncoder(encoder, "negatedClass")
        case .unclosedGroup: _ = EnumCaseEncoder(encoder, "unclosedGroup")
        case .nothingToRepeat: _ = EnumCaseEncoder(encoder, "nothingToRepeat")
        case .invalidRepetition(let value):
            var values = EnumCaseEncoder(encoder, "invalidRepetition")
            try values("_0", value)
        case .emptyRepetition(let value):
            var values = EnumCaseEncoder(encoder, "emptyRepetition")
            try values("_0", value)
        case .tooLong(let limit):
            var values = EnumCaseEncoder(encoder, "tooLong")
            try values("limit", limit)
        case .tooManyPositions(let limit):
            var values = EnumCaseEncoder(encoder, "tooManyPositions")
            try values("limit", limit)
        }
    }
}

extension TextPatternSyntaxError {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(pattern, forKey: "pattern")
        try c.encode(offset, forKey: "offset")
        try c.encode(reason, forKey: "reason")
    }
}
