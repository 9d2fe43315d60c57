import DeepLinks

/// What a preview provider receives: the route a link led to and its typed parameters.
///
/// Only validated values reach a provider: the parameters the route declared, each checked
/// against its type, and the canonical link written back from them. The link's other query
/// items never do.
///
/// ```swift
/// providers.bind("album") { request in
///     guard let slug = request.parameters.string("album"), let album = await store.album(slug) else {
///         return nil    // not found: the site's generic preview, status 404
///     }
///     return LinkPreview(title: album.title, description: album.summary)
/// }
/// ```
public struct PreviewRequest: Sendable, Hashable, Codable {
    /// The route's name.
    public let route: String
    /// The route's typed parameters, defaults included.
    public let parameters: RouteParameters
    /// The canonical link of the page, written from the route and its parameters.
    public let canonicalURL: String

    /// Creates a request.
    public init(route: String, parameters: RouteParameters, canonicalURL: String) {
        self.route = route
        self.parameters = parameters
        self.canonicalURL = canonicalURL
    }
}

/// Preview providers bound to route names: the backend's code that looks up what a link
/// points to and describes it.
///
/// A provider returns the preview, or `nil` when the content does not exist (the site's
/// generic preview is then shown, with ``PreviewSource/Kind/contentNotFound``). Whatever it
/// throws becomes ``LinkPreviewError/providerFailed(route:message:)``. Routes without a
/// provider get the generic preview.
///
/// ```swift
/// var providers = PreviewProviders()
/// providers.bind("article") { request in
///     let article = try await newsroom.article(id: request.parameters.string("id") ?? "")
///     return article.map { LinkPreview(title: $0.headline, description: $0.standfirst, type: .article) }
/// }
/// ```
///
/// A provider can also be bound to a `RouteValue` type: it receives the request's
/// parameters read as that type. ``LinkPreviewService`` checks every such binding against the
/// table when it is built.
///
/// ```swift
/// providers.bind(Article.self) { article, request in
///     try await newsroom.article(id: article.id).map { LinkPreview(title: $0.headline, description: $0.standfirst) }
/// }
/// ```
public struct PreviewProviders: Sendable {
    /// A provider: receives the request, returns the preview or `nil` for "not found".
    public typealias Provider = @Sendable (PreviewRequest) async throws -> LinkPreview?

    private var providers: [String: Provider] = [:]
    /// For each route bound through a `RouteValue` type: how to check the type against a table.
    private var typeChecks: [String: @Sendable (Router) -> TypedRoutesError?] = [:]

    /// Creates an empty set of providers.
    public init() {}

    /// Binds a provider to a route name, replacing any earlier one.
    public mutating func bind(_ route: String, _ provider: @escaping Provider) {
        providers[route] = provider
        typeChecks[route] = nil
    }

    /// Binds a provider to the route a `RouteValue` type names, replacing any earlier one:
    /// it receives the request's parameters read as the type, and the request itself.
    ///
    /// Parameters that do not read as the type (possible only for a type that does not fit
    /// its route, which ``LinkPreviewService`` refuses when it is built) make the provider
    /// fail with the reason (``LinkPreviewError/providerFailed(route:message:)``).
    public mutating func bind<Value: RouteValue>(
        _ type: Value.Type,
        _ provider: @escaping @Sendable (Value, PreviewRequest) async throws -> LinkPreview?
    ) {
        providers[Value.route] = { request in
            try await provider(try Value.value(from: request.parameters, route: request.route), request)
        }
        typeChecks[Value.route] = { router in router.typeError(for: Value.self) }
    }

    /// Why each provider bound through a `RouteValue` type does not fit its route in a
    /// router's table, in route-name order; empty when every one fits.
    public func typeErrors(in router: Router) -> [TypedRoutesError] {
        typeErrorsByRoute(in: router).map(\.typeError)
    }

    /// ``typeErrors(in:)`` with the route each problem is about.
    func typeErrorsByRoute(in router: Router) -> [(route: String, typeError: TypedRoutesError)] {
        typeChecks.sorted { $0.key < $1.key }.compactMap { entry in
            entry.value(router).map { (entry.key, $0) }
        }
    }

    /// The provider bound to a route name.
    public subscript(route: String) -> Provider? { providers[route] }

    /// The route names that have a provider, sorted.
    public var routeNames: [String] { providers.keys.sorted() }
}

extension PreviewRequest {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["route", "parameters", "canonicalURL"]

    /// Decodes the value, refusing a key it does not know (a misspelt key is an error, never
    /// a value silently left at nothing).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a preview request")
        route = try c.decode(String.self, forKey: "route")
        parameters = try c.decode(RouteParameters.self, forKey: "parameters")
        canonicalURL = try c.decode(String.self, forKey: "canonicalURL")
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(route, forKey: "route")
        try c.encode(parameters, forKey: "parameters")
        try c.encode(canonicalURL, forKey: "canonicalURL")
    }
}
