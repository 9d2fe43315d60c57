import DeepLinks
import Testing

/// A link that fits a route only by taking a segment the route may leave out (`/about` for a
/// home route under an optional locale prefix) is no near miss of that route: the explanation
/// does not list it and the link has no matching route. A link that fits the rest of the route
/// (a literal segment of it) still names the route and the parameter that refused it.
@Suite("Refusal reasons: optional segments name a route only when the rest of it fits")
struct OptionalSegmentMissTests {
    static let host = "ledger.example"

    /// The app's table: a home page and product pages under an optional locale prefix, a list
    /// with an optional page, and a page route whose only segment is optional.
    static let table = RouteTable {
        RouteGroup(prefix: "/:locale(enum de|fr)?") {
            Route("home", "/")
            Route("product", "/product/:id(int)")
        }
        Route("list", "/list/:page(int 1...)?")
    }

    static func receiver(_ table: RouteTable = table) throws -> LinkReceiver {
        try LinkReceiver(
            table: table,
            configuration: LinkReceiver.Configuration(
                policy: LinkPolicy(allowedHosts: [HostPattern(host)]),
                schemes: try SchemeRegistry([CustomScheme("ledger")])))
    }

    static let localeRefused = ParameterFailure.Reason.notAllowedValue(allowed: ["de", "fr"])

    @Test("a web link that only fills the optional prefix opens in the browser: no route matches")
    func unrelatedWebLink() throws {
        let receiver = try Self.receiver()
        let decision = receiver.receive(url: "https://ledger.example/about")
        guard case .openInBrowser(_, let reason) = decision.outcome else {
            Issue.record("expected openInBrowser, got \(decision.outcome)")
            return
        }
        #expect(reason == .noMatchingRoute)
        let explanation = receiver.explain(.url("https://ledger.example/about"))
        #expect(explanation.routing?.attempts == [])
        #expect(explanation.routing?.closestFailure == nil)
    }

    @Test("a custom-scheme link that only fills the optional prefix is unhandled: no route matches")
    func unrelatedCustomSchemeLink() throws {
        let receiver = try Self.receiver()
        let decision = receiver.receive(url: "ledger://nowhere")
        guard case .reject(.unhandled(_, let reason)) = decision.outcome else {
            Issue.record("expected an unhandled rejection, got \(decision.outcome)")
            return
        }
        #expect(reason == .noMatchingRoute)
        #expect(receiver.explain(.url("ledger://nowhere")).routing?.closestFailure == nil)
    }

    @Test("the router's explanation lists no route for a segment only an optional parameter could take")
    func routerExplanation() throws {
        let router = try Router(Self.table)
        let link = try LinkGate(policy: LinkPolicy(allowedHosts: [HostPattern(Self.host)]))
            .parse("https://ledger.example/about")
        #expect(router.explain(link).attempts == [])
        #expect(router.explain(link).description == "no route fits the link's path")
    }

    @Test("the optional prefix's readings still route")
    func readingsRoute() throws {
        let receiver = try Self.receiver()
        #expect(receiver.receive(url: "https://ledger.example/").match?.route == "home")
        #expect(receiver.receive(url: "https://ledger.example/de").match?.route == "home")
        #expect(receiver.receive(url: "https://ledger.example/de").match?.parameters == ["locale": "de"])
        #expect(receiver.receive(url: "https://ledger.example/fr/product/7").match?.route == "product")
        #expect(receiver.receive(url: "https://ledger.example/list").match?.route == "list")
        #expect(receiver.receive(url: "https://ledger.example/list/2").match?.parameters == ["page": 2])
    }

    @Test(
        "a link that fits the rest of a prefixed route still names it and the refused parameter",
        arguments: [
            (
                "https://ledger.example/xx/product/5",
                RoutingFailure.invalidParameter(
                    route: "product",
                    failure: ParameterFailure(
                        parameter: "locale", location: .path, value: "xx", reason: localeRefused))
            ),
            (
                "https://ledger.example/de/product/abc",
                .invalidParameter(
                    route: "product",
                    failure: ParameterFailure(
                        parameter: "id", location: .path, value: "abc", reason: .notAnInteger))
            ),
            (
                "https://ledger.example/product/abc",
                .invalidParameter(
                    route: "product",
                    failure: ParameterFailure(
                        parameter: "id", location: .path, value: "abc", reason: .notAnInteger))
            ),
            (
                "https://ledger.example/list/x",
                .invalidParameter(
                    route: "list",
                    failure: ParameterFailure(
                        parameter: "page", location: .path, value: "x", reason: .notAnInteger))
            ),
        ])
    func nearMissNamesTheRoute(link: String, reason: RoutingFailure) throws {
        let receiver = try Self.receiver()
        guard case .openInBrowser(_, let found) = receiver.receive(url: link).outcome else {
            Issue.record("expected openInBrowser for \(link)")
            return
        }
        #expect(found == reason)
        guard case .invalidParameter(let route, let failure) = reason else { return }
        let closest = receiver.explain(.url(link)).routing?.closestFailure
        #expect(closest?.route == route)
        #expect(closest?.failure == failure)
    }

    @Test("a required leading parameter that refuses the link still names its route")
    func requiredLeadingSegment() throws {
        let table = RouteTable { Route("home", "/:locale(enum de|fr)") }
        let receiver = try Self.receiver(table)
        guard
            case .openInBrowser(_, let reason) = receiver.receive(url: "https://ledger.example/about").outcome
        else {
            Issue.record("expected openInBrowser")
            return
        }
        #expect(
            reason
                == .invalidParameter(
                    route: "home",
                    failure: ParameterFailure(
                        parameter: "locale", location: .path, value: "about", reason: Self.localeRefused)))
    }

    @Test("a route whose only segment is optional is no near miss of a link it cannot read")
    func onlySegmentOptional() throws {
        let table = RouteTable { Route("page", "/:page(int 1...)?") }
        let receiver = try Self.receiver(table)
        guard case .openInBrowser(_, let reason) = receiver.receive(url: "https://ledger.example/abc").outcome
        else {
            Issue.record("expected openInBrowser")
            return
        }
        #expect(reason == .noMatchingRoute)
        #expect(receiver.receive(url: "https://ledger.example/3").match?.parameters == ["page": 3])
    }
}
