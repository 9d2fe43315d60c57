/// The answer to one request, as a value: an adapter copies the status, the headers in
/// order, and the body onto the wire, and adds nothing.
///
/// `Content-Length` is always among the headers when the status allows a body; for `HEAD` it
/// gives the length of the body a `GET` would have got, and ``body`` is empty. A `304 Not
/// Modified` has no body and no `Content-Length`.
///
/// ```swift
/// let response = await responder.respond(to: request)
/// response.status                      // 200
/// response.header("Content-Type")      // "text/html; charset=utf-8"
/// ```
public struct SiteResponse: Sendable, Hashable {
    /// The status code.
    public let status: Int
    /// The headers, in order.
    public let headers: [ResponseHeader]
    /// The body; empty for `HEAD` and `304`.
    public let body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [ResponseHeader], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header of a name, compared without regard to case.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name.lowercased() == lower }?.value
    }

    /// The body as text, for tests and logs.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
