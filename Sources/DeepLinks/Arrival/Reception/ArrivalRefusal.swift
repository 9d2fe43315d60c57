/// Why an arrival was refused before any link reached the route table.
///
/// The dispatcher decides about links (``LinkOutcome``); these are the refusals that come
/// earlier, from the way the link arrived: an activity, a banner or a scheme the app does not
/// accept. Each is final: nothing is opened, in the app or in a browser.
///
/// ```swift
/// if case .refused(let refusal) = receiver.receive(activity).decision {
///     refusal.description   // "the activity type 'com.other.app.view' is not registered by any activity route"
/// }
/// ```
public enum ArrivalRefusal: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The platform's activity could not be read as a ``UserActivity``.
    case invalidActivity(UserActivityError)
    /// An activity of a type no ``ActivityRoute`` registers.
    case unregisteredActivityType(String)
    /// The activity's `userInfo` does not fit any route registered for its type; the failure
    /// is the first registered route's.
    case invalidUserInfo(activityType: String, route: String, failure: UserInfoFailure)
    /// The activity's values are valid but no link can be written for its route.
    case activityNotRoutable(activityType: String, error: ReverseRoutingError)
    /// The banner content was refused.
    case invalidBanner(SmartAppBannerError)
    /// The banner has no `app-argument`, so it carries no link.
    case bannerWithoutArgument
    /// The gate admitted the scheme, but no ``CustomScheme`` registration says what its host means.
    case unregisteredScheme(String)
    /// A scheme whose host is a domain, with a host outside its list (or none).
    case hostNotAllowed(scheme: String, host: String?)

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .invalidActivity(let error): "the activity cannot be read: \(error)"
        case .unregisteredActivityType(let type):
            "the activity type '\(ParameterFailure.shortened(type))' is not registered by any activity route"
        case .invalidUserInfo(let type, let route, let failure):
            "the activity '\(type)' does not fit route '\(route)': \(failure)"
        case .activityNotRoutable(let type, let error): "the activity '\(type)' cannot be routed: \(error)"
        case .invalidBanner(let error): "the Smart App Banner was refused: \(error)"
        case .bannerWithoutArgument: "the Smart App Banner has no app-argument, so there is no link to open"
        case .unregisteredScheme(let scheme):
            "the scheme '\(scheme)' is allowed by the policy but not registered, so its host has no meaning"
        case .hostNotAllowed(let scheme, let host?):
            "the host '\(host)' is not one of the domains registered for the scheme '\(scheme)'"
        case .hostNotAllowed(let scheme, nil):
            "the scheme '\(scheme)' requires a domain as its host, and the link has none"
        }
    }
}
