import DeepLinks

/// A preview made safe and complete: cleaned text, checked URLs, and the exact tags every
/// rendering is built from.
///
/// This is the one value the head fragment (``HeadFragment``), the landing page
/// (``LandingPage``) and the JSON form (``jsonData()``) are rendered from, so the three can
/// never disagree. Building it:
///
/// - cleans and bounds every text field with ``PreviewText`` and reports each change in
///   ``adjustments``;
/// - checks the canonical link and the home page with the link gate (absolute `http(s)`) and
///   writes them in their canonical spelling; checks the image URL (absolute `https`), its
///   size, the type, the locale and the site's configuration, and refuses what breaks a rule
///   with a ``LinkPreviewError``;
/// - fills the site name and locale from the site when the preview leaves them out;
/// - lists the tags in a fixed order (``tags``; see “The tags, in order” in the documentation).
///
/// Metadata is `Encodable` only: every value is made by the initialiser, which checks and
/// cleans what it is given; its JSON (``jsonData()``) is a report to read, not an input.
///
/// ```swift
/// let metadata = try PreviewMetadata(
///     canonicalURL: "https://photos.example.com/albums/summer-2024",
///     preview: LinkPreview(title: "Summer 2024"),
///     site: site)
/// metadata.tags.first { $0.key == "og:url" }?.content   // "https://photos.example.com/albums/summer-2024"
/// ```
public struct PreviewMetadata: Sendable, Hashable, Encodable {
    /// Where the content came from.
    public let source: PreviewSource
    /// The canonical link of the page (`og:url`, `<link rel="canonical">`, the Smart App
    /// Banner's `app-argument`).
    public let canonicalURL: String
    /// The site's home page, canonical.
    public var homeURL: String { siteParts.home }
    /// The preview after cleaning, with the site name and locale filled in.
    public let preview: LinkPreview
    /// The app listing after cleaning.
    public var app: AppListing { siteParts.app }
    /// The site's Twitter handle.
    public var twitterHandle: String? { siteParts.twitterHandle }
    /// What the page takes from its site alone, checked and cleaned once and shared by every
    /// page of the site: one reference instead of a copy of each of its strings.
    let siteParts: SiteParts
    /// The links the page offers the app (button, banner argument, app tags), each one the
    /// app's receiver accepts.
    public let appLinks: OfferedAppLinks
    /// Every tag, in order: `description`, Open Graph, Twitter card, App Links, Smart App
    /// Banner. Made from the other properties each time it is read.
    public var tags: [MetaTag] {
        var list = TagList()
        list.tags.reserveCapacity(KnownTag.allCases.count)
        writeTags(into: &list)
        return list.tags
    }
    /// Every change the text rules made.
    public let adjustments: [TextAdjustment]

    /// Builds the metadata for a page from its canonical link, its preview and the site.
    ///
    /// `appLinks` are the links the page offers the app; by default none (no button, a banner
    /// without `app-argument`, no app URL tags). ``LinkPreviewService`` gives the links the
    /// app's receiver accepts.
    ///
    /// - Throws: ``LinkPreviewError`` for the first rule the inputs break.
    public init(
        canonicalURL: String, preview: LinkPreview, site: PreviewSite,
        source: PreviewSource = PreviewSource(.direct),
        limits: PreviewLimits = PreviewLimits(),
        appLinks: OfferedAppLinks = .none
    ) throws(LinkPreviewError) {
        let canonical = try Self.pageURL(canonicalURL)
        let home = try Self.pageURL(site.homeURL)
        let offered = try Self.checked(appLinks)
        if let error = site.app.validationError() { throw error }
        if let handle = site.twitterHandle, !PreviewSite.isTwitterHandle(handle) {
            throw .invalidTwitterHandle(handle)
        }
        try self.init(
            canonical: canonical, offered: offered, preview: preview, source: source, limits: limits,
            site: SiteParts(checked: site, home: home, limits: limits))
    }

    /// What a page takes from its site alone, checked and cleaned once: ``LinkPreviewService``
    /// keeps it, so that a page checks and cleans only what its link and its preview bring.
    /// A class: every page's metadata holds the one reference (a copy of the app listing alone
    /// retains, then releases, each of its strings).
    final class SiteParts: Sendable {
        /// The home page, canonical.
        let home: String
        /// The site's name, cleaned for a preview that names no site.
        let siteName: PreviewText.Cleaned
        /// The app's name, cleaned.
        let appName: PreviewText.Cleaned
        /// The app listing, its name cleaned (``appName``).
        let app: AppListing
        /// The site's Twitter handle, checked.
        let twitterHandle: String?
        /// The site's locale, for a preview that names none (checked with the preview's).
        let locale: String?

        /// Checks the site as the public initialiser does (the home page, the app listing, the
        /// Twitter handle) and cleans its names.
        convenience init(site: PreviewSite, limits: PreviewLimits) throws(LinkPreviewError) {
            let home = try PreviewMetadata.pageURL(site.homeURL)
            if let error = site.app.validationError() { throw error }
            if let handle = site.twitterHandle, !PreviewSite.isTwitterHandle(handle) {
                throw .invalidTwitterHandle(handle)
            }
            self.init(checked: site, home: home, limits: limits)
        }

        /// The parts of a site already checked, its home page `home` in its canonical spelling:
        /// only its names are cleaned.
        init(checked site: PreviewSite, home: String, limits: PreviewLimits) {
            self.home = home
            siteName = PreviewText.clean(
                site.name, field: .siteName, limit: PreviewField.siteName.limit(in: limits))
            appName = PreviewText.clean(
                site.app.name, field: .appName, limit: PreviewField.appName.limit(in: limits))
            var app = site.app
            app.name = appName.text
            self.app = app
            twitterHandle = site.twitterHandle
            locale = site.locale
        }
    }

    /// The public initialiser with the site's parts prepared: the same metadata, and the same
    /// first error, for a site whose parts were made without one.
    ///
    /// `linksChecked`: the canonical link and the offered links are already in the canonical
    /// spelling of a gate that admits nothing the page's gates refuse
    /// (``pageGatesAdmitAll(of:)``), so parsing them again would give them back unchanged.
    init(
        canonicalURL: String, preview: LinkPreview, parts: SiteParts, source: PreviewSource,
        limits: PreviewLimits, appLinks: OfferedAppLinks, linksChecked: Bool = false
    ) throws(LinkPreviewError) {
        let canonical = linksChecked ? canonicalURL : try Self.pageURL(canonicalURL)
        let offered = linksChecked ? appLinks : try Self.checked(appLinks, page: (canonicalURL, canonical))
        try self.init(
            canonical: canonical, offered: offered, preview: preview, source: source, limits: limits,
            site: parts)
    }

    /// The rest of the checks and the cleaning, once the links and the site are checked.
    private init(
        canonical: String, offered: OfferedAppLinks, preview: LinkPreview, source: PreviewSource,
        limits: PreviewLimits, site: SiteParts
    ) throws(LinkPreviewError) {
        var adjustments: [TextAdjustment] = []
        func clean(_ text: String, _ field: PreviewField) -> String {
            let cleaned = PreviewText.clean(text, field: field, limit: field.limit(in: limits))
            // Most texts are clean: nothing to append (appending an empty list still costs a call).
            if !cleaned.adjustments.isEmpty { adjustments += cleaned.adjustments }
            return cleaned.text
        }
        func cleanOptional(_ text: String?, _ field: PreviewField) -> String? {
            guard let text else { return nil }
            let cleaned = clean(text, field)
            return cleaned.isEmpty ? nil : cleaned
        }
        func kept(_ cleaned: PreviewText.Cleaned) -> String {
            if !cleaned.adjustments.isEmpty { adjustments += cleaned.adjustments }
            return cleaned.text
        }

        guard preview.type.isValid else { throw .invalidType(preview.type.rawValue) }
        let locale = preview.locale ?? site.locale
        if let locale, !PreviewSite.isLocale(locale) { throw .invalidLocale(locale) }

        let title = clean(preview.title, .title)
        guard !title.isEmpty else { throw .emptyText(.title) }
        let description = cleanOptional(preview.description, .description)
        let siteName =
            if let given = preview.siteName { clean(given, .siteName) } else { kept(site.siteName) }
        guard !siteName.isEmpty else { throw .emptyText(.siteName) }
        guard !kept(site.appName).isEmpty else { throw .emptyText(.appName) }

        var image: PreviewImage?
        if let given = preview.image {
            try Self.checkImage(given)
            image = PreviewImage(
                url: given.url, width: given.width, height: given.height,
                alt: cleanOptional(given.alt, .imageAlt))
        }

        let cleaned = LinkPreview(
            title: title, description: description, image: image, type: preview.type, siteName: siteName,
            locale: locale)
        self.source = source
        self.canonicalURL = canonical
        self.preview = cleaned
        self.siteParts = site
        self.appLinks = offered
        self.adjustments = adjustments
    }

    /// Builds the site's generic preview: the site's fallback preview at its home page.
    ///
    /// Nothing from a link is used: the canonical link is the home page. `appLinks` are the
    /// links the page offers the app (by default none).
    public static func generic(
        site: PreviewSite, source: PreviewSource, limits: PreviewLimits = PreviewLimits(),
        appLinks: OfferedAppLinks = .none
    ) throws(LinkPreviewError) -> PreviewMetadata {
        try PreviewMetadata(
            canonicalURL: site.homeURL, preview: site.fallback, site: site, source: source, limits: limits,
            appLinks: appLinks)
    }

    /// The Smart App Banner's content: `app-id=…, app-argument=…`, without `app-argument`
    /// when the page offers the app no link.
    ///
    /// The argument is the offered web link, else the offered custom-scheme link. The
    /// banner's content is a comma-separated list, so a comma in the link is written `%2C` in
    /// the argument: the same link to any URL parser, and it cannot end the value early.
    public var smartAppBannerContent: String {
        Self.bannerContent(
            appStoreID: app.appStoreID, argument: appLinks.webLink ?? appLinks.customSchemeLink)
    }

    /// The Twitter card type: `summary_large_image` when there is an image that is not known to
    /// be smaller than 300×157 pixels, `summary` otherwise.
    public var twitterCard: String { Self.card(for: preview.image) }

    /// The link the app opens from the Twitter and App Links tags: the offered custom-scheme
    /// link (what those specifications ask for), else the offered web link; `nil` when the
    /// page offers the app no link, and the tags are then left out.
    public var appURL: String? { appLinks.appURL }

    static let pageGate = LinkGate(
        policy: LinkPolicy(allowedSchemes: ["https", "http"], removedQueryItems: []))
    static let imageGate = LinkGate(policy: LinkPolicy(allowedSchemes: ["https"], removedQueryItems: []))

    /// Whether every link a gate with `policy` accepts, in its canonical spelling, passes the
    /// page's gates (``pageGate`` for web links, ``customSchemeGate(_:)`` for an allowed
    /// custom scheme) unchanged: the gates share one parser, so it is enough that the policy
    /// allows nothing theirs refuse (no IP literals, encoded separators or empty segments, no
    /// limit above the default). Its host list and removed items only refuse or remove more.
    static func pageGatesAdmitAll(of policy: LinkPolicy) -> Bool {
        let limits = policy.limits
        let page = LinkLimits()
        return !policy.allowsIPLiterals && !policy.allowsEncodedSeparators && !policy.allowsEmptySegments
            && limits.maxLength <= page.maxLength && limits.maxHostLength <= page.maxHostLength
            && limits.maxPathSegments <= page.maxPathSegments
            && limits.maxSegmentLength <= page.maxSegmentLength
            && limits.maxQueryItems <= page.maxQueryItems && limits.maxQueryLength <= page.maxQueryLength
            && limits.maxFragmentLength <= page.maxFragmentLength
    }

    static func pageURL(_ text: String) throws(LinkPreviewError) -> String {
        do {
            return try pageGate.parse(text).canonical
        } catch {
            throw .invalidPageURL(text, reason: error)
        }
    }

    /// The offered links in their canonical spelling: the web link an absolute `http(s)`
    /// link, the custom-scheme link one whose scheme is not a well-known one.
    ///
    /// `page` is a link already checked with the page gate and its canonical spelling: an
    /// offered web link with the same text (the page's own link, as a rule) is not parsed again.
    static func checked(
        _ links: OfferedAppLinks, page: (text: String, canonical: String)? = nil
    ) throws(LinkPreviewError) -> OfferedAppLinks {
        var web: String?
        if let link = links.webLink, let page, UTF8Text.sameBytes(link, page.text) {
            web = page.canonical
        } else if let link = links.webLink {
            do {
                web = try pageGate.parse(link).canonical
            } catch {
                throw .invalidAppLink(link, reason: error.description)
            }
        }
        var custom: String?
        if let link = links.customSchemeLink {
            let scheme = String(link.prefix { $0 != ":" }).lowercased()
            guard let gate = customSchemeGate(scheme) else {
                throw .invalidAppLink(link, reason: "its scheme must be the app's own custom scheme")
            }
            do {
                custom = try gate.parse(link).canonical
            } catch {
                throw .invalidAppLink(link, reason: error.description)
            }
        }
        return OfferedAppLinks(webLink: web, customSchemeLink: custom)
    }

    /// The gates for custom-scheme links, one per scheme, each compiled once: compiling a
    /// policy costs more than checking the link. A site has one custom scheme, so a handful
    /// are kept; past that a gate is compiled for each link.
    private static let customSchemeGates = Locked<[String: LinkGate]>([:])

    /// The gate for a custom scheme's links; `nil` when `scheme` is not a custom scheme's name.
    static func customSchemeGate(_ scheme: String) -> LinkGate? {
        if let gate = customSchemeGates.withLock({ $0[scheme] }) { return gate }
        guard (try? CustomScheme(scheme)) != nil else { return nil }
        let gate = LinkGate(policy: LinkPolicy(allowedSchemes: [scheme], removedQueryItems: []))
        customSchemeGates.withLock { gates in
            if gates.count < 16 { gates[scheme] = gate }
        }
        return gate
    }

    static func checkImage(_ image: PreviewImage) throws(LinkPreviewError) {
        do {
            _ = try imageGate.parse(image.url)
        } catch {
            let reason =
                error.rule == .schemeNotAllowed || error.rule == .invalidScheme
                ? "it must be an absolute https link" : error.description
            throw .invalidImageURL(image.url, reason: reason)
        }
        let sizes = 1...100_000
        if let width = image.width, !sizes.contains(width) {
            throw .invalidImageSize(width: image.width, height: image.height)
        }
        if let height = image.height, !sizes.contains(height) {
            throw .invalidImageSize(width: image.width, height: image.height)
        }
    }
}

extension PreviewMetadata {
    /// Equal when every public property is: the source, the links, the preview, the app
    /// listing, the Twitter handle and the adjustments.
    public static func == (lhs: PreviewMetadata, rhs: PreviewMetadata) -> Bool {
        lhs.source == rhs.source && lhs.canonicalURL == rhs.canonicalURL && lhs.preview == rhs.preview
            && lhs.appLinks == rhs.appLinks && lhs.adjustments == rhs.adjustments
            && (lhs.siteParts === rhs.siteParts
                || (lhs.homeURL == rhs.homeURL && lhs.app == rhs.app
                    && lhs.twitterHandle == rhs.twitterHandle))
    }

    /// Hashes the properties that equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(canonicalURL)
        hasher.combine(homeURL)
        hasher.combine(preview)
        hasher.combine(app)
        hasher.combine(twitterHandle)
        hasher.combine(appLinks)
        hasher.combine(adjustments)
    }
}

extension PreviewMetadata {
    /// Encodes each property under its name (the tags among them), leaving out one that is
    /// `nil`: the JSON the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(source, forKey: "source")
        try c.encode(canonicalURL, forKey: "canonicalURL")
        try c.encode(homeURL, forKey: "homeURL")
        try c.encode(preview, forKey: "preview")
        try c.encode(app, forKey: "app")
        try c.encodeIfPresent(twitterHandle, forKey: "twitterHandle")
        try c.encode(appLinks, forKey: "appLinks")
        try c.encode(tags, forKey: "tags")
        try c.encode(adjustments, forKey: "adjustments")
    }
}
