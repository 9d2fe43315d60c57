import DeepLinks

/// Route tables shaped to make a table check compare every route with every other: every
/// pair in conflict, and routes that overlap everywhere without conflicting. Each is generated
/// for any size up to the 50,000-route limit; `Tests/DeepLinksTests/Routing/HostileRouteTableTests.swift`
/// checks the same shapes at 2,000 routes.
enum HostileTableWorkloads {
    /// The shapes, by the name the results table gives them.
    static let shapes: [(name: String, routes: @Sendable (Int) -> [Route])] = [
        ("one path, each route its own required query item (every pair ambiguous)", onePathQueries),
        ("one path, own required query items, distinct priorities (no problem)", distinctPriorities),
        ("14 segments, each a literal (a, b) or a parameter (no problem)", fourteenSegments),
        ("catch-alls behind 0–29 parameters and a literal (no problem)", catchAlls),
        ("one path on as many hosts as routes (no problem)", onePathManyHosts),
        ("14 segments under an optional locale (two readings each, no problem)", optionalLocale),
        ("one shape, told apart by disjoint integer ranges (refused past the check's bound)", disjointRanges),
        (
            "destructive routes beside navigate routes that take their links (refused past the bound)",
            guardedBeside
        ),
    ]

    /// Route `i` is `/:w/:v(int 10i...10i+9)`: every pair shares the path's shape and none a
    /// link, so every pair is worth comparing; past a few thousand routes the check's bound
    /// (1,000,000 steps and 400 a route) refuses the table.
    static func disjointRanges(_ count: Int) -> [Route] {
        (0..<count).map { i in Route("r\(i)", PathPattern(parsing: "/:w/:v(int \(i * 10)...\(i * 10 + 9))")) }
    }

    /// Even routes destructive (`/x<i>/:v(int)`), odd ones navigate routes (`/:w/:v(string 1...i)`)
    /// that can each take the links of every destructive route: a pair of each two.
    static func guardedBeside(_ count: Int) -> [Route] {
        (0..<count).map { i in
            i % 2 == 0
                ? Route("r\(i)", PathPattern(parsing: "/x\(i / 2)/:v(int)"), safety: .destructive)
                : Route("r\(i)", PathPattern(parsing: "/:w/:v(string 1...\(i))"))
        }
    }

    static func onePathQueries(_ count: Int) -> [Route] {
        (0..<count).map { Route("r\($0)", "/a", query: [QueryParameter(stringLiteral: "q\($0)")]) }
    }

    static func distinctPriorities(_ count: Int) -> [Route] {
        (0..<count).map {
            Route("r\($0)", "/a", query: [QueryParameter(stringLiteral: "q\($0)")], priority: $0)
        }
    }

    /// Route `i` reads the base-3 digits of `i`: 0 is the literal `a`, 1 the literal `b`, 2 a
    /// parameter; every route overlaps most others, none shadows another.
    static func fourteenSegments(_ count: Int) -> [Route] {
        (0..<count).map { i in
            var rest = i
            var segments: [String] = []
            for position in 0..<14 {
                segments.append(["a", "b", ":p\(position)"][rest % 3])
                rest /= 3
            }
            return Route("r\(i)", PathPattern(parsing: "/" + segments.joined(separator: "/")))
        }
    }

    /// Route `i` is `i % 30` parameters, the literal `l<i / 30>`, then a catch-all.
    static func catchAlls(_ count: Int) -> [Route] {
        (0..<count).map { i in
            let parameters = (0..<(i % 30)).map { ":p\($0)" }
            let path = "/" + (parameters + ["l\(i / 30)", "*rest"]).joined(separator: "/")
            return Route("r\(i)", PathPattern(parsing: path))
        }
    }

    static func onePathManyHosts(_ count: Int) -> [Route] {
        (0..<count).map {
            Route(
                "r\($0)", "/a/:id(int)",
                scope: RouteScope(schemes: ["https"], hosts: [HostPattern("h\($0).example.com")]))
        }
    }

    /// ``fourteenSegments(_:)`` under an optional locale: each route has two readings, each
    /// compared with the other routes' as a route of its own.
    static func optionalLocale(_ count: Int) -> [Route] {
        fourteenSegments(count).map { route in
            var route = route
            route.path = PathPattern(parsing: "/:locale(enum de|fr)?" + route.path.text)
            return route
        }
    }
}
