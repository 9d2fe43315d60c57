import DeepLinks
import Foundation
import Testing

@Suite("Decoding errors read as one sentence with the JSON path")
struct DecodingErrorSentenceTests {
    private func sentence<Value: Decodable>(_ type: Value.Type, _ json: String) -> String? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch {
            return (error as? DecodingError)?.sentence
        }
    }

    @Test("a refusal of the top-level object is its own sentence, not 'the data is not valid JSON' (pitfall)")
    func rootLevelRefusal() {
        #expect(
            sentence(LinkPolicy.self, #"{"allowedHost": ["example.com"]}"#)
                == "unknown key 'allowedHost' in a link policy; allowed keys are allowedHosts, allowedSchemes, "
                + "allowsEmptySegments, allowsEncodedSeparators, allowsIPLiterals, customSchemeHostsAreDomains, "
                + "limits, removedQueryItems")
    }

    @Test("malformed JSON says so, with the parser's reason where Foundation gives one")
    func malformedJSON() throws {
        let text = try #require(sentence(LinkPolicy.self, #"{"limits": }"#))
        #expect(text == "the data is not valid JSON" || text.hasPrefix("the data is not valid JSON: "))
    }

    @Test("a nested refusal names its path")
    func nestedRefusal() {
        #expect(
            sentence(LinkPolicy.self, #"{"limits": {"maxLength": 0}}"#)
                == "at $.limits.maxLength: maxLength must be at least 1, not 0")
        #expect(
            sentence(LinkPolicy.self, #"{"removedQueryItems": ["utm_*", "a b"]}"#)
                == "at $.removedQueryItems[1]: 'a b' is not a query item pattern: write a name (fbclid) "
                + "or a prefix (utm_*)")
    }

    @Test("a missing key names the object it is missing from, at the top level too")
    func missingKey() {
        #expect(
            sentence(ActivityRoute.self, #"{"route": "photo"}"#) == "at $: the key 'activityType' is missing")
        #expect(
            sentence(LinkReceiver.Configuration.self, #"{"activities": [{"activityType": "a.b"}]}"#)
                == "at $.activities[0]: the key 'route' is missing")
    }

    @Test("a type mismatch names its path and what was expected")
    func typeMismatch() throws {
        let text = try #require(sentence(LinkPolicy.self, #"{"allowsIPLiterals": "yes"}"#))
        #expect(text.hasPrefix("at $.allowsIPLiterals: "))
        #expect(text.contains("Bool"))
    }

    @Test("a tagged value with two kinds names the allowed keys")
    func taggedValue() {
        #expect(
            sentence(RouteParameters.self, #"{"id": {"integer": 3, "string": "3"}}"#)
                == "at $.id: a parameter value is an object with exactly one of the keys integer, string, uuid, "
                + "boolean, segments")
    }

    @Test("a tagged value with an unknown second key is refused, not decoded with the key ignored (pitfall)")
    func taggedValueWithUnknownKey() {
        #expect(
            sentence(RouteParameters.self, #"{"id": {"integer": 3, "comment": "x"}}"#)
                == "at $.id: a parameter value is an object with exactly one of the keys integer, string, uuid, "
                + "boolean, segments")
        #expect(
            sentence(UserInfo.self, #"{"index": {"integer": 3, "note": 1}}"#)
                == "at $.index: a userInfo value is an object with exactly one of the keys string, integer, "
                + "double, boolean, url, date, data, array, dictionary")
        #expect(
            sentence(IncomingLink.self, #"{"url": "https://example.com/a", "source": "mail"}"#)
                == "an incoming link is an object with exactly one of the keys url, activity, smartAppBanner")
        #expect(sentence(IncomingLink.self, #"{"url": "https://example.com/a"}"#) == nil)
    }
}
