import DeepLinks
import Testing

@testable import AssociatedDomains

@Suite("The device's decision (see “When a tap opens the app” in the documentation), one test per row")
struct DecisionTests {
    static let entitlement: AssociatedDomainsEntitlement = {
        (try? AssociatedDomainsEntitlement([
            "applinks:example.com", "applinks:*.shop.example.com", "applinks:beta.example.com?mode=developer",
        ]))
            ?? AssociatedDomainsEntitlement(entries: [])
    }()
    static let files: [String: CompiledAssociationFile] = {
        let text = fileWithComponents(##"{"#":"no_universal_links","exclude":true},{"/":"/buy/*"}"##)
        guard let file = try? AssociationFile(parsing: text) else { return [:] }
        return [
            "example.com": CompiledAssociationFile(file), "shop.example.com": CompiledAssociationFile(file),
        ]
    }()

    func decide(
        _ url: String, _ context: TapContext = TapContext(),
        files: [String: CompiledAssociationFile] = DecisionTests.files, app: String = appID
    ) -> UniversalLinkDecision {
        UniversalLinkDecision(
            url: url, appID: app, entitlement: DecisionTests.entitlement, associationFiles: files,
            context: context)
    }

    @Test("all conditions hold: the app opens, with the entry and the rule as reasons")
    func opens() throws {
        let decision = decide("https://example.com/buy/42")
        #expect(decision.opensApp)
        #expect(
            decision.reasons == [
                .coveredByEntry(try AssociatedDomain("applinks:example.com")),
                .matched(RuleReference(detailIndex: 0, appIDs: [appID], kind: .component, index: 1)),
            ])
        #expect(
            decision.description
                == "opens the app: the entitlement entry 'applinks:example.com' covers the host; the rule $.applinks.details[0].components[1] matches the link"
        )
    }

    @Test("the link must be http or https: custom schemes are not universal links")
    func customScheme() {
        let decision = decide("myapp://buy/42")
        #expect(!decision.opensApp)
        #expect(decision.reasons == [.notWebLink(scheme: "myapp")])
    }

    @Test("the host must be covered by an applinks entry (a wildcard does not cover its apex)")
    func notInEntitlement() {
        #expect(decide("https://other.com/buy/1").reasons == [.hostNotInEntitlement(host: "other.com")])
        #expect(
            decide("https://shop.example.com/buy/1").reasons == [
                .hostNotInEntitlement(host: "shop.example.com")
            ])
        #expect(decide("https://eu.shop.example.com/buy/1").opensApp)
    }

    @Test("a developer-mode entry applies only with developer mode on")
    func developerMode() {
        let files = ["beta.example.com": DecisionTests.files["example.com"]].compactMapValues { $0 }
        #expect(
            decide("https://beta.example.com/buy/1", files: files).reasons == [
                .hostNotInEntitlement(host: "beta.example.com")
            ])
        #expect(
            decide("https://beta.example.com/buy/1", TapContext(isDeveloperModeEnabled: true), files: files)
                .opensApp)
    }

    @Test("the domain's association file must have been fetched")
    func fileMissing() {
        #expect(
            decide("https://example.com/buy/1", files: [:]).reasons.last
                == .associationFileMissing(domain: "example.com"))
    }

    @Test("the file must name the app")
    func appNotInFile() {
        #expect(
            decide("https://example.com/buy/1", app: "ZZZZZ99999.other").reasons.last
                == .appNotInAssociationFile(domain: "example.com"))
    }

    @Test("the first deciding component must match and not be an exclusion")
    func rules() {
        #expect(decide("https://example.com/sell").reasons.last == .noRuleMatched(domain: "example.com"))
        let excluded = decide("https://example.com/buy/1#no_universal_links")
        #expect(!excluded.opensApp)
        #expect(
            excluded.reasons.last
                == .excluded(RuleReference(detailIndex: 0, appIDs: [appID], kind: .component, index: 0)))
    }

    @Test("a tap on a page of the same host stays in Safari (links must cross domains)")
    func sameHost() {
        #expect(
            !decide("https://example.com/buy/1", TapContext(origin: .webPage(host: "EXAMPLE.com"))).opensApp)
        #expect(
            decide("https://example.com/buy/1", TapContext(origin: .webPage(host: "blog.example.com")))
                .opensApp)
    }

    @Test("a URL typed in the address bar stays in Safari")
    func addressBar() {
        #expect(
            decide("https://example.com/buy/1", TapContext(origin: .addressBar)).reasons.last
                == .typedInAddressBar)
    }

    @Test("the user's earlier choice to stay in Safari holds for that host")
    func userChoice() {
        let decision = decide("https://example.com/buy/1", TapContext(hostsKeptInSafari: ["Example.com"]))
        #expect(!decision.opensApp)
        #expect(decision.reasons.last == .userChoseSafari(host: "example.com"))
    }

    @Test("web views and the app's own openURL stay in the browser")
    func webViewAndSelf() {
        #expect(
            decide("https://example.com/buy/1", TapContext(origin: .webView)).reasons.last == .loadedInWebView
        )
        #expect(
            decide("https://example.com/buy/1", TapContext(origin: .sameApp)).reasons.last == .openedByItself)
    }

    @Test("every reason is listed, not only the first")
    func everyReason() {
        let decision = decide(
            "https://example.com/sell",
            TapContext(origin: .webPage(host: "example.com"), hostsKeptInSafari: ["example.com"]))
        #expect(
            decision.reasons.filter(\.keepsLinkInBrowser) == [
                .noRuleMatched(domain: "example.com"), .sameHostTap(host: "example.com"),
                .userChoseSafari(host: "example.com"),
            ])
    }

    @Test("text without a scheme, and a gate-checked link")
    func inputs() throws {
        #expect(decide("buy/42").reasons == [.unreadableURL])
        let link = try LinkGate().parse("https://example.com/buy/42")
        #expect(
            UniversalLinkDecision(
                link: link, appID: appID, entitlement: DecisionTests.entitlement,
                associationFiles: DecisionTests.files, context: TapContext()
            ).opensApp)
    }
}
