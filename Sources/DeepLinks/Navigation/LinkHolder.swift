/// Holds the one link the app cannot open yet, and hands it back when it can: a state machine
/// that returns actions instead of performing them.
///
/// A decision waits when its route, or an ancestor of it (``Route/parent``), lists
/// ``Route/requirements`` the app has not reported as met ("signedIn", "onboarded", a feature
/// switch), or when it arrives before the app's interface can navigate (a cold start). The app
/// feeds the holder what happens (``receive(_:at:)``, ``update(conditions:at:)``,
/// ``interfaceIsReady(at:)``, ``confirmed(at:)``, ``declined()``, ``cancel()``) and does what
/// the returned ``Action``s say: open a decision, ask the user to confirm, show sign-in for a
/// held link, or note that a link was dropped.
///
/// The rules:
/// - **One pending link, the newest wins**: a link that arrives while another waits replaces
///   it (the older one is dropped as ``DropReason/replaced``).
/// - **Links expire**: a link held longer than ``expiry`` is dropped (``DropReason/expired``)
///   instead of opening a screen the user no longer expects.
/// - **A declined confirmation is dropped, never replayed**: a confirmation is asked once; the
///   answer ends it.
/// - **A confirmation is asked for every guarded route**: a decision whose route, or an
///   ancestor of it, is sensitive or destructive (``Router/effectiveSafety(ofRoute:)``) is
///   `askToConfirm`, even one whose outcome says `route`.
/// - **A confirmation opens only while it is fresh and its conditions hold**: an answer given
///   more than ``confirmationExpiry`` after the question drops the link
///   (``DropReason/confirmationExpired``); an answer given after a condition the route needs
///   lapsed (the user signed out) puts the link back on hold, and it is asked again once the
///   conditions hold (whoever signs in confirms it).
/// - Decisions that open no route (open in the browser, reject) are never held.
///
/// Because it is a value with no clock, timer or thread of its own, a test drives it step by
/// step, checking the actions each call returns (an app performs them instead):
///
/// ```swift
/// let table = RouteTable(canonicalHost: "shop.example.com") {
///     Route("orders", "/orders", requires: ["signedIn"])
///     Route("cart", "/cart", safety: .sensitive)
/// }
/// let receiver = try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: ["shop.example.com"]))
/// var holder = LinkHolder(router: receiver.router, interfaceReady: true)
/// let start = ContinuousClock.now
///
/// // Signed out: the orders wait, and the app shows sign-in; once signed in, they open.
/// let orders = receiver.receive(url: "https://shop.example.com/orders")
/// #expect(holder.receive(orders, at: start) == [.hold(orders, missing: ["signedIn"])])
/// #expect(holder.update(conditions: ["signedIn"], at: start + .seconds(20)) == [.open(orders)])
///
/// // A sensitive route is put to the user first, and opens once confirmed.
/// let cart = receiver.receive(url: "https://shop.example.com/cart")
/// #expect(holder.receive(cart, at: start + .seconds(30)) == [.askToConfirm(cart)])
/// #expect(holder.confirmed(at: start + .seconds(35)) == [.open(cart)])
/// ```
public struct LinkHolder: Sendable {
    /// What the app does next.
    public enum Action: Sendable, Hashable {
        /// Open the decision now: present its route's path (``Router/path(for:)``), open its
        /// link in the browser, or discard a rejection.
        case open(LinkDecision)
        /// Ask the user to confirm a sensitive or destructive route, then report the answer
        /// with ``LinkHolder/confirmed(at:)`` or ``LinkHolder/declined()``.
        case askToConfirm(LinkDecision)
        /// The decision waits for these conditions (empty: only for the interface); show what
        /// brings them about (a sign-in screen), then report them with
        /// ``LinkHolder/update(conditions:at:)``.
        case hold(LinkDecision, missing: Set<String>)
        /// The decision will not be opened, for this reason.
        case drop(LinkDecision, reason: DropReason)
    }

    /// Why a decision was dropped.
    public enum DropReason: String, Sendable, Hashable, Encodable {
        /// It was held longer than ``LinkHolder/expiry``.
        case expired
        /// A newer link arrived while it waited.
        case replaced
        /// The user declined to confirm it.
        case declined
        /// The app cancelled it (``LinkHolder/cancel()``): the user dismissed sign-in.
        case cancelled
        /// The user was asked to confirm it longer than ``LinkHolder/confirmationExpiry``
        /// ago, and did not answer in time.
        case confirmationExpired
    }

    /// How long a link may wait before it is dropped.
    public let expiry: Duration
    /// How long a confirmation may wait for the user's answer before it is dropped.
    public let confirmationExpiry: Duration
    /// The conditions the app has reported as met.
    public private(set) var conditions: Set<String>
    /// Whether the app's interface can navigate.
    public private(set) var isInterfaceReady: Bool
    /// The decision waiting for conditions or for the interface, and since when.
    public private(set) var held: (decision: LinkDecision, since: ContinuousClock.Instant)?
    /// The decision whose confirmation the user is being asked for.
    public private(set) var awaitingConfirmation: LinkDecision?

    /// What the held decision still waits for: the conditions its route and ancestors need that
    /// the app has not reported (empty when nothing is held, or when it waits only for the
    /// interface).
    ///
    /// After a partial sign-in — ``update(conditions:at:)`` reporting some of the conditions —
    /// the holder returns no action (the link keeps waiting); this says what to ask for next:
    ///
    /// ```swift
    /// #expect(holder.receive(downloads, at: now)
    ///     == [.hold(downloads, missing: ["signedIn", "downloadsEnabled"])])
    /// #expect(holder.update(conditions: ["signedIn"], at: now) == [])   // still waiting
    /// #expect(holder.missingConditions == ["downloadsEnabled"])         // what to ask for next
    /// ```
    public var missingConditions: Set<String> {
        guard let (decision, _) = held else { return [] }
        return requirements(of: decision).subtracting(conditions)
    }
    /// When the pending confirmation was asked for, and when its link arrived.
    private var asked: (at: ContinuousClock.Instant, arrived: ContinuousClock.Instant)?

    /// Each route's requirements together with its ancestors'.
    private let requirements: [String: Set<String>]
    /// The routes whose effective safety asks for confirmation (``Router/effectiveSafety(ofRoute:)``).
    private let guarded: Set<String>

    /// Creates a holder for the routes of `router`.
    ///
    /// - Parameters:
    ///   - router: the compiled table (``LinkReceiver/router``); its routes' requirements and
    ///     parents say what each decision waits for.
    ///   - expiry: how long a link may wait; ten minutes by default.
    ///   - confirmationExpiry: how long a confirmation may wait for the user's answer; five
    ///     minutes by default.
    ///   - conditions: the conditions already met.
    ///   - interfaceReady: `false` at a cold start, until the first screen can navigate;
    ///     then report it with ``interfaceIsReady(at:)``.
    public init(
        router: Router, expiry: Duration = .seconds(600), confirmationExpiry: Duration = .seconds(300),
        conditions: Set<String> = [], interfaceReady: Bool
    ) {
        self.expiry = expiry
        self.confirmationExpiry = confirmationExpiry
        self.conditions = conditions
        self.isInterfaceReady = interfaceReady
        var requirements: [String: Set<String>] = [:]
        var guarded: Set<String> = []
        for route in router.table.routes {
            let needed = router.ancestors(ofRoute: route.name).reduce(route.requirements) {
                $0.union($1.route.requirements)
            }
            if !needed.isEmpty { requirements[route.name] = needed }
            if router.effectiveSafety(ofRoute: route.name)?.requiresConfirmation == true {
                guarded.insert(route.name)
            }
        }
        self.requirements = requirements
        self.guarded = guarded
    }

    /// The conditions a decision waits for: its route's and its ancestors' requirements; none
    /// for a decision that opens no route.
    public func requirements(of decision: LinkDecision) -> Set<String> {
        decision.match.flatMap { requirements[$0.route] } ?? []
    }

    // MARK: Events

    /// A decision arrived (from ``LinkReceiver/receive(_:)-(IncomingLink)``, for any source).
    ///
    /// - Returns: `open` or `askToConfirm` when it can open now, `hold` when it must wait; a
    ///   link already waiting or being confirmed is dropped first (`replaced`).
    public mutating func receive(_ decision: LinkDecision, at now: ContinuousClock.Instant) -> [Action] {
        var actions: [Action] = []
        // Only a decision that opens a route (`route` or `confirm`) has a match to hold.
        guard decision.match != nil else { return [.open(decision)] }
        if let (older, _) = held {
            actions.append(.drop(older, reason: .replaced))
            held = nil
        }
        if let asking = awaitingConfirmation {
            actions.append(.drop(asking, reason: .replaced))
            awaitingConfirmation = nil
            asked = nil
        }
        let missing = requirements(of: decision).subtracting(conditions)
        if missing.isEmpty && isInterfaceReady {
            actions.append(deliver(decision, arrived: now, at: now))
        } else {
            held = (decision, now)
            actions.append(.hold(decision, missing: missing))
        }
        return actions
    }

    /// The app reports the conditions that hold now (all of them: one left out no longer holds).
    ///
    /// - Returns: the held decision when nothing is missing any more (or `drop` when it
    ///   expired); nothing while it still waits.
    public mutating func update(conditions: Set<String>, at now: ContinuousClock.Instant) -> [Action] {
        self.conditions = conditions
        return replay(at: now)
    }

    /// The app's interface can navigate now: a decision held only for it is handed back.
    public mutating func interfaceIsReady(at now: ContinuousClock.Instant) -> [Action] {
        isInterfaceReady = true
        return replay(at: now)
    }

    /// Drops the held decision if it has waited longer than ``expiry``, and the pending
    /// confirmation if it was asked longer than ``confirmationExpiry`` ago (for an app that
    /// checks when it returns to the foreground, and dismisses the question it dropped).
    public mutating func expire(at now: ContinuousClock.Instant) -> [Action] {
        var actions: [Action] = []
        if let (decision, since) = held, now - since > expiry {
            held = nil
            actions.append(.drop(decision, reason: .expired))
        }
        if let decision = awaitingConfirmation, let asked, now - asked.at > confirmationExpiry {
            awaitingConfirmation = nil
            self.asked = nil
            actions.append(.drop(decision, reason: .confirmationExpired))
        }
        return actions
    }

    /// The user confirmed the decision of the last `askToConfirm`.
    ///
    /// The answer is checked against what holds now: given more than ``confirmationExpiry``
    /// after the question, it drops the decision; given when a condition the route needs no
    /// longer holds (the user signed out meanwhile), it puts the decision back on hold, to be
    /// asked again once the conditions hold (or dropped once it has waited longer than
    /// ``expiry`` since it arrived).
    ///
    /// - Returns: `open` with that decision (run it with
    ///   ``LinkReceiver/runConfirmed(_:source:with:)``); `drop` with
    ///   ``DropReason/confirmationExpired`` (or ``DropReason/expired``); `hold` with the
    ///   conditions now missing; nothing when no confirmation is pending.
    public mutating func confirmed(at now: ContinuousClock.Instant) -> [Action] {
        guard let decision = awaitingConfirmation, let asked else { return [] }
        awaitingConfirmation = nil
        self.asked = nil
        if now - asked.at > confirmationExpiry { return [.drop(decision, reason: .confirmationExpired)] }
        let missing = requirements(of: decision).subtracting(conditions)
        guard missing.isEmpty else {
            if now - asked.arrived > expiry { return [.drop(decision, reason: .expired)] }
            held = (decision, asked.arrived)
            return [.hold(decision, missing: missing)]
        }
        return [.open(decision)]
    }

    /// The user declined the decision of the last `askToConfirm`: it is dropped and never
    /// offered again.
    public mutating func declined() -> [Action] {
        guard let decision = awaitingConfirmation else { return [] }
        awaitingConfirmation = nil
        asked = nil
        return [.drop(decision, reason: .declined)]
    }

    /// The app gives up the held decision (the user dismissed sign-in).
    public mutating func cancel() -> [Action] {
        guard let (decision, _) = held else { return [] }
        held = nil
        return [.drop(decision, reason: .cancelled)]
    }

    // MARK: Internals

    private mutating func replay(at now: ContinuousClock.Instant) -> [Action] {
        let expired = expire(at: now)
        guard expired.isEmpty else { return expired }
        guard let (decision, since) = held, isInterfaceReady,
            requirements(of: decision).isSubset(of: conditions)
        else { return [] }
        held = nil
        return [deliver(decision, arrived: since, at: now)]
    }

    /// `open`, or `askToConfirm` (remembered until the answer) for a confirmation or a route
    /// whose effective safety asks for one.
    private mutating func deliver(
        _ decision: LinkDecision, arrived: ContinuousClock.Instant, at now: ContinuousClock.Instant
    ) -> Action {
        let confirms: Bool
        if case .confirm = decision.outcome {
            confirms = true
        } else {
            confirms = decision.match.map { guarded.contains($0.route) } ?? false
        }
        guard confirms else { return .open(decision) }
        awaitingConfirmation = decision
        asked = (now, arrived)
        return .askToConfirm(decision)
    }
}
