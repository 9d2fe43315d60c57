import DeepLinks

/// The words of a landing page in one language.
///
/// `{app}` in a string stands for the app's name. Every string is written as element text,
/// escaped, so it can hold any character; the app's name is escaped the same way.
///
/// ```swift
/// var strings = LandingPageStrings.english
/// strings.openInApp = "Watch in {app}"
/// ```
public struct LandingPageStrings: Sendable, Hashable, Codable {
    /// The "Open in the app" button (`Open in {app}`).
    public var openInApp: String
    /// The small line above "App Store" (`Download on the`).
    public var appStoreCaption: String
    /// The App Store button (`App Store`).
    public var appStore: String
    /// The small line above "Google Play" (`Get it on`).
    public var googlePlayCaption: String
    /// The Google Play button (`Google Play`).
    public var googlePlay: String
    /// The hint below the buttons when the page has an "Open in the app" button.
    public var hintWithButton: String
    /// The hint when it has none: the Smart App Banner is the way in.
    public var hintWithoutButton: String
    /// On a short link's page (``LandingPage/DeferredLink``): the line before the short link
    /// that the visitor may copy before getting the app, which then opens it on first launch.
    public var copyThenGetApp: String

    /// Creates the strings of one language.
    public init(
        openInApp: String, appStoreCaption: String, appStore: String, googlePlayCaption: String,
        googlePlay: String, hintWithButton: String, hintWithoutButton: String,
        copyThenGetApp: String = LandingPageStrings.englishCopyThenGetApp
    ) {
        self.openInApp = openInApp
        self.appStoreCaption = appStoreCaption
        self.appStore = appStore
        self.googlePlayCaption = googlePlayCaption
        self.googlePlay = googlePlay
        self.hintWithButton = hintWithButton
        self.hintWithoutButton = hintWithoutButton
        self.copyThenGetApp = copyThenGetApp
    }

    /// The English ``copyThenGetApp``, the default of every language that gives none.
    public static let englishCopyThenGetApp =
        "New to {app}? Copy this link, then get the app: it opens the link the first time you start it."

    /// English.
    public static let english = LandingPageStrings(
        openInApp: "Open in {app}", appStoreCaption: "Download on the", appStore: "App Store",
        googlePlayCaption: "Get it on", googlePlay: "Google Play",
        hintWithButton: "New to {app}? Get the app, then open this link again.",
        hintWithoutButton: "Already have {app}? Tap Open in the banner at the top of Safari.")

    /// German.
    public static let german = LandingPageStrings(
        openInApp: "In {app} öffnen", appStoreCaption: "Laden im", appStore: "App Store",
        googlePlayCaption: "Jetzt bei", googlePlay: "Google Play",
        hintWithButton: "Neu bei {app}? Lade die App und öffne diesen Link dann noch einmal.",
        hintWithoutButton: "Du hast {app} schon? Tippe oben in Safari im Banner auf Öffnen.",
        copyThenGetApp:
            "Neu bei {app}? Kopiere diesen Link und lade dann die App: Sie öffnet ihn beim ersten Start.")

    /// French.
    public static let french = LandingPageStrings(
        openInApp: "Ouvrir dans {app}", appStoreCaption: "Télécharger dans l’", appStore: "App Store",
        googlePlayCaption: "Disponible sur", googlePlay: "Google Play",
        hintWithButton: "Nouveau sur {app} ? Installez l’app, puis rouvrez ce lien.",
        hintWithoutButton: "Vous avez déjà {app} ? Touchez Ouvrir dans la bannière en haut de Safari.",
        copyThenGetApp:
            "Nouveau sur {app} ? Copiez ce lien, puis installez l’app : elle l’ouvrira à son premier lancement."
    )

    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "openInApp", "appStoreCaption", "appStore", "googlePlayCaption", "googlePlay", "hintWithButton",
        "hintWithoutButton", "copyThenGetApp",
    ]

    /// Decodes the strings, refusing a key it does not know; every key is required but
    /// `copyThenGetApp` (English when left out).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "landing page strings")
        self.init(
            openInApp: try c.decode(String.self, forKey: "openInApp"),
            appStoreCaption: try c.decode(String.self, forKey: "appStoreCaption"),
            appStore: try c.decode(String.self, forKey: "appStore"),
            googlePlayCaption: try c.decode(String.self, forKey: "googlePlayCaption"),
            googlePlay: try c.decode(String.self, forKey: "googlePlay"),
            hintWithButton: try c.decode(String.self, forKey: "hintWithButton"),
            hintWithoutButton: try c.decode(String.self, forKey: "hintWithoutButton"),
            copyThenGetApp: try c.decodeIfPresent(String.self, forKey: "copyThenGetApp")
                ?? Self.englishCopyThenGetApp)
    }

    /// Encodes every string under its key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(openInApp, forKey: "openInApp")
        try c.encode(appStoreCaption, forKey: "appStoreCaption")
        try c.encode(appStore, forKey: "appStore")
        try c.encode(googlePlayCaption, forKey: "googlePlayCaption")
        try c.encode(googlePlay, forKey: "googlePlay")
        try c.encode(hintWithButton, forKey: "hintWithButton")
        try c.encode(hintWithoutButton, forKey: "hintWithoutButton")
        try c.encode(copyThenGetApp, forKey: "copyThenGetApp")
    }
}

/// How a site's landing pages look and speak: the strings of each language and the style
/// sheet.
///
/// A page speaks the language of its preview's locale (`de_DE` → `de`, and `lang="de-DE"`),
/// else the default strings. The style sheet replaces the built-in one; it is written inside
/// `<style>`, so it may not contain `<` (nothing in CSS needs it, and it is the only way out
/// of the element). The page's Content Security Policy still forbids every outside source but
/// `https:` images, so a style sheet cannot load fonts or other files.
///
/// ```swift
/// let template = try LandingPageTemplate(
///     strings: ["de": .german, "fr": .french], style: LandingPageTemplate.standardStyle + "h1{color:#c00}")
/// ```
public struct LandingPageTemplate: Sendable, Hashable {
    /// The built-in style sheet: system fonts, light and dark, no outside resources.
    public static let standardStyle = LandingPage.style
    /// English strings and the built-in style.
    public static let standard = LandingPageTemplate(
        checkedStrings: ["en": .english, "de": .german, "fr": .french], defaultStrings: .english,
        style: standardStyle)

    /// The strings by language code (`de`, `fr`): ISO 639, lower-case, two or three letters.
    public let strings: [String: LandingPageStrings]
    /// The strings of a page whose language has none of its own.
    public let defaultStrings: LandingPageStrings
    /// The style sheet.
    public let style: String
    /// The style sheet's element and the fixed markup after it, written once for every page.
    let styleElement: PreparedMarkup
    /// The site parts of the last site and language a page was written for.
    let siteParts = KeptSiteParts()

    /// Creates a template and checks it.
    ///
    /// - Throws: ``LinkPreviewError/invalidTemplate(_:)`` for a language code that is not
    ///   two or three lower-case letters, or a style sheet containing `<`.
    public init(
        strings: [String: LandingPageStrings] = [:], defaultStrings: LandingPageStrings = .english,
        style: String = LandingPageTemplate.standardStyle
    ) throws(LinkPreviewError) {
        if let code = strings.keys.sorted().first(where: { !PreviewSite.isLocale($0) || $0.contains("_") }) {
            throw .invalidTemplate(
                "the language code '\(LinkPreviewError.shorten(code))' is not 2 or 3 lower-case letters")
        }
        if style.utf8.contains(UInt8(ascii: "<")) {
            throw .invalidTemplate("the style sheet contains '<', which could end the <style> element")
        }
        self.init(checkedStrings: strings, defaultStrings: defaultStrings, style: style)
    }

    private init(
        checkedStrings: [String: LandingPageStrings], defaultStrings: LandingPageStrings, style: String
    ) {
        self.strings = checkedStrings
        self.defaultStrings = defaultStrings
        self.style = style
        self.styleElement = LandingPage.styleElement(style)
    }

    /// The strings for a page's locale (`de_DE`, `de`, or none).
    public func strings(for locale: String?) -> LandingPageStrings {
        guard let locale else { return defaultStrings }
        let language = String(locale.prefix { $0 != "_" && $0 != "-" })
        return strings[language] ?? defaultStrings
    }
}
