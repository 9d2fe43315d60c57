import DeepLinks
import Foundation
import TestSupport
import Testing

/// The JSON of the module's values whose conformances name their keys by string instead of a
/// `CodingKeys` enumeration of their own: the very text (a `nil` value left out) the code before
/// wrote, synthesized or by hand, captured before it was replaced, and each text decoded back
/// where the type reads JSON. A key spelt wrong in either direction fails here.
@Suite struct DeepLinksKeyedCodingTests {
    static let receiver = try! LinkReceiver(
        table: RouteTable {
            Route("album", "/albums/:album(slug)", query: ["page(int 1...)?"])
            Route("delete", "/albums/:album(slug)/delete", safety: .destructive)
        },
        configuration: LinkReceiver.Configuration(
            policy: LinkPolicy(allowedHosts: ["example.com"]),
            schemes: try! SchemeRegistry([CustomScheme("albums")])))
    static let link = try! LinkGate().parse("https://example.com/albums/summer%202024?page=2&flag#top")

    static let encoded: [(String, any Encodable & Sendable, String)] = [
        (
            "Link", link,
            #"{"host":"example.com","original":"https://example.com/albums/summer%202024?page=2&flag#top","pathSegments":[{"decoded":"albums","raw":"albums"},{"decoded":"summer 2024","raw":"summer%202024"}],"queryItems":[{"hasValue":true,"name":"page","rawName":"page","rawValue":"2","value":"2"},{"hasValue":false,"name":"flag","rawName":"flag","rawValue":"","value":""}],"rawFragment":"top","rawPath":"/albums/summer%202024","rawQuery":"page=2&flag","scheme":"https"}"#
        ),
        (
            "PathSegment", PathSegment(raw: "summer%202024", decoded: "summer 2024"),
            #"{"decoded":"summer 2024","raw":"summer%202024"}"#
        ),
        (
            "QueryItem", QueryItem(rawName: "q", rawValue: "a%20b", name: "q", value: "a b", hasValue: true),
            #"{"hasValue":true,"name":"q","rawName":"q","rawValue":"a%20b","value":"a b"}"#
        ),
        (
            "LinkPolicy", LinkPolicy(allowedHosts: ["example.com", "*.example.org"]),
            #"{"allowedHosts":["example.com","*.example.org"],"allowedSchemes":["http","https"],"allowsEmptySegments":false,"allowsEncodedSeparators":false,"allowsIPLiterals":false,"customSchemeHostsAreDomains":false,"limits":{"maxFragmentLength":1024,"maxHostLength":253,"maxLength":4096,"maxPathSegments":32,"maxQueryItems":64,"maxQueryLength":2048,"maxSegmentLength":1024},"removedQueryItems":["utm_*","fbclid","gclid","gclsrc","dclid","gbraid","wbraid","msclkid","mc_cid","mc_eid","igshid","yclid","twclid","ttclid","li_fat_id","_ga","_gl","_hsenc","_hsmi","mkt_tok","oly_anon_id","oly_enc_id","vero_id","rb_clickid","s_cid","ref_src","token","access_token","refresh_token","id_token","oauth_token","oauth_verifier","password","passwd","pwd","secret","client_secret","api_key","apikey","auth","authorization","session","sessionid","session_id","sid","jwt"]}"#
        ),
        (
            "LinkLimits", LinkLimits(),
            #"{"maxFragmentLength":1024,"maxHostLength":253,"maxLength":4096,"maxPathSegments":32,"maxQueryItems":64,"maxQueryLength":2048,"maxSegmentLength":1024}"#
        ),
        ("CustomScheme", try! CustomScheme("albums"), #"{"name":"albums"}"#),
        (
            "CustomScheme with a domain",
            try! CustomScheme("albums", host: .domain(["example.com"]), confirmsEveryRoute: true),
            #"{"confirmsEveryRoute":true,"domains":["example.com"],"host":"domain","name":"albums"}"#
        ),
        (
            "ActivityRoute",
            ActivityRoute(
                activityType: "com.example.view", route: "album", scheme: "https", host: "example.com",
                userInfoKeys: ["album": "albumID"]),
            #"{"activityType":"com.example.view","host":"example.com","route":"album","scheme":"https","userInfoKeys":{"album":"albumID"}}"#
        ),
        (
            "ActivityRoute without options", ActivityRoute(activityType: "com.example.view", route: "album"),
            #"{"activityType":"com.example.view","route":"album"}"#
        ),
        (
            "UserActivity",
            try! UserActivity(
                activityType: "com.example.view", webpageURL: "https://example.com/albums/a",
                referrerURL: "https://example.org/", userInfo: ["album": .string("a")],
                requiredUserInfoKeys: ["album"], targetContentIdentifier: "a", persistentIdentifier: "p",
                isEligibleForHandoff: false),
            #"{"activityType":"com.example.view","isEligibleForHandoff":false,"persistentIdentifier":"p","referrerURL":"https://example.org/","requiredUserInfoKeys":["album"],"targetContentIdentifier":"a","userInfo":{"album":{"string":"a"}},"webpageURL":"https://example.com/albums/a"}"#
        ),
        (
            "UserActivity without options", try! UserActivity(activityType: "com.example.view"),
            #"{"activityType":"com.example.view","isEligibleForHandoff":true}"#
        ),
        (
            "SmartAppBanner",
            try! SmartAppBanner(
                appID: 123, appArgument: link, affiliateData: "at=1", appClipBundleID: "com.example.clip",
                appClipDisplay: .card),
            #"{"affiliateData":"at=1","appArgument":{"host":"example.com","original":"https://example.com/albums/summer%202024?page=2&flag#top","pathSegments":[{"decoded":"albums","raw":"albums"},{"decoded":"summer 2024","raw":"summer%202024"}],"queryItems":[{"hasValue":true,"name":"page","rawName":"page","rawValue":"2","value":"2"},{"hasValue":false,"name":"flag","rawName":"flag","rawValue":"","value":""}],"rawFragment":"top","rawPath":"/albums/summer%202024","rawQuery":"page=2&flag","scheme":"https"},"appClipBundleID":"com.example.clip","appClipDisplay":"card","appID":123}"#
        ),
        ("SmartAppBanner without options", try! SmartAppBanner(appID: 123), #"{"appID":123}"#),
        (
            "LinkReceiver.Configuration",
            LinkReceiver.Configuration(
                policy: LinkPolicy(allowedHosts: ["example.com"]),
                schemes: try! SchemeRegistry([CustomScheme("albums")]),
                activities: [ActivityRoute(activityType: "com.example.view", route: "album")]),
            #"{"activities":[{"activityType":"com.example.view","route":"album"}],"policy":{"allowedHosts":["example.com"],"allowedSchemes":["http","https"],"allowsEmptySegments":false,"allowsEncodedSeparators":false,"allowsIPLiterals":false,"customSchemeHostsAreDomains":false,"limits":{"maxFragmentLength":1024,"maxHostLength":253,"maxLength":4096,"maxPathSegments":32,"maxQueryItems":64,"maxQueryLength":2048,"maxSegmentLength":1024},"removedQueryItems":["utm_*","fbclid","gclid","gclsrc","dclid","gbraid","wbraid","msclkid","mc_cid","mc_eid","igshid","yclid","twclid","ttclid","li_fat_id","_ga","_gl","_hsenc","_hsmi","mkt_tok","oly_anon_id","oly_enc_id","vero_id","rb_clickid","s_cid","ref_src","token","access_token","refresh_token","id_token","oauth_token","oauth_verifier","password","passwd","pwd","secret","client_secret","api_key","apikey","auth","authorization","session","sessionid","session_id","sid","jwt"]},"schemes":[{"name":"albums"}]}"#
        ),
        (
            "Diagnostic", Diagnostic(code: "C1", severity: .warning, location: "routes[0]", message: "m"),
            #"{"code":"C1","location":"routes[0]","message":"m","severity":"warning"}"#
        ),
        (
            "Diagnostic without a location", Diagnostic(code: "C1", severity: .error, message: "m"),
            #"{"code":"C1","message":"m","severity":"error"}"#
        ),
        (
            "LinkDecision route", receiver.receive(url: "https://example.com/albums/summer?page=2"),
            #"{"outcome":{"match":{"canonicalLink":"https://example.com/albums/summer?page=2","link":{"host":"example.com","original":"https://example.com/albums/summer?page=2","pathSegments":[{"decoded":"albums","raw":"albums"},{"decoded":"summer","raw":"summer"}],"queryItems":[{"hasValue":true,"name":"page","rawName":"page","rawValue":"2","value":"2"}],"rawPath":"/albums/summer","rawQuery":"page=2","scheme":"https"},"parameters":{"album":{"string":"summer"},"page":{"integer":2}},"route":"album","safety":"navigate"},"outcome":"route"},"source":"universalLink"}"#
        ),
        (
            "LinkDecision confirm", receiver.receive(url: "https://example.com/albums/summer/delete"),
            #"{"outcome":{"match":{"canonicalLink":"https://example.com/albums/summer/delete","link":{"host":"example.com","original":"https://example.com/albums/summer/delete","pathSegments":[{"decoded":"albums","raw":"albums"},{"decoded":"summer","raw":"summer"},{"decoded":"delete","raw":"delete"}],"queryItems":[],"rawPath":"/albums/summer/delete","scheme":"https"},"parameters":{"album":{"string":"summer"}},"route":"delete","safety":"destructive"},"outcome":"confirm"},"source":"universalLink"}"#
        ),
        (
            "LinkDecision openInBrowser", receiver.receive(url: "https://example.com/nothing"),
            #"{"outcome":{"link":{"host":"example.com","original":"https://example.com/nothing","pathSegments":[{"decoded":"nothing","raw":"nothing"}],"queryItems":[],"rawPath":"/nothing","scheme":"https"},"outcome":"openInBrowser","reason":{"noMatchingRoute":{}}},"source":"universalLink"}"#
        ),
        (
            "LinkDecision reject", receiver.receive(url: "https://evil.example.net/albums/a"),
            #"{"outcome":{"outcome":"reject","rejection":{"malformed":{"_0":{"detail":"host 'evil.example.net'","position":8,"rule":"hostNotAllowed"}}}},"source":"universalLink"}"#
        ),
        (
            "LinkDecision custom scheme", receiver.receive(url: "albums://albums/summer"),
            #"{"outcome":{"match":{"canonicalLink":"albums://albums/summer","link":{"host":"albums","original":"albums://albums/summer","pathSegments":[{"decoded":"summer","raw":"summer"}],"queryItems":[],"rawPath":"/summer","scheme":"albums"},"parameters":{"album":{"string":"summer"}},"route":"album","safety":"navigate"},"outcome":"route"},"source":"customScheme"}"#
        ),
    ]

    @Test(arguments: encoded.indices)
    func encodesAsBefore(_ index: Int) throws {
        let (name, value, expected) = Self.encoded[index]
        #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        if let decodable = value as? any Codable {
            #expect(try PinnedJSON.rewritten(expected, as: decodable) == expected, "\(name) read back")
        }
    }
}
