import DeepLinks
import DeepLinksJSON
import Testing

/// The one JSON byte scanner under every JSON reader of the package: what it reads, what it
/// refuses, and the sentence and place each refusal is reported with.
@Suite("JSON text: every refusal names its problem and its place; strings and numbers read exactly")
struct JSONScannerTests {
    static func refusal(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONValue(parsing: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "each kind of malformed text, with its sentence, byte offset, line and column",
        arguments: [
            ("", "expected a value but found the end of the text", 0, 1, 1),
            ("[1,]", "expected a value but found ']'", 3, 1, 4),
            ("tru", "expected a value but found 't'", 0, 1, 1),
            ("[\u{7F}]", "expected a value but found byte 0x7F", 1, 1, 2),
            ("-", "malformed number", 0, 1, 1),
            ("[1.]", "malformed number", 1, 1, 2),
            ("\"abc", "unterminated string", 0, 1, 1),
            ("\"a\u{1}\"", "unescaped control character in a string", 2, 1, 3),
            (#""\"#, "unterminated escape in a string", 2, 1, 3),
            (#""\q""#, #"invalid escape '\q' in a string"#, 1, 1, 2),
            (#""\u12""#, #"truncated \u escape"#, 3, 1, 4),
            (#""\u12G4""#, #"invalid hexadecimal digit in a \u escape"#, 3, 1, 4),
            (#""\uDC00""#, #"lone low surrogate in a \u escape"#, 1, 1, 2),
            (#""\uD800x""#, #"lone high surrogate in a \u escape"#, 1, 1, 2),
            ("{1:2}", "expected a string key but found '1'", 1, 1, 2),
            ("{\n  \"a\" 1}", "expected ':' after a key but found '1'", 8, 2, 7),
            (#"{"a":1"#, "unterminated object: expected ',' or '}'", 6, 1, 7),
            (#"{"a":1 2}"#, "expected ',' or '}' in an object but found '2'", 7, 1, 8),
            ("[1", "unterminated array: expected ',' or ']'", 2, 1, 3),
            ("[1 2]", "expected ',' or ']' in an array but found '2'", 3, 1, 4),
            ("{} x", "unexpected text after the JSON value", 3, 1, 4),
            (
                #"{"a":1,"a":2}"#,
                #"the key "a" appears twice in one object (readers disagree on which value counts)"#,
                7, 1, 8
            ),
        ])
    func refusals(text: String, problem: String, offset: Int, line: Int, column: Int) {
        #expect(
            Self.refusal(Array(text.utf8))
                == JSONSyntaxError(problem: problem, offset: offset, line: line, column: column))
    }

    @Test("bytes that are not UTF-8 in a string are refused at its opening quote, after its escapes")
    func invalidUTF8() {
        #expect(
            Self.refusal([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
                == JSONSyntaxError(problem: "string is not valid UTF-8", offset: 1, line: 1, column: 2))
        // The broken escape comes first in reading order, so it is the one reported.
        #expect(
            Self.refusal([0x22, 0xC3, 0x28, 0x5C, 0x71, 0x22])
                == JSONSyntaxError(
                    problem: #"invalid escape '\q' in a string"#, offset: 3, line: 1, column: 4))
    }

    @Test("nesting: 256 levels are read, the 257th is refused where it opens")
    func nesting() throws {
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(Self.refusal(Array(deepest.utf8)) == nil)
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect(
            Self.refusal(Array(tooDeep.utf8))
                == JSONSyntaxError(
                    problem: "nesting is deeper than 256 levels", offset: 256, line: 1, column: 257))
    }

    @Test("strings: escapes, surrogate pairs and non-ASCII text resolve to the text they spell")
    func strings() throws {
        let cases: [(String, String)] = [
            (#""plain""#, "plain"),
            (#""a\/b\\c\"d\b\f\n\r\t""#, "a/b\\c\"d\u{8}\u{C}\n\r\t"),
            (#""caf\u00e9 \ud83d\ude00""#, "café 😀"),
            (#""café 😀""#, "café 😀"),
            (#""é\n\u0041""#, "é\nA"),
            (#""""#, ""),
        ]
        for (json, text) in cases {
            var scanner = JSONScanner(Array(json.utf8))
            let read = try scanner.readString()
            #expect(read == text, "\(json)")
            #expect(scanner.isAtEnd, "\(json)")
        }
    }

    @Test("keys without escapes are found as bytes; a key with an escape or a control character is not")
    func plainStrings() {
        var scanner = JSONScanner(Array(#""name": "n\u0061me""#.utf8))
        let name = scanner.readPlainString()
        #expect(name == 1..<5)
        #expect(scanner.index == 6)
        scanner.skipWhitespace()
        let colon = scanner.skip(UInt8(ascii: ":"))
        #expect(colon)
        scanner.skipWhitespace()
        let escaped = scanner.index
        let escapedName = scanner.readPlainString()
        #expect(escapedName == nil)
        #expect(scanner.index == escaped)
        var control = JSONScanner(Array("\"a\tb\"".utf8))
        let controlName = control.readPlainString()
        #expect(controlName == nil)
    }

    @Test(
        "integers: plain decimal integers that fit an Int are read; other numbers are read as not integers",
        arguments: [
            ("0", 0), ("12", 12), ("-3", -3), ("9223372036854775807", Int.max),
            ("-9223372036854775808", Int.min),
            ("-0", nil), ("1.0", nil), ("1e2", nil), ("9223372036854775808", nil),
            ("-9223372036854775809", nil),
        ] as [(String, Int?)])
    func integers(text: String, value: Int?) throws {
        var scanner = JSONScanner(Array(text.utf8))
        let read = try scanner.readInteger()
        #expect(read == value)
        #expect(scanner.isAtEnd)
    }

    @Test("a repeated value is found by its bytes, and text that only starts like it is not")
    func valuesByTheirBytes() {
        let json = Array(#"{"a": [1, "]"]} {"a": [1, "]"]} {"a": [1]}"#.utf8)
        var scanner = JSONScanner(json)
        let skipped = scanner.skipBalancedValue()
        #expect(skipped)
        let first = json[0..<scanner.index]
        #expect(String(decoding: first, as: UTF8.self) == #"{"a": [1, "]"]}"#)
        scanner.skipWhitespace()
        let second = scanner.skip(value: first)
        #expect(second)
        scanner.skipWhitespace()
        let third = scanner.index
        let thirdMatches = scanner.skip(value: first)
        #expect(!thirdMatches)
        #expect(scanner.index == third)
        var unclosed = JSONScanner(Array(#"{"a": "}"#.utf8))
        let unclosedSkipped = unclosed.skipBalancedValue()
        #expect(!unclosedSkipped)
    }
}
