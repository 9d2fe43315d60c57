/// What following a route risks, which decides whether a link may run it directly.
///
/// A link can never directly run a ``sensitive`` or ``destructive`` route: the dispatcher
/// returns ``LinkOutcome/confirm(_:)`` and the app asks the user first (see “A link never deletes or exposes data directly” in the documentation).
///
/// ```swift
/// Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
/// ```
public enum RouteSafety: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Safe to open straight away: it only shows content.
    case navigate
    /// Shows the user's own data; the app must check its authentication state first.
    case sensitive
    /// Changes or deletes data.
    case destructive

    /// Decodes a safety from its name, refusing any other text with the names allowed.
    public init(from decoder: any Decoder) throws {
        self = try decoder.singleCase(Self.self, what: "a route safety")
    }

    /// Whether a link must be confirmed before the route runs.
    public var requiresConfirmation: Bool { self != .navigate }

    /// How much the safety guards: 0 for navigate, 1 for sensitive, 2 for destructive. A
    /// navigation path is as guarded as the strongest of its routes
    /// (``Router/effectiveSafety(ofRoute:)``).
    var strength: Int {
        switch self {
        case .navigate: 0
        case .sensitive: 1
        case .destructive: 2
        }
    }

    /// The raw name.
    public var description: String { rawValue }
}
