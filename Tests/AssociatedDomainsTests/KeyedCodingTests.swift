import AssociatedDomains
import DeepLinks
import Foundation
import TestSupport
import Testing

/// The JSON of the module's values whose conformances name their keys by string instead of a
/// `CodingKeys` enumeration of their own: the very text (a `nil` value left out) the code before
/// wrote, synthesized or by hand, captured before it was replaced, and each text decoded back.
/// A key spelt wrong in either direction fails here.
@Suite struct AssociatedDomainsKeyedCodingTests {
    static func decoded<Value: Decodable>(_ type: Value.Type, _ json: String) -> Value {
        try! JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }

    static let samples: [(String, any Codable & Sendable, String)] = [
        (
            "AndroidAppTarget",
            decoded(
                AndroidAppTarget.self,
                #"{"packageName":"com.example.app","fingerprints":["AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB"]}"#
            ),
            #"{"fingerprints":["AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB:AB"],"packageName":"com.example.app"}"#
        ),
        (
            "DynamicAppLinkComponent",
            DynamicAppLinkComponent(
                path: "/a/*", query: ["x": "1"], fragment: "f", exclude: true, comments: "c"),
            ##"{"#":"f","/":"/a/*","?":{"x":"1"},"comments":"c","exclude":true}"##
        ),
        ("DynamicAppLinkComponent without values", DynamicAppLinkComponent(), #"{}"#),
        (
            "AssociationURL",
            AssociationURL(
                scheme: "https", host: "example.com", rawPath: "/a", rawQuery: "b=1", rawFragment: "c"),
            #"{"host":"example.com","rawFragment":"c","rawPath":"/a","rawQuery":"b=1","scheme":"https"}"#
        ),
        (
            "AssociationURL without options",
            AssociationURL(scheme: "https", host: nil, rawPath: "/a", rawQuery: nil, rawFragment: nil),
            #"{"rawPath":"/a","scheme":"https"}"#
        ),
        (
            "AssociationMatchRequest",
            AssociationMatchRequest(
                id: .string("1"), aasa: .object(["applinks": .object([:])]), domain: "example.com",
                appId: "ABCDE12345.com.example.app", url: "https://example.com/a"),
            #"{"aasa":{"applinks":{}},"appId":"ABCDE12345.com.example.app","domain":"example.com","id":"1","url":"https://example.com/a"}"#
        ),
        (
            "AssociationMatchRequest without an id",
            AssociationMatchRequest(
                aasa: .object([:]), domain: "example.com", appId: "ABCDE12345.com.example.app",
                url: "https://example.com/a"),
            #"{"aasa":{},"appId":"ABCDE12345.com.example.app","domain":"example.com","url":"https://example.com/a"}"#
        ),
        (
            "AssociatedDomain", try! AssociatedDomain("applinks:*.example.com?mode=developer+managed"),
            #"{"domain":"example.com","isWildcard":true,"modes":3,"service":"applinks"}"#
        ),
        (
            "AssociatedDomain plain", try! AssociatedDomain("webcredentials:example.com"),
            #"{"domain":"example.com","isWildcard":false,"modes":0,"service":"webcredentials"}"#
        ),
        (
            "AssociatedDomainsEntitlement",
            try! AssociatedDomainsEntitlement(["applinks:example.com", "activitycontinuation:example.com"]),
            #"{"entries":[{"domain":"example.com","isWildcard":false,"modes":0,"service":"applinks"},{"domain":"example.com","isWildcard":false,"modes":0,"service":"activitycontinuation"}]}"#
        ),
        (
            "TapContext",
            TapContext(
                origin: .webPage(host: "example.org"), hostsKeptInSafari: ["example.com"],
                isDeveloperModeEnabled: true, isManaged: true),
            #"{"hostsKeptInSafari":["example.com"],"isDeveloperModeEnabled":true,"isManaged":true,"origin":{"webPage":{"host":"example.org"}}}"#
        ),
        (
            "TapContext from the address bar", TapContext(origin: .addressBar),
            #"{"hostsKeptInSafari":[],"isDeveloperModeEnabled":false,"isManaged":false,"origin":{"addressBar":{}}}"#
        ),
        (
            "TapContext in a web view", TapContext(origin: .webView),
            #"{"hostsKeptInSafari":[],"isDeveloperModeEnabled":false,"isManaged":false,"origin":{"webView":{}}}"#
        ),
        (
            "TapContext from the same app", TapContext(origin: .sameApp),
            #"{"hostsKeptInSafari":[],"isDeveloperModeEnabled":false,"isManaged":false,"origin":{"sameApp":{}}}"#
        ),
        (
            "TapContext default", TapContext(),
            #"{"hostsKeptInSafari":[],"isDeveloperModeEnabled":false,"isManaged":false,"origin":{"otherApp":{}}}"#
        ),
    ]

    @Test(arguments: samples.indices)
    func encodesAsBefore(_ index: Int) throws {
        let (name, value, expected) = Self.samples[index]
        #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        let again = try PinnedJSON.rewritten(expected, as: value)
        #expect(again == expected, "\(name) read back: \(again)")
    }

    @Test("a match request without an id reads as one without an id, and an explicit null as null")
    func requestIDIsKeptAsGiven() throws {
        let fields =
            #""aasa":{},"appId":"ABCDE12345.com.example.app","domain":"example.com","url":"https://example.com/a""#
        let absent = try JSONDecoder().decode(AssociationMatchRequest.self, from: Data("{\(fields)}".utf8))
        #expect(absent.id == nil)
        let null = try JSONDecoder().decode(
            AssociationMatchRequest.self, from: Data("{\"id\":null,\(fields)}".utf8))
        #expect(null.id == JSONValue.null)
    }
}
