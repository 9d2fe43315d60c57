import AssociatedDomains

/// Serves a site's Digital Asset Links statement list, `/.well-known/assetlinks.json`, the
/// file Android reads to verify App Links: the exact bytes, as `application/json`, never
/// through a redirect.
///
/// The endpoint holds bytes written elsewhere (a generator or a checked-in file) and checks
/// them once when it is made: at most 128 KB, JSON without syntax errors, and a list at the
/// top level, as Android requires. It performs no I/O.
///
/// ```swift
/// let endpoint = try AssetLinksEndpoint(bytes: Array(statementListJSON.utf8))
/// endpoint.body.count
/// ```
public struct AssetLinksEndpoint: Sendable, Hashable {
    /// The path Android fetches.
    public static let path = "/.well-known/assetlinks.json"
    /// The content type.
    public static let contentType = "application/json"
    /// The largest file served: 128 KB, the bound the association file has too.
    public static let maximumByteCount = 131_072

    /// The file's bytes, exactly as served.
    public let body: [UInt8]
    /// The `Cache-Control` header value.
    public let cacheControl: String

    /// Checks bytes and keeps them.
    ///
    /// - Throws: ``AssetLinksServingError`` when the bytes are over 128 KB, are not JSON, or
    ///   are not a list.
    public init(bytes: [UInt8], cacheControl: String = "public, max-age=3600") throws(AssetLinksServingError)
    {
        guard bytes.count <= Self.maximumByteCount else { throw .tooLarge(byteCount: bytes.count) }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw .notJSON(error)
        }
        guard case .array = value else { throw .notAList }
        self.body = bytes
        self.cacheControl = cacheControl
    }
}

/// Why bytes cannot be served as `assetlinks.json`.
///
/// ```swift
/// AssetLinksServingError.notAList.description
/// // "assetlinks.json must be a JSON list of statements at the top level"
/// ```
public enum AssetLinksServingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is over 128 KB.
    case tooLarge(byteCount: Int)
    /// The bytes are not JSON.
    case notJSON(JSONSyntaxError)
    /// The JSON is not a list.
    case notAList

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .tooLarge(let count):
            "assetlinks.json is \(count) bytes; at most \(AssetLinksEndpoint.maximumByteCount) (128 KB) are served"
        case .notJSON(let error): "assetlinks.json is not JSON: \(error.description)"
        case .notAList: "assetlinks.json must be a JSON list of statements at the top level"
        }
    }
}
