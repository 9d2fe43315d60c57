import Foundation

/// One pass of the gate over the UTF-8 bytes of a link. Positions in errors are byte offsets.
struct LinkParser {
    let bytes: UnsafeBufferPointer<UInt8>
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
    func parse(original: String) throws(LinkError) -> Link {
        let count = bytes.count
        guard count > 0 else { throw LinkError(.empty, at: 0) }
        guard count <= limits.maxLength else {
            throw LinkError(
                .tooLong, at: limits.maxLength, detail: "\(count) bytes, limit \(limits.maxLength)")
        }
        let characters = try checkCharacters()

        // scheme ":"
        let stops = prepared.authorityStopTable
        var i = 0
        let scheme: String
        if let https = prepared.allowedHTTPS, Self.startsWithHTTPS(bytes) {
            // `https://` in any case, with `https` allowed: what the loop and the checks below
            // find for these eight bytes, without reading them one at a time.
            scheme = https
            i = 5
        } else {
            while i < count, stops[Int(bytes[i])] & (ASCII.endsAuthority | ASCII.colonStop) == 0 {
                i &+= 1
            }
            guard i < count, bytes[i] == UInt8(ascii: ":"), i > 0 else {
                throw LinkError(.invalidScheme, at: 0, detail: "no scheme: the link is not absolute")
            }
            guard ASCII.isAlpha(bytes[0]) else {
                throw LinkError(.invalidScheme, at: 0, detail: "a scheme starts with a letter")
            }
            for j in 1..<i {
                let b = bytes[j]
                guard
                    ASCII.isAlpha(b) || ASCII.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
                        || b == UInt8(ascii: ".")
                else {
                    throw LinkError(
                        .invalidScheme, at: j, detail: "'\(Character(Unicode.Scalar(b)))' in the scheme")
                }
            }
            let schemeBytes = UnsafeBufferPointer(rebasing: bytes[0..<i])
            guard let allowed = allowedHosts.allowedScheme(schemeBytes) else {
                throw LinkError(
                    .schemeNotAllowed, at: 0, detail: "scheme '\(ASCII.lowercasedString(schemeBytes))'")
            }
            scheme = allowed
        }
        let isWeb = scheme == "https" || scheme == "http"
        i += 1  // ':'

        // "//" authority
        var host: String?
        var port: Int?
        var hostIsAllowed = false
        let hasAuthority = i + 1 < count && bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "/")
        let allowsUnderscore = !isWeb && !policy.customSchemeHostsAreDomains
        if hasAuthority, let exact = allowedHosts.exactHostEndingAuthority(bytes, at: i + 2, stops: stops),
            allowedHosts.exactHostPassesValidator(exact, allowsUnderscore: allowsUnderscore)
        {
            // One of the policy's exact hosts, alone in the authority: what the scan below and
            // `parseAuthority` find for it (an exact host that passed the validator holds no
            // `@`, `:`, `/`, `?` or `#`), without reading the host byte by byte first.
            host = allowedHosts.exactHostText(exact)
            hostIsAllowed = true
            i += 2 + allowedHosts.exactHostLength(exact)
        } else if hasAuthority {
            i += 2
            let start = i
            // The end of the authority, its first `@` and its first `:`, in one pass.
            var at: Int?
            var colon: Int?
            while i < count {
                let stop = stops[Int(bytes[i])]
                if stop != 0 {
                    if stop == ASCII.endsAuthority { break }
                    if stop == ASCII.atStop {
                        if at == nil { at = i }
                    } else if colon == nil {
                        colon = i
                    }
                }
                i &+= 1
            }
            (host, port, hostIsAllowed) = try parseAuthority(start, i, isWeb: isWeb, at: at, colon: colon)
        } else if isWeb {
            throw LinkError(.missingAuthority, at: i, detail: "expected '//' after '\(scheme):'")
        } else {
            throw LinkError(
                .customSchemeWithoutAuthority, at: i,
                detail: "write '\(scheme)://' followed by the host, or '\(scheme):///' for none")
        }
        if let host, isWeb || policy.customSchemeHostsAreDomains, !hostIsAllowed, !allowedHosts.allows(host) {
            throw LinkError(
                .hostNotAllowed, at: hasAuthority ? scheme.utf8.count + 3 : nil, detail: "host '\(host)'")
        }

        // path
        let pathStart = i
        let pathCheck = try checkComponent(
            pathStart, count, ends: .atQueryOrFragment, name: "path", counting: UInt8(ascii: "/"))
        let pathEnd = pathCheck.end
        // The query's characters are checked before the segments are made, so that one
        // allocation has room for the segments and the items; a query error is thrown where
        // the query is parsed, after any error in the segments, as if checked in text order.
        var queryCheck: Result<ComponentCheck, LinkError>?
        if pathEnd < count, bytes[pathEnd] == UInt8(ascii: "?") {
            do {
                queryCheck = .success(
                    try checkComponent(
                        pathEnd + 1, count, ends: .atFragment, name: "query", counting: UInt8(ascii: "&")))
            } catch {
                queryCheck = .failure(error)
            }
        }
        let segmentCapacity = pathStart < pathEnd ? min(pathCheck.count + 1, limits.maxPathSegments + 1) : 0
        var itemCapacity = 0
        if case .success(let checked) = queryCheck {
            itemCapacity = min(checked.count + 1, limits.maxQueryItems + 1)
        }
        let storage = Link.Storage.make(
            scheme: scheme, host: host, port: port, segmentCapacity: segmentCapacity,
            itemCapacity: itemCapacity)
        try parsePath(
            pathStart, pathEnd, hasAuthority: hasAuthority, escapes: characters.hasPercent, into: storage)
        i = pathEnd

        // query
        var queryRange: Range<Int>?
        var isStripped = false
        if let queryCheck {
            i += 1
            let start = i
            (isStripped, i) = try parseQuery(
                start, count, checked: queryCheck, escapes: characters.hasPercent,
                stripping: isWeb && stripping,
                into: storage)
            queryRange = start..<i
        }

        // fragment
        var fragmentRange: Range<Int>?
        if i < count, bytes[i] == UInt8(ascii: "#") {
            i += 1
            let start = i
            guard count - start <= limits.maxFragmentLength else {
                throw LinkError(
                    .componentTooLong, at: start,
                    detail: "fragment of \(count - start) bytes, limit \(limits.maxFragmentLength)")
            }
            try checkComponent(start, count, ends: .atTextEnd, name: "fragment")
            // As in the path and the query: an escape that is not UTF-8 has no decoded value.
            if characters.hasPercent {
                let raw = string(start, count)
                guard PercentEncoding.decode(raw) != nil else {
                    throw LinkError(
                        .invalidPercentEscape, at: start, detail: "'\(raw)' does not decode to UTF-8")
                }
            }
            fragmentRange = start..<count
        }

        // The text is its own canonical form when nothing before the path has an upper-case
        // letter, no default port is written, a web link has a path, and nothing is escaped.
        let isKnownCanonical =
            (characters.firstUpperCase.map { $0 >= pathStart } ?? true)
            && !(port != nil && port == Link.defaultPort(for: scheme))
            && !(pathEnd == pathStart && isWeb)
            && !characters.hasPercent
        storage.finish(
            text: .parsed(
                Link.ParsedText(
                    text: original, path: pathStart..<pathEnd, query: queryRange,
                    fragment: fragmentRange, hasAuthority: hasAuthority, isStripped: isStripped)),
            isKnownCanonical: isKnownCanonical)
        return Link(storage: storage)
    }

    /// Whether the text starts with `https://` in any case: the first eight bytes, lower-cased
    /// as one word (every byte is below 0x80 once ``checkCharacters()`` passed; a word with a
    /// byte over 0x7F is answered no).
    @inline(__always)
    static func startsWithHTTPS(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 8, let base = bytes.baseAddress else { return false }
        let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        // "https://" in memory order, as a little- or big-endian load reads it.
        let https = UInt64(littleEndian: 0x2F2F_3A73_7074_7468)
        return word & 0x8080_8080_8080_8080 == 0 && WordKey.lowercased(word) == https
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
    private func checkCharacters() throws(LinkError) -> CharacterSummary {
        let classes = prepared.byteClassTable
        let (refused, summary) = { () -> (Int?, CharacterSummary) in
            var summary = CharacterSummary()
            var i = 0
            while i < bytes.count {
                // Eight bytes at a time while none of them needs a look (the usual case).
                if i + 8 <= bytes.count, let base = bytes.baseAddress,
                    !Self.mayNeedALook(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                {
                    i += 8
                    continue
                }
                let end = min(i + 8, bytes.count)
                while i < end {
                    let bits = classes[Int(bytes[i])]
                    if bits != 0, bits != ASCII.pathCharacterBit {
                        if bits & ASCII.refusedBit != 0 { return (i, summary) }
                        if bits & ASCII.percentBit != 0 { summary.hasPercent = true }
                        if bits & ASCII.upperCaseBit != 0, summary.firstUpperCase == nil {
                            summary.firstUpperCase = i
                        }
                    }
                    i += 1
                }
            }
            return (nil, summary)
        }()
        guard let i = refused else { return summary }
        let b = bytes[i]
        if b >= 0x80 { throw LinkError(.nonASCII, at: i, detail: "byte 0x\(hex(b))") }
        if b <= 0x20 || b == 0x7F {
            throw LinkError(.whitespaceOrControl, at: i, detail: Self.name(ofControl: b))
        }
        throw LinkError(.backslash, at: i)
    }

    /// Whether any of eight bytes may be non-ASCII, a space or control character, DEL, a
    /// backslash, `%` or an upper-case letter. Word-wide tests that can answer yes in error,
    /// never no: a yes only sends the eight bytes through the byte-by-byte check.
    @inline(__always)
    static func mayNeedALook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        if word & highs != 0 { return true }
        // A byte below 0x21 (space and controls).
        if (word &- ones &* 0x21) & ~word & highs != 0 { return true }
        if hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0x5C))
            || hasZeroByte(word ^ (ones &* 0x25))
        {
            return true
        }
        // A byte above 0x40 and below 0x5B ('A' to 'Z'); every byte is below 0x80 here.
        let low = word & (ones &* 0x7F)
        return ((ones &* (127 + 0x5B)) &- low) & ~word & (low &+ ones &* (127 - 0x40)) & highs != 0
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

    // MARK: - Authority

    /// The host and port, and whether the host is one of the policy's exact hosts. `at` and
    /// `colon` are the offsets of the authority's first `@` and first `:`.
    private func parseAuthority(_ start: Int, _ end: Int, isWeb: Bool, at: Int?, colon: Int?)
        throws(LinkError)
        -> (String?, Int?, Bool)
    {
        if let at { throw LinkError(.userInfo, at: at, detail: "'@' in the authority") }
        guard start < end else {
            if isWeb { throw LinkError(.missingHost, at: start) }
            return (nil, nil, false)
        }
        var hostEnd = end
        var portStart: Int?
        if bytes[start] == UInt8(ascii: "[") {
            guard let close = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "]") }) else {
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
        if let portStart { port = try parsePort(portStart, end) }
        guard start < hostEnd else {
            if isWeb || port != nil { throw LinkError(.missingHost, at: start) }
            return (nil, nil, false)
        }
        guard hostEnd - start <= limits.maxHostLength else {
            throw LinkError(
                .invalidHost, at: start,
                detail: "host of \(hostEnd - start) bytes, limit \(limits.maxHostLength)")
        }
        let allowsUnderscore = !isWeb && !policy.customSchemeHostsAreDomains
        let name = UnsafeBufferPointer(rebasing: bytes[start..<hostEnd])
        // One of the policy's exact hosts that the validator already accepted: the same rules
        // on the same letters in another case give the same answer.
        let exact = allowedHosts.exactHostIndex(name)
        if let exact, allowedHosts.exactHostPassesValidator(exact, allowsUnderscore: allowsUnderscore) {
            return (allowedHosts.exactHostText(exact), port, true)
        }
        if let literal = try HostValidator(
            bytes: bytes, start: start, end: hostEnd, allowsIPLiterals: policy.allowsIPLiterals,
            allowsUnderscore: allowsUnderscore
        ).validate() {
            return (literal, port, false)
        }
        // A name: share the policy's string when the host is one of the allowed hosts.
        if let exact { return (allowedHosts.exactHostText(exact), port, true) }
        return (ASCII.lowercasedString(name), port, false)
    }

    private func parsePort(_ start: Int, _ end: Int) throws(LinkError) -> Int {
        guard start < end else { throw LinkError(.invalidPort, at: start - 1, detail: "empty port") }
        var value = 0
        for i in start..<end {
            guard ASCII.isDigit(bytes[i]) else {
                throw LinkError(.invalidPort, at: i, detail: "port '\(string(start, end))'")
            }
            value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            guard value <= 65535 else {
                throw LinkError(.invalidPort, at: start, detail: "port \(string(start, end))")
            }
        }
        guard end - start == 1 || bytes[start] != UInt8(ascii: "0") else {
            throw LinkError(.invalidPort, at: start, detail: "leading zero in port '\(string(start, end))'")
        }
        return value
    }

    // MARK: - Path

    /// The segments of the path `start..<end` (its characters already checked), written
    /// into `storage`. `escapes` is whether the link holds any `%`: without one, no segment
    /// needs decoding.
    @inline(__always)
    private func parsePath(
        _ start: Int, _ end: Int, hasAuthority: Bool, escapes: Bool, into storage: Link.Storage
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
            var segEnd = end
            if segStart < end, let base = bytes.baseAddress {
                let next = memchr(base + segStart, Int32(UInt8(ascii: "/")), end - segStart)
                segEnd = next.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? end
            }
            let isLast = segEnd >= end
            if segStart == segEnd, !isLast, !policy.allowsEmptySegments {
                throw LinkError(.emptySegment, at: segStart, detail: "'//' in the path")
            }
            guard segEnd - segStart <= limits.maxSegmentLength else {
                throw LinkError(
                    .componentTooLong, at: segStart,
                    detail: "path segment of \(segEnd - segStart) bytes, limit \(limits.maxSegmentLength)")
            }
            storage.append(try segment(segStart, segEnd, escapes: escapes))
            guard storage.segmentCount <= limits.maxPathSegments else {
                throw LinkError(.tooManySegments, at: segStart, detail: "limit \(limits.maxPathSegments)")
            }
            if isLast { break }
            segStart = segEnd + 1
        }
    }

    private func segment(_ start: Int, _ end: Int, escapes: Bool) throws(LinkError) -> PathSegment {
        let raw = string(start, end)
        var hasEscape = false
        var i = escapes ? start : end
        while i < end {
            if bytes[i] == UInt8(ascii: "%") {
                hasEscape = true
                let value = escapedByte(at: i)
                if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") || value == 0 {
                    if !policy.allowsEncodedSeparators {
                        throw LinkError(.encodedSeparator, at: i, detail: "'\(string(i, i + 3))'")
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
        _ start: Int, _ limit: Int, checked check: Result<ComponentCheck, LinkError>, escapes: Bool,
        stripping: Bool,
        into storage: Link.Storage
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
            try checkLength(componentEnd(from: start, limit, ends: .atFragment))
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
            if !escapes, let base = bytes.baseAddress {
                // Nothing escaped in the link: only `&` and the first `=` matter, which the C
                // library finds many bytes at a time, without a branch per byte.
                let text = UnsafeRawPointer(base)
                itemEnd =
                    memchr(text + itemStart, Int32(UInt8(ascii: "&")), end - itemStart).map {
                        UnsafeRawPointer($0) - text
                    } ?? end
                equals = memchr(text + itemStart, Int32(UInt8(ascii: "=")), itemEnd - itemStart).map {
                    UnsafeRawPointer($0) - text
                }
            } else {
                // One table look-up per byte; only `&`, `=` and `%` need a second look.
                while itemEnd < end {
                    let b = bytes[itemEnd]
                    if stops[Int(b)] != 0 {
                        if b == UInt8(ascii: "&") { break }
                        if b == UInt8(ascii: "=") {
                            if equals == nil { equals = itemEnd }
                        } else {
                            percent = true
                        }
                    }
                    itemEnd += 1
                }
            }
            if itemEnd > itemStart {
                total += 1
                let escaped = escapes && percent
                // Nothing escaped: the name is its bytes, which the component check passed, and
                // an item left out needs no string at all.
                if stripping, !escaped,
                    strippedNames.matches(
                        printableASCII: UnsafeBufferPointer(rebasing: bytes[itemStart..<(equals ?? itemEnd)]))
                {
                    isStripped = true
                } else {
                    let item = try queryItem(itemStart, itemEnd, equals: equals, escapes: escaped)
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

    private func queryItem(_ start: Int, _ end: Int, equals: Int?, escapes: Bool) throws(LinkError)
        -> QueryItem
    {
        let nameEnd = equals ?? end
        let rawName = string(start, nameEnd)
        let rawValue = equals.map { string($0 + 1, end) } ?? ""
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

    /// What ``checkComponent(_:_:ends:name:counting:)`` found: where the component ends, how
    /// many times the counted byte occurs, and (in the query) the first `'`.
    private typealias ComponentCheck = (end: Int, count: Int, quote: Int?)

    /// Where the component from `start` ends, at the latest at `limit`.
    private func componentEnd(from start: Int, _ limit: Int, ends: ComponentEnd) -> Int {
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
        _ start: Int, _ limit: Int, ends: ComponentEnd, name: String, counting counted: UInt8 = 0
    ) throws(LinkError) -> ComponentCheck {
        // In the query `'` and `&` are taken out of `pchar`, so that the loop below notes the
        // one and counts the other; `/` is not `pchar`: every counted byte comes to the switch.
        let classes = ends == .atFragment ? prepared.queryByteClassTable : prepared.byteClassTable
        let allowsQuestionMark = ends != .atQueryOrFragment
        var n = 0
        var quote: Int?
        var i = start
        while i < limit {
            let b = bytes[i]
            if classes[Int(b)] & ASCII.pathCharacterBit != 0 {
                i &+= 1
                continue
            }
            if b == UInt8(ascii: "%") {
                guard i + 2 < limit, ASCII.hexValue(bytes[i + 1]) != nil, ASCII.hexValue(bytes[i + 2]) != nil
                else {
                    let end = componentEnd(from: i + 1, limit, ends: ends)
                    throw LinkError(.invalidPercentEscape, at: i, detail: "'\(string(i, min(i + 3, end)))'")
                }
                if name != "path" {
                    let value = escapedByte(at: i)
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
    private func escapedByte(at i: Int) -> UInt8 {
        ((ASCII.hexValue(bytes[i + 1]) ?? 0) << 4) | (ASCII.hexValue(bytes[i + 2]) ?? 0)
    }

    /// The text of the bytes `start..<end`: a short run of ASCII bytes is written as a small
    /// string directly (``SmallASCIIString``), without validating it again.
    func string(_ start: Int, _ end: Int) -> String {
        SmallASCIIString.make(bytes, start, end, layoutHolds: prepared.smallStringsHold)
    }
}

func hex(_ b: UInt8) -> String {
    String(decoding: [ASCII.hexDigits[Int(b >> 4)], ASCII.hexDigits[Int(b & 0xF)]], as: UTF8.self)
}
