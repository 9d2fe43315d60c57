import DeepLinks
import DeepLinksJSON
import Foundation
import TestSupport
import Testing

/// Every public `Decodable` type of the DeepLinks module, found by reading its sources, must
/// have a tampered encoding here that decoding refuses. A new `Codable` type that is not
/// listed fails the inventory test, so it cannot slip past without a check.
@Suite("Decoding never bypasses validation: every public Decodable type refuses a tampered encoding")
struct DecodableInventoryTests {
    /// One tampered encoding per type, by the name the type is declared with.
    static let tampered: [String: @Sendable () throws -> Any] = [
        "ActivityRoute": {
            try decode(ActivityRoute.self, #"{"activityType":"a.b","route":"r","hots":"x"}"#)
        },
        "AppClipDisplay": { try decode(SmartAppBanner.AppClipDisplay.self, #""banner""#) },
        "CaseSensitivity": { try decode(RoutingOptions.CaseSensitivity.self, #""bogus""#) },
        "CharacterClass": { try decode(CharacterClass.self, #""[z-a]""#) },
        "CustomScheme": { try decode(CustomScheme.self, #"{"name":"https"}"#) },
        "Diagnostic": {
            try decode(Diagnostic.self, #"{"code":"TABLE002","severity":"error","message":"m","where":"$"}"#)
        },
        "FragmentRule": { try decode(FragmentRule.self, "7") },
        "HostPattern": { try decode(HostPattern.self, #""evil.com/x""#) },
        "IncomingLink": {
            try decode(IncomingLink.self, #"{"url":"https://a.example","smartAppBanner":"x"}"#)
        },
        "JSONNumber": { try decode(JSONNumber.self, #""12""#) },
        // Any JSON is a JSON value; what it cannot be is text that is not JSON.
        "JSONValue": { try decode([String: JSONValue].self, #"{"a":[1,2,}"#) },
        "Key": { try decode(SmartAppBanner.Key.self, #""app-name""#) },
        "Kind": { try decode(UserInfoValue.Kind.self, #""float""#) },
        "Link": {
            try decode(
                Link.self,
                #"{"scheme":"https","host":"evil.com","rawPath":"/x","pathSegments":[{"raw":"x","decoded":"x"}],"queryItems":[],"original":"https://example.com/x"}"#
            )
        },
        "LinkLimits": { try decode(LinkLimits.self, #"{"maxLength":0}"#) },
        "LinkPolicy": { try decode(LinkPolicy.self, #"{"allowedHost":["shop.example.com"]}"#) },
        "LinkReceiver.Configuration": { try decode(LinkReceiver.Configuration.self, #"{"scheme":[]}"#) },
        "LinkSource": { try decode(LinkSource.self, #""email""#) },
        "ParameterLocation": { try decode(ParameterLocation.self, #""header""#) },
        "ParameterType": { try decode(ParameterType.self, #""int 9...1""#) },
        "ParameterValue": { try decode(ParameterValue.self, #"{"integer":1,"string":"x"}"#) },
        // Patterns and parameter declarations decode as text and are checked when the table is
        // built, which reports every problem at once; only a value that is not text is refused here.
        "PathPattern": { try decode(PathPattern.self, "7") },
        // A declaration's definition is checked with the table, like a path pattern; a
        // declaration without its type is refused here.
        "ParameterTypeDeclaration": { try decode(ParameterTypeDeclaration.self, #"{"name":"a"}"#) },
        "TextPattern": { try decode(TextPattern.self, #""tt.[0-9]""#) },
        "PathSegment": { try decode(PathSegment.self, #"{"raw":"a%20b","decoded":"evil"}"#) },
        "Precedence": { try decode(RoutingOptions.Precedence.self, #""bogus""#) },
        "QueryItem": {
            try decode(
                QueryItem.self, #"{"rawName":"a","rawValue":"b","name":"a","value":"evil","hasValue":true}"#)
        },
        "QueryItemPattern": { try decode(QueryItemPattern.self, #""utm_*x*""#) },
        "QueryParameter": { try decode(QueryParameter.self, "[]") },
        "Reason": { try decode(CharacterClass.SyntaxError.Reason.self, #""bogus""#) },
        "Route": { try decode(Route.self, #"{"name":"a","path":"/a","safty":"navigate"}"#) },
        "RouteParameters": { try decode(RouteParameters.self, #"{"a":{"integer":"x"}}"#) },
        "RouteSafety": { try decode(RouteSafety.self, #""harmless""#) },
        "RouteScope": { try decode(RouteScope.self, #"{"schemes":["https"],"hostz":[]}"#) },
        "RouteTable": { try decode(RouteTable.self, #"{"routez":[]}"#) },
        "RoutingOptions": { try decode(RoutingOptions.self, #"{"trailingSlash":"bogus"}"#) },
        "Rule": { try decode(LinkError.Rule.self, #""bogus""#) },
        "SchemeRegistry": { try decode(SchemeRegistry.self, #"[{"name":"myapp"},{"name":"myapp"}]"#) },
        "Severity": { try decode(Diagnostic.Severity.self, #""fatal""#) },
        "SmartAppBanner": {
            try decode(
                SmartAppBanner.self,
                #"{"appID":1,"appArgument":{"original":"https://example.com/a","host":"evil.com"}}"#)
        },
        "TrailingSlash": { try decode(RoutingOptions.TrailingSlash.self, #""bogus""#) },
        "UserActivity": {
            try decode(
                UserActivity.self,
                #"{"activityType":"NSUserActivityTypeBrowsingWeb","webpageURL":"javascript:alert(1)"}"#)
        },
        "UserInfo": {
            var value = #"{"string":"x"}"#
            for _ in 1..<17 { value = #"{"array":["# + value + "]}" }
            return try decode(UserInfo.self, #"{"key":"# + value + "}")
        },
        "UserInfoValue": { try decode(UserInfoValue.self, #"{"string":1}"#) },
    ]

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// The names of the public types the module's sources declare `Codable` or `Decodable`.
    static func declaredDecodableTypes() throws -> Set<String> {
        try DeclaredTypes.names(
            inModules: ["DeepLinks", "DeepLinksJSON"], conformingTo: ["Codable", "Decodable"])
    }

    @Test("every public Decodable type of DeepLinks and DeepLinksJSON has a tampered encoding listed here")
    func inventoryIsComplete() throws {
        let declared = try Self.declaredDecodableTypes()
        #expect(declared.count > 30)
        let unlisted = declared.subtracting(Self.tampered.keys).sorted()
        #expect(unlisted.isEmpty, "add a tampered encoding for: \(unlisted.joined(separator: ", "))")
        let stale = Set(Self.tampered.keys).subtracting(declared).sorted()
        #expect(stale.isEmpty, "no longer Decodable, remove: \(stale.joined(separator: ", "))")
    }

    @Test(
        "each tampered encoding is refused, with the checking initializer's own error",
        arguments: tampered.keys.sorted())
    func tamperedEncodingIsRefused(_ name: String) throws {
        let attempt = try #require(Self.tampered[name])
        #expect(throws: (any Error).self, "\(name) accepted a tampered encoding") { try attempt() }
    }

    @Test("decisions, matches and outcomes are Encodable only: no decoded value poses as the receiver's")
    func outcomesAreNotDecodable() {
        let types: [Any.Type] = [
            LinkDecision.self, LinkOutcome.self, RouteMatch.self, LinkRejection.self, SanitizedLink.self,
            LinkExplanation.self, RoutingFailure.self,
        ]
        for type in types { #expect((type as? any Decodable.Type) == nil, "\(type)") }
    }
}
