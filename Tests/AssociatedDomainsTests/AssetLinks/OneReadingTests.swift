import DeepLinks
import Testing

@testable import AssociatedDomains

/// Both association files are renderings of one reading of the table (`WebLinkShape`): what
/// one file opens, the other opens, except where Android's patterns cannot say it, and then
/// the generator lists the route.
@Suite("Both association files from one reading of the table")
struct OneReadingTests {
    static let appID = "ABCDE12345.com.example.bank"
    static let package = "com.example.bank"
    static let app = AndroidAppTarget(
        packageName: package, fingerprints: [try! CertificateFingerprint(AssetLinksSamples.release)])
    static let domain = "bank.example.com"

    /// A bank's table: a locale-prefixed home page, accounts of a declared type, a destructive
    /// route, and a required query item with values.
    static let bank = RouteTable(
        canonicalHost: domain, scope: RouteScope(schemes: ["https"], hosts: [HostPattern(domain)]),
        types: [ParameterTypeDeclaration("accountID", "pattern AC[0-9]{8}")]
    ) {
        RouteGroup(prefix: "/:locale(enum de|fr)?") { Route("home", "/") }
        Route("account", "/accounts/:id(accountID)")
        Route("closeAccount", "/accounts/:id(accountID)/close", safety: .destructive)
        Route("statements", "/statements", query: ["period(enum month|year)"])
    }

    static func decisions(_ table: RouteTable, _ paths: [String]) -> [String] {
        let apple = CompiledAssociationFile(
            AppLinksGenerator(appIDs: [appID], domain: domain).generate(from: table).file)
        let android = CompiledAssetLinks(
            AssetLinksGenerator(apps: [app], domain: domain).generate(from: table).file)
        return paths.map { path in
            let url = "https://\(domain)\(path)"
            let a = apple.match(url, appID: appID, domain: domain).decision.rawValue
            let b = android.match(url, packageName: package).decision.rawValue
            return a == b ? a : "apple \(a), android \(b)"
        }
    }

    @Test("pins: a locale prefix is its values and a declared type its shape, in both files")
    func localePrefixAndDeclaredType() throws {
        let apple = AppLinksGenerator(appIDs: [Self.appID], domain: Self.domain).generate(from: Self.bank)
        let components = try #require(apple.file.appLinks?.details?.first?.components)
        #expect(
            components.map { $0.path } == [
                "/accounts/AC????????/close", "/$(home_locale)", "/", "/accounts/AC????????", "/statements",
            ])
        #expect(apple.file.appLinks?.substitutionVariables?["home_locale"] == ["de", "fr"])

        let android = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).generate(from: Self.bank)
        #expect(
            android.file.statements[0].dynamicComponents == [
                DynamicAppLinkComponent(
                    path: "/accounts/AC????????/close", exclude: true, comments: "route closeAccount"),
                DynamicAppLinkComponent(path: "/de", comments: "route home"),
                DynamicAppLinkComponent(path: "/fr", comments: "route home"),
                DynamicAppLinkComponent(path: "/", comments: "route home"),
                DynamicAppLinkComponent(path: "/accounts/AC????????", comments: "route account"),
                DynamicAppLinkComponent(
                    path: "/statements", query: ["period": "month"], comments: "route statements"),
                DynamicAppLinkComponent(
                    path: "/statements", query: ["period": "year"], comments: "route statements"),
            ])
        #expect(android.widenedRoutes == [])
        #expect(AssetLinksValidator().validate(bytes: android.file.servedBytes) == [])

        let paths = [
            "/", "/de", "/fr", "/es", "/legal/privacy", "/about", "/careers/2026",
            "/accounts/AC12345678", "/accounts/12", "/accounts/AC12345678/close",
            "/statements?period=year", "/statements?period=week", "/statements",
        ]
        #expect(
            Self.decisions(Self.bank, paths) == [
                "match", "match", "match", "no_match", "no_match", "no_match", "no_match",
                "match", "no_match", "exclude",
                "match", "no_match", "no_match",
            ])
    }

    @Test("a table that ignores letter case: Android writes letters '?' and lists the route")
    func letterCase() throws {
        let table = RouteTable(
            options: RoutingOptions(caseSensitivity: .insensitive),
            routes: [
                Route("docs", "/Docs/:page(enum intro|faq)", scope: RouteScope(schemes: ["https"])),
                Route("item", "/items/:id(int)", scope: RouteScope(schemes: ["https"])),
            ])
        let android = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).generate(from: table)
        #expect(
            android.file.statements[0].dynamicComponents?.map { $0.path } == [
                "/????/?????", "/????/???", "/?????/?*",
            ])
        #expect(
            android.widenedRoutes == [
                .init(route: "docs", reason: .letterCase), .init(route: "item", reason: .letterCase),
            ])
        // Every spelling the router takes opens the app on both platforms.
        #expect(
            Self.decisions(table, ["/DOCS/Intro", "/docs/faq", "/ITEMS/7"]) == ["match", "match", "match"])
    }

    @Test("more combinations of values than a reading may have: the rest are '?*', and the route is listed")
    func tooManyValues() throws {
        let many = (0..<40).map { "v\($0)" }.joined(separator: "|")
        let table = RouteTable(routes: [
            Route(
                "grid", PathPattern(parsing: "/:a(enum x|y)/:b(enum \(many))"),
                scope: RouteScope(schemes: ["https"]))
        ])
        let android = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).generate(from: table)
        #expect(android.file.statements[0].dynamicComponents?.map { $0.path } == ["/x/?*", "/y/?*"])
        #expect(android.widenedRoutes == [.init(route: "grid", reason: .tooManyValues)])
        #expect(AssetLinksGenerator.maximumRulesPerReading == 64)
        let fits = RouteTable(routes: [
            Route(
                "grid",
                PathPattern(
                    parsing: "/:a(enum x|y)/:b(enum \((0..<32).map { "v\($0)" }.joined(separator: "|")))"),
                scope: RouteScope(schemes: ["https"]))
        ])
        let written = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).generate(from: fits)
        #expect(written.file.statements[0].dynamicComponents?.count == 64)
        #expect(written.widenedRoutes == [])
    }

    @Test("a table's enumerations add at most maximumAddedRules rules: the generator's work stays bounded")
    func addedRulesAreBounded() throws {
        let values = (0..<64).map { "v\($0)" }.joined(separator: "|")
        let routes = (0..<100).map { number in
            Route(
                "r\(number)", PathPattern(parsing: "/r\(number)/:a(enum \(values))"),
                scope: RouteScope(schemes: ["https"]))
        }
        let generated = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).generate(
            from: RouteTable(routes: routes))
        #expect(AssetLinksGenerator.maximumAddedRules == 4_096)
        // 64 routes write their 64 values out (4,032 added rules), the 65th too (63 more: 64
        // were left), then one is left, too few for 64 values: every later route is one rule.
        #expect(generated.rules.count == 100 + 4_032 + 63)
        #expect(generated.widenedRoutes.first == .init(route: "r65", reason: .tooManyValues))
        #expect(generated.widenedRoutes.count == 35)
        #expect(generated.rules.contains { $0.path == "/r99/?*" })
    }

    @Test("over-reach is listed per route, the same for both files: one segment, a parameter's type")
    func overReachListed() throws {
        let apple = AppLinksGenerator(appIDs: [Self.appID], domain: Self.domain).generate(from: Self.bank)
        let android = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).generate(from: Self.bank)
        // home (literals and values) and statements (a value) are exact; a declared type's
        // `AC????????` takes any character where the type takes digits.
        #expect(
            apple.overReach == [
                .init(route: "account", reasons: [.parameterType], excludes: false),
                .init(route: "closeAccount", reasons: [.parameterType], excludes: true),
            ])
        #expect(android.overReach == apple.overReach)
        let table = RouteTable(routes: [
            Route("album", "/albums/:id", scope: RouteScope(schemes: ["https"])),
            Route("file", "/files/*path(slug)", scope: RouteScope(schemes: ["https"])),
            Route("page", "/pages/:n(int)", scope: RouteScope(schemes: ["https"])),
        ])
        let listed = AppLinksGenerator(appIDs: [Self.appID], domain: Self.domain).generate(from: table)
            .overReach
        #expect(
            listed == [
                .init(route: "album", reasons: [.segments], excludes: false),
                .init(route: "file", reasons: [.parameterType], excludes: false),
                .init(route: "page", reasons: [.segments, .parameterType], excludes: false),
            ])
    }

    @Test("the manifest's intent filter claims the paths the rules open, as android:path or pathPattern")
    func intentFilter() {
        let filter = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).intentFilter(from: Self.bank)
        #expect(
            filter.xml == """
                <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="bank.example.com" />
                    <data android:path="/de" />
                    <data android:path="/fr" />
                    <data android:path="/" />
                    <data android:pathPattern="/accounts/AC........" />
                    <data android:path="/statements" />
                </intent-filter>

                """)
        #expect(filter.matches("https://bank.example.com/accounts/AC12345678"))
        #expect(filter.matches("https://bank.example.com/de"))
        #expect(!filter.matches("https://bank.example.com/legal/privacy"))
        #expect(!filter.matches("https://other.example.com/de"))
        #expect(!filter.matches("http://bank.example.com/de"))
        // The destructive route's exclusion has no place in a manifest: its link is claimed by
        // no element here (the dynamic rules keep it in the browser on Android 15 and later).
        #expect(!filter.matches("https://bank.example.com/accounts/AC12345678/close"))
    }

    @Test(
        "Android's simple glob: '.' any character, 'x*' a run, '.*' up to the next pattern character, '\\' escapes",
        arguments: [
            ("/albums/..*", "/albums/7", true), ("/albums/..*", "/albums/", false),
            ("/albums/..*/photos", "/albums/7/photos", true),
            // '.*' stops at the first '/': one segment, as a route's parameter means.
            ("/albums/..*/photos", "/albums/7/8/photos", false),
            ("/file\\.json", "/file.json", true), ("/file\\.json", "/fileXjson", false),
            ("/a*b", "/aaab", true), ("/a*b", "/b", true), ("/..*", "/", false), ("/.*", "/", true),
        ])
    func simpleGlob(pattern: String, path: String, expected: Bool) {
        #expect(
            AndroidIntentFilter.globMatches(Array(pattern.unicodeScalars), Array(path.unicodeScalars))
                == expected)
    }
}
