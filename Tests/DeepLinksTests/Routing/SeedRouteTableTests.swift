import DeepLinks
import Foundation
import Testing

/// Seed 002 (Apple, "Supporting universal links in your app"): the handler reads an album
/// name and a photo index from the query, and warns to validate every parameter, discard
/// malformed URLs and test with improperly formatted ones.
@Suite("Seed 002: the album link as a route table, with improperly formatted variants")
struct SeedAlbumLinkTests {
    static let swiftTable = RouteTable {
        Route(
            "albumPhoto", "/albums",
            query: [
                .required("albumname", .string(length: 1...64, characters: .any)),
                .required("index", .integer(0...9999)),
            ],
            scope: RouteScope(schemes: ["https"], hosts: ["example.com"]))
    }

    static let json = """
        {"routes": [{"name": "albumPhoto", "path": "/albums",
                     "query": ["albumname(string 1...64)", "index(int 0...9999)"],
                     "scope": {"schemes": ["https"], "hosts": ["example.com"]}}]}
        """

    let receiver: LinkReceiver
    let gate = LinkGate(policy: LinkPolicy(allowedHosts: ["example.com"]))

    init() throws {
        receiver = try LinkReceiver(table: Self.swiftTable, policy: gate.policy)
    }

    func browser(_ text: String, _ parameter: String, _ value: String?, _ reason: ParameterFailure.Reason)
        throws
        -> LinkOutcome
    {
        .openInBrowser(
            gate.sanitize(try gate.parse(text)).link,
            reason: .invalidParameter(
                route: "albumPhoto",
                failure: ParameterFailure(
                    parameter: parameter, location: .query, value: value, reason: reason)))
    }

    @Test("the JSON table is the Swift table")
    func jsonMatchesSwift() throws {
        #expect(try JSONDecoder().decode(RouteTable.self, from: Data(Self.json.utf8)) == Self.swiftTable)
    }

    @Test("a well-formed album link routes with a typed album name and index")
    func wellFormed() throws {
        let outcome = receiver.receive(url: "https://example.com/albums?albumname=Summer%202024&index=3")
            .outcome
        #expect(outcome.match?.route == "albumPhoto")
        #expect(outcome.match?.parameters == ["albumname": "Summer 2024", "index": 3])
    }

    @Test(
        "\"Either album name or photo index missing\": the link falls back to the browser, naming the parameter"
    )
    func missingParameters() throws {
        let noIndex = "https://example.com/albums?albumname=Summer"
        #expect(receiver.receive(url: noIndex).outcome == (try browser(noIndex, "index", nil, .missing)))
        let noName = "https://example.com/albums?index=3"
        #expect(receiver.receive(url: noName).outcome == (try browser(noName, "albumname", nil, .missing)))
        let bare = "https://example.com/albums"
        #expect(receiver.receive(url: bare).outcome == (try browser(bare, "albumname", nil, .missing)))
    }

    @Test(
        "“Every handler validates its parameters”: improperly formatted values are refused with the rule they break",
        arguments: [
            ("index=abc", "index", "abc", ParameterFailure.Reason.notAnInteger),
            ("index=-1", "index", "-1", .outOfRange(0...9999)),
            ("index=007", "index", "007", .notAnInteger),
            ("index=3.5", "index", "3.5", .notAnInteger),
            ("index=%2B3", "index", "+3", .notAnInteger),
            ("index=99999", "index", "99999", .outOfRange(0...9999)),
            ("index=", "index", "", .empty),
            ("index", "index", "", .empty),
            ("index=1&index=2", "index", nil, .repeated(count: 2)),
        ] as [(String, String, String?, ParameterFailure.Reason)])
    func badIndex(_ query: String, _ parameter: String, _ value: String?, _ reason: ParameterFailure.Reason)
        throws
    {
        let text = "https://example.com/albums?albumname=Summer&" + query
        #expect(receiver.receive(url: text).outcome == (try browser(text, parameter, value, reason)))
    }

    @Test(
        "“Every handler validates its parameters”: improperly formatted album names are refused with the rule they break",
        arguments: [
            ("albumname=", "", ParameterFailure.Reason.empty),
            (
                "albumname=" + String(repeating: "a", count: 65), String(repeating: "a", count: 65),
                .tooLong(maximum: 64)
            ),
            ("albumname=evil%E2%80%AEgpj.exe", "evil\u{202E}gpj.exe", .invisibleCharacter),
            ("albumname=a&albumname=b", nil, .repeated(count: 2)),
        ] as [(String, String?, ParameterFailure.Reason)])
    func badAlbumName(_ query: String, _ value: String?, _ reason: ParameterFailure.Reason) throws {
        let text = "https://example.com/albums?index=3&" + query
        #expect(receiver.receive(url: text).outcome == (try browser(text, "albumname", value, reason)))
    }

    @Test(
        "“Malformed links are discarded, never repaired”: malformed album links are discarded with the gate's reason, never repaired",
        arguments: [
            "https://example.com/albums?albumname=Summer 2024&index=3",
            "https://example.com/albums?albumname=%zz&index=3",
            "https://example.com/albums?albumname=a%0Ab&index=3",
            #"https://example.com\@evil.com/albums?albumname=a&index=3"#,
            "https://evil.com/albums?albumname=a&index=3",
            "https://user:pw@example.com/albums?albumname=a&index=3",
            "https://example.com/albums?albumname=été&index=3",
            "https:example.com/albums?albumname=a&index=3",
        ])
    func malformed(_ text: String) {
        guard case .reject(.malformed(let error)) = receiver.receive(url: text).outcome else {
            Issue.record("not rejected: \(text) → \(receiver.receive(url: text).outcome)")
            return
        }
        #expect(throws: error) { try gate.parse(text) }
    }

    @Test("tracking items are removed before routing and never reach the parameters")
    func trackingRemoved() {
        let outcome = receiver.receive(
            url: "https://example.com/albums?utm_source=x&albumname=A&index=1&fbclid=y"
        ).outcome
        #expect(outcome.match?.parameters == ["albumname": "A", "index": 1])
        #expect(outcome.match?.canonicalLink == "https://example.com/albums?albumname=A&index=1")
    }
}

/// Seed 004 (HOKO, "Breaking down iOS 9 universal links"): a `switch` over the host and the
/// path components `("/", "path", "to", let something)`, then `validateSomething`, else open
/// the URL in Safari.
@Suite("Seed 004: the path switch as a route table, with improperly formatted variants")
struct SeedPathSwitchTests {
    static let swiftTable = RouteTable {
        Route(
            "something", "/path/to/:something(slug)",
            scope: RouteScope(schemes: ["https", "http"], hosts: ["domain.com"]))
    }

    static let json = """
        {"routes": [{"name": "something", "path": "/path/to/:something(slug)",
                     "scope": {"schemes": ["https", "http"], "hosts": ["domain.com"]}}]}
        """

    let receiver: LinkReceiver
    let gate = LinkGate()

    init() throws {
        receiver = try LinkReceiver(table: Self.swiftTable)
    }

    /// `validateSomething`: only content the app has can be presented.
    static let handlers: RouteHandlers = {
        var handlers = RouteHandlers()
        handlers.bind("something") { match in
            match.parameters.string("something") == "thezoo" ? .handled : .declined(reason: "no such content")
        }
        return handlers
    }()

    func browser(_ text: String, _ reason: RoutingFailure) throws -> LinkOutcome {
        .openInBrowser(gate.sanitize(try gate.parse(text)).link, reason: reason)
    }

    @Test("the JSON table is the Swift table")
    func jsonMatchesSwift() throws {
        #expect(try JSONDecoder().decode(RouteTable.self, from: Data(Self.json.utf8)) == Self.swiftTable)
    }

    @Test("http://domain.com/path/to/thezoo routes, and validateSomething presents it")
    func presents() async throws {
        let text = "http://domain.com/path/to/thezoo"
        let outcome = await receiver.dispatch(.url(text), to: Self.handlers).outcome
        #expect(outcome.match?.route == "something")
        #expect(outcome.match?.parameters == ["something": "thezoo"])
        if case .route = outcome {} else { Issue.record("expected .route, got \(outcome)") }
    }

    @Test("content validateSomething refuses opens in Safari, as the seed advises")
    func declinedOpensInSafari() async throws {
        let text = "https://domain.com/path/to/thezoos"
        #expect(
            await receiver.dispatch(.url(text), to: Self.handlers).outcome
                == (try browser(text, .handlerDeclined(route: "something", reason: "no such content"))))
    }

    @Test(
        "the seed's `count >= 4` accepted trailing components; the table does not",
        arguments: [
            "https://domain.com/path/to/thezoo/extra", "https://domain.com/path/to/thezoo/.well-known",
        ])
    func extraComponents(_ text: String) throws {
        guard (try? gate.parse(text)) != nil else {
            #expect(receiver.receive(url: text).outcome.match == nil)
            return
        }
        #expect(receiver.receive(url: text).outcome == (try browser(text, .noMatchingRoute)))
    }

    @Test(
        "“Every handler validates its parameters”: links to other hosts, other paths or other cases open in the browser",
        arguments: [
            "https://www.domain.com/path/to/thezoo", "https://domain.com.evil.org/path/to/thezoo",
            "https://domain.com/Path/To/thezoo", "https://domain.com/path/to", "https://domain.com/path/to/",
            "https://domain.com/",
        ])
    func noRoute(_ text: String) throws {
        #expect(receiver.receive(url: text).outcome == (try browser(text, .noMatchingRoute)))
    }

    @Test("an improperly formatted component names the parameter and the rule")
    func badComponent() throws {
        for (text, value) in [
            ("https://domain.com/path/to/The%20Zoo", "The Zoo"),
            ("https://domain.com/path/to/the_zoo", "the_zoo"),
        ] {
            let failure = ParameterFailure(
                parameter: "something", location: .path, value: value, reason: .notASlug)
            #expect(
                receiver.receive(url: text).outcome
                    == (try browser(text, .invalidParameter(route: "something", failure: failure))))
        }
    }

    @Test(
        "“Malformed links are discarded, never repaired”: malformed variants are discarded with the gate's reason",
        arguments: [
            "https://domain.com/path/to/the zoo", "https://domain.com/path/to/%2e%2e",
            "https://domain.com/path/to/a%2Fb",
            "https://domain.com//path/to/thezoo", #"https://domain.com\path\to\thezoo"#,
            "https://domain.com:0x50/path/to/x",
            "ftp://domain.com/path/to/thezoo",
        ])
    func malformed(_ text: String) {
        guard case .reject(.malformed(let error)) = receiver.receive(url: text).outcome else {
            Issue.record("not rejected: \(text) → \(receiver.receive(url: text).outcome)")
            return
        }
        #expect(throws: error) { try gate.parse(text) }
    }
}
