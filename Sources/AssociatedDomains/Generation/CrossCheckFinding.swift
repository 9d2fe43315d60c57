/// One disagreement between a route table and an association file.
public struct CrossCheckFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// What kind of disagreement.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A route's links do not open the app (no rule matches, or an exclusion does).
        case routeNotSentToApp
        /// A destructive route's links open the app straight from the web.
        case destructiveRouteOpensApp
        /// The file sends the app a URL that the gate refuses or no route handles.
        case urlWithoutRoute
        /// No sample link could be written for a route (custom parameter types, for example).
        case routeWithoutSample

        /// The stable code, in the `AASA3xx` range of cross-check findings: `AASA301` route not
        /// sent to the app, `AASA302` destructive route opens the app, `AASA303` URL without a
        /// route, `AASA304` route without a sample link. Codes never change meaning.
        public var code: String {
            switch self {
            case .routeNotSentToApp: "AASA301"
            case .destructiveRouteOpensApp: "AASA302"
            case .urlWithoutRoute: "AASA303"
            case .routeWithoutSample: "AASA304"
            }
        }
    }

    /// The kind.
    public let kind: Kind
    /// The route it is about, when there is one.
    public let route: String?
    /// The rule of the file it is about, when there is one.
    public let rule: RuleReference?
    /// The URL that shows the disagreement.
    public let url: String?
    /// A sentence.
    public let message: String

    /// Creates a finding.
    public init(_ kind: Kind, route: String?, rule: RuleReference?, url: String?, _ message: String) {
        self.kind = kind
        self.route = route
        self.rule = rule
        self.url = url
        self.message = message
    }

    /// The stable code of the kind (`AASA301`…).
    public var code: String { kind.code }

    /// Where the finding is: the rule's JSON path, or `route <name>`; empty when neither.
    public var location: String { rule?.jsonPath ?? route.map { "route \($0)" } ?? "" }

    /// The code and the message.
    public var description: String { "\(kind.code) \(kind.rawValue): \(message)" }
}
