/// Why a custom scheme could not be registered.
///
/// ```swift
/// do {
///     _ = try CustomScheme("javascript")
/// } catch {
///     error.description
///     // "'javascript' is a well-known scheme with its own meaning; it can never be registered as an app's scheme"
/// }
/// ```
public enum CustomSchemeError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The name is not an RFC 3986 scheme: a letter, then letters, digits, `+`, `-` or `.`.
    case invalidName(String)
    /// The name is a well-known scheme (``CustomScheme/isWellKnown(_:)``).
    case wellKnown(String)
    /// The name is registered twice in one registry.
    case duplicate(String)
    /// A scheme whose host is a domain, registered without any domain.
    case noDomains(String)
    /// A domain pattern of the scheme (its text, lower-case) that is not a host name or `*.` and
    /// one (``HostPattern/init(validating:)``).
    case invalidDomain(scheme: String, pattern: String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .invalidName(let name):
            "'\(ParameterFailure.shortened(name))' is not a scheme name: use a letter followed by letters, digits, "
                + "'+', '-' or '.', at most \(CustomScheme.maximumNameLength) characters"
        case .wellKnown(let name):
            "'\(name)' is a well-known scheme with its own meaning; it can never be registered as an app's scheme"
        case .duplicate(let name): "the scheme '\(name)' is registered more than once"
        case .noDomains(let name):
            "the scheme '\(name)' treats its host as a domain but lists no domains; list them, or treat the host "
                + "as a route segment"
        case .invalidDomain(let scheme, let pattern):
            "the scheme '\(scheme)' lists the domain \(pattern.debugDescription), which is not a host name: write a "
                + "host in its ASCII form (example.com, xn--bcher-kva.example), or *. followed by one (*.example.com)"
        }
    }
}

extension CustomSchemeError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .invalidName(let value):
            var values = EnumCaseEncoder(encoder, "invalidName")
            try values("_0", value)
        case .wellKnown(let value):
            var values = EnumCaseEncoder(encoder, "wellKnown")
            try values("_0", value)
        case .duplicate(let value):
            var values = EnumCaseEncoder(encoder, "duplicate")
            try values("_0", value)
        case .noDomains(let value):
            var values = EnumCaseEncoder(encoder, "noDomains")
            try values("_0", value)
        case .invalidDomain(let scheme, let pattern):
            var values = EnumCaseEncoder(encoder, "invalidDomain")
            try values("scheme", scheme)
            try values("pattern", pattern)
        }
    }
}
