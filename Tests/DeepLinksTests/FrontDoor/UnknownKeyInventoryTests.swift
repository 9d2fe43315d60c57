import DeepLinks
import Foundation
import Testing

/// Issue: `UserActivity`, `SmartAppBanner`, `Link` and `RouteParameters` decoded with unknown
/// keys, so a misspelt `requiredUserInfoKey` silently dropped the requirement and `webpageUrl`
/// beside `webpageURL` was ignored. Every public `Decodable` type of DeepLinks that is a JSON
/// object must now refuse a key it does not know; the others are listed as not objects.
@Suite("Hostile input: every keyed Decodable type refuses an unknown key")
struct UnknownKeyInventoryTests {
    /// A valid value of each keyed type, encoded, decoded back with one key added.
    static let keyed: [String: @Sendable () throws -> Void] = [
        "ActivityRoute": { try refuse(ActivityRoute(activityType: "a.b", route: "r")) },
        "CustomScheme": { try refuse(CustomScheme("myapp")) },
        "ParameterTypeDeclaration": {
            try refuse(ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}"))
        },
        "Diagnostic": { try refuse(Diagnostic(code: "TABLE001", severity: .error, message: "m")) },
        "Link": { try refuse(try LinkGate().parse("https://example.com/a?b=c")) },
        "PathSegment": { try refuse(try LinkGate().parse("https://example.com/a").pathSegments[0]) },
        "QueryItem": { try refuse(try LinkGate().parse("https://example.com/a?b=c").queryItems[0]) },
        "LinkLimits": { try refuse(LinkLimits()) },
        "LinkPolicy": { try refuse(LinkPolicy(allowedHosts: ["example.com"])) },
        "LinkReceiver.Configuration": { try refuse(LinkReceiver.Configuration(policy: LinkPolicy())) },
        "Route": { try refuse(Route("a", "/a")) },
        "RouteScope": { try refuse(RouteScope(schemes: ["https"])) },
        "RouteTable": { try refuse(RouteTable { Route("a", "/a") }) },
        "RoutingOptions": { try refuse(RoutingOptions()) },
        "SmartAppBanner": { try refuse(try SmartAppBanner(parsing: "app-id=1")) },
        "UserActivity": {
            try refuse(
                try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "https://example.com/a"))
        },
        // Objects whose keys are data (parameter names, userInfo keys) or that take exactly
        // one key: a key outside their rule is refused.
        "RouteParameters": {
            try expectRefused(RouteParameters.self, #"{"a b":{"integer":1}}"#, "is not a parameter name")
        },
        "ParameterValue": {
            try expectRefused(
                ParameterValue.self, #"{"integer":1,"unexpectedKey":1}"#, "exactly one of the keys")
        },
        "UserInfoValue": {
            try expectRefused(UserInfoValue.self, #"{"string":"x","unexpectedKey":1}"#, "exactly one")
        },
        "IncomingLink": {
            try expectRefused(IncomingLink.self, #"{"url":"https://example.com/a","unexpectedKey":1}"#, "")
        },
        "UserInfo": { try expectRefused(UserInfo.self, #"{"k":{"strin":"x"}}"#, "") },
        "SchemeRegistry": {
            try expectRefused(SchemeRegistry.self, #"[{"name":"myapp","unexpectedKey":1}]"#, "unknown key")
        },
    ]

    /// Types whose JSON is not an object (a string, a number, an array of such).
    static let notObjects: Set<String> = [
        "AppClipDisplay", "CaseSensitivity", "CharacterClass", "FragmentRule", "HostPattern", "JSONNumber",
        "JSONValue",
        "Key", "Kind",
        "LinkSource", "ParameterLocation", "ParameterType", "PathPattern", "Precedence", "QueryItemPattern",
        "QueryParameter", "Reason", "RouteSafety", "Rule", "Severity", "TextPattern", "TrailingSlash",
    ]

    static func refuse<T: Codable>(_ value: T) throws {
        let encoded = try JSONEncoder().encode(value)
        var text = String(decoding: encoded, as: UTF8.self)
        guard text.first == "{" else { throw Failure("\(T.self) does not encode as an object: \(text)") }
        text.insert(contentsOf: #""unexpectedKey":1,"#, at: text.index(after: text.startIndex))
        if text.hasSuffix(",}") { text = String(text.dropLast(2)) + "}" }
        _ = try JSONDecoder().decode(T.self, from: encoded)  // the value itself decodes
        try expectRefused(T.self, text, "unknown key 'unexpectedKey'")
    }

    static func expectRefused<T: Decodable>(_ type: T.Type, _ json: String, _ sentence: String) throws {
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        } catch {
            let text = (error as? DecodingError)?.sentence ?? "\(error)"
            guard sentence.isEmpty || text.contains(sentence) else {
                throw Failure("\(T.self): refused \(json), but with: \(text)")
            }
            return
        }
        throw Failure("\(T.self) accepted \(json)")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("every public Decodable type of DeepLinks is listed as keyed or as not an object")
    func inventoryIsComplete() throws {
        let declared = try DecodableInventoryTests.declaredDecodableTypes()
        let listed = Set(Self.keyed.keys).union(Self.notObjects)
        #expect(declared.subtracting(listed).sorted() == [])
        #expect(listed.subtracting(declared).sorted() == [])
        #expect(Set(Self.keyed.keys).isDisjoint(with: Self.notObjects))
    }

    @Test("each keyed type refuses a key it does not know, naming it", arguments: keyed.keys.sorted())
    func refusesUnknownKey(_ name: String) throws {
        let check = try #require(Self.keyed[name])
        try check()
    }

    @Test("the misspellings the issue found are refused: requiredUserInfoKey, webpageUrl")
    func namedMisspellings() throws {
        try Self.expectRefused(
            UserActivity.self, #"{"activityType":"a.b","requiredUserInfoKey":["k"]}"#,
            "unknown key 'requiredUserInfoKey' in a user activity")
        try Self.expectRefused(
            UserActivity.self,
            #"{"activityType":"NSUserActivityTypeBrowsingWeb","webpageURL":"https://example.com/a","webpageUrl":"https://evil.example/"}"#,
            "unknown key 'webpageUrl' in a user activity")
        try Self.expectRefused(
            SmartAppBanner.self, #"{"appID":1,"appArgumnet":"x"}"#, "unknown key 'appArgumnet'")
    }
}
