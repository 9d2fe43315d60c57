import Foundation

/// The app's one entry point for links: takes a link from any source and returns the
/// decision, with the source recorded beside it.
///
/// Every way in ends in the same gate, the same scheme rules and the same route table, so a
/// link decides the same whichever way it came:
///
/// | incoming link | what the receiver does first |
/// |---|---|
/// | a URL | parses it with the gate; a web link is routed, a custom-scheme link first gets its ``CustomScheme`` rules (what the host means, whether to confirm) |
/// | a browsing-web ``UserActivity`` | decides its `webpageURL` as a URL |
/// | one of the app's own activity types | reads the typed `userInfo` for the ``ActivityRoute`` registered for the type, writes the route's link and decides it as a URL of that scheme; an unregistered type is rejected |
/// | a Smart App Banner | parses the content with the gate and decides the `app-argument` as a URL |
///
/// The receiver is a value and performs nothing: the app acts on the ``LinkDecision``, or
/// lets ``dispatch(_:to:)`` run the handler bound to the route. Build it once, from the route
/// table and how links may arrive:
///
/// ```swift
/// let receiver = try LinkReceiver(
///     table: table, policy: LinkPolicy(allowedHosts: ["photos.example.com"]),
///     schemes: SchemeRegistry([CustomScheme("photoalbum")]),
///     activities: [ActivityRoute(activityType: "com.example.photos.viewing-photo", route: "photo",
///                                host: "photos.example.com")])
/// receiver.receive(url: "https://photos.example.com/albums?albumname=Summer&index=3").match?.route  // "photo"
/// ```
///
/// The platform callbacks become one-liners (the adapters for `NSUserActivity` and scenes are
/// compiled on Apple platforms only):
///
/// ```swift
/// func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { present(receiver.receive(userActivity)) }
/// ContentView()
///     .onOpenURL { present(receiver.receive($0)) }
///     .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { present(receiver.receive($0)) }
/// ```
///
/// The gate's effective policy is ``policy``: the policy given, with every registered scheme
/// allowed. A scheme the given policy allows but no ``CustomScheme`` registers is registered
/// with the default rules (its host is a route segment, routes confirm only by their own
/// safety); ``schemes`` lists every registration in force.
public struct LinkReceiver: Sendable {
    /// The gate and the compiled table.
    let pipeline: RoutingPipeline
    /// Every registered custom scheme, those the policy implied included.
    public let schemes: SchemeRegistry
    /// The registered activity types, in declaration order.
    public let activities: [ActivityRoute]
    /// The activity routes by type, in declaration order.
    private let activitiesByType: [String: [ActivityRoute]]
    /// Each registered scheme whose host is a domain, with the domain its links are written on
    /// when none is given, worked out once (`nil` when it has none to choose).
    let writtenDomains: [WrittenDomain]

    /// A custom scheme whose host is a domain, and the domain its links are written on by
    /// default: the table's canonical host when a pattern matches it, else the scheme's only
    /// exact domain. A class: a page's link reads it once and hands it on, one reference.
    final class WrittenDomain: Sendable {
        /// The scheme's name, lower-case.
        let scheme: String
        /// The registration's domain patterns.
        let patterns: [HostPattern]
        /// The domain chosen, or `nil` when there is none to choose (writing a link then throws).
        let domain: String?
        /// The web schemes whose links this receiver decides exactly as it decides the
        /// scheme's links made from them on `domain`
        /// (``LinkReceiver/customSchemeLinkDecidedAlike(for:scheme:webLink:)``): none, `http`,
        /// `https` or both.
        let webSchemesDecidedAlike: [String]

        init(scheme: String, patterns: [HostPattern], domain: String?, webSchemesDecidedAlike: [String]) {
            self.scheme = scheme
            self.patterns = patterns
            self.domain = domain
            self.webSchemesDecidedAlike = webSchemesDecidedAlike
        }
    }

    /// Builds the receiver for a table: compiles the table, checks it against the effective
    /// policy, and checks every activity route against the table.
    ///
    /// - Throws: ``LinkReceiverError`` with every problem of the table, or of the activity routes,
    ///   or the first allowed host pattern that is not a host name.
    public init(
        table: RouteTable, policy: LinkPolicy = LinkPolicy(), schemes: SchemeRegistry = SchemeRegistry(),
        activities: [ActivityRoute] = [], registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) throws(LinkReceiverError) {
        // A pattern made in Swift is not checked when it is made (a string literal cannot
        // throw); the one a JSON policy holds was checked when it was decoded.
        if let invalid = policy.allowedHosts.first(where: { !$0.isHostName }) {
            throw .invalidHostPattern(invalid.description)
        }
        let configuration = Configuration(policy: policy, schemes: schemes, activities: activities)
        let registered = configuration.effectiveSchemes
        let effective = configuration.effectivePolicy
        let router: Router
        do {
            router = try Router(table, registry: registry, policy: effective)
        } catch {
            throw .routeTable(error)
        }
        let findings = Self.findings(of: activities, in: router, schemes: registered)
        guard findings.isEmpty else { throw .activityRoutes(findings) }
        let gate = LinkGate(policy: Self.sharingHostNames(effective, with: router))
        pipeline = RoutingPipeline(gate: gate, router: router)
        self.schemes = registered
        self.activities = activities
        activitiesByType = Dictionary(grouping: activities, by: \.activityType)
        writtenDomains = registered.schemes.compactMap { scheme in
            guard !WebScheme.contains(scheme.name), case .domain(let patterns) = scheme.host else {
                return nil
            }
            let domain = try? Self.domain(nil, of: patterns, route: "", canonicalHost: router.canonicalHost)
            // Worked out once here: a page's custom-scheme link is then offered without reading it.
            let alike = domain.map { domain in
                ["http", "https"].filter { web in
                    Self.decidesAlike(
                        webScheme: web, scheme: scheme.name, domain: domain, patterns: patterns, gate: gate,
                        router: router)
                }
            }
            return WrittenDomain(
                scheme: scheme.name, patterns: patterns, domain: domain, webSchemesDecidedAlike: alike ?? [])
        }
    }

    /// The policy with each allowed host whose name a route's scope also lists holding the
    /// scope's very string: the gate hands a link the policy's string for an allowed host, so
    /// matching it against the route's scope compares one string with itself instead of two
    /// equal ones byte by byte. The policy is equal to the one given, part for part.
    static func sharingHostNames(_ policy: LinkPolicy, with router: Router) -> LinkPolicy {
        var names: [String: String] = [:]
        for compiled in router.compiled {
            for pattern in compiled.route.scope.hosts { names[pattern.name] = pattern.name }
        }
        guard !names.isEmpty else { return policy }
        var shared = policy
        shared.allowedHosts = policy.allowedHosts.map { pattern in
            names[pattern.name].map {
                HostPattern(name: $0, isSubdomainWildcard: pattern.isSubdomainWildcard)
            }
                ?? pattern
        }
        return shared
    }

    /// The gate every link goes through.
    public var gate: LinkGate { pipeline.gate }

    /// The app's own activity types, each once, in declaration order: the types to continue
    /// (`onContinueUserActivity`, `NSUserActivityTypes` in Info.plist) beside the browsing-web type.
    public var activityTypes: [String] {
        var seen: Set<String> = []
        return activities.map(\.activityType).filter { seen.insert($0).inserted }
    }

    /// The effective policy: the one given, with every registered scheme allowed. This is the
    /// policy the route table was checked against.
    public var policy: LinkPolicy { pipeline.gate.policy }

    /// The compiled route table: for reverse routing (``Router/link(for:parameters:scheme:host:)``),
    /// previews and association files.
    public var router: Router { pipeline.router }

    /// The router's ``Router/canonicalHost(for:)``, asked without copying the router (a copy
    /// retains each of its parts): for a module that writes links for every request.
    package func canonicalHost(forRoute name: String) -> String? {
        pipeline.router.canonicalHost(for: name)
    }

    /// The query parameters of the route named `name` (none for a name the table lacks),
    /// asked without copying the router.
    ///
    /// `hint` is where the route is expected in the table (a match's ``RouteMatch/routeIndex``),
    /// checked before it is taken.
    package func queryParameters(ofRoute name: String, hint: Int = -1) -> [QueryParameter] {
        pipeline.router.queryParameters(ofRoute: name, hint: hint)
    }

    // MARK: Receiving

    /// Decides about a link from any source.
    public func receive(_ incoming: IncomingLink) -> LinkDecision {
        let outcome: LinkOutcome
        switch incoming {
        case .url(let text): return receive(url: text)
        case .activity(let activity): outcome = decide(activity)
        case .smartAppBanner(let content): outcome = decide(bannerContent: content)
        }
        return LinkDecision(source: incoming.source, outcome: outcome)
    }

    /// Decides about URL text handed to the app (`onOpenURL`, `application(_:open:options:)`).
    ///
    /// The same decision as `receive(.url(text))`; when the gate parses the text, the source
    /// is read from the parsed scheme, which is the scheme at the start of the text.
    public func receive(url text: String) -> LinkDecision {
        let link: Link
        do {
            link = try pipeline.gate.parseSanitized(text)
        } catch {
            return LinkDecision(source: IncomingLink.url(text).source, outcome: .reject(.malformed(error)))
        }
        let source: LinkSource = link.isWeb ? .universalLink : .customScheme
        // Moved into the decision, not copied: the outcome keeps the link.
        return LinkDecision(source: source, outcome: decide(sanitized: consume link))
    }

    /// Decides about a URL handed to the app, from the text of its `absoluteString`.
    public func receive(_ url: URL) -> LinkDecision { receive(url: url.absoluteString) }

    /// Decides about several URLs (AppKit's `application(_:open:)`), in order.
    public func receive(_ urls: [URL]) -> [LinkDecision] { urls.map(receive) }

    /// Decides about a user activity: a universal link or Handoff.
    public func receive(_ activity: UserActivity) -> LinkDecision { receive(.activity(activity)) }

    /// Decides about the content of a page's `apple-itunes-app` meta tag.
    public func receive(bannerContent content: String) -> LinkDecision {
        receive(.smartAppBanner(content: content))
    }

    /// Decides about a banner parsed elsewhere: its argument passes this receiver's gate again.
    public func receive(_ banner: SmartAppBanner) -> LinkDecision {
        guard let argument = banner.appArgument else {
            return LinkDecision(source: .smartAppBanner, outcome: .reject(.bannerWithoutArgument))
        }
        return LinkDecision(source: .smartAppBanner, outcome: decide(argument.original))
    }

    /// The decision for an activity that could not be read, for the platform adapters.
    func rejected(_ error: UserActivityError, activityType: String) -> LinkDecision {
        let source: LinkSource = activityType == UserActivity.browsingWeb ? .universalLink : .handoff
        return LinkDecision(source: source, outcome: .reject(.invalidActivity(error)))
    }

    // MARK: Explaining

    /// The decision for an incoming link, with every route tried for the link it carried and why.
    ///
    /// The routes tried are `nil` when no link reached the route table (the gate refused the
    /// text, or the activity or banner was rejected first).
    public func explain(_ incoming: IncomingLink) -> LinkExplanation {
        let decision = receive(incoming)
        guard let link = routedLink(for: incoming) else {
            return LinkExplanation(decision: decision, routing: nil)
        }
        return LinkExplanation(decision: decision, routing: router.explain(gate.sanitize(link).link))
    }

    /// The link the route table was asked about for an incoming link, or `nil` when none was.
    private func routedLink(for incoming: IncomingLink) -> Link? {
        let text: String?
        switch incoming {
        case .url(let url): text = url
        case .smartAppBanner(let content):
            text = (try? SmartAppBanner(parsing: content, gate: gate))?.appArgument?.original
        case .activity(let activity):
            if activity.isBrowsingWeb {
                text = activity.webpageURL
            } else if case .success(let written) = writtenLink(for: activity) {
                text = written
            } else {
                text = nil
            }
        }
        guard let text, let link = try? gate.parse(text) else { return nil }
        if link.isWeb { return link }
        guard let scheme = schemes[link.scheme], case .success(let routed) = scheme.routedLink(link) else {
            return nil
        }
        return routed
    }

    // MARK: Deciding

    private func decide(_ text: String) -> LinkOutcome {
        do {
            return decide(sanitized: try pipeline.gate.parseSanitized(text))
        } catch {
            return .reject(.malformed(error))
        }
    }

    /// The decision for what ``LinkGate/parseSanitized(_:)`` gave: a web link comes out of the
    /// gate already sanitised; any other link is sanitised after its scheme's rules, as
    /// ``decide(_:)`` does for it.
    @inline(__always)
    func decide(sanitized link: consuming Link) -> LinkOutcome {
        link.isWeb ? pipeline.outcome(forSanitized: link) : decide(link)
    }

    /// The decision for a parsed link: web links go to the table; custom-scheme links first
    /// get their scheme's rules.
    private func decide(_ link: Link) -> LinkOutcome {
        if link.isWeb { return pipeline.outcome(for: link) }
        // The gate admits only allowed schemes, and every allowed scheme is registered.
        guard let scheme = schemes[link.scheme] else {
            return .reject(.unhandled(link, reason: .noMatchingRoute))
        }
        switch scheme.routedLink(link) {
        case .failure(let rejection): return .reject(rejection)
        case .success(let routed):
            let outcome = pipeline.outcome(for: routed)
            if scheme.confirmsEveryRoute, case .route(let match) = outcome { return .confirm(match) }
            return outcome
        }
    }

    private func decide(bannerContent content: String) -> LinkOutcome {
        let banner: SmartAppBanner
        do {
            banner = try SmartAppBanner(parsing: content, gate: pipeline.gate)
        } catch {
            return .reject(.invalidBanner(error))
        }
        guard let argument = banner.appArgument else { return .reject(.bannerWithoutArgument) }
        return decide(argument)
    }

    private func decide(_ activity: UserActivity) -> LinkOutcome {
        if activity.isBrowsingWeb {
            guard let text = activity.webpageURL else { return .reject(.invalidActivity(.missingWebpageURL)) }
            return decide(text)
        }
        switch writtenLink(for: activity) {
        case .failure(let rejection): return .reject(rejection)
        case .success(let text): return decide(text)
        }
    }

    /// The link an activity of one of the app's own types stands for: the `userInfo` is read
    /// with the route's own validators, and the route's link is written without a second
    /// check, because it is then decided exactly as a URL of its scheme would be.
    private func writtenLink(for activity: UserActivity) -> Result<String, LinkRejection> {
        let type = activity.activityType
        guard let registered = activitiesByType[type] else {
            return .failure(.unregisteredActivityType(type))
        }
        var firstRejection: LinkRejection?
        for candidate in registered {
            guard let route = router.compiledRoute(named: candidate.route) else { continue }
            switch candidate.parameters(from: activity.userInfo, for: route) {
            case .failure(let failure):
                firstRejection =
                    firstRejection
                    ?? .invalidUserInfo(activityType: type, route: candidate.route, failure: failure)
            case .success(let parameters):
                do throws(ReverseRoutingError) {
                    let (host, domain) = Self.destination(of: candidate, schemes: schemes)
                    return .success(
                        try router.writeLink(
                            for: candidate.route, parameters: parameters, scheme: candidate.scheme,
                            host: host, checkingRoundTrip: false, domain: domain))
                } catch {
                    firstRejection = firstRejection ?? .activityNotRoutable(activityType: type, error: error)
                }
            }
        }
        return .failure(firstRejection ?? .unregisteredActivityType(type))
    }

    /// The host to write for an activity route, and the domain when its scheme reads its host
    /// as a domain (the activity route's host, else the scheme's only exact domain).
    static func destination(of activity: ActivityRoute, schemes: SchemeRegistry) -> (
        host: String?, domain: String?
    ) {
        guard let name = activity.scheme, let scheme = schemes[name], case .domain(let patterns) = scheme.host
        else {
            return (activity.host, nil)
        }
        if let host = activity.host { return (nil, host.lowercased()) }
        let exact = patterns.filter { !$0.isSubdomainWildcard }
        return (nil, exact.count == 1 ? exact[0].name : nil)
    }
}
