import Foundation
import Testing

@testable import DeepLinks

@Suite("Hostile corners: a destructive route's refusal never becomes a navigation")
struct GuardedRouteTests {
    static let policy: LinkPolicy = {
        var policy = LinkPolicy(allowedHosts: ["example.com"])
        policy.allowedSchemes.insert("myapp")
        return policy
    }()

    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["example.com"])) {
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            Route("albumAction", "/albums/:album/:action")
        }
    }

    let gate = LinkGate(policy: GuardedRouteTests.policy)

    func sanitized(_ text: String) throws -> Link { gate.sanitize(try gate.parse(text)).link }

    @Test("pins: the table check reports a navigate route that takes links shaped like a destructive route's")
    func tableCheckReportsNavigationBesideDestructiveRoute() {
        let findings = Self.table.findings(policy: Self.policy)
        #expect(
            findings == [
                .navigationTakesGuardedLinks(
                    route: "albumAction", guarded: "deleteAlbum", safety: .destructive)
            ])
        #expect(findings.allSatisfy { !$0.isError })
        #expect(
            findings.first?.description
                == "navigate route 'albumAction' can take links shaped like destructive route 'deleteAlbum' "
                + "when they fail its parameter checks; such links are refused instead of navigating. "
                + "To keep them apart, give 'albumAction' a literal where 'deleteAlbum' has a parameter whose type "
                + "cannot take it (a value its enum does not list, text its pattern does not match), "
                + "or narrow the parameters of 'albumAction' so that they cannot take the literals of 'deleteAlbum'"
        )
    }

    @Test(
        "pins: /albums/Summer/delete is not a navigation with action=delete; it opens in the browser naming the destructive route"
    )
    func destructiveRefusalDoesNotNavigate() throws {
        let receiver = try LinkReceiver(table: Self.table, policy: Self.policy)
        let text = "https://example.com/albums/Summer/delete"
        #expect(
            receiver.receive(url: text).outcome
                == .openInBrowser(
                    try sanitized(text),
                    reason: .invalidParameter(
                        route: "deleteAlbum",
                        failure: ParameterFailure(
                            parameter: "album", location: .path, value: "Summer", reason: .notASlug))))
    }

    @Test("the guarded route still asks first, and other links of the navigate route still navigate")
    func guardedRouteAndOthersUnchanged() throws {
        let receiver = try LinkReceiver(table: Self.table, policy: Self.policy)
        let delete = "https://example.com/albums/summer/delete"
        #expect(
            receiver.receive(url: delete).outcome
                == .confirm(
                    RouteMatch(
                        route: "deleteAlbum", parameters: ["album": "summer"], safety: .destructive,
                        link: try sanitized(delete))))
        let share = "https://example.com/albums/Summer/share"
        #expect(
            receiver.receive(url: share).outcome
                == .route(
                    RouteMatch(
                        route: "albumAction", parameters: ["album": "Summer", "action": "share"],
                        safety: .navigate, link: try sanitized(share))))
    }

    @Test(
        "pins: explain says the navigate route yielded to the guarded route and names the guarded route's failure"
    )
    func explanationAppliesTheGuard() throws {
        let receiver = try LinkReceiver(table: Self.table, policy: Self.policy)
        let refused = receiver.explain(.url("https://example.com/albums/Summer/delete")).routing
        let failure = ParameterFailure(
            parameter: "album", location: .path, value: "Summer", reason: .notASlug)
        #expect(
            refused?.attempts.suffix(2) == [
                RouteAttempt(route: "albumAction", result: .yieldedToGuardedRoute("deleteAlbum")),
                RouteAttempt(route: "deleteAlbum", result: .parameterFailed(failure)),
            ])
        #expect(refused?.winner == nil)
        #expect(refused?.closestFailure?.route == "deleteAlbum")
        #expect(refused?.closestFailure?.failure == failure)
        #expect(
            refused?.description.contains(
                "albumAction: fits, but the link is shaped like guarded route 'deleteAlbum', which decides it"
            ) == true)
        let kept = receiver.explain(.url("https://example.com/albums/Summer/share")).routing
        #expect(kept?.winner == "albumAction")
    }

    @Test(
        "pins: a navigate route of higher priority never takes a sensitive route's link; the sensitive route asks first"
    )
    func higherPriorityNavigateDoesNotTakeSensitiveLink() throws {
        let table = RouteTable {
            // The sensitive route serves every host, so the navigate one does not shadow it.
            Route("settings", "/account/:page", scope: RouteScope(hosts: ["example.com"]), priority: 1)
            Route("closeAccount", "/account/close", safety: .sensitive)
        }
        #expect(
            table.findings()
                == [
                    .navigationTakesGuardedLinks(
                        route: "settings", guarded: "closeAccount", safety: .sensitive)
                ])
        let router = try Router(table)
        let link = try LinkGate().parse("https://example.com/account/close")
        #expect(router.match(link)?.name == "closeAccount")
        #expect(router.match(try LinkGate().parse("https://example.com/account/profile"))?.name == "settings")
    }

    @Test("a custom-scheme link shaped like a destructive route but failing it is rejected, not navigated")
    func customSchemeGuardedLinkIsRejected() throws {
        let table = RouteTable {
            RouteGroup(scope: RouteScope(schemes: ["myapp"])) {
                Route("wipe", "/data/:set(enum cache|drafts)/wipe", safety: .destructive)
                Route("dataAction", "/data/:set/:action")
            }
        }
        let router = try Router(table, policy: Self.policy)
        let link = try gate.parse("myapp://data/photos/wipe")
        #expect(router.match(link) == nil)
        #expect(router.match(try gate.parse("myapp://data/photos/view"))?.name == "dataAction")
    }

    @Test(
        "pins: a destructive route ending in a typed catch-all refuses, by its catch-all, the links a navigate route fits"
    )
    func guardedCatchAllRefusal() throws {
        let table = RouteTable {
            Route("purge", "/files/purge/*path(slug)", safety: .destructive)
            Route("fileAction", "/files/:action/*path")
        }
        #expect(
            table.findings() == [
                .navigationTakesGuardedLinks(route: "fileAction", guarded: "purge", safety: .destructive)
            ])
        let router = try Router(table)
        #expect(
            router.match(try LinkGate().parse("https://example.com/files/purge/old/drafts"))?.name == "purge")
        let refused = try LinkGate().parse("https://example.com/files/purge/old/Drafts%20v2")
        #expect(router.match(refused) == nil)
        #expect(
            router.explain(refused).closestFailure?.failure
                == ParameterFailure(
                    parameter: "path", location: .path, value: "old/Drafts v2", reason: .notASlug))
        #expect(
            router.match(try LinkGate().parse("https://example.com/files/open/old/Drafts%20v2"))?.name
                == "fileAction")
    }

    @Test("a literal that only the navigate route has keeps the table free of the finding")
    func disjointLiteralsAreNotReported() {
        let table = RouteTable {
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            Route("albumPhotos", "/albums/:album/photos")
            Route("closeAccount", "/account/close", safety: .sensitive)
            Route("page", "/:section/:page")
        }
        #expect(table.findings().isEmpty)
    }
}

@Suite("Hostile corners: invisible text and stacked marks in free-text parameters")
struct InvisibleTextTests {
    let free = ParameterType.string(length: 1...64, characters: .any)

    @Test(
        "pins: string parameters of class any refuse every format (Cf) character",
        arguments: [
            "a\u{061C}b", "a\u{200B}b", "a\u{200C}b", "a\u{200D}b", "a\u{2060}b", "\u{FEFF}ab", "a\u{00AD}b",
            "a\u{E0001}b", "ok\u{E0041}\u{E0042}", "a\u{E007F}", "x\u{2064}",
        ])
    func formatCharactersAreRefused(text: String) {
        #expect(free.validate(text) == .failure(.invisibleCharacter))
    }

    @Test("emoji joined by U+200D stay accepted; a joiner outside an emoji sequence does not")
    func emojiJoinerSequences() {
        #expect(free.validate("emoji 👩‍👩‍👧") == .success(.string("emoji 👩‍👩‍👧")))
        #expect(free.validate("👍🏽‍👍") == .success(.string("👍🏽‍👍")))
        #expect(free.validate("👩\u{200D}a") == .failure(.invisibleCharacter))
        #expect(free.validate("a\u{200D}👩") == .failure(.invisibleCharacter))
    }

    @Test("pins: one character may not carry a stack of combining marks")
    func stackedCombiningMarksAreRefused() {
        let zalgo = "a" + String(repeating: "\u{0301}", count: 40)
        #expect(zalgo.count == 1)
        #expect(free.validate(zalgo) == .failure(.overloadedCharacter(maximum: 8)))
        let eight = "e" + String(repeating: "\u{0301}", count: 7)
        #expect(free.validate(eight) == .success(.string(eight)))
        #expect(
            ParameterFailure.Reason.overloadedCharacter(maximum: 8).sentence
                == "has a character made of more than 8 Unicode scalars (stacked combining marks)")
    }

    @Test("pins: a value is bounded by scalars as well as characters: at most 4 per character of its maximum")
    func scalarsAreBoundedToFourPerCharacter() {
        let short = ParameterType.string(length: 1...2, characters: .any)
        // One character of 8 scalars: within the per-character bound, over 4 × 2 in all.
        let heavy = "é" + String(repeating: "\u{0301}", count: 8)
        #expect(heavy.count == 1)
        #expect(short.validate(heavy) == .failure(.overloadedCharacter(maximum: 8)))
        let nine =
            "e" + String(repeating: "\u{0301}", count: 6) + "o" + String(repeating: "\u{0301}", count: 2)
        #expect(nine.count == 2)
        #expect(short.validate(nine) == .failure(.tooManyScalars(maximum: 8)))
        let eight =
            "e" + String(repeating: "\u{0301}", count: 5) + "o" + String(repeating: "\u{0301}", count: 1)
        #expect(short.validate(eight) == .success(.string(eight)))
    }

    @Test("pins: a zero-width space in a query value makes the route refuse the link, naming the parameter")
    func zeroWidthSpaceInQueryIsRefused() throws {
        let table = RouteTable {
            Route("search", "/search", query: ["q(string 1...64)"])
        }
        let router = try Router(table)
        let link = try LinkGate().parse("https://example.com/search?q=a%E2%80%8Bb")
        #expect(router.match(link) == nil)
        #expect(
            router.explain(link).closestFailure?.failure
                == ParameterFailure(
                    parameter: "q", location: .query, value: "a\u{200B}b", reason: .invisibleCharacter))
    }
}

@Suite("Hostile corners: custom-scheme links without an authority")
struct CustomSchemeAuthorityTests {
    static let table = RouteTable {
        Route("deleteAccount", "/account/delete", scope: RouteScope(schemes: ["myapp"]), safety: .destructive)
    }

    @Test(
        "pins: myapp:account/delete (no '//') is refused by the gate instead of routing like myapp://account/delete",
        arguments: ["myapp:account/delete", "myapp:/account/delete", "MYAPP:account"])
    func customSchemeWithoutAuthorityIsRefused(text: String) throws {
        let policy = LinkPolicy(allowedSchemes: ["myapp"])
        let receiver = try LinkReceiver(table: Self.table, policy: policy)
        guard case .reject(.malformed(let error)) = receiver.receive(url: text).outcome else {
            Issue.record("\(text) was not refused")
            return
        }
        #expect(error.rule == .customSchemeWithoutAuthority)
        #expect(error.position == 6)
        #expect(
            error.description.hasPrefix(
                "the custom-scheme link has no '//' authority, so its host and path cannot be told apart"))
    }

    @Test("myapp://account/delete and myapp:///account/delete still reach the route (and ask first)")
    func authorityFormsStillRoute() throws {
        let receiver = try LinkReceiver(table: Self.table, policy: LinkPolicy(allowedSchemes: ["myapp"]))
        for text in ["myapp://account/delete", "myapp:///account/delete"] {
            #expect(receiver.receive(url: text).outcome.match?.route == "deleteAccount", "\(text)")
        }
    }
}

@Suite("Hostile corners: encoded '?' and '#' in the path")
struct EncodedDelimiterTests {
    @Test(
        "pins: Link.path decodes %3F and %23, while rawPath, canonical and segments keep the link's structure"
    )
    func encodedQuestionMarkAndHashStayInTheirSegment() throws {
        let link = try LinkGate().parse("https://example.com/files/a%3Fb%23c")
        #expect(link.path == "/files/a?b#c")
        #expect(link.rawPath == "/files/a%3Fb%23c")
        #expect(link.canonical == "https://example.com/files/a%3Fb%23c")
        #expect(link.pathSegments.map(\.decoded) == ["files", "a?b#c"])
        #expect(link.queryItems.isEmpty)
        #expect(link.fragment == nil)
        let router = try Router(RouteTable { Route("file", "/files/:name") })
        let match = try #require(router.match(link))
        #expect(match.parameters == ["name": "a?b#c"])
        #expect(
            try router.link(for: "file", parameters: match.parameters, scheme: "https", host: "example.com")
                == "https://example.com/files/a%3Fb%23c")
    }
}
