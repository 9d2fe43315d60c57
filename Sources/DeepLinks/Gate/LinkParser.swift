import Foundation

/// One pass of the gate over the UTF-8 bytes of a link. Positions in errors are byte offsets.
///
/// The link's bytes are not a field: each method is given them (`bytes`, a ``ByteView`` read
/// only through its checked scans), so the view stays inside the closure that lends it while
/// the parser itself is an ordinary value. A parser holding the view would be `~Escapable`
/// too, and the optimiser then counts a reference to the compiled policy for every parse.
struct LinkParser {
    /// The gate's policy, compiled.
    let compiled: CompiledPolicy
    /// Whether to leave out of a web link the query items sanitising removes. Every item is
    /// still checked; a link with items left out writes its original text again from the
    /// parts, as ``LinkGate/sanitize(_:)`` does.
    var sanitizing = false

    var policy: LinkPolicy { compiled.policy }
    var allowedHosts: AllowedHostMatcher { compiled.allowedHosts }
    var limits: LinkLimits { compiled.policy.limits }

    /// The link in the bytes; `original` is their text, which the link keeps. The text is
    /// borrowed here, not held by the parser, so that the caller does not count a reference
    /// to it for the parser as well as the one the link keeps.
    ///
    /// Each stage reads from where the one before stopped: characters (the whole text), then
    /// scheme, authority, path, query and fragment.
    func parse(_ bytes: ByteView, original: String) throws(LinkError) -> Link {
        // One function: each stage of the gate is its own function already; what is left is their
        // order and the hand-over between them (each reads from where the one before stopped, and
        // all write one storage), which reads best in one place.
        let count = bytes.count
        guard count > 0 else { throw LinkError(.empty, at: 0) }
        guard count <= limits.maxLength else {
            throw LinkError(
                .tooLong, at: limits.maxLength, detail: "\(count) bytes, limit \(limits.maxLength)")
        }
        let characters = try checkCharacters(bytes)
        let scheme = try parseScheme(bytes)
        let isWeb = WebScheme.contains(scheme.text)
        let authority = try parseAuthority(bytes, from: scheme.end + 1, scheme: scheme.text, isWeb: isWeb)

        // path
        let pathStart = authority.end
        let pathCheck = try checkComponent(
            bytes, pathStart, count, ends: .atQueryOrFragment, name: "path", counting: UInt8(ascii: "/"))
        let pathEnd = pathCheck.end
        // The query's characters are checked before the segments are made, so that one
        // allocation has room for the segments and the items; a query error is thrown where
        // the query is parsed, after any error in the segments, as if checked in text order.
        var queryCheck: Result<ComponentCheck, LinkError>?
        if pathEnd < count, bytes[pathEnd] == UInt8(ascii: "?") {
            do {
                queryCheck = .success(
                    try checkComponent(
                        bytes, pathEnd + 1, count, ends: .atFragment, name: "query",
                        counting: UInt8(ascii: "&")))
            } catch {
                queryCheck = .failure(error)
            }
        }
        let segmentCapacity = pathStart < pathEnd ? min(pathCheck.count + 1, limits.maxPathSegments + 1) : 0
        var itemCapacity = 0
        if case .success(let checked) = queryCheck {
            itemCapacity = min(checked.count + 1, limits.maxQueryItems + 1)
        }
        let storage = Link.StorageBuilder(
            scheme: scheme.text, host: authority.host, port: authority.port, segmentCapacity: segmentCapacity,
            itemCapacity: itemCapacity)
        try parsePath(
            bytes, pathStart, pathEnd, hasAuthority: authority.isPresent, escapes: characters.hasPercent,
            into: storage)
        var i = pathEnd

        // query
        var queryRange: Range<Int>?
        var isSanitized = false
        if let queryCheck {
            i += 1
            let start = i
            (isSanitized, i) = try parseQuery(
                bytes, start, count, checked: queryCheck, escapes: characters.hasPercent,
                sanitizing: isWeb && sanitizing,
                into: storage)
            queryRange = start..<i
        }

        // fragment
        var fragmentRange: Range<Int>?
        if i < count, bytes[i] == UInt8(ascii: "#") {
            fragmentRange = try parseFragment(bytes, from: i + 1, escapes: characters.hasPercent)
        }

        // The text is its own canonical form when nothing before the path has an upper-case
        // letter, no default port is written, a web link has a path, and nothing is escaped.
        let isKnownCanonical =
            (characters.firstUpperCase.map { $0 >= pathStart } ?? true)
            && !(authority.port != nil && authority.port == WebScheme.defaultPort(of: scheme.text))
            && !(pathEnd == pathStart && isWeb)
            && !characters.hasPercent
        return Link(
            storage: storage.freeze(
                text: .parsed(
                    Link.ParsedText(
                        text: original, path: pathStart..<pathEnd, query: queryRange,
                        fragment: fragmentRange, hasAuthority: authority.isPresent, isSanitized: isSanitized)),
                isKnownCanonical: isKnownCanonical))
    }

    // MARK: - Scheme

    /// The scheme, as the policy writes it, and the offset of the `:` after it.
    ///
    /// The rule: letters, digits, `+`, `-` and `.` up to the first `:`, starting with a letter,
    /// one of the policy's schemes in any case.
    func parseScheme(_ bytes: ByteView) throws(LinkError) -> (text: String, end: Int) {
        if let https = httpsShortcut(bytes) { return (https, 5) }
        let stops = compiled.authorityStopTable
        let colon = bytes.firstIndex(
            in: 0..<bytes.count, where: stops, hasAny: ASCII.endsAuthority | ASCII.colonStop)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":"), colon > 0 else {
            throw LinkError(.invalidScheme, at: 0, detail: "no scheme: the link is not absolute")
        }
        guard ASCII.isAlpha(bytes[0]) else {
            throw LinkError(.invalidScheme, at: 0, detail: "a scheme starts with a letter")
        }
        for j in 1..<colon {
            let b = bytes[j]
            guard
                ASCII.isAlpha(b) || ASCII.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
                    || b == UInt8(ascii: ".")
            else {
                throw LinkError(
                    .invalidScheme, at: j, detail: "'\(Character(Unicode.Scalar(b)))' in the scheme")
            }
        }
        let schemeBytes = bytes.slice(0..<colon)
        guard let allowed = allowedHosts.allowedScheme(schemeBytes) else {
            throw LinkError(
                .schemeNotAllowed, at: 0, detail: "scheme '\(bytes.lowercasedString(0..<colon))'")
        }
        return (allowed, colon)
    }

    /// The scheme rule's shortcut: `https://` in any case, with `https` allowed, is what
    /// ``parseScheme(_:)`` finds for these bytes, without reading them one at a time.
    @inline(__always)
    func httpsShortcut(_ bytes: ByteView) -> String? {
        guard let https = compiled.allowedHTTPS, Self.startsWithHTTPS(bytes) else { return nil }
        return https
    }

    /// Whether the text starts with `https://` in any case: the first eight bytes, lower-cased
    /// as one word (every byte is below 0x80 once ``checkCharacters(_:)`` passed; a word with a
    /// byte over 0x7F is answered no).
    @inline(__always)
    static func startsWithHTTPS(_ bytes: ByteView) -> Bool {
        guard bytes.count >= 8 else { return false }
        let word = bytes.word(at: 0)
        // "https://" in memory order, as a little- or big-endian load reads it.
        let https = UInt64(littleEndian: 0x2F2F_3A73_7074_7468)
        return word & 0x8080_8080_8080_8080 == 0 && WordKey.lowercased(word) == https
    }

    // MARK: - Fragment

    /// The fragment from `start` (after `#`) to the end of the text.
    func parseFragment(
        _ bytes: ByteView, from start: Int, escapes: Bool
    ) throws(LinkError) -> Range<Int> {
        let count = bytes.count
        guard count - start <= limits.maxFragmentLength else {
            throw LinkError(
                .componentTooLong, at: start,
                detail: "fragment of \(count - start) bytes, limit \(limits.maxFragmentLength)")
        }
        try checkComponent(bytes, start, count, ends: .atTextEnd, name: "fragment")
        // As in the path and the query: an escape that is not UTF-8 has no decoded value.
        if escapes {
            let raw = string(bytes, start, count)
            guard PercentEncoding.decode(raw) != nil else {
                throw LinkError(.invalidPercentEscape, at: start, detail: "'\(raw)' does not decode to UTF-8")
            }
        }
        return start..<count
    }

    // MARK: - Shared

    /// Where a component ends: at the end of the text, or before the first byte that starts
    /// a later component.
    enum ComponentEnd {
        /// The fragment: it runs to the end of the text, and may hold `?`.
        case atTextEnd
        /// The path: it ends before `?` or `#`.
        case atQueryOrFragment
        /// The query: it ends before `#`, and may hold `?`.
        case atFragment
    }

    /// What ``checkComponent(_:_:_:ends:name:counting:)`` found: where the component ends, how
    /// many times the counted byte occurs, and (in the query) the first `'`.
    typealias ComponentCheck = (end: Int, count: Int, quote: Int?)

    /// Where the component from `start` ends, at the latest at `limit`.
    func componentEnd(_ bytes: ByteView, from start: Int, _ limit: Int, ends: ComponentEnd) -> Int {
        var i = start
        switch ends {
        case .atTextEnd: return limit
        case .atQueryOrFragment:
            while i < limit, bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") { i += 1 }
        case .atFragment:
            while i < limit, bytes[i] != UInt8(ascii: "#") { i += 1 }
        }
        return i
    }

    /// Checks that the component from `start` holds only `pchar`, valid escapes, `/` and
    /// (outside the path) `?`, and finds where it ends. Returns the end, how many times the
    /// byte `counted` occurs, to size arrays once, and (in the query) the first `'`.
    @discardableResult @inline(__always)
    func checkComponent(
        _ bytes: ByteView, _ start: Int, _ limit: Int, ends: ComponentEnd, name: String,
        counting counted: UInt8 = 0
    ) throws(LinkError) -> ComponentCheck {
        // In the query `'` and `&` are taken out of `pchar`, so that the loop below notes the
        // one and counts the other; `/` is not `pchar`: every counted byte comes to the switch.
        let classes = ends == .atFragment ? compiled.queryByteClassTable : compiled.byteClassTable
        let allowsQuestionMark = ends != .atQueryOrFragment
        var n = 0
        var quote: Int?
        var i = start
        while i < limit {
            // `pchar` bytes, the most of any component, in one scan.
            i = bytes.firstIndex(in: i..<limit, where: classes, lacks: ASCII.pathCharacterBit)
            guard i < limit else { break }
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < limit, ASCII.hexValue(bytes[i + 1]) != nil, ASCII.hexValue(bytes[i + 2]) != nil
                else {
                    let end = componentEnd(bytes, from: i + 1, limit, ends: ends)
                    throw LinkError(
                        .invalidPercentEscape, at: i, detail: "'\(string(bytes, i, min(i + 3, end)))'")
                }
                if name != "path" {
                    let value = escapedByte(bytes, at: i)
                    if ASCII.isControl(value) {
                        throw LinkError(
                            .whitespaceOrControl, at: i,
                            detail: "encoded \(Self.name(ofControl: value)) in the \(name)")
                    }
                }
                i &+= 3
                continue
            }
            switch b {
            case UInt8(ascii: "#") where ends != .atTextEnd: return (i, n, quote)
            case UInt8(ascii: "?") where ends == .atQueryOrFragment: return (i, n, quote)
            case UInt8(ascii: "'") where ends == .atFragment: if quote == nil { quote = i }
            case UInt8(ascii: "&") where ends == .atFragment: break
            case UInt8(ascii: "/"): break
            case UInt8(ascii: "?") where allowsQuestionMark: break
            default:
                // Not `pchar` (the class says so) and not a separator the component allows.
                throw LinkError(
                    .invalidCharacter, at: i, detail: "'\(Character(Unicode.Scalar(b)))' in the \(name)")
            }
            if b == counted { n &+= 1 }
            i &+= 1
        }
        return (i, n, quote)
    }

    /// The byte a `%XX` escape at `i` stands for; the escape was validated by `checkComponent`.
    func escapedByte(_ bytes: ByteView, at i: Int) -> UInt8 {
        ((ASCII.hexValue(bytes[i + 1]) ?? 0) << 4) | (ASCII.hexValue(bytes[i + 2]) ?? 0)
    }

    /// The text of the bytes `start..<end`: a short run of ASCII bytes is written as a small
    /// string directly (``SmallASCIIString``), without validating it again.
    func string(_ bytes: ByteView, _ start: Int, _ end: Int) -> String {
        bytes.string(start..<end, layoutHolds: compiled.smallStringsHold)
    }
}
