import DeepLinks
import FuzzSupport

/// A shop as an app declares it: navigate, sensitive and destructive routes, children of a
/// sensitive route, and requirements on routes and on their ancestors.
let routes = [
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

/// What the table means, written out by hand: the routes whose links must be confirmed (their
/// own safety or an ancestor's), and what each route needs, its ancestors' requirements included.
let guarded: Set<String> = ["account", "orders", "order", "checkout", "clearCart"]
let needs: [String: Set<String>] = [
    "account": ["signedIn"], "orders": ["signedIn"], "order": ["signedIn"], "cart": ["signedIn"],
    "checkout": ["signedIn"], "clearCart": ["signedIn", "onboarded"], "premium": ["premium"],
]
let conditionNames = ["signedIn", "onboarded", "premium"]
let expiry = Duration.seconds(600)

let receiver: LinkReceiver = {
    do {
        return try LinkReceiver(
            table: RouteTable(routes: routes), policy: LinkPolicy(allowedHosts: ["shop.example"]))
    } catch {
        fatalError("the harness's own receiver is refused: \(error)")
    }
}()

/// One decision per link the events can deliver: every route, a link no route takes, and one
/// off the allowed domain.
let decisions: [LinkDecision] = [
    "https://shop.example/", "https://shop.example/help", "https://shop.example/account",
    "https://shop.example/account/orders", "https://shop.example/account/orders/42",
    "https://shop.example/cart", "https://shop.example/cart/checkout", "https://shop.example/cart/clear",
    "https://shop.example/premium", "https://shop.example/nowhere", "https://evil.example/cart",
].map { receiver.receive(url: $0) }

/// The work one input may cost: a fixed part and a part per event (every event is a byte or
/// two), documented in README ("Cost bounds") and measured with `FUZZ_WORK_REPORT=1`.
let budget = WorkBudget(
    fixedAllocations: 200, allocationsPerByte: 6, fixedAllocatedBytes: 32768, allocatedBytesPerByte: 2000,
    fixedMilliseconds: 10, microsecondsPerByte: 15)

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

/// The input: a first byte that says whether the interface is ready at the start and how long
/// a confirmation may wait, then one event per byte (with an argument byte for an arrival, a
/// change of conditions or time passing).
func events(_ bytes: [UInt8]) -> (ready: Bool, confirmationExpiry: Duration, events: [Event]) {
    guard let first = bytes.first else { return (true, .seconds(300), []) }
    let confirmationExpiry = Duration.seconds([30, 120, 300, 900][Int(first >> 1) & 3])
    var events: [Event] = []
    var index = 1
    func argument() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte % 8 {
        case 0: events.append(.receive(argument() % decisions.count))
        case 1:
            let mask = argument()
            events.append(
                .conditions(
                    Set(conditionNames.indices.filter { mask & (1 << $0) != 0 }.map { conditionNames[$0] })))
        case 2: events.append(.interfaceReady)
        case 3: events.append(.confirmed)
        case 4: events.append(.declined)
        case 5: events.append(.cancel)
        case 6: events.append(.wait(seconds: argument() * 5))
        default: events.append(.expire)
        }
    }
    return (first & 1 == 0, confirmationExpiry, events)
}

/// The holder driven through the events, its actions checked after each one against the
/// hand-written model:
/// - nothing guarded (its route's safety or an ancestor's) opens but on a confirmation of the
///   very question last asked, answered within the confirmation expiry;
/// - nothing opens while a condition its route or an ancestor needs does not hold (after a
///   sign-out between question and answer included), nor before the interface is ready;
/// - nothing opens later than the expiry after it arrived (plus the confirmation expiry for a
///   question), and a navigate route never opens through a confirmation;
/// - only guarded routes are asked about, and only while their conditions hold;
/// - a hold names exactly the conditions missing; an event gives at most two actions;
/// - the receiver never routes a guarded link directly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let (ready, confirmationExpiry, events) = events(input.bytes)
    let start = ContinuousClock.now
    measured(budget, inputBytes: size, input: "\(events)") {
        var holder = LinkHolder(
            router: receiver.router, expiry: expiry, confirmationExpiry: confirmationExpiry,
            interfaceReady: ready)
        var now = start
        var count = 0
        for event in events {
            switch event {
            case .receive(let index): count += holder.receive(decisions[index], at: now).count
            case .conditions(let met): count += holder.update(conditions: met, at: now).count
            case .interfaceReady: count += holder.interfaceIsReady(at: now).count
            case .confirmed: count += holder.confirmed(at: now).count
            case .declined: count += holder.declined().count
            case .cancel: count += holder.cancel().count
            case .wait(let seconds): now += .seconds(seconds)
            case .expire: count += holder.expire(at: now).count
            }
        }
        return count
    }

    var holder = LinkHolder(
        router: receiver.router, expiry: expiry, confirmationExpiry: confirmationExpiry, interfaceReady: ready
    )
    var now = start
    var conditions: Set<String> = []
    var interfaceReady = ready
    var arrival = start
    var asked: (decision: LinkDecision, at: ContinuousClock.Instant)?
    for (position, event) in events.enumerated() {
        // The message is written only when an invariant breaks: describing the events costs
        // more than running them.
        func fail(_ invariant: String) -> Never {
            violated(invariant, input: "event \(position) (\(event)) of \(events)")
        }
        func check(_ condition: Bool, _ invariant: @autoclosure () -> String) {
            if !condition { fail(invariant()) }
        }
        let actions: [LinkHolder.Action]
        switch event {
        case .receive(let index):
            let decision = decisions[index]
            if let match = decision.match {
                arrival = now
                if guarded.contains(match.route), case .route = decision.outcome {
                    fail("the receiver routes guarded '\(match.route)' directly")
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
        check(actions.count <= 2, "\(actions.count) actions for one event")
        for action in actions {
            switch action {
            case .open(let decision):
                guard let match = decision.match else {
                    if case .receive = event { continue }
                    fail("a decision without a route opened after its arrival")
                }
                let route = match.route
                let needed = needs[route, default: []]
                check(interfaceReady, "'\(route)' opened before the interface was ready")
                check(
                    needed.isSubset(of: conditions),
                    "'\(route)' opened while it needs \(needed.sorted()) and \(conditions.sorted()) hold")
                if guarded.contains(route) {
                    guard event == .confirmed, let asked, asked.decision == decision else {
                        fail("guarded '\(route)' opened unconfirmed")
                    }
                    check(
                        now - asked.at <= confirmationExpiry,
                        "'\(route)' opened after its confirmation expired")
                    check(
                        now - arrival <= expiry + confirmationExpiry, "'\(route)' opened after it expired")
                } else {
                    check(
                        event != .confirmed, "navigate '\(route)' opened by a confirmation")
                    check(now - arrival <= expiry, "'\(route)' opened after it expired")
                }
            case .askToConfirm(let decision):
                let route = decision.match?.route ?? ""
                check(guarded.contains(route), "navigate '\(route)' asked to confirm")
                check(
                    needs[route, default: []].isSubset(of: conditions),
                    "'\(route)' asked to confirm while its requirements do not hold")
                check(interfaceReady, "'\(route)' asked before the interface was ready")
                asked = (decision, now)
            case .hold(let decision, let missing):
                let route = decision.match?.route ?? ""
                let expected = needs[route, default: []].subtracting(conditions)
                check(
                    missing == expected, "'\(route)' held for \(missing.sorted()), not \(expected.sorted())")
            case .drop: break
            }
        }
        if holder.awaitingConfirmation == nil { asked = nil }
    }
    return 0
}
