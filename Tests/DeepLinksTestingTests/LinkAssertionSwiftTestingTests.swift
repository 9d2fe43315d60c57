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
    let dispatcher: LinkDispatcher

    init() throws { dispatcher = try TestingFixtures.dispatcher() }

    @Test("assertions that hold record nothing")
    func holding() {
        assertRoute(
            "https://example.com/albums/summer/photos/3", in: dispatcher, is: "photo",
            parameters: ["album": "summer", "index": 3])
        assertConfirmation(
            "https://example.com/albums/summer/delete", in: dispatcher, is: "deleteAlbum",
            parameters: ["album": "summer"],
            safety: .destructive)
        assertOpensInBrowser("https://example.com/unknown", in: dispatcher, reason: .noMatchingRoute)
        assertOpensInBrowser("https://example.com/albums/summer/photos/99999", in: dispatcher)
        assertRejected(#"https://example.com\@evil.com/"#, in: dispatcher, rule: .backslash)
        assertRejected("https://evil.com/albums/a/photos/1", in: dispatcher, rule: .hostNotAllowed)
        assertUnhandled("myapp://nowhere", in: dispatcher, reason: .noMatchingRoute)
        assertNoShadowedRoutes(TestingFixtures.table)
        assertValidTable(TestingFixtures.table, policy: TestingFixtures.policy)
    }

    @Test("each assertion that fails records a Swift Testing issue")
    func failingRecordsIssues() {
        withKnownIssue { assertRoute("https://example.com/unknown", in: dispatcher, is: "photo") }
        withKnownIssue {
            assertRoute(
                "https://example.com/albums/a/photos/1", in: dispatcher, is: "photo",
                parameters: ["album": "b", "index": 1])
        }
        withKnownIssue {
            assertConfirmation("https://example.com/albums/a/photos/1", in: dispatcher, is: "photo")
        }
        withKnownIssue { assertOpensInBrowser("https://example.com/albums/a/photos/1", in: dispatcher) }
        withKnownIssue { assertRejected("https://example.com/albums/a/photos/1", in: dispatcher) }
        withKnownIssue { assertRejected("https://example.com/a b", in: dispatcher, rule: .backslash) }
        withKnownIssue { assertUnhandled("https://example.com/unknown", in: dispatcher) }
        withKnownIssue {
            assertNoShadowedRoutes(
                RouteTable {
                    Route("a", "/a/:x", priority: 1)
                    Route("b", "/a/b")
                })
        }
        withKnownIssue { assertValidTable(RouteTable { Route("a", "/a//b") }) }
    }

    @Test("a failure goes to Swift Testing at the caller's line, with the outcome and the routes tried")
    func failureMessage() {
        let failures = ReportedFailures()
        let line: UInt = #line + 2
        FailureReporting.$observer.withValue(failures.record) {
            assertRoute("https://example.com/albums/Summer/photos/3", in: dispatcher, is: "photo")
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
        ])
    func expectations(_ expectation: LinkExpectation, _ holds: Bool) {
        let outcome = dispatcher.outcome(for: "https://example.com/albums/a/photos/1")
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
