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

    /// Whether a link must be confirmed before the route runs.
    public var requiresConfirmation: Bool { self != .navigate }

    /// The raw name.
    public var description: String { rawValue }
}
