import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

/// A JSON value already read becomes a typed value without being printed and parsed again
/// (the line protocol's activities, the demo's samples); it must decode exactly as the same
/// text does through `JSONDecoder`, and refuse with a sentence that names the place.
@Suite("JSON values decode to Codable types as their text does through JSONDecoder")
struct JSONValueDecodingTests {
    @Test(
        "incoming links of every kind, activities with every kind of userInfo value",
        arguments: [
            #"{"url": "https://example.com/a?b=c"}"#,
            #"{"smartAppBanner": "app-id=123, app-argument=shop://p/1"}"#,
            #"{"activity": {"activityType": "com.example.viewing", "webpageURL": "https://example.com/p/1"}}"#,
            #"""
            {"activity": {"activityType": "com.example.viewing", "isEligibleForHandoff": false,
              "requiredUserInfoKeys": ["t"], "targetContentIdentifier": "x", "persistentIdentifier": "y",
              "referrerURL": "https://ref.example/",
              "userInfo": {"t": {"integer": 754}, "d": {"double": 1.5}, "b": {"boolean": true},
                           "s": {"string": "é"}, "u": {"url": "https://example.com/"}, "w": {"date": 86400},
                           "x": {"data": "AAEC"}, "a": {"array": [{"integer": 1}, {"string": "2"}]},
                           "n": {"dictionary": {"k": {"integer": -3}}}, "i": {"integer": 1.0}}}}
            """#,
        ])
    func decodesAsJSONDecoder(json: String) throws {
        let value = try JSONValue(parsing: json)
        let expected = try JSONDecoder().decode(IncomingLink.self, from: Data(json.utf8))
        #expect(try value.decode(IncomingLink.self) == expected)
    }

    static func sentence(_ json: String) throws -> String? {
        do {
            _ = try JSONValue(parsing: json).decode(IncomingLink.self)
            return nil
        } catch let error as DecodingError {
            return error.sentence
        }
    }

    @Test(
        "refusals name the place and the problem",
        arguments: [
            (#"{"url": 5}"#, "at $.url: expected a string but found a number"),
            (#"{"url": null}"#, "at $.url: expected a string but found null"),
            (#"{"activity": {}}"#, "at $.activity: the key 'activityType' is missing"),
            (#"{"activity": []}"#, "at $.activity: expected an object but found an array"),
            (
                #"{"activity": {"activityType": "a.b", "userInfo": {"t": {"integer": 1.5}}}}"#,
                "at $.activity.userInfo.t.integer: the number 1.5 does not fit Int"
            ),
            (
                #"{"activity": {"activityType": "a.b", "userInfo": {"t": {"array": [{"integer": "1"}]}}}}"#,
                "at $.activity.userInfo.t.array[0].integer: expected a number but found a string"
            ),
            (
                #"{"activity": {"activityType": "a.b", "userInfo": {"t": {"data": "%%"}}}}"#,
                "at $.activity.userInfo.t.data: the data value is not Base64"
            ),
            (
                #"{"activity": {"activityType": "a.b", "isEligibleForHandoff": "yes"}}"#,
                "at $.activity.isEligibleForHandoff: expected a Boolean but found a string"
            ),
        ])
    func refusals(json: String, sentence: String) throws {
        #expect(try Self.sentence(json) == sentence)
    }

    @Test("an unknown key is refused by the type's own check, as under JSONDecoder")
    func unknownKey() throws {
        let json = #"{"activity": {"activityType": "a.b", "requiredUserInfoKey": ["k"]}}"#
        var expected: String?
        do {
            _ = try JSONDecoder().decode(IncomingLink.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            expected = error.sentence
        }
        #expect(try Self.sentence(json) == expected)
        #expect(
            expected?.hasPrefix("at $.activity: unknown key 'requiredUserInfoKey' in a user activity") == true
        )
    }

    @Test("numbers decode as each numeric type they fit exactly; Data and URL as JSONDecoder reads them")
    func numbersDataAndURL() throws {
        #expect(try JSONValue(parsing: "255").decode(UInt8.self) == 255)
        #expect(try JSONValue(parsing: "1e2").decode(Int16.self) == 100)
        #expect(try JSONValue(parsing: "-0.5").decode(Double.self) == -0.5)
        #expect(try JSONValue(parsing: "0.25").decode(Float.self) == 0.25)
        #expect(throws: DecodingError.self) { try JSONValue(parsing: "256").decode(UInt8.self) }
        #expect(throws: DecodingError.self) { try JSONValue(parsing: "1e400").decode(Double.self) }
        #expect(try JSONValue(parsing: #""AAEC""#).decode(Data.self) == Data([0, 1, 2]))
        #expect(
            try JSONValue(parsing: #""https://example.com/a""#).decode(URL.self)
                == URL(string: "https://example.com/a"))
        #expect(try JSONValue(parsing: #"[1, null, 3]"#).decode([Int?].self) == [1, nil, 3])
        #expect(try JSONValue(parsing: #"{"a": [true]}"#).decode([String: [Bool]].self) == ["a": [true]])
    }
}
