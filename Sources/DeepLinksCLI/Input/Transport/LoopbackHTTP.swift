/// Plain `http://` is fetched from the machine itself only: a test server on `127.0.0.1`,
/// `[::1]` or `localhost`. Every other server is fetched over HTTPS, as Apple's and Android's
/// verifiers fetch it.
enum LoopbackHTTP {
    /// The hosts plain HTTP may reach, as written in a URL.
    static let hosts = ["127.0.0.1", "[::1]", "localhost"]

    /// Whether the URL is `http://` to a loopback host (letters in any case), with an
    /// optional port and no user information.
    static func isLoopback(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") else { return false }
        let authority = lower.dropFirst("http://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return false }
        for host in hosts where authority.hasPrefix(host) {
            let rest = authority.dropFirst(host.count)
            if rest.isEmpty { return true }
            guard rest.first == ":" else { continue }
            let port = rest.dropFirst()
            return !port.isEmpty && port.count <= 5 && port.allSatisfy(\.isASCII)
                && port.allSatisfy(\.isNumber)
                && Int(port).map { (1...65535).contains($0) } == true
        }
        return false
    }
}
