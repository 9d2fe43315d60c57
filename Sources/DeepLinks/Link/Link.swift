import Foundation

/// An absolute link that passed the gate: every part is known to be well formed.
///
/// A `Link` is produced only by ``LinkGate/parse(_:)``. It keeps each component both as it
/// arrived (still percent-encoded) and decoded, so that matchers which must compare encoded
/// text (association files) and routers which want plain values (route tables) read the same
/// value.
///
/// ```swift
/// let link = try LinkGate().parse("https://example.com/albums/Summer%202024?index=3")
/// link.host                           // "example.com"
/// link.pathSegments.map(\.decoded)    // ["albums", "Summer 2024"]
/// link.queryItems.first?.value        // "3"
/// ```
public struct Link: Sendable, Hashable {
    /// Where the raw parts and the original text come from.
    enum Text: Sendable {
        /// Every raw part given as its own string.
        case given(original: String, rawPath: String, rawQuery: String?, rawFragment: String?)
        /// The raw parts are slices of the text the gate parsed, read when asked for: most
        /// links are routed without anyone reading them.
        case parsed(ParsedText)
        /// Not written yet: only while the storage is built, before a link holds it. Trivial
        /// to overwrite, which is why it is the placeholder.
        case building
    }

    /// The text the gate parsed and where its raw parts lie in it.
    struct ParsedText: Sendable {
        /// The text the gate parsed.
        let text: String
        /// UTF-8 offsets of the path in ``text``.
        let path: Range<Int>
        /// UTF-8 offsets of the query (without `?`), `nil` when there is no `?`.
        let query: Range<Int>?
        /// UTF-8 offsets of the fragment (without `#`), `nil` when there is no `#`.
        let fragment: Range<Int>?
        /// Whether the text has `//` after the scheme.
        let hasAuthority: Bool
        /// Whether query items were removed while parsing: the query is then the kept items
        /// and the original text is written again from the parts.
        let isSanitized: Bool

        /// The slice of ``text`` at UTF-8 offsets.
        func slice(_ range: Range<Int>) -> String {
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let end = utf8.index(start, offsetBy: range.count)
            return String(Substring(utf8[start..<end]))
        }
    }

    /// Every part, in one allocation (see ``Storage``), immutable once a link holds it.
    private let shared: SharedStorage

    /// Every part, in one allocation (see ``Storage``), immutable once a link holds it.
    var storage: Storage { shared.storage }

    /// A link holding a finished storage (``StorageBuilder/freeze(text:isKnownCanonical:)``).
    init(storage: Storage) {
        shared = SharedStorage(storage: storage)
    }

    /// The scheme, lower-cased (`https`, `myapp`).
    public var scheme: String { storage.scheme }

    /// The host, lower-cased; `nil` only for a custom-scheme link with an empty authority
    /// (`myapp:///settings`). For http(s) it is a DNS name or, where the policy allows, an
    /// IP literal (IPv6 literals keep their brackets).
    public var host: String? { storage.host }

    /// The explicit port, if the link carried one (also when it equals the scheme's default).
    public var port: Int? { storage.port }

    /// The path exactly as it arrived, still percent-encoded (`/a/b%20c`). Empty when the
    /// link has no path (`https://example.com`).
    public var rawPath: String {
        switch storage.text {
        case .given(_, let rawPath, _, _): rawPath
        case .parsed(let parsed): parsed.slice(parsed.path)
        case .building: Self.unbuilt()
        }
    }

    /// The path split on `/`, without the leading empty segment. A trailing slash yields a
    /// final empty segment (`/a/` is `["a", ""]`); the bare path `/` is `[""]`, and an
    /// empty path is `[]`.
    public var pathSegments: [PathSegment] { Array(storage.segments) }

    /// The query exactly as it arrived, without the `?`; `nil` when there is no `?`.
    public var rawQuery: String? {
        switch storage.text {
        case .given(_, _, let rawQuery, _): rawQuery
        case .building: Self.unbuilt()
        case .parsed(let parsed):
            parsed.isSanitized ? Self.joined(storage.items) : parsed.query.map { parsed.slice($0) }
        }
    }

    /// Stops on a link read before its storage was written: a fault in the SDK, never
    /// something input can cause (every `Link` initialiser writes the text).
    private static func unbuilt() -> Never {
        preconditionFailure("a link was read before its parts were written")
    }

    /// The query items, written back as raw query text; `nil` when there is none.
    private static func joined(_ items: some Collection<QueryItem>) -> String? {
        guard !items.isEmpty else { return nil }
        var query = ""
        for (i, item) in items.enumerated() {
            if i > 0 { query += "&" }
            query += item.rawName
            if item.hasValue {
                query += "="
                query += item.rawValue
            }
        }
        return query
    }

    /// The query split on `&` into items, in order, repeats kept. `+` is kept as a literal
    /// plus sign: links are not HTML form submissions.
    public var queryItems: [QueryItem] { Array(storage.items) }

    /// The fragment exactly as it arrived, without the `#`; `nil` when there is no `#`.
    public var rawFragment: String? {
        switch storage.text {
        case .given(_, _, _, let rawFragment): rawFragment
        case .parsed(let parsed): parsed.fragment.map { parsed.slice($0) }
        case .building: Self.unbuilt()
        }
    }

    /// The exact text the gate accepted.
    public var original: String {
        switch storage.text {
        case .given(let original, _, _, _): return original
        case .building: Self.unbuilt()
        case .parsed(let parsed):
            guard parsed.isSanitized else { return parsed.text }
            return Self.assemble(
                scheme: scheme, hasAuthority: parsed.hasAuthority, host: host, port: port, rawPath: rawPath,
                rawQuery: rawQuery, rawFragment: rawFragment)
        }
    }

    /// Whether the gate saw that ``original`` is already in canonical form (lower-case scheme
    /// and host, no default port, no escape, a path where a web link needs one), so that
    /// ``canonical`` is ``original`` without further work. `false` says nothing: the canonical
    /// form is then computed. Not part of the link's value: neither compared nor encoded.
    var isKnownCanonical: Bool { storage.isKnownCanonical }

    /// Creates a link from parts that the gate has already checked.
    init(
        scheme: String, host: String?, port: Int?, rawPath: String, pathSegments: [PathSegment],
        rawQuery: String?, queryItems: [QueryItem], rawFragment: String?, original: String,
        isKnownCanonical: Bool = false
    ) {
        let storage = StorageBuilder(
            scheme: scheme, host: host, port: port, segments: pathSegments, items: queryItems
        ).freeze(
            text: .given(original: original, rawPath: rawPath, rawQuery: rawQuery, rawFragment: rawFragment),
            isKnownCanonical: isKnownCanonical)
        shared = SharedStorage(storage: storage)
    }

    /// This link with only the kept query items: the query is written from them and the
    /// original text again from the parts. Whole items removed from a canonical text leave a
    /// canonical text.
    func keeping(_ kept: [QueryItem]) -> Link {
        if case .parsed(let parsed) = storage.text {
            let copy = StorageBuilder(
                scheme: scheme, host: host, port: port, segments: storage.segments, items: kept
            ).freeze(
                text: .parsed(
                    ParsedText(
                        text: parsed.text, path: parsed.path, query: parsed.query, fragment: parsed.fragment,
                        hasAuthority: parsed.hasAuthority, isSanitized: true)),
                isKnownCanonical: isKnownCanonical)
            return Link(storage: copy)
        }
        let rawQuery = Self.joined(kept)
        let text = Self.assemble(
            scheme: scheme, hasAuthority: hasAuthority, host: host, port: port, rawPath: rawPath,
            rawQuery: rawQuery, rawFragment: rawFragment)
        return Link(
            scheme: scheme, host: host, port: port, rawPath: rawPath, pathSegments: pathSegments,
            rawQuery: rawQuery, queryItems: kept, rawFragment: rawFragment, original: text,
            isKnownCanonical: isKnownCanonical)
    }

    /// This link without its host and port, as `scheme://` and the rest of its text
    /// (`photoalbum://photos.example.com/albums?a=1` → `photoalbum:///albums?a=1`): the link a
    /// custom scheme whose host is a domain routes. The segments and query items are the same.
    ///
    /// A link the gate parsed keeps its text and reads its parts at offsets moved by the
    /// host's length: one new string, and no raw part cut out of the text to be joined again.
    func withoutHost() -> Link {
        guard case .parsed(let parsed) = storage.text, !parsed.isSanitized else {
            let text = Self.assemble(
                scheme: scheme, hasAuthority: true, host: nil, port: nil, rawPath: rawPath,
                rawQuery: rawQuery,
                rawFragment: rawFragment)
            return Link(
                scheme: scheme, host: nil, port: nil, rawPath: rawPath, pathSegments: pathSegments,
                rawQuery: rawQuery, queryItems: queryItems, rawFragment: rawFragment, original: text)
        }
        // The text from the path on is the raw path, `?` and the raw query, `#` and the raw
        // fragment, exactly as they follow the host.
        // Written straight into the string (appending to a string costs several times as much):
        // `scheme://`, then the parsed text's bytes from the path on, copied in one piece.
        let text = TextBytes.link(
            scheme: scheme, authority: "", rest: parsed.text, from: parsed.path.lowerBound)
        let shift = scheme.utf8.count + 3 - parsed.path.lowerBound
        func moved(_ range: Range<Int>) -> Range<Int> {
            (range.lowerBound + shift)..<(range.upperBound + shift)
        }
        let copy = StorageBuilder(
            scheme: scheme, host: nil, port: nil, segments: storage.segments, items: storage.items
        ).freeze(
            text: .parsed(
                ParsedText(
                    text: text, path: moved(parsed.path), query: parsed.query.map(moved),
                    fragment: parsed.fragment.map(moved), hasAuthority: true, isSanitized: false)),
            isKnownCanonical: false)
        return Link(storage: copy)
    }

    /// Two links are equal when every part is.
    public static func == (a: Link, b: Link) -> Bool {
        a.storage === b.storage
            || (a.scheme == b.scheme && a.host == b.host && a.port == b.port && a.rawPath == b.rawPath
                && a.storage.segments.elementsEqual(b.storage.segments) && a.rawQuery == b.rawQuery
                && a.storage.items.elementsEqual(b.storage.items)
                && a.rawFragment == b.rawFragment && a.original == b.original)
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(port)
        hasher.combine(rawPath)
        // As the arrays hash: the count, then each element.
        let segments = storage.segments
        hasher.combine(segments.count)
        for i in segments.indices { hasher.combine(segments[i]) }
        hasher.combine(rawQuery)
        let items = storage.items
        hasher.combine(items.count)
        for i in items.indices { hasher.combine(items[i]) }
        hasher.combine(rawFragment)
        hasher.combine(original)
    }
}

extension Link {
    /// The fragment, percent-decoded; `nil` when there is no `#`.
    public var fragment: String? {
        // A parsed link without `#` answers without reading its text.
        if case .parsed(let parsed) = storage.text, parsed.fragment == nil { return nil }
        return rawFragment.map { PercentEncoding.decode($0) ?? $0 }
    }

    /// The path, percent-decoded, as one string (`/a/b c`): for display and comparison,
    /// never for building a link.
    ///
    /// Decoding is not reversible: `/a%3Fb%23c` becomes `/a?b#c`, so a URL rebuilt from
    /// `path` would gain a query and a fragment the link never had (and `%2F`, when the
    /// policy allows it, would split a segment in two). To write a link, use ``rawPath``,
    /// ``canonical`` or reverse routing (`Router.link(for:parameters:)`); to read segments,
    /// use ``pathSegments``, whose `decoded` values keep each segment whole. Nothing in the
    /// SDK builds a link from `path`.
    ///
    /// ```swift
    /// let link = try LinkGate().parse("https://example.com/files/a%3Fb%23c")
    /// link.path        // "/files/a?b#c"
    /// link.rawPath     // "/files/a%3Fb%23c"
    /// link.canonical   // "https://example.com/files/a%3Fb%23c"
    /// ```
    public var path: String {
        PercentEncoding.decode(rawPath) ?? rawPath
    }

    /// Whether the scheme is `http` or `https`.
    public var isWeb: Bool { storage.isWeb }

    /// The port to connect to: the explicit one, or the scheme's default (443, 80).
    public var effectivePort: Int? {
        port ?? WebScheme.defaultPort(of: scheme)
    }

    /// The decoded values of every query item with this name, in order.
    public func queryValues(named name: String) -> [String] {
        let items = storage.items
        return items.indices.compactMap { items[$0].name == name ? items[$0].value : nil }
    }

    /// Foundation's `URL` for this link, built from the original text.
    ///
    /// The gate already refused everything Foundation would repair, so the `URL` carries the
    /// same text the gate accepted.
    public var url: URL? { URL(string: original) }
}

/// One segment of a link's path, as it arrived and decoded.
///
/// Decoding checks that `decoded` is what `raw` decodes to.
public struct PathSegment: Sendable, Hashable, Codable {
    /// The segment as it arrived, still percent-encoded (`Summer%202024`).
    public let raw: String
    /// The segment percent-decoded (`Summer 2024`).
    public let decoded: String

    /// Creates a segment from its raw and decoded spellings.
    public init(raw: String, decoded: String) {
        self.raw = raw
        self.decoded = decoded
    }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["raw", "decoded"]

    /// Decodes a segment, refusing a `decoded` spelling that `raw` does not decode to.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a path segment")
        let raw = try c.decode(String.self, forKey: "raw")
        let decoded = try c.decode(String.self, forKey: "decoded")
        guard PercentEncoding.decode(raw) == decoded else {
            throw DecodingError.dataCorruptedError(
                forKey: "decoded", in: c, debugDescription: "'\(decoded)' is not what '\(raw)' decodes to")
        }
        self.init(raw: raw, decoded: decoded)
    }

    /// Encodes both spellings.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(raw, forKey: "raw")
        try c.encode(decoded, forKey: "decoded")
    }
}

/// One `name=value` item of a link's query, as it arrived and decoded.
///
/// An item without `=` (`?flag`) has the empty value and ``hasValue`` `false`. Decoding checks
/// that the decoded spellings are what the raw ones decode to.
public struct QueryItem: Sendable, Hashable, Codable {
    /// The name as it arrived, still percent-encoded.
    public let rawName: String
    /// The value as it arrived, still percent-encoded; empty when the item has no `=`.
    public let rawValue: String
    /// The name, percent-decoded.
    public let name: String
    /// The value, percent-decoded; empty when the item has no `=`.
    public let value: String
    /// Whether the item carried an `=` sign.
    public let hasValue: Bool

    /// Creates an item from its raw and decoded spellings.
    public init(rawName: String, rawValue: String, name: String, value: String, hasValue: Bool) {
        self.rawName = rawName
        self.rawValue = rawValue
        self.name = name
        self.value = value
        self.hasValue = hasValue
    }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["rawName", "rawValue", "name", "value", "hasValue"]

    /// Decodes an item, refusing decoded spellings that the raw ones do not decode to, and a
    /// value on an item without `=`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a query item")
        let rawName = try c.decode(String.self, forKey: "rawName")
        let rawValue = try c.decode(String.self, forKey: "rawValue")
        let name = try c.decode(String.self, forKey: "name")
        let value = try c.decode(String.self, forKey: "value")
        let hasValue = try c.decode(Bool.self, forKey: "hasValue")
        guard PercentEncoding.decode(rawName) == name else {
            throw DecodingError.dataCorruptedError(
                forKey: "name", in: c, debugDescription: "'\(name)' is not what '\(rawName)' decodes to")
        }
        guard PercentEncoding.decode(rawValue) == value, hasValue || rawValue.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: "value", in: c, debugDescription: "'\(value)' is not what '\(rawValue)' decodes to")
        }
        self.init(rawName: rawName, rawValue: rawValue, name: name, value: value, hasValue: hasValue)
    }

    /// Encodes the raw and decoded spellings and whether the item has `=`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(rawName, forKey: "rawName")
        try c.encode(rawValue, forKey: "rawValue")
        try c.encode(name, forKey: "name")
        try c.encode(value, forKey: "value")
        try c.encode(hasValue, forKey: "hasValue")
    }
}
