/// A piece of preview text, named so that a report can say which one was adjusted.
///
/// Each field has its own length limit in ``PreviewLimits``.
///
/// ```swift
/// PreviewField.title.limit(in: PreviewLimits())   // 200
/// ```
public enum PreviewField: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The preview's title (`og:title`).
    case title
    /// The preview's description (`og:description`).
    case description
    /// The image's alternative text (`og:image:alt`).
    case imageAlt
    /// The site's name (`og:site_name`).
    case siteName
    /// The app's name (`twitter:app:name:*`, `al:*:app_name`).
    case appName

    /// The field's name as a person reads it (`image alt text`).
    public var description: String {
        switch self {
        case .title: "title"
        case .description: "description"
        case .imageAlt: "image alt text"
        case .siteName: "site name"
        case .appName: "app name"
        }
    }

    /// The maximum length of this field, in Unicode scalars, under a set of limits.
    public func limit(in limits: PreviewLimits) -> Int {
        switch self {
        case .title: limits.title
        case .description: limits.description
        case .imageAlt: limits.imageAlt
        case .siteName: limits.siteName
        case .appName: limits.appName
        }
    }
}
