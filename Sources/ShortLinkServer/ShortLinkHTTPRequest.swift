import LinkPreviews

/// One HTTP request as the short-link responder reads it: what the site responder reads, plus
/// the three headers and the body the API and the counts need.
///
/// The `User-Agent` is read only to class the client (``PlatformClass``) and is then dropped;
/// it is never stored.
///
/// ```swift
/// let request = ShortLinkHTTPRequest(
///     method: "POST", target: "/s/-/links", host: "shop.example.com",
///     headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
///     body: Array(#"{"link": "https://shop.example.com/p/42"}"#.utf8))
/// ```
public struct ShortLinkHTTPRequest: Sendable, Hashable {
    /// Method, target, host, `Accept` and `If-None-Match`.
    public var site: SiteRequest
    /// The `Authorization` header.
    public var authorization: String?
    /// The `User-Agent` header.
    public var userAgent: String?
    /// The body (the API's `POST`s).
    public var body: [UInt8]

    /// Creates a request from its parts.
    public init(site: SiteRequest, authorization: String? = nil, userAgent: String? = nil, body: [UInt8] = [])
    {
        self.site = site
        self.authorization = authorization
        self.userAgent = userAgent
        self.body = body
    }

    /// Creates a request from every header field (names in any case); the first `Host`,
    /// `Authorization` and `User-Agent` fields are kept, and `Accept` and `If-None-Match` as the
    /// site responder keeps them.
    public init(
        method: String, target: String, host: String? = nil, headers: [(String, String)], body: [UInt8] = []
    ) {
        site = SiteRequest(method: method, target: target, host: host, headers: headers)
        authorization = headers.first { $0.0.lowercased() == "authorization" }?.1
        userAgent = headers.first { $0.0.lowercased() == "user-agent" }?.1
        self.body = body
    }

}
