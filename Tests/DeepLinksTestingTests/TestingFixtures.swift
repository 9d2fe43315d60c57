import DeepLinks

/// A small app table used by the assertion tests.
enum TestingFixtures {
    static let configuration = LinkReceiver.Configuration(
        policy: LinkPolicy(allowedHosts: ["example.com"]),
        schemes: try! SchemeRegistry([CustomScheme("myapp")]),
        activities: [ActivityRoute(activityType: "com.example.photos.viewing", route: "photo")])

    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["example.com"])) {
            Route("album", "/albums/:album(slug)")
            Route(
                "photo", "/albums/:album(slug)/photos/:index(int 0...9999)", parent: "album",
                requires: ["signedIn"])
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
        }
        Route("settings", "/settings", scope: RouteScope(schemes: ["myapp"]))
    }

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(table: table, configuration: configuration)
    }

    /// A Handoff of the photo activity.
    static func handoff(index: Int) -> UserActivity {
        try! UserActivity(
            activityType: "com.example.photos.viewing",
            userInfo: ["album": "summer", "index": .integer(index)])
    }
}
