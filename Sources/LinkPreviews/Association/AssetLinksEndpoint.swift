import AssociatedDomains

/// Serves a site's Digital Asset Links statement list, `/.well-known/assetlinks.json`, the
/// file Android reads to verify App Links: the exact bytes, as `application/json`, never
/// through a redirect.
///
/// The endpoint holds the list's bytes, written from an `AssetLinksFile` (as
/// `AssetLinksGenerator` makes it from the route table) or read from a checked-in file and
/// checked once by the strict reader; it performs no I/O.
///
/// ```swift
/// let generated = AssetLinksGenerator(apps: [app], domain: "photos.example.com").generate(from: table)
/// let endpoint = try AssetLinksEndpoint(file: generated.file)
/// ```
public struct AssetLinksEndpoint: Sendable, Hashable {
    /// The path Android fetches.
    public static let path = AssetLinksFile.wellKnownPath
    /// The content type.
    public static let contentType = AssetLinksFile.contentType

    /// The file's bytes, exactly as served.
    public let body: [UInt8]
    /// The `Cache-Control` header value.
    public let cacheControl: String

    /// Serialises a statement list (indented, so that people can read what the server sends).
    ///
    /// - Throws: ``AssetLinksServingError/tooLarge(byteCount:)`` when it is over 128 KB.
    public init(file: AssetLinksFile, cacheControl: String = "public, max-age=3600")
        throws(AssetLinksServingError)
    {
        let bytes = file.servedBytes
        guard bytes.count <= AssetLinksFile.maximumByteCount else { throw .tooLarge(byteCount: bytes.count) }
        self.body = bytes
        self.cacheControl = cacheControl
    }

    /// Checks bytes written elsewhere (a checked-in file) with the strict reader and keeps them.
    ///
    /// - Throws: ``AssetLinksServingError`` when the bytes are over 128 KB or are not a
    ///   statement list the reader accepts.
    public init(bytes: [UInt8], cacheControl: String = "public, max-age=3600") throws(AssetLinksServingError)
    {
        guard bytes.count <= AssetLinksFile.maximumByteCount else { throw .tooLarge(byteCount: bytes.count) }
        do {
            _ = try AssetLinksFile(bytes: bytes)
        } catch {
            throw .unreadable(error)
        }
        self.body = bytes
        self.cacheControl = cacheControl
    }
}

/// Why bytes cannot be served as `assetlinks.json`.
///
/// ```swift
/// AssetLinksServingError.tooLarge(byteCount: 140_000).description
/// // "assetlinks.json is 140000 bytes; at most 131072 (128 KB) are served"
/// ```
public enum AssetLinksServingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is over 128 KB.
    case tooLarge(byteCount: Int)
    /// The bytes are not a statement list the strict reader accepts.
    case unreadable(AssetLinksError)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .tooLarge(let count):
            "assetlinks.json is \(count) bytes; at most \(AssetLinksFile.maximumByteCount) (128 KB) are served"
        case .unreadable(let error): "assetlinks.json cannot be served: \(error.description)"
        }
    }
}
