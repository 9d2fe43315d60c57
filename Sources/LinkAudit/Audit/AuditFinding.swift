import DeepLinks

/// One mismatch the audit found for a URL, with a stable code.
///
/// Codes never change meaning; a new kind of mismatch gets a new code.
///
/// | code | severity | the mismatch |
/// |---|---|---|
/// | `AUDIT001` | error | the association file sends the link to the app, but no route takes it: the user lands in the app on nothing |
/// | `AUDIT002` | error | a route takes the link, but the association file keeps it in the browser |
/// | `AUDIT003` | error (destructive), warning (sensitive) | the association file sends a guarded route's link to the app without an exclusion |
/// | `AUDIT004` | error | a route takes the link, but no `applinks:` entry of the entitlement covers its host |
/// | `AUDIT005` | error | a route takes the link, but the domain's association file is missing |
/// | `AUDIT006` | error | the site publishes a link the app refuses as malformed or hostile |
/// | `AUDIT007` | warning | the page's preview content is not found (the server answers 404) |
/// | `AUDIT008` | warning | Android's `assetlinks.json` decides the link differently from Apple's association file |
/// | `AUDIT009` | warning | a dynamic rule of `assetlinks.json` opens the link but the manifest's intent filter (written from the table) does not claim it, or the filter claims its path and no rule's path matches it |
///
/// ```swift
/// for finding in audit.findings where finding.severity == .error {
///     print(finding.code.rawValue, finding.message)   // AUDIT001 the association file sends …
/// }
/// ```
public struct AuditFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of mismatch; the raw value is the stable code.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// The file sends the link to the app, but no route takes it.
        case opensAppWithoutRoute = "AUDIT001"
        /// A route takes the link, but the file keeps it in the browser.
        case routeKeptInBrowser = "AUDIT002"
        /// The file sends a sensitive or destructive route's link to the app without an exclusion.
        case guardedRouteOpensApp = "AUDIT003"
        /// A route takes the link, but the entitlement does not cover its host.
        case hostNotInEntitlement = "AUDIT004"
        /// A route takes the link, but the domain's association file is missing.
        case associationFileMissing = "AUDIT005"
        /// The site publishes a link the app refuses.
        case linkRefused = "AUDIT006"
        /// The page's preview content is not found.
        case previewNotFound = "AUDIT007"
        /// Android's verdict differs from Apple's.
        case androidVerdictDiffers = "AUDIT008"
        /// Android's dynamic rules and the manifest's intent filter disagree about the link.
        case manifestDisagrees = "AUDIT009"

        /// Orders codes by their number.
        public static func < (left: Code, right: Code) -> Bool { left.rawValue < right.rawValue }

        /// A few words naming the mismatch.
        public var title: String {
            switch self {
            case .opensAppWithoutRoute: "opens the app on nothing"
            case .routeKeptInBrowser: "a route the file keeps in the browser"
            case .guardedRouteOpensApp: "a guarded route opens the app from the web"
            case .hostNotInEntitlement: "the entitlement lacks the domain"
            case .associationFileMissing: "no association file for the domain"
            case .linkRefused: "the app refuses the link"
            case .previewNotFound: "the preview finds no content"
            case .androidVerdictDiffers: "Android decides differently"
            case .manifestDisagrees: "the manifest and the dynamic rules disagree"
            }
        }

        /// Why the mismatch matters, in two sentences.
        public var explanation: String {
            switch self {
            case .opensAppWithoutRoute:
                "Tapping the link opens the app, because a rule of the association file sends it there, but no route "
                    + "of the app's table takes it. The user leaves the web page and lands in the app on nothing (or "
                    + "is bounced back to the browser)."
            case .routeKeptInBrowser:
                "The app has a route for this link, but the association file keeps it in the browser: no rule sends "
                    + "it to the app, or an exclusion matches first. Users get the web page instead of the screen "
                    + "the app was built to show."
            case .guardedRouteOpensApp:
                "The route is sensitive or destructive, and the association file sends its links to the app with no "
                    + "exclusion. The app asks before running it, but a link from anywhere on the web should not be "
                    + "able to start such an action at all."
            case .hostNotInEntitlement:
                "The app has a route for this link, but its Associated Domains entitlement has no applinks entry "
                    + "that covers the link's host (or only one that applies in developer or managed mode). The "
                    + "device never asks the domain's association file, so the link always opens in the browser."
            case .associationFileMissing:
                "The entitlement covers the host and the app has a route, but no association file was given or "
                    + "fetched for the domain. Without it the device cannot confirm the association, so the link "
                    + "opens in the browser."
            case .linkRefused:
                "The site publishes this URL, but the app's gate refuses it as malformed or hostile, or as a host "
                    + "it does not serve. Wherever the link is tapped, the app will discard it."
            case .androidVerdictDiffers:
                "Android's assetlinks.json and Apple's association file decide this link differently, so the same "
                    + "link opens the app on one platform and the browser on the other."
            case .manifestDisagrees:
                "Android opens a link only when both the manifest's intent filter and, from Android 15, the dynamic "
                    + "rules of assetlinks.json allow it. A rule that opens a link the filter does not claim never "
                    + "takes effect, and a claimed path no rule mentions opens the app before Android 15 and the "
                    + "browser after it."
            case .previewNotFound:
                "The link leads to a route whose preview provider finds no content, so the server answers 404 and "
                    + "the shared link shows the site's generic preview. A sitemap should list only pages that exist."
            }
        }

        /// What to change to fix it.
        public var fix: String {
            switch self {
            case .opensAppWithoutRoute:
                "Add a route for the link, or exclude it in the association file (a component with \"exclude\": true "
                    + "before the rule that matches)."
            case .routeKeptInBrowser:
                "Add a component that matches the link, or move or narrow the exclusion that matches it first."
            case .guardedRouteOpensApp:
                "Add a component with \"exclude\": true for the route's path before the rule that sends it to the app."
            case .hostNotInEntitlement:
                "Add applinks:<host> (or applinks:*.<domain>) to the entitlement of the release build."
            case .associationFileMissing:
                "Serve the association file at https://<domain>/.well-known/apple-app-site-association, or give it "
                    + "to the audit."
            case .linkRefused:
                "Publish the canonical form of the link (the one the app's router writes), or allow its host in the "
                    + "app's link policy if the app should serve it."
            case .previewNotFound: "Remove the URL from the sitemap, or restore the content it points to."
            case .androidVerdictDiffers:
                "Make the dynamic rules of assetlinks.json and the components of the association file agree (both can "
                    + "be generated from the route table)."
            case .manifestDisagrees:
                "Generate assetlinks.json and the manifest's intent filter from the same route table ('deeplinks "
                    + "assetlinks generate' and 'deeplinks assetlinks manifest'), or add an exclusion for the paths "
                    + "the app should not open."
            }
        }
    }

    /// The kind of mismatch.
    public let code: Code
    /// How much it matters.
    public let severity: Diagnostic.Severity
    /// The App ID (or, for `AUDIT008`, the Android package) it is about, when it concerns one
    /// app of several.
    public let appID: String?
    /// A sentence about this URL.
    public let message: String

    /// Creates a problem.
    public init(_ code: Code, severity: Diagnostic.Severity, appID: String? = nil, _ message: String) {
        self.code = code
        self.severity = severity
        self.appID = appID
        self.message = message
    }

    /// The code and the message.
    public var description: String { "\(code.rawValue) \(message)" }

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["code", "severity", "appID", "message"]

    /// Decodes a problem, refusing keys it does not know.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "an audit finding")
        self.init(
            try c.decode(Code.self, forKey: "code"),
            severity: try c.decode(Diagnostic.Severity.self, forKey: "severity"),
            appID: try c.decodeIfPresent(String.self, forKey: "appID"),
            try c.decode(String.self, forKey: "message"))
    }

    /// Encodes the code, severity, app (when there is one) and message.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(code, forKey: "code")
        try c.encode(severity, forKey: "severity")
        try c.encodeIfPresent(appID, forKey: "appID")
        try c.encode(message, forKey: "message")
    }
}
