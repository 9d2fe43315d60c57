import DeepLinks
import Foundation
import Testing

/// Receives an app activity of `type` carrying `userInfo`.
private func handoff(_ type: String, _ userInfo: UserInfo) throws -> LinkDecision {
    try IncomingFixtures.receiver().receive(UserActivity(activityType: type, userInfo: userInfo))
}

@Suite("Handoff: routing by activity type and typed userInfo keys")
struct HandoffRoutingTests {
    @Test("a registered type reaches its route with the userInfo as typed parameters")
    func registeredType() throws {
        let received = try handoff(
            IncomingFixtures.viewingPhoto, ["albumname": "Summer", "index": 3])
        #expect(received.source == .handoff)
        guard case .route(let match) = received.outcome else {
            Issue.record("expected a route, got \(received)")
            return
        }
        #expect(match.route == "photo")
        #expect(match.parameters == ["albumname": "Summer", "index": 3])
        #expect(match.canonicalLink == "https://photos.example.com/albums?albumname=Summer&index=3")
    }

    @Test("a key that is neither a parameter nor mapped to one is refused, not silently ignored")
    func unexpectedKey() throws {
        let received = try handoff(
            IncomingFixtures.viewingPhoto, ["albumname": "Summer", "index": 3, "position": 754])
        let failure = UserInfoFailure(key: "position", value: 754, reason: .unexpectedKey)
        #expect(
            received.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.viewingPhoto, route: "photo", failure: failure)))
        #expect(
            failure.description
                == "userInfo key 'position' is neither a parameter of the route nor mapped to one (userInfoKeys) "
                + "(got integer 754)")
    }

    @Test("an unregistered type is refused with its name")
    func unregisteredType() throws {
        let received = try handoff("com.other.app.viewing", ["albumname": "Summer", "index": 3])
        #expect(received.source == .handoff)
        #expect(received.outcome == .reject(.unregisteredActivityType("com.other.app.viewing")))
        #expect(
            received.description
                == "handoff: reject: the activity type 'com.other.app.viewing' is not registered by any activity route"
        )
    }

    @Test("a value of the wrong kind is refused: the integer 3, not the text \"3\"")
    func wrongKind() throws {
        let received = try handoff(IncomingFixtures.viewingPhoto, ["albumname": "Summer", "index": "3"])
        let failure = UserInfoFailure(key: "index", value: "3", reason: .wrongKind(expected: .integer))
        #expect(
            received.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.viewingPhoto, route: "photo", failure: failure)))
        #expect(failure.description == #"userInfo key 'index' must be an integer value (got string "3")"#)
    }

    @Test("a missing key and a value out of bounds are refused with the parameter's rule")
    func missingAndOutOfRange() throws {
        let missing = try handoff(IncomingFixtures.viewingPhoto, ["albumname": "Summer"])
        #expect(
            missing.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.viewingPhoto, route: "photo",
                        failure: UserInfoFailure(key: "index", value: nil, reason: .invalid(.missing)))))
        let outOfRange = try handoff(IncomingFixtures.viewingPhoto, ["albumname": "Summer", "index": 10_000])
        let failure = UserInfoFailure(key: "index", value: 10_000, reason: .invalid(.outOfRange(0...9999)))
        #expect(
            outOfRange.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.viewingPhoto, route: "photo", failure: failure)))
        #expect(
            failure.description
                == "userInfo key 'index' must be an integer from 0 to 9999 (got integer 10000)")
    }

    @Test("one type, two routes: the keys decide, in declaration order")
    func routedByKeys() throws {
        let photo = try handoff(
            IncomingFixtures.browsing, ["albumname": "Summer", "index": 3])
        #expect(photo.match?.route == "photo")
        let album = try handoff(IncomingFixtures.browsing, ["album": "summer-2024"])
        #expect(album.outcome == .route(try #require(album.match)))
        #expect(album.match?.route == "album")
        #expect(album.match?.parameters == ["album": "summer-2024", "shared": false])
        let shared = try handoff(IncomingFixtures.browsing, ["album": "summer-2024", "shared": true])
        #expect(shared.match?.parameters == ["album": "summer-2024", "shared": true])
    }

    @Test("when no route of the type fits, the first route's failure is reported")
    func firstFailureReported() throws {
        let received = try handoff(IncomingFixtures.browsing, ["album": "Summer 2024"])
        #expect(
            received.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.browsing, route: "photo",
                        failure: UserInfoFailure(key: "albumname", value: nil, reason: .invalid(.missing)))))
        let wrongBoolean = try handoff(IncomingFixtures.browsing, ["album": "summer-2024", "shared": "yes"])
        #expect(
            wrongBoolean.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.browsing, route: "photo",
                        failure: UserInfoFailure(key: "albumname", value: nil, reason: .invalid(.missing)))))
    }

    @Test(
        "“A link never deletes or exposes data directly”: Handoff never runs a destructive route directly, it asks first"
    )
    func destructiveConfirms() throws {
        let received = try handoff(IncomingFixtures.editingAlbum, ["album": "summer-2024"])
        guard case .confirm(let match) = received.outcome else {
            Issue.record("expected confirm, got \(received)")
            return
        }
        #expect(match.route == "deleteAlbum")
        #expect(match.safety == .destructive)
    }

    @Test("a catch-all reads an array of strings, each checked against the type")
    func catchAll() throws {
        let tagged = try handoff(IncomingFixtures.tagging, ["tags": ["beach", "sea"]])
        #expect(tagged.match?.parameters == ["tags": ["beach", "sea"]])
        #expect(tagged.match?.canonicalLink == "https://photos.example.com/tags/beach/sea")

        let notArray = try handoff(IncomingFixtures.tagging, ["tags": "beach"])
        #expect(
            notArray.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.tagging, route: "tagged",
                        failure: UserInfoFailure(
                            key: "tags", value: "beach", reason: .wrongKind(expected: .array)))))
        let mixed = try handoff(IncomingFixtures.tagging, ["tags": ["beach", 3]])
        #expect(
            mixed.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.tagging, route: "tagged",
                        failure: UserInfoFailure(
                            key: "tags", value: ["beach", 3], reason: .wrongKind(expected: .array)))))
        let notSlug = try handoff(IncomingFixtures.tagging, ["tags": ["beach", "Sea"]])
        #expect(
            notSlug.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: IncomingFixtures.tagging, route: "tagged",
                        failure: UserInfoFailure(key: "tags", value: "Sea", reason: .invalid(.notASlug)))))
    }

    @Test("a browsing-web activity is routed by its webpageURL, never by an activity route")
    func browsingWebByURL() throws {
        let received = try IncomingFixtures.receiver().receive(
            IncomingFixtures.tap("https://photos.example.com/albums/summer-2024?shared=1"))
        #expect(received.source == .universalLink)
        #expect(received.match?.route == "album")
        #expect(received.match?.parameters == ["album": "summer-2024", "shared": true])
    }
}

@Suite("Handoff: activity routes are checked against the table")
struct ActivityRouteValidationTests {
    @Test(
        "unknown routes, the browsing-web type, malformed types, a missing host and duplicates are all reported at build time"
    )
    func findings() {
        let activities = [
            ActivityRoute(activityType: "com.example.photos.viewing-photo", route: "photos"),
            ActivityRoute(activityType: UserActivity.browsingWeb, route: "photo"),
            ActivityRoute(activityType: "com.example photos", route: "photo"),
            ActivityRoute(activityType: "com.example.a", route: "album"),
            ActivityRoute(activityType: "com.example.a", route: "album", host: "photos.example.com"),
        ]
        #expect(
            throws: LinkReceiverError.activityRoutes([
                .unknownRoute(activityType: "com.example.photos.viewing-photo", route: "photos"),
                .browsingWebType(route: "photo"),
                .invalidActivityType("com.example photos"),
                .unwritableLink(
                    activityType: "com.example.a", route: "album", error: .needsHost(route: "album")),
                .duplicate(activityType: "com.example.a", route: "album"),
            ])
        ) {
            try LinkReceiver(
                table: IncomingFixtures.table, policy: IncomingFixtures.policy,
                schemes: IncomingFixtures.schemes(),
                activities: activities)
        }
    }

    @Test("a table problem is reported as the table's error")
    func tableFinding() {
        let table = RouteTable {
            Route("a", "/a")
            Route("a", "/b")
        }
        #expect(throws: LinkReceiverError.routeTable(RouteTableError(findings: [.duplicateName(route: "a")])))
        {
            try LinkReceiver(table: table)
        }
    }

    @Test("activity routes round-trip through JSON; unknown keys are refused")
    func json() throws {
        let routes = [
            ActivityRoute(activityType: "com.example.a", route: "album"),
            ActivityRoute(
                activityType: "com.example.b", route: "photo", scheme: "https", host: "photos.example.com"),
        ]
        #expect(try JSONDecoder().decode([ActivityRoute].self, from: JSONEncoder().encode(routes)) == routes)
        let misspelt = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                ActivityRoute.self,
                from: Data(#"{"activityType": "com.example.a", "route": "a", "userinfo": []}"#.utf8))
        }
        #expect(
            DecodingFailure.line(misspelt)
                == "dataCorrupted: unknown key 'userinfo' in an activity route; "
                + "allowed keys are activityType, host, route, scheme, userInfoKeys")
    }
}

/// The watch link of a streaming app, whose activities name the start time `position`.
private struct Watch: RouteValue {
    static let route = "watch"
    var id: String
    var t: Int?
}

private enum Streaming {
    static let watching = "com.example.streaming.watching"
    static let table = RouteTable {
        Route(
            "watch", "/watch/:id(string 1...16)", query: ["t(int 0...86400)?"],
            scope: RouteScope(schemes: ["https"], hosts: ["streaming.example.com"]))
    }
    static func receiver(_ keys: [String: String] = ["position": "t"]) throws -> LinkReceiver {
        try LinkReceiver(
            table: table, policy: LinkPolicy(allowedHosts: ["streaming.example.com"]),
            activities: [ActivityRoute(activityType: watching, route: "watch", userInfoKeys: keys)])
    }
    static func handoff(_ userInfo: UserInfo) throws -> LinkDecision {
        try receiver().receive(UserActivity(activityType: watching, userInfo: userInfo))
    }
}

@Suite("Handoff: userInfo keys mapped to parameter names")
struct UserInfoKeyMappingTests {
    @Test("an activity whose userInfo says position: 754 opens the watch route with t = 754")
    func mappedKeyIsRead() throws {
        let received = try Streaming.handoff(["id": "tt0111161", "position": 754])
        #expect(received.source == .handoff)
        #expect(received.match?.route == "watch")
        #expect(received.match?.parameters == ["id": "tt0111161", "t": 754])
        #expect(received.match?.canonicalLink == "https://streaming.example.com/watch/tt0111161?t=754")
        let withoutPosition = try Streaming.handoff(["id": "tt0111161"])
        #expect(withoutPosition.match?.parameters == ["id": "tt0111161"])
    }

    @Test("a mapped parameter is read from its key only: the parameter's own name is an unexpected key")
    func parameterNameRefusedWhenMapped() throws {
        let received = try Streaming.handoff(["id": "tt0111161", "t": 754])
        #expect(
            received.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: Streaming.watching, route: "watch",
                        failure: UserInfoFailure(key: "t", value: 754, reason: .unexpectedKey))))
    }

    @Test("a mapped key's value is checked with the parameter's kind and bounds, and named by its key")
    func mappedKeyChecked() throws {
        let wrongKind = try Streaming.handoff(["id": "tt0111161", "position": "754"])
        #expect(
            wrongKind.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: Streaming.watching, route: "watch",
                        failure: UserInfoFailure(
                            key: "position", value: "754", reason: .wrongKind(expected: .integer)))))
        let outOfRange = try Streaming.handoff(["id": "tt0111161", "position": 90_000])
        #expect(
            outOfRange.outcome
                == .reject(
                    .invalidUserInfo(
                        activityType: Streaming.watching, route: "watch",
                        failure: UserInfoFailure(
                            key: "position", value: 90_000, reason: .invalid(.outOfRange(0...86400))))))
    }

    @Test("an activity written from a route value carries the mapped keys, and reads back as the same route")
    func outgoingActivityWritesMappedKeys() throws {
        let receiver = try Streaming.receiver()
        let activity = try receiver.userActivity(
            for: Watch(id: "tt0111161", t: 754), activityType: Streaming.watching)
        #expect(activity.userInfo == ["id": "tt0111161", "position": 754])
        #expect(activity.requiredUserInfoKeys == ["id"])
        #expect(activity.webpageURL == "https://streaming.example.com/watch/tt0111161?t=754")
        #expect(receiver.receive(activity).match?.parameters == ["id": "tt0111161", "t": 754])
        let renamedPath = try Streaming.receiver(["title": "id"])
        let titled = try renamedPath.userActivity(
            for: Watch(id: "tt0111161", t: nil), activityType: Streaming.watching)
        #expect(titled.userInfo == ["title": "tt0111161"])
        #expect(titled.requiredUserInfoKeys == ["title"])
    }

    @Test(
        "a mapping to no parameter, two keys for one parameter, and a key that is another parameter are build errors"
    )
    func mappingFindings() {
        #expect(
            throws: LinkReceiverError.activityRoutes([
                .unknownMappedParameter(
                    activityType: Streaming.watching, route: "watch", key: "position", parameter: "time")
            ])
        ) { try Streaming.receiver(["position": "time"]) }
        #expect(
            throws: LinkReceiverError.activityRoutes([
                .parameterMappedTwice(
                    activityType: Streaming.watching, route: "watch", parameter: "t",
                    keys: ["offset", "position"])
            ])
        ) { try Streaming.receiver(["position": "t", "offset": "t"]) }
        #expect(
            throws: LinkReceiverError.activityRoutes([
                .mappedKeyIsParameter(
                    activityType: Streaming.watching, route: "watch", key: "id", parameter: "t")
            ])
        ) { try Streaming.receiver(["id": "t"]) }
        #expect(
            ActivityRouteFinding.parameterMappedTwice(
                activityType: "a.b", route: "watch", parameter: "t", keys: ["offset", "position"]
            ).description
                == "the activity type 'a.b' maps userInfo keys 'offset' and 'position' to the same parameter 't' "
                + "of route 'watch'; keep one")
        // Two parameters swapping their keys is a mapping, not a clash.
        #expect(throws: Never.self) { try Streaming.receiver(["id": "t", "t": "id"]) }
    }

    @Test("an empty userInfo key is a build error naming the activity type, the route and the parameter")
    func emptyKey() {
        #expect(
            throws: LinkReceiverError.activityRoutes([
                .emptyUserInfoKey(activityType: Streaming.watching, route: "watch", parameter: "t")
            ])
        ) { try Streaming.receiver(["": "t"]) }
        #expect(
            ActivityRouteFinding.emptyUserInfoKey(activityType: "a.b", route: "watch", parameter: "t")
                .description
                == "the activity type 'a.b' maps an empty userInfo key to 't' of route 'watch'; name the key")
    }

    @Test("activity-route problems are capped at 100 of each kind, the rest counted in one line")
    func findingsCapped() {
        let activities = (0..<(RouteTable.maximumFindingsPerCode + 5)).map {
            ActivityRoute(activityType: "com.example.type\($0)", route: "nowhere")
        }
        do {
            _ = try LinkReceiver(
                table: Streaming.table, policy: LinkPolicy(allowedHosts: ["streaming.example.com"]),
                activities: activities)
            Issue.record("activity routes to no route were accepted")
        } catch {
            guard case .activityRoutes(let findings) = error else {
                Issue.record("unexpected error: \(error)")
                return
            }
            #expect(findings.count == RouteTable.maximumFindingsPerCode + 1)
            #expect(findings.first == .unknownRoute(activityType: "com.example.type0", route: "nowhere"))
            #expect(findings.last == .moreFindings(kind: "unknownRoute", count: 5))
            #expect(findings.last?.description == "… and 5 more unknownRoute findings")
        }
    }

    @Test("userInfoKeys round-trips through JSON and is left out when empty")
    func json() throws {
        let route = ActivityRoute(
            activityType: Streaming.watching, route: "watch", userInfoKeys: ["position": "t"])
        let data = try JSONEncoder().encode(route)
        #expect(try JSONDecoder().decode(ActivityRoute.self, from: data) == route)
        let decoded = try JSONDecoder().decode(
            ActivityRoute.self,
            from: Data(#"{"activityType": "a.b", "route": "watch", "userInfoKeys": {"position": "t"}}"#.utf8))
        #expect(decoded.userInfoKeys == ["position": "t"])
        #expect(decoded.userInfoKey(forParameter: "t") == "position")
        #expect(decoded.userInfoKey(forParameter: "id") == "id")
        let plain = String(
            decoding: try JSONEncoder().encode(ActivityRoute(activityType: "a.b", route: "r")), as: UTF8.self)
        #expect(!plain.contains("userInfoKeys"))
        let notText = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                ActivityRoute.self,
                from: Data(
                    #"{"activityType": "a.b", "route": "watch", "userInfoKeys": {"position": 1}}"#.utf8))
        }
        // Foundation words a type mismatch itself (and differently on each platform): the kind,
        // the type and the place are what is pinned.
        guard case .typeMismatch(let type, let context)? = notText else {
            Issue.record("expected a type mismatch, got \(String(describing: notText))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(context.codingPath.map(\.stringValue) == ["userInfoKeys", "position"])
    }
}
