import DeepLinks

/// The URLs a site publishes: a `sitemap.xml`, a sitemap index, either of them gzipped, or a
/// plain list with one URL a line.
///
/// The format is told from the bytes: gzip by its magic number (then the rest is told from
/// what it expands to), XML by a `<` as the first character after an optional byte-order mark
/// and white space, a plain list otherwise. In a list, empty lines and lines starting with `#`
/// are skipped and each line is trimmed of spaces and tabs.
///
/// The XML reader understands what sitemaps use (elements, attributes, comments, processing
/// instructions, CDATA, the five predefined entities and character references) and refuses
/// the rest with a typed error: a document type declaration (so no entity can expand), an
/// unknown entity, a tag that is not closed, a root that is neither `urlset` nor
/// `sitemapindex`. Only the `loc` directly inside a `url` (or, in an index, a `sitemap`) is
/// read; extensions such as `image:loc` are not URLs of the site's pages.
///
/// A URL holding a control character (U+0000 to U+001F, U+007F to U+009F) is refused with
/// ``SitemapError/controlCharacter(line:scalar:)``: no URL has one, and the reports that show
/// the URLs must not receive one.
///
/// **Cost:** linear in the input. Every byte is looked at a bounded number of times; at most
/// ``maximumByteCount`` bytes are read (gzip included: decompression stops there), a file
/// lists at most ``maximumURLCount`` URLs, URLs are at most ``maximumURLLength`` bytes and
/// elements nest at most ``maximumDepth`` deep. To read a sitemap index with its sitemaps,
/// or several files, with bounds over the whole run, use ``SitemapReader``.
///
/// ```swift
/// let sitemap = try Sitemap(bytes: Array(xml.utf8))
/// sitemap.kind        // .urlSet
/// sitemap.locations   // ["https://shop.example.com/p/1", …]
/// ```
public struct Sitemap: Sendable, Hashable {
    /// What a sitemap file lists.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A `<urlset>`: the site's pages.
        case urlSet
        /// A `<sitemapindex>`: other sitemap files.
        case index
        /// A plain list of URLs, one a line.
        case list
    }

    /// The most bytes read from one file, after decompression: 50 MiB, the limit the sitemaps
    /// protocol sets for one sitemap.
    public static let maximumByteCount = 50 * 1024 * 1024
    /// The most URLs one file lists (a sitemap's pages, an index's sitemaps, a list's lines):
    /// 50,000, the limit the sitemaps protocol sets.
    public static let maximumURLCount = 50_000
    /// The longest URL, in bytes (the sitemaps protocol asks for fewer than 2,048 characters;
    /// the reader allows that many bytes and refuses longer ones).
    public static let maximumURLLength = 2_048
    /// The deepest nesting of XML elements read.
    public static let maximumDepth = 32

    /// What the file lists.
    public let kind: Kind
    /// The URLs, in file order: pages for ``Kind/urlSet`` and ``Kind/list``, sitemap files for
    /// ``Kind/index``.
    public let locations: [String]

    /// Creates a sitemap from its parts.
    public init(kind: Kind, locations: [String]) {
        self.kind = kind
        self.locations = locations
    }

    /// Reads a sitemap, a sitemap index or a list, gzipped or not.
    ///
    /// - Throws: ``SitemapError`` saying what was wrong and where.
    public init(bytes: [UInt8]) throws(SitemapError) {
        self = try Self.read(bytes, byteLimit: Self.maximumByteCount, urlLimit: Self.maximumURLCount).sitemap
    }

    /// Reads a file with limits at most the per-file ones (smaller when a run has less left),
    /// and tells how many bytes it expanded to.
    static func read(_ bytes: [UInt8], byteLimit: Int, urlLimit: Int) throws(SitemapError) -> (
        sitemap: Sitemap, byteCount: Int
    ) {
        var bytes = bytes
        if Gzip.isGzip(bytes) {
            do {
                bytes = try Gzip.decompress(bytes, limit: byteLimit)
            } catch .tooLarge {
                throw .tooLarge(limit: byteLimit)
            } catch {
                throw .gzip(error)
            }
        }
        guard bytes.count <= byteLimit else { throw .tooLarge(limit: byteLimit) }
        return (try Sitemap(text: bytes, urlLimit: urlLimit), bytes.count)
    }

    /// Reads the text of a sitemap, an index or a list (not gzip).
    private init(text bytes: [UInt8], urlLimit: Int) throws(SitemapError) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var first = start
        while first < bytes.count, XMLScanner.isSpace(bytes[first]) { first += 1 }
        guard first < bytes.count else { throw .empty }
        if bytes[first] == UInt8(ascii: "<") {
            var scanner = XMLScanner(bytes: bytes, position: start, urlLimit: urlLimit)
            let (kind, locations) = try scanner.sitemap()
            self.init(kind: kind, locations: locations)
        } else {
            self.init(kind: .list, locations: try Self.list(bytes, from: start, urlLimit: urlLimit))
        }
    }

    /// The first control character of a URL (C0, DEL or C1), if it has one.
    static func controlCharacter(in url: String) -> Unicode.Scalar? {
        url.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// The URLs of a plain list.
    static func list(_ bytes: [UInt8], from start: Int, urlLimit: Int) throws(SitemapError) -> [String] {
        var locations: [String] = []
        var lineStart = start
        var line = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var low = lineStart
            var high = lineEnd
            while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
            while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 || bytes[high - 1] == 0x0D {
                high -= 1
            }
            if low < high, bytes[low] != UInt8(ascii: "#") {
                guard high - low <= maximumURLLength else {
                    throw .urlTooLong(line: line, limit: maximumURLLength)
                }
                guard let text = UTF8Text.decode(bytes[low..<high]) else {
                    throw .notUTF8(line: line)
                }
                if let scalar = controlCharacter(in: text) {
                    throw .controlCharacter(line: line, scalar: scalar.value)
                }
                guard locations.count < urlLimit else { throw .tooManyURLs(line: line, limit: urlLimit) }
                locations.append(text)
            }
            lineStart = lineEnd + 1
            line += 1
        }
        guard !locations.isEmpty else { throw .empty }
        return locations
    }
}

/// Why a sitemap or list could not be read.
public enum SitemapError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The file holds no URL.
    case empty
    /// The file (or what its gzip expands to) is larger than the limit.
    case tooLarge(limit: Int)
    /// The file is gzip but cannot be decompressed.
    case gzip(GzipError)
    /// A URL is longer than the limit (the line of a list, or of the XML).
    case urlTooLong(line: Int, limit: Int)
    /// Bytes that are not UTF-8 text, on this line.
    case notUTF8(line: Int)
    /// A URL holds a control character (its code point is `scalar`), on this line.
    case controlCharacter(line: Int, scalar: UInt32)
    /// The file lists more URLs than the limit; the first one past it is on this line.
    case tooManyURLs(line: Int, limit: Int)
    /// The XML is not well formed, or uses what a sitemap does not need, on this line.
    case invalidXML(line: Int, reason: String)
    /// The XML declares a document type; sitemaps have none, and refusing it means no entity
    /// can expand.
    case documentTypeDeclaration(line: Int)
    /// The root element is neither `urlset` nor `sitemapindex`.
    case notASitemap(root: String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .empty: "the sitemap lists no URL"
        case .tooLarge(let limit):
            "the sitemap is larger than \(limit) bytes (after decompression), the most that is read"
        case .gzip(let error): "the sitemap cannot be decompressed: \(error)"
        case .urlTooLong(let line, let limit): "line \(line): a URL is longer than \(limit) bytes"
        case .notUTF8(let line): "line \(line): the text is not UTF-8"
        case .controlCharacter(let line, let scalar):
            "line \(line): a URL holds the control character U+\(Self.hex(scalar)); no URL has one"
        case .tooManyURLs(let line, let limit):
            "line \(line): the file lists more than \(limit) URLs, the most that is read from one file"
        case .invalidXML(let line, let reason): "line \(line): the XML is not valid: \(reason)"
        case .documentTypeDeclaration(let line):
            "line \(line): the XML declares a document type (<!DOCTYPE>); a sitemap has none, and it is refused "
                + "so that no entity can expand"
        case .notASitemap(let root):
            "the root element is <\(root)>, not <urlset> (a sitemap) or <sitemapindex> (a sitemap index)"
        }
    }

    /// A code point as four or more upper-case hexadecimal digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension SitemapError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        case .tooLarge(let limit):
            var values = EnumCaseEncoder(encoder, "tooLarge")
            try values("limit", limit)
        case .gzip(let value):
            var values = EnumCaseEncoder(encoder, "gzip")
            try values("_0", value)
        case .urlTooLong(let line, let limit):
            var values = EnumCaseEncoder(encoder, "urlTooLong")
            try values("line", line)
            try values("limit", limit)
        case .notUTF8(let line):
            var values = EnumCaseEncoder(encoder, "notUTF8")
            try values("line", line)
        case .controlCharacter(let line, let scalar):
            var values = EnumCaseEncoder(encoder, "controlCharacter")
            try values("line", line)
            try values("scalar", scalar)
        case .tooManyURLs(let line, let limit):
            var values = EnumCaseEncoder(encoder, "tooManyURLs")
            try values("line", line)
            try values("limit", limit)
        case .invalidXML(let line, let reason):
            var values = EnumCaseEncoder(encoder, "invalidXML")
            try values("line", line)
            try values("reason", reason)
        case .documentTypeDeclaration(let line):
            var values = EnumCaseEncoder(encoder, "documentTypeDeclaration")
            try values("line", line)
        case .notASitemap(let root):
            var values = EnumCaseEncoder(encoder, "notASitemap")
            try values("root", root)
        }
    }
}
