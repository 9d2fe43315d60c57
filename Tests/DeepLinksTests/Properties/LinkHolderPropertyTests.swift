import DeepLinks
import Foundation
import TestSupport
import Testing

/// A holder's life: links arriving for a small shop (navigate, sensitive and destructive routes,
/// parents, requirements), sign-in and sign-out, the interface coming up, confirmations,
/// declines, cancels and time passing, with the invariants checked after every step against
/// what the table says, written out here by hand (the same model as `Fuzz/Sources/FuzzLinkHolder`).
struct HolderSimulation {
    /// One thing that happens to the holder.
    enum Event: Equatable {
        case receive(Int)
        case conditions(Set<String>)
        case interfaceReady
        case confirmed
        case declined
        case cancel
        case wait(seconds: Int)
        case expire
    }

    static let routes = [
        Route("home", "/"),
        Route("help", "/help", parent: "home"),
        Route("account", "/account", safety: .sensitive, requires: ["signedIn"]),
        Route("orders", "/account/orders", parent: "account"),
        Route("order", "/account/orders/:order(int 1...999)", parent: "orders"),
        Route("cart", "/cart", requires: ["signedIn"]),
        Route("checkout", "/cart/checkout", safety: .sensitive, parent: "cart"),
        Route("clearCart", "/cart/clear", safety: .destructive, parent: "cart", requires: ["onboarded"]),
        Route("premium", "/premium", requires: ["premium"]),
    ]
    /// The routes whose links must be confirmed: guarded themselves or under a guarded route.
    static let guarded: Set<String> = ["account", "orders", "order", "checkout", "clearCart"]
    /// What each route needs, its ancestors' requirements included.
    static let needs: [String: Set<String>] = [
        "account": ["signedIn"], "orders": ["signedIn"], "order": ["signedIn"], "cart": ["signedIn"],
        "checkout": ["signedIn"], "clearCart": ["signedIn", "onboarded"], "premium": ["premium"],
    ]
    static let links = [
        "https://shop.example/", "https://shop.example/help", "https://shop.example/account",
        "https://shop.example/account/orders", "https://shop.example/account/orders/42",
        "https://shop.example/cart", "https://shop.example/cart/checkout", "https://shop.example/cart/clear",
        "https://shop.example/premium", "https://shop.example/nowhere", "https://evil.example/cart",
    ]
    static let conditionNames = ["signedIn", "onboarded", "premium"]
    static let expiry = Duration.seconds(600)

    let decisions: [LinkDecision]
    let confirmationExpiry: Duration
    var holder: LinkHolder
    var now = ContinuousClock.now
    var conditions: Set<String> = []
    var interfaceReady: Bool
    /// When the last link with a route arrived.
    var arrival: ContinuousClock.Instant?
    /// The last question asked, while the holder still waits for its answer.
    var asked: (decision: LinkDecision, at: ContinuousClock.Instant)?
    /// How often each path was taken: guarded routes opened, confirmations put back on hold
    /// and confirmations that expired.
    var guardedOpens = 0
    var reheld = 0
    var confirmationsExpired = 0

    init(
        receiver: LinkReceiver, decisions: [LinkDecision], interfaceReady: Bool, confirmationExpiry: Duration
    ) {
        self.decisions = decisions
        self.interfaceReady = interfaceReady
        self.confirmationExpiry = confirmationExpiry
        holder = LinkHolder(
            router: receiver.router, expiry: Self.expiry, confirmationExpiry: confirmationExpiry,
            interfaceReady: interfaceReady)
    }

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(
            table: RouteTable(routes: routes), policy: LinkPolicy(allowedHosts: ["shop.example"]))
    }

    /// Runs one event; the broken invariants, empty when none is.
    mutating func step(_ event: Event) -> [String] {
        var broken: [String] = []
        let actions: [LinkHolder.Action]
        switch event {
        case .receive(let index):
            let decision = decisions[index % decisions.count]
            if let match = decision.match {
                arrival = now
                if Self.guarded.contains(match.route), case .route = decision.outcome {
                    broken.append("the receiver routes guarded '\(match.route)' directly")
                }
            }
            actions = holder.receive(decision, at: now)
        case .conditions(let met):
            conditions = met
            actions = holder.update(conditions: met, at: now)
        case .interfaceReady:
            interfaceReady = true
            actions = holder.interfaceIsReady(at: now)
        case .confirmed: actions = holder.confirmed(at: now)
        case .declined: actions = holder.declined()
        case .cancel: actions = holder.cancel()
        case .wait(let seconds):
            now += .seconds(seconds)
            actions = []
        case .expire: actions = holder.expire(at: now)
        }
        if actions.count > 2 { broken.append("\(actions.count) actions for one event") }
        for action in actions {
            broken += check(action, after: event)
        }
        if holder.awaitingConfirmation == nil { asked = nil }
        return broken
    }

    private mutating func check(_ action: LinkHolder.Action, after event: Event) -> [String] {
        var broken: [String] = []
        switch action {
        case .open(let decision):
            guard let match = decision.match else {
                if case .receive = event {} else { broken.append("a decision without a route opened late") }
                return broken
            }
            let route = match.route
            let needed = Self.needs[route, default: []]
            if !interfaceReady { broken.append("'\(route)' opened before the interface was ready") }
            if !needed.isSubset(of: conditions) {
                broken.append(
                    "'\(route)' opened while it needs \(needed.sorted()) and \(conditions.sorted()) hold")
            }
            let age = arrival.map { now - $0 } ?? .zero
            if Self.guarded.contains(route) {
                guard event == .confirmed, let asked, asked.decision == decision else {
                    broken.append("guarded '\(route)' opened unconfirmed after \(event)")
                    return broken
                }
                if now - asked.at > confirmationExpiry {
                    broken.append("'\(route)' opened after its confirmation expired")
                }
                if age > Self.expiry + confirmationExpiry {
                    broken.append("'\(route)' opened after it expired")
                }
                guardedOpens += 1
            } else {
                if event == .confirmed { broken.append("navigate '\(route)' opened by a confirmation") }
                if age > Self.expiry { broken.append("'\(route)' opened after it expired") }
            }
        case .askToConfirm(let decision):
            let route = decision.match?.route ?? ""
            if !Self.guarded.contains(route) { broken.append("navigate '\(route)' asked to confirm") }
            if !Self.needs[route, default: []].isSubset(of: conditions) {
                broken.append("'\(route)' asked to confirm while its requirements do not hold")
            }
            if !interfaceReady { broken.append("'\(route)' asked before the interface was ready") }
            asked = (decision, now)
        case .hold(let decision, let missing):
            let route = decision.match?.route ?? ""
            let expected = Self.needs[route, default: []].subtracting(conditions)
            if event == .confirmed { reheld += 1 }
            if missing != expected {
                broken.append("'\(route)' held for \(missing.sorted()), not \(expected.sorted())")
            }
        case .drop(_, reason: .confirmationExpired): confirmationsExpired += 1
        case .drop: break
        }
        return broken
    }

    /// A random event: arrivals, condition changes and time passing most often.
    static func event(_ random: inout SplitMix64) -> Event {
        switch random.int(0...11) {
        case 0...2: .receive(random.int(0...(links.count - 1)))
        case 3, 4: .conditions(Set(conditionNames.filter { _ in random.chance(0.5) }))
        case 5: .interfaceReady
        case 6, 7: .confirmed
        case 8: .declined
        case 9: .cancel
        case 10: .wait(seconds: random.pick([1, 30, 200, 301, 599, 601]))
        default: .expire
        }
    }
}

@Suite("Properties: the link holder never opens what it must not")
struct LinkHolderPropertyTests {
    @Test(
        "over thousands of random event sequences nothing guarded opens unconfirmed, after its requirements lapsed, or after its confirmation expired"
    )
    func holderInvariants() throws {
        let receiver = try HolderSimulation.receiver()
        let decisions = HolderSimulation.links.map { receiver.receive(url: $0) }
        var random = SplitMix64(seed: 0x4C49_4E4B_484F_4C44)
        var (guardedOpens, reheld, confirmationsExpired) = (0, 0, 0)
        for sequence in 0..<3000 {
            var simulation = HolderSimulation(
                receiver: receiver, decisions: decisions, interfaceReady: random.chance(0.7),
                confirmationExpiry: .seconds(random.pick([30, 300])))
            var events: [HolderSimulation.Event] = []
            for _ in 0..<random.int(1...40) {
                let event = HolderSimulation.event(&random)
                events.append(event)
                let broken = simulation.step(event)
                if !broken.isEmpty {
                    Issue.record("sequence \(sequence): \(broken) after \(events)")
                    return
                }
            }
            guardedOpens += simulation.guardedOpens
            reheld += simulation.reheld
            confirmationsExpired += simulation.confirmationsExpired
        }
        // The sequences reach every path the invariants are about.
        #expect(guardedOpens > 100)
        #expect(reheld > 10)
        #expect(confirmationsExpired > 10)
    }
}
