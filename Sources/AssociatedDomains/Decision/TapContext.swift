/// Where a universal link was opened from, and what the device remembers, for
/// ``UniversalLinkDecision``.
///
/// ```swift
/// let tap = TapContext(origin: .webPage(host: "blog.example.com"))
/// let typed = TapContext(origin: .addressBar)
/// ```
public struct TapContext: Sendable, Hashable, Codable {
    /// How the link was opened.
    public enum Origin: Sendable, Hashable, Codable {
        /// Tapped in another app: Mail, Messages, Notes, or an app calling `openURL`.
        case otherApp
        /// Tapped on a link in a web page in Safari; `host` is the page's host.
        case webPage(host: String)
        /// Typed or pasted into Safari's address bar.
        case addressBar
        /// Loaded directly by a `WKWebView` or `SFSafariViewController`.
        case webView
        /// The app itself opened its own universal link with `openURL`.
        case sameApp
    }

    /// How the link was opened.
    public var origin: Origin
    /// Hosts for which the user chose to open links in Safari (by tapping the domain in the
    /// status bar); the Smart App Banner's Open button undoes the choice.
    public var hostsKeptInSafari: Set<String>
    /// Whether associated-domains developer mode is on (entries with `mode=developer` apply).
    public var isDeveloperModeEnabled: Bool
    /// Whether the app is managed by an organisation (entries with `mode=managed` apply).
    public var isManaged: Bool

    /// Creates a context; by default a tap in another app on a device with no remembered choice.
    public init(
        origin: Origin = .otherApp, hostsKeptInSafari: Set<String> = [], isDeveloperModeEnabled: Bool = false,
        isManaged: Bool = false
    ) {
        self.origin = origin
        self.hostsKeptInSafari = Set(hostsKeptInSafari.map { $0.lowercased() })
        self.isDeveloperModeEnabled = isDeveloperModeEnabled
        self.isManaged = isManaged
    }

    /// The entitlement modes this context activates.
    public var activeModes: AssociatedDomain.Modes {
        var modes: AssociatedDomain.Modes = []
        if isDeveloperModeEnabled { modes.insert(.developer) }
        if isManaged { modes.insert(.managed) }
        return modes
    }
}
