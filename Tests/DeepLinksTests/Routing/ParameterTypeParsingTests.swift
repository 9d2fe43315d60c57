import DeepLinks
import Testing

/// Type texts are read byte by byte when they are ASCII; these corners pin that the reading
/// keeps the answers of the character-by-character one (signs, open and malformed ranges,
/// extra spaces, bracket tokens, enumeration values).
@Suite("Parameter type text: the corners of splitting, ranges and enumerations")
struct ParameterTypeParsingTests {
    @Test(
        "corner texts parse to the type",
        arguments: [
            ("int +1...5", ParameterType.integer(1...5)),
            ("int 1...", .integer(1...Int.max)),
            ("int ...0", .integer(Int.min...0)),
            ("int -9223372036854775808...9223372036854775807", .integer(Int.min...Int.max)),
            ("int 007...8", .integer(7...8)),
            ("  int   1...5  ", .integer(1...5)),
            ("slug", .slug(length: ParameterType.defaultSlugLength)),
            ("string 2...3 [a-z ]", .string(length: 2...3, characters: try! CharacterClass("[a-z ]"))),
            ("enum a|b-c|d_e", .enumeration(["a", "b-c", "d_e"])),
            ("my.type-1", .custom("my.type-1")),
        ] as [(String, ParameterType)])
    func corners(_ text: String, _ type: ParameterType) throws {
        #expect(try ParameterType(parsing: text) == type)
    }

    @Test(
        "corner texts are refused with the reason",
        arguments: [
            ("int ...", ParameterTypeSyntaxError.Reason.invalidRange("...")),
            ("int -...5", .invalidRange("-...5")),
            ("int 1....5", .invalidRange("1....5")),
            ("int 99999999999999999999...1", .invalidRange("99999999999999999999...1")),
            ("slug 1...", .invalidRange("1...")),
            ("slug abc", .invalidRange("abc")),
            ("string 1...8 [a-z]x", .unexpectedArgument("x")),
            ("enum a|b|(c)", .invalidEnumerationValue("(c)")),
            ("enum a|", .invalidEnumerationValue("")),
            ("foo$ [abc", .characterClass(.init(text: "[abc", reason: .unclosedBracket))),
            ("foo$", .invalidName("foo$")),
            ("   ", .empty),
        ] as [(String, ParameterTypeSyntaxError.Reason)])
    func cornerRefusals(_ text: String, _ reason: ParameterTypeSyntaxError.Reason) {
        #expect(throws: ParameterTypeSyntaxError(text: text, reason: reason)) {
            try ParameterType(parsing: text)
        }
    }

    @Test("a non-ASCII text is read character by character, with the same kind of answers")
    func nonASCII() throws {
        #expect(try ParameterType(parsing: "enum café|thé") == .enumeration(["café", "thé"]))
        #expect(throws: ParameterTypeSyntaxError(text: "int 1…5", reason: .invalidRange("1…5"))) {
            try ParameterType(parsing: "int 1…5")
        }
    }
}
