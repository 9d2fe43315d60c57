import DeepLinks

/// The tags a preview writes, in the order it writes them (“The tags, in order” in the
/// documentation), each with the attribute that names it.
enum KnownTag: Int, CaseIterable, Sendable {
    case description, ogTitle, ogDescription, ogType, ogURL, ogSiteName, ogLocale, ogImage, ogImageWidth
    case ogImageHeight, ogImageAlt, twitterCard, twitterSite, twitterAppNameIPhone, twitterAppIDIPhone
    case twitterAppURLIPhone, twitterAppNameIPad, twitterAppIDIPad, twitterAppURLIPad
    case twitterAppNameGooglePlay, twitterAppIDGooglePlay, twitterAppURLGooglePlay, alIOSURL
    case alIOSAppStoreID, alIOSAppName, alAndroidURL, alAndroidPackage, alAndroidAppName, alWebURL
    case appleITunesApp

    /// The tag's name (`og:title`).
    var key: String { Self.names[rawValue].key }
    /// The attribute that holds the tag's name.
    var attribute: MetaTag.Attribute { Self.names[rawValue].attribute }

    /// Each case's name and attribute, by raw value.
    private static let names: [(key: String, attribute: MetaTag.Attribute)] = [
        ("description", .name), ("og:title", .property), ("og:description", .property),
        ("og:type", .property),
        ("og:url", .property), ("og:site_name", .property), ("og:locale", .property), ("og:image", .property),
        ("og:image:width", .property), ("og:image:height", .property), ("og:image:alt", .property),
        ("twitter:card", .name), ("twitter:site", .name), ("twitter:app:name:iphone", .name),
        ("twitter:app:id:iphone", .name), ("twitter:app:url:iphone", .name), ("twitter:app:name:ipad", .name),
        ("twitter:app:id:ipad", .name), ("twitter:app:url:ipad", .name),
        ("twitter:app:name:googleplay", .name),
        ("twitter:app:id:googleplay", .name), ("twitter:app:url:googleplay", .name),
        ("al:ios:url", .property),
        ("al:ios:app_store_id", .property), ("al:ios:app_name", .property), ("al:android:url", .property),
        ("al:android:package", .property), ("al:android:app_name", .property), ("al:web:url", .property),
        ("apple-itunes-app", .name),
    ]
}

/// A run of tags whose contents come from the app listing alone: a site's pages all write
/// them the same, so the landing page writes them from bytes its template keeps
/// (``LandingPage/SiteParts``).
enum AppTagRun: Int, CaseIterable, Sendable {
    /// `twitter:app:name:iphone`, `twitter:app:id:iphone`.
    case iPhone
    /// `twitter:app:name:ipad`, `twitter:app:id:ipad` (the iPad app's ID, else the app's).
    case iPad
    /// `twitter:app:name:googleplay`, `twitter:app:id:googleplay`, for an app on Google Play.
    case googlePlay
    /// `al:ios:app_store_id`, `al:ios:app_name`.
    case iOS
    /// `al:android:package`, `al:android:app_name`, for an app on Google Play.
    case android

    /// The run's tags and their contents, in order: the one place that says what each run holds.
    func forEachTag(of app: AppListing, _ body: (KnownTag, String) -> Void) {
        switch self {
        case .iPhone:
            body(.twitterAppNameIPhone, app.name)
            body(.twitterAppIDIPhone, app.appStoreID)
        case .iPad:
            body(.twitterAppNameIPad, app.name)
            body(.twitterAppIDIPad, app.iPadAppStoreID ?? app.appStoreID)
        case .googlePlay:
            if let package = app.googlePlayPackage {
                body(.twitterAppNameGooglePlay, app.name)
                body(.twitterAppIDGooglePlay, package)
            }
        case .iOS:
            body(.alIOSAppStoreID, app.appStoreID)
            body(.alIOSAppName, app.name)
        case .android:
            if let package = app.googlePlayPackage {
                body(.alAndroidPackage, package)
                body(.alAndroidAppName, app.name)
            }
        }
    }
}

/// What receives a preview's tags in order: the list of ``PreviewMetadata/tags``, or the
/// landing page's bytes. The defaults write every tag through ``tag(_:_:)``.
protocol MetaTagWriter: ~Copyable {
    /// A tag and its content.
    mutating func tag(_ tag: KnownTag, _ content: String)
    /// A tag whose content is a number, in decimal digits.
    mutating func tag(_ tag: KnownTag, number: Int)
    /// A run of tags whose contents are `app`'s alone.
    mutating func appTags(_ run: AppTagRun, of app: AppListing)
    /// The Smart App Banner's tag: `app-id=…`, then `, app-argument=…` when there is an
    /// argument (``PreviewMetadata/bannerArgument(_:)`` of it).
    mutating func banner(appStoreID: String, argument: String?)
}

extension MetaTagWriter where Self: ~Copyable {
    mutating func tag(_ tag: KnownTag, number: Int) { self.tag(tag, String(number)) }

    mutating func appTags(_ run: AppTagRun, of app: AppListing) {
        run.forEachTag(of: app) { tag($0, $1) }
    }

    mutating func banner(appStoreID: String, argument: String?) {
        tag(.appleITunesApp, PreviewMetadata.bannerContent(appStoreID: appStoreID, argument: argument))
    }
}

extension PreviewMetadata {
    /// Every tag of the metadata, in order: the one place that says which tags a preview has
    /// and in what order (the list and the landing page are both written from it).
    func writeTags<Writer: MetaTagWriter & ~Copyable>(into writer: inout Writer) {
        let appURL = appLinks.appURL
        if let description = preview.description { writer.tag(.description, description) }

        writer.tag(.ogTitle, preview.title)
        if let description = preview.description { writer.tag(.ogDescription, description) }
        writer.tag(.ogType, preview.type.rawValue)
        writer.tag(.ogURL, canonicalURL)
        if let siteName = preview.siteName { writer.tag(.ogSiteName, siteName) }
        if let locale = preview.locale { writer.tag(.ogLocale, locale) }
        if let image = preview.image {
            writer.tag(.ogImage, image.url)
            if let width = image.width { writer.tag(.ogImageWidth, number: width) }
            if let height = image.height { writer.tag(.ogImageHeight, number: height) }
            if let alt = image.alt { writer.tag(.ogImageAlt, alt) }
        }

        writer.tag(.twitterCard, Self.card(for: preview.image))
        if let twitterHandle { writer.tag(.twitterSite, twitterHandle) }
        writer.appTags(.iPhone, of: app)
        if let appURL { writer.tag(.twitterAppURLIPhone, appURL) }
        writer.appTags(.iPad, of: app)
        if let appURL { writer.tag(.twitterAppURLIPad, appURL) }
        if app.googlePlayPackage != nil {
            writer.appTags(.googlePlay, of: app)
            if let appURL { writer.tag(.twitterAppURLGooglePlay, appURL) }
        }

        if let appURL { writer.tag(.alIOSURL, appURL) }
        writer.appTags(.iOS, of: app)
        if app.googlePlayPackage != nil {
            if let appURL { writer.tag(.alAndroidURL, appURL) }
            writer.appTags(.android, of: app)
        }
        writer.tag(.alWebURL, canonicalURL)

        writer.banner(appStoreID: app.appStoreID, argument: appLinks.webLink ?? appLinks.customSchemeLink)
    }

    /// The tags as a list (``tags``).
    struct TagList: MetaTagWriter {
        var tags: [MetaTag] = []

        mutating func tag(_ tag: KnownTag, _ content: String) {
            tags.append(MetaTag(tag.attribute, tag.key, content))
        }
    }

    /// The Smart App Banner's content: `app-id=…`, then `, app-argument=` and the argument
    /// (``bannerArgument(_:)``) when there is one.
    static func bannerContent(appStoreID: String, argument link: String?) -> String {
        guard let link else { return "app-id=\(appStoreID)" }
        // The content is written into one byte buffer, reserved once (appending to a string
        // costs several times as much).
        let argument = bannerArgument(link)
        var content: [UInt8] = []
        content.reserveCapacity(22 + appStoreID.utf8.count + argument.utf8.count)
        content.append(contentsOf: "app-id=".utf8)
        content.append(contentsOf: appStoreID.utf8)
        content.append(contentsOf: ", app-argument=".utf8)
        content.append(contentsOf: argument.utf8)
        return String(decoding: content, as: UTF8.self)
    }

    /// A link as the banner's `app-argument`: every `,` written `%2C` (the same link to any URL
    /// parser, and it cannot end the comma-separated value early); the link itself when it has
    /// none. Bytes are replaced, not characters, so a comma followed by a combining mark is
    /// replaced too.
    static func bannerArgument(_ link: String) -> String {
        let commas = TextSpan.read(link) { bytes in
            var count = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: ",") { count += 1 }
            return count
        }
        guard commas > 0 else { return link }
        var argument: [UInt8] = []
        argument.reserveCapacity(link.utf8.count + 2 * commas)
        for byte in link.utf8 {
            if byte == UInt8(ascii: ",") {
                argument.append(contentsOf: "%2C".utf8)
            } else {
                argument.append(byte)
            }
        }
        return String(decoding: argument, as: UTF8.self)
    }

    static func card(for image: PreviewImage?) -> String {
        guard let image else { return "summary" }
        if let width = image.width, width < 300 { return "summary" }
        if let height = image.height, height < 157 { return "summary" }
        return "summary_large_image"
    }
}
