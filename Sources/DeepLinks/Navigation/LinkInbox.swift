import Foundation

/// The app's one place for incoming links on the main actor: every link goes through the
/// receiver, then through a ``LinkHolder``, and the holder's actions go to `perform`.
///
/// The platform adapters use it as they use the receiver (`onLink(_:)` in SwiftUI;
/// `receive(options)`, `receive(activity)`, `receive(contexts)` in a scene delegate), so a
/// link that arrives at a cold start, or before sign-in, waits in the holder instead of being
/// lost. Everything it does is the holder's logic and the receiver's, tested on every platform.
///
/// ```swift
/// let inbox = LinkInbox(receiver: receiver, interfaceReady: false) { action in
///     switch action {
///     case .open(let decision): navigator.open(decision)
///     case .askToConfirm(let decision): navigator.confirm(decision)
///     case .hold(_, let missing): if missing.contains("signedIn") { navigator.showSignIn() }
///     case .drop: break
///     }
/// }
/// inbox.receive(connectionOptions)        // cold start: held until the interface is ready
/// inbox.interfaceIsReady()
/// inbox.update(conditions: ["signedIn"])  // the held cart opens now
/// ```
@MainActor
public final class LinkInbox {
    /// The receiver that decides about every link.
    public let receiver: LinkReceiver
    /// The holder's state: what waits, what is being confirmed, the conditions met.
    public private(set) var holder: LinkHolder
    private let now: @Sendable () -> ContinuousClock.Instant
    private let perform: @MainActor (LinkHolder.Action) -> Void

    /// Creates an inbox.
    ///
    /// - Parameters:
    ///   - receiver: the app's receiver.
    ///   - expiry: how long a link may wait; ten minutes by default.
    ///   - confirmationExpiry: how long a confirmation may wait for the user's answer; five
    ///     minutes by default.
    ///   - conditions: the conditions already met.
    ///   - interfaceReady: `false` when links may arrive before the first screen can navigate.
    ///   - now: the clock; tests pass their own.
    ///   - perform: what to do for each action, in order.
    public init(
        receiver: LinkReceiver, expiry: Duration = .seconds(600),
        confirmationExpiry: Duration = .seconds(300),
        conditions: Set<String> = [], interfaceReady: Bool,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        perform: @escaping @MainActor (LinkHolder.Action) -> Void
    ) {
        self.receiver = receiver
        self.holder = LinkHolder(
            router: receiver.router, expiry: expiry, confirmationExpiry: confirmationExpiry,
            conditions: conditions,
            interfaceReady: interfaceReady)
        self.now = now
        self.perform = perform
    }

    /// Takes a decision already made by ``receiver``.
    public func receive(_ decision: LinkDecision) { run(holder.receive(decision, at: now())) }
    /// Decides about a link from any source and takes the decision.
    public func receive(_ incoming: IncomingLink) { receive(receiver.receive(incoming)) }
    /// Decides about a URL (`onOpenURL`, `application(_:open:options:)`).
    public func receive(_ url: URL) { receive(receiver.receive(url)) }
    /// Decides about a platform activity (`scene(_:continue:)`, `onContinueUserActivity`).
    public func receive(_ activity: some PlatformUserActivity) { receive(receiver.receive(activity)) }
    /// Decides about what a scene connects with, at a cold start (`scene(_:willConnectTo:options:)`).
    public func receive(_ options: some PlatformSceneConnection) {
        receiver.receive(options).forEach(receive)
    }
    /// Decides about URLs opened in a running scene (`scene(_:openURLContexts:)`).
    public func receive<URLContext: PlatformURLContext>(_ contexts: Set<URLContext>) {
        receiver.receive(contexts).forEach(receive)
    }

    /// Reports the conditions that hold now; a held link whose conditions are all met opens.
    public func update(conditions: Set<String>) { run(holder.update(conditions: conditions, at: now())) }
    /// Reports that the interface can navigate; a link held for it opens.
    public func interfaceIsReady() { run(holder.interfaceIsReady(at: now())) }
    /// Drops the held link if it waited too long, and the confirmation if its answer is overdue.
    public func expire() { run(holder.expire(at: now())) }
    /// The user confirmed the last confirmation asked for; it opens if the answer came in time
    /// and the route's conditions still hold (see ``LinkHolder/confirmed(at:)``).
    public func confirmed() { run(holder.confirmed(at: now())) }
    /// The user declined the last confirmation asked for; it is never offered again.
    public func declined() { run(holder.declined()) }
    /// Gives up the held link.
    public func cancel() { run(holder.cancel()) }

    private func run(_ actions: [LinkHolder.Action]) { actions.forEach(perform) }
}
