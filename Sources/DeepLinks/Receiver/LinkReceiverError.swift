/// Why a ``LinkReceiver`` could not be built: the route table's findings, the activity routes',
/// or a policy host pattern that no host can match.
public enum LinkReceiverError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The route table cannot be built (see ``RouteTableError``).
    case routeTable(RouteTableError)
    /// Activity routes that do not fit the table, in declaration order.
    case activityRoutes([ActivityRouteFinding])
    /// An entry of the policy's ``LinkPolicy/allowedHosts`` (its text, lower-case) that no host can
    /// match: empty, with whitespace, a control or non-ASCII character, `/`, `@`, `\`, `?`,
    /// `#`, `%`, a `*` anywhere but a leading `*.`, or an empty label. The gate compares a
    /// link's host, in its ASCII form, label by label: such a pattern would silently allow
    /// nothing. The first such entry is named.
    case invalidHostPattern(String)

    /// The findings, one per line.
    public var description: String {
        switch self {
        case .routeTable(let error): error.description
        case .activityRoutes(let findings):
            "the activity routes have \(findings.count) finding\(findings.count == 1 ? "" : "s"):\n"
                + findings.map { "- \($0)" }.joined(separator: "\n")
        case .invalidHostPattern(let pattern):
            "the policy allows the host pattern \(pattern.debugDescription), which no host can match: "
                + "write a host in its ASCII form (example.com, xn--bcher-kva.example) or *. and a host"
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
