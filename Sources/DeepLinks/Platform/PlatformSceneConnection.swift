import Foundation

/// What the receiver reads of a URL a scene is asked to open: `UIOpenURLContext` on iOS,
/// iPadOS and visionOS, adopted in a one-line conformance.
@MainActor
public protocol PlatformURLContext: Hashable {
    /// The URL to open.
    var url: URL { get }
}

/// What the receiver reads of the options a scene connects with: `UIScene.ConnectionOptions`
/// on iOS, iPadOS and visionOS, adopted in a one-line conformance.
///
/// At a cold start the links arrive here, in `scene(_:willConnectTo:options:)`, not in the
/// callbacks that deliver them to a running scene; `LinkReceiver.receive(_:)`
/// decides about both kinds with the same code as those callbacks.
@MainActor
public protocol PlatformSceneConnection {
    /// The kind of user activity the options carry.
    associatedtype Activity: PlatformUserActivity & Hashable
    /// The kind of URL context the options carry.
    associatedtype URLContext: PlatformURLContext
    /// The activities the scene was launched to continue (universal links, Handoff).
    var userActivities: Set<Activity> { get }
    /// The URLs the scene was launched to open (custom schemes).
    var urlContexts: Set<URLContext> { get }
}

extension LinkReceiver {
    /// Decides about every activity and URL a scene was launched with, at a cold start:
    /// `scene(_:willConnectTo:options:)`.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
    ///            options: UIScene.ConnectionOptions) {
    ///     receiver.receive(options).forEach(navigator.present)
    /// }
    /// ```
    ///
    /// - Returns: the decisions for the activities, then for the URLs, each made by the function
    ///   a running scene uses: `receive(_:)` for an activity (`scene(_:continue:)`)
    ///   and `receive(_:)` for URL contexts (`scene(_:openURLContexts:)`).
    @MainActor
    public func receive(_ options: some PlatformSceneConnection) -> [LinkDecision] {
        options.userActivities.map { receive($0) } + receive(options.urlContexts)
    }

    /// Decides about the URLs opened in a running scene: `scene(_:openURLContexts:)`.
    @MainActor
    public func receive<URLContext: PlatformURLContext>(_ contexts: Set<URLContext>) -> [LinkDecision] {
        contexts.map { receive($0.url) }
    }
}
