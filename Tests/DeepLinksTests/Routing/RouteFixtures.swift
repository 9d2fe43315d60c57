import DeepLinks
import Foundation

/// Shared helpers for the routing tests.
enum RouteFixtures {
    /// A policy for `https`, `http` and the custom schemes the tests use.
    static let policy: LinkPolicy = {
        var policy = LinkPolicy()
        policy.allowedSchemes.formUnion(["myapp", "newsapp"])
        return policy
    }()

    /// Parses link text with ``policy``; test inputs are known to be valid.
    static func link(_ text: String) throws -> Link {
        try LinkGate(policy: policy).parse(text)
    }

    /// The name of the route a link text leads to, or `nil`.
    static func routeName(_ router: Router, _ text: String) throws -> String? {
        router.match(try link(text))?.route.name
    }

    /// A router for routes in declaration order with default options.
    static func router(
        options: RoutingOptions = RoutingOptions(), registry: ParameterTypeRegistry = ParameterTypeRegistry(),
        @RouteTableBuilder _ routes: () -> [Route]
    ) throws -> Router {
        try Router(RouteTable(options: options, routes), registry: registry)
    }
}
