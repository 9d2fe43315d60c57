import DeepLinks

/// A `String`-backed enum read by `RouteParameters.read`: declared readable in an extension.
enum Size: String, Codable, Sendable { case s, m, l }
extension Size: RouteParameterReadable {}
