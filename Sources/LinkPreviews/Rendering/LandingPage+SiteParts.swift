extension LandingPage {
    /// The markup of a page that depends only on its site, its app, its language and the
    /// template's words, escaped once and kept by the template (``LandingPageTemplate``): the
    /// opening up to `<title>`, the site's name in the title and the card, the text of the
    /// "Open in the app" button, the store buttons, the hint and the footer.
    ///
    /// Every page of one site in one language writes these bytes the same, so the template
    /// keeps the parts of the last site and language it wrote and a page uses them when its own
    /// are the same (compared field by field, not by hash); another site or language writes
    /// them again and keeps those instead. A page reached by a short link writes its store
    /// buttons itself (Google Play's carries the link's referrer).
    final class SiteParts: Sendable {
        /// What the parts are made from.
        struct Source: Sendable {
            let locale: String?
            let siteName: String
            /// The metadata's site parts, which hold the app listing and the home page: a page
            /// whose metadata holds the same parts has the same app and home page, unread.
            let site: PreviewMetadata.SiteParts
        }

        let source: Source
        /// From `<!DOCTYPE html>` to `<title>`.
        let opening: PreparedMarkup
        /// ` – ` and the site's name, after a title that is not the site's name.
        let titleSuffix: PreparedMarkup
        /// The blank picture of a preview without an image: the site's first letter.
        let blankArt: PreparedMarkup
        /// From the card's content to `<h1>`, the site's name between.
        let siteLine: PreparedMarkup
        /// After the "Open in the app" button's link: the end of its attribute, its text and `</a>`.
        let openButtonEnd: PreparedMarkup
        /// The store buttons of a page reached directly.
        let stores: PreparedMarkup
        /// The hint and the rest of the page, for a page with the "Open in the app" button.
        let endWithButton: PreparedMarkup
        /// The same, for a page without it.
        let endWithoutButton: PreparedMarkup
        /// Each run of the app's tags (``AppTagRun``, by raw value), as the page's tags are
        /// written: each tag's markup up to its content, and its content escaped.
        let appTags: [PreparedMarkup]
        /// The Smart App Banner's tag up to its content's end, for a page that offers no link.
        let bannerWithoutArgument: PreparedMarkup
        /// The same up to the argument, `, app-argument=` included.
        let bannerArgumentOpening: PreparedMarkup

        init(_ source: Source, strings: LandingPageStrings) {
            self.source = source
            let siteName = source.siteName
            let app = source.site.app
            func written(_ write: (inout HTMLWriter) -> Void) -> PreparedMarkup {
                PreparedMarkup(HTMLWriter.bytes(capacity: 256, write))
            }
            opening = written { out in
                if let locale = source.locale {
                    out.raw(LandingPage.openingWithLanguage)
                    out.attribute(locale.replacingUnderscores())
                    out.raw(LandingPage.headAfterLanguage)
                } else {
                    out.raw(LandingPage.openingWithoutLanguage)
                }
            }
            titleSuffix = written { out in
                out.raw(" – ")
                out.text(siteName)
            }
            blankArt = written { out in
                out.raw("<div class=\"art blank\" aria-hidden=\"true\">")
                out.text(siteName.first.map { String($0) } ?? "")
                out.raw("</div>\n")
            }
            siteLine = written { out in
                out.raw("<div class=\"content\">\n<p class=\"site\">")
                out.text(siteName)
                out.raw("</p>\n<h1>")
            }
            openButtonEnd = written { out in
                out.raw("\">")
                LandingPage.text(strings.openInApp, app: app.name, into: &out)
                out.raw("</a>\n")
            }
            stores = written { out in
                LandingPage.writeStores(app: app, strings: strings, deferred: nil, into: &out)
            }
            func end(hint: String) -> PreparedMarkup {
                written { out in
                    out.raw("<p class=\"hint\">")
                    LandingPage.text(hint, app: app.name, into: &out)
                    out.raw("</p>\n</div>\n</main>\n<footer><a href=\"")
                    out.attribute(source.site.home)
                    out.raw("\">")
                    out.text(siteName)
                    out.raw("</a></footer>\n</body>\n</html>\n")
                }
            }
            endWithButton = end(hint: strings.hintWithButton)
            endWithoutButton = end(hint: strings.hintWithoutButton)
            appTags = AppTagRun.allCases.map { run in
                written { out in
                    run.forEachTag(of: app) { LandingPage.write($0, $1, into: &out) }
                }
            }
            // The content as the list writes it (`PreviewMetadata.bannerContent`), without an
            // argument and with an empty one: escaping replaces bytes one by one, so the page's
            // argument escaped after the second is the whole content escaped.
            bannerWithoutArgument = written {
                LandingPage.write(
                    .appleITunesApp, PreviewMetadata.bannerContent(appStoreID: app.appStoreID, argument: nil),
                    into: &$0)
            }
            bannerArgumentOpening = written {
                LandingPage.write(
                    .appleITunesApp, PreviewMetadata.bannerContent(appStoreID: app.appStoreID, argument: ""),
                    into: &$0)
            }
        }
    }

    /// The store buttons: the App Store's, and Google Play's when the app has a package there
    /// (carrying the short link's referrer on a page reached by one).
    static func writeStores(
        app: AppListing, strings: LandingPageStrings, deferred: DeferredLink?, into out: inout HTMLWriter
    ) {
        out.raw("<div class=\"stores\">\n<a class=\"button store\" href=\"")
        out.attribute(app.appStoreURL)
        out.raw("\"><small>")
        out.text(strings.appStoreCaption)
        out.raw("</small>")
        out.text(strings.appStore)
        out.raw("</a>\n")
        if let play = app.googlePlayURL {
            out.raw("<a class=\"button store\" href=\"")
            out.attribute(deferred.map { play + "&referrer=" + Self.queryValue($0.playReferrer) } ?? play)
            out.raw("\"><small>")
            out.text(strings.googlePlayCaption)
            out.raw("</small>")
            out.text(strings.googlePlay)
            out.raw("</a>\n")
        }
        out.raw("</div>\n</div>\n")
    }
}

/// The site parts a template keeps: those of the last site and language it wrote a page for.
///
/// Not part of the template's value: two templates with the same words and style are equal
/// and hash alike whatever either has kept.
struct KeptSiteParts: Sendable, Hashable {
    private let kept = Locked<LandingPage.SiteParts?>(nil)

    /// The parts for a page of `locale`, `siteName` and the app and home page of `site`: the
    /// kept ones when they were made from the same values, else new ones (with `template`'s
    /// words for the locale), which are kept instead.
    ///
    /// The kept parts' source is compared field by field with the page's values (the app and
    /// the home page only when they come from other site parts than the kept ones'): a
    /// `Source` is made only when the parts are made (making one for each page copied, then
    /// destroyed, every string of the app listing).
    func parts(
        locale: String?, siteName: String, site: PreviewMetadata.SiteParts, template: LandingPageTemplate
    ) -> LandingPage.SiteParts {
        if let parts = kept.withLock({ $0 }), parts.source.locale == locale,
            parts.source.siteName == siteName,
            parts.source.site === site
                || (parts.source.site.home == site.home && parts.source.site.app == site.app)
        {
            return parts
        }
        let parts = LandingPage.SiteParts(
            .init(locale: locale, siteName: siteName, site: site),
            strings: template.strings(for: locale))
        kept.withLock { $0 = parts }
        return parts
    }

    static func == (lhs: KeptSiteParts, rhs: KeptSiteParts) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
