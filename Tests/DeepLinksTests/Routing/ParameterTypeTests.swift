import DeepLinks
import Foundation
import Testing

@Suite("Parameter types: every type accepts exactly its values")
struct ParameterTypeTests {
    @Test("int accepts canonical decimals within the range")
    func integerAccepts() {
        let type = ParameterType.integer(-5...9999)
        #expect(type.validate("0") == .success(.integer(0)))
        #expect(type.validate("9999") == .success(.integer(9999)))
        #expect(type.validate("-5") == .success(.integer(-5)))
    }

    @Test(
        "int refuses non-canonical spellings instead of repairing them",
        arguments: ["007", "+7", "-0", "7 ", "1e3", "0x1F", "٣", "--1", "-", "1_000"])
    func integerRefusesNonCanonical(_ text: String) {
        #expect(ParameterType.integer(Int.min...Int.max).validate(text) == .failure(.notAnInteger))
    }

    @Test("int reports the range for values outside it, and for values that overflow Int")
    func integerOutOfRange() {
        let type = ParameterType.integer(0...9999)
        #expect(type.validate("10000") == .failure(.outOfRange(0...9999)))
        #expect(type.validate("-1") == .failure(.outOfRange(0...9999)))
        #expect(type.validate("99999999999999999999999") == .failure(.outOfRange(0...9999)))
        #expect(type.validate("") == .failure(.empty))
    }

    @Test("string checks length in characters, then the character class")
    func stringBounds() throws {
        let type = ParameterType.string(length: 2...4, characters: try CharacterClass("[a-z_]"))
        #expect(type.validate("ab") == .success(.string("ab")))
        #expect(type.validate("a") == .failure(.tooShort(minimum: 2)))
        #expect(type.validate("abcde") == .failure(.tooLong(maximum: 4)))
        #expect(type.validate("aB") == .failure(.characterNotAllowed("B")))
        #expect(type.validate("") == .failure(.empty))
        let café = ParameterType.string(length: 1...4, characters: .any)
        #expect(café.validate("café") == .success(.string("café")))
    }

    @Test("beyond ASCII, a bound is reported before a short value, and both before a refused character")
    func stringRuleOrderBeyondASCII() throws {
        let letters = ParameterType.string(length: 3...5, characters: try CharacterClass("[a-z]"))
        #expect(letters.validate("éa") == .failure(.tooShort(minimum: 3)))
        // A refused character early, a bound broken later: the bound is what is said.
        #expect(letters.validate("éabcde") == .failure(.tooLong(maximum: 5)))
        // The first refused character is named, not a later one.
        #expect(letters.validate("aÉbÀ") == .failure(.characterNotAllowed("É")))
        #expect(
            ParameterType.string(length: 3...5, characters: .any).validate("éabé")
                == .success(.string("éabé")))
        let marks = "e" + String(repeating: "\u{301}", count: 9)
        #expect(letters.validate("Éa" + marks) == .failure(.overloadedCharacter(maximum: 8)))
        let any = ParameterType.string(length: 1...8, characters: .any)
        #expect(any.validate("é\u{202E}\u{2066}") == .failure(.invisibleCharacter))
        #expect(
            any.validate("é\u{202E}" + String(repeating: "x", count: 8)) == .failure(.tooLong(maximum: 8)))
    }

    @Test("string with the any class refuses control, line-separator and bidi-override characters")
    func stringRefusesInvisibleCharacters() {
        let type = ParameterType.string(length: 1...64, characters: .any)
        for text in [
            "a\u{0}b", "a\nb", "a\u{7F}", "a\u{85}", "evil\u{202E}gpj.exe", "a\u{2028}b", "\u{2066}x",
        ] {
            #expect(type.validate(text) == .failure(.invisibleCharacter), "\(text.debugDescription)")
        }
        #expect(type.validate("emoji 👩‍👩‍👧") == .success(.string("emoji 👩‍👩‍👧")))
    }

    @Test("string with a minimum of zero accepts the empty value")
    func stringEmptyAllowed() {
        #expect(ParameterType.string(length: 0...3, characters: .any).validate("") == .success(.string("")))
    }

    @Test("slug accepts lower-case words joined by single hyphens")
    func slug() {
        let type = ParameterType.slug(length: 1...12)
        #expect(type.validate("summer-2024") == .success(.string("summer-2024")))
        #expect(type.validate("a") == .success(.string("a")))
        for text in ["Summer", "-a", "a-", "a--b", "a_b", "a b", "été"] {
            #expect(type.validate(text) == .failure(.notASlug), "\(text)")
        }
        #expect(type.validate("abcdefghijklm") == .failure(.tooLong(maximum: 12)))
        #expect(ParameterType.slug(length: 3...12).validate("ab") == .failure(.tooShort(minimum: 3)))
        #expect(type.validate("") == .failure(.empty))
    }

    @Test("uuid accepts the 8-4-4-4-12 form in either case and nothing else")
    func uuid() throws {
        let value = try #require(UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000"))
        #expect(ParameterType.uuid.validate("123e4567-e89b-12d3-a456-426614174000") == .success(.uuid(value)))
        #expect(ParameterType.uuid.validate("123E4567-E89B-12D3-A456-426614174000") == .success(.uuid(value)))
        for text in [
            "123e4567e89b12d3a456426614174000", "{123e4567-e89b-12d3-a456-426614174000}",
            "123e4567-e89b-12d3-a456-42661417400g", "123e4567-e89b-12d3-a456-4266141740000",
        ] {
            #expect(ParameterType.uuid.validate(text) == .failure(.notAUUID), "\(text)")
        }
    }

    @Test("bool accepts true, false, 1 and 0 only")
    func boolean() {
        #expect(ParameterType.boolean.validate("true") == .success(.boolean(true)))
        #expect(ParameterType.boolean.validate("1") == .success(.boolean(true)))
        #expect(ParameterType.boolean.validate("false") == .success(.boolean(false)))
        #expect(ParameterType.boolean.validate("0") == .success(.boolean(false)))
        for text in ["TRUE", "yes", "on", "2"] {
            #expect(ParameterType.boolean.validate(text) == .failure(.notABoolean), "\(text)")
        }
    }

    @Test("enum accepts its values; without case it reports the declared spelling")
    func enumeration() {
        let type = ParameterType.enumeration(["photo", "Video"])
        #expect(type.validate("photo") == .success(.string("photo")))
        #expect(type.validate("video") == .failure(.notAllowedValue(allowed: ["photo", "Video"])))
        #expect(type.validate("VIDEO", caseSensitive: false) == .success(.string("Video")))
    }

    @Test("a custom type validates through its registration and says what it expected")
    func customType() {
        let isbn = CustomParameterType(name: "isbn", expected: "a 13-digit ISBN") { text in
            text.count == 13 && text.allSatisfy(\.isNumber) ? .string(text) : nil
        }
        let registry = ParameterTypeRegistry([isbn])
        let type = ParameterType.custom("isbn")
        #expect(type.validate("9780262033848", registry: registry) == .success(.string("9780262033848")))
        #expect(
            type.validate("978026203384", registry: registry)
                == .failure(.refusedByCustomType(type: "isbn", expected: "a 13-digit ISBN")))
        #expect(type.validate("9780262033848") == .failure(.unknownType("isbn")))
    }
}

@Suite("Parameter type text: one syntax for Swift and JSON")
struct ParameterTypeTextTests {
    @Test(
        "text parses to the type and prints back the same text",
        arguments: [
            ("int", ParameterType.integer(Int.min...Int.max)),
            ("int 0...9999", .integer(0...9999)),
            ("int -5...5", .integer(-5...5)),
            ("string", .string(length: ParameterType.defaultStringLength, characters: .any)),
            ("string 1...64", .string(length: 1...64, characters: .any)),
            ("string alnum", .string(length: ParameterType.defaultStringLength, characters: .alphanumeric)),
            ("slug", .slug(length: ParameterType.defaultSlugLength)),
            ("slug 1...64", .slug(length: 1...64)),
            ("uuid", .uuid),
            ("bool", .boolean),
            ("enum photo|video", .enumeration(["photo", "video"])),
            ("isbn", .custom("isbn")),
        ] as [(String, ParameterType)])
    func roundTrip(_ text: String, _ type: ParameterType) throws {
        #expect(try ParameterType(parsing: text) == type)
        #expect(type.description == text)
    }

    @Test(
        "malformed type text is refused with the reason",
        arguments: [
            ("", ParameterTypeSyntaxError.Reason.empty),
            ("int 0..9", .invalidRange("0..9")),
            ("int a...b", .invalidRange("a...b")),
            ("int 9...1", .reversedRange("9...1")),
            ("uuid 36", .unexpectedArgument("36")),
            ("int 0...1 2...3", .unexpectedArgument("2...3")),
            ("enum", .emptyEnumeration),
            ("enum a||b", .invalidEnumerationValue("")),
            ("9lives", .invalidName("9lives")),
            ("string [z-a]", .characterClass(.init(text: "[z-a]", reason: .reversedRange))),
            ("string [a-z", .characterClass(.init(text: "[a-z", reason: .unclosedBracket))),
            ("string words", .characterClass(.init(text: "words", reason: .unknownName))),
            ("string []", .characterClass(.init(text: "[]", reason: .empty))),
        ] as [(String, ParameterTypeSyntaxError.Reason)])
    func refusals(_ text: String, _ reason: ParameterTypeSyntaxError.Reason) {
        #expect(throws: ParameterTypeSyntaxError(text: text, reason: reason)) {
            try ParameterType(parsing: text)
        }
    }

    @Test("a string type with a bracket class prints the class with sorted ranges")
    func bracketClassText() throws {
        let type = ParameterType.string(length: 1...8, characters: try CharacterClass("[A-Z0-9_]"))
        #expect(type.description == "string 1...8 [0-9A-Z_]")
        #expect(try ParameterType(parsing: "string 1...8 [0-9A-Z_]") == type)
    }

    @Test("a character class prints with merged ranges and a trailing hyphen")
    func characterClassDescription() throws {
        #expect(try CharacterClass("[-a-cx_]").description == "[_a-cx-]")
        #expect(try CharacterClass("[a-zA-Z0-9]").description == "alnum")
        #expect(try CharacterClass("[0-9a-fA-F]") == .hexDigits)
        #expect(try CharacterClass("[ab]").description == "[ab]")
        #expect(try CharacterClass(try CharacterClass("[-a-cx_]").description) == CharacterClass("[-a-cx_]"))
    }

    @Test("types encode to JSON as their text")
    func json() throws {
        let data = try JSONEncoder().encode([ParameterType.integer(0...9), .enumeration(["a", "b"])])
        #expect(String(decoding: data, as: UTF8.self) == #"["int 0...9","enum a|b"]"#)
        #expect(
            try JSONDecoder().decode([ParameterType].self, from: data) == [
                .integer(0...9), .enumeration(["a", "b"]),
            ])
    }
}
