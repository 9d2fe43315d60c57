/// The web's schemes, `http` and `https`, said in one place: whether a scheme is one, and its
/// default port. Everything that asks "is this a web link?" asks here.
enum WebScheme {
    /// Whether `scheme` (lower-case, as the gate keeps it) is `http` or `https`.
    @inline(__always) static func contains(_ scheme: String) -> Bool {
        scheme == "https" || scheme == "http"
    }

    /// The default port of a web scheme (443, 80), `nil` for any other scheme.
    static func defaultPort(of scheme: String) -> Int? {
        scheme == "https" ? 443 : scheme == "http" ? 80 : nil
    }

    /// Whether the text starts with the scheme `http:` or `https:`, in any letter case.
    static func startsLink(_ text: String) -> Bool {
        // Reads at most the first six bytes, in place.
        TextBytes.read(text) { bytes in
            var scheme: UInt64 = 0
            for length in 0..<min(bytes.count, 6) {
                let byte = bytes[length]
                if byte == UInt8(ascii: ":") {
                    return (length == 4 && scheme == 0x6874_7470) || (length == 5 && scheme == 0x68_7474_7073)
                }
                scheme = scheme << 8 | UInt64(ASCII.lowercased(byte))
            }
            return false
        }
    }
}
