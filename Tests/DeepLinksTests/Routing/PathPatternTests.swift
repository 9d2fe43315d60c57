import DeepLinks
import Foundation
import Testing

@Suite("Path patterns: one text syntax for Swift and JSON")
struct PathPatternTests {
    /// Parses through the throwing initializer. `PathPattern("/x")` with a literal argument is
    /// the string-literal initializer (a literal is coerced, not passed), which never throws, so
    /// `try PathPattern("/x")` would not test the parser's errors and draws a compiler warning.
    static func parsed(_ text: String) throws(PatternSyntaxError) -> PathPattern {
        try PathPattern(text)
    }

    @Test("a pattern parses into literals, typed and untyped parameters and a catch-all")
    func segments() throws {
        let pattern = try Self.parsed("/albums/:album(slug)/photos/:index(int 0...9999)/:note/*rest")
        #expect(
            pattern.segments == [
                .literal("albums"),
                .parameter(name: "album", type: .slug(length: ParameterType.defaultSlugLength)),
                .literal("photos"), .parameter(name: "index", type: .integer(0...9999)),
                .parameter(name: "note", type: nil), .catchAll(name: "rest", type: nil),
            ])
        #expect(pattern.parameterNames == ["album", "index", "note", "rest"])
        #expect(pattern.endsWithCatchAll)
        #expect(!pattern.hasTrailingSlash)
    }

    @Test("the root is no segments; a trailing slash is recorded, not kept as a segment")
    func rootAndTrailingSlash() throws {
        #expect(try Self.parsed("/").segments == [])
        #expect(try Self.parsed("/").hasTrailingSlash == false)
        let albums = try Self.parsed("/albums/")
        #expect(albums.segments == [.literal("albums")])
        #expect(albums.hasTrailingSlash)
    }

    @Test("literals are written encoded and matched decoded; a leading colon is written %3A")
    func literalsDecode() throws {
        #expect(try Self.parsed("/caf%C3%A9").segments == [.literal("café")])
        #expect(try Self.parsed("/%3Aid/%2Astar").segments == [.literal(":id"), .literal("*star")])
        #expect(try Self.parsed("/a(b)/x@y").segments == [.literal("a(b)"), .literal("x@y")])
    }

    @Test("a type text may hold parentheses inside a bracket class")
    func bracketInsideParentheses() throws {
        let pattern = try Self.parsed("/code/:c(string 1...4 [()a-z])")
        #expect(
            pattern.segments == [
                .literal("code"),
                .parameter(
                    name: "c", type: .string(length: 1...4, characters: try CharacterClass("[()a-z]"))),
            ])
    }

    @Test(
        "malformed patterns are refused with the reason and the byte offset",
        arguments: [
            ("albums", 0, nil, PatternSyntaxError.Reason.missingLeadingSlash),
            ("", 0, nil, .missingLeadingSlash),
            ("/a//b", 3, nil, .emptySegment),
            ("/files/*rest/more", 12, nil, .catchAllNotLast),
            ("/files/*rest/", 12, nil, .catchAllNotLast),
            ("/a/:", 4, nil, .missingParameterName),
            ("/a/:(int)", 4, nil, .missingParameterName),
            ("/a/:9x", 4, nil, .invalidName("9x")),
            ("/a/:id-x", 6, "id", .invalidName("id-x")),
            ("/a/:id(int", 6, "id", .unclosedParenthesis),
            ("/a/:id(int)x", 11, "id", .textAfterParameter("x")),
            (
                "/a/:id(int 9...1)", 7, "id",
                .invalidType(.init(text: "int 9...1", reason: .reversedRange("9...1")))
            ),
            ("/a b", 2, nil, .invalidCharacter(" ")),
            ("/é", 1, nil, .invalidCharacter("é")),
            ("/%zz", 1, nil, .invalidPercentEscape),
            ("/%C3", 1, nil, .invalidPercentEscape),
            ("/a/..", 3, nil, .dotSegment),
            ("/%2e", 1, nil, .dotSegment),
        ] as [(String, Int, String?, PatternSyntaxError.Reason)])
    func refusals(_ text: String, _ offset: Int, _ parameter: String?, _ reason: PatternSyntaxError.Reason) {
        let expected = PatternSyntaxError(text: text, offset: offset, parameter: parameter, reason: reason)
        #expect(throws: expected) { try PathPattern(text) }
        let literal = PathPattern(parsing: text)
        #expect(literal.syntaxError == expected)
        #expect(literal.segments == [])
    }

    @Test(
        "a control character in a pattern or a route name is written as an escape in the sentence, never raw")
    func controlsShownAsEscapes() {
        #expect(
            PatternSyntaxError.Reason.invalidCharacter("\u{0}").sentence
                == #"the character '\0' cannot appear unencoded in a path segment"#)
        #expect(
            RouteTableFinding.invalidName(route: "a\u{1B}[31m").description
                == #"the route name 'a\u{1B}[31m' is empty or contains whitespace or control characters"#)
    }

    @Test("a pattern built from segments writes text that parses back to the same segments")
    func segmentsToText() throws {
        let segments: [PathPattern.Segment] = [
            .literal("café"), .literal(":x"), .parameter(name: "id", type: .integer(1...9)),
            .catchAll(name: "rest", type: .slug(length: 1...20)),
        ]
        let pattern = PathPattern(segments: segments)
        #expect(pattern.text == "/caf%C3%A9/%3Ax/:id(int 1...9)/*rest(slug 1...20)")
        #expect(try Array(PathPattern(pattern.text).segments) == segments)
        #expect(PathPattern(segments: []).text == "/")
        #expect(PathPattern(segments: [.literal("a")], trailingSlash: true).text == "/a/")
    }

    @Test("a pattern is its text in JSON, and a malformed one decodes to be reported later")
    func json() throws {
        let data = Data(#"["/a/:id(int)", "/a//b"]"#.utf8)
        let patterns = try JSONDecoder().decode([PathPattern].self, from: data)
        #expect(
            patterns[0].segments == [
                .literal("a"), .parameter(name: "id", type: .integer(Int.min...Int.max)),
            ])
        #expect(patterns[1].syntaxError?.reason == .emptySegment)
        #expect(
            String(decoding: try JSONEncoder().encode(patterns), as: UTF8.self)
                == #"["\/a\/:id(int)","\/a\/\/b"]"#)
    }
}

@Suite("Query and fragment declarations")
struct QueryDeclarationTests {
    @Test(
        "query text declares required, optional and defaulted parameters",
        arguments: [
            (
                "albumname(string 1...64)",
                QueryParameter.required("albumname", .string(length: 1...64, characters: .any))
            ),
            ("index(int 0...9999)?", .optional("index", .integer(0...9999))),
            ("index(int 0...9999)=0", .optional("index", .integer(0...9999), default: 0)),
            ("q", .required("q", nil)),
            ("q?", .optional("q", nil)),
            ("sort=name", .optional("sort", nil, default: "name")),
            ("filter[]", .required("filter[]", nil)),
        ])
    func parses(_ text: String, _ expected: QueryParameter) throws {
        #expect(try QueryParameter(text) == expected)
        #expect(expected.description == text)
    }

    @Test(
        "malformed query text is refused with the reason",
        arguments: [
            ("", 0, nil, PatternSyntaxError.Reason.empty),
            ("(int)", 0, nil, .missingParameterName),
            ("a b", 1, "a", .invalidName("a b")),
            ("x(int", 1, "x", .unclosedParenthesis),
            ("x(int)!", 6, "x", .textAfterParameter("!")),
            ("x(int 5...1)", 2, "x", .invalidType(.init(text: "int 5...1", reason: .reversedRange("5...1")))),
        ] as [(String, Int, String?, PatternSyntaxError.Reason)])
    func refusals(_ text: String, _ offset: Int, _ parameter: String?, _ reason: PatternSyntaxError.Reason) {
        #expect(throws: PatternSyntaxError(text: text, offset: offset, parameter: parameter, reason: reason))
        {
            try QueryParameter(text)
        }
    }

    @Test("fragment rules are any, none, or a parameter declaration")
    func fragmentRules() throws {
        #expect(FragmentRule(parsing: "any") == .any)
        #expect(FragmentRule(parsing: "none") == .none)
        #expect(
            FragmentRule(parsing: "section(slug)?")
                == .parameter(.optional("section", .slug(length: 1...128))))
        let data = try JSONEncoder().encode([FragmentRule.any, .none, "part(int 1...9)"])
        #expect(String(decoding: data, as: UTF8.self) == #"["any","none","part(int 1...9)"]"#)
    }
}
