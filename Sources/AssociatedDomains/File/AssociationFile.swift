import DeepLinksJSON

/// An apple-app-site-association file: the website's half of the association with its apps.
///
/// The file is served at `https://<domain>/.well-known/apple-app-site-association` and names,
/// per service, the apps the domain vouches for. ``appLinks`` also says which URLs open which
/// app. Every shape still in use reads into this one model: the legacy `apps` + `paths` form
/// (with `details` as an array or as a dictionary keyed by App ID) and the modern form with
/// `appIDs`, `components`, `defaults` and `substitutionVariables`.
///
/// Nothing is lost on the way: keys the model does not know, and known keys whose value has the
/// wrong shape, are kept in ``additionalKeys`` (here and at every level below), so
/// ``json`` and ``serialized(_:)`` write back everything that was read.
///
/// ```swift
/// let file = try AssociationFile(parsing: """
///     {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"],
///                                "components": [{"/": "/buy/*"}]}]}}
///     """)
/// file.appLinks?.details?.first?.effectiveAppIDs   // ["ABCDE12345.com.example.app"]
/// file.serialized(.pretty)
/// ```
public struct AssociationFile: Sendable, Hashable {
    /// The `applinks` service: universal links.
    public var appLinks: AppLinks?
    /// The `webcredentials` service: shared passwords and passkeys.
    public var webCredentials: AppList?
    /// The `appclips` service: App Clips invoked from this domain.
    public var appClips: AppList?
    /// The `activitycontinuation` service: Handoff between the website and apps.
    public var activityContinuation: AppList?
    /// Top-level keys that are not services, and services whose value is not an object.
    public var additionalKeys: [String: JSONValue]

    /// Creates a file from its services.
    public init(
        appLinks: AppLinks? = nil, webCredentials: AppList? = nil, appClips: AppList? = nil,
        activityContinuation: AppList? = nil, additionalKeys: [String: JSONValue] = [:]
    ) {
        self.appLinks = appLinks
        self.webCredentials = webCredentials
        self.appClips = appClips
        self.activityContinuation = activityContinuation
        self.additionalKeys = additionalKeys
    }

    /// Whether the file declares at least one of the four services.
    public var declaresAnyService: Bool {
        appLinks != nil || webCredentials != nil || appClips != nil || activityContinuation != nil
    }
}

/// The `applinks` service: which URLs on the domain open which app.
///
/// ```swift
/// let appLinks = AppLinks(details: [
///     AppLinksDetail(appIDs: ["ABCDE12345.com.example.app"],
///                    components: [AppLinksComponent(path: "/buy/*")]),
/// ])
/// ```
public struct AppLinks: Sendable, Hashable {
    /// How `details` was written: an array (the normal form) or a dictionary keyed by App ID
    /// (the oldest form).
    public enum DetailsStyle: String, Sendable, Hashable, Codable {
        /// `"details": [{"appID": …}, …]`.
        case array
        /// `"details": {"TEAMID.bundle.id": {"paths": […]}, …}`, read in ascending key order.
        case dictionary
    }

    /// The legacy `apps` key; when present it must be an empty array.
    public var apps: [String]?
    /// The entries, in the order they are tried; `nil` when the key is missing (or malformed,
    /// then kept in ``additionalKeys``).
    public var details: [AppLinksDetail]?
    /// How `details` is written back.
    public var detailsStyle: DetailsStyle
    /// Domain-level `defaults` for every component.
    public var defaults: AppLinksComponent?
    /// Custom substitution variables: name to the values `$(name)` stands for.
    public var substitutionVariables: [String: [String]]?
    /// Keys the model does not read, and known keys whose value has the wrong shape.
    public var additionalKeys: [String: JSONValue]

    /// Creates an `applinks` service.
    public init(
        apps: [String]? = nil, details: [AppLinksDetail]? = nil, detailsStyle: DetailsStyle = .array,
        defaults: AppLinksComponent? = nil, substitutionVariables: [String: [String]]? = nil,
        additionalKeys: [String: JSONValue] = [:]
    ) {
        self.apps = apps
        self.details = details
        self.detailsStyle = detailsStyle
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
        self.additionalKeys = additionalKeys
    }
}

/// One entry of `applinks.details`: the apps it speaks for and the rules for their URLs.
///
/// ```swift
/// let detail = AppLinksDetail(appIDs: ["ABCDE12345.com.example.app"],
///                             components: [AppLinksComponent(path: "/help/*", exclude: true)])
/// ```
public struct AppLinksDetail: Sendable, Hashable {
    /// The legacy single App ID; ignored when ``appIDs`` is present.
    public var appID: String?
    /// The App IDs (iOS 13+); when present, even empty, ``appID`` is ignored.
    public var appIDs: [String]?
    /// The modern rules; when present, ``paths`` is ignored.
    public var components: [AppLinksComponent]?
    /// The legacy rules: path patterns, `"NOT "` before one excludes.
    public var paths: [String]?
    /// App-level `defaults` for this entry's components.
    public var defaults: AppLinksComponent?
    /// Keys the model does not read, and known keys whose value has the wrong shape.
    public var additionalKeys: [String: JSONValue]
    /// The entry as it was written, when it was not a JSON object; such an entry matches nothing.
    public var unreadable: JSONValue?

    /// Creates an entry.
    public init(
        appID: String? = nil, appIDs: [String]? = nil, components: [AppLinksComponent]? = nil,
        paths: [String]? = nil, defaults: AppLinksComponent? = nil, additionalKeys: [String: JSONValue] = [:]
    ) {
        self.appID = appID
        self.appIDs = appIDs
        self.components = components
        self.paths = paths
        self.defaults = defaults
        self.additionalKeys = additionalKeys
        self.unreadable = nil
    }

    /// Creates the stand-in for an entry that was not a JSON object.
    public init(unreadable value: JSONValue) {
        self.init()
        unreadable = value
    }

    /// The App IDs this entry applies to, as Apple reads them: `appIDs` when the key is present
    /// (even empty or malformed), otherwise `appID`, otherwise none.
    public var effectiveAppIDs: [String] {
        if let appIDs { return appIDs }
        if additionalKeys["appIDs"] != nil { return [] }
        if let appID { return [appID] }
        return []
    }
}

/// One component rule (or a `defaults` block): patterns for the path, query and fragment, and
/// the flags that steer matching.
///
/// A missing pattern matches everything (`*`); a missing flag is inherited from the enclosing
/// `defaults`, then takes Apple's default (`exclude` false, `caseSensitive` true,
/// `percentEncoded` true).
///
/// ```swift
/// let rule = AppLinksComponent(path: "/help/*", query: .items(["articleNumber": "????"]))
/// ```
public struct AppLinksComponent: Sendable, Hashable {
    /// The `/` pattern for the path.
    public var path: String?
    /// The `?` pattern for the query.
    public var query: QueryPattern?
    /// The `#` pattern for the fragment.
    public var fragment: String?
    /// `exclude`: a matching URL stays in the browser.
    public var exclude: Bool?
    /// `caseSensitive`: whether letters must match in case.
    public var caseSensitive: Bool?
    /// `percentEncoded`: whether the URL is compared still percent-encoded.
    public var percentEncoded: Bool?
    /// `comment`: text for people, ignored by matching.
    public var comment: String?
    /// Keys the model does not read (Apple ignores them), and known keys with the wrong shape.
    public var additionalKeys: [String: JSONValue]
    /// The component as it was written, when it was not a JSON object; it matches nothing.
    public var unreadable: JSONValue?

    /// Creates a component.
    public init(
        path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
        caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil,
        additionalKeys: [String: JSONValue] = [:]
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
        self.additionalKeys = additionalKeys
        self.unreadable = nil
    }

    /// Creates the stand-in for a component that was not a JSON object.
    public init(unreadable value: JSONValue) {
        self.init()
        unreadable = value
    }

    /// Whether the component names none of `/`, `?` and `#`, so it matches every URL.
    public var hasNoPattern: Bool { path == nil && query == nil && fragment == nil }
}

/// The `?` pattern of a component: the whole query as one string, or named items.
///
/// ```swift
/// QueryPattern.whole("a=1")                     // the query must be exactly a=1
/// QueryPattern.items(["articleNumber": "????"])  // that item must have 4 characters
/// ```
public enum QueryPattern: Sendable, Hashable {
    /// A string matched against the whole raw query (without `?`).
    case whole(String)
    /// Item name to value pattern. Every named item must match, in every occurrence; an absent
    /// item is the empty string; other items are ignored.
    case items([String: String])
    /// A dictionary with at least one value that is not a string: Apple ignores the whole
    /// dictionary, so it matches every query.
    case itemsWithNonStringValues([String: JSONValue])
}

/// A service that only lists apps: `webcredentials`, `appclips`, `activitycontinuation`.
///
/// ```swift
/// let credentials = AppList(apps: ["ABCDE12345.com.example.app"])
/// ```
public struct AppList: Sendable, Hashable {
    /// The App IDs; `nil` when the key is missing or malformed (then kept in ``additionalKeys``).
    public var apps: [String]?
    /// Keys the model does not read, and known keys whose value has the wrong shape.
    public var additionalKeys: [String: JSONValue]

    /// Creates an app list.
    public init(apps: [String]? = nil, additionalKeys: [String: JSONValue] = [:]) {
        self.apps = apps
        self.additionalKeys = additionalKeys
    }
}
