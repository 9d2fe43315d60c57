/// A policy compiled once for parsing and sanitising, in one shared box: a gate hands the
/// parser one reference instead of copying every list of the policy for every link.
final class CompiledPolicy: Sendable {
    /// The policy as given.
    let policy: LinkPolicy
    /// Its allowed schemes and hosts.
    let allowedHosts: AllowedHostMatcher
    /// Its removed query items (``LinkPolicy/removedQueryItems``).
    let removedNames: RemovedNameMatcher

    /// The parser's byte tables and whether small strings are written directly
    /// (``SmallASCIIString/isAvailable``), read once here: a parse then reads fields instead
    /// of checking a lazily initialised global at every use. The tables live as long as the
    /// process and are never written.
    let byteClassTable: ByteTable
    let queryByteClassTable: ByteTable
    let queryItemStopTable: ByteTable
    let authorityStopTable: ByteTable
    let smallStringsHold: Bool
    /// The policy's own `https` string when it allows that scheme, for the parser's shortcut
    /// on links that start with `https://`.
    let allowedHTTPS: String?

    init(_ policy: LinkPolicy) {
        self.policy = policy
        let allowedHosts = AllowedHostMatcher(policy)
        self.allowedHosts = allowedHosts
        removedNames = RemovedNameMatcher(policy.removedQueryItems)
        byteClassTable = ByteTable.byteClasses
        queryByteClassTable = ByteTable.queryByteClasses
        queryItemStopTable = ByteTable.queryItemStops
        authorityStopTable = ByteTable.authorityStops
        smallStringsHold = SmallASCIIString.isAvailable
        allowedHTTPS = ByteView.withBytes(of: Array("https".utf8)) { allowedHosts.allowedScheme($0) }
    }
}

/// The policy's removed query-item patterns, compiled once so that sanitising a link does
/// not walk every pattern for every item.
///
/// It answers exactly what ``QueryItemPattern/matches(_:)`` answers for some pattern of the
/// list. Printable ASCII names (nearly all of them) are compared byte by byte against only
/// the patterns that start with the same letter; any other name, and any pattern that is not
/// printable ASCII, takes the general path.
struct RemovedNameMatcher: Sendable {
    private struct Candidate: Sendable {
        let bytes: [UInt8]
        let isPrefix: Bool
    }

    /// Printable ASCII patterns by their first byte.
    private var byFirstByte: [[Candidate]]
    /// Patterns that are not printable ASCII, checked with ``QueryItemPattern/matches(_:)``.
    private var general: [QueryItemPattern]
    private let patterns: [QueryItemPattern]
    /// Whether a pattern with an empty name matches every name (`*`), and whether one matches
    /// the empty name (`*`, or an empty exact name).
    private let emptyMatchesEveryName: Bool
    private let emptyMatchesEmptyName: Bool

    init(_ patterns: [QueryItemPattern]) {
        self.patterns = patterns
        byFirstByte = Array(repeating: [], count: 128)
        var empty: [Candidate] = []
        general = []
        for pattern in patterns {
            guard ASCII.isPrintable(pattern.name) else {
                general.append(pattern)
                continue
            }
            let candidate = Candidate(bytes: Array(pattern.name.utf8), isPrefix: pattern.isPrefix)
            if let first = candidate.bytes.first {
                byFirstByte[Int(first)].append(candidate)
            } else {
                empty.append(candidate)
            }
        }
        emptyMatchesEveryName = empty.contains(where: \.isPrefix)
        emptyMatchesEmptyName = empty.contains { !$0.isPrefix || $0.bytes.isEmpty }
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// Whether some pattern matches the decoded name.
    func matches(_ name: String) -> Bool {
        // The name's bytes are read in place once: whether they are printable ASCII, then,
        // when they are, against the patterns; `nil` sends any other name the general way.
        let asPrintable = ByteView.withUTF8(of: name) { bytes, _ -> Bool? in
            for i in 0..<bytes.count where !ASCII.isPrintable(bytes[i]) { return nil }
            return matchesASCIIPatterns(bytes)
        }
        guard let asPrintable else { return patterns.contains { $0.matches(name) } }
        return asPrintable || general.contains { $0.matches(name) }
    }

    /// Whether some pattern matches a name given as printable ASCII bytes (a query name
    /// without escapes, as the gate checked it): the answer ``matches(_:)`` gives for the
    /// same text, without writing the text.
    @inline(__always)
    func matches(printableASCII bytes: ByteView) -> Bool {
        if !general.isEmpty { return matches(bytes.string(0..<bytes.count, layoutHolds: false)) }
        return matchesASCIIPatterns(bytes)
    }

    /// Whether one of the printable ASCII patterns matches the printable ASCII name.
    @inline(__always)
    private func matchesASCIIPatterns(_ bytes: ByteView) -> Bool {
        if bytes.isEmpty { return emptyMatchesEmptyName }
        if emptyMatchesEveryName { return true }
        return byFirstByte[Int(ASCII.lowercased(bytes[0]))].firstIndexInPlace { Self.fits($0, bytes) } != nil
    }

    /// Whether the lower-cased name equals the candidate, or starts with it for a prefix.
    private static func fits(_ candidate: borrowing Candidate, _ name: ByteView) -> Bool {
        let count = candidate.bytes.count
        guard candidate.isPrefix ? name.count >= count : name.count == count else { return false }
        return ByteView.withBytes(of: candidate.bytes) { expected in
            for i in 0..<expected.count where ASCII.lowercased(name[i]) != expected[i] { return false }
            return true
        }
    }
}

/// The policy's allowed schemes and hosts, compiled once for parsing.
///
/// Lists this short are searched fastest by comparing lengths first and text only when the
/// lengths agree; the answers are exactly those of `allowedSchemes.contains(_:)` and
/// ``LinkPolicy/allowsHost(_:)``.
struct AllowedHostMatcher: Sendable {
    private let allowsAnyHost: Bool
    private let exactHosts: [String]
    private let subdomainWildcards: [HostPattern]
    /// The schemes and exact hosts with their UTF-8 bytes, for finding them from bytes.
    private let schemeBytes: [(text: String, bytes: [UInt8])]
    private let exactHostBytes: [(text: String, bytes: [UInt8])]
    /// The same lists as words, for comparing eight bytes at a time (``WordKey``).
    private let schemeKeys: [WordKey]
    private let exactHostKeys: [WordKey]
    /// For each exact host, whether ``HostValidator`` accepts it as a DNS name, without and
    /// with `_`. Its rules do not depend on letter case, so a link host whose bytes lower-cased
    /// are an exact host that passed needs no second look.
    private let exactHostValidity: [(domain: Bool, name: Bool)]

    init(_ policy: LinkPolicy) {
        let schemes = policy.allowedSchemes.sorted()
        allowsAnyHost = policy.allowedHosts.isEmpty
        exactHosts = policy.allowedHosts.filter { !$0.isSubdomainWildcard }.map(\.name)
        subdomainWildcards = policy.allowedHosts.filter(\.isSubdomainWildcard)
        schemeBytes = schemes.map { ($0, Array($0.utf8)) }
        exactHostBytes = exactHosts.map { ($0, Array($0.utf8)) }
        schemeKeys = schemeBytes.map { WordKey(candidate: $0.bytes) }
        exactHostKeys = exactHostBytes.map { WordKey(candidate: $0.bytes) }
        exactHostValidity = exactHostBytes.map { host in
            func passes(allowsUnderscore: Bool) -> Bool {
                guard !host.bytes.isEmpty, host.bytes.count <= policy.limits.maxHostLength,
                    host.bytes.first != UInt8(ascii: "[")
                else { return false }
                return ByteView.withBytes(of: host.bytes) { bytes in
                    let validator = HostValidator(
                        bytes: bytes, start: 0, end: bytes.count, allowsIPLiterals: policy.allowsIPLiterals,
                        allowsUnderscore: allowsUnderscore)
                    // `nil` is a DNS name that passed; an IP literal or an error is not.
                    do throws(LinkError) {
                        return try validator.validate() == nil
                    } catch {
                        return false
                    }
                }
            }
            return (passes(allowsUnderscore: false), passes(allowsUnderscore: true))
        }
    }

    /// The position of the exact allowed host whose text is these bytes lower-cased, or `nil`.
    @inline(__always)
    func exactHostIndex(_ bytes: ByteView) -> Int? {
        Self.firstIndex(exactHostBytes, exactHostKeys, bytes)
    }

    /// Whether ``HostValidator`` accepts the exact host at `index` as a DNS name, with or
    /// without `_` as asked: a link host equal to it (in any case) then passes the validator too.
    @inline(__always)
    func exactHostPassesValidator(_ index: Int, allowsUnderscore: Bool) -> Bool {
        allowsUnderscore ? exactHostValidity[index].name : exactHostValidity[index].domain
    }

    /// The first exact host whose text is the bytes from `start` lower-cased, up to a byte
    /// that ends the authority (`stops` gives ``ASCII/endsAuthority`` for `/`, `?` and `#`)
    /// or the end of the text, or `nil`. Of the exact hosts that hold none of the authority's
    /// stops, at most one length fits (the one up to the first stop), so this is the host
    /// ``exactHostIndex(_:)`` finds for the authority the parser's scan would find.
    @inline(__always)
    func exactHostEndingAuthority(
        _ bytes: ByteView, at start: Int, stops: ByteTable
    ) -> Int? {
        exactHostBytes.firstIndexInPlace { candidate in
            let end = start &+ candidate.bytes.count
            guard start >= 0, end <= bytes.count, end > start,
                end == bytes.count || stops[bytes[end]] == ASCII.endsAuthority
            else { return false }
            return ByteView.withBytes(of: candidate.bytes) { text in
                Self.equalsLowercased(text, bytes.slice(start..<end))
            }
        }
    }

    /// The byte count of the exact host at `index`.
    @inline(__always)
    func exactHostLength(_ index: Int) -> Int { exactHostBytes[index].bytes.count }

    /// The policy's own string for the exact host at `index`, for the parser to share.
    @inline(__always)
    func exactHostText(_ index: Int) -> String { exactHostBytes[index].text }

    /// Whether the (lower-cased) host is allowed.
    func allows(_ host: String) -> Bool {
        allowsAnyHost || Self.contains(exactHosts, host) || subdomainWildcards.contains { $0.matches(host) }
    }

    /// The allowed scheme whose text is these bytes lower-cased, or `nil`: the parser then
    /// shares the policy's string instead of writing a new one.
    func allowedScheme(_ bytes: ByteView) -> String? {
        Self.find(schemeBytes, schemeKeys, bytes)
    }

    /// The candidate equal to the lower-cased bytes. Equal UTF-8 lengths and equal text mean
    /// equal bytes here, so comparing bytes answers what `==` answers.
    private static func find(
        _ list: [(text: String, bytes: [UInt8])], _ keys: [WordKey], _ bytes: ByteView
    ) -> String? {
        firstIndex(list, keys, bytes).map { list[$0].text }
    }

    private static func firstIndex(
        _ list: [(text: String, bytes: [UInt8])], _ keys: [WordKey], _ bytes: ByteView
    ) -> Int? {
        // Up to 16 ASCII bytes: the lower-cased text as two words against each candidate's.
        if let key = WordKey(lowercasing: bytes) {
            for index in keys.indices where keys[index] == key { return index }
            return nil
        }
        return list.firstIndexInPlace { candidate in
            candidate.bytes.count == bytes.count
                && ByteView.withBytes(of: candidate.bytes) { equalsLowercased($0, bytes) }
        }
    }

    /// Whether `candidate` is `bytes` lower-cased (ASCII letters only); both have the same
    /// count. Longer than eight bytes (most real hosts: `music.example.com`,
    /// `www.example.co.uk`), eight bytes are lower-cased and compared at a time, the last
    /// word overlapping the one before; a word with a byte over 0x7F, which the word-wide
    /// lower-casing does not handle, is compared byte by byte.
    @inline(__always)
    static func equalsLowercased(_ candidate: ByteView, _ bytes: ByteView) -> Bool {
        let count = bytes.count
        guard candidate.count == count else { return false }
        if count >= 8 {
            var offset = 0
            while true {
                let start = Swift.min(offset, count &- 8)
                let word = bytes.word(at: start)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                if WordKey.lowercased(word) != candidate.word(at: start) { return false }
                offset &+= 8
                if offset >= count { return true }
            }
        }
        for i in 0..<count where candidate[i] != ASCII.lowercased(bytes[i]) { return false }
        return true
    }

    private static func contains(_ list: [String], _ text: String) -> Bool {
        let length = text.utf8.count
        for candidate in list where candidate.utf8.count == length && candidate == text { return true }
        return false
    }
}

/// Up to 16 bytes and their count as three words, so that a short scheme or host is compared
/// with a candidate in three comparisons instead of byte by byte.
///
/// Two keys are equal exactly when the counts and the bytes are: bytes past the count are
/// zero, and a candidate longer than 16 bytes has a count no text key has.
struct WordKey: Equatable, Sendable {
    let count: Int
    let low: UInt64
    let high: UInt64

    /// The key of a candidate's bytes, as they are.
    init(candidate bytes: [UInt8]) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (i, b) in bytes.prefix(16).enumerated() {
            if i < 8 {
                low |= UInt64(b) << (8 * UInt64(i))
            } else {
                high |= UInt64(b) << (8 * UInt64(i - 8))
            }
        }
        self.count = bytes.count <= 16 ? bytes.count : -1
        self.low = low
        self.high = high
    }

    /// The key of the bytes lower-cased (ASCII letters only), or `nil` when there are more
    /// than 16 bytes or one of them is not ASCII.
    @inline(__always)
    init?(lowercasing bytes: ByteView) {
        let count = bytes.count
        guard count <= 16 else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        if count >= 8 {
            // Both words lie inside the bytes; the second keeps only the bytes after the eighth.
            low = UInt64(littleEndian: bytes.word(at: 0))
            high = UInt64(littleEndian: bytes.word(at: count - 8)) >> (8 * UInt64(16 - count))
        } else {
            for i in 0..<count { low |= UInt64(bytes[i]) << (8 * UInt64(i)) }
        }
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard (low | high) & highs == 0 else { return nil }
        self.count = count
        self.low = Self.lowercased(low)
        self.high = Self.lowercased(high)
    }

    /// The word with every byte from `A` to `Z` lower-cased; every byte is below 0x80, so no
    /// sum below carries into the next byte.
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let atLeastA = (word &+ ones &* (0x80 - 0x41)) & highs
        let aboveZ = (word &+ ones &* (0x7F - 0x5A)) & highs
        return word | ((atLeastA & ~aboveZ) >> 2)
    }
}
