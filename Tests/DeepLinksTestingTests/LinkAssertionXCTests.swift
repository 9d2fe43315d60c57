import DeepLinks
import XCTest

@testable import DeepLinksTesting

/// The same assertions under XCTest: they pass silently, and a failure goes to XCTest.
final class LinkAssertionXCTests: XCTestCase {
    func testHoldingAssertionsPass() throws {
        let receiver = try TestingFixtures.receiver()
        assertRoute(
            "https://example.com/albums/summer/photos/3", in: receiver, is: "photo",
            parameters: ["album": "summer", "index": 3])
        assertConfirmation(
            "https://example.com/albums/summer/delete", in: receiver, is: "deleteAlbum",
            safety: .destructive)
        assertOpensInBrowser("https://example.com/unknown", in: receiver, reason: .noMatchingRoute)
        assertRejected(#"https://example.com\@evil.com/"#, in: receiver, rule: .backslash)
        assertUnhandled("myapp://nowhere", in: receiver)
        assertNoShadowedRoutes(TestingFixtures.table, configuration: TestingFixtures.configuration)
        assertValidReceiver(TestingFixtures.table, configuration: TestingFixtures.configuration)
        assertPath("https://example.com/albums/summer/photos/3", in: receiver, is: ["album", "photo"])
        var holder = LinkHolder(router: receiver.router, interfaceReady: true)
        let now = ContinuousClock.now
        let photo = receiver.receive(url: "https://example.com/albums/summer/photos/3")
        assertHeld(holder.receive(photo, at: now), missing: ["signedIn"])
        assertReplayed(holder.update(conditions: ["signedIn"], at: now), route: "photo")
        assertNothingReplayed(holder.update(conditions: ["signedIn"], at: now))
    }

    func testNavigationFailureGoesToXCTest() throws {
        let receiver = try TestingFixtures.receiver()
        let failures = ReportedFailures()
        FailureReporting.$observer.withValue(failures.record) {
            assertPath("https://example.com/albums/summer/photos/3", in: receiver, is: ["photo"])
            assertHeld([], missing: ["signedIn"])
        }
        XCTAssertEqual(failures.all.map(\.framework), [.xcTest, .xcTest])
    }

    func testFailureGoesToXCTestAtTheCallersLine() throws {
        let receiver = try TestingFixtures.receiver()
        let failures = ReportedFailures()
        let line: UInt = #line + 2
        FailureReporting.$observer.withValue(failures.record) {
            assertRejected("https://example.com/albums/a/photos/1", in: receiver, rule: .backslash)
        }
        XCTAssertEqual(failures.all.count, 1)
        XCTAssertEqual(failures.all.first?.framework, .xcTest)
        XCTAssertEqual(failures.all.first?.line, line)
        XCTAssertEqual(
            failures.all.first?.message.components(separatedBy: "\n").first,
            "https://example.com/albums/a/photos/1: expected rejection as malformed "
                + "(backslash: the link contains a backslash, which browsers read as a slash), "
                + "but got: route to 'photo' [album: string \"a\", index: integer 1]")
    }
}
