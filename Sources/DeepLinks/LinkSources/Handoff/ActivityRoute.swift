/// An activity type the app continues (Handoff), and the route of the table it leads to.
///
/// An activity route adds no route of its own: it names a route of the ``RouteTable``, and
/// that route's parameters are the activity's typed `userInfo` keys. A continued activity
/// therefore reaches the same route, the same parameters and the same handler as the link
/// for the same content, and a handler that declines falls back to that link's web page.
///
/// Each parameter of the route is read from the `userInfo` entry of the same name, or of the
/// key ``userInfoKeys`` maps to it, which must have the matching kind
/// (``UserInfoValue/Kind``): an integer for `int`, a Boolean for `bool`, an array of strings
/// for a catch-all, and a string for every other type. The value is then checked against the
/// parameter's type and bounds, exactly as a link's value would be. Path parameters are
/// required; query and fragment parameters follow their declaration (required, optional, or
/// with a default). A `userInfo` entry that is neither a parameter nor mapped to one is
/// refused (``UserInfoFailure/Reason/unexpectedKey``): a misspelt key is an error, never a
/// value silently dropped.
///
/// ```swift
/// let viewing = ActivityRoute(activityType: "com.example.photos.viewing-photo", route: "photo")
/// // userInfo ["albumname": "Summer", "index": 3] routes as
/// // https://photos.example.com/albums?albumname=Summer&index=3
/// ```
///
/// An app whose activities already carry their own key names maps them to the route's
/// parameters instead of renaming them: with `userInfoKeys: ["position": "t"]`, an activity
/// whose `userInfo` says `position: 754` opens the route with `t = 754`, and an activity
/// written from a route value (``LinkReceiver/userActivity(for:activityType:)``) carries
/// `position`. A mapped parameter is read from its mapped key only.
///
/// ```swift
/// let watching = ActivityRoute(
///     activityType: "com.example.streaming.watching", route: "watch", userInfoKeys: ["position": "t"])
/// // userInfo ["id": "tt0111161", "position": 754] routes as
/// // https://streaming.example.com/watch/tt0111161?t=754
/// ```
///
/// Several activity routes may register one type: they are tried in declaration order and
/// the first whose route accepts the `userInfo` wins. In JSON:
/// `{"activityType": "com.example.photos.viewing-photo", "route": "photo"}`, with optional
/// `scheme` and `host` for a route whose scope does not name exactly one of each, and
/// optional `userInfoKeys` (`{"position": "t"}`).
public struct ActivityRoute: Sendable, Hashable, CustomStringConvertible {
    /// The app's activity type (reverse DNS, listed under `NSUserActivityTypes` in its Info.plist).
    public var activityType: String
    /// The name of the route in the table.
    public var route: String
    /// The scheme of the link written for the route, when its scope has several.
    public var scheme: String?
    /// The host of the link written for the route, when its scope does not name exactly one.
    public var host: String?
    /// The `userInfo` keys that carry a parameter under another name: key to parameter name
    /// (`["position": "t"]`). Parameters not mapped are read from the key of their own name.
    public var userInfoKeys: [String: String]

    /// Creates an activity route.
    public init(
        activityType: String, route: String, scheme: String? = nil, host: String? = nil,
        userInfoKeys: [String: String] = [:]
    ) {
        self.activityType = activityType
        self.route = route
        self.scheme = scheme
        self.host = host
        self.userInfoKeys = userInfoKeys
    }

    /// The `userInfo` key that carries a parameter: the key mapped to it, else its own name.
    public func userInfoKey(forParameter name: String) -> String {
        // Few keys are mapped; a scan costs less than keeping an inverse dictionary in the value.
        userInfoKeys.first { $0.value == name }?.key ?? name
    }

    /// `activityType -> route`, for messages.
    public var description: String { "\(activityType) -> \(route)" }
}

extension ActivityRoute: Codable {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["activityType", "route", "scheme", "host", "userInfoKeys"]

    /// Decodes an activity route; unknown keys are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "an activity route")
        self.init(
            activityType: try c.decode(String.self, forKey: "activityType"),
            route: try c.decode(String.self, forKey: "route"),
            scheme: try c.decodeIfPresent(String.self, forKey: "scheme"),
            host: try c.decodeIfPresent(String.self, forKey: "host"),
            userInfoKeys: try c.decodeIfPresent([String: String].self, forKey: "userInfoKeys") ?? [:])
    }

    /// Encodes the activity route, leaving out absent values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(activityType, forKey: "activityType")
        try c.encode(route, forKey: "route")
        try c.encodeIfPresent(scheme, forKey: "scheme")
        try c.encodeIfPresent(host, forKey: "host")
        if !userInfoKeys.isEmpty { try c.encode(userInfoKeys, forKey: "userInfoKeys") }
    }
}

/// Why a list of activity routes cannot be used with a route table.
public enum ActivityRouteFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// An activity type that is empty or contains whitespace or a control character.
    case invalidActivityType(String)
    /// The browsing-web type: its activities are routed by their `webpageURL`, never by an activity route.
    case browsingWebType(route: String)
    /// A route name the table does not have.
    case unknownRoute(activityType: String, route: String)
    /// The same activity type registered twice for the same route.
    case duplicate(activityType: String, route: String)
    /// No link can be written for the route with the scheme and host the activity route gives
    /// (most often: the route serves several hosts, or any host, and no `host` is given).
    case unwritableLink(activityType: String, route: String, error: ReverseRoutingError)
    /// A `userInfoKeys` entry maps a key to a name that is not a parameter of the route.
    case unknownMappedParameter(activityType: String, route: String, key: String, parameter: String)
    /// Two `userInfoKeys` entries map to the same parameter, so writing it would need two keys.
    case parameterMappedTwice(activityType: String, route: String, parameter: String, keys: [String])
    /// A `userInfoKeys` entry maps a key that is itself the name of another, unmapped,
    /// parameter of the route, so the key would carry two parameters.
    case mappedKeyIsParameter(activityType: String, route: String, key: String, parameter: String)
    /// A `userInfoKeys` entry whose key is empty: no `userInfo` can carry the parameter under it.
    case emptyUserInfoKey(activityType: String, route: String, parameter: String)
    /// The findings of one kind beyond the first ``RouteTable/maximumFindingsPerCode``, in one
    /// line: `count` of them; `kind` is their case's name (`unknownRoute`).
    case moreFindings(kind: String, count: Int)

    /// The name of the problem's case (`unknownRoute`), by which problems are counted.
    var kind: String {
        switch self {
        case .invalidActivityType: "invalidActivityType"
        case .browsingWebType: "browsingWebType"
        case .unknownRoute: "unknownRoute"
        case .duplicate: "duplicate"
        case .unwritableLink: "unwritableLink"
        case .unknownMappedParameter: "unknownMappedParameter"
        case .parameterMappedTwice: "parameterMappedTwice"
        case .mappedKeyIsParameter: "mappedKeyIsParameter"
        case .emptyUserInfoKey: "emptyUserInfoKey"
        case .moreFindings(let kind, _): kind
        }
    }

    /// `problems` with at most `limit` of each kind, in order, then one
    /// ``moreFindings(kind:count:)`` line per kind that had more, in kind order.
    static func capped(_ findings: [ActivityRouteFinding], limit: Int) -> [ActivityRouteFinding] {
        var counts: [String: Int] = [:]
        var kept: [ActivityRouteFinding] = []
        for finding in findings {
            let kind = finding.kind
            let count = counts[kind, default: 0] + 1
            counts[kind] = count
            if count <= limit { kept.append(finding) }
        }
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) where count > limit {
            kept.append(.moreFindings(kind: kind, count: count - limit))
        }
        return kept
    }

    /// A sentence that says what to change.
    public var description: String {
        switch self {
        case .invalidActivityType(let type):
            "the activity type '\(ParameterFailure.shortened(type))' is empty or contains whitespace or a control "
                + "character; use the reverse-DNS name listed in NSUserActivityTypes"
        case .browsingWebType(let route):
            "the activity route to '\(route)' registers \(UserActivity.browsingWeb), whose activities are routed "
                + "by their webpageURL; remove it"
        case .unknownRoute(let type, let route):
            "the activity type '\(type)' names route '\(route)', which the table lacks"
        case .duplicate(let type, let route):
            "the activity type '\(type)' is registered twice for route '\(route)'"
        case .unwritableLink(let type, let route, let error):
            "the activity type '\(type)' cannot write a link for route '\(route)': \(error)"
        case .unknownMappedParameter(let type, let route, let key, let parameter):
            "the activity type '\(type)' maps userInfo key '\(key)' to '\(parameter)', which is not a "
                + "parameter of route '\(route)'"
        case .parameterMappedTwice(let type, let route, let parameter, let keys):
            "the activity type '\(type)' maps userInfo keys "
                + keys.map { "'\($0)'" }.joined(separator: " and ")
                + " to the same parameter '\(parameter)' of route '\(route)'; keep one"
        case .mappedKeyIsParameter(let type, let route, let key, let parameter):
            "the activity type '\(type)' maps userInfo key '\(key)' to '\(parameter)', but '\(key)' is also "
                + "a parameter of route '\(route)'; map it to another key"
        case .emptyUserInfoKey(let type, let route, let parameter):
            "the activity type '\(type)' maps an empty userInfo key to '\(parameter)' of route '\(route)'; "
                + "name the key"
        case .moreFindings(let kind, let count):
            "… and \(RouteTableFinding.grouped(count)) more \(kind) finding\(count == 1 ? "" : "s")"
        }
    }
}

extension ActivityRouteFinding {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .invalidActivityType(let value):
            var values = EnumCaseEncoder(encoder, "invalidActivityType")
            try values("_0", value)
        case .browsingWebType(let route):
            var values = EnumCaseEncoder(encoder, "browsingWebType")
            try values("route", route)
        case .unknownRoute(let activityType, let route):
            var values = EnumCaseEncoder(encoder, "unknownRoute")
            try values("activityType", activityType)
            try values("route", route)
        case .duplicate(let activityType, let route):
            var values = EnumCaseEncoder(encoder, "duplicate")
            try values("activityType", activityType)
            try values("route", route)
        case .unwritableLink(let activityType, let route, let error):
            var values = EnumCaseEncoder(encoder, "unwritableLink")
            try values("activityType", activityType)
            try values("route", route)
            try values("error", error)
        case .unknownMappedParameter(let activityType, let route, let key, let parameter):
            var values = EnumCaseEncoder(encoder, "unknownMappedParameter")
            try values("activityType", activityType)
            try values("route", route)
            try values("key", key)
            try values("parameter", parameter)
        case .parameterMappedTwice(let activityType, let route, let parameter, let keys):
            var values = EnumCaseEncoder(encoder, "parameterMappedTwice")
            try values("activityType", activityType)
            try values("route", route)
            try values("parameter", parameter)
            try values("keys", keys)
        case .mappedKeyIsParameter(let activityType, let route, let key, let parameter):
            var values = EnumCaseEncoder(encoder, "mappedKeyIsParameter")
            try values("activityType", activityType)
            try values("route", route)
            try values("key", key)
            try values("parameter", parameter)
        case .emptyUserInfoKey(let activityType, let route, let parameter):
            var values = EnumCaseEncoder(encoder, "emptyUserInfoKey")
            try values("activityType", activityType)
            try values("route", route)
            try values("parameter", parameter)
        case .moreFindings(let kind, let count):
            var values = EnumCaseEncoder(encoder, "moreFindings")
            try values("kind", kind)
            try values("count", count)
        }
    }
}
