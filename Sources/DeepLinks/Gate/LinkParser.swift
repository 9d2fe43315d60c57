import Foundation

/// One pass of the gate over the UTF-8 bytes of a link. Positions in errors are byte offsets.
///
/// The link's bytes are not a field: each method is given them (`bytes`, a ``ByteView`` read
/// only through its checked scans), so the view stays inside the closure that lends it while
/// the parser itself is an ordinary value. A parser holding the view would be `~Escapable`
/// too, and the optimiser then counts a reference to the prepared policy for every parse.
struct LinkParser {
    /// The gate's policy, prepared.
    let prepared: PreparedPolicy
    /// Whether to leave out of a web link the query items the policy strips. Every item is
    /// still checked; a link with items left out writes its original text again from the
    /// parts, as ``LinkGate/sanitize(_:)`` does.
    var stripping = false

    private var policy: LinkPolicy { prepared.policy }
    private var allowedHosts: AllowedHostMatcher { prepared.allowedHosts }
    private var limits: LinkLimits { prepared.policy.limits }

    /// The link in the bytes; `original` is their text, which the link keeps. The text is
    /// borrowed here, not held by the parser, so that the caller does not count a reference
    /// to it for the parser as well as the one the link keeps.
    ///
    /// Each stage reads from where the one before stopped: characters (the whole text), then
    /// scheme, authority, path, query and fragment.
    func parse(_ bytes: ByteView, original: String) throws(LinkError) -> Link {
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
        var isStripped = false
        if let queryCheck {
            i += 1
            let start = i
            (isStripped, i) = try parseQuery(
                bytes, start, count, checked: queryCheck, escapes: characters.hasPercent,
                stripping: isWeb && stripping,
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
            && !(authority.port != nil && authority.port == Link.defaultPort(for: scheme.text))
            && !(pathEnd == pathStart && isWeb)
            && !characters.hasPercent
        return Link(
            storage: storage.freeze(
                text: .parsed(
                    Link.ParsedText(
                        text: original, path: pathStart..<pathEnd, query: queryRange,
                        fragment: fragmentRange, hasAuthority: authority.isPresent, isStripped: isStripped)),
                isKnownCanonical: isKnownCanonical))
    }

    // MARK: - Scheme

    /// The scheme, as the policy writes it, and the offset of the `:` after it.
    ///
    /// The rule: letters, digits, `+`, `-` and `.` up to the first `:`, starting with a letter,
    /// one of the policy's schemes in any case.
    private func parseScheme(_ bytes: ByteView) throws(LinkError) -> (text: String, end: Int) {
        if let https = httpsShortcut(bytes) { return (https, 5) }
        let stops = prepared.authorityStopTable
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
    private func httpsShortcut(_ bytes: ByteView) -> String? {
        guard let https = prepared.allowedHTTPS, Self.startsWithHTTPS(bytes) else { return nil }
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

    // MARK: - Authority

    /// What ``parseAuthority(_:from:scheme:isWeb:)`` found.
    private struct Authority {
        /// Whether the link has `//` after the scheme.
        var isPresent: Bool
        var host: String?
        var port: Int?
        /// Where the authority ends: where the path starts.
        var end: Int
    }

    /// The authority from `start` (just after the scheme's `:`), checked against the policy's
    /// hosts.
    private func parseAuthority(
        _ bytes: ByteView, from start: Int, scheme: String, isWeb: Bool
    ) throws(LinkError) -> Authority {
        let count = bytes.count
        guard start + 1 < count, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/")
        else {
            if isWeb {
                throw LinkError(.missingAuthority, at: start, detail: "expected '//' after '\(scheme):'")
            }
            throw LinkError(
                .customSchemeWithoutAuthority, at: start,
                detail: "write '\(scheme)://' followed by the host, or '\(scheme):///' for none")
        }
        let hostStart = start + 2
        let allowsUnderscore = !isWeb && !policy.customSchemeHostsAreDomains
        if let exact = exactHostShortcut(bytes, at: hostStart, allowsUnderscore: allowsUnderscore) {
            return Authority(isPresent: true, host: exact.host, port: nil, end: exact.end)
        }
        // The end of the authority, its first `@` and its first `:`, in one pass.
        let stops = prepared.authorityStopTable
        var at: Int?
        var colon: Int?
        var i = hostStart
        while true {
            i = bytes.firstIndex(in: i..<count, where: stops, hasAny: 0xFF)
            guard i < count else { break }
            let stop = stops[bytes[i]]
            if stop == ASCII.endsAuthority { break }
            if stop == ASCII.atStop {
                if at == nil { at = i }
            } else if colon == nil {
                colon = i
            }
            i &+= 1
        }
        let (host, port, hostIsAllowed) = try parseHostAndPort(
            bytes, hostStart, i, isWeb: isWeb, allowsUnderscore: allowsUnderscore, at: at, colon: colon)
        if let host, isWeb || policy.customSchemeHostsAreDomains, !hostIsAllowed, !allowedHosts.allows(host) {
            throw LinkError(.hostNotAllowed, at: hostStart, detail: "host '\(host)'")
        }
        return Authority(isPresent: true, host: host, port: port, end: i)
    }

    /// The exact-host rule: a host whose bytes lower-cased are one of the policy's exact hosts,
    /// and which the validator accepted as written in the policy, is that host, allowed. Its
    /// rules do not depend on letter case, so the link's spelling needs no second look.
    @inline(__always)
    private func acceptedExactHost(_ index: Int?, allowsUnderscore: Bool) -> String? {
        guard let index, allowedHosts.exactHostPassesValidator(index, allowsUnderscore: allowsUnderscore)
        else { return nil }
        return allowedHosts.exactHostText(index)
    }

    /// The exact-host rule's shortcut: one of the policy's exact hosts alone in the authority
    /// from `start`, found without reading the authority byte by byte first. It is what
    /// ``parseAuthority(_:from:scheme:isWeb:)`` finds for it (an exact host that passed the
    /// validator holds no `@`, `:`, `/`, `?` or `#`). Returns the host and where it ends.
    @inline(__always)
    private func exactHostShortcut(
        _ bytes: ByteView, at start: Int, allowsUnderscore: Bool
    ) -> (host: String, end: Int)? {
        let exact = allowedHosts.exactHostEndingAuthority(
            bytes, at: start, stops: prepared.authorityStopTable)
        guard let exact, let host = acceptedExactHost(exact, allowsUnderscore: allowsUnderscore) else {
            return nil
        }
        return (host, start + allowedHosts.exactHostLength(exact))
    }

    /// The host and port, and whether the host is one of the policy's exact hosts. `at` and
    /// `colon` are the offsets of the authority's first `@` and first `:`.
    private func parseHostAndPort(
        _ bytes: ByteView, _ start: Int, _ end: Int, isWeb: Bool, allowsUnderscore: Bool,
        at: Int?, colon: Int?
    ) throws(LinkError) -> (String?, Int?, Bool) {
        if let at { throw LinkError(.userInfo, at: at, detail: "'@' in the authority") }
        guard start < end else {
            if isWeb { throw LinkError(.missingHost, at: start) }
            return (nil, nil, false)
        }
        var hostEnd = end
        var portStart: Int?
        if bytes[start] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]"), in: start..<end) else {
                throw LinkError(.invalidIPv6, at: start, detail: "no closing ']'")
            }
            hostEnd = close + 1
            if hostEnd < end {
                guard bytes[hostEnd] == UInt8(ascii: ":") else {
                    throw LinkError(.invalidHost, at: hostEnd, detail: "text after the IPv6 literal")
                }
                portStart = hostEnd + 1
            }
        } else if let colon {
            hostEnd = colon
            portStart = colon + 1
        }
        var port: Int?
        if let portStart { port = try parsePort(bytes, portStart, end) }
        guard start < hostEnd else {
            if isWeb || port != nil { throw LinkError(.missingHost, at: start) }
            return (nil, nil, false)
        }
        guard hostEnd - start <= limits.maxHostLength else {
            throw LinkError(
                .invalidHost, at: start,
                detail: "host of \(hostEnd - start) bytes, limit \(limits.maxHostLength)")
        }
        let exact = allowedHosts.exactHostIndex(bytes.slice(start..<hostEnd))
        if let host = acceptedExactHost(exact, allowsUnderscore: allowsUnderscore) {
            return (host, port, true)
        }
        if let literal = try HostValidator(
            bytes: bytes, start: start, end: hostEnd, allowsIPLiterals: policy.allowsIPLiterals,
            allowsUnderscore: allowsUnderscore
        ).validate() {
            return (literal, port, false)
        }
        return (bytes.lowercasedString(start..<hostEnd), port, false)
    }

    private func parsePort(_ bytes: ByteView, _ start: Int, _ end: Int) throws(LinkError) -> Int {
        guard start < end else { throw LinkError(.invalidPort, at: start - 1, detail: "empty port") }
        var value = 0
        for i in start..<end {
            guard ASCII.isDigit(bytes[i]) else {
                throw LinkError(.invalidPort, at: i, detail: "port '\(string(bytes, start, end))'")
            }
            value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            guard value <= 65535 else {
                throw LinkError(.invalidPort, at: start, detail: "port \(string(bytes, start, end))")
            }
        }
        guard end - start == 1 || bytes[start] != UInt8(ascii: "0") else {
            throw LinkError(
                .invalidPort, at: start, detail: "leading zero in port '\(string(bytes, start, end))'")
        }
        return value
    }

    // MARK: - Fragment

    /// The fragment from `start` (after `#`) to the end of the text.
    private func parseFragment(
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

    // MARK: - Characters

    /// What the first pass learnt about the text, besides that it has no refused byte.
    private struct CharacterSummary {
        /// The offset of the first upper-case letter, if any.
        var firstUpperCase: Int?
        /// Whether the text holds a `%`.
        var hasPercent = false
    }

    /// Refuses non-ASCII, whitespace, control characters and backslashes anywhere.
    private func checkCharacters(_ bytes: ByteView) throws(LinkError) -> CharacterSummary {
        let classes = prepared.byteClassTable
        let count = bytes.count
        var summary = CharacterSummary()
        var i = 0
        while i < count {
            // Eight bytes at a time while none of them needs a look (the usual case); the
            // last few bytes as the end of the word that ends the text, read again with
            // bytes before them that already passed.
            i = bytes.firstWord(from: i, where: Self.mayNeedALook)
            if i == count { break }
            if i + 8 > count, count >= 8, !Self.mayNeedALook(bytes.word(at: count - 8)) { break }
            let end = min(i + 8, count)
            while i < end {
                let bits = classes[bytes[i]]
                if bits != 0, bits != ASCII.pathCharacterBit {
                    if bits & ASCII.refusedBit != 0 { throw Self.refusal(of: bytes[i], at: i) }
                    if bits & ASCII.percentBit != 0 { summary.hasPercent = true }
                    if bits & ASCII.upperCaseBit != 0, summary.firstUpperCase == nil {
                        summary.firstUpperCase = i
                    }
                }
                i += 1
            }
        }
        return summary
    }

    /// The error for a byte no link may hold: non-ASCII, whitespace or control, backslash.
    private static func refusal(of b: UInt8, at i: Int) -> LinkError {
        if b >= 0x80 { return LinkError(.nonASCII, at: i, detail: "byte 0x\(hex(b))") }
        if b <= 0x20 || b == 0x7F {
            return LinkError(.whitespaceOrControl, at: i, detail: name(ofControl: b))
        }
        return LinkError(.backslash, at: i)
    }

    /// Whether any of eight bytes may be non-ASCII, a space or control character, DEL, a
    /// backslash, `%` or an upper-case letter. Word-wide tests that can answer yes in error,
    /// never no: a yes only sends the eight bytes through the byte-by-byte check.
    ///
    /// Three ranges and one byte, tested on all eight bytes at once without a branch: below
    /// 0x26 (space, controls and `!"#$%`), 0x41 to 0x5C (`A` to `Z`, `[` and `\`), DEL, and
    /// any byte with its high bit set. For a byte below 0x80, adding `0x80 - n` carries into
    /// its high bit exactly when the byte is at least `n`, and no sum carries into the next
    /// byte; a word with a byte over 0x7F is answered yes whatever the sums say.
    @inline(__always)
    static func mayNeedALook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let belowPercentEnd = ~(word &+ ones &* (0x80 - 0x26))
        let fromUpperA = word &+ ones &* (0x80 - 0x41)
        let pastBackslash = word &+ ones &* (0x80 - 0x5D)
        let isDelete = word &+ ones
        return (word | belowPercentEnd | isDelete | (fromUpperA & ~pastBackslash)) & highs != 0
    }

    static func name(ofControl b: UInt8) -> String {
        switch b {
        case 0x20: "space"
        case 0x09: "tab"
        case 0x0A: "line feed"
        case 0x0D: "carriage return"
        case 0x00: "NUL"
        case 0x7F: "DEL"
        default: "control character 0x\(hex(b))"
        }
    }

    // MARK: - Path

    /// The segments of the path `start..<end` (its characters already checked), written
    /// into `storage`. `escapes` is whether the link holds any `%`: without one, no segment
    /// needs decoding.
    @inline(__always)
    private func parsePath(
        _ bytes: ByteView, _ start: Int, _ end: Int, hasAuthority: Bool, escapes: Bool,
        into storage: borrowing Link.StorageBuilder
    ) throws(LinkError) {
        guard start < end else { return }
        var segStart = bytes[start] == UInt8(ascii: "/") ? start + 1 : start
        if !hasAuthority, bytes[start] == UInt8(ascii: "/"), start + 1 < end,
            bytes[start + 1] == UInt8(ascii: "/")
        {
            throw LinkError(.emptySegment, at: start + 1, detail: "'//' at the start of the path")
        }
        while true {
            // The C library finds the next `/` many bytes at a time, without the branch per
            // byte whose miss at each segment's end costs more than the call (measured on
            // segments of a few bytes too).
            let segEnd = bytes.firstIndex(of: UInt8(ascii: "/"), in: segStart..<end) ?? end
            let isLast = segEnd >= end
            if segStart == segEnd, !isLast, !policy.allowsEmptySegments {
                throw LinkError(.emptySegment, at: segStart, detail: "'//' in the path")
            }
            guard segEnd - segStart <= limits.maxSegmentLength else {
                throw LinkError(
                    .componentTooLong, at: segStart,
                    detail: "path segment of \(segEnd - segStart) bytes, limit \(limits.maxSegmentLength)")
            }
            storage.append(try segment(bytes, segStart, segEnd, escapes: escapes))
            guard storage.segmentCount <= limits.maxPathSegments else {
                throw LinkError(.tooManySegments, at: segStart, detail: "limit \(limits.maxPathSegments)")
            }
            if isLast { break }
            segStart = segEnd + 1
        }
    }

    private func segment(
        _ bytes: ByteView, _ start: Int, _ end: Int, escapes: Bool
    ) throws(LinkError) -> PathSegment {
        let raw = string(bytes, start, end)
        var hasEscape = false
        var i = escapes ? start : end
        while i < end {
            if bytes[i] == UInt8(ascii: "%") {
                hasEscape = true
                let value = escapedByte(bytes, at: i)
                if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") || value == 0 {
                    if !policy.allowsEncodedSeparators {
                        throw LinkError(.encodedSeparator, at: i, detail: "'\(string(bytes, i, i + 3))'")
                    }
                } else if value < 0x20 || value == 0x7F {
                    throw LinkError(
                        .whitespaceOrControl, at: i, detail: "encoded \(Self.name(ofControl: value))")
                }
                i &+= 3
            } else {
                i &+= 1
            }
        }
        let decoded: String
        if hasEscape {
            guard let text = PercentEncoding.decode(raw) else {
                throw LinkError(.invalidPercentEscape, at: start, detail: "'\(raw)' does not decode to UTF-8")
            }
            decoded = text
        } else {
            decoded = raw
        }
        // Without an escape the decoded text is the raw bytes, which are compared directly.
        let isDotSegment =
            hasEscape
            ? decoded == "." || decoded == ".."
            : (end - start == 1 || end - start == 2) && bytes[start] == UInt8(ascii: ".")
                && bytes[end - 1] == UInt8(ascii: ".")
        if isDotSegment {
            throw LinkError(.dotSegment, at: start, detail: "segment '\(raw)'")
        }
        return PathSegment(raw: raw, decoded: decoded)
    }

    // MARK: - Query

    /// The query from `start` (after `?`): it ends at the first `#` or at `limit`. Returns
    /// its items, without those the policy strips when `stripping`, whether any was left out,
    /// and where the query ends.
    private func parseQuery(
        _ bytes: ByteView, _ start: Int, _ limit: Int, checked check: Result<ComponentCheck, LinkError>,
        escapes: Bool, stripping: Bool, into storage: borrowing Link.StorageBuilder
    ) throws(LinkError) -> (Bool, Int) {
        // A query over the limit is refused as such before anything in it.
        func checkLength(_ end: Int) throws(LinkError) {
            guard end - start <= limits.maxQueryLength else {
                throw LinkError(
                    .componentTooLong, at: start,
                    detail: "query of \(end - start) bytes, limit \(limits.maxQueryLength)")
            }
        }
        let checked: ComponentCheck
        switch check {
        case .success(let value): checked = value
        case .failure(let error):
            try checkLength(componentEnd(bytes, from: start, limit, ends: .atFragment))
            throw error
        }
        let end = checked.end
        try checkLength(end)
        if let quote = checked.quote {
            throw LinkError(
                .invalidCharacter, at: quote, detail: "\"'\" in the query, which browsers send as %27")
        }
        let strippedNames = prepared.strippedNames
        let stops = prepared.queryItemStopTable
        var total = 0
        var isStripped = false
        var itemStart = start
        while itemStart <= end {
            var itemEnd = itemStart
            var equals: Int?
            var percent = false
            if !escapes {
                // Nothing escaped in the link: only `&` and the first `=` matter, which the C
                // library finds many bytes at a time, without a branch per byte.
                itemEnd = bytes.firstIndex(of: UInt8(ascii: "&"), in: itemStart..<end) ?? end
                equals = bytes.firstIndex(of: UInt8(ascii: "="), in: itemStart..<itemEnd)
            } else {
                // One table look-up per byte; only `&`, `=` and `%` need a second look.
                while true {
                    itemEnd = bytes.firstIndex(in: itemEnd..<end, where: stops, hasAny: 1)
                    guard itemEnd < end else { break }
                    let b = bytes[itemEnd]
                    if b == UInt8(ascii: "&") { break }
                    if b == UInt8(ascii: "=") {
                        if equals == nil { equals = itemEnd }
                    } else {
                        percent = true
                    }
                    itemEnd &+= 1
                }
            }
            if itemEnd > itemStart {
                total += 1
                let escaped = escapes && percent
                // Nothing escaped: the name is its bytes, which the component check passed, and
                // an item left out needs no string at all.
                if stripping, !escaped,
                    strippedNames.matches(
                        printableASCII: bytes.slice(itemStart..<(equals ?? itemEnd)))
                {
                    isStripped = true
                } else {
                    let item = try queryItem(bytes, itemStart, itemEnd, equals: equals, escapes: escaped)
                    if stripping, escaped, strippedNames.matches(item.name) {
                        isStripped = true
                    } else {
                        storage.append(item)
                    }
                }
                guard total <= limits.maxQueryItems else {
                    throw LinkError(
                        .tooManyQueryItems, at: itemStart, detail: "limit \(limits.maxQueryItems)")
                }
            }
            itemStart = itemEnd + 1
        }
        return (isStripped, end)
    }

    private func queryItem(
        _ bytes: ByteView, _ start: Int, _ end: Int, equals: Int?, escapes: Bool
    ) throws(LinkError) -> QueryItem {
        let nameEnd = equals ?? end
        let rawName = string(bytes, start, nameEnd)
        let rawValue = equals.map { string(bytes, $0 + 1, end) } ?? ""
        return QueryItem(
            rawName: rawName, rawValue: rawValue,
            name: escapes ? try decodeQueryText(rawName, at: start) : rawName,
            value: escapes ? try decodeQueryText(rawValue, at: (equals ?? end) + 1) : rawValue,
            hasValue: equals != nil)
    }

    private func decodeQueryText(_ raw: String, at position: Int) throws(LinkError) -> String {
        guard ASCII.containsPercent(raw) else { return raw }
        guard let decoded = PercentEncoding.decode(raw) else {
            throw LinkError(.invalidPercentEscape, at: position, detail: "'\(raw)' does not decode to UTF-8")
        }
        if let control = decoded.utf8.first(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw LinkError(
                .whitespaceOrControl, at: position,
                detail: "encoded \(Self.name(ofControl: control)) in the query")
        }
        return decoded
    }

    // MARK: - Shared

    /// Where a component ends: at the end of the text, or before the first byte that starts
    /// a later component.
    private enum ComponentEnd {
        /// The fragment: it runs to the end of the text, and may hold `?`.
        case atTextEnd
        /// The path: it ends before `?` or `#`.
        case atQueryOrFragment
        /// The query: it ends before `#`, and may hold `?`.
        case atFragment
    }

    /// What ``checkComponent(_:_:_:ends:name:counting:)`` found: where the component ends, how
    /// many times the counted byte occurs, and (in the query) the first `'`.
    private typealias ComponentCheck = (end: Int, count: Int, quote: Int?)

    /// Where the component from `start` ends, at the latest at `limit`.
    private func componentEnd(_ bytes: ByteView, from start: Int, _ limit: Int, ends: ComponentEnd) -> Int {
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
    private func checkComponent(
        _ bytes: ByteView, _ start: Int, _ limit: Int, ends: ComponentEnd, name: String,
        counting counted: UInt8 = 0
    ) throws(LinkError) -> ComponentCheck {
        // In the query `'` and `&` are taken out of `pchar`, so that the loop below notes the
        // one and counts the other; `/` is not `pchar`: every counted byte comes to the switch.
        let classes = ends == .atFragment ? prepared.queryByteClassTable : prepared.byteClassTable
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
                    if value < 0x20 || value == 0x7F {
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
    private func escapedByte(_ bytes: ByteView, at i: Int) -> UInt8 {
        ((ASCII.hexValue(bytes[i + 1]) ?? 0) << 4) | (ASCII.hexValue(bytes[i + 2]) ?? 0)
    }

    /// The text of the bytes `start..<end`: a short run of ASCII bytes is written as a small
    /// string directly (``SmallASCIIString``), without validating it again.
    func string(_ bytes: ByteView, _ start: Int, _ end: Int) -> String {
        bytes.string(start..<end, layoutHolds: prepared.smallStringsHold)
    }
}
