import DeepLinks
import Foundation
import Testing

@Suite("Link holder: links wait for sign-in and for the interface, then open once")
struct LinkHolderTests {
    let receiver: LinkReceiver
    let start = ContinuousClock.now
    init() throws { receiver = try StreamingFixtures.receiver() }

    private func holder(ready: Bool = true, conditions: Set<String> = []) -> LinkHolder {
        LinkHolder(
            router: receiver.router, expiry: .seconds(600), conditions: conditions, interfaceReady: ready)
    }

    private func at(_ seconds: Int) -> ContinuousClock.Instant { start + .seconds(seconds) }

    @Test("a route that needs sign-in is held, reported with what is missing, and opens once signed in")
    func heldUntilSignedIn() {
        var holder = holder()
        let cart = receiver.receive(url: "https://reel.example/cart")
        #expect(holder.receive(cart, at: at(0)) == [.hold(cart, missing: ["signedIn"])])
        #expect(holder.held?.decision == cart)
        #expect(holder.update(conditions: ["onboarded"], at: at(5)) == [])
        #expect(holder.update(conditions: ["signedIn"], at: at(20)) == [.open(cart)])
        #expect(holder.held == nil)
        // Handed back once: nothing is replayed later.
        #expect(holder.update(conditions: ["signedIn", "onboarded"], at: at(30)) == [])
    }

    @Test("a route opens at once when its conditions already hold; other outcomes are never held")
    func notHeld() {
        var holder = holder(conditions: ["signedIn"])
        let cart = receiver.receive(url: "https://reel.example/cart")
        #expect(holder.receive(cart, at: at(0)) == [.open(cart)])
        var signedOut = self.holder(ready: false)
        let browser = receiver.receive(url: "https://reel.example/unknown/page")
        let rejected = receiver.receive(url: "https://evil.example/cart")
        #expect(signedOut.receive(browser, at: at(0)) == [.open(browser)])
        #expect(signedOut.receive(rejected, at: at(0)) == [.open(rejected)])
        #expect(signedOut.held == nil)
    }

    @Test("every condition of the route and of its ancestors must hold")
    func ancestorsAndSeveralConditions() {
        var holder = holder()
        let downloads = receiver.receive(url: "https://reel.example/downloads")
        #expect(
            holder.receive(downloads, at: at(0)) == [
                .hold(downloads, missing: ["signedIn", "downloadsEnabled"])
            ])
        #expect(holder.missingConditions == ["signedIn", "downloadsEnabled"])
        // A partial sign-in: no action, the link keeps waiting, and the holder says for what.
        #expect(holder.update(conditions: ["signedIn"], at: at(1)) == [])
        #expect(holder.held?.decision == downloads)
        #expect(holder.missingConditions == ["downloadsEnabled"])
        #expect(holder.update(conditions: ["signedIn", "downloadsEnabled"], at: at(2)) == [.open(downloads)])
        #expect(holder.missingConditions == [])
        // Checkout requires nothing itself, but opens under the cart, which needs sign-in.
        let checkout = receiver.receive(url: "https://reel.example/cart/checkout")
        #expect(holder.requirements(of: checkout) == ["signedIn"])
    }

    @Test("expiry: a link held longer than the expiry is dropped, never opened")
    func expiry() {
        var holder = holder()
        let cart = receiver.receive(url: "https://reel.example/cart")
        _ = holder.receive(cart, at: at(0))
        #expect(holder.expire(at: at(600)) == [])
        #expect(holder.update(conditions: ["signedIn"], at: at(601)) == [.drop(cart, reason: .expired)])
        #expect(holder.held == nil)
        var again = self.holder()
        _ = again.receive(cart, at: at(0))
        #expect(again.expire(at: at(601)) == [.drop(cart, reason: .expired)])
        #expect(again.update(conditions: ["signedIn"], at: at(602)) == [])
    }

    @Test("newest wins: a second link replaces the one held, which is dropped")
    func newestWins() {
        var holder = holder()
        let cart = receiver.receive(url: "https://reel.example/cart")
        let downloads = receiver.receive(url: "https://reel.example/downloads")
        let title = receiver.receive(url: "https://reel.example/title/tt0111161")
        _ = holder.receive(cart, at: at(0))
        #expect(
            holder.receive(downloads, at: at(1))
                == [
                    .drop(cart, reason: .replaced),
                    .hold(downloads, missing: ["signedIn", "downloadsEnabled"]),
                ])
        // A newer link that can open at once also replaces the held one.
        #expect(holder.receive(title, at: at(2)) == [.drop(downloads, reason: .replaced), .open(title)])
        #expect(holder.update(conditions: ["signedIn", "downloadsEnabled"], at: at(3)) == [])
    }

    @Test("a declined confirmation is dropped and never replayed")
    func declinedConfirmation() {
        var holder = holder()
        let redeem = receiver.receive(url: "https://reel.example/redeem?code=GIFT2026")
        guard case .confirm = redeem.outcome else {
            Issue.record("redeem should ask first: \(redeem)")
            return
        }
        #expect(holder.receive(redeem, at: at(0)) == [.hold(redeem, missing: ["signedIn"])])
        #expect(holder.update(conditions: ["signedIn"], at: at(10)) == [.askToConfirm(redeem)])
        #expect(holder.awaitingConfirmation == redeem)
        #expect(holder.declined() == [.drop(redeem, reason: .declined)])
        #expect(holder.awaitingConfirmation == nil)
        #expect(holder.update(conditions: [], at: at(11)) == [])
        #expect(holder.update(conditions: ["signedIn"], at: at(12)) == [])
        #expect(holder.confirmed(at: at(13)) == [])
        #expect(holder.declined() == [])
    }

    @Test("a confirmed confirmation opens once")
    func confirmedConfirmation() {
        var holder = holder(conditions: ["signedIn"])
        let checkout = receiver.receive(url: "https://reel.example/cart/checkout")
        #expect(holder.receive(checkout, at: at(0)) == [.askToConfirm(checkout)])
        #expect(holder.confirmed(at: at(1)) == [.open(checkout)])
        #expect(holder.confirmed(at: at(2)) == [])
        // A link that arrives while the user is being asked replaces the question.
        _ = holder.receive(checkout, at: at(3))
        let title = receiver.receive(url: "https://reel.example/title/tt0111161")
        #expect(holder.receive(title, at: at(4)) == [.drop(checkout, reason: .replaced), .open(title)])
        #expect(holder.declined() == [])
    }

    @Test("a confirmation given after sign-out never opens: the link waits for sign-in and is asked again")
    func confirmedAfterSignOut() {
        var holder = holder(conditions: ["signedIn"])
        let redeem = receiver.receive(url: "https://reel.example/redeem?code=GIFT2026")
        #expect(holder.receive(redeem, at: at(0)) == [.askToConfirm(redeem)])
        #expect(holder.update(conditions: [], at: at(10)) == [])
        #expect(holder.confirmed(at: at(20)) == [.hold(redeem, missing: ["signedIn"])])
        #expect(holder.awaitingConfirmation == nil)
        #expect(holder.held?.decision == redeem)
        // Whoever signs in is asked again; only that answer opens it.
        #expect(holder.update(conditions: ["signedIn"], at: at(30)) == [.askToConfirm(redeem)])
        #expect(holder.confirmed(at: at(40)) == [.open(redeem)])
        // An ancestor's requirement counts as well: checkout opens under the cart.
        let checkout = receiver.receive(url: "https://reel.example/cart/checkout")
        #expect(holder.receive(checkout, at: at(50)) == [.askToConfirm(checkout)])
        #expect(holder.update(conditions: ["onboarded"], at: at(51)) == [])
        #expect(holder.confirmed(at: at(52)) == [.hold(checkout, missing: ["signedIn"])])
    }

    @Test("a link put back on hold by a late sign-out still expires from its arrival")
    func confirmedAfterSignOutPastExpiry() {
        var holder = holder()
        let redeem = receiver.receive(url: "https://reel.example/redeem?code=GIFT2026")
        #expect(holder.receive(redeem, at: at(0)) == [.hold(redeem, missing: ["signedIn"])])
        #expect(holder.update(conditions: ["signedIn"], at: at(500)) == [.askToConfirm(redeem)])
        #expect(holder.update(conditions: [], at: at(550)) == [])
        #expect(holder.confirmed(at: at(650)) == [.drop(redeem, reason: .expired)])
        #expect(holder.held == nil)
        #expect(holder.update(conditions: ["signedIn"], at: at(660)) == [])
    }

    @Test("a confirmation answered after the confirmation expiry is dropped as confirmationExpired")
    func confirmationExpires() {
        var holder = LinkHolder(
            router: receiver.router, confirmationExpiry: .seconds(30), conditions: ["signedIn"],
            interfaceReady: true)
        #expect(holder.confirmationExpiry == .seconds(30))
        let checkout = receiver.receive(url: "https://reel.example/cart/checkout")
        #expect(holder.receive(checkout, at: at(0)) == [.askToConfirm(checkout)])
        #expect(holder.confirmed(at: at(31)) == [.drop(checkout, reason: .confirmationExpired)])
        #expect(holder.awaitingConfirmation == nil)
        #expect(holder.confirmed(at: at(32)) == [])
        // Answered in time, it opens.
        #expect(holder.receive(checkout, at: at(40)) == [.askToConfirm(checkout)])
        #expect(holder.confirmed(at: at(70)) == [.open(checkout)])
        // The default is five minutes, counted from the question, not from the arrival.
        var byDefault = self.holder()
        #expect(byDefault.confirmationExpiry == .seconds(300))
        #expect(byDefault.receive(checkout, at: at(0)) == [.hold(checkout, missing: ["signedIn"])])
        #expect(byDefault.update(conditions: ["signedIn"], at: at(200)) == [.askToConfirm(checkout)])
        #expect(byDefault.confirmed(at: at(501)) == [.drop(checkout, reason: .confirmationExpired)])
    }

    @Test("expire drops a pending confirmation whose answer is overdue, and leaves a fresh one")
    func expireDropsOverdueConfirmation() {
        var holder = holder(conditions: ["signedIn"])
        let redeem = receiver.receive(url: "https://reel.example/redeem?code=GIFT2026")
        #expect(holder.receive(redeem, at: at(0)) == [.askToConfirm(redeem)])
        #expect(holder.expire(at: at(300)) == [])
        #expect(holder.awaitingConfirmation == redeem)
        #expect(holder.expire(at: at(301)) == [.drop(redeem, reason: .confirmationExpired)])
        #expect(holder.awaitingConfirmation == nil)
        #expect(holder.confirmed(at: at(302)) == [])
        #expect(holder.declined() == [])
    }

    @Test("cold start: a link that arrives before the interface waits for it, then for sign-in")
    func coldStart() {
        var holder = holder(ready: false)
        let episode = receiver.receive(url: "https://reel.example/title/tt0111161/season/2/episode/5")
        #expect(holder.receive(episode, at: at(0)) == [.hold(episode, missing: [])])
        #expect(holder.interfaceIsReady(at: at(1)) == [.open(episode)])

        var signedOut = self.holder(ready: false)
        let cart = receiver.receive(url: "https://reel.example/cart")
        #expect(signedOut.receive(cart, at: at(0)) == [.hold(cart, missing: ["signedIn"])])
        #expect(signedOut.interfaceIsReady(at: at(1)) == [])
        #expect(signedOut.update(conditions: ["signedIn"], at: at(2)) == [.open(cart)])
    }

    @Test("the user dismisses sign-in: the held link is cancelled")
    func cancel() {
        var holder = holder()
        let cart = receiver.receive(url: "https://reel.example/cart")
        _ = holder.receive(cart, at: at(0))
        #expect(holder.cancel() == [.drop(cart, reason: .cancelled)])
        #expect(holder.cancel() == [])
        #expect(holder.update(conditions: ["signedIn"], at: at(1)) == [])
    }

    @Test(
        "every source goes through the same holder: universal link, custom scheme, activity, Handoff, banner",
        arguments: [
            IncomingLink.url("https://reel.example/cart"),
            IncomingLink.url("reel://reel.example/cart"),
            IncomingLink.smartAppBanner(content: "app-id=1234567890, app-argument=https://reel.example/cart"),
        ] + Self.activities())
    func everySource(incoming: IncomingLink) {
        var holder = holder()
        let decision = receiver.receive(incoming)
        #expect(decision.match?.route == "cart", "\(decision)")
        #expect(holder.receive(decision, at: at(0)) == [.hold(decision, missing: ["signedIn"])])
        #expect(holder.update(conditions: ["signedIn"], at: at(1)) == [.open(decision)])
    }

    static func activities() -> [IncomingLink] {
        [
            try? UserActivity(
                activityType: UserActivity.browsingWeb, webpageURL: "https://reel.example/cart"),
            try? UserActivity(activityType: StreamingFixtures.shopping),
        ].compactMap { $0.map(IncomingLink.activity) }
    }
}

/// How far a test's clock has moved on, in seconds: set by the test, read by the inbox's clock.
private final class ClockOffset: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var seconds: Int {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// An activity as `NSUserActivity` presents it.
private final class Activity: PlatformUserActivity, Hashable, @unchecked Sendable {
    let activityType: String
    let webpageURL: URL?
    let referrerURL: URL? = nil
    let userInfo: [AnyHashable: Any]? = nil
    let requiredUserInfoKeys: Set<String>? = nil
    let targetContentIdentifier: String? = nil
    let persistentIdentifier: String? = nil
    let isEligibleForHandoff = true
    init(_ url: String) {
        activityType = UserActivity.browsingWeb
        webpageURL = URL(string: url)
    }
    static func == (a: Activity, b: Activity) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private struct URLContext: PlatformURLContext {
    let url: URL
}

private struct Connection: PlatformSceneConnection {
    var userActivities: Set<Activity> = []
    var urlContexts: Set<URLContext> = []
}

@Suite("Link inbox: the adapters' one path, cold start included")
@MainActor
struct LinkInboxTests {
    @Test("a cold-start universal link to the cart waits for the interface and sign-in, then opens its path")
    func coldStartToSignIn() throws {
        let receiver = try StreamingFixtures.receiver()
        var actions: [LinkHolder.Action] = []
        let inbox = LinkInbox(receiver: receiver, interfaceReady: false) { actions.append($0) }
        let tap = Activity("https://reel.example/cart/checkout")
        inbox.receive(Connection(userActivities: [tap]))
        let checkout = receiver.receive(tap)
        #expect(actions == [.hold(checkout, missing: ["signedIn"])])
        inbox.interfaceIsReady()
        #expect(actions.count == 1)
        inbox.update(conditions: ["signedIn"])
        #expect(actions.last == .askToConfirm(checkout))
        inbox.confirmed()
        #expect(actions.last == .open(checkout))
        let match = try #require(checkout.match)
        #expect(receiver.router.path(for: match).map(\.route) == ["cart", "checkout"])
    }

    @Test("warm start: URL contexts and URLs go through the holder too; a declined question stays declined")
    func warmStart() throws {
        let receiver = try StreamingFixtures.receiver()
        var actions: [LinkHolder.Action] = []
        let inbox = LinkInbox(receiver: receiver, conditions: ["signedIn"], interfaceReady: true) {
            actions.append($0)
        }
        let url = try #require(URL(string: "reel://reel.example/redeem?code=GIFT2026"))
        inbox.receive([URLContext(url: url)])
        let redeem = receiver.receive(url)
        #expect(actions == [.askToConfirm(redeem)])
        inbox.declined()
        inbox.update(conditions: ["signedIn"])
        #expect(actions == [.askToConfirm(redeem), .drop(redeem, reason: .declined)])
        inbox.receive(try #require(URL(string: "https://reel.example/title/tt0111161")))
        #expect(actions.last.map { if case .open = $0 { true } else { false } } == true)
    }

    @Test("the inbox drops a confirmation answered after its expiry, by its clock")
    func confirmationExpiryByClock() throws {
        let receiver = try StreamingFixtures.receiver()
        let start = ContinuousClock.now
        let offset = ClockOffset()
        var actions: [LinkHolder.Action] = []
        let inbox = LinkInbox(
            receiver: receiver, confirmationExpiry: .seconds(60), conditions: ["signedIn"],
            interfaceReady: true,
            now: { start + .seconds(offset.seconds) }
        ) {
            actions.append($0)
        }
        inbox.receive(.url("https://reel.example/redeem?code=GIFT2026"))
        offset.seconds = 61
        inbox.confirmed()
        let redeem = receiver.receive(url: "https://reel.example/redeem?code=GIFT2026")
        #expect(actions == [.askToConfirm(redeem), .drop(redeem, reason: .confirmationExpired)])
    }

    @Test("the inbox expires a held link by its clock")
    func expiryByClock() throws {
        let receiver = try StreamingFixtures.receiver()
        let start = ContinuousClock.now
        let offset = ClockOffset()
        var actions: [LinkHolder.Action] = []
        let inbox = LinkInbox(
            receiver: receiver, expiry: .seconds(60), interfaceReady: true,
            now: { start + .seconds(offset.seconds) }
        ) {
            actions.append($0)
        }
        inbox.receive(.url("https://reel.example/cart"))
        offset.seconds = 61
        inbox.expire()
        let cart = receiver.receive(url: "https://reel.example/cart")
        #expect(actions == [.hold(cart, missing: ["signedIn"]), .drop(cart, reason: .expired)])
    }
}
