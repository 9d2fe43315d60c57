import DeepLinks

/// Why a short link cannot be made, found, or followed.
///
/// ```swift
/// ShortLinkError.unknownCode(try ShortCode("nope")).description
/// // "no short link has the code 'nope'"
/// ```
public enum ShortLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The route's path prefix is not usable.
    case invalidPrefix(String, reason: String)
    /// The short-link service is configured wrongly: the table lacks its route, or a host or
    /// limit is unusable.
    case invalidConfiguration(String)
    /// A vanity code is not a short code.
    case invalidCode(String, reason: ShortCodeError)
    /// The gate refuses the long link.
    case linkRejected(String, reason: LinkRejection)
    /// The table does not route the long link to a screen of the app, so the short link would
    /// lead to the browser at best.
    case linkNotRouted(String, reason: RoutingFailure)
    /// The long link leads to a destructive route: a short link never changes or deletes data.
    case destructiveRoute(String)
    /// The long link leads to the short-link route itself.
    case linkIsShortLink(String)
    /// The long link is not an `https` link on a host the site serves.
    case hostNotServed(String)
    /// The vanity code is taken by another short link.
    case codeTaken(ShortCode)
    /// The short link's own URL would be routed by another route of the table.
    case codeShadowsRoute(ShortCode, route: String)
    /// A field of the request is invalid (a fallback that is not an https URL, an expiry in
    /// the past, an app version that is not numbers and dots).
    case invalidField(String, reason: String)
    /// No short link has this code.
    case unknownCode(ShortCode)
    /// The short link expired, at this many seconds since 1970 when known (the app learns only
    /// that it did).
    case expired(ShortCode, at: Int64?)
    /// The store failed; the message is the store's.
    case storeFailed(String)
    /// The app could not fetch the expansion (offline, a timeout); the message is the
    /// transport's.
    case transportFailed(String)
    /// The site answered the expansion request with an unexpected status.
    case unexpectedStatus(Int)
    /// The site's expansion is not one the app can use.
    case invalidExpansion(String)
    /// The short link needs a newer version of the app.
    case appTooOld(required: String, running: String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .invalidPrefix(let prefix, let reason):
            "the short-link prefix \(prefix.debugDescription) is not usable: \(reason)"
        case .invalidConfiguration(let reason): "the short-link configuration is invalid: \(reason)"
        case .invalidCode(let code, let reason): "\(code.debugDescription) is not a short code: \(reason)"
        case .linkRejected(let link, let reason): "the link \(link.debugDescription) is refused: \(reason)"
        case .linkNotRouted(let link, let reason):
            "the app's table does not route the link \(link.debugDescription): \(reason)"
        case .destructiveRoute(let route):
            "the link leads to the destructive route '\(route)': a short link never changes or deletes data"
        case .linkIsShortLink(let link): "the link \(link.debugDescription) is itself a short link"
        case .hostNotServed(let link):
            "the link \(link.debugDescription) is not an https link on a host the site serves"
        case .codeTaken(let code): "the code '\(code)' is taken by another short link"
        case .codeShadowsRoute(let code, let route):
            "the code '\(code)' would make a short link that route '\(route)' also matches"
        case .invalidField(let field, let reason): "the field '\(field)' is invalid: \(reason)"
        case .unknownCode(let code): "no short link has the code '\(code)'"
        case .expired(let code, let seconds?):
            "the short link '\(code)' expired (at \(seconds) seconds since 1970)"
        case .expired(let code, nil): "the short link '\(code)' expired"
        case .storeFailed(let message): "the short-link store failed: \(message)"
        case .transportFailed(let message): "the short link's expansion could not be fetched: \(message)"
        case .unexpectedStatus(let status):
            "the site answered the short link's expansion with status \(status)"
        case .invalidExpansion(let reason): "the site's expansion of the short link is not usable: \(reason)"
        case .appTooOld(let required, let running):
            "the short link needs version \(required) of the app, this is \(running)"
        }
    }
}
