/// Why the activity for a route value could not be made.
public enum OutgoingActivityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No activity route registers this activity type for the value's route.
    case noActivityRoute(activityType: String, route: String)
    /// The value's link or parameters cannot be written.
    case unwritable(ReverseRoutingError)
    /// The activity breaks a rule of ``UserActivity`` (a `userInfo` over its budget).
    case invalidActivity(UserActivityError)

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .noActivityRoute(let type, let route):
            "no activity route registers the activity type '\(type)' for route '\(route)'"
        case .unwritable(let error): error.description
        case .invalidActivity(let error): "the activity is refused: \(error)"
        }
    }
}

extension LinkReceiver {
    /// The activity to advertise for a route value (Handoff): its type, the `userInfo` keys the
    /// receiving side reads, and the web page for devices without the app.
    ///
    /// The activity is written from the same ``ActivityRoute`` the receiver reads, so what one
    /// device advertises another receives as the same route and parameters, by construction:
    /// each parameter is a `userInfo` entry of its name, or of the key the activity route's
    /// ``ActivityRoute/userInfoKeys`` maps to it (an integer for `int`, a Boolean for `bool`,
    /// an array of strings for a catch-all, a string otherwise), the keys of the route's path
    /// parameters are its `requiredUserInfoKeys`, and `webpageURL` is the route's web link
    /// when the route serves the web.
    ///
    /// ```swift
    /// let activity = try receiver.userActivity(for: Product(id: 42), activityType: "com.example.shop.product")
    /// activity.userInfo["id"]       // .integer(42)
    /// activity.webpageURL           // "https://shop.example.com/p/42"
    /// receiver.receive(activity).match?.route   // "product"
    /// ```
    ///
    /// - Throws: ``OutgoingActivityError``.
    public func userActivity<Value: RouteValue>(for value: Value, activityType: String)
        throws(OutgoingActivityError) -> UserActivity
    {
        guard
            let registration = activities.first(where: {
                $0.activityType == activityType && $0.route == Value.route
            }),
            let compiled = router.compiledRoute(named: Value.route)
        else {
            throw .noActivityRoute(activityType: activityType, route: Value.route)
        }
        let parameters: RouteParameters
        do throws(ReverseRoutingError) {
            parameters = try ParameterEncoder.written(value)
        } catch {
            throw .unwritable(error)
        }
        // The link must be one the receiver would accept: written as the activity route writes it.
        let (host, domain) = Self.destination(of: registration, schemes: schemes)
        do throws(ReverseRoutingError) {
            _ = try router.writeLink(
                for: Value.route, parameters: parameters, scheme: registration.scheme, host: host,
                checkingRoundTrip: true, domain: domain)
        } catch {
            throw .unwritable(error)
        }
        var userInfo: [String: UserInfoValue] = [:]
        for entry in parameters {
            userInfo[registration.userInfoKey(forParameter: entry.name)] =
                switch entry.value {
                case .integer(let number): .integer(number)
                case .boolean(let flag): .boolean(flag)
                case .segments(let segments): .array(segments.map(UserInfoValue.string))
                case .string(let text): .string(text)
                case .uuid(let uuid): .string(uuid.uuidString.lowercased())
                }
        }
        let required = Set(
            compiled.declaredParameters.values.filter { $0.alwaysPresent }
                .map { registration.userInfoKey(forParameter: $0.name) }
        )
        .intersection(userInfo.keys)
        let webpage = try? router.link(
            for: Value.route, parameters: parameters, scheme: "https", host: registration.host)
        do {
            return try UserActivity(
                activityType: activityType, webpageURL: webpage, userInfo: UserInfo(userInfo),
                requiredUserInfoKeys: required)
        } catch {
            throw .invalidActivity(error)
        }
    }
}
