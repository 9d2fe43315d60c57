import Foundation
import Testing

@testable import DeepLinks

/// Counts handler runs across concurrency domains.
private actor RunCounter {
    private(set) var runs: [String] = []
    func record(_ route: String) { runs.append(route) }
}

@Suite("Outcomes: every link gets exactly one decision, returned as a value")
struct LinkOutcomeTests {
    static let policy: LinkPolicy = {
        var policy = LinkPolicy(allowedHosts: ["example.com"])
        policy.allowedSchemes.insert("newsapp")
        return policy
    }()

    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["example.com"])) {
            Route("album", "/albums/:album(slug)")
            Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
            Route("profile", "/me", safety: .sensitive)
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
        }
        Route("article", "/doc/:id(string 1...32 [A-Z0-9])", scope: RouteScope(schemes: ["newsapp"]))
    }

    let receiver: LinkReceiver
    let gate = LinkGate(policy: LinkOutcomeTests.policy)

    init() throws {
        receiver = try LinkReceiver(table: Self.table, policy: Self.policy)
    }

    func sanitized(_ text: String) throws -> Link { gate.sanitize(try gate.parse(text)).link }

    @Test("a navigate route is routed, on the sanitised link, with typed parameters and the canonical link")
    func route() throws {
        let text = "https://EXAMPLE.com/albums/summer-2024/photos/3?utm_source=mail&token=secret"
        let expected = RouteMatch(
            route: "photo", parameters: ["album": "summer-2024", "index": 3], safety: .navigate,
            link: try sanitized(text))
        #expect(receiver.receive(url: text).outcome == .route(expected))
        #expect(expected.canonicalLink == "https://example.com/albums/summer-2024/photos/3")
        #expect(expected.link.queryItems.isEmpty)
    }

    @Test(
        "“A link never deletes or exposes data directly”: a link never directly runs a sensitive route; it asks to confirm"
    )
    func sensitiveNeedsConfirmation() throws {
        let text = "https://example.com/me"
        #expect(
            receiver.receive(url: text).outcome
                == .confirm(
                    RouteMatch(
                        route: "profile", parameters: [:], safety: .sensitive, link: try sanitized(text))))
    }

    @Test(
        "“A link never deletes or exposes data directly”: a link never directly runs a destructive route; it asks to confirm"
    )
    func destructiveNeedsConfirmation() throws {
        let text = "https://example.com/albums/summer/delete"
        #expect(
            receiver.receive(url: text).outcome
                == .confirm(
                    RouteMatch(
                        route: "deleteAlbum", parameters: ["album": "summer"], safety: .destructive,
                        link: try sanitized(text))))
    }

    @Test("a valid web link with no route falls back to the browser")
    func unknownRouteOpensInBrowser() throws {
        let text = "https://example.com/unknown?fbclid=1&x=2"
        #expect(
            receiver.receive(url: text).outcome
                == .openInBrowser(try sanitized(text), reason: .noMatchingRoute))
        #expect(try sanitized(text).original == "https://example.com/unknown?x=2")
    }

    @Test("a parameter out of bounds falls back to the browser and names the parameter and rule")
    func parameterOutOfBoundsOpensInBrowser() throws {
        let text = "https://example.com/albums/summer/photos/99999"
        let failure = ParameterFailure(
            parameter: "index", location: .path, value: "99999", reason: .outOfRange(0...9999))
        #expect(
            receiver.receive(url: text).outcome
                == .openInBrowser(
                    try sanitized(text), reason: .invalidParameter(route: "photo", failure: failure)))
        #expect(
            RoutingFailure.invalidParameter(route: "photo", failure: failure).description
                == "route 'photo' refused the link: path parameter 'index' must be an integer from 0 to 9999 (got '99999')"
        )
    }

    @Test(
        "“Malformed links are discarded, never repaired”: malformed or hostile text is rejected with the gate's error, never repaired",
        arguments: [
            #"https://example.com\@evil.com/albums/x"#, "https://example.com/albums/a b",
            "https://example.com/%zz",
            "https://user:pw@example.com/me", "https://evil.com/albums/summer", "https://example.com:99999/",
            "https://example.com/albums/../me", "javascript:alert(1)", "",
        ])
    func malformedIsRejected(_ text: String) {
        let error: LinkError
        do {
            _ = try gate.parse(text)
            Issue.record("the gate accepted \(text)")
            return
        } catch let refusal {
            error = refusal
        }
        #expect(receiver.receive(url: text).outcome == .reject(.malformed(error)))
    }

    @Test(
        "a custom-scheme link no route presents is rejected with the routing reason: there is no browser page"
    )
    func customSchemeWithoutRouteIsRejected() throws {
        let unknown = "newsapp://unknown/1"
        #expect(
            receiver.receive(url: unknown).outcome
                == .reject(.unhandled(try sanitized(unknown), reason: .noMatchingRoute)))
        let lower = "newsapp://doc/lower"
        let failure = ParameterFailure(
            parameter: "id", location: .path, value: "lower", reason: .characterNotAllowed("l"))
        #expect(
            receiver.receive(url: lower).outcome
                == .reject(
                    .unhandled(
                        try sanitized(lower), reason: .invalidParameter(route: "article", failure: failure))))
        #expect(
            receiver.receive(url: "newsapp://doc/CHLFGFCB00097U7S").outcome.match?.parameters == [
                "id": "CHLFGFCB00097U7S"
            ])
    }

    @Test("a bound handler runs for a navigate route and the outcome stays route")
    func handlerRuns() async throws {
        let counter = RunCounter()
        var handlers = RouteHandlers()
        handlers.bind("album") { match in
            await counter.record(match.route)
            return .handled
        }
        let outcome = await receiver.dispatch(.url("https://example.com/albums/summer"), to: handlers).outcome
        #expect(outcome.match?.route == "album")
        if case .route = outcome {} else { Issue.record("expected .route, got \(outcome)") }
        #expect(await counter.runs == ["album"])
    }

    @Test(
        "“the route table rules”: a handler that declines falls through to the browser, not to a blank screen"
    )
    func declinedHandlerOpensInBrowser() async throws {
        var handlers = RouteHandlers()
        handlers.bind("album") { _ in .declined(reason: "album was deleted") }
        let text = "https://example.com/albums/summer"
        #expect(
            await receiver.dispatch(.url(text), to: handlers).outcome
                == .openInBrowser(
                    try sanitized(text), reason: .handlerDeclined(route: "album", reason: "album was deleted")
                ))
    }

    @Test("a route without a handler falls back like a declined one")
    func missingHandler() async throws {
        let text = "https://example.com/albums/summer"
        #expect(
            await receiver.dispatch(.url(text), to: RouteHandlers()).outcome
                == .openInBrowser(try sanitized(text), reason: .noHandler(route: "album")))
        let article = "newsapp://doc/ABC"
        #expect(
            await receiver.dispatch(.url(article), to: RouteHandlers()).outcome
                == .reject(.unhandled(try sanitized(article), reason: .noHandler(route: "article"))))
    }

    @Test("dispatch never runs a destructive handler; it runs only after confirmation")
    func confirmationGatesTheHandler() async throws {
        let counter = RunCounter()
        var handlers = RouteHandlers()
        handlers.bind("deleteAlbum") { match in
            await counter.record(match.route)
            return .handled
        }
        let outcome = await receiver.dispatch(.url("https://example.com/albums/summer/delete"), to: handlers)
            .outcome
        guard case .confirm(let match) = outcome else {
            Issue.record("expected .confirm, got \(outcome)")
            return
        }
        #expect(await counter.runs == [])
        #expect(
            await receiver.runConfirmed(match, source: .universalLink, with: handlers).outcome
                == .route(match))
        #expect(await counter.runs == ["deleteAlbum"])
    }

    @Test("handlers bound to names the router does not know are listed")
    func unknownHandlerNames() {
        var handlers = RouteHandlers()
        handlers.bind("album") { _ in .handled }
        handlers.bind("albun") { _ in .handled }
        #expect(handlers.unknownRouteNames(in: receiver.router) == ["albun"])
    }

    @Test("the explanation lists the routes tried, in order, and which parameter failed")
    func explanation() throws {
        let router = try RouteFixtures.router {
            Route("small", "/p/:id(int 1...10)")
            Route("any", "/p/:name")
            Route("other", "/q")
        }
        let explanation = router.explain(try RouteFixtures.link("https://example.com/p/99"))
        #expect(
            explanation.attempts == [
                RouteAttempt(
                    route: "small",
                    result: .parameterFailed(
                        ParameterFailure(
                            parameter: "id", location: .path, value: "99", reason: .outOfRange(1...10)))),
                RouteAttempt(route: "any", result: .matched),
            ])
        #expect(explanation.winner == "any")
        #expect(
            explanation.description == """
                small: path parameter 'id' must be an integer from 1 to 10 (got '99')
                any: matched
                """)
    }

    @Test(
        "the receiver's explanation gives the outcome and the routes tried, or none when the gate refused")
    func dispatcherExplanation() throws {
        let explained = receiver.explain(.url("https://example.com/albums/Summer"))
        let failure = ParameterFailure(
            parameter: "album", location: .path, value: "Summer", reason: .notASlug)
        #expect(
            explained.routing?.attempts == [RouteAttempt(route: "album", result: .parameterFailed(failure))])
        #expect(
            explained.outcome
                == .openInBrowser(
                    try sanitized("https://example.com/albums/Summer"),
                    reason: .invalidParameter(route: "album", failure: failure)))
        #expect(receiver.explain(.url("https://example.com/a b")).routing == nil)
        let scope = receiver.explain(.url("newsapp://albums/summer"))
        #expect(
            scope.routing?.attempts == [RouteAttempt(route: "album", result: .schemeNotInScope("newsapp"))])
    }

    @Test("a catch-all's routes are listed with the reason when the link has no segments left")
    func explanationOfEmptyCatchAll() throws {
        let router = try RouteFixtures.router { Route("files", "/files/*rest") }
        #expect(
            router.explain(try RouteFixtures.link("https://example.com/files/")).attempts == [
                RouteAttempt(
                    route: "files",
                    result: .parameterFailed(
                        ParameterFailure(parameter: "rest", location: .path, value: nil, reason: .missing)))
            ])
    }

    @Test("outcomes and explanations encode with the outcome named first-class, and cannot be decoded")
    func codable() throws {
        let texts = [
            "https://example.com/albums/summer/photos/3", "https://example.com/me",
            "https://example.com/nothing",
            "https://example.com/albums/X", "newsapp://doc/x", "https://example.com\\x",
        ]
        for text in texts {
            let explanation = receiver.explain(.url(text))
            let data = try JSONEncoder().encode(explanation)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let decision = try #require(object["decision"] as? [String: Any])
            let outcome = try #require(decision["outcome"] as? [String: Any])
            let name: String =
                switch explanation.outcome {
                case .route: "route"
                case .confirm: "confirm"
                case .openInBrowser: "openInBrowser"
                case .reject: "reject"
                }
            #expect(outcome["outcome"] as? String == name, "\(text)")
            #expect(((LinkExplanation.self as Any.Type) as? any Decodable.Type) == nil)
        }
    }
}
