import Foundation
import Testing

@testable import DeepLinks

/// The router matches a link's own scheme, host, segments, query items and fragment,
/// normalised as the matching rules say (an empty path, a trailing slash, a custom scheme's
/// host as the first segment, letter case). It reads them where the link (or the caller of
/// the parts-based look-up) keeps them; these tests pin that every read answers what the
/// link's own accessors answer, for links with and without a host, a fragment, custom
/// schemes and case-insensitive tables, through both ways an input is made.
@Suite("The router matches a link's own parts, normalised as the matching rules say")
struct MatchedPartsTests {
    static let texts = [
        "https://shop.example.com/albums/Summer%202024?index=3#Top",
        "https://music.example.com/a/b/",
        "https://example.com/",
        "https://example.com",
        "https://example.com/x#",
        "https://example.com/%C3%A9t%C3%A9/UPPER?q=1&q=2&flag",
        "https://example.com/shared/0f8fad5b-d9cb-469f-a165-70867728950e/",
        "myapp://settings/Profile/0f8fad5b-d9cb-469f-a165-70867728950e",
        "myapp://a-host-name-longer-than-fifteen-bytes.example/Page/",
        "myapp:///settings/x",
        "myapp://h",
        "myapp://h/#frag",
    ]

    static let options: [RoutingOptions] = [
        RoutingOptions(),
        RoutingOptions(trailingSlash: .significant),
        RoutingOptions(caseSensitivity: .insensitive),
        RoutingOptions(trailingSlash: .significant, caseSensitivity: .insensitive),
    ]

    static func parse(_ text: String) throws -> Link {
        try LinkGate(policy: Link.decodingPolicy(for: text)).parse(text)
    }

    /// The segments the router matches, written out from the link's public parts.
    static func expectedSegments(_ link: Link, _ options: RoutingOptions) -> [String] {
        var segments = link.pathSegments.map(\.decoded)
        if segments == [""] {
            segments = []
        } else if segments.count > 1, segments.last == "", options.trailingSlash == .ignored {
            segments.removeLast()
        }
        if !link.isWeb, let host = link.host { segments.insert(host, at: 0) }
        return segments
    }

    /// Checks every read of an input against the link it was made from.
    static func check(_ input: MatchInput, _ link: Link, _ options: RoutingOptions) {
        let segments = expectedSegments(link, options)
        #expect(input.scheme == link.scheme)
        #expect(input.host == link.host)
        #expect(input.isWeb == link.isWeb)
        #expect(input.fragment == link.fragment.flatMap { $0.isEmpty ? nil : $0 })
        #expect(input.count == segments.count)
        #expect((0..<input.count).map { input[$0] } == segments)
        let keys = options.caseSensitivity == .insensitive ? segments.map { $0.lowercased() } : segments
        #expect((0..<input.count).map { i in input.withKey(i) { $0 } } == keys)
        #expect(input.suffix(from: 0) == segments)
        if link.host != nil { #expect(input.hostText == link.host) }
        #expect(input.queryItems.map(\.name) == link.queryItems.map(\.name))
        #expect(input.queryItems.map(\.value) == link.queryItems.map(\.value))
    }

    @Test("a link's input reads what the link's accessors read", arguments: texts)
    func linkInputs(text: String) throws {
        let link = try Self.parse(text)
        for options in Self.options {
            Self.check(MatchInput(link: link, options: options), link, options)
        }
    }

    @Test("parts given as strings read what the link they came from reads", arguments: texts)
    func partsInputs(text: String) throws {
        let link = try Self.parse(text)
        for options in Self.options {
            let input = MatchInput(
                scheme: link.scheme, host: link.host, pathSegments: link.pathSegments.map(\.decoded),
                queryItems: link.queryItems, fragment: link.fragment, options: options)
            Self.check(input, link, options)
        }
    }

    /// An input of parts made from strings that exist only inside this function.
    static func inputOutlivingItsParts() -> MatchInput {
        let host = String(repeating: "shop.", count: 4) + "example.com"
        let segments = ["albums", String(repeating: "0f8fad5b-", count: 4)]
        return MatchInput(
            scheme: "https", host: host, pathSegments: segments,
            queryItems: [QueryItem(rawName: "q", rawValue: "x", name: "q", value: "x", hasValue: true)],
            fragment: "Top", options: RoutingOptions())
    }

    @Test("an input of parts holds them: it reads them exactly after the call that gave them is gone")
    func partsOutliveTheirCall() {
        let input = Self.inputOutlivingItsParts()
        #expect(input.host == "shop.shop.shop.shop.example.com")
        #expect(input.count == 2)
        #expect(input[0] == "albums")
        #expect(input[1] == String(repeating: "0f8fad5b-", count: 4))
        #expect(input.queryItemCount == 1 && input[item: 0].value == "x")
        #expect(input.fragment == "Top")
        #expect(input.isWeb)
    }

    @Test("parts with no segments and no host read as an empty path")
    func emptyParts() {
        let input = MatchInput(
            scheme: "myapp", host: nil, pathSegments: [], queryItems: [], fragment: nil,
            options: RoutingOptions())
        #expect(input.count == 0)
        #expect(input.host == nil)
        #expect(input.scheme == "myapp")
        #expect(!input.isWeb)
    }

    static let table: [Route] = [
        Route("album", "/albums/:name", scope: RouteScope(hosts: ["shop.example.com"])),
        Route("share", "/shared/:token(uuid)"),
        Route("settings", "/settings/:page", scope: RouteScope(schemes: ["myapp"])),
        Route(
            "page", "/a-host-name-longer-than-fifteen-bytes.example/:page",
            scope: RouteScope(schemes: ["myapp"])),
        Route("files", "/files/*rest"),
    ]

    @Test(
        "the parts-based look-up and match(_:) agree, case-sensitive or not",
        arguments: [RoutingOptions(), RoutingOptions(caseSensitivity: .insensitive)])
    func lookupAgreesWithMatch(options: RoutingOptions) throws {
        let router = try Router(RouteTable(options: options, routes: Self.table))
        let texts =
            Self.texts + [
                "https://shop.example.com/ALBUMS/Summer", "myapp://Settings/Profile",
                "https://example.com/files/a/b/c",
                "https://elsewhere.example.com/albums/x", "myapp://settings/Profile",
            ]
        var matched = 0
        for text in texts {
            let link = try Self.parse(text)
            let byLink = router.match(link)
            let byParts = router.lookup(
                scheme: link.scheme, host: link.host, pathSegments: link.pathSegments.map(\.decoded),
                queryItems: link.queryItems, fragment: link.fragment)
            #expect(byLink?.route.name == byParts?.route.name, "\(text)")
            #expect(byLink?.parameters == byParts?.parameters, "\(text)")
            if byLink != nil { matched += 1 }
        }
        // The table is built so that most of the links match: the comparison is not vacuous.
        #expect(matched >= 5)
    }
}
