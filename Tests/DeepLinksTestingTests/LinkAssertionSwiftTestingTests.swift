import DeepLinks
import Foundation
import Testing

@testable import DeepLinksTesting

/// Collects what the assertions report, across concurrency domains.
final class ReportedFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(FailureReporting.Framework, String, UInt)] = []

    func record(
        _ framework: FailureReporting.Framework, _ message: String, _ location: FailureReporting.Location
    ) {
        lock.withLock { entries.append((framework, message, location.line)) }
    }

    var all: [(framework: FailureReporting.Framework, message: String, line: UInt)] {
        lock.withLock { entries.map { ($0.0, $0.1, $0.2) } }
    }
}

@Suite("Assertions under Swift Testing")
struct LinkAssertionSwiftTestingTests {
    let receiver: LinkReceiver

    init() throws { receiver = try TestingFixtures.receiver() }

    @Test("assertions that hold record nothing")
    func holding() {
        assertRoute(
            "https://example.com/albums/summer/photos/3", in: receiver, is: "photo",
            parameters: ["album": "summer", "index": 3])
        assertConfirmation(
            "https://example.com/albums/summer/delete", in: receiver, is: "deleteAlbum",
            parameters: ["album": "summer"],
            safety: .destructive)
        assertOpensInBrowser("https://example.com/unknown", in: receiver, reason: .noMatchingRoute)
        assertOpensInBrowser("https://example.com/albums/summer/photos/99999", in: receiver)
        assertRejected(#"https://example.com\@evil.com/"#, in: receiver, rule: .backslash)
        assertRejected("https://evil.com/albums/a/photos/1", in: receiver, rule: .hostNotAllowed)
        assertUnhandled("myapp://nowhere", in: receiver, reason: .noMatchingRoute)
        assertNoShadowedRoutes(TestingFixtures.table, configuration: TestingFixtures.configuration)
        assertValidReceiver(TestingFixtures.table, configuration: TestingFixtures.configuration)
        assertRoute(.activity(TestingFixtures.handoff(index: 3)), in: receiver, is: "photo")
        assertConfirmation(
            .smartAppBanner(content: "app-id=1, app-argument=https://example.com/albums/a/delete"),
            in: receiver,
            is: "deleteAlbum")
        assertRejected(
            .activity(try! UserActivity(activityType: "com.other.app")), in: receiver,
            because: .unregisteredActivityType("com.other.app"))
    }

    @Test("an optional locale prefix does not turn unrelated links into refusals of its home route")
    func optionalPrefixHome() throws {
        let receiver = try LinkReceiver(
            table: RouteTable {
                RouteGroup(prefix: "/:locale(enum de|fr)?") { Route("home", "/") }
            },
            configuration: LinkReceiver.Configuration(
                policy: LinkPolicy(allowedHosts: ["ledger.example"]),
                schemes: try SchemeRegistry([CustomScheme("ledger")])))
        let reported = failures {
            assertOpensInBrowser("https://ledger.example/about", in: receiver, reason: .noMatchingRoute)
            assertUnhandled("ledger://nowhere", in: receiver, reason: .noMatchingRoute)
            assertRoute("https://ledger.example/fr", in: receiver, is: "home", parameters: ["locale": "fr"])
        }
        #expect(reported == [])
    }

    /// Runs assertions with reporting observed, and returns one message per failure, in order.
    func failures(_ body: () -> Void) -> [String] {
        let failures = ReportedFailures()
        FailureReporting.$observer.withValue(failures.record) { body() }
        #expect(failures.all.allSatisfy { $0.framework == .swiftTesting })
        return failures.all.map(\.message)
    }

    @Test(
        "a failure for a link of several kilobytes shows its start, says how much was left out, and keeps the sentence"
    )
    func longLinkInAFailure() {
        let link = "https://example.com/albums/" + String(repeating: "a", count: 4_000)
        let messages = failures { assertRoute(.url(link), in: receiver, is: "photo") }
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        let start = String(link.prefix(FailureReporting.keptAtStart))
        let end = String(repeating: "a", count: FailureReporting.keptAtEnd - 1) + ":"
        #expect(
            message.hasPrefix(start + "…[3628 characters]…" + end + " expected route to 'photo', but got: "))
        #expect(message.count < 1_000)
        #expect(!message.contains(String(repeating: "a", count: FailureReporting.keptAtStart)))
        // Short runs and line breaks are kept as they are.
        #expect(FailureReporting.readable("a b\nc") == "a b\nc")
        let words = String(repeating: "word ", count: 100) + "\n"
        #expect(
            FailureReporting.readable(words + "y" + String(repeating: "x", count: 499) + "z")
                == words + "y" + String(repeating: "x", count: 299) + "…[101 characters]…"
                + String(repeating: "x", count: 99) + "z")
        #expect(
            FailureReporting.readable(String(repeating: "é", count: 500))
                == String(repeating: "é", count: 500))
    }

    @Test("each assertion that fails reports exactly one failure, naming what was expected")
    func failingAssertionsReport() {
        let messages = failures {
            assertRoute("https://example.com/unknown", in: receiver, is: "photo")
            assertRoute(
                "https://example.com/albums/a/photos/1", in: receiver, is: "photo",
                parameters: ["album": "b", "index": 1])
            assertConfirmation("https://example.com/albums/a/photos/1", in: receiver, is: "photo")
            assertOpensInBrowser("https://example.com/albums/a/photos/1", in: receiver)
            assertRejected("https://example.com/albums/a/photos/1", in: receiver)
            assertRejected("https://example.com/a b", in: receiver, rule: .backslash)
            assertUnhandled("https://example.com/unknown", in: receiver)
            assertRejected(
                "https://example.com/unknown", in: receiver, because: .bannerWithoutArgument)
            assertNoShadowedRoutes(
                RouteTable {
                    Route("a", "/a/:x", priority: 1)
                    Route("b", "/a/b")
                })
            assertValidReceiver(RouteTable { Route("a", "/a//b") })
        }
        #expect(messages.count == 10)
        let firstLines = messages.map { $0.components(separatedBy: "\n")[0] }
        #expect(
            firstLines[0].hasPrefix("https://example.com/unknown: expected route to 'photo', but got: open "))
        #expect(
            firstLines[1].hasPrefix(
                "https://example.com/albums/a/photos/1: expected route to 'photo' with [album: string \"b\", "
            ))
        #expect(firstLines[2].contains("expected confirmation for route 'photo', but got: route to 'photo'"))
        #expect(firstLines[3].contains("expected the browser fallback, but got: route to 'photo'"))
        #expect(firstLines[4].contains("expected rejection as malformed, but got: route to 'photo'"))
        #expect(firstLines[5].contains("expected rejection as malformed (backslash: "))
        #expect(firstLines[5].contains("but got: reject: malformed link: "))
        #expect(firstLines[6].contains("expected rejection as unhandled, but got: open "))
        #expect(firstLines[7].contains("expected rejection: the Smart App Banner has no app-argument"))
        #expect(firstLines[8] == "the route table has routes that compete for the same links:")
        #expect(messages[9].contains("/a//b"))
    }

    @Test("a receiver whose activity route cannot write its link fails assertValidReceiver at build time")
    func unwritableActivityRouteIsReported() {
        let messages = failures {
            assertValidReceiver(
                RouteTable {
                    Route(
                        "photo", "/albums/:album(slug)",
                        scope: RouteScope(hosts: ["a.example.com", "b.example.com"]))
                },
                configuration: LinkReceiver.Configuration(
                    activities: [ActivityRoute(activityType: "com.example.view", route: "photo")]))
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("cannot write a link for route 'photo'") == true)
    }

    @Test("a failure goes to Swift Testing at the caller's line, with the outcome and the routes tried")
    func failureMessage() {
        let failures = ReportedFailures()
        let line: UInt = #line + 2
        FailureReporting.$observer.withValue(failures.record) {
            assertRoute("https://example.com/albums/Summer/photos/3", in: receiver, is: "photo")
        }
        #expect(failures.all.count == 1)
        #expect(failures.all.first?.framework == .swiftTesting)
        #expect(failures.all.first?.line == line)
        #expect(
            failures.all.first?.message == """
                https://example.com/albums/Summer/photos/3: expected route to 'photo', but got: \
                open https://example.com/albums/Summer/photos/3 in the browser: route 'photo' refused the link: \
                path parameter 'album' must be a slug: lower-case letters and digits, words joined by single hyphens \
                (got 'Summer')
                routes tried:
                photo: path parameter 'album' must be a slug: lower-case letters and digits, words joined by single hyphens (got 'Summer')
                """)
    }

    @Test("assertNoShadowedRoutes lists every competing route and ignores other problems")
    func shadowMessage() {
        let failures = ReportedFailures()
        FailureReporting.$observer.withValue(failures.record) {
            assertNoShadowedRoutes(
                RouteTable {
                    Route("general", "/a/:x", priority: 1)
                    Route("specific", "/a/b")
                    Route("broken", "/c//d")
                })
        }
        #expect(
            failures.all.map(\.message) == [
                """
                the route table has routes that compete for the same links:
                - route 'specific' is shadowed: every link it matches is taken first by route 'general'
                """
            ])
    }

    @Test(
        "expectations compare the whole outcome",
        arguments: [
            (LinkExpectation.route("photo", parameters: ["album": "a", "index": 1]), true),
            (.route("photo"), true),
            (.route("photo", parameters: ["album": "a", "index": 2]), false),
            (.confirm("photo"), false),
            (.openInBrowser(), false),
            (.malformed(), false),
            (.unhandled(), false),
            (.rejected(.bannerWithoutArgument), false),
        ])
    func expectations(_ expectation: LinkExpectation, _ holds: Bool) {
        let outcome = receiver.receive(url: "https://example.com/albums/a/photos/1").outcome
        #expect((expectation.failureMessage(for: outcome) == nil) == holds)
    }

    @Test("expectations describe themselves in words")
    func descriptions() {
        #expect(
            LinkExpectation.route("photo", parameters: ["index": 1]).description
                == "route to 'photo' with [index: integer 1]")
        #expect(
            LinkExpectation.confirm("delete", safety: .destructive).description
                == "confirmation for destructive route 'delete'")
        #expect(
            LinkExpectation.openInBrowser(reason: .noMatchingRoute).description
                == "the browser fallback (no route matches the link)")
        #expect(
            LinkExpectation.malformed(rule: .backslash).description
                == "rejection as malformed (backslash: the link contains a backslash, which browsers read as a slash)"
        )
        #expect(LinkExpectation.unhandled().description == "rejection as unhandled")
    }
}

@Suite("Navigation assertions under Swift Testing")
struct NavigationAssertionTests {
    let receiver: LinkReceiver
    init() throws { receiver = try TestingFixtures.receiver() }

    func failures(_ body: () -> Void) -> [String] {
        let failures = ReportedFailures()
        FailureReporting.$observer.withValue(failures.record) { body() }
        #expect(failures.all.allSatisfy { $0.framework == .swiftTesting })
        return failures.all.map(\.message)
    }

    @Test("path assertions that hold record nothing; those that do not say what the path was")
    func paths() {
        #expect(
            failures {
                assertPath(
                    "https://example.com/albums/summer/photos/3", in: receiver, is: ["album", "photo"])
            } == [])
        #expect(
            failures { assertPath("https://example.com/albums/summer/photos/3", in: receiver, is: ["photo"]) }
                == [
                    #"https://example.com/albums/summer/photos/3: expected the path ["photo"], but got: album(album: string "summer") → photo(album: string "summer", index: integer 3)"#
                ])
        #expect(
            failures { assertPath("https://example.com/nowhere", in: receiver, is: ["photo"]) }.first?
                .hasPrefix(#"https://example.com/nowhere: expected the path ["photo"], but got: "#) == true)
    }

    @Test("holder assertions: held with what is missing, handed back, nothing replayed")
    func holder() throws {
        var holder = LinkHolder(router: receiver.router, interfaceReady: true)
        let now = ContinuousClock.now
        let account = receiver.receive(url: "https://example.com/albums/summer/photos/3")
        #expect(failures { assertHeld(holder.receive(account, at: now), missing: ["signedIn"]) } == [])
        #expect(
            failures { assertReplayed(holder.update(conditions: ["signedIn"], at: now), route: "photo") }
                == [])
        #expect(failures { assertNothingReplayed(holder.update(conditions: ["signedIn"], at: now)) } == [])
        let missing = failures { assertHeld([], missing: ["signedIn"]) }
        #expect(
            missing == [#"expected the link held, waiting for ["signedIn"], but the holder said: nothing"#])
        let notReplayed = failures { assertReplayed([.drop(account, reason: .expired)], route: "photo") }
        #expect(notReplayed.count == 1)
        #expect(notReplayed.first?.hasSuffix("(expired)") == true)
    }
}
