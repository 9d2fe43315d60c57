import DeepLinks

/// A small app table used by the assertion tests.
enum TestingFixtures {
    static let policy: LinkPolicy = {
        var policy = LinkPolicy(allowedHosts: ["example.com"])
        policy.allowedSchemes.insert("myapp")
        return policy
    }()

    static let table = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["example.com"])) {
            Route("photo", "/albums/:album(slug)/photos/:index(int 0...9999)")
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
        }
        Route("settings", "/settings", scope: RouteScope(schemes: ["myapp"]))
    }

    static func dispatcher() throws -> LinkDispatcher {
        try LinkDispatcher(table: table, policy: policy)
    }
}
