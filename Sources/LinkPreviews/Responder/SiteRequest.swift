/// One HTTP request as the site responder reads it: the method, the raw request target, the
/// host it named, and the two headers that change the answer.
///
/// An adapter copies these from its framework's request; nothing else of the request is
/// read, so the answer never depends on cookies, the client's address or other headers.
///
/// ```swift
/// let request = SiteRequest(
///     method: "GET", target: "/albums/summer-2024?utm_source=mail", host: "photos.example.com",
///     headers: [("Accept", "text/html"), ("If-None-Match", #""5f1c9a0e2b7d4c31""#)])
/// ```
public struct SiteRequest: Sendable, Hashable {
    /// The method as sent (`GET`); methods are case-sensitive, so `get` is not `GET`.
    public var method: String
    /// The raw request target: origin form (`/albums/summer-2024?sort=name`), or absolute
    /// form (`https://photos.example.com/albums`), whose host then replaces ``host``.
    public var target: String
    /// The `Host` header (or HTTP/2 `:authority`), port included or not; `nil` when absent.
    public var host: String?
    /// The `Accept` header, several fields joined with `, `.
    public var accept: String?
    /// The `If-None-Match` header, several fields joined with `, `.
    public var ifNoneMatch: String?

    /// Creates a request from the values the responder reads.
    public init(
        method: String, target: String, host: String? = nil, accept: String? = nil, ifNoneMatch: String? = nil
    ) {
        self.method = method
        self.target = target
        self.host = host
        self.accept = accept
        self.ifNoneMatch = ifNoneMatch
    }

    /// Creates a request from every header field, as name and value pairs in any case; the
    /// responder keeps `Host`, `Accept` and `If-None-Match` (the first `Host` and every
    /// `Accept` and `If-None-Match` field, joined).
    public init(method: String, target: String, headers: some Sequence<(String, String)>) {
        self.init(method: method, target: target)
        // Names are compared in place, without regard to ASCII case: no copy per field.
        for (name, value) in headers {
            let bytes = Substring(name).utf8
            if HTTPNegotiation.equalsIgnoringCase(bytes, "host") {
                if host == nil { host = value }
            } else if HTTPNegotiation.equalsIgnoringCase(bytes, "accept") {
                Self.join(value, to: &accept)
            } else if HTTPNegotiation.equalsIgnoringCase(bytes, "if-none-match") {
                Self.join(value, to: &ifNoneMatch)
            }
        }
    }

    /// Appends a repeated field's value to those before it, in place: joining `n` fields
    /// costs time linear in their bytes, not in `n` times their bytes.
    private static func join(_ value: String, to joined: inout String?) {
        guard joined != nil else {
            joined = value
            return
        }
        joined!.append(", ")
        joined!.append(value)
    }

    /// Creates a request from every header field, with the host given apart (HTTP/2's
    /// `:authority`, or a framework that parsed it); a `Host` field among the headers is
    /// used only when `host` is `nil`.
    public init(method: String, target: String, host: String?, headers: some Sequence<(String, String)>) {
        self.init(method: method, target: target, headers: headers)
        if let host { self.host = host }
    }
}
