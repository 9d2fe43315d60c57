import AssociatedDomains
import DeepLinks
import Foundation
import LinkAudit
import LinkPreviews
import TestSupport
import Testing

/// A shop whose files disagree in every way the audit reports.
enum AuditedShop {
    static let appID = "ABCDE12345.com.example.shop"
    static let betaID = "ABCDE12345.com.example.shop.beta"

    static let table = RouteTable(canonicalHost: "shop.example.com") {
        Route("product", "/p/:id(int 1...999999)")
        Route("category", "/c/:slug(slug)")
        Route("deal", "/deals/:slug(slug)")
        Route("store", "/stores/:city(slug)")
        Route("cart", "/cart", safety: .sensitive)
        Route("account", "/account", safety: .sensitive)
        Route("cancelOrder", "/orders/:order(uuid)/cancel", safety: .destructive)
    }

    static let file = """
        {"applinks": {"details": [
          {"appIDs": ["\(appID)"], "components": [
            {"/": "/cart", "exclude": true},
            {"/": "/deals/*", "exclude": true},
            {"/": "/p/*"}, {"/": "/c/*"}, {"/": "/account"}, {"/": "/orders/*"}, {"/": "/help/*"}
          ]},
          {"appIDs": ["\(betaID)"], "components": [{"/": "/p/*"}]}
        ]}}
        """

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(
            table: table,
            configuration: LinkReceiver.Configuration(
                policy: LinkPolicy(allowedHosts: [
                    "shop.example.com", "stores.example.com", "other.example.com",
                ])))
    }

    static func audit(
        appIDs: [String]? = [appID], files: [String]? = nil, previews: LinkPreviewService? = nil
    ) throws -> SiteAudit {
        let document = try AssociationFileDocument(text: file)
        let domains = files ?? ["shop.example.com", "stores.example.com"]
        return try SiteAudit(
            receiver: receiver(),
            entitlement: try AssociatedDomainsEntitlement([
                "applinks:shop.example.com", "applinks:other.example.com",
                "applinks:stores.example.com?mode=developer",
            ]),
            associationFiles: Dictionary(uniqueKeysWithValues: domains.map { ($0, document.file) }),
            appIDs: appIDs, previews: previews)
    }
}

@Suite struct SiteAuditFindings {
    @Test func aLinkTheFileSendsToTheAppWithoutARouteIsABlankScreen() async throws {
        let result = try await AuditedShop.audit().audit("https://shop.example.com/help/returns")
        #expect(result.verdict == .blankScreen)
        #expect(result.opensApp)
        #expect(result.outcome == "openInBrowser")
        #expect(result.apps.map(\.decidedBy) == ["$.applinks.details[0].components[6]"])
        #expect(
            result.findings == [
                AuditFinding(
                    .opensAppWithoutRoute, severity: .error,
                    "$.applinks.details[0].components[6] sends the link to the app, but no route takes it "
                        + "(open https://shop.example.com/help/returns in the browser: no route matches the link)"
                )
            ])
    }

    @Test func aRouteTheFileExcludesIsAMissedRoute() async throws {
        let result = try await AuditedShop.audit().audit("https://shop.example.com/deals/winter")
        #expect(result.verdict == .missedRoute)
        #expect(!result.opensApp)
        #expect(result.route == "deal")
        #expect(result.apps[0].decidedBy == "$.applinks.details[0].components[1]")
        #expect(
            result.findings == [
                AuditFinding(
                    .routeKeptInBrowser, severity: .error,
                    "route 'deal' takes the link, but the exclusion $.applinks.details[0].components[1] keeps it in the browser"
                )
            ])
    }

    @Test func aRouteNoRuleMatchesIsAMissedRoute() async throws {
        let result = try await AuditedShop.audit().audit("https://shop.example.com/stores/berlin")
        #expect(result.verdict == .missedRoute)
        #expect(result.apps[0].decidedBy == "noRuleMatched")
        #expect(
            result.findings.map(\.message) == [
                "route 'store' takes the link, but no rule of shop.example.com's association file sends it to the app"
            ])
        #expect(result.findings.map(\.code) == [.routeKeptInBrowser])
    }

    @Test func aDestructiveRouteSentToTheAppIsAnErrorASensitiveOneAWarning() async throws {
        let audit = try AuditedShop.audit()
        let cancel = await audit.audit(
            "https://shop.example.com/orders/3f2504e0-4f89-41d3-9a0c-0305e82c3301/cancel")
        #expect(cancel.verdict == .unguardedRoute)
        #expect(cancel.outcome == "confirm")
        #expect(
            cancel.findings == [
                AuditFinding(
                    .guardedRouteOpensApp, severity: .error,
                    "$.applinks.details[0].components[5] sends the destructive route 'cancelOrder' to the app without an exclusion"
                )
            ])
        let account = await audit.audit("https://shop.example.com/account")
        #expect(account.verdict == .unguardedRoute)
        #expect(account.findings.map(\.severity) == [.warning])
        #expect(account.findings.map(\.code) == [.guardedRouteOpensApp])
    }

    @Test func aGuardedRouteTheFileExcludesIsAsMeant() async throws {
        let result = try await AuditedShop.audit().audit("https://shop.example.com/cart")
        #expect(result.verdict == .browser)
        #expect(result.outcome == "confirm")
        #expect(result.findings.isEmpty)
    }

    @Test func aHostTheEntitlementLacksIsNamedWithTheModeThatWouldCoverIt() async throws {
        let result = try await AuditedShop.audit().audit("https://stores.example.com/stores/berlin")
        #expect(result.verdict == .missedRoute)
        #expect(result.apps[0].decidedBy == "entitlement")
        #expect(
            result.findings == [
                AuditFinding(
                    .hostNotInEntitlement, severity: .error,
                    "route 'store' takes the link, but no applinks entry covers stores.example.com; "
                        + "'applinks:stores.example.com?mode=developer' applies only in developer mode")
            ])
    }

    @Test func aDomainWithoutAnAssociationFileIsReported() async throws {
        let result = try await AuditedShop.audit().audit("https://other.example.com/p/3")
        #expect(result.verdict == .missedRoute)
        #expect(result.apps[0].decidedBy == "associationFileMissing")
        #expect(
            result.findings == [
                AuditFinding(
                    .associationFileMissing, severity: .error,
                    "route 'product' takes the link, but there is no association file for other.example.com")
            ])
    }

    @Test func aLinkTheAppRefusesIsRefused() async throws {
        let result = try await AuditedShop.audit().audit("https://shop.example.com/about/%zz")
        #expect(result.verdict == .refused)
        #expect(!result.opensApp)
        #expect(result.outcome == "reject")
        #expect(result.findings.map(\.code) == [.linkRefused])
        #expect(
            result.findings[0].message
                == "the app refuses the link: malformed link: the link contains an invalid or truncated percent "
                + "escape ('%zz') at offset 31")
    }

    @Test func aRefusedLinkTheFileSendsToTheAppIsABlankScreenToo() async throws {
        let result = try await AuditedShop.audit().audit("https://shop.example.com/c/%zz")
        #expect(result.verdict == .blankScreen)
        #expect(result.findings.map(\.code) == [.opensAppWithoutRoute, .linkRefused])
    }

    @Test func aRoutedLinkTheFileSendsToTheAppIsAsMeant() async throws {
        let result = try await AuditedShop.audit().audit("https://shop.example.com/p/42")
        #expect(result.verdict == .route)
        #expect(result.route == "product")
        #expect(result.outcome == "route")
        #expect(result.outcomeReason == nil)
        #expect(result.findings.isEmpty)
        #expect(result.preview == nil)
    }

    @Test func eachAppIDIsDecidedOnItsOwn() async throws {
        let audit = try AuditedShop.audit(appIDs: nil)
        #expect(audit.appIDs == [AuditedShop.appID, AuditedShop.betaID])
        let result = await audit.audit("https://shop.example.com/c/shoes")
        #expect(result.apps.map(\.opensApp) == [true, false])
        #expect(result.apps.map(\.decidedBy) == ["$.applinks.details[0].components[3]", "noRuleMatched"])
        #expect(result.verdict == .missedRoute)
        #expect(
            result.findings == [
                AuditFinding(
                    .routeKeptInBrowser, severity: .error, appID: AuditedShop.betaID,
                    "route 'category' takes the link, but no rule of shop.example.com's association file sends it to the app"
                )
            ])
    }

    @Test func anAuditNeedsAnAppID() throws {
        #expect(throws: SiteAuditError.noAppID) {
            try SiteAudit(
                receiver: AuditedShop.receiver(), entitlement: AssociatedDomainsEntitlement(entries: []),
                associationFiles: [:])
        }
    }

    @Test func theReportCountsVerdictsWorstFirst() async throws {
        let report = try await AuditedShop.audit().audit([
            "https://shop.example.com/p/1", "https://shop.example.com/p/2", "https://shop.example.com/help/x",
            "https://shop.example.com/about",
        ])
        #expect(report.verdictCounts.map(\.verdict) == AuditVerdict.allCases)
        #expect(report.verdictCounts.map(\.count) == [1, 0, 0, 0, 1, 2])
        #expect(report.count(of: .route) == 2)
        #expect(report.count(of: .opensAppWithoutRoute) == 1)
        #expect(AuditVerdict.blankScreen < .route)
    }

    @Test func findingsRoundTripThroughJSONAndRefuseUnknownKeys() throws {
        let finding = AuditFinding(.guardedRouteOpensApp, severity: .warning, appID: "A.b", "text")
        let data = try JSONEncoder().encode(finding)
        #expect(try JSONDecoder().decode(AuditFinding.self, from: data) == finding)
        let unknown = #"{"code": "AUDIT001", "severity": "error", "message": "m", "url": "x"}"#
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AuditFinding.self, from: Data(unknown.utf8))
        }
        #expect(
            DecodingFailure.line(error)
                == "dataCorrupted: unknown key 'url' in an audit finding; allowed keys are appID, code, message, severity"
        )
    }

    @Test func everyCodeHasItsOwnNumberTitleExplanationAndFix() {
        let codes = AuditFinding.Code.allCases
        #expect(codes.map(\.rawValue) == (1...9).map { "AUDIT00\($0)" })
        #expect(Set(codes.map(\.title)).count == codes.count)
        #expect(codes.allSatisfy { $0.explanation.hasSuffix(".") && $0.fix.hasSuffix(".") })
    }
}

@Suite struct SiteAuditPreviews {
    static func service() throws -> LinkPreviewService {
        var providers = PreviewProviders()
        providers.bind("product") { request in
            request.parameters["id"]?.text == "404" ? nil : LinkPreview(title: "Boots")
        }
        return try LinkPreviewService(
            receiver: AuditedShop.receiver(),
            site: PreviewSite(
                name: "Shop", homeURL: "https://shop.example.com/", fallback: LinkPreview(title: "Shop"),
                app: AppListing(name: "Shop", appStoreID: "1234567890")),
            providers: providers)
    }

    @Test func aRoutedPreviewCarriesTheBannerArgument() async throws {
        let result = try await AuditedShop.audit(previews: Self.service()).audit(
            "https://shop.example.com/p/42")
        #expect(
            result.preview
                == PreviewAudit(
                    status: .routed, source: PreviewSource(.route, routeName: "product"),
                    bannerContent: "app-id=1234567890, app-argument=https://shop.example.com/p/42",
                    bannerArgument: "https://shop.example.com/p/42", reason: nil))
        #expect(result.findings.isEmpty)
    }

    @Test func contentThatIsNotFoundIsReported() async throws {
        let result = try await AuditedShop.audit(previews: Self.service()).audit(
            "https://shop.example.com/p/404")
        #expect(result.preview?.status == .notFound)
        #expect(
            result.findings == [
                AuditFinding(
                    .previewNotFound, severity: .warning,
                    "route 'product' finds no content for the link: the page answers 404")
            ])
        #expect(result.verdict == .route)
    }

    @Test func aGenericPreviewAndARefusedLinkAreTold() async throws {
        let audit = try AuditedShop.audit(previews: Self.service())
        let generic = await audit.audit("https://shop.example.com/c/shoes")
        #expect(generic.preview?.status == .generic)
        #expect(generic.preview?.source == PreviewSource(.noProvider, routeName: "category"))
        let refused = await audit.audit("https://shop.example.com/c/%zz")
        #expect(refused.preview?.status == PreviewAudit.Status.none)
        #expect(refused.preview?.bannerContent == nil)
        #expect(refused.preview?.reason?.hasPrefix("the link was refused") == true)
    }
}

@Suite struct SiteAuditAndroid {
    static let assetLinks = """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.example.shop",
                     "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
            {"/": "/help/*", "exclude": true}, {"/": "/p/*"}, {"/": "/deals/*"}]}}}]
        """

    static func audit() throws -> SiteAudit {
        let file = try AssetLinksFile(parsing: assetLinks)
        let document = try AssociationFileDocument(text: AuditedShop.file)
        return try SiteAudit(
            receiver: AuditedShop.receiver(),
            entitlement: try AssociatedDomainsEntitlement(["applinks:shop.example.com"]),
            associationFiles: ["shop.example.com": document.file], appIDs: [AuditedShop.appID],
            assetLinks: ["shop.example.com": file])
    }

    @Test func androidAndAppleAgreeingIsNoProblem() async throws {
        let audit = try Self.audit()
        #expect(audit.androidPackages == ["com.example.shop"])
        let result = await audit.audit("https://shop.example.com/p/42")
        #expect(result.android.map(\.opensApp) == [true])
        #expect(
            result.android.map(\.decidedBy)
                == [
                    #"$[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[1]"#
                ])
        #expect(result.findings.isEmpty)
    }

    @Test func androidKeepingInTheBrowserWhatAppleOpensIsAUDIT008() async throws {
        let result = try await Self.audit().audit("https://shop.example.com/c/boots")
        #expect(result.android.map(\.decidedBy) == ["noRuleMatched"])
        #expect(
            result.findings == [
                AuditFinding(
                    .androidVerdictDiffers, severity: .warning, appID: "com.example.shop",
                    "Android keeps the link in the browser (noRuleMatched), Apple opens the app"),
                AuditFinding(
                    .manifestDisagrees, severity: .warning, appID: "com.example.shop",
                    "the manifest's intent filter (written from the table) claims the link's path, but no dynamic "
                        + "rule's path matches it, not even an exclusion's: Android 15 keeps it in the browser, "
                        + "earlier versions open the app"),
            ])
        #expect(result.verdict == .route)
    }

    @Test func androidOpeningWhatAppleExcludesIsAUDIT008Too() async throws {
        let result = try await Self.audit().audit("https://shop.example.com/deals/winter")
        #expect(result.findings.map(\.code) == [.routeKeptInBrowser, .androidVerdictDiffers])
        #expect(result.findings[1].message.hasPrefix("Android opens the app ($[0].relation_extensions"))
        #expect(result.findings[1].message.hasSuffix("), Apple keeps it in the browser"))
    }

    @Test func aHostWithoutAnAssetLinksFileOpensNothingOnAndroid() async throws {
        let result = try await Self.audit().audit("https://other.example.com/p/1")
        #expect(result.android.map(\.decidedBy) == ["noAssetLinksFile"])
        #expect(!result.android[0].opensApp)
        #expect(!result.findings.contains { $0.code == .androidVerdictDiffers })
    }
}

/// AUDIT009: the dynamic rules of `assetlinks.json` against the intent filter the table writes
/// for the manifest (`/p/..*`, `/c/..*`, `/deals/..*`, `/stores/..*`, `/cart`, `/account`).
@Suite struct SiteAuditAndroidManifest {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// A list for com.example.shop with these dynamic rules (JSON objects), or none.
    static func audit(rules: String?) throws -> SiteAudit {
        let extensions =
            rules.map {
                #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [\#($0)]}}"#
            } ?? ""
        let file = try AssetLinksFile(
            parsing: """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.shop",
                             "sha256_cert_fingerprints": ["\(fingerprint)"]}\(extensions)}]
                """)
        let document = try AssociationFileDocument(text: AuditedShop.file)
        return try SiteAudit(
            receiver: AuditedShop.receiver(),
            entitlement: try AssociatedDomainsEntitlement(["applinks:shop.example.com"]),
            associationFiles: ["shop.example.com": document.file], appIDs: [AuditedShop.appID],
            assetLinks: ["shop.example.com": file])
    }

    static let rules = #"{"/": "/c/*", "?": {"ref": "*"}, "exclude": true}, {"/": "/p/*"}, {"/": "/gifts/*"}"#
    static func rule(_ index: Int) -> String {
        #"$[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[\#(index)]"#
    }

    @Test func aRuleOpeningALinkTheManifestDoesNotClaimIsAUDIT009() async throws {
        let result = try await Self.audit(rules: Self.rules).audit("https://shop.example.com/gifts/card")
        #expect(result.android.map(\.decidedBy) == [Self.rule(2)])
        #expect(
            result.findings == [
                AuditFinding(
                    .androidVerdictDiffers, severity: .warning, appID: "com.example.shop",
                    "Android opens the app (\(Self.rule(2))), Apple keeps it in the browser"),
                AuditFinding(
                    .manifestDisagrees, severity: .warning, appID: "com.example.shop",
                    "\(Self.rule(2)) opens the link, but the manifest's intent filter (written from the table) "
                        + "does not claim it: Android never hands the link to the app"),
            ])
    }

    @Test func aClaimedPathNoRuleMentionsIsAUDIT009() async throws {
        let result = try await Self.audit(rules: Self.rules).audit("https://shop.example.com/stores/berlin")
        #expect(result.android.map(\.decidedBy) == ["noRuleMatched"])
        #expect(
            result.findings == [
                AuditFinding(
                    .routeKeptInBrowser, severity: .error,
                    "route 'store' takes the link, but no rule of shop.example.com's association file sends it to the app"
                ),
                AuditFinding(
                    .manifestDisagrees, severity: .warning, appID: "com.example.shop",
                    "the manifest's intent filter (written from the table) claims the link's path, but no dynamic "
                        + "rule's path matches it, not even an exclusion's: Android 15 keeps it in the browser, "
                        + "earlier versions open the app"),
            ])
    }

    @Test func aClaimedPathAnExclusionNamesAndAPathARuleOpensAgree() async throws {
        let audit = try Self.audit(rules: Self.rules)
        // The exclusion asks for a query the link lacks, so no rule matches the link; but its
        // path names the link's path, so the manifest's claim is explained.
        let excluded = await audit.audit("https://shop.example.com/c/boots")
        #expect(excluded.android.map(\.decidedBy) == ["noRuleMatched"])
        #expect(!excluded.findings.contains { $0.code == .manifestDisagrees })
        let opened = await audit.audit("https://shop.example.com/p/42")
        #expect(opened.android.map(\.decidedBy) == [Self.rule(1)])
        #expect(opened.findings.isEmpty)
    }

    @Test func withoutDynamicRulesTheManifestDecidesAlone() async throws {
        let audit = try Self.audit(rules: nil)
        for url in ["https://shop.example.com/gifts/card", "https://shop.example.com/stores/berlin"] {
            let result = await audit.audit(url)
            #expect(result.android.map(\.decidedBy) == ["manifest"])
            #expect(!result.findings.contains { $0.code == .manifestDisagrees }, "\(url)")
        }
    }
}
