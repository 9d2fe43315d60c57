/// Link text drawn from the grammar the gate accepts, with the variations canonicalising must
/// erase (letter case, default ports, escapes of unreserved characters, lower-case hex) and,
/// on request, one hostile byte or sequence spliced in.
struct LinkGenerator {
    var random: SplitMix64

    static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    static let unreserved = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    static let subDelimiters = Array("!$()*+,;=:@")
    /// Escapes that decode to UTF-8 text: unreserved letters (in either hex case), reserved
    /// characters, a space, and multi-byte characters.
    static let escapes = [
        "%41", "%7a", "%7A", "%2d", "%7E", "%20", "%25", "%26", "%3D", "%3d", "%23", "%3F", "%2B", "%2C",
        "%C3%A9",
        "%c3%a9", "%E2%82%AC", "%F0%9F%98%80",
    ]
    /// What a hostile link splices in: separators, escapes that do not decode, controls,
    /// non-ASCII, userinfo, dot segments, a second scheme, markup.
    static let hostile = [
        "\\", "%", "%zz", "%C3", "%FF", "\u{0}", "\t", "\n", " ", "é", "@", "//", "/../", "/./", "%2e%2e",
        "%2F", "%5C",
        "%00", "[", "]", ":99999", "#", "<script>", "\"", "https://evil.com/", "\u{202E}",
    ]

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func label() -> String {
        var text = random.string(random.int(1...12), from: Self.lower + Array("0123456789"))
        if random.chance(0.2), text.count > 2 {
            text.insert("-", at: text.index(after: text.startIndex))
        }
        return random.chance(0.2) ? text.uppercased() : text
    }

    /// A DNS name whose last label is letters, so that it never reads as an IPv4 address.
    mutating func host() -> String {
        let tld = random.string(random.int(2...6), from: Self.lower)
        return ((0..<random.int(1...3)).map { _ in label() } + [tld]).joined(separator: ".")
    }

    /// Path, query or fragment text: unreserved characters, sub-delimiters and escapes.
    mutating func text(maxPieces: Int, extra: [Character] = []) -> String {
        var out = ""
        for _ in 0..<random.int(1...maxPieces) {
            switch random.int(0...9) {
            case 0...5: out.append(random.pick(Self.unreserved))
            case 6, 7: out += random.pick(Self.escapes)
            default: out.append(random.pick(Self.subDelimiters + extra))
            }
        }
        return out
    }

    /// A segment that is never `.` or `..` in any spelling.
    mutating func segment() -> String {
        let text = text(maxPieces: 12)
        return text.allSatisfy({ $0 == "." }) ? text + "a" : text
    }

    /// A link the gate's default policy (plus the scheme `myapp`) accepts, in a spelling that
    /// may not be canonical.
    mutating func link() -> String {
        let scheme = random.pick(["https", "http", "HTTPS", "myapp", "MyApp"])
        var out = scheme + "://" + host()
        if scheme.lowercased() != "myapp", random.chance(0.3) {
            out += ":" + random.pick(["443", "80", "8443", "1", "65535"])
        }
        if random.chance(0.9) {
            out += "/" + (0..<random.int(0...5)).map { _ in segment() }.joined(separator: "/")
        }
        if random.chance(0.6) {
            let items = (0..<random.int(0...5)).map { _ -> String in
                let name = random.pick(["id", "q", "utm_source", "token", "fbclid", "Sort", "a b", "x"])
                    .replacingOccurrences(of: " ", with: "%20")
                return random.chance(0.8) ? name + "=" + text(maxPieces: 8, extra: ["/", "?"]) : name
            }
            out += "?" + items.joined(separator: "&")
        }
        if random.chance(0.3) {
            out += "#" + text(maxPieces: 10, extra: ["/", "?"])
        }
        return out
    }

    /// A link with one hostile piece spliced in at a random place.
    mutating func hostileLink() -> String {
        var text = Array(link())
        let at = random.int(0...text.count)
        text.insert(contentsOf: Array(random.pick(Self.hostile)), at: at)
        return String(text)
    }
}
