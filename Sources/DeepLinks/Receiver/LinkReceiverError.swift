/// Why a ``LinkReceiver`` could not be built: the route table's findings, the activity routes',
/// or a policy host pattern that is not a host name.
public enum LinkReceiverError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The route table cannot be built (see ``RouteTableError``).
    case routeTable(RouteTableError)
    /// Activity routes that do not fit the table, in declaration order.
    case activityRoutes([ActivityRouteFinding])
    /// An entry of the policy's ``LinkPolicy/allowedHosts`` (its text, lower-case) that is not a
    /// host name or `*.` and one (``HostPattern/init(validating:)``): empty, with whitespace, a
    /// port, a control or non-ASCII character, `/`, `@`, `\`, `?`, `#`, `%`, a `*` anywhere but
    /// a leading `*.`, or an empty label. A link's host never looks like that: such a pattern
    /// would silently allow nothing. The first such entry is named.
    case invalidHostPattern(String)

    /// The findings, one per line.
    public var description: String {
        switch self {
        case .routeTable(let error): error.description
        case .activityRoutes(let findings):
            "the activity routes have \(findings.count) finding\(findings.count == 1 ? "" : "s"):\n"
                + findings.map { "- \($0)" }.joined(separator: "\n")
        case .invalidHostPattern(let pattern):
            "the policy allows the host pattern \(pattern.debugDescription), which is not a host name: "
                + "write a host in its ASCII form (example.com, xn--bcher-kva.example), or *. followed by one "
                + "(*.example.com)"
        }
    }
}

extension LinkReceiverError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .routeTable(let value):
            var values = EnumCaseEncoder(encoder, "routeTable")
            try values("_0", value)
        case .activityRoutes(let value):
            var values = EnumCaseEncoder(encoder, "activityRoutes")
            try values("_0", value)
        case .invalidHostPattern(let value):
            var values = EnumCaseEncoder(encoder, "invalidHostPattern")
            try values("_0", value)
        }
    }
}
