/// Why a link is discarded: never opened in the app, never handed to a browser.
///
/// One list of reasons for every way a link can come in: text the gate refuses, a valid
/// custom-scheme link nothing presents, and an activity or banner that carries no usable link.
///
/// ```swift
/// if case .reject(.malformed(let error)) = receiver.receive(url: text).outcome {
///     error.rule     // .backslash
/// }
/// ```
public enum LinkRejection: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The gate refused the text: it is malformed or hostile.
    case malformed(LinkError)
    /// A valid custom-scheme link (sanitised) that the app cannot present. There is no web
    /// page to fall back to, so it is discarded like a malformed one, with the routing reason.
    case unhandled(Link, reason: RoutingFailure)
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
    /// A scheme whose host is a domain, with a host outside its list (or none).
    case hostNotAllowed(scheme: String, host: String?)
    /// A scheme whose host is a route name, with a port after it (`myapp://account:80/delete`):
    /// a route name has no port, so the link is not what it seems.
    case portOnRouteHost(scheme: String, host: String, port: Int)

    /// The gate's error, when the text was malformed.
    public var linkError: LinkError? {
        if case .malformed(let error) = self { error } else { nil }
    }

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .malformed(let error): "malformed link: \(error)"
        case .unhandled(let link, let reason): "unhandled custom-scheme link \(link.canonical): \(reason)"
        case .invalidActivity(let error): "the activity cannot be read: \(error)"
        case .unregisteredActivityType(let type):
            "the activity type '\(ParameterFailure.shortened(type))' is not registered by any activity route"
        case .invalidUserInfo(let type, let route, let failure):
            "the activity '\(type)' does not fit route '\(route)': \(failure)"
        case .activityNotRoutable(let type, let error): "the activity '\(type)' cannot be routed: \(error)"
        case .invalidBanner(let error): "the Smart App Banner was refused: \(error)"
        case .bannerWithoutArgument: "the Smart App Banner has no app-argument, so there is no link to open"
        case .hostNotAllowed(let scheme, let host?):
            "the host '\(host)' is not one of the domains registered for the scheme '\(scheme)'"
        case .hostNotAllowed(let scheme, nil):
            "the scheme '\(scheme)' requires a domain as its host, and the link has none"
        case .portOnRouteHost(let scheme, let host, let port):
            "the scheme '\(scheme)' reads its host '\(host)' as a route name, which cannot carry a port (:\(port))"
        }
    }
}

extension LinkRejection {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .malformed(let value):
            var values = EnumCaseEncoder(encoder, "malformed")
            try values("_0", value)
        case .unhandled(let value0, let reason):
            var values = EnumCaseEncoder(encoder, "unhandled")
            try values("_0", value0)
            try values("reason", reason)
        case .invalidActivity(let value):
            var values = EnumCaseEncoder(encoder, "invalidActivity")
            try values("_0", value)
        case .unregisteredActivityType(let value):
            var values = EnumCaseEncoder(encoder, "unregisteredActivityType")
            try values("_0", value)
        case .invalidUserInfo(let activityType, let route, let failure):
            var values = EnumCaseEncoder(encoder, "invalidUserInfo")
            try values("activityType", activityType)
            try values("route", route)
            try values("failure", failure)
        case .activityNotRoutable(let activityType, let error):
            var values = EnumCaseEncoder(encoder, "activityNotRoutable")
            try values("activityType", activityType)
            try values("error", error)
        case .invalidBanner(let value):
            var values = EnumCaseEncoder(encoder, "invalidBanner")
            try values("_0", value)
        case .bannerWithoutArgument: _ = EnumCaseEncoder(encoder, "bannerWithoutArgument")
        case .hostNotAllowed(let scheme, let host):
            var values = EnumCaseEncoder(encoder, "hostNotAllowed")
            try values("scheme", scheme)
            try values("host", ifPresent: host)
        case .portOnRouteHost(let scheme, let host, let port):
            var values = EnumCaseEncoder(encoder, "portOnRouteHost")
            try values("scheme", scheme)
            try values("host", host)
            try values("port", port)
        }
    }
}
