import Foundation

/// The authority: user information refused, the host read (with the shortcuts for the policy's own hosts) and the port.
extension LinkParser {
    // MARK: - Authority

    /// What ``parseAuthority(_:from:scheme:isWeb:)`` found.
    struct Authority {
        /// Whether the link has `//` after the scheme.
        var isPresent: Bool
        var host: String?
        var port: Int?
        /// Where the authority ends: where the path starts.
        var end: Int
    }

    /// The authority from `start` (just after the scheme's `:`), checked against the policy's
    /// hosts.
    func parseAuthority(
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
        let stops = compiled.authorityStopTable
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
    func acceptedExactHost(_ index: Int?, allowsUnderscore: Bool) -> String? {
        guard let index, allowedHosts.exactHostPassesValidator(index, allowsUnderscore: allowsUnderscore)
        else { return nil }
        return allowedHosts.exactHostText(index)
    }

    /// The exact-host rule's shortcut: one of the policy's exact hosts alone in the authority
    /// from `start`, found without reading the authority byte by byte first. It is what
    /// ``parseAuthority(_:from:scheme:isWeb:)`` finds for it (an exact host that passed the
    /// validator holds no `@`, `:`, `/`, `?` or `#`). Returns the host and where it ends.
    @inline(__always)
    func exactHostShortcut(
        _ bytes: ByteView, at start: Int, allowsUnderscore: Bool
    ) -> (host: String, end: Int)? {
        let exact = allowedHosts.exactHostEndingAuthority(
            bytes, at: start, stops: compiled.authorityStopTable)
        guard let exact, let host = acceptedExactHost(exact, allowsUnderscore: allowsUnderscore) else {
            return nil
        }
        return (host, start + allowedHosts.exactHostLength(exact))
    }

    /// The host and port, and whether the host is one of the policy's exact hosts. `at` and
    /// `colon` are the offsets of the authority's first `@` and first `:`.
    func parseHostAndPort(
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

    func parsePort(_ bytes: ByteView, _ start: Int, _ end: Int) throws(LinkError) -> Int {
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
}
