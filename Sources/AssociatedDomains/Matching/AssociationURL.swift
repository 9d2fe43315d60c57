import DeepLinks

/// A URL split the way an association-file matcher needs it: host, and path, query and
/// fragment exactly as written.
///
/// Apple's matcher is handed URLs that this SDK's strict `LinkGate` would refuse (spaces,
/// `%2F`, odd escapes), and it must still answer for them, so this splitter is lenient: it
/// finds the scheme, the authority's host, and the first `?` and `#`, and keeps every part
/// raw. It never decodes, repairs or normalises anything but the case of scheme and host.
///
/// ```swift
/// let url = try AssociationURL("https://EXAMPLE.com:8443/a%20b?x=1#top")
/// url.host          // "example.com"
/// url.rawPath       // "/a%20b"
/// url.rawQuery      // "x=1"
/// url.rawFragment   // "top"
/// ```
public struct AssociationURL: Sendable, Hashable, Codable {
    /// The scheme, lower-cased.
    public let scheme: String
    /// The host, lower-cased, without user information or port; `nil` without an authority.
    public let host: String?
    /// The path as written (may be empty).
    public let rawPath: String
    /// The query as written, without `?`; `nil` when there is no `?`.
    public let rawQuery: String?
    /// The fragment as written, without `#`; `nil` when there is no `#`.
    public let rawFragment: String?

    /// Creates a URL from its parts.
    public init(scheme: String, host: String?, rawPath: String, rawQuery: String?, rawFragment: String?) {
        self.scheme = Self.lowercased(scheme)
        self.host = host.map(Self.lowercased)
        self.rawPath = rawPath
        self.rawQuery = rawQuery
        self.rawFragment = rawFragment
    }

    /// Splits URL text; fails only when the text has no scheme.
    public init(_ text: String) throws(AssociationURLError) {
        // ASCII text (nearly every URL) is split byte by byte; other text takes the general
        // path below, whose character-by-character reading gives the same answer on ASCII.
        if let split = Self.splitASCII(text) {
            self = try split.get()
            return
        }
        var rest = Substring(text)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        guard let colon = rest.firstIndex(of: ":"), colon > rest.startIndex else {
            throw .missingScheme(text)
        }
        let scheme = rest[..<colon]
        let isSchemeCharacter: (Character) -> Bool = { character in
            character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
        }
        guard let first = scheme.first, first.isASCII, first.isLetter, scheme.allSatisfy(isSchemeCharacter)
        else {
            throw .missingScheme(text)
        }
        rest = rest[rest.index(after: colon)...]
        var host: String?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            host = AssociationURL.host(ofAuthority: rest[..<authorityEnd])
            rest = rest[authorityEnd...]
        }
        self.init(
            scheme: String(scheme), host: host, rawPath: String(rest), rawQuery: query, rawFragment: fragment)
    }

    /// Takes the parts of a link that passed the gate.
    public init(_ link: Link) {
        self.init(
            scheme: link.scheme, host: link.host, rawPath: link.rawPath, rawQuery: link.rawQuery,
            rawFragment: link.rawFragment)
    }

    /// ``init(_:)`` on the bytes of ASCII text, or `nil` when the text is not ASCII.
    ///
    /// In ASCII text every byte is one character, apart from a CR LF pair, which holds none of
    /// the delimiters looked for here, so searching bytes finds what searching characters
    /// finds.
    private static func splitASCII(_ text: String) -> Result<AssociationURL, AssociationURLError>? {
        typealias Split = Result<AssociationURL, AssociationURLError>
        let split = Scan.withUTF8(text) { bytes -> Split? in
            guard Scan.isASCII(bytes) else { return nil }
            func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
                Scan.firstIndex(of: byte, in: bytes, range)
            }
            func string(_ range: Range<Int>) -> String {
                Scan.string(bytes.extracting(range))
            }
            var end = bytes.count
            var fragment: String?
            if let hash = firstIndex(of: UInt8(ascii: "#"), in: 0..<end) {
                fragment = string((hash + 1)..<end)
                end = hash
            }
            var query: String?
            if let mark = firstIndex(of: UInt8(ascii: "?"), in: 0..<end) {
                query = string((mark + 1)..<end)
                end = mark
            }
            guard let colon = firstIndex(of: UInt8(ascii: ":"), in: 0..<end), colon > 0, isLetter(bytes[0]),
                (0..<colon).allSatisfy({ isSchemeByte(bytes[$0]) })
            else { return .failure(.missingScheme(text)) }
            var start = colon + 1
            var host: String?
            if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
                start += 2
                let authorityEnd = firstIndex(of: UInt8(ascii: "/"), in: start..<end) ?? end
                var hostStart = start
                if let at = (start..<authorityEnd).last(where: { bytes[$0] == UInt8(ascii: "@") }) {
                    hostStart = at + 1
                }
                if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "["),
                    let close = firstIndex(of: UInt8(ascii: "]"), in: hostStart..<authorityEnd)
                {
                    host = string(hostStart..<(close + 1))
                } else if let portColon = (hostStart..<authorityEnd).last(where: {
                    bytes[$0] == UInt8(ascii: ":")
                }),
                    ((portColon + 1)..<authorityEnd).allSatisfy({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 })
                {
                    host = string(hostStart..<portColon)
                } else {
                    host = string(hostStart..<authorityEnd)
                }
                start = authorityEnd
            }
            return .success(
                AssociationURL(
                    scheme: string(0..<colon), host: host, rawPath: string(start..<end), rawQuery: query,
                    rawFragment: fragment))
        }
        return split ?? nil
    }

    /// The text lower-cased; ASCII text without capitals is returned as it is, uncopied.
    private static func lowercased(_ text: String) -> String {
        let unchanged = Scan.withUTF8(text) { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) { return false }
            }
            return true
        }
        return unchanged == true ? text : text.lowercased()
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func host(ofAuthority authority: Substring) -> String {
        var hostAndPort = authority
        if let at = authority.lastIndex(of: "@") { hostAndPort = authority[authority.index(after: at)...] }
        if hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") {
            return String(hostAndPort[...close])
        }
        if let colon = hostAndPort.lastIndex(of: ":"),
            hostAndPort[hostAndPort.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber })
        {
            return String(hostAndPort[..<colon])
        }
        return String(hostAndPort)
    }

    /// Whether the scheme is `http` or `https`.
    public var isWeb: Bool { scheme == "https" || scheme == "http" }
}

extension AssociationURL {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["scheme", "host", "rawPath", "rawQuery", "rawFragment"]

    /// The URL text the parts make: `scheme:`, `//host` when there is a host, the path, `?query`
    /// and `#fragment` when present.
    var text: String {
        var text = scheme + ":"
        if let host { text += "//" + host }
        text += rawPath
        if let rawQuery { text += "?" + rawQuery }
        if let rawFragment { text += "#" + rawFragment }
        return text
    }

    /// Decodes a URL from its parts and checks them the way splitting text does: the parts
    /// put back together must split into the very same parts, so a host holding `/`, a path
    /// holding `?` or `#`, or a scheme that is not one is a `DecodingError`, and so is a key the
    /// type does not know. Scheme and host are lower-cased, as every initializer does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "an association URL")
        let parts = AssociationURL(
            scheme: try c.decode(String.self, forKey: "scheme"),
            host: try c.decodeIfPresent(String.self, forKey: "host"),
            rawPath: try c.decode(String.self, forKey: "rawPath"),
            rawQuery: try c.decodeIfPresent(String.self, forKey: "rawQuery"),
            rawFragment: try c.decodeIfPresent(String.self, forKey: "rawFragment"))
        guard let split = try? AssociationURL(parts.text), split == parts else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "the parts of an association URL do not split back into themselves: '\(parts.text)'"))
        }
        self = parts
    }

    /// Encodes the parts, leaving out those that are `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(scheme, forKey: "scheme")
        try c.encodeIfPresent(host, forKey: "host")
        try c.encode(rawPath, forKey: "rawPath")
        try c.encodeIfPresent(rawQuery, forKey: "rawQuery")
        try c.encodeIfPresent(rawFragment, forKey: "rawFragment")
    }
}

/// Why a text could not be split as a URL.
public enum AssociationURLError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The text does not start with a scheme (`https:`).
    case missingScheme(String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .missingScheme(let text): "the URL \"\(text.prefix(200))\" has no scheme"
        }
    }
}

extension AssociationURLError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .missingScheme(let value):
            var values = EnumCaseEncoder(encoder, "missingScheme")
            try values("_0", value)
        }
    }
}
