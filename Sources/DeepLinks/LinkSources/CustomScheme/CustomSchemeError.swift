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
        }
    }
}
