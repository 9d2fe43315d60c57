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
/// The "Open in the app" button uses the app's custom scheme (``AppListing/customScheme``):
/// a tap on a link to the page's own domain would stay in Safari. Without a scheme the page
/// points to the Smart App Banner instead.
///
/// ```swift
/// let html = LandingPage(metadata).html
/// ```
public struct LandingPage: Sendable, Hashable {
    /// The metadata the page is rendered from.
    public let metadata: PreviewMetadata

    /// Creates the page for a preview's metadata.
    public init(_ metadata: PreviewMetadata) {
        self.metadata = metadata
    }

    /// The policy the page declares in a `<meta http-equiv>` tag. A server should also send
    /// it as a `Content-Security-Policy` header, with `frame-ancestors 'none'` added (a
    /// directive that only works as a header).
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// The page as HTML.
    public var html: String {
        let preview = metadata.preview
        let siteName = preview.siteName ?? ""
        let app = metadata.app
        var out = "<!DOCTYPE html>\n"
        if let locale = preview.locale {
            out += "<html lang=\"\(HTMLEscaping.attribute(locale.replacingUnderscores()))\">\n"
        } else {
            out += "<html>\n"
        }
        out += "<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLEscaping.attribute(Self.contentSecurityPolicy))\">\n"
        let title =
            preview.title == siteName || siteName.isEmpty ? preview.title : "\(preview.title) – \(siteName)"
        out += "<title>\(HTMLEscaping.text(title))</title>\n"
        out += HeadFragment(metadata).html
        out += "<style>\n\(Self.style)</style>\n</head>\n<body>\n<main class=\"card\">\n"

        if let image = preview.image {
            out += "<figure class=\"art\"><img src=\"\(HTMLEscaping.attribute(image.url))\""
            out += " alt=\"\(HTMLEscaping.attribute(image.alt ?? ""))\""
            if let width = image.width, let height = image.height {
                out += " width=\"\(width)\" height=\"\(height)\""
            }
            out += "></figure>\n"
        } else {
            let initial = siteName.first.map { String($0) } ?? ""
            out += "<div class=\"art blank\" aria-hidden=\"true\">\(HTMLEscaping.text(initial))</div>\n"
        }

        out += "<div class=\"content\">\n"
        out += "<p class=\"site\">\(HTMLEscaping.text(siteName))</p>\n"
        out += "<h1>\(HTMLEscaping.text(preview.title))</h1>\n"
        if let description = preview.description {
            out += "<p class=\"summary\">\(HTMLEscaping.text(description))</p>\n"
        }
        out += "<div class=\"actions\">\n"
        let openLink = app.customSchemeLink(for: metadata.canonicalURL)
        if let open = openLink {
            out += "<a class=\"button primary\" href=\"\(HTMLEscaping.attribute(open))\">"
            out += "Open in \(HTMLEscaping.text(app.name))</a>\n"
        }
        out += "<div class=\"stores\">\n"
        out += "<a class=\"button store\" href=\"\(HTMLEscaping.attribute(app.appStoreURL))\">"
        out += "<small>Download on the</small>App Store</a>\n"
        if let play = app.googlePlayURL {
            out += "<a class=\"button store\" href=\"\(HTMLEscaping.attribute(play))\">"
            out += "<small>Get it on</small>Google Play</a>\n"
        }
        out += "</div>\n</div>\n"
        if openLink == nil {
            out += "<p class=\"hint\">Already have \(HTMLEscaping.text(app.name))? "
            out += "Tap Open in the banner at the top of Safari.</p>\n"
        } else {
            out +=
                "<p class=\"hint\">New to \(HTMLEscaping.text(app.name))? Get the app, then open this link again.</p>\n"
        }
        out += "</div>\n</main>\n"
        out +=
            "<footer><a href=\"\(HTMLEscaping.attribute(metadata.homeURL))\">\(HTMLEscaping.text(siteName))</a></footer>\n"
        out += "</body>\n</html>\n"
        return out
    }
}

extension String {
    /// `en_US` → `en-US`: an Open Graph locale as a BCP 47 language tag.
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
