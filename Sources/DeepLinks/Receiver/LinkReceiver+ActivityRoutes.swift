import Foundation

/// Checking activity routes against the table when a receiver is built.
extension LinkReceiver {
    /// Every problem of a list of activity routes against a compiled table, at most
    /// ``RouteTable/maximumFindingsPerCode`` of each kind (then one
    /// ``ActivityRouteFinding/moreFindings(kind:count:)`` line that counts the rest).
    static func findings(of activities: [ActivityRoute], in router: Router, schemes: SchemeRegistry)
        -> [ActivityRouteFinding]
    {
        var findings: [ActivityRouteFinding] = []
        var seen: Set<ActivityRoute> = []
        for activity in activities {
            let type = activity.activityType
            var typeIsValid = false
            if type.isEmpty || type.unicodeScalars.contains(where: UserActivity.isWhitespaceOrControl) {
                findings.append(.invalidActivityType(type))
            } else if type == UserActivity.browsingWeb {
                findings.append(.browsingWebType(route: activity.route))
            } else {
                typeIsValid = true
            }
            if router.route(named: activity.route) == nil {
                findings.append(.unknownRoute(activityType: type, route: activity.route))
            } else if typeIsValid {
                // Where the link goes is settled before any parameter is read: a route that
                // needs a scheme or host the activity route does not give fails here, not at
                // the first Handoff.
                let (host, domain) = Self.destination(of: activity, schemes: schemes)
                do throws(ReverseRoutingError) {
                    if let name = activity.scheme, case .domain(let patterns) = schemes[name]?.host {
                        guard let domain, patterns.contains(where: { $0.matches(domain) }) else {
                            throw .hostNotInScope(route: activity.route, host: domain ?? "(none)")
                        }
                    }
                    _ = try router.writeLink(
                        for: activity.route, parameters: [:], scheme: activity.scheme, host: host,
                        checkingRoundTrip: false, destinationOnly: true, domain: domain)
                } catch {
                    findings.append(.unwritableLink(activityType: type, route: activity.route, error: error))
                }
            }
            if let compiled = router.compiledRoute(named: activity.route) {
                findings += Self.mappingFindings(of: activity, in: compiled)
            }
            let key = ActivityRoute(activityType: type, route: activity.route)
            if !seen.insert(key).inserted {
                findings.append(.duplicate(activityType: type, route: activity.route))
            }
        }
        return ActivityRouteFinding.capped(findings, limit: RouteTable.maximumFindingsPerCode)
    }

    /// What is wrong with an activity route's `userInfoKeys` for its route, in key order.
    static func mappingFindings(of activity: ActivityRoute, in route: CompiledRoute) -> [ActivityRouteFinding]
    {
        let parameters = Set(route.declaredParameters.keys)
        let mapped = Set(activity.userInfoKeys.values)
        var findings: [ActivityRouteFinding] = []
        var keysByParameter: [String: [String]] = [:]
        for (key, parameter) in activity.userInfoKeys.sorted(by: { $0.key < $1.key }) {
            guard !key.isEmpty else {
                findings.append(
                    .emptyUserInfoKey(
                        activityType: activity.activityType, route: activity.route, parameter: parameter))
                continue
            }
            guard parameters.contains(parameter) else {
                findings.append(
                    .unknownMappedParameter(
                        activityType: activity.activityType, route: activity.route, key: key,
                        parameter: parameter))
                continue
            }
            keysByParameter[parameter, default: []].append(key)
            if key != parameter, parameters.contains(key), !mapped.contains(key) {
                findings.append(
                    .mappedKeyIsParameter(
                        activityType: activity.activityType, route: activity.route, key: key,
                        parameter: parameter))
            }
        }
        for (parameter, keys) in keysByParameter.sorted(by: { $0.key < $1.key }) where keys.count > 1 {
            findings.append(
                .parameterMappedTwice(
                    activityType: activity.activityType, route: activity.route, parameter: parameter,
                    keys: keys))
        }
        return findings
    }
}

extension Router {
    /// The compiled form of a named route, for reading an activity's parameters with the
    /// route's own validators.
    func compiledRoute(named name: String) -> CompiledRoute? {
        indexByName[name].map { compiled[$0] }
    }
}
