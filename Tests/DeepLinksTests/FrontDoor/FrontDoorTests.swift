import DeepLinks
import Foundation
import Testing

/// One way in: a link decides alike whatever way it arrives (a custom scheme's URL, Handoff, a
/// receiver rebuilt from its configuration). Each way that once decided differently from the
/// receiver is pinned here, with what it did.
@Suite("One front door: every source decides through the same gate and rules")
struct FrontDoorTests {
    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
            Route("album", "/albums/:album(slug)")
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
        }
        Route("account", "/account/delete", scope: RouteScope(schemes: ["shop"]), safety: .destructive)
    }

    static func receiver(confirms: Bool = true) throws -> LinkReceiver {
        try LinkReceiver(
            table: table, policy: LinkPolicy(allowedHosts: ["photos.example.com"]),
            schemes: SchemeRegistry([
                CustomScheme(
                    "photoalbum", host: .domain(["photos.example.com"]), confirmsEveryRoute: confirms),
                CustomScheme("shop"),
            ]),
            activities: [
                ActivityRoute(activityType: "com.example.album", route: "album", scheme: "photoalbum"),
                ActivityRoute(
                    activityType: "com.example.web-album", route: "album", host: "photos.example.com"),
            ])
    }

    @Test(
        "pins: a custom scheme's link to a host outside the scheme's domains is rejected, not routed as a path segment"
    )
    func customSchemeHostRuleApplies() throws {
        let receiver = try Self.receiver()
        #expect(
            receiver.receive(url: "photoalbum://evil.com/albums/summer").outcome
                == .reject(.hostNotAllowed(scheme: "photoalbum", host: "evil.com")))
    }

    @Test(
        "pins: Handoff to a scheme that confirms every route asks to confirm, as the URL does, not routes directly"
    )
    func handoffFollowsTheSchemeRules() throws {
        let receiver = try Self.receiver()
        let handoff = try UserActivity(activityType: "com.example.album", userInfo: ["album": "summer"])
        let byHandoff = receiver.receive(handoff)
        let byURL = receiver.receive(url: "photoalbum://photos.example.com/albums/summer")
        guard case .confirm(let match) = byHandoff.outcome else {
            Issue.record("expected a confirmation, got \(byHandoff)")
            return
        }
        #expect(match.route == "album")
        #expect(byHandoff.source == .handoff)
        #expect(byURL.outcome.match?.parameters == match.parameters)
        if case .confirm = byURL.outcome {} else { Issue.record("the URL was not confirmed: \(byURL)") }
    }

    @Test("a web Handoff decides exactly as its URL")
    func webHandoffEqualsURL() throws {
        let receiver = try Self.receiver()
        let handoff = try UserActivity(activityType: "com.example.web-album", userInfo: ["album": "summer"])
        #expect(
            receiver.receive(handoff).outcome
                == receiver.receive(url: "https://photos.example.com/albums/summer").outcome)
    }

    @Test("a port after a custom scheme's route-name host is rejected, not ignored")
    func portOnRouteHostIsRejected() throws {
        let receiver = try Self.receiver()
        #expect(
            receiver.receive(url: "shop://account:80/delete").outcome
                == .reject(.portOnRouteHost(scheme: "shop", host: "account", port: 80)))
        if case .confirm = receiver.receive(url: "shop://account/delete").outcome {
        } else {
            Issue.record("the destructive route must still ask to confirm")
        }
    }

    @Test(
        "pins: the receiver shows the policy it applies, and its configuration builds a receiver that decides alike"
    )
    func effectivePolicyIsVisible() throws {
        let receiver = try Self.receiver()
        #expect(receiver.policy.allowedSchemes == ["https", "http", "photoalbum", "shop"])
        #expect(receiver.configuration.effectivePolicy == receiver.policy)
        let rebuilt = try LinkReceiver(table: Self.table, configuration: receiver.configuration)
        for text in [
            "photoalbum://photos.example.com/albums/a", "https://photos.example.com/albums/a/delete",
        ] {
            #expect(rebuilt.receive(url: text) == receiver.receive(url: text))
        }
    }

    @Test("handlers run for any source; unbound routes are listed; a confirmed match runs by name")
    func handlersForEverySource() async throws {
        let receiver = try Self.receiver(confirms: false)
        var handlers = RouteHandlers()
        handlers.bind("album") { _ in .handled }
        handlers.bind("deleteAlbum") { _ in .handled }
        #expect(receiver.unboundRoutes(in: handlers) == ["account"])
        let handoff = try UserActivity(activityType: "com.example.album", userInfo: ["album": "summer"])
        let decided = await receiver.dispatch(.activity(handoff), to: handlers)
        #expect(decided.source == .handoff)
        #expect(decided.match?.route == "album")
        let banner = await receiver.dispatch(
            .smartAppBanner(content: "app-id=1, app-argument=https://photos.example.com/albums/a/delete"),
            to: handlers)
        guard case .confirm(let match) = banner.outcome else {
            Issue.record("expected a confirmation, got \(banner)")
            return
        }
        let confirmed = await receiver.runConfirmed(match, source: banner.source, with: handlers)
        #expect(confirmed.outcome == .route(match))
        #expect(confirmed.source == .smartAppBanner)
    }
}

/// A link, a `userInfo` or a policy decoded from JSON is held to the rules it would be held to
/// when made in code: decoding is no way around them.
@Suite("Decoding never bypasses validation")
struct DecodingValidationTests {
    @Test("pins: a decoded link whose host disagrees with its text is refused, not trusted")
    func tamperedLinkIsRefused() throws {
        let link = try LinkGate().parse("https://example.com/x")
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(link)) as? [String: Any])
        #expect(
            try JSONDecoder().decode(Link.self, from: JSONSerialization.data(withJSONObject: object)) == link)
        object["host"] = "evil.com"
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Link.self, from: JSONSerialization.data(withJSONObject: object))
        }
        #expect(
            DecodingFailure.line(error)
                == "dataCorrupted at host: 'host' is evil.com but the link text https://example.com/x says example.com"
        )
    }

    @Test("pins: a userInfo nested 17 levels deep is refused from JSON as from a property list")
    func userInfoDepthHoldsForJSON() throws {
        func nested(_ levels: Int) -> String {
            var value = #"{"string":"x"}"#
            for _ in 1..<levels { value = #"{"array":["# + value + "]}" }
            return #"{"key":"# + value + "}"
        }
        // The top-level dictionary is one level, each array one more.
        #expect(throws: Never.self) { try JSONDecoder().decode(UserInfo.self, from: Data(nested(16).utf8)) }
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserInfo.self, from: Data(nested(17).utf8))
        }
        #expect(
            DecodingFailure.line(error)
                == "dataCorrupted: the userInfo nests 17 levels deep; at most 16 are read")
    }

    @Test("pins: a misspelt policy key is refused with its name, never read as 'any host'")
    func misspeltPolicyKeyIsRefused() throws {
        let policy = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                LinkPolicy.self, from: Data(#"{"allowedHost": ["shop.example.com"]}"#.utf8))
        }
        #expect(
            DecodingFailure.line(policy)
                == "dataCorrupted: unknown key 'allowedHost' in a link policy; allowed keys are allowedHosts, "
                + "allowedSchemes, allowsEmptySegments, allowsEncodedSeparators, allowsIPLiterals, "
                + "customSchemeHostsAreDomains, limits, removedQueryItems")
        let limits = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LinkLimits.self, from: Data(#"{"maxLenght": 10}"#.utf8))
        }
        #expect(
            DecodingFailure.line(limits)
                == "dataCorrupted: unknown key 'maxLenght' in link limits; allowed keys are maxFragmentLength, "
                + "maxHostLength, maxLength, maxPathSegments, maxQueryItems, maxQueryLength, maxSegmentLength"
        )
    }
}

@Suite("What the platform adapters read from the receiver")
struct AdapterInputTests {
    @Test("activityTypes lists each registered type once, in order: what the SwiftUI modifier continues")
    func activityTypes() throws {
        let receiver = try LinkReceiver(
            table: RouteTable {
                Route("a", "/a/:x(int)", scope: RouteScope(hosts: ["example.com"]))
                Route("b", "/b/:x(int)", scope: RouteScope(hosts: ["example.com"]))
            },
            activities: [
                ActivityRoute(activityType: "com.example.two", route: "b"),
                ActivityRoute(activityType: "com.example.one", route: "a"),
                ActivityRoute(activityType: "com.example.two", route: "a"),
            ])
        #expect(receiver.activityTypes == ["com.example.two", "com.example.one"])
    }
}

@Suite("Messages never carry invisible text")
struct MessageEscapingTests {
    @Test("a refused value with a bidi override is echoed as an escape, so the message reads as it is")
    func bidiOverrideIsEscapedInTheReason() throws {
        let receiver = try LinkReceiver(
            table: RouteTable {
                Route(
                    "search", "/search", query: ["q(string 1...64)"],
                    scope: RouteScope(hosts: ["example.com"]))
            },
            policy: LinkPolicy(allowedHosts: ["example.com"]))
        let outcome = receiver.receive(url: "https://example.com/search?q=%E2%80%AEgnp.exe").outcome
        guard case .openInBrowser(_, let reason) = outcome else {
            Issue.record("expected the browser fallback, got \(outcome)")
            return
        }
        #expect(reason.description.contains(#"\u{202E}gnp.exe"#))
        #expect(!reason.description.unicodeScalars.contains("\u{202E}"))
    }
}
