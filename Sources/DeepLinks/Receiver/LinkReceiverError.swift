/// Why a ``LinkReceiver`` could not be built: the route table's findings, or the activity routes'.
public enum LinkReceiverError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The route table cannot be built (see ``RouteTableError``).
    case routeTable(RouteTableError)
    /// Activity routes that do not fit the table, in declaration order.
    case activityRoutes([ActivityRouteFinding])

    /// The findings, one per line.
    public var description: String {
        switch self {
        case .routeTable(let error): error.description
        case .activityRoutes(let findings):
            "the activity routes have \(findings.count) finding\(findings.count == 1 ? "" : "s"):\n"
                + findings.map { "- \($0)" }.joined(separator: "\n")
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
        }
    }
}
