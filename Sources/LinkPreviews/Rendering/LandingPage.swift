import DeepLinks

/// A complete, minimal HTML5 page for a link when the app is not installed: the content's
/// summary, a button that opens the app, and the store buttons.
///
/// The page is what the browser shows when a universal link falls back to the web. It needs
/// no JavaScript and loads nothing but the preview image: the style is inline, and the page
/// carries a Content Security Policy (``contentSecurityPolicy``) that forbids scripts,
/// frames, forms and every other source. Its `<head>` holds the ``HeadFragment``, so the
/// page is also what crawlers read.
///
/// The "Open in the app" button carries the custom-scheme link the app accepts
/// (``OfferedAppLinks/customSchemeLink``): a tap on a link to the page's own domain would
/// stay in Safari. Without one the page points to the Smart App Banner instead. The words
/// and the style come from a ``LandingPageTemplate``; the page's language is its preview's
/// locale.
///
/// ```swift
/// let html = LandingPage(metadata).html
/// let german = LandingPage(metadata, template: try LandingPageTemplate(strings: ["de": .german]))
/// ```
public struct LandingPage: Sendable, Hashable {
    /// The metadata the page is rendered from.
    public let metadata: PreviewMetadata
    /// The words and style of the page.
    public let template: LandingPageTemplate
    /// The short link the page was reached by, for a visitor who installs the app first.
    public let deferred: DeferredLink?

    /// Creates the page for a preview's metadata, reached by a short link when `deferred` is
    /// given.
    public init(
        _ metadata: PreviewMetadata, template: LandingPageTemplate = .standard, deferred: DeferredLink? = nil
    ) {
        self.metadata = metadata
        self.template = template
        self.deferred = deferred
    }

    /// A short link that survives the app's installation, without fingerprinting: the Google
    /// Play button carries its code in Play's `referrer` parameter (the app reads it with the
    /// Install Referrer API), and the page shows the short link, selected whole in one tap, with
    /// a line asking the visitor to copy it before getting the app (the app then asks to paste
    /// it through the system's paste control). Nothing is read from the visitor's device.
    public struct DeferredLink: Sendable, Hashable {
        /// The short link, `https://…/s/<code>`.
        public var shortLink: String
        /// The value of Play's `referrer` parameter, such as `deeplinks_code=spring-sale`
        /// (written percent-encoded into the button's link).
        public var playReferrer: String

        /// Creates the deferred link of a page.
        public init(shortLink: String, playReferrer: String) {
            self.shortLink = shortLink
            self.playReferrer = playReferrer
        }
    }

    /// The policy the page declares in a `<meta http-equiv>` tag. A server should also send
    /// it as a `Content-Security-Policy` header, with `frame-ancestors 'none'` added (a
    /// directive that only works as a header).
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// The page as HTML.
    public var html: String { String(decoding: bytes, as: UTF8.self) }

    /// The page as UTF-8 bytes, written into one buffer.
    public var bytes: [UInt8] {
        Self.rendered(metadata, template: template, deferred: deferred).bytes
    }

    /// ``bytes`` of the page for `metadata` and the page's entity tag, worked out as it is
    /// written (``HTMLWriter/entityTag()``), without making the page's value (which copies the
    /// metadata and the template, then destroys them).
    static func rendered(
        _ metadata: PreviewMetadata, template: LandingPageTemplate, deferred: DeferredLink?
    ) -> (bytes: [UInt8], entityTag: UInt64) {
        let page = HTMLWriter.bytes(capacity: estimatedLength(metadata, template: template)) {
            (out: inout HTMLWriter) -> UInt64 in
            write(metadata, template: template, deferred: deferred, into: &out)
            return out.entityTag()
        }
        return (page.bytes, page.result)
    }

    /// A page's length as first guessed, for the array it is written into: the fixed markup and
    /// the style sheet, and each value the page shows once or twice (a guess: a longer page is
    /// counted and written again into an array of its exact length).
    private static func estimatedLength(_ metadata: PreviewMetadata, template: LandingPageTemplate) -> Int {
        let preview = metadata.preview
        let values =
            2 * preview.title.utf8.count + 2 * (preview.description?.utf8.count ?? 0)
            + 2 * (preview.image?.url.utf8.count ?? 0) + 3 * metadata.canonicalURL.utf8.count
            + 6 * (metadata.appLinks.appURL?.utf8.count ?? 0)
        return 4096 + template.style.utf8.count + values
    }

    private static func write(
        _ metadata: PreviewMetadata, template: LandingPageTemplate, deferred: DeferredLink?,
        into out: inout HTMLWriter
    ) {
        // One function: the page is written in document order into one buffer, so that it reads as
        // the HTML it makes; what depends only on the site, the app and the language comes
        // ready-made from the template's kept site parts.
        let preview = metadata.preview
        let siteName = preview.siteName ?? ""
        let parts = template.siteParts.parts(
            locale: preview.locale, siteName: siteName, site: metadata.siteParts, template: template)
        out.raw(parts.opening)
        out.text(preview.title)
        if preview.title != siteName && !siteName.isEmpty { out.raw(parts.titleSuffix) }
        out.raw(Self.canonicalOpening)
        out.attribute(metadata.canonicalURL)
        // Each tag's markup up to its content comes prepared, and the runs of tags whose contents
        // are the app's alone come whole from the site parts. The tag writer holds the page's
        // writer while it writes (moved in and back out: a writer cannot be copied).
        var tags = PageTagWriter(out: out, parts: parts)
        metadata.writeTags(into: &tags)
        out = tags.out
        out.raw(template.styleElement)

        if let image = preview.image {
            out.raw("<figure class=\"art\"><img src=\"")
            out.attribute(image.url)
            out.raw("\" alt=\"")
            out.attribute(image.alt ?? "")
            out.raw("\"")
            if let width = image.width, let height = image.height {
                out.raw(" width=\"")
                out.decimal(width)
                out.raw("\" height=\"")
                out.decimal(height)
                out.raw("\"")
            }
            out.raw("></figure>\n")
        } else {
            out.raw(parts.blankArt)
        }
        out.raw(parts.siteLine)
        out.text(preview.title)
        out.raw("</h1>\n")
        if let description = preview.description {
            out.raw("<p class=\"summary\">")
            out.text(description)
            out.raw("</p>\n")
        }
        out.raw("<div class=\"actions\">\n")
        let openLink = metadata.appLinks.customSchemeLink
        if let open = openLink {
            out.raw("<a class=\"button primary\" href=\"")
            out.attribute(open)
            out.raw(parts.openButtonEnd)
        }
        guard let deferred else {
            out.raw(parts.stores)
            out.raw(openLink == nil ? parts.endWithoutButton : parts.endWithButton)
            return
        }
        let strings = template.strings(for: preview.locale)
        Self.writeStores(app: metadata.app, strings: strings, deferred: deferred, into: &out)
        out.raw("<p class=\"hint deferred\">")
        Self.text(strings.copyThenGetApp, app: metadata.app.name, into: &out)
        out.raw("<br><code style=\"user-select:all;-webkit-user-select:all\">")
        out.text(deferred.shortLink)
        out.raw("</code></p>\n")
        out.raw(openLink == nil ? parts.endWithoutButton : parts.endWithButton)
    }

    /// A query value percent-encoded: every byte but unreserved ASCII letters, digits and
    /// `-._~` is written `%XX`.
    static func queryValue(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// The `<meta http-equiv>` tag, written once.
    static let policyTag =
        "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLEscaping.attribute(contentSecurityPolicy))\">\n"

    /// The page's fixed markup up to `<title>`, written once: after the language, or for a
    /// page without one.
    private static let head =
        "<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" + policyTag + "<title>"
    static let openingWithLanguage = PreparedMarkup("<!DOCTYPE html>\n<html lang=\"")
    static let headAfterLanguage = PreparedMarkup("\">\n" + head)
    static let openingWithoutLanguage = PreparedMarkup("<!DOCTYPE html>\n<html>\n" + head)

    /// The end of the last `<meta>` tag (or of the canonical link), a style sheet's element,
    /// and the fixed markup that follows it up to the page's card, written once per template.
    static func styleElement(_ style: String) -> PreparedMarkup {
        PreparedMarkup("\">\n<style>\n" + style + "</style>\n</head>\n<body>\n<main class=\"card\">\n")
    }

    /// The end of the title and the canonical link's markup up to its address.
    private static let canonicalOpening = PreparedMarkup("</title>\n<link rel=\"canonical\" href=\"")

    /// For each tag ``PreviewMetadata`` writes, by ``KnownTag``'s raw value, the end of the
    /// element before it and its own markup up to its content
    /// (`">\n<meta property="og:title" content="`), written once.
    static let tagOpenings: [PreparedMarkup] = KnownTag.allCases.map { tag in
        PreparedMarkup(
            "\">\n<meta \(tag.attribute.rawValue)=\"\(HTMLEscaping.attribute(tag.key))\" content=\"")
    }

    /// Writes a tag as a page does: its prepared markup (which ends the element before it) and
    /// its content escaped for an attribute.
    static func write(_ tag: KnownTag, _ content: String, into out: inout HTMLWriter) {
        out.raw(tagOpenings[tag.rawValue])
        out.attribute(content)
    }

    /// Writes a page's tags: each tag's prepared markup and its content escaped, the app's runs
    /// and the banner's start from the site parts.
    struct PageTagWriter: MetaTagWriter, ~Copyable {
        var out: HTMLWriter
        let parts: SiteParts

        mutating func tag(_ tag: KnownTag, _ content: String) {
            LandingPage.write(tag, content, into: &out)
        }

        mutating func tag(_ tag: KnownTag, number: Int) {
            out.raw(LandingPage.tagOpenings[tag.rawValue])
            out.decimal(number)
        }

        /// The parts were made for the page's own app listing (``SiteParts/Source/app``).
        mutating func appTags(_ run: AppTagRun, of app: AppListing) {
            out.raw(parts.appTags[run.rawValue])
        }

        mutating func banner(appStoreID: String, argument: String?) {
            guard let argument else {
                out.raw(parts.bannerWithoutArgument)
                return
            }
            out.raw(parts.bannerArgumentOpening)
            out.attribute(PreviewMetadata.bannerArgument(argument))
        }
    }

    /// A template string as escaped text, `{app}` replaced by the app's name.
    static func text(_ string: String, app: String, into out: inout HTMLWriter) {
        // Most template strings are ASCII: the placeholder is found by its bytes, which for
        // ASCII text is exactly what the search below finds, without Foundation.
        if string.utf8.allSatisfy({ $0 < 0x80 }) {
            asciiText(string, app: app, into: &out)
            return
        }
        var rest = Substring(string)
        while let range = rest.range(of: "{app}") {
            out.text(rest[..<range.lowerBound])
            out.text(app)
            rest = rest[range.upperBound...]
        }
        out.text(rest)
    }
}

extension LandingPage {
    /// ``text(_:app:into:)`` for an ASCII template string.
    private static func asciiText(_ string: String, app: String, into out: inout HTMLWriter) {
        let placeholder = "{app}".utf8
        let utf8 = string.utf8
        var start = utf8.startIndex
        var index = start
        while let brace = utf8[index...].firstIndex(of: UInt8(ascii: "{")) {
            if utf8[brace...].starts(with: placeholder) {
                out.text(string[start..<brace])
                out.text(app)
                index = utf8.index(brace, offsetBy: placeholder.count)
                start = index
            } else {
                index = utf8.index(after: brace)
            }
        }
        out.text(string[start...])
    }
}

extension String {
    /// `en_US` → `en-US`: an Open Graph locale as a BCP 47 language tag.
    func replacingUnderscores() -> String {
        guard utf8.contains(UInt8(ascii: "_")) else { return self }
        // In ASCII text each character is one byte (a CR LF pair holds no `_`).
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(map { $0 == "_" ? "-" : $0 })
    }
}
