import DeepLinks

/// The bytes of a JSON text (RFC 8259) read token by token: whitespace, punctuation, strings,
/// numbers and the literals `true`, `false` and `null`, each checked as the grammar says.
///
/// Every JSON reader of the package reads its bytes through this one scanner: ``JSONParser``,
/// which builds a ``JSONValue`` of any text, the route-table reader behind
/// ``RouteTable/init(json:)``, which builds a table straight from the bytes, and the scan for
/// repeated keys. They therefore agree on every string, escape, number and refusal; the
/// readers keep only their structure (which token may follow which, and what it builds).
///
/// A refusal is a ``Failure``: what was wrong and the offset of the byte that explains it,
/// turned into a ``JSONSyntaxError`` (with a line and a column) only when it is reported.
///
/// Cost: each method reads the bytes it moves past once, never looks back, and allocates at
/// most the text of the string it returns, so reading a whole text costs time linear in its
/// length. Reading is safe Swift over an array: every byte access is bounds-checked.
package struct JSONScanner {
    /// The text.
    package let bytes: [UInt8]
    /// The offset of the next byte to read; `bytes.count` at the end.
    ///
    /// A reader may move it past bytes it has checked itself (the repeated-key scan walks
    /// punctuation byte by byte).
    package var index = 0
    /// The text of a string being resolved, kept between strings so that its storage is
    /// allocated once.
    private var resolved: [UInt8] = []

    /// A scanner at the start of `bytes`.
    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Why the text is not JSON, and the offset of the byte that explains it.
    package struct Failure: Error, Equatable {
        /// What was wrong.
        package var problem: Problem
        /// The offset that explains it: see each ``Problem`` case.
        package var offset: Int

        /// A failure at `offset`.
        package init(_ problem: Problem, at offset: Int) {
            self.problem = problem
            self.offset = offset
        }
    }

    /// What is wrong with a text that is not JSON; the sentence of each is
    /// ``JSONSyntaxError/problem``.
    package enum Problem: Equatable {
        /// No value starts at the offset (the end of the text, or another byte).
        case expectedValue
        /// A number starts at the offset but is not one (`-`, `1.`, `1e`).
        case malformedNumber
        /// The string whose opening quote is at the offset has no closing quote.
        case unterminatedString
        /// The string whose opening quote is at the offset is not well-formed UTF-8.
        case stringNotUTF8
        /// A control character (below U+0020) is written raw, at the offset.
        case unescapedControlCharacter
        /// A broken escape (its offset as ``JSONEscape/Problem/offset`` says).
        case escape(JSONEscape.Problem.Kind)
        /// No key starts at the offset, where an object needs one.
        case expectedKey
        /// No `:` at the offset, after a key.
        case expectedColon
        /// An object is not closed when the text ends.
        case unterminatedObject
        /// Neither `,` nor `}` at the offset, after a member of an object.
        case expectedCommaOrBrace
        /// An array is not closed when the text ends.
        case unterminatedArray
        /// Neither `,` nor `]` at the offset, after an element of an array.
        case expectedCommaOrBracket
        /// Text follows the value, at the offset.
        case trailingText
        /// The value at the offset is nested deeper than the reader's limit (the limit).
        case tooDeep(limit: Int)
        /// The key at the offset appears a second time in its object (the key).
        case duplicateKey(String)
    }

    // MARK: Bytes and punctuation

    /// Whether every byte has been read.
    package var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or `nil` at the end.
    package var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past spaces, tabs, line feeds and carriage returns (the only whitespace of JSON).
    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Moves past `byte` when it is the next byte; whether it was.
    package mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Moves past `word` (a literal such as `true`) when the text continues with it; whether
    /// it does.
    package mutating func skip(_ word: some Collection<UInt8>) -> Bool {
        guard word.count <= bytes.count - index, bytes[index..<index + word.count].elementsEqual(word) else {
            return false
        }
        index += word.count
        return true
    }

    // MARK: Strings

    /// Reads the string whose opening quote is the next byte, escapes resolved, and moves past
    /// its closing quote.
    ///
    /// Refused: a raw control character, a broken escape or lone surrogate, bytes that are not
    /// well-formed UTF-8, and a string the text ends in. Problems are found in reading order,
    /// except that UTF-8 is checked at the closing quote. `allowsControlCharacters` keeps raw
    /// control characters instead, for the repeated-key scan, which must see the keys of any
    /// text a lenient decoder might read.
    package mutating func readString(allowsControlCharacters: Bool = false) throws(Failure) -> String {
        let start = index
        let text = start + 1
        var at = text
        // Whether every raw byte is ASCII, so that the text needs no UTF-8 check.
        var ascii = true
        // Whether an escape was met: from then on the text is built in `resolved`.
        var resolving = false
        while at < bytes.count {
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "\""):
                index = at + 1
                if !resolving {
                    return try Self.string(bytes[text..<at], ascii: ascii, quoteAt: start)
                }
                return try Self.string(resolved, ascii: ascii, quoteAt: start)
            case UInt8(ascii: "\\"):
                if !resolving {
                    resolved.removeAll(keepingCapacity: true)
                    resolved.append(contentsOf: bytes[text..<at])
                    resolving = true
                }
                do throws(JSONEscape.Problem) {
                    switch try JSONEscape.read(bytes, at: &at) {
                    case .byte(let byte): resolved.append(byte)
                    case .scalar(let scalar): UTF8.encode(scalar) { resolved.append($0) }
                    }
                } catch {
                    throw Failure(.escape(error.kind), at: error.offset)
                }
            case 0x00..<0x20 where !allowsControlCharacters:
                throw Failure(.unescapedControlCharacter, at: at)
            default:
                if byte >= 0x80 { ascii = false }
                if resolving { resolved.append(byte) }
                at += 1
            }
        }
        throw Failure(.unterminatedString, at: start)
    }

    /// The text of a string's bytes; escapes only ever add well-formed UTF-8, so bytes whose
    /// raw part is ASCII need no check.
    private static func string(_ text: some Collection<UInt8>, ascii: Bool, quoteAt start: Int)
        throws(Failure) -> String
    {
        if ascii { return String(decoding: text, as: UTF8.self) }
        guard let string = UTF8Text.decode(text) else { throw Failure(.stringNotUTF8, at: start) }
        return string
    }

    /// The offsets of the text of the string whose opening quote is the next byte, when it is
    /// written without escapes and control characters, and moves past its closing quote;
    /// `nil` otherwise, with ``index`` left at the opening quote.
    ///
    /// For a reader that compares a key with the names it knows without building a string; it
    /// reads the key with ``readString()`` when this gives `nil`. The bytes are not checked
    /// for UTF-8: a known name is ASCII, and no other text matches one.
    package mutating func readPlainString() -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var at = index + 1
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                let text = (index + 1)..<at
                index = at + 1
                return text
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
            at += 1
        }
        return nil
    }

    // MARK: Numbers

    /// Reads the number that starts at the next byte (RFC 8259 §6) and returns the offsets of
    /// its literal.
    package mutating func readNumber() throws(Failure) -> Range<Int> {
        let start = index
        guard JSONNumber.scan(bytes, from: &index) else { throw Failure(.malformedNumber, at: start) }
        return start..<index
    }

    /// Reads a number written as a plain decimal integer that fits an `Int` (`0`, `12`, `-3`);
    /// `nil` for any other number (a fraction, an exponent, `-0`, too large), with ``index``
    /// past the number all the same.
    package mutating func readInteger() throws(Failure) -> Int? {
        let literal = try readNumber()
        var at = literal.lowerBound
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        guard bytes[at] != UInt8(ascii: "0") || (at + 1 == literal.upperBound && !negative) else {
            return nil
        }
        return ASCII.decimalValue(bytes, at..<literal.upperBound, negative: negative)
    }

    // MARK: Whole values

    /// Moves past one value, checking only that its brackets pair up and its strings close;
    /// `false` (with ``index`` anywhere) when they do not.
    ///
    /// For a reader that looks a value up by its bytes before reading it (a repeated scope):
    /// it reads the value strictly the first time, so bytes equal to a value read before
    /// are a valid value.
    package mutating func skipBalancedValue() -> Bool {
        skipWhitespace()
        var depth = 0
        repeat {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return false }
                index += 1
            default:
                index += 1
            }
        } while depth > 0
        return true
    }

    /// Whether the text continues with `value` (the bytes of a value read before); moves past
    /// them when it does.
    package mutating func skip(value: ArraySlice<UInt8>) -> Bool {
        guard value.count <= bytes.count - index, bytes[index..<index + value.count] == value else {
            return false
        }
        index += value.count
        return true
    }
}

extension JSONSyntaxError {
    /// The error for `failure` in `bytes`: its sentence, and the line and column of its offset.
    ///
    /// Cost: one pass over the bytes before the offset, to count lines.
    package init(_ failure: JSONScanner.Failure, in bytes: [UInt8]) {
        let offset = min(max(failure.offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        self.init(
            problem: Self.sentence(failure.problem, found: Self.describe(bytes, at: offset)), offset: offset,
            line: line, column: offset - lineStart + 1)
    }

    /// The byte at `offset`, as a sentence names it.
    private static func describe(_ bytes: [UInt8], at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the text" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private static func sentence(_ problem: JSONScanner.Problem, found: String) -> String {
        switch problem {
        case .expectedValue: "expected a value but found \(found)"
        case .malformedNumber: "malformed number"
        case .unterminatedString: "unterminated string"
        case .stringNotUTF8: "string is not valid UTF-8"
        case .unescapedControlCharacter: "unescaped control character in a string"
        case .escape(.unterminated): "unterminated escape in a string"
        case .escape(.invalid(let byte)): "invalid escape '\\\(Character(Unicode.Scalar(byte)))' in a string"
        case .escape(.truncatedUnicode): "truncated \\u escape"
        case .escape(.invalidHexDigit): "invalid hexadecimal digit in a \\u escape"
        case .escape(.loneLowSurrogate): "lone low surrogate in a \\u escape"
        case .escape(.loneHighSurrogate): "lone high surrogate in a \\u escape"
        case .expectedKey: "expected a string key but found \(found)"
        case .expectedColon: "expected ':' after a key but found \(found)"
        case .unterminatedObject: "unterminated object: expected ',' or '}'"
        case .expectedCommaOrBrace: "expected ',' or '}' in an object but found \(found)"
        case .unterminatedArray: "unterminated array: expected ',' or ']'"
        case .expectedCommaOrBracket: "expected ',' or ']' in an array but found \(found)"
        case .trailingText: "unexpected text after the JSON value"
        case .tooDeep(let limit): "nesting is deeper than \(limit) levels"
        case .duplicateKey(let key):
            "the key \(key.debugDescription) appears twice in one object (readers disagree on which value counts)"
        }
    }
}
