import Foundation
import Testing

@testable import AssociatedDomains

@Suite("Reading every shape of association file")
struct FileShapeTests {
    @Test("modern details with appIDs, components, defaults and substitution variables")
    func modernShape() throws {
        let file = try AssociationFile(
            parsing: """
                {"applinks": {
                   "defaults": {"caseSensitive": false},
                   "substitutionVariables": {"food": ["pizza", "sushi"]},
                   "details": [{
                     "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
                     "defaults": {"percentEncoded": false},
                     "components": [
                       {"#": "no_universal_links", "exclude": true, "comment": "opt out"},
                       {"/": "/help/*", "?": {"articleNumber": "????"}},
                       {"/": "/buy/*", "?": "a=1"}
                     ]}]}}
                """)
        let appLinks = try #require(file.appLinks)
        #expect(appLinks.defaults == AppLinksComponent(caseSensitive: false))
        #expect(appLinks.substitutionVariables == ["food": ["pizza", "sushi"]])
        let detail = try #require(appLinks.details?.first)
        #expect(detail.effectiveAppIDs == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
        #expect(detail.defaults == AppLinksComponent(percentEncoded: false))
        #expect(
            detail.components == [
                AppLinksComponent(fragment: "no_universal_links", exclude: true, comment: "opt out"),
                AppLinksComponent(path: "/help/*", query: .items(["articleNumber": "????"])),
                AppLinksComponent(path: "/buy/*", query: .whole("a=1")),
            ])
    }

    @Test("legacy details as an array of appID and paths")
    func legacyArray() throws {
        let file = try AssociationFile(
            parsing:
                #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.app","paths":["NOT /a/*","/*"]}]}}"#
        )
        #expect(file.appLinks?.apps == [])
        #expect(file.appLinks?.detailsStyle == .array)
        #expect(file.appLinks?.details?.first?.paths == ["NOT /a/*", "/*"])
        #expect(file.appLinks?.details?.first?.effectiveAppIDs == ["ABCDE12345.com.example.app"])
    }

    @Test("the oldest form: details as a dictionary keyed by App ID, read in ascending key order")
    func legacyDictionary() throws {
        let text =
            #"{"applinks":{"apps":[],"details":{"B1234567890.b":{"paths":["/b"]},"A1234567890.a":{"paths":["/a"]}}}}"#
        let file = try AssociationFile(parsing: text)
        #expect(file.appLinks?.detailsStyle == .dictionary)
        #expect(file.appLinks?.details?.map(\.appID) == ["A1234567890.a", "B1234567890.b"])
        #expect(
            file.serialized()
                == text.replacingOccurrences(
                    of: #"{"B1234567890.b":{"paths":["/b"]},"A1234567890.a":{"paths":["/a"]}}"#,
                    with: #"{"A1234567890.a":{"paths":["/a"]},"B1234567890.b":{"paths":["/b"]}}"#))
    }

    @Test("the three app-list services")
    func appListServices() throws {
        let file = try AssociationFile(
            parsing: """
                {"webcredentials": {"apps": ["ABCDE12345.com.example.app"]},
                 "appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]},
                 "activitycontinuation": {"apps": ["YWBN8XTPBJ.com.example.myApp"]}}
                """)
        #expect(file.webCredentials == AppList(apps: ["ABCDE12345.com.example.app"]))
        #expect(file.appClips == AppList(apps: ["ABCDE12345.com.example.app.Clip"]))
        #expect(file.activityContinuation == AppList(apps: ["YWBN8XTPBJ.com.example.myApp"]))
        #expect(file.appLinks == nil)
    }

    @Test("unknown keys and wrongly typed known keys survive a round trip at every level")
    func unknownKeysSurvive() throws {
        let text = """
            {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a","casesensitive":true,\
            "exclude":"yes","future":{"x":[1,2.50,null]}},42],"note":"n"}],"extra":true},\
            "webcredentials":{"apps":"ABCDE12345.com.example.app"},"x-top":[-0.5e3]}
            """
        let file = try AssociationFile(parsing: text)
        let component = try #require(file.appLinks?.details?.first?.components?.first)
        #expect(component.path == "/a")
        #expect(component.exclude == nil)
        #expect(component.additionalKeys["casesensitive"] == .bool(true))
        #expect(component.additionalKeys["exclude"] == .string("yes"))
        #expect(file.appLinks?.details?.first?.components?[1].unreadable == 42)
        #expect(file.webCredentials?.apps == nil)
        #expect(try JSONValue(parsing: file.serialized()) == JSONValue(parsing: text))
        #expect(file.serialized().contains("2.50"))
    }

    @Test("a non-string query value keeps the whole dictionary, typed as ignored")
    func nonStringQuery() throws {
        let file = try AssociationFile(
            parsing: #"{"applinks":{"details":[{"appID":"A.b","components":[{"?":{"a":"1","f":true}}]}]}}"#)
        #expect(
            file.appLinks?.details?.first?.components?.first?.query
                == .itemsWithNonStringValues(["a": "1", "f": true]))
    }

    @Test("a file that is not an object is refused with what it is")
    func notAnObject() {
        #expect(throws: AssociationFileError.notAnObject(found: "an array")) {
            try AssociationFile(parsing: "[]")
        }
    }

    @Test("invalid JSON is refused with a line and column")
    func invalidJSON() {
        do {
            _ = try AssociationFile(parsing: "{\n  \"applinks\": {,}\n}")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "the association file is not valid JSON: expected a string key but found ',' at line 2, column 16"
            )
        }
    }
}

@Suite("Deterministic serialisation")
struct SerializationTests {
    static let text =
        ##"{"zeta":1,"applinks":{"details":[{"components":[{"comment":"c","#":"f","?":{"b":"2","a":"1"},"/":"/p"}],"appIDs":["ABCDE12345.com.example.app"]}],"defaults":{"caseSensitive":false}},"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"##

    @Test("compact output puts services and known keys first in their usual order, the rest sorted")
    func compact() throws {
        let file = try AssociationFile(parsing: SerializationTests.text)
        #expect(
            file.serialized()
                == ##"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/p","?":{"a":"1","b":"2"},"#":"f","comment":"c"}]}]},"webcredentials":{"apps":["ABCDE12345.com.example.app"]},"zeta":1}"##
        )
    }

    @Test("pretty output indents by two spaces and is stable")
    func pretty() throws {
        let file = try AssociationFile(
            parsing: #"{"webcredentials":{"apps":["ABCDE12345.com.example.app"]},"applinks":{"details":[]}}"#)
        #expect(
            file.serialized(.pretty) == """
                {
                  "applinks": {
                    "details": []
                  },
                  "webcredentials": {
                    "apps": [
                      "ABCDE12345.com.example.app"
                    ]
                  }
                }
                """)
        #expect(
            try AssociationFile(parsing: file.serialized(.pretty)).serialized(.pretty)
                == file.serialized(.pretty))
    }

    @Test("serialising is independent of the order keys were read in")
    func orderIndependent() throws {
        let reordered =
            ##"{"webcredentials":{"apps":["ABCDE12345.com.example.app"]},"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/p","#":"f","?":{"a":"1","b":"2"},"comment":"c"}]}]},"zeta":1}"##
        #expect(
            try AssociationFile(parsing: reordered).serialized()
                == AssociationFile(parsing: SerializationTests.text).serialized())
    }

    @Test("strings escape quotes, backslashes and control characters only")
    func escaping() {
        let value: JSONValue = ["k": "a\"b\\c/d\u{1}é\n"]
        #expect(value.serialized() == #"{"k":"a\"b\\c/d\u0001é\n"}"#)
    }

    @Test("Codable round trip writes the file itself")
    func codable() throws {
        let file = try AssociationFile(parsing: SerializationTests.text)
        let encoded = try JSONValue(from: file)
        #expect(encoded == file.json)
    }
}

extension JSONValue {
    /// Encodes an `Encodable` through Foundation and reads the result back as a `JSONValue`.
    init(from value: some Encodable) throws {
        let data = try JSONEncoderForTests.encode(value)
        self = try JSONValue(parsing: data)
    }
}

enum JSONEncoderForTests {
    static func encode(_ value: some Encodable) throws -> [UInt8] { Array(try JSONEncoder().encode(value)) }
}

@Suite("Strict JSON reading")
struct JSONReadingTests {
    @Test(
        "malformed JSON is refused with the problem and its place",
        arguments: [
            ("{[]}", "expected a string key but found '[' at line 1, column 2"),
            ("{\"a\":1,}", "expected a string key but found '}' at line 1, column 8"),
            ("[1 2]", "expected ',' or ']' in an array but found '2' at line 1, column 4"),
            ("01", "unexpected text after the JSON value at line 1, column 2"),
            ("\"\\ud800\"", "lone high surrogate in a \\u escape at line 1, column 2"),
            ("\"a\u{1}\"", "unescaped control character in a string at line 1, column 3"),
            ("\"\\udc00\"", "lone low surrogate in a \\u escape at line 1, column 2"),
            ("\"ab\\ud800\\u0041\"", "lone high surrogate in a \\u escape at line 1, column 4"),
            ("\"\\ud800\\u00\"", "truncated \\u escape at line 1, column 10"),
            ("\"\\u12G4\"", "invalid hexadecimal digit in a \\u escape at line 1, column 4"),
            ("\"\\ud800\\uZ000\"", "invalid hexadecimal digit in a \\u escape at line 1, column 10"),
            ("\"\\u12", "truncated \\u escape at line 1, column 4"),
            ("\"a\\x\"", "invalid escape '\\x' in a string at line 1, column 3"),
            ("\"a\\\u{1}\"", "invalid escape '\\\u{1}' in a string at line 1, column 3"),
            ("\"a\\", "unterminated escape in a string at line 1, column 4"),
            ("\"abc", "unterminated string at line 1, column 1"),
            ("{\"a\":tru}", "expected a value but found 't' at line 1, column 6"),
            ("", "expected a value but found the end of the text at line 1, column 1"),
            ("{} x", "unexpected text after the JSON value at line 1, column 4"),
        ])
    func malformed(_ text: String, _ message: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
        #expect(error?.description == message)
    }

    @Test("nesting deeper than 256 levels is refused instead of exhausting the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONValue(parsing: text)
            Issue.record("expected an error")
        } catch {
            #expect(error.problem == "nesting is deeper than 256 levels")
        }
    }

    @Test("invalid UTF-8 inside a string is refused")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError(problem: "string is not valid UTF-8", offset: 0, line: 1, column: 1))
        {
            try JSONValue(parsing: [0x22, 0xC3, 0x28, 0x22])
        }
    }

    @Test("numbers keep their literal, escapes decode, surrogate pairs combine")
    func values() throws {
        #expect(
            try JSONValue(parsing: #"[1.50,-0,2e-3]"#)
                == .array([
                    .number(JSONNumber(literal: "1.50")!), .number(JSONNumber(literal: "-0")!),
                    .number(JSONNumber(literal: "2e-3")!),
                ]))
        #expect(try JSONValue(parsing: #""\u00e9\ud83d\ude00\/""#) == .string("é😀/"))
        #expect(JSONNumber(literal: "01") == nil)
        #expect(JSONNumber(literal: "1.") == nil)
    }

    @Test("a repeated key keeps its last value and is reported by the document")
    func duplicateKeys() throws {
        let document = try AssociationFileDocument(
            text: #"{"applinks":{"details":[],"details":[{"appID":"ABCDE12345.a.b","paths":["/x"]}]}}"#)
        #expect(Array(document.duplicateKeys) == ["$.applinks.details"])
        #expect(document.file.appLinks?.details?.count == 1)
    }
}

@Suite("CMS-signed files (iOS 8)")
struct SignedFileTests {
    @Test("the JSON is extracted from DER SignedData with attached content")
    func der() throws {
        let document = try AssociationFileDocument(bytes: SignedFixtures.der)
        #expect(document.isSigned)
        #expect(document.byteCount == SignedFixtures.der.count)
        let envelope = try #require(document.signedEnvelope)
        #expect(envelope.version == 1)
        #expect(envelope.contentType == CMSSignedData.dataType)
        #expect(envelope.certificateCount == 1)
        #expect(envelope.signerCount == 1)
        #expect(String(decoding: envelope.content, as: UTF8.self) == SignedFixtures.json)
        #expect(document.file.activityContinuation?.apps == ["YWBN8XTPBJ.com.example.myApp"])
    }

    @Test("streamed BER with indefinite lengths reads the same")
    func streamedBER() throws {
        let document = try AssociationFileDocument(bytes: SignedFixtures.streamedBER)
        #expect(
            String(decoding: try #require(document.signedEnvelope).content, as: UTF8.self)
                == SignedFixtures.json)
    }

    @Test("a detached signature carries no JSON and says so")
    func detached() {
        #expect(throws: AssociationFileError.unreadableSignedFile(.detachedContent)) {
            try AssociationFileDocument(bytes: SignedFixtures.detached)
        }
    }

    @Test("every truncation of a signed file is an error, never a crash")
    func truncations() {
        for length in stride(from: 2, to: SignedFixtures.der.count, by: 1) {
            let prefix = Array(SignedFixtures.der.prefix(length))
            #expect(throws: AssociationFileError.self) { try AssociationFileDocument(bytes: prefix) }
        }
    }

    @Test("another CMS content type is refused by name")
    func envelopedData() {
        // ContentInfo { envelopedData, [0] { SEQUENCE {} } } with a long-form length.
        let bytes: [UInt8] = [
            0x30, 0x81, 0x0F, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x03,
            0xA0, 0x02, 0x30, 0x00,
        ]
        #expect(
            throws: AssociationFileError.unreadableSignedFile(
                .notSignedData(contentType: "1.2.840.113549.1.7.3"))
        ) {
            try AssociationFileDocument(bytes: bytes)
        }
    }

    @Test("lengths past the end and over-long length fields are refused")
    func hostileLengths() {
        #expect(throws: AssociationFileError.unreadableSignedFile(.truncated(offset: 4))) {
            try AssociationFileDocument(bytes: [0x30, 0x82, 0xFF, 0xFF, 0x06])
        }
        #expect(throws: AssociationFileError.unreadableSignedFile(.invalidLength(offset: 1))) {
            try AssociationFileDocument(bytes: [0x30, 0x89, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        }
    }

    @Test("deeply nested indefinite lengths stop at the nesting limit")
    func deepNesting() {
        let bytes = [UInt8]([0x30, 0x80]) + Array(repeating: [0x30, 0x80], count: 5000).flatMap { $0 }
        #expect(throws: AssociationFileError.unreadableSignedFile(.nestingTooDeep)) {
            try AssociationFileDocument(bytes: bytes)
        }
    }
}
