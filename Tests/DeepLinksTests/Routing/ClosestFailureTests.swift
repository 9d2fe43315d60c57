import Testing

@testable import DeepLinks

/// A web link no route takes opens in the browser with the reason of its closest miss: the
/// first route in precedence order, among those whose scope covers the link, that a parameter
/// refused, with the parameter, where it is, the value and why. Under the default precedence
/// the receiver finds it without listing every route tried; these tests pin that it names
/// exactly what the explanation's ``RouteExplanation/closestFailure`` names.
@Suite("A link no route takes names the first route in scope that a parameter refused")
struct ClosestFailureTests {
    static let photos = RouteScope(hosts: ["photos.example.com"])

    static func table(_ precedence: RoutingOptions.Precedence) -> RouteTable {
        var table = RouteTable {
            Route("elsewhere", "/albums/:id(int 1...99)", scope: RouteScope(hosts: ["other.example.com"]))
            Route("album", "/albums/:id(int 1...99)", scope: photos)
            Route("photo", "/albums/:id(int 1...99)/photos/:index(int 0...9)", scope: photos)
            Route("search", "/search", query: ["q(string 1...8)"], scope: photos)
        }
        table.options.precedence = precedence
        return table
    }

    static func receiver(_ precedence: RoutingOptions.Precedence) throws -> LinkReceiver {
        try LinkReceiver(
            table: table(precedence),
            policy: LinkPolicy(allowedHosts: ["photos.example.com", "other.example.com"]))
    }

    /// Links no route takes, and the reason each must give.
    static let misses: [(text: String, reason: RoutingFailure)] = [
        // `elsewhere` refuses 500 too, but its scope does not cover the link's host.
        (
            "https://photos.example.com/albums/500",
            .invalidParameter(
                route: "album",
                failure: ParameterFailure(
                    parameter: "id", location: .path, value: "500", reason: .outOfRange(1...99)))
        ),
        (
            "https://other.example.com/albums/0",
            .invalidParameter(
                route: "elsewhere",
                failure: ParameterFailure(
                    parameter: "id", location: .path, value: "0", reason: .outOfRange(1...99)))
        ),
        (
            "https://photos.example.com/albums/7/photos/12",
            .invalidParameter(
                route: "photo",
                failure: ParameterFailure(
                    parameter: "index", location: .path, value: "12", reason: .outOfRange(0...9)))
        ),
        (
            "https://photos.example.com/albums/x/photos/12",
            .invalidParameter(
                route: "photo",
                failure: ParameterFailure(
                    parameter: "id", location: .path, value: "x", reason: .notAnInteger))
        ),
        (
            "https://photos.example.com/search?q=ninechars",
            .invalidParameter(
                route: "search",
                failure: ParameterFailure(
                    parameter: "q", location: .query, value: "ninechars", reason: .tooLong(maximum: 8)))
        ),
        (
            "https://photos.example.com/search",
            .invalidParameter(
                route: "search",
                failure: ParameterFailure(parameter: "q", location: .query, value: nil, reason: .missing))
        ),
        // No route of this path is in scope: nothing to name.
        ("https://other.example.com/search?q=a", .noMatchingRoute),
        ("https://photos.example.com/nowhere", .noMatchingRoute),
    ]

    @Test(
        "the browser fallback names the closest miss, under either precedence",
        arguments: [RoutingOptions.Precedence.specificity, .declarationOrder])
    func fallbackNamesTheClosestMiss(precedence: RoutingOptions.Precedence) throws {
        let receiver = try Self.receiver(precedence)
        for (text, reason) in Self.misses {
            let link = receiver.gate.sanitize(try receiver.gate.parse(text)).link
            #expect(receiver.receive(url: text).outcome == .openInBrowser(link, reason: reason), "\(text)")
            let explained: RoutingFailure =
                receiver.explain(.url(text)).routing?.closestFailure.map {
                    .invalidParameter(route: $0.route, failure: $0.failure)
                } ?? .noMatchingRoute
            #expect(explained == reason, "\(text)")
        }
    }

    @Test("the explanation lists the route out of scope beside the refusal the fallback names")
    func explanationListsEveryRouteTried() throws {
        let receiver = try Self.receiver(.specificity)
        let explanation = receiver.explain(.url("https://photos.example.com/albums/500")).routing
        let attempts = try #require(explanation?.attempts)
        let refused = RouteAttempt(
            route: "album",
            result: .parameterFailed(
                ParameterFailure(parameter: "id", location: .path, value: "500", reason: .outOfRange(1...99)))
        )
        let outOfScope = RouteAttempt(route: "elsewhere", result: .hostNotInScope("photos.example.com"))
        // The two routes' scopes are disjoint, so neither comes first by precedence: the order
        // they are listed in is not part of the contract.
        #expect(attempts.count == 2)
        #expect(Set(attempts) == [outOfScope, refused])
    }

    @Test("a link a route takes has no closest miss")
    func matchHasNoMiss() throws {
        let receiver = try Self.receiver(.specificity)
        let outcome = receiver.receive(url: "https://photos.example.com/albums/42").outcome
        #expect(outcome.match?.route == "album")
        #expect(outcome.match?.parameters == ["id": 42])
        let explanation = try #require(receiver.explain(.url("https://photos.example.com/albums/42")).routing)
        #expect(explanation.winner == "album")
        #expect(explanation.closestFailure == nil)
    }

    /// The closest miss is kept in place as the first attempt only (``FirstRouteAttempt``).
    @Test("the first attempt kept in place is the first appended, whatever follows")
    func firstAttemptIsKept() {
        let attempts: [(Int, RouteAttempt)] = [
            (3, RouteAttempt(route: "three", result: .schemeNotInScope("myapp"))),
            (1, RouteAttempt(route: "one", result: .matched)),
            (7, RouteAttempt(route: "seven", result: .hostNotInScope(nil))),
        ]
        #expect(FirstRouteAttempt().first == nil)
        for n in 1...attempts.count {
            var first = FirstRouteAttempt()
            for (route, attempt) in attempts.prefix(n) { first.append(route, attempt) }
            #expect(first.first?.route == 3, "after \(n)")
            #expect(
                first.first?.attempt == RouteAttempt(route: "three", result: .schemeNotInScope("myapp")),
                "after \(n)")
        }
    }
}
