/// Reads the URLs of a whole run: sitemaps, sitemap indexes with their sitemaps, lists, and
/// single URLs, with bounds over the run as well as per file.
///
/// Each file is read as ``Sitemap`` reads it, with its per-file limits (50 MiB after
/// decompression, 50,000 URLs). On top of them the run has its own, so that many files, or an
/// index naming one sitemap many times, cannot multiply them:
///
/// - at most ``urlLimit`` URLs in all (default ``maximumURLCount``), counting the single URLs
///   given with ``add(_:source:)``;
/// - at most ``byteLimit`` bytes in all (default ``maximumByteCount``), counting each file's
///   bytes as read and, for a gzip file, the bytes it expands to; decompression stops when the
///   run's budget is spent.
///
/// A sitemap index's sitemaps are read through the given ``Sitemaps`` source, each one once:
/// an entry whose file was already read in this run (the same location twice, or two indexes
/// naming the same file) is skipped, since reading it again would only repeat its URLs. An
/// index that lists another index is refused: the sitemaps protocol allows one level.
///
/// Past a bound the reader stops with a ``SitemapReaderError`` that names the limit and the
/// file; it never returns part of the URLs as if they were all.
///
/// **Cost:** the bytes read, the bytes inflated and the URLs kept are each bounded by the
/// run's limits, and the work is linear in them (see ``Sitemap``); memory is the URLs kept
/// plus one file at a time.
///
/// ```swift
/// var reader = SitemapReader()
/// try reader.read(indexBytes, source: "sitemap-index.xml", sitemaps: folder)
/// reader.urls   // every page of every sitemap the index names, each sitemap read once
/// ```
public struct SitemapReader: Sendable {
    /// Where the sitemaps a sitemap index names are read from.
    public struct Sitemaps {
        /// The key of the file a location names (two locations with one key are one file), or
        /// a ``SitemapReaderError`` saying why the location names no file.
        public var key: (_ location: String) throws(SitemapReaderError) -> String
        /// The bytes of the file with this key; at most `limit + 1` bytes need be read (one
        /// more than the limit tells that the file is over it).
        public var bytes: (_ key: String, _ limit: Int) throws(SitemapReaderError) -> [UInt8]

        /// Creates a source of sitemaps.
        public init(
            key: @escaping (_ location: String) throws(SitemapReaderError) -> String,
            bytes: @escaping (_ key: String, _ limit: Int) throws(SitemapReaderError) -> [UInt8]
        ) {
            self.key = key
            self.bytes = bytes
        }
    }

    /// The most URLs one run reads by default: 200,000.
    public static let maximumURLCount = 200_000
    /// The most bytes one run reads by default, files as read plus what gzip files expand to:
    /// 256 MiB.
    public static let maximumByteCount = 256 * 1024 * 1024

    /// The most URLs this run reads.
    public let urlLimit: Int
    /// The most bytes this run reads (files as read plus what gzip files expand to).
    public let byteLimit: Int
    /// The URLs read so far, in the order they were read.
    public private(set) var urls: [String] = []
    /// The bytes read so far (files as read plus what gzip files expand to).
    public private(set) var byteCount = 0
    /// The keys of the sitemaps already read from an index.
    private var readSitemaps: Set<String> = []

    /// Creates a reader with the run's limits.
    public init(
        urlLimit: Int = SitemapReader.maximumURLCount, byteLimit: Int = SitemapReader.maximumByteCount
    ) {
        self.urlLimit = urlLimit
        self.byteLimit = byteLimit
    }

    /// The bytes the run may still read.
    public var bytesLeft: Int { max(0, byteLimit - byteCount) }

    /// Adds one URL given outside any file.
    ///
    /// - Throws: ``SitemapReaderError/tooManyURLs(source:limit:)`` past the run's limit.
    public mutating func add(_ url: String, source: String) throws(SitemapReaderError) {
        guard urls.count < urlLimit else { throw .tooManyURLs(source: source, limit: urlLimit) }
        urls.append(url)
    }

    /// Reads one file: its URLs, or, for a sitemap index, the URLs of each sitemap it names.
    ///
    /// - Parameters:
    ///   - bytes: The file as read (at most ``bytesLeft`` + 1 bytes need be read).
    ///   - source: The file's name, for errors.
    ///   - sitemaps: Where an index's sitemaps are read from.
    /// - Throws: ``SitemapReaderError`` naming the file and what was wrong, or the limit.
    public mutating func read(_ bytes: [UInt8], source: String, sitemaps: Sitemaps) throws(SitemapReaderError)
    {
        let sitemap = try sitemap(bytes, source: source)
        guard sitemap.kind == .index else { return try append(sitemap.locations, source: source) }
        for location in sitemap.locations {
            let key = try sitemaps.key(location)
            guard readSitemaps.insert(key).inserted else { continue }
            let limit = min(Sitemap.maximumByteCount, bytesLeft)
            let listed = try self.sitemap(try sitemaps.bytes(key, limit), source: key)
            guard listed.kind != .index else { throw .nestedIndex(source: key) }
            try append(listed.locations, source: key)
        }
    }

    /// Reads one file within what is left of the run's budgets.
    private mutating func sitemap(_ bytes: [UInt8], source: String) throws(SitemapReaderError) -> Sitemap {
        guard bytes.count <= Sitemap.maximumByteCount else {
            throw .invalid(source: source, .tooLarge(limit: Sitemap.maximumByteCount))
        }
        guard bytes.count <= bytesLeft else { throw .tooManyBytes(source: source, limit: byteLimit) }
        byteCount += bytes.count
        let byteLimit = min(Sitemap.maximumByteCount, Gzip.isGzip(bytes) ? bytesLeft : bytes.count)
        do {
            let (sitemap, expanded) = try Sitemap.read(
                bytes, byteLimit: byteLimit, urlLimit: Sitemap.maximumURLCount)
            if Gzip.isGzip(bytes) { byteCount += expanded }
            return sitemap
        } catch .tooLarge(let limit) where limit < Sitemap.maximumByteCount {
            throw .tooManyBytes(source: source, limit: self.byteLimit)
        } catch {
            throw .invalid(source: source, error)
        }
    }

    private mutating func append(_ locations: [String], source: String) throws(SitemapReaderError) {
        guard locations.count <= urlLimit - urls.count else {
            throw .tooManyURLs(source: source, limit: urlLimit)
        }
        urls += locations
    }
}

/// Why the URLs of a run could not be read.
public enum SitemapReaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read at all (`reason` says why).
    case unreadable(source: String, reason: String)
    /// An index entry names no file the run can read (`reason` says why).
    case invalidEntry(source: String, location: String, reason: String)
    /// The file is not a valid sitemap, index or list.
    case invalid(source: String, SitemapError)
    /// A sitemap index lists another index.
    case nestedIndex(source: String)
    /// The run reaches more URLs than its limit at this file.
    case tooManyURLs(source: String, limit: Int)
    /// The run reads more bytes than its limit at this file.
    case tooManyBytes(source: String, limit: Int)

    /// The file the error is about.
    public var source: String {
        switch self {
        case .unreadable(let source, _), .invalidEntry(let source, _, _), .invalid(let source, _),
            .nestedIndex(let source), .tooManyURLs(let source, _), .tooManyBytes(let source, _):
            source
        }
    }

    /// A sentence that says what was wrong (without the file's name: see ``source``).
    public var reason: String {
        switch self {
        case .unreadable(_, let reason): reason
        case .invalidEntry(_, let location, let reason): "the index entry \(location) \(reason)"
        case .invalid(_, let error): error.description
        case .nestedIndex: "a sitemap index lists another index; the sitemaps protocol allows one level"
        case .tooManyURLs(_, let limit):
            "the run reaches more than \(limit) URLs here, the most one run reads (every file and --url together)"
        case .tooManyBytes(_, let limit):
            "the run reads more than \(limit) bytes here (files as read plus what gzip expands to), the most "
                + "one run reads"
        }
    }

    /// The file and what was wrong.
    public var description: String { "\(source): \(reason)" }
}
