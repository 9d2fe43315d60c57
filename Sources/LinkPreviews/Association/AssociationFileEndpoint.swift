import AssociatedDomains
import DeepLinks

/// Serves a site's `apple-app-site-association` file the way Apple fetches it: the exact
/// bytes, at the exact path, with the right type, and never through a redirect.
///
/// The endpoint holds the file's bytes, checked once when it is made, and answers each
/// request with a value the server turns into a response (``AssociationFileResponse``); it
/// performs no I/O itself. The rules it follows, and that a server must not undo, are
/// ``AssociationServingRule``.
///
/// ```swift
/// let endpoint = try AssociationFileEndpoint(file: associationFile)
/// switch endpoint.respond(method: "GET", path: request.path) {
/// case .serve(let status, let headers, let body): …   // 200, Content-Type: application/json
/// case .methodNotAllowed(let allow): …                 // 405 with Allow: GET, HEAD
/// case .notThisEndpoint: …                             // the rest of the site
/// }
/// ```
public struct AssociationFileEndpoint: Sendable, Hashable {
    /// The path Apple's CDN and devices fetch.
    public static let path = "/.well-known/apple-app-site-association"
    /// The path at the site's root that iOS 9 also tried.
    public static let legacyPath = "/apple-app-site-association"
    /// The content type: plain JSON (an unsigned file).
    public static let contentType = "application/json"

    /// The file's bytes, exactly as served.
    public let body: [UInt8]
    /// Whether the legacy root path is answered too.
    public let servesLegacyPath: Bool
    /// The `Cache-Control` header value. Apple's CDN refreshes about weekly whatever this
    /// says; it keeps other caches from holding an old file longer than an hour.
    public let cacheControl: String

    /// Serialises a file and checks it.
    ///
    /// - Parameters:
    ///   - file: the association file to serve.
    ///   - format: how to write the JSON; indented by default, so that people can read what
    ///     the server sends.
    ///   - servesLegacyPath: whether the legacy root path is answered too.
    ///   - cacheControl: the `Cache-Control` header value.
    /// - Throws: ``AssociationServingError`` when the file is over 128 KB.
    public init(
        file: AssociationFile, format: JSONFormat = .associationFilePretty, servesLegacyPath: Bool = true,
        cacheControl: String = "public, max-age=3600"
    ) throws(AssociationServingError) {
        try self.init(
            bytes: format == .associationFilePretty
                ? file.servedBytes : Array((file.json.serialized(format) + "\n").utf8),
            servesLegacyPath: servesLegacyPath, cacheControl: cacheControl)
    }

    /// Checks bytes that were written elsewhere (a checked-in file).
    ///
    /// - Throws: ``AssociationServingError`` when the bytes are not a readable association
    ///   file, are CMS-signed, or are over 128 KB.
    public init(
        bytes: [UInt8], servesLegacyPath: Bool = true, cacheControl: String = "public, max-age=3600"
    ) throws(AssociationServingError) {
        guard bytes.count <= AssociationFileDocument.maximumByteCount else {
            throw .tooLarge(byteCount: bytes.count)
        }
        let document: AssociationFileDocument
        do {
            document = try AssociationFileDocument(bytes: bytes)
        } catch {
            throw .unreadable(error)
        }
        guard !document.isSigned else { throw .signed }
        self.body = bytes
        self.servesLegacyPath = servesLegacyPath
        self.cacheControl = cacheControl
    }

    /// The headers of a successful response, in order.
    public var headers: [ResponseHeader] {
        [
            ResponseHeader("Content-Type", Self.contentType),
            ResponseHeader("Content-Length", String(body.count)),
            ResponseHeader("Cache-Control", cacheControl),
            ResponseHeader("X-Content-Type-Options", "nosniff"),
        ]
    }

    /// Whether a request path is one this endpoint answers: exactly ``path``, or
    /// ``legacyPath`` when it is served. A trailing slash, a `.json` suffix or any other
    /// spelling is not the file (and must not be redirected to it).
    public func answers(path requestPath: String) -> Bool {
        requestPath == Self.path || (servesLegacyPath && requestPath == Self.legacyPath)
    }

    /// The response to a request, as a value.
    ///
    /// - Parameters:
    ///   - method: the HTTP method, upper-case.
    ///   - requestPath: the request path without the query.
    public func respond(method: String, path requestPath: String) -> AssociationFileResponse {
        guard answers(path: requestPath) else { return .notThisEndpoint }
        switch method {
        case "GET": return .serve(status: 200, headers: headers, body: body)
        case "HEAD": return .serve(status: 200, headers: headers, body: [])
        default: return .methodNotAllowed(allow: "GET, HEAD")
        }
    }
}

/// What to answer a request for the association file.
public enum AssociationFileResponse: Sendable, Hashable {
    /// Send this status, these headers and this body (empty for `HEAD`, whose headers still
    /// give the file's length).
    case serve(status: Int, headers: [ResponseHeader], body: [UInt8])
    /// Answer 405 with this `Allow` header.
    case methodNotAllowed(allow: String)
    /// The request is for another path: let the rest of the site answer it, and never with
    /// a redirect to the file.
    case notThisEndpoint
}

/// One HTTP response header.
public struct ResponseHeader: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The header's name (`Content-Type`).
    public let name: String
    /// The header's value.
    public let value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`.
    public var description: String { "\(name): \(value)" }
}

/// Why bytes cannot be served as an association file.
///
/// ```swift
/// AssociationServingError.tooLarge(byteCount: 140_000).description
/// // "the association file is 140000 bytes; Apple reads at most 131072 (128 KB)"
/// ```
public enum AssociationServingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is over Apple's 128 KB limit.
    case tooLarge(byteCount: Int)
    /// The bytes are not a readable association file.
    case unreadable(AssociationFileError)
    /// The file is CMS-signed; a signed file (`application/pkcs7-mime`) was only needed
    /// for iOS 8 and is not what this endpoint serves.
    case signed

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .tooLarge(let count):
            "the association file is \(count) bytes; Apple reads at most \(AssociationFileDocument.maximumByteCount) (128 KB)"
        case .unreadable(let error): "the association file cannot be served: \(error.description)"
        case .signed: "the association file is CMS-signed; serve the plain JSON as application/json instead"
        }
    }
}

/// The rules a server must follow for Apple to read its association file (see “Serving the association file” in the documentation).
///
/// ```swift
/// for rule in AssociationServingRule.allCases { print(rule.sentence) }
/// ```
public enum AssociationServingRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Served at `/.well-known/apple-app-site-association`, with no extension.
    case exactPath
    /// Served directly with status 200: Apple does not follow redirects.
    case noRedirect
    /// Served over HTTPS with a certificate that devices trust.
    case https
    /// At most 128 KB, uncompressed.
    case sizeLimit
    /// Served as `application/json`.
    case contentType
    /// Reachable without authentication, cookies or a client challenge.
    case publicAccess

    /// The rule as a sentence.
    public var sentence: String {
        switch self {
        case .exactPath:
            "serve the file at /.well-known/apple-app-site-association, with no .json extension and no trailing slash"
        case .noRedirect:
            "answer with status 200 directly; Apple does not follow redirects, not even to the same host"
        case .https: "serve it over HTTPS with a certificate devices trust"
        case .sizeLimit: "keep it at most 128 KB uncompressed"
        case .contentType: "send Content-Type: application/json"
        case .publicAccess:
            "do not put it behind authentication, cookies, or a bot challenge; Apple's CDN fetches it"
        }
    }
}

extension ResponseHeader {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(name, forKey: "name")
        try c.encode(value, forKey: "value")
    }
}
