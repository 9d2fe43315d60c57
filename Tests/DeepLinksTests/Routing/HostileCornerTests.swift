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
        let problems = Self.table.problems(policy: Self.policy)
        #expect(
            problems == [
                .navigationTakesGuardedLinks(
                    route: "albumAction", guarded: "deleteAlbum", safety: .destructive)
            ])
        #expect(problems.allSatisfy { !$0.isError })
        #expect(
            problems.first?.description
                == "navigate route 'albumAction' can take links shaped like destructive route 'deleteAlbum' "
                + "when they fail its parameter checks; such links are refused instead of navigating. "
                + "Give 'albumAction' a literal that 'deleteAlbum' does not have, or narrow its parameters")
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
        "pins: a navigate route of higher priority never takes a sensitive route's link; the sensitive route asks first"
    )
    func higherPriorityNavigateDoesNotTakeSensitiveLink() throws {
        let table = RouteTable {
            // The sensitive route serves every host, so the navigate one does not shadow it.
            Route("settings", "/account/:page", scope: RouteScope(hosts: ["example.com"]), priority: 1)
            Route("closeAccount", "/account/close", safety: .sensitive)
        }
        #expect(
            table.problems()
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

    @Test("a literal that only the navigate route has keeps the table free of the finding")
    func disjointLiteralsAreNotReported() {
        let table = RouteTable {
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            Route("albumPhotos", "/albums/:album/photos")
            Route("closeAccount", "/account/close", safety: .sensitive)
            Route("page", "/:section/:page")
        }
        #expect(table.problems().isEmpty)
    }
}
