import Foundation

/// The app's one entry point for links: takes a link from any source and returns the
/// decision, with the source recorded.
///
/// Every source ends in the same ``LinkDispatcher``, so the same gate and the same route
/// table decide, whichever way a link came in:
///
/// | arrival | what the receiver does first |
/// |---|---|
/// | a browsing-web ``UserActivity`` | dispatches its `webpageURL` |
/// | one of the app's own activity types | reads the typed `userInfo` for the ``ActivityRoute`` registered for the type, writes the route's link, dispatches it; an unregistered type is refused |
/// | a Smart App Banner | parses the content with the gate, dispatches the `app-argument` |
/// | a URL | dispatches a web link; for a custom scheme, applies its ``CustomScheme`` registration (what the host means, whether to confirm) |
///
/// The receiver is a value and performs nothing: the app acts on the ``ReceivedLink``.
/// Its delegate methods become one-liners (the adapters for `NSUserActivity`, scenes and
/// URL contexts are compiled on Apple platforms only):
///
/// ```swift
/// // UIKit scenes
/// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///     links.receive(options).forEach(router.present)
/// }
/// func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { router.present(links.receive(userActivity)) }
/// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
///     links.receive(contexts).forEach(router.present)
/// }
/// // UIKit without scenes, and AppKit
/// func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
///     router.present(links.receive(url))
/// }
/// // SwiftUI: list each of the app's activity types too
/// ContentView()
///     .onOpenURL { router.present(links.receive($0)) }
///     .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { router.present(links.receive($0)) }
///     .onContinueUserActivity("com.example.photos.viewing-photo") { router.present(links.receive($0)) }
/// ```
///
/// Build it from the route table and how links may arrive:
///
/// ```swift
/// let links = try LinkReceiver(
///     table: table, policy: LinkPolicy(allowedHosts: ["photos.example.com"]),
///     schemes: SchemeRegistry([CustomScheme("photoalbum")]),
///     activities: [ActivityRoute(activityType: "com.example.photos.viewing-photo", route: "photo", host: "photos.example.com")])
/// links.receive(url: "photoalbum://albums?albumname=Summer&index=3").match?.route   // "photo"
/// ```
public struct LinkReceiver: Sendable {
    /// The gate and router every link goes through. Its policy also allows the registered schemes.
    public let dispatcher: LinkDispatcher
    /// The registered custom schemes.
    public let schemes: SchemeRegistry
    /// The registered activity types, in declaration order.
    public let activities: [ActivityRoute]

    /// Builds the dispatcher for a table and checks the activity routes against it.
    ///
    /// The gate's policy is `policy` with every registered scheme allowed.
    ///
    /// - Throws: ``LinkReceiverError`` with every problem of the table, or of the activity routes.
    public init(
        table: RouteTable, policy: LinkPolicy = LinkPolicy(), schemes: SchemeRegistry = SchemeRegistry(),
        activities: [ActivityRoute] = [], registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) throws(LinkReceiverError) {
        let dispatcher: LinkDispatcher
        do {
            dispatcher = try LinkDispatcher(
                table: table, policy: schemes.admitting(into: policy), registry: registry)
        } catch {
            throw .routeTable(error)
        }
        try self.init(dispatcher: dispatcher, schemes: schemes, activities: activities)
    }

    /// Combines a dispatcher built elsewhere with scheme and activity registrations.
    ///
    /// The dispatcher's policy must allow the registered schemes (``SchemeRegistry/admitting(into:)``).
    ///
    /// - Throws: ``LinkReceiverError/activityRoutes(_:)`` for activity routes that do not fit the table.
    public init(dispatcher: LinkDispatcher, schemes: SchemeRegistry, activities: [ActivityRoute] = [])
        throws(LinkReceiverError)
    {
        var problems: [ActivityRouteProblem] = []
        var seen: Set<ActivityRoute> = []
        for activity in activities {
            let type = activity.activityType
            if type.isEmpty || type.unicodeScalars.contains(where: UserActivity.isWhitespaceOrControl) {
                problems.append(.invalidActivityType(type))
            } else if type == UserActivity.browsingWeb {
                problems.append(.browsingWebType(route: activity.route))
            }
            if dispatcher.router.route(named: activity.route) == nil {
                problems.append(.unknownRoute(activityType: type, route: activity.route))
            }
            let key = ActivityRoute(activityType: type, route: activity.route)
            if !seen.insert(key).inserted {
                problems.append(.duplicate(activityType: type, route: activity.route))
            }
        }
        guard problems.isEmpty else { throw .activityRoutes(problems) }
        self.dispatcher = dispatcher
        self.schemes = schemes
        self.activities = activities
    }

    /// The gate every link goes through.
    public var gate: LinkGate { dispatcher.gate }

    /// Decides about a link from any source.
    public func receive(_ incoming: IncomingLink) -> ReceivedLink {
        let decision: ReceivedLink.Decision =
            switch incoming {
            case .url(let text): decide(text)
            case .activity(let activity): decide(activity)
            case .smartAppBanner(let content): decide(bannerContent: content)
            }
        return ReceivedLink(source: incoming.source, decision: decision)
    }

    /// Decides about URL text handed to the app (`onOpenURL`, `application(_:open:options:)`).
    public func receive(url text: String) -> ReceivedLink { receive(.url(text)) }

    /// Decides about a URL handed to the app, from the text of its `absoluteString`.
    public func receive(_ url: URL) -> ReceivedLink { receive(.url(url.absoluteString)) }

    /// Decides about several URLs (AppKit's `application(_:open:)`), in order.
    public func receive(_ urls: [URL]) -> [ReceivedLink] { urls.map(receive) }

    /// Decides about a user activity: a universal link or Handoff.
    public func receive(_ activity: UserActivity) -> ReceivedLink { receive(.activity(activity)) }

    /// Decides about the content of a page's `apple-itunes-app` meta tag.
    public func receive(bannerContent content: String) -> ReceivedLink {
        receive(.smartAppBanner(content: content))
    }

    /// Decides about a banner parsed elsewhere: its argument passes this receiver's gate again.
    public func receive(_ banner: SmartAppBanner) -> ReceivedLink {
        guard let argument = banner.appArgument else {
            return ReceivedLink(source: .smartAppBanner, decision: .refused(.bannerWithoutArgument))
        }
        return ReceivedLink(source: .smartAppBanner, decision: decide(argument.original))
    }

    /// The record of an activity that could not be read, for the platform adapters.
    func refused(_ error: UserActivityError, activityType: String) -> ReceivedLink {
        let source: LinkSource = activityType == UserActivity.browsingWeb ? .universalLink : .handoff
        return ReceivedLink(source: source, decision: .refused(.invalidActivity(error)))
    }

    // MARK: Deciding

    private func decide(_ text: String) -> ReceivedLink.Decision {
        do {
            return decide(try dispatcher.gate.parse(text))
        } catch {
            return .dispatched(.reject(.malformed(error)))
        }
    }

    private func decide(_ link: Link) -> ReceivedLink.Decision {
        if link.isWeb { return .dispatched(dispatcher.outcome(for: link)) }
        guard let scheme = schemes[link.scheme] else { return .refused(.unregisteredScheme(link.scheme)) }
        switch scheme.routedLink(link) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let routed):
            let outcome = dispatcher.outcome(for: routed)
            if scheme.confirmsEveryRoute, case .route(let match) = outcome {
                return .dispatched(.confirm(match))
            }
            return .dispatched(outcome)
        }
    }

    private func decide(bannerContent content: String) -> ReceivedLink.Decision {
        let banner: SmartAppBanner
        do {
            banner = try SmartAppBanner(parsing: content, gate: dispatcher.gate)
        } catch {
            return .refused(.invalidBanner(error))
        }
        guard let argument = banner.appArgument else { return .refused(.bannerWithoutArgument) }
        return decide(argument)
    }

    private func decide(_ activity: UserActivity) -> ReceivedLink.Decision {
        if activity.isBrowsingWeb {
            guard let text = activity.webpageURL else {
                return .refused(.invalidActivity(.missingWebpageURL))
            }
            return decide(text)
        }
        let type = activity.activityType
        let registered = activities.filter { $0.activityType == type }
        guard !registered.isEmpty else { return .refused(.unregisteredActivityType(type)) }
        var firstRefusal: ArrivalRefusal?
        for candidate in registered {
            guard let route = dispatcher.router.compiledRoute(named: candidate.route) else { continue }
            switch ActivityRoute.parameters(from: activity.userInfo, for: route) {
            case .failure(let failure):
                firstRefusal =
                    firstRefusal
                    ?? .invalidUserInfo(activityType: type, route: candidate.route, failure: failure)
            case .success(let parameters):
                do throws(ReverseRoutingError) {
                    let text = try dispatcher.router.link(
                        for: candidate.route, parameters: parameters, scheme: candidate.scheme,
                        host: candidate.host)
                    return .dispatched(dispatcher.outcome(for: text))
                } catch {
                    firstRefusal = firstRefusal ?? .activityNotRoutable(activityType: type, error: error)
                }
            }
        }
        return .refused(firstRefusal ?? .unregisteredActivityType(type))
    }
}

extension Router {
    /// The compiled form of a named route, for reading an activity's parameters with the
    /// route's own validators.
    func compiledRoute(named name: String) -> CompiledRoute? {
        indexByName[name].map { compiled[$0] }
    }
}
