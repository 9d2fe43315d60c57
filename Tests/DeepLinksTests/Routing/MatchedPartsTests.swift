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

    /// Everything an input reads, taken out of it: an input cannot be held by `#expect`, which
    /// keeps what it compares (the input may not outlive the closure that lends it).
    struct Reading: Equatable {
        var scheme: String
        var host: String?
        var isWeb: Bool
        var fragment: String?
        var segments: [String]
        var keys: [String]
        var suffix: [String]
        var hostText: String?
        var names: [String]
        var values: [String]

        init(_ input: MatchInput) {
            scheme = input.scheme
            host = input.host
            isWeb = input.isWeb
            fragment = input.fragment
            segments = (0..<input.count).map { input[$0] }
            keys = (0..<input.count).map { i in input.withKey(i) { $0 } }
            suffix = input.suffix(from: 0)
            hostText = input.host == nil ? nil : input.hostText
            names = input.queryItems.map(\.name)
            values = input.queryItems.map(\.value)
        }

        init(_ link: Link, _ options: RoutingOptions) {
            let segments = MatchedPartsTests.expectedSegments(link, options)
            scheme = link.scheme
            host = link.host
            isWeb = link.isWeb
            fragment = link.fragment.flatMap { $0.isEmpty ? nil : $0 }
            self.segments = segments
            keys = options.caseSensitivity == .insensitive ? segments.map { $0.lowercased() } : segments
            suffix = segments
            hostText = link.host
            names = link.queryItems.map(\.name)
            values = link.queryItems.map(\.value)
        }
    }

    /// Checks every read of an input against the link it was made from.
    static func check(_ input: MatchInput, _ link: Link, _ options: RoutingOptions) {
        #expect(Reading(input) == Reading(link, options))
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
            MatchInput.withParts(
                scheme: link.scheme, host: link.host, pathSegments: link.pathSegments.map(\.decoded),
                queryItems: link.queryItems, fragment: link.fragment, options: options
            ) { Self.check($0, link, options) }
        }
    }

    @Test("parts with no segments and no host read as an empty path")
    func emptyParts() {
        MatchInput.withParts(
            scheme: "myapp", host: nil, pathSegments: [], queryItems: [], fragment: nil,
            options: RoutingOptions()
        ) { input in
            let read = Reading(input)
            #expect(read.segments == [])
            #expect(read.host == nil)
            #expect(read.scheme == "myapp")
            #expect(!read.isWeb)
        }
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
    func matchByPartsAgreesWithMatchByLink(options: RoutingOptions) throws {
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
            let byParts = router.match(
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
