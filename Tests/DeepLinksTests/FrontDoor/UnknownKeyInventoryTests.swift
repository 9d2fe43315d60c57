import DeepLinks
import Foundation
import TestSupport
import Testing

/// Issue: `UserActivity`, `SmartAppBanner`, `Link` and `RouteParameters` decoded with unknown
/// keys, so a misspelt `requiredUserInfoKey` silently dropped the requirement and `webpageUrl`
/// beside `webpageURL` was ignored. Every public `Decodable` type of DeepLinks that is a JSON
/// object must now refuse a key it does not know; the others are listed as not objects.
@Suite("Hostile input: every keyed Decodable type refuses an unknown key")
struct UnknownKeyInventoryTests {
    /// A valid value of each keyed type, encoded, decoded back with one key added.
    static let keyed: [String: @Sendable () throws -> Void] = [
        "ActivityRoute": { try UnknownKeys.refuse(ActivityRoute(activityType: "a.b", route: "r")) },
        "CustomScheme": { try UnknownKeys.refuse(CustomScheme("myapp")) },
        "ParameterTypeDeclaration": {
            try UnknownKeys.refuse(ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}"))
        },
        "Diagnostic": {
            try UnknownKeys.refuse(Diagnostic(code: "TABLE001", severity: .error, message: "m"))
        },
        "Link": { try UnknownKeys.refuse(try LinkGate().parse("https://example.com/a?b=c")) },
        "PathSegment": {
            try UnknownKeys.refuse(try LinkGate().parse("https://example.com/a").pathSegments[0])
        },
        "QueryItem": {
            try UnknownKeys.refuse(try LinkGate().parse("https://example.com/a?b=c").queryItems[0])
        },
        "LinkLimits": { try UnknownKeys.refuse(LinkLimits()) },
        "LinkPolicy": { try UnknownKeys.refuse(LinkPolicy(allowedHosts: ["example.com"])) },
        "LinkReceiver.Configuration": {
            try UnknownKeys.refuse(LinkReceiver.Configuration(policy: LinkPolicy()))
        },
        "Route": { try UnknownKeys.refuse(Route("a", "/a")) },
        "RouteScope": { try UnknownKeys.refuse(RouteScope(schemes: ["https"])) },
        "RouteTable": { try UnknownKeys.refuse(RouteTable { Route("a", "/a") }) },
        "RoutingOptions": { try UnknownKeys.refuse(RoutingOptions()) },
        "SmartAppBanner": { try UnknownKeys.refuse(try SmartAppBanner(parsing: "app-id=1")) },
        "UserActivity": {
            try UnknownKeys.refuse(
                try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "https://example.com/a"))
        },
        // Objects whose keys are data (parameter names, userInfo keys) or that take exactly
        // one key: a key outside their rule is refused.
        "RouteParameters": {
            try UnknownKeys.expectRefused(
                RouteParameters.self, #"{"a b":{"integer":1}}"#, "is not a parameter name")
        },
        "ParameterValue": {
            try UnknownKeys.expectRefused(
                ParameterValue.self, #"{"integer":1,"unexpectedKey":1}"#, "exactly one of the keys")
        },
        "UserInfoValue": {
            try UnknownKeys.expectRefused(
                UserInfoValue.self, #"{"string":"x","unexpectedKey":1}"#, "exactly one")
        },
        "IncomingLink": {
            try UnknownKeys.expectRefused(
                IncomingLink.self, #"{"url":"https://example.com/a","unexpectedKey":1}"#, "")
        },
        "UserInfo": { try UnknownKeys.expectRefused(UserInfo.self, #"{"k":{"strin":"x"}}"#, "") },
        "SchemeRegistry": {
            try UnknownKeys.expectRefused(
                SchemeRegistry.self, #"[{"name":"myapp","unexpectedKey":1}]"#, "unknown key")
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

    @Test("every public Decodable type of DeepLinks and DeepLinksJSON is listed as keyed or as not an object")
    func inventoryIsComplete() throws {
        let problems = try DeclaredTypes.differences(
            inModules: ["DeepLinks", "DeepLinksJSON"], conformingTo: ["Codable", "Decodable"],
            listed: Set(Self.keyed.keys).union(Self.notObjects))
        #expect(problems == [])
        #expect(Set(Self.keyed.keys).isDisjoint(with: Self.notObjects))
    }

    @Test("each keyed type refuses a key it does not know, naming it", arguments: keyed.keys.sorted())
    func refusesUnknownKey(_ name: String) throws {
        let check = try #require(Self.keyed[name])
        try check()
    }

    @Test("the misspellings the issue found are refused: requiredUserInfoKey, webpageUrl")
    func namedMisspellings() throws {
        try UnknownKeys.expectRefused(
            UserActivity.self, #"{"activityType":"a.b","requiredUserInfoKey":["k"]}"#,
            "unknown key 'requiredUserInfoKey' in a user activity")
        try UnknownKeys.expectRefused(
            UserActivity.self,
            #"{"activityType":"NSUserActivityTypeBrowsingWeb","webpageURL":"https://example.com/a","webpageUrl":"https://evil.example/"}"#,
            "unknown key 'webpageUrl' in a user activity")
        try UnknownKeys.expectRefused(
            SmartAppBanner.self, #"{"appID":1,"appArgumnet":"x"}"#, "unknown key 'appArgumnet'")
    }
}
