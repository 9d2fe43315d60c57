/// Reading a request target and a `Host` value: what the responder and the modules above it
/// (the short-link responder) share.
extension SiteResponder {
    /// A target's host (absolute form only) and its path and query, or `nil` when it is
    /// neither origin form nor an absolute `http(s)` URL.
    package static func split(_ target: String) -> (host: String?, pathAndQuery: String)? {
        if target.hasPrefix("/") { return (nil, target) }
        let lower = target.prefix(8).lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = target.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = target.dropFirst(7)
        } else {
            return nil
        }
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end]
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        let remainder = rest[end...]
        return (String(authority), remainder.hasPrefix("/") ? String(remainder) : "/" + remainder)
    }

    /// A `Host` value without its port, lower-case.
    package static func hostName(_ host: String) -> String {
        // Most requests name a host as the site lists it: nothing to change, nothing to copy.
        let isAsListed = TextSpan.read(host) { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == UInt8(ascii: ":") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || byte >= 0x80
                {
                    return false
                }
            }
            return true
        }
        if isAsListed { return host }
        var name = Substring(host)
        if name.hasPrefix("[") {
            if let close = name.firstIndex(of: "]") { name = name[...close] }
        } else if let colon = name.lastIndex(of: ":") {
            name = name[..<colon]
        }
        return name.lowercased()
    }
}
