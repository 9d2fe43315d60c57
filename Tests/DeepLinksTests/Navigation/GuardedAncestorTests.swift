import DeepLinks
import Foundation
import Testing

/// A shop whose account pages are sensitive and need sign-in: the orders and each order open
/// under the account, and deleting the account is destructive.
enum AccountFixtures {
    static let routes = [
        Route("home", "/"),
        Route("account", "/account", safety: .sensitive, requires: ["signedIn"]),
        Route("orders", "/account/orders", parent: "account"),
        Route("order", "/account/orders/:order(int 1...999999)", parent: "orders"),
        Route("deleteAccount", "/account/delete", safety: .destructive, requires: ["signedIn"]),
    ]

    static func receiver(_ routes: [Route] = routes) throws -> LinkReceiver {
        try LinkReceiver(
            table: RouteTable(routes: routes), policy: LinkPolicy(allowedHosts: ["shop.example"]))
    }
}

@Suite("Guarded ancestors: a navigation path that opens a sensitive screen asks first")
struct GuardedAncestorTests {
    let start = ContinuousClock.now
    private func at(_ seconds: Int) -> ContinuousClock.Instant { start + .seconds(seconds) }

    @Test(
        "TABLE025: a navigate route under a sensitive ancestor is a warning naming the route and the ancestor"
    )
    func warning() throws {
        let findings = RouteTable(routes: AccountFixtures.routes).findings()
        #expect(
            findings == [
                .guardedAncestor(route: "orders", ancestor: "account", safety: .sensitive),
                .guardedAncestor(route: "order", ancestor: "account", safety: .sensitive),
            ])
        #expect(findings.map(\.code) == ["TABLE025", "TABLE025"])
        #expect(findings.map(\.isError) == [false, false])
        #expect(findings.map(\.route) == ["orders", "order"])
        #expect(
            findings.first?.description
                == "navigate route 'orders' opens under sensitive route 'account', whose screen its navigation "
                + "path shows; its links ask for confirmation as those of 'account' do, and wait for what "
                + "'account' requires; declare 'orders' sensitive to say so, or give it another parent")
        // Declared sensitive, the routes say what they do: no finding.
        var declared = AccountFixtures.routes
        declared[2].safety = .sensitive
        declared[3].safety = .sensitive
        #expect(RouteTable(routes: declared).findings() == [])
        // The warning does not stop the table from building.
        _ = try Router(RouteTable(routes: AccountFixtures.routes))
    }

    @Test("TABLE025 past the limit is counted as a warning too")
    func warningsCapped() {
        var routes = [Route("account", "/account", safety: .sensitive)]
        for index in 0..<(RouteTable.maximumFindingsPerCode + 3) {
            routes.append(
                Route("page\(index)", PathPattern(parsing: "/account/p\(index)"), parent: "account"))
        }
        let findings = RouteTable(routes: routes).findings()
        #expect(findings.count == RouteTable.maximumFindingsPerCode + 1)
        #expect(findings.last == .moreFindings(code: "TABLE025", count: 3))
        #expect(findings.last?.isError == false)
    }

    @Test("TABLE024: a destructive route can never be a parent; the table does not build")
    func destructiveParent() throws {
        let routes = [
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive),
            Route("deleted", "/albums/:album(slug)/delete/done", parent: "deleteAlbum"),
            Route("undo", "/albums/:album(slug)/delete/done/undo", parent: "deleted"),
        ]
        let findings = RouteTable(routes: routes).findings()
        #expect(
            findings == [
                .destructiveParent(route: "deleted", parent: "deleteAlbum"),
                .guardedAncestor(route: "undo", ancestor: "deleteAlbum", safety: .destructive),
            ])
        #expect(findings.map(\.code) == ["TABLE024", "TABLE025"])
        #expect(findings.first?.isError == true)
        #expect(
            findings.first?.description
                == "route 'deleted' names the destructive route 'deleteAlbum' as its parent; a navigation path "
                + "would open 'deleteAlbum' as an ancestor screen, and a destructive route runs only from its own "
                + "confirmed link; give 'deleted' a parent that shows content")
        #expect(throws: RouteTableError(findings: findings)) { try Router(RouteTable(routes: routes)) }
    }

    @Test(
        "the effective safety is the strongest along the path; the receiver confirms a child of a sensitive route"
    )
    func receiverConfirms() throws {
        let receiver = try AccountFixtures.receiver()
        let router = receiver.router
        #expect(router.effectiveSafety(ofRoute: "home") == .navigate)
        #expect(router.effectiveSafety(ofRoute: "account") == .sensitive)
        #expect(router.effectiveSafety(ofRoute: "orders") == .sensitive)
        #expect(router.effectiveSafety(ofRoute: "order") == .sensitive)
        #expect(router.effectiveSafety(ofRoute: "deleteAccount") == .destructive)
        #expect(router.effectiveSafety(ofRoute: "nowhere") == nil)
        // The declaration is kept as written.
        #expect(router.route(named: "order")?.safety == .navigate)

        let order = receiver.receive(url: "https://shop.example/account/orders/42")
        guard case .confirm(let match) = order.outcome else {
            Issue.record("a child of a sensitive route should ask first: \(order)")
            return
        }
        #expect(match.route == "order")
        #expect(match.safety == .sensitive)
        #expect(order.outcome.description == "confirm sensitive route 'order' [order: integer 42]")
        #expect(router.path(for: match).map(\.route) == ["account", "orders", "order"])
        // A route with no guarded ancestor still routes.
        let home = receiver.receive(url: "https://shop.example/")
        #expect(home.outcome == .route(try #require(home.match)))
    }

    @Test("the holder waits for the sensitive ancestor's requirements, then asks to confirm the child")
    func holderAsksForChild() throws {
        let receiver = try AccountFixtures.receiver()
        var holder = LinkHolder(router: receiver.router, interfaceReady: true)
        let orders = receiver.receive(url: "https://shop.example/account/orders")
        #expect(holder.requirements(of: orders) == ["signedIn"])
        #expect(holder.receive(orders, at: at(0)) == [.hold(orders, missing: ["signedIn"])])
        #expect(holder.update(conditions: ["signedIn"], at: at(5)) == [.askToConfirm(orders)])
        #expect(holder.confirmed(at: at(6)) == [.open(orders)])
    }

    @Test("the holder asks for a route its table guards even when the decision says route")
    func holderUsesItsOwnTable() throws {
        // A decision made by a receiver whose table had not yet made the account sensitive.
        var older = AccountFixtures.routes
        older[1].safety = .navigate
        let stale = try AccountFixtures.receiver(older).receive(url: "https://shop.example/account/orders")
        #expect(stale.outcome == .route(try #require(stale.match)))
        let current = try AccountFixtures.receiver()
        var holder = LinkHolder(router: current.router, conditions: ["signedIn"], interfaceReady: true)
        #expect(holder.receive(stale, at: at(0)) == [.askToConfirm(stale)])
        #expect(holder.awaitingConfirmation == stale)
        #expect(holder.declined() == [.drop(stale, reason: .declined)])
    }
}
