extension CustomScheme {
    /// Schemes that already mean something to browsers, the system or other platforms, and
    /// that no app may register: web and file transfer, content embedded in a page, scripts,
    /// communication, and the App Store's and the system's own schemes.
    public static let wellKnownNames: Set<String> = [
        // Web, transfer and files.
        "http", "https", "ws", "wss", "ftp", "ftps", "sftp", "ssh", "telnet", "gopher", "file", "smb", "afp",
        "nfs",
        // Content inside a page, and scripts.
        "data", "blob", "about", "javascript", "vbscript", "view-source", "filesystem", "resource", "jar",
        // Communication.
        "mailto", "tel", "telprompt", "sms", "smsto", "mms", "callto", "facetime", "facetime-audio",
        "facetime-group", "sip", "sips", "xmpp", "irc", "ircs", "news", "nntp", "webcal", "geo", "urn",
        "ldap", "ldaps",
        // Apple's own.
        "itms", "maps", "music", "shortcuts", "ibooks", "calshow", "messages", "app-settings", "prefs",
        "x-web-search", "photos-redirect",
        // Other platforms and browsers.
        "intent", "content", "android-app", "chrome", "chrome-extension", "moz-extension", "safari-extension",
    ]

    /// Prefixes of scheme families that are never an app's own: the App Store's (`itms-apps`,
    /// `itms-services`, …), Apple's private schemes and Safari's forwarding schemes.
    public static let wellKnownPrefixes: [String] = ["itms-", "x-apple-", "x-safari-"]

    /// Whether a (lower-case) scheme is well known and can never be registered.
    public static func isWellKnown(_ scheme: String) -> Bool {
        wellKnownNames.contains(scheme) || wellKnownPrefixes.contains { scheme.hasPrefix($0) }
    }
}
