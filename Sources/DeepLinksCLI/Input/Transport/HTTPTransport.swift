/// Fetches one URL with a GET, never following redirects, and hands back what the server said.
///
/// A redirect is an answer like any other (status 3xx and its `Location`), because Apple's
/// fetcher does not follow redirects for association files and the report must say so.
protocol HTTPTransport: Sendable {
    /// Fetches `url`, reading at most `byteLimit` bytes of body (more is reported as
    /// ``HTTPResponse/isTruncated``).
    func fetch(_ url: String, byteLimit: Int) async -> Result<HTTPResponse, TransportFailure>
}

/// What a server answered.
struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    var status: Int
    /// The `Content-Type` header, as sent; `nil` when absent.
    var contentType: String?
    /// The `Location` header of a redirect; `nil` when absent.
    var location: String?
    /// The body as received (at most the byte limit).
    var body: [UInt8]
    /// Whether the body went on past the byte limit and was cut there.
    var isTruncated: Bool
}

/// Why there is no answer at all.
enum TransportFailure: Error, Sendable, Equatable {
    /// The TLS handshake failed: an untrusted, expired or mismatched certificate, or no common
    /// protocol. Apple's fetcher fails the same way, so this is a finding, not a network error.
    case tls(String)
    /// The server could not be reached: name resolution, connection, timeout.
    case unreachable(String)
    /// The certificates given to trust (`--ca-file`) could not be used.
    case unusableTrustFile(String)
}
