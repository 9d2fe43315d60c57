/// The first stage of the pipeline: a strict parser that turns link text into a ``Link`` or
/// refuses it with a ``LinkError``.
///
/// The gate reads RFC 3986 syntax itself and never asks Foundation's `URL` or `URLComponents`
/// to decide, because they repair input and disagree with browsers (see “Where Foundation and browsers disagree” in the documentation). It refuses every
/// input on which an RFC 3986 parser and a WHATWG parser (Safari) could disagree about the
/// scheme, host or port, and everything a link has no business carrying: credentials,
/// whitespace, control characters, backslashes, dot segments, encoded separators, non-canonical
/// IP addresses.
///
/// ```swift
/// var policy = LinkPolicy()
/// policy.allowedHosts = ["example.com"]
/// let gate = LinkGate(policy: policy)
/// let link = try gate.parse("https://example.com/albums?albumname=Summer&index=3")
/// let clean = gate.sanitize(try gate.parse("https://example.com/a?utm_source=x&id=1"))
/// clean.canonical   // "https://example.com/a?id=1"
/// ```
public struct LinkGate: Sendable {
    /// The rules this gate applies.
    public var policy: LinkPolicy {
        get { compiled.policy }
        set { compiled = CompiledPolicy(newValue) }
    }

    /// The policy compiled for parsing and sanitising, shared by every copy of the gate.
    private var compiled: CompiledPolicy

    /// Creates a gate for a policy (the safe default when omitted).
    public init(policy: LinkPolicy = LinkPolicy()) {
        compiled = CompiledPolicy(policy)
    }

    /// Parses and validates link text.
    ///
    /// - Throws: ``LinkError`` naming the first rule the text breaks and where.
    public func parse(_ text: String) throws(LinkError) -> Link {
        try parse(text, sanitizing: false)
    }

    /// Parses link text and leaves out of a web link the query items sanitising removes: what
    /// ``sanitizedLink(_:)`` gives for the parsed link, without building the full link first.
    func parseSanitized(_ text: String) throws(LinkError) -> Link {
        try parse(text, sanitizing: !compiled.removedNames.isEmpty)
    }

    private func parse(_ text: String, sanitizing: Bool) throws(LinkError) -> Link {
        let compiled = compiled
        // A native string is read in place; any other is made contiguous first.
        let result = ByteView.withUTF8(of: text) { bytes, original -> Result<Link, LinkError> in
            do throws(LinkError) {
                return .success(
                    try LinkParser(compiled: compiled, sanitizing: sanitizing).parse(
                        bytes, original: original))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Removes the query items the policy names, reporting each one, and gives the canonical form.
    ///
    /// The returned link keeps every other part exactly as it arrived; only whole query items
    /// are removed, in place, so the order of the rest is kept.
    public func sanitize(_ link: Link) -> SanitizedLink {
        var removed: [QueryItem]? = []
        let kept = sanitize(link, removed: &removed)
        return SanitizedLink(link: kept, removed: removed ?? [])
    }

    /// The link without the query items the policy names: ``sanitize(_:)`` for callers that
    /// do not need the list of what was removed.
    func sanitizedLink(_ link: Link) -> Link {
        var removed: [QueryItem]?
        return sanitize(link, removed: &removed)
    }

    /// Removes the items the policy names; appends each to `removed` when it is not `nil`.
    private func sanitize(_ link: Link, removed: inout [QueryItem]?) -> Link {
        let removedNames = compiled.removedNames
        guard !removedNames.isEmpty, link.storage.itemCount > 0 else { return link }
        // Read in place: the link's items are not copied into an array unless some are removed.
        let kept: [QueryItem]? = link.storage.withItems { items in
            guard let first = items.firstIndex(where: { removedNames.matches($0.name) }) else { return nil }
            var kept = Array(items[..<first])
            kept.reserveCapacity(items.count - 1)
            removed?.append(items[first])
            for item in items[(first + 1)...] {
                if removedNames.matches(item.name) {
                    removed?.append(item)
                } else {
                    kept.append(item)
                }
            }
            return kept
        }
        guard let kept else { return link }
        return link.keeping(kept)
    }
}

/// A link after sanitising: what was kept, what was removed, and the canonical text.
public struct SanitizedLink: Sendable, Hashable, Encodable {
    /// The link without the removed query items. Its ``Link/original`` is the reassembled text.
    public let link: Link
    /// The query items the policy removed, in the order they appeared.
    public let removed: [QueryItem]

    /// The canonical text of ``link``.
    public var canonical: String { link.canonical }

    /// Creates a sanitised link from its parts.
    public init(link: Link, removed: [QueryItem]) {
        self.link = link
        self.removed = removed
    }
}

extension Link {
    /// The canonical text of this link: lower-case scheme and host, the scheme's default port
    /// dropped (`:443` for `https`, `:80` for `http`; any other port kept), an empty path
    /// written `/` (web links), escapes of unreserved characters decoded, every other escape in
    /// upper-case hex.
    ///
    /// A `?` or `#` is kept whenever the link has one, even with nothing after it:
    /// `https://example.com/?` and `https://example.com/#` are canonical as they are. A query
    /// loses its `?` only when sanitising (``LinkGate/sanitize(_:)``) removed every item it had.
    ///
    /// Canonicalising a canonical link returns it unchanged.
    public var canonical: String {
        // Most links arrive canonical already: then the text they arrived as is the answer.
        if isKnownCanonical || isOwnCanonicalForm { return original }
        // One string, grown once: the canonical text is at most as long as the original plus
        // the `/` of an empty web path.
        var out = ""
        out.reserveCapacity(original.utf8.count + 1)
        out += scheme
        if let host {
            out += "://"
            out += host
            if let port, port != WebScheme.defaultPort(of: scheme) {
                out += ":"
                out += String(port)
            }
        } else if hasAuthority {
            out += "://"
        } else {
            out += ":"
        }
        if rawPath.isEmpty, isWeb {
            out += "/"
        } else {
            out += PercentEncoding.normalize(rawPath)
        }
        if let rawQuery {
            out += "?"
            out += PercentEncoding.normalize(rawQuery)
        }
        if let rawFragment {
            out += "#"
            out += PercentEncoding.normalize(rawFragment)
        }
        return out
    }

    /// Whether ``original`` is exactly the text ``canonical`` would build: the same parts,
    /// byte for byte, with every escape already canonical, no default port to drop and no
    /// empty web path to write as `/`. Compares in place, without building anything.
    private var isOwnCanonicalForm: Bool {
        if let port, port == WebScheme.defaultPort(of: scheme) { return false }
        if case .parsed(let parsed) = storage.text, !parsed.isSanitized {
            return Self.isOwnCanonicalForm(parsed, scheme: scheme, host: host, port: port, isWeb: isWeb)
        }
        if rawPath.isEmpty, isWeb { return false }
        let normalized =
            PercentEncoding.isNormalized(rawPath) && (rawQuery.map(PercentEncoding.isNormalized) ?? true)
            && (rawFragment.map(PercentEncoding.isNormalized) ?? true)
        if !normalized {
            return false
        }
        return ByteView.withUTF8(of: original) { text, _ -> Bool in
            var at = 0
            guard
                Self.takeStart(
                    scheme: scheme, host: host, port: port, hasAuthority: hasAuthority, from: text, at: &at),
                Self.take(rawPath, from: text, at: &at)
            else { return false }
            if let rawQuery,
                !(Self.take("?", from: text, at: &at) && Self.take(rawQuery, from: text, at: &at))
            {
                return false
            }
            if let rawFragment,
                !(Self.take("#", from: text, at: &at) && Self.take(rawFragment, from: text, at: &at))
            {
                return false
            }
            return at == text.count
        }
    }

    /// ``isOwnCanonicalForm`` for a link that holds the text the gate parsed, unsanitised: the
    /// raw parts are ranges of that text, so each is checked where it lies, without making a
    /// string of it. The text up to the path must be the lower-case scheme, host and port
    /// written back to back (no user info, no upper case), and the parts after it must follow
    /// one another (`?` before the query, `#` before the fragment) to the end of the text.
    private static func isOwnCanonicalForm(
        _ parsed: ParsedText, scheme: String, host: String?, port: Int?, isWeb: Bool
    ) -> Bool {
        if parsed.path.isEmpty, isWeb { return false }
        return ByteView.withUTF8(of: parsed.text) { text, _ -> Bool in
            var at = 0
            guard
                takeStart(
                    scheme: scheme, host: host, port: port, hasAuthority: parsed.hasAuthority, from: text,
                    at: &at),
                at == parsed.path.lowerBound, text.hasCanonicalEscapes(in: parsed.path)
            else { return false }
            at = parsed.path.upperBound
            return follows(parsed.query, after: UInt8(ascii: "?"), in: text, at: &at)
                && follows(parsed.fragment, after: UInt8(ascii: "#"), in: text, at: &at) && at == text.count
        }
    }

    /// Whether an optional part `range` of `text` is absent, or starts right after `mark` at
    /// `at` with its escapes canonical; moves `at` past it when it is there.
    private static func follows(_ range: Range<Int>?, after mark: UInt8, in text: ByteView, at: inout Int)
        -> Bool
    {
        guard let range else { return true }
        guard range.lowerBound == at + 1, at < text.count, text[at] == mark,
            text.hasCanonicalEscapes(in: range)
        else { return false }
        at = range.upperBound
        return true
    }

    /// Whether the canonical start of a link comes next in `text` at `at` (the lower-case
    /// scheme; then `://`, the host and a port other than the default, or `://` or `:` alone for
    /// a link without a host); moves `at` past it when it does.
    private static func takeStart(
        scheme: String, host: String?, port: Int?, hasAuthority: Bool, from text: ByteView, at: inout Int
    ) -> Bool {
        guard take(scheme, from: text, at: &at) else { return false }
        guard let host else { return take(hasAuthority ? "://" : ":", from: text, at: &at) }
        guard take("://", from: text, at: &at), take(host, from: text, at: &at) else { return false }
        guard let port else { return true }
        return take(":", from: text, at: &at) && take(String(port), from: text, at: &at)
    }

    /// Whether `piece` comes next in `text` at `at`; moves `at` past it when it does.
    private static func take(_ piece: String, from text: ByteView, at: inout Int) -> Bool {
        guard text.hasBytes(of: piece, at: at) else { return false }
        at += piece.utf8.count
        return true
    }

    /// Whether the original text had `//` after the scheme (custom schemes may have none).
    var hasAuthority: Bool {
        host != nil || original.utf8.dropFirst(scheme.utf8.count + 1).starts(with: "//".utf8)
    }

    /// Link text written from raw parts, exactly as given.
    static func assemble(
        scheme: String, hasAuthority: Bool, host: String?, port: Int?, rawPath: String,
        rawQuery: String?, rawFragment: String?
    ) -> String {
        var out = scheme
        out.reserveCapacity(
            scheme.utf8.count + 3 + (host?.utf8.count ?? 0) + 6 + rawPath.utf8.count
                + (rawQuery?.utf8.count ?? 0)
                + (rawFragment?.utf8.count ?? 0) + 2)
        out += hasAuthority ? "://" : ":"
        if let host { out += host }
        if let port {
            out += ":"
            out += String(port)
        }
        out += rawPath
        if let rawQuery {
            out += "?"
            out += rawQuery
        }
        if let rawFragment {
            out += "#"
            out += rawFragment
        }
        return out
    }
}

extension SanitizedLink {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(link, forKey: "link")
        try c.encode(removed, forKey: "removed")
    }
}
