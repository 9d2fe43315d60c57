/// One token of Swift source, as ``SourceLexer`` reads it: enough for ``SourceScanner`` to find
/// declarations, not a full Swift grammar.
public struct SourceToken: Sendable, Hashable {
    /// What kind of token it is.
    public enum Kind: Sendable, Hashable {
        /// A word: an identifier, a keyword, a number, or a backticked name (text without the
        /// backticks; ``SourceToken/isBackticked`` says it had them).
        case word
        /// A string literal: its text is the literal's content when the literal has no escape and
        /// no interpolation, and `nil` otherwise.
        case string(String?)
        /// One character of punctuation or an operator (`{`, `:`, `?`, `.`, …).
        case punctuation
        /// `#if`, `#elseif`, `#else` or `#endif`: text is the directive's word.
        case directive
    }

    /// What kind of token it is.
    public let kind: Kind
    /// The token's text (for a string literal, `"`).
    public let text: String
    /// The 1-based line the token starts on.
    public let line: Int
    /// Whether a line break comes between this token and the one before it.
    public let startsLine: Bool
    /// Whether the word was written in backticks.
    public let isBackticked: Bool

    /// Whether the token is the word `word` (not backticked).
    func isWord(_ word: String) -> Bool { kind == .word && !isBackticked && text == word }
    /// Whether the token is the punctuation `character`.
    func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }
}

/// Splits Swift source into ``SourceToken``s, reading past comments (nested block comments
/// included) and string literals (single-line, multi-line, raw, with interpolations holding
/// further strings).
///
/// Cost: one pass over the bytes, each byte examined a bounded number of times, so time and
/// memory are linear in the source's length. There is no recursion: interpolations nest on an
/// explicit stack, so no source, however deeply nested, can exhaust the call stack. Source that
/// is not valid Swift (an unterminated string or comment, a stray backtick) still reads to its
/// end: an unterminated single-line string ends at its line, an unterminated comment or
/// multi-line string at the end of the file.
public enum SourceLexer {
    /// The tokens of `source`.
    public static func tokens(of source: String) -> [SourceToken] {
        var lexer = Lexer(bytes: Array(source.utf8))
        lexer.run()
        return lexer.tokens
    }
}

private struct Lexer {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var tokens: [SourceToken] = []
    /// Whether a line break has been read since the last token.
    var lineBreak = true

    /// What the lexer is inside: code (at the top, or an interpolation's code with its count of
    /// open parentheses), or a string literal waiting for its closing delimiter.
    enum Mode {
        case code(parentheses: Int)
        case string(hashes: Int, multiline: Bool, plain: Bool, start: Int)
    }
    var modes: [Mode] = [.code(parentheses: 0)]

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    mutating func emit(_ kind: SourceToken.Kind, _ text: String, backticked: Bool = false, line: Int? = nil) {
        tokens.append(
            SourceToken(
                kind: kind, text: text, line: line ?? self.line, startsLine: lineBreak,
                isBackticked: backticked))
        lineBreak = false
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    mutating func run() {
        while index < bytes.count {
            switch modes[modes.count - 1] {
            case .code(let parentheses): code(parentheses: parentheses)
            case .string(let hashes, let multiline, _, _): string(hashes: hashes, multiline: multiline)
            }
        }
    }

    /// Reads one token (or a run of blank space or a comment) of code.
    // One function: one switch over the first byte, each case reading its token to its end; a
    // function per case would pass the lexer's position and stacks back and forth for nothing.
    mutating func code(parentheses: Int) {
        guard let first = byte() else { return }
        switch first {
        case 0x0A:
            line += 1
            lineBreak = true
            index += 1
        case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
            index += 1
        case 0x2F where byte(1) == 0x2F:  // a line comment
            while let next = byte(), next != 0x0A { index += 1 }
        case 0x2F where byte(1) == 0x2A:  // a block comment, nested ones included
            index += 2
            var depth = 1
            while depth > 0, let next = byte() {
                if next == 0x2F, byte(1) == 0x2A {
                    depth += 1
                    index += 2
                } else if next == 0x2A, byte(1) == 0x2F {
                    depth -= 1
                    index += 2
                } else {
                    if next == 0x0A {
                        line += 1
                        lineBreak = true
                    }
                    index += 1
                }
            }
        case 0x22:  // a string literal
            openString(hashes: 0)
        case 0x23:  // `#`: a raw string, a directive, or punctuation
            var hashes = 0
            while byte(hashes) == 0x23 { hashes += 1 }
            if byte(hashes) == 0x22 {
                index += hashes
                openString(hashes: hashes)
            } else if hashes == 1, let next = byte(1), Self.isWordByte(next) {
                index += 1
                let word = readWord()
                if ["if", "elseif", "else", "endif"].contains(word) {
                    emit(.directive, word)
                } else {
                    emit(.word, "#" + word)
                }
            } else {
                emit(.punctuation, "#")
                index += 1
            }
        case 0x60:  // a backticked name
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != 0x60, bytes[end] != 0x0A { end += 1 }
            if end < bytes.count, bytes[end] == 0x60, end > start {
                emit(.word, String(decoding: bytes[start..<end], as: UTF8.self), backticked: true)
                index = end + 1
            } else {
                emit(.punctuation, "`")
                index += 1
            }
        case 0x28:
            emit(.punctuation, "(")
            index += 1
            modes[modes.count - 1] = .code(parentheses: parentheses + 1)
        case 0x29:
            index += 1
            if modes.count > 1, parentheses == 0 {
                modes.removeLast()  // the end of an interpolation: back to its string
            } else {
                emit(.punctuation, ")")
                modes[modes.count - 1] = .code(parentheses: max(0, parentheses - 1))
            }
        default:
            if Self.isWordByte(first) {
                emit(.word, readWord())
            } else {
                emit(.punctuation, String(UnicodeScalar(first)))
                index += 1
            }
        }
    }

    mutating func readWord() -> String {
        let start = index
        while let next = byte(), Self.isWordByte(next) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// At a string's opening quote (after any `#`s): pushes the string.
    mutating func openString(hashes: Int) {
        let multiline = byte(1) == 0x22 && byte(2) == 0x22
        emit(.string(nil), "\"")
        index += multiline ? 3 : 1
        modes.append(.string(hashes: hashes, multiline: multiline, plain: true, start: index))
    }

    /// Reads a string's content up to its closing delimiter or to an interpolation.
    mutating func string(hashes: Int, multiline: Bool) {
        guard case .string(_, _, var plain, let start) = modes[modes.count - 1] else { return }
        while let next = byte() {
            if next == 0x0A {
                if !multiline {  // an unterminated single-line string ends at its line
                    modes.removeLast()
                    return
                }
                line += 1
            }
            if next == 0x22, !multiline || (byte(1) == 0x22 && byte(2) == 0x22) {
                let quotes = multiline ? 3 : 1
                var closing = 0
                while closing < hashes, byte(quotes + closing) == 0x23 { closing += 1 }
                if closing == hashes {
                    let content = String(decoding: bytes[start..<index], as: UTF8.self)
                    index += quotes + hashes
                    modes.removeLast()
                    finishString(content: plain && !multiline ? content : nil)
                    return
                }
            }
            if next == 0x5C {  // a backslash, then as many `#`s as the string's delimiter
                var count = 0
                while count < hashes, byte(1 + count) == 0x23 { count += 1 }
                if count == hashes {
                    plain = false
                    index += 1 + hashes
                    if byte() == 0x28 {  // an interpolation: its code, until its `)`
                        index += 1
                        modes[modes.count - 1] = .string(
                            hashes: hashes, multiline: multiline, plain: false, start: start)
                        modes.append(.code(parentheses: 0))
                        return
                    }
                    if let escaped = byte(), escaped != 0x0A { index += 1 }
                    continue
                }
            }
            index += 1
        }
        modes.removeLast()  // the end of the file inside a string
    }

    /// Records a closed literal's content on its token, when it has no escape or interpolation.
    mutating func finishString(content: String?) {
        guard let content, let last = tokens.indices.last, tokens[last].text == "\"",
            case .string(nil) = tokens[last].kind
        else { return }
        let token = tokens[last]
        tokens[last] = SourceToken(
            kind: .string(content), text: token.text, line: token.line, startsLine: token.startsLine,
            isBackticked: false)
    }
}
