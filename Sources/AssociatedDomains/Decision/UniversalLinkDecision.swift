import DeepLinks

/// The answer to "does tapping this link open this app?", with every reason.
///
/// A device opens the app only when all of these hold (see “When a tap opens the app” in the documentation): the link is http or https;
/// an `applinks:` entry of the app's entitlement covers the host; that domain's association
/// file was fetched and names the app; the first rule that matches is not an exclusion. Even
/// then the link stays in Safari when it was tapped on a page of the same host (links must
/// cross domains since iOS 9.3), typed in the address bar, loaded by a web view, opened by the
/// app itself, or when the user earlier chose Safari for that host.
///
/// The decision is a value: every reason that applies is listed, so a support tool can say
/// all that is wrong at once instead of the first thing.
///
/// ```swift
/// let decision = UniversalLinkDecision(
///     url: "https://example.com/buy/42", appID: "ABCDE12345.com.example.app",
///     entitlement: try AssociatedDomainsEntitlement(["applinks:example.com"]),
///     associationFiles: ["example.com": compiled],
///     context: TapContext(origin: .webPage(host: "example.com")))
/// decision.opensApp      // false
/// decision.reasons       // [.matched(...), .sameHostTap(host: "example.com")]
/// ```
public struct UniversalLinkDecision: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// One reason behind the decision.
    public enum Reason: Sendable, Hashable, Encodable {
        /// The URL has no scheme and cannot be a link at all.
        case unreadableURL
        /// Not http or https: custom schemes ask the user first and fail without an app.
        case notWebLink(scheme: String)
        /// An http(s) URL without a host.
        case missingHost
        /// No `applinks:` entry in effect covers the host.
        case hostNotInEntitlement(host: String)
        /// The entitlement entry that covers the host (an explanatory reason).
        case coveredByEntry(AssociatedDomain)
        /// The association file for this domain was not fetched (missing, redirected, invalid).
        case associationFileMissing(domain: String)
        /// The association file has no `applinks` entry for the app.
        case appNotInAssociationFile(domain: String)
        /// Entries name the app, but no rule matched the URL.
        case noRuleMatched(domain: String)
        /// An exclusion matched first.
        case excluded(RuleReference)
        /// A rule matched (an explanatory reason).
        case matched(RuleReference)
        /// The link was tapped on a page of the same host.
        case sameHostTap(host: String)
        /// The URL was typed into the address bar.
        case typedInAddressBar
        /// The user earlier chose to open this host in Safari.
        case userChoseSafari(host: String)
        /// A web view loaded the URL directly.
        case loadedInWebView
        /// The app opened its own universal link.
        case openedByItself

        /// Whether the reason keeps the link out of the app.
        public var keepsLinkInBrowser: Bool {
            switch self {
            case .coveredByEntry, .matched: false
            default: true
            }
        }

        /// A sentence for the reason.
        public var sentence: String {
            switch self {
            case .unreadableURL: "the text has no scheme, so it is not a link"
            case .notWebLink(let scheme):
                "'\(scheme):' is not http or https: custom schemes are not universal links; the system asks the user "
                    + "before opening them and they fail when no app is installed"
            case .missingHost: "the link has no host"
            case .hostNotInEntitlement(let host): "no applinks entry of the app's entitlement covers \(host)"
            case .coveredByEntry(let entry): "the entitlement entry '\(entry)' covers the host"
            case .associationFileMissing(let domain):
                "the association file of \(domain) was not fetched, so the association is not confirmed"
            case .appNotInAssociationFile(let domain):
                "the association file of \(domain) does not name the app"
            case .noRuleMatched(let domain): "no rule of \(domain)'s association file matches the link"
            case .excluded(let rule):
                "the exclusion \(rule.jsonPath) matches first, so the link stays in the browser"
            case .matched(let rule): "the rule \(rule.jsonPath) matches the link"
            case .sameHostTap(let host):
                "the link was tapped on a page of \(host) itself; universal links must cross domains (since iOS 9.3)"
            case .typedInAddressBar: "a link typed into the address bar always opens in Safari"
            case .userChoseSafari(let host):
                "the user chose to open \(host) in Safari; the Smart App Banner's Open button undoes that"
            case .loadedInWebView: "a link loaded directly by a web view stays in it"
            case .openedByItself: "an app opening its own universal link with openURL stays in the browser"
            }
        }
    }

    /// Whether tapping the link opens the app.
    public let opensApp: Bool
    /// Every reason: the blocking ones, and the explanatory ones (entry, matched rule).
    public let reasons: [Reason]
    /// What the association file said, when it was consulted.
    public let match: AssociationMatch?

    /// Decides for a URL split leniently.
    ///
    /// - Parameters:
    ///   - url: The link.
    ///   - appID: The app's App ID (`TEAMID.bundle.id`).
    ///   - entitlement: The app's Associated Domains entitlement.
    ///   - associationFiles: The compiled files the device holds, by the domain they were fetched
    ///     from (for a wildcard entry, the domain without `*.`).
    ///   - context: Where the link was opened and what the device remembers.
    public init(
        url: AssociationURL, appID: String, entitlement: AssociatedDomainsEntitlement,
        associationFiles: [String: CompiledAssociationFile], context: TapContext
    ) {
        var reasons: [Reason] = []
        var match: AssociationMatch?
        if !url.isWeb {
            reasons.append(.notWebLink(scheme: url.scheme))
        } else if let host = url.host, !host.isEmpty {
            if let entry = entitlement.entry(for: host, service: .appLinks, activeModes: context.activeModes)
            {
                reasons.append(.coveredByEntry(entry))
                let domain = entry.associationFileDomain
                if let file = associationFiles[domain] {
                    let result = file.match(url, appID: appID, domain: host)
                    match = result
                    switch result.decision {
                    case .match: if let rule = result.rule { reasons.append(.matched(rule)) }
                    case .exclude: if let rule = result.rule { reasons.append(.excluded(rule)) }
                    case .noMatch:
                        reasons.append(
                            result.reason == .noRuleMatched
                                ? .noRuleMatched(domain: domain) : .appNotInAssociationFile(domain: domain))
                    }
                } else {
                    reasons.append(.associationFileMissing(domain: domain))
                }
            } else {
                reasons.append(.hostNotInEntitlement(host: host))
            }
        } else {
            reasons.append(.missingHost)
        }
        switch context.origin {
        case .otherApp: break
        case .webPage(let pageHost):
            if let host = url.host, pageHost.lowercased() == host { reasons.append(.sameHostTap(host: host)) }
        case .addressBar: reasons.append(.typedInAddressBar)
        case .webView: reasons.append(.loadedInWebView)
        case .sameApp: reasons.append(.openedByItself)
        }
        if let host = url.host, url.isWeb, context.hostsKeptInSafari.contains(host) {
            reasons.append(.userChoseSafari(host: host))
        }
        self.init(reasons: reasons, match: match)
    }

    private init(reasons: [Reason], match: AssociationMatch?) {
        self.reasons = reasons
        self.match = match
        opensApp = !reasons.contains(where: \.keepsLinkInBrowser)
    }

    /// Decides for URL text; text without a scheme never opens the app.
    public init(
        url: String, appID: String, entitlement: AssociatedDomainsEntitlement,
        associationFiles: [String: CompiledAssociationFile], context: TapContext
    ) {
        do {
            self.init(
                url: try AssociationURL(url), appID: appID, entitlement: entitlement,
                associationFiles: associationFiles, context: context)
        } catch {
            self.init(reasons: [.unreadableURL], match: nil)
        }
    }

    /// Decides for a link that passed the gate.
    public init(
        link: Link, appID: String, entitlement: AssociatedDomainsEntitlement,
        associationFiles: [String: CompiledAssociationFile], context: TapContext
    ) {
        self.init(
            url: AssociationURL(link), appID: appID, entitlement: entitlement,
            associationFiles: associationFiles,
            context: context)
    }

    /// "opens the app: …" or "stays in the browser: …", with every reason.
    public var description: String {
        (opensApp ? "opens the app: " : "stays in the browser: ")
            + reasons.map(\.sentence).joined(separator: "; ")
    }
}

extension UniversalLinkDecision.Reason {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .unreadableURL: _ = EnumCaseEncoder(encoder, "unreadableURL")
        case .notWebLink(let scheme):
            var values = EnumCaseEncoder(encoder, "notWebLink")
            try values("scheme", scheme)
        case .missingHost: _ = EnumCaseEncoder(encoder, "missingHost")
        case .hostNotInEntitlement(let host):
            var values = EnumCaseEncoder(encoder, "hostNotInEntitlement")
            try values("host", host)
        case .coveredByEntry(let value):
            var values = EnumCaseEncoder(encoder, "coveredByEntry")
            try values("_0", value)
        case .associationFileMissing(let domain):
            var values = EnumCaseEncoder(encoder, "associationFileMissing")
            try values("domain", domain)
        case .appNotInAssociationFile(let domain):
            var values = EnumCaseEncoder(encoder, "appNotInAssociationFile")
            try values("domain", domain)
        case .noRuleMatched(let domain):
            var values = EnumCaseEncoder(encoder, "noRuleMatched")
            try values("domain", domain)
        case .excluded(let value):
            var values = EnumCaseEncoder(encoder, "excluded")
            try values("_0", value)
        case .matched(let value):
            var values = EnumCaseEncoder(encoder, "matched")
            try values("_0", value)
        case .sameHostTap(let host):
            var values = EnumCaseEncoder(encoder, "sameHostTap")
            try values("host", host)
        case .typedInAddressBar: _ = EnumCaseEncoder(encoder, "typedInAddressBar")
        case .userChoseSafari(let host):
            var values = EnumCaseEncoder(encoder, "userChoseSafari")
            try values("host", host)
        case .loadedInWebView: _ = EnumCaseEncoder(encoder, "loadedInWebView")
        case .openedByItself: _ = EnumCaseEncoder(encoder, "openedByItself")
        }
    }
}

extension UniversalLinkDecision {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(opensApp, forKey: "opensApp")
        try c.encode(reasons, forKey: "reasons")
        try c.encodeIfPresent(match, forKey: "match")
    }
}
