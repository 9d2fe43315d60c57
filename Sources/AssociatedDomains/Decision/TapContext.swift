import DeepLinks

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

extension TapContext {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "origin", "hostsKeptInSafari", "isDeveloperModeEnabled", "isManaged",
    ]

    /// Decodes a context, refusing a key it does not know; hosts are lower-cased as
    /// ``init(origin:hostsKeptInSafari:isDeveloperModeEnabled:isManaged:)`` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a tap context")
        self.init(
            origin: try c.decode(Origin.self, forKey: "origin"),
            hostsKeptInSafari: try c.decode(Set<String>.self, forKey: "hostsKeptInSafari"),
            isDeveloperModeEnabled: try c.decode(Bool.self, forKey: "isDeveloperModeEnabled"),
            isManaged: try c.decode(Bool.self, forKey: "isManaged"))
    }

    /// Encodes every field.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(origin, forKey: "origin")
        try c.encode(hostsKeptInSafari, forKey: "hostsKeptInSafari")
        try c.encode(isDeveloperModeEnabled, forKey: "isDeveloperModeEnabled")
        try c.encode(isManaged, forKey: "isManaged")
    }
}

extension TapContext.Origin {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case otherApp, webPage, addressBar, webView, sameApp
    }

    private enum WebPageKeys: String, CodingKey, CaseIterable {
        case host
    }

    /// An origin is an object with exactly one key, its case: `{"webPage": {"host": "…"}}`,
    /// `{"addressBar": {}}`. Any other key, a second case, or a key inside a case that does not
    /// take it is a `DecodingError` naming it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, what: "a tap origin")
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a tap origin is an object with exactly one of the keys "
                        + CodingKeys.allCases.map(\.stringValue).joined(separator: ", ")))
        }
        let caseDecoder = try c.superDecoder(forKey: key)
        switch key {
        case .webPage:
            let page = try caseDecoder.strictContainer(keyedBy: WebPageKeys.self, what: "a web-page origin")
            self = .webPage(host: try page.decode(String.self, forKey: .host))
            return
        case .otherApp: self = .otherApp
        case .addressBar: self = .addressBar
        case .webView: self = .webView
        case .sameApp: self = .sameApp
        }
        _ = try caseDecoder.strictContainer(
            keyedBy: NoKeys.self, what: "a tap origin's '\(key.stringValue)' case", allowed: [])
    }

    private enum NoKeys: String, CodingKey, CaseIterable {
        case none
    }

    /// Encodes the case as `{"case": {"label": value}}`, the text Swift's synthesized
    /// conformance writes (`{"webPage": {"host": "…"}}`, `{"addressBar": {}}`).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .otherApp: _ = EnumCaseEncoder(encoder, "otherApp")
        case .webPage(let host):
            var values = EnumCaseEncoder(encoder, "webPage")
            try values("host", host)
        case .addressBar: _ = EnumCaseEncoder(encoder, "addressBar")
        case .webView: _ = EnumCaseEncoder(encoder, "webView")
        case .sameApp: _ = EnumCaseEncoder(encoder, "sameApp")
        }
    }
}
