import DeepLinks

/// Why no preview could be built for a link: the link was refused, or the preview or the
/// site configuration broke a rule.
///
/// Each case carries what was wrong, and ``description`` is a sentence a person can act on.
/// Values quoted in the sentence are shortened to 80 characters, so that a hostile value
/// cannot flood a log.
///
/// ```swift
/// do {
///     _ = try await service.preview(for: "https://photos.example.com/albums/%zz")
/// } catch {
///     error.description
///     // "the link was refused: the link contains an invalid or truncated percent escape ('%zz') at offset 34"
/// }
/// ```
public enum LinkPreviewError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The gate refused the link text.
    case linkRefused(LinkError)
    /// The route table rejected the link: it matched no route's rules closely enough to be
    /// followed, or broke a parameter's rule (`reason` says which).
    case linkRejected(reason: String)
    /// The link is not an `http` or `https` link; only web links have previews.
    case notAWebLink(scheme: String)
    /// A canonical or home URL is not an absolute `http(s)` link the gate accepts.
    case invalidPageURL(String, reason: LinkError)
    /// The image URL is not an absolute `https` link the gate accepts.
    case invalidImageURL(String, reason: String)
    /// The image width or height is outside 1…100 000.
    case invalidImageSize(width: Int?, height: Int?)
    /// The `og:type` has characters other than `a`–`z`, `0`–`9`, `.`, `_`, `:`, `-`, or is
    /// empty or over 64 characters.
    case invalidType(String)
    /// The locale is not `ll`, `ll_TT`, `lll` or `lll_TT`.
    case invalidLocale(String)
    /// A required text field is empty after cleaning.
    case emptyText(PreviewField)
    /// The Twitter handle is not `@` followed by 1 to 15 letters, digits or underscores.
    case invalidTwitterHandle(String)
    /// A value of the app listing breaks its rule (see ``AppListing``).
    case invalidApp(field: String, value: String)
    /// A link offered to the app (``OfferedAppLinks``) is not an absolute `http(s)` link or a
    /// link of a custom scheme.
    case invalidAppLink(String, reason: String)
    /// A landing page template breaks a rule (``LandingPageTemplate``).
    case invalidTemplate(String)
    /// A preview override (``PreviewOverride``) changes nothing: it gives no title,
    /// description or image.
    case emptyOverride
    /// A provider was registered for a route name the table does not have.
    case unknownRoute(String)
    /// A provider is bound to a `RouteValue` type that does not fit its route (`reason`
    /// says how, as `TypedRoutesError` does).
    case providerTypeMismatch(route: String, reason: String)
    /// The provider for a route threw; `message` is the error's description.
    case providerFailed(route: String, message: String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .linkRefused(let error): "the link was refused: \(error.description)"
        case .linkRejected(let reason): "the route table rejected the link: \(reason)"
        case .notAWebLink(let scheme):
            "only http and https links have previews, and this link's scheme is \(Self.quote(scheme))"
        case .invalidPageURL(let url, let reason):
            "the page URL \(Self.quote(url)) is not an absolute http(s) link: \(reason.description)"
        case .invalidImageURL(let url, let reason):
            "the image URL \(Self.quote(url)) is not usable: \(reason)"
        case .invalidImageSize(let width, let height):
            "the image size \(width.map(String.init) ?? "?")×\(height.map(String.init) ?? "?") is outside 1…100000 pixels"
        case .invalidType(let type):
            "the preview type \(Self.quote(type)) must be 1 to 64 characters from a-z, 0-9, '.', '_', ':', '-'"
        case .invalidLocale(let locale):
            "the locale \(Self.quote(locale)) is not a language code with an optional territory, such as en_US"
        case .emptyText(let field): "the \(field) is empty"
        case .invalidTwitterHandle(let handle):
            "the Twitter handle \(Self.quote(handle)) must be '@' and 1 to 15 letters, digits or underscores"
        case .invalidApp(let field, let value):
            "the app listing's \(field) \(Self.quote(value)) is not valid: \(Self.appListingRule(of: field))"
        case .invalidAppLink(let link, let reason):
            "the app link \(Self.quote(link)) cannot be offered: \(Self.shorten(reason))"
        case .invalidTemplate(let reason): "the landing page template is invalid: \(reason)"
        case .emptyOverride: "a preview override must give a title, a description or an image"
        case .providerTypeMismatch(_, let reason):
            "a preview provider's type does not fit its route: \(reason)"
        case .unknownRoute(let name):
            "a preview provider is registered for \(Self.quote(name)), which is not a route"
        case .providerFailed(let route, let message):
            "the preview provider for route \(Self.quote(route)) failed: \(Self.shorten(message))"
        }
    }

    /// A value in quotes, shortened to 80 characters.
    static func quote(_ value: String) -> String {
        "'" + shorten(value) + "'"
    }

    /// The rule a field of an app listing (``AppListing``) breaks, as ``invalidApp(field:value:)``
    /// states it.
    static func appListingRule(of field: String) -> String {
        switch field {
        case "appStoreID", "iPadAppStoreID": "an App Store ID is 1 to 15 digits, the first not 0"
        case "googlePlayPackage":
            "a Google Play package is two or more names joined by '.', each a letter followed by "
                + "letters, digits or '_', 255 characters at most"
        default: "see the listing's rules"
        }
    }

    static func shorten(_ value: String) -> String {
        value.unicodeScalars.count <= 80
            ? value : String(String.UnicodeScalarView(value.unicodeScalars.prefix(79))) + "…"
    }
}

extension LinkPreviewError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .linkRefused(let value):
            var values = EnumCaseEncoder(encoder, "linkRefused")
            try values("_0", value)
        case .linkRejected(let reason):
            var values = EnumCaseEncoder(encoder, "linkRejected")
            try values("reason", reason)
        case .notAWebLink(let scheme):
            var values = EnumCaseEncoder(encoder, "notAWebLink")
            try values("scheme", scheme)
        case .invalidPageURL(let value0, let reason):
            var values = EnumCaseEncoder(encoder, "invalidPageURL")
            try values("_0", value0)
            try values("reason", reason)
        case .invalidImageURL(let value0, let reason):
            var values = EnumCaseEncoder(encoder, "invalidImageURL")
            try values("_0", value0)
            try values("reason", reason)
        case .invalidImageSize(let width, let height):
            var values = EnumCaseEncoder(encoder, "invalidImageSize")
            try values("width", ifPresent: width)
            try values("height", ifPresent: height)
        case .invalidType(let value):
            var values = EnumCaseEncoder(encoder, "invalidType")
            try values("_0", value)
        case .invalidLocale(let value):
            var values = EnumCaseEncoder(encoder, "invalidLocale")
            try values("_0", value)
        case .emptyText(let value):
            var values = EnumCaseEncoder(encoder, "emptyText")
            try values("_0", value)
        case .invalidTwitterHandle(let value):
            var values = EnumCaseEncoder(encoder, "invalidTwitterHandle")
            try values("_0", value)
        case .invalidApp(let field, let value):
            var values = EnumCaseEncoder(encoder, "invalidApp")
            try values("field", field)
            try values("value", value)
        case .invalidAppLink(let value0, let reason):
            var values = EnumCaseEncoder(encoder, "invalidAppLink")
            try values("_0", value0)
            try values("reason", reason)
        case .invalidTemplate(let value):
            var values = EnumCaseEncoder(encoder, "invalidTemplate")
            try values("_0", value)
        case .emptyOverride: _ = EnumCaseEncoder(encoder, "emptyOverride")
        case .unknownRoute(let value):
            var values = EnumCaseEncoder(encoder, "unknownRoute")
            try values("_0", value)
        case .providerTypeMismatch(let route, let reason):
            var values = EnumCaseEncoder(encoder, "providerTypeMismatch")
            try values("route", route)
            try values("reason", reason)
        case .providerFailed(let route, let message):
            var values = EnumCaseEncoder(encoder, "providerFailed")
            try values("route", route)
            try values("message", message)
        }
    }
}
