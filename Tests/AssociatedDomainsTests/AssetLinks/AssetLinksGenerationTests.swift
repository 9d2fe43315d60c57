import DeepLinks
import Testing

@testable import AssociatedDomains

@Suite("Generating assetlinks.json from a route table")
struct AssetLinksGenerationTests {
    static let app = AndroidAppTarget(
        packageName: "com.example.photos",
        fingerprints: [try! CertificateFingerprint(AssetLinksSamples.release)])
    static let tv = AndroidAppTarget(
        packageName: "com.example.photos.tv",
        fingerprints: [try! CertificateFingerprint(AssetLinksSamples.debug)])

    static let generated = AssetLinksGenerator(apps: [app, tv], domain: "photos.example.com")
        .generate(from: ExampleTables.photos)

    @Test("one statement per app; destructive routes are exclusions placed first")
    func generatesStatements() {
        let file = Self.generated.file
        #expect(file.appLinksPackages == ["com.example.photos", "com.example.photos.tv"])
        #expect(
            file.statements[0].dynamicComponents == [
                DynamicAppLinkComponent(
                    path: "/albums/?*/delete", exclude: true, comments: "route deleteAlbum"),
                DynamicAppLinkComponent(
                    path: "/albums", query: ["albumname": "?*", "index": "?*"], comments: "route photo"),
                DynamicAppLinkComponent(path: "/albums/?*", comments: "route album"),
                DynamicAppLinkComponent(path: "/tags/?*", comments: "route tagged"),
                DynamicAppLinkComponent(path: "/media/photo", fragment: "", comments: "route media"),
                DynamicAppLinkComponent(path: "/media/video", fragment: "", comments: "route media"),
            ])
        #expect(file.statements[1].dynamicComponents == file.statements[0].dynamicComponents)
        #expect(
            Self.generated.componentRoutes == ["deleteAlbum", "photo", "album", "tagged", "media", "media"])
        #expect(Self.generated.skippedRoutes == [.init(route: "article", reason: .notWeb)])
    }

    @Test("the generated file validates without findings and reads back")
    func validates() throws {
        let bytes = Self.generated.file.servedBytes
        #expect(AssetLinksValidator().validate(bytes: bytes) == [])
        #expect(try AssetLinksFile(bytes: bytes) == Self.generated.file)
    }

    @Test("a destructive link stays in the browser and a route's link opens the app")
    func decidesLikeTheTable() {
        let compiled = CompiledAssetLinks(Self.generated.file)
        let package = "com.example.photos"
        #expect(
            compiled.match("https://photos.example.com/albums/Summer/delete", packageName: package).decision
                == .exclude)
        #expect(
            compiled.match("https://photos.example.com/albums/Summer", packageName: package).decision
                == .match)
        #expect(
            compiled.match("https://photos.example.com/albums?albumname=a&index=2", packageName: package)
                .decision
                == .match)
        #expect(
            compiled.match("https://photos.example.com/albums", packageName: package).decision == .noMatch)
        #expect(
            compiled.match("https://photos.example.com/media/photo#x", packageName: package).decision
                == .noMatch)
        #expect(
            compiled.match("https://photos.example.com/settings", packageName: package).decision == .noMatch)
    }

    @Test("a more specific route goes before a broader one, and equal patterns share one rule")
    func ordersRules() {
        let table = RouteTable {
            Route("show", "/shows/:id(slug)")
            Route("latest", "/shows/latest")
            Route("showAgain", "/shows/:slug(slug)")
        }
        let generated = AssetLinksGenerator(apps: [Self.app], domain: "example.com").generate(from: table)
        #expect(
            generated.file.statements[0].dynamicComponents == [
                DynamicAppLinkComponent(path: "/shows/latest", comments: "route latest"),
                DynamicAppLinkComponent(path: "/shows/?*", comments: "routes show, showAgain"),
            ])
    }

    @Test(
        "explicit exclusions come first, routes for other hosts are left out, and literal wildcards become '?'"
    )
    func exclusionsAndHosts() {
        let table = RouteTable {
            Route("star", "/a*b")
            Route("elsewhere", "/x", scope: RouteScope(hosts: ["other.example.com"]))
        }
        let generated = AssetLinksGenerator(
            apps: [Self.app], domain: "example.com", exclusions: [DynamicAppLinkComponent(path: "/legal/*")]
        ).generate(from: table)
        #expect(
            generated.file.statements[0].dynamicComponents == [
                DynamicAppLinkComponent(path: "/legal/*", exclude: true),
                DynamicAppLinkComponent(path: "/a?b", comments: "route star"),
            ])
        #expect(generated.componentRoutes == [nil, "star"])
        #expect(generated.widenedRoutes == [.init(route: "star", reason: .wildcardCharacter)])
        #expect(generated.skippedRoutes == [.init(route: "elsewhere", reason: .otherHost)])
        #expect(AssetLinksGenerator(apps: [Self.app], canonicalHostOf: table) == nil)
    }

    @Test("an optional locale prefix gets a rule for each reading, and both forms open the app")
    func optionalPrefix() {
        let table = RouteTable(scope: RouteScope(schemes: ["https"])) {
            RouteGroup(prefix: "/:locale(enum de|fr)?") {
                Route("title", "/title/:id(int 1...)")
            }
        }
        let generated = AssetLinksGenerator(apps: [Self.app], domain: "films.example.com").generate(
            from: table)
        #expect(generated.componentRoutes == ["title", "title", "title"])
        #expect(
            generated.file.statements[0].dynamicComponents?.map { $0.path }
                == ["/de/title/?*", "/fr/title/?*", "/title/?*"])
        let compiled = CompiledAssetLinks(generated.file)
        for path in ["/title/42", "/de/title/42", "/fr/title/42"] {
            #expect(
                compiled.match("https://films.example.com" + path, packageName: "com.example.photos").decision
                    == .match, "\(path)")
        }
    }
}

@Suite("Cross-checking a route table against assetlinks.json")
struct AssetLinksCrossCheckTests {
    @Test(
        "a generated file agrees with its table: every route where its safety says, and only listed over-reach"
    )
    func generatedFileAgrees() throws {
        let generated = AssetLinksGenerationTests.generated
        let check = try AssetLinksCrossCheck(
            table: ExampleTables.photos, file: generated.file, packageName: "com.example.photos",
            domain: "photos.example.com")
        #expect(check.routeFindings() == [])
        // `*` crosses `/`, and `?*` cannot say an int: each URL without a route comes from a rule
        // of a route the generator lists as over-reaching.
        let reaching = Set(generated.overReach.map(\.route))
        let rules = check.ruleFindings()
        #expect(!rules.isEmpty)
        for finding in rules {
            #expect(finding.kind == .urlWithoutRoute && finding.route == nil)
            let route = finding.rule?.androidReference.flatMap {
                generated.componentRoutes[$0.componentIndex]
            }
            #expect(route.map(reaching.contains) == true, "\(finding)")
        }
        #expect(
            rules.first?.message
                == "$[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[1] "
                + "sends https://photos.example.com/albums?albumname=x&index=x to com.example.photos, but no route handles it"
        )
    }

    @Test("a hand-edited file that opens a destructive route, or leaves a route out, is caught")
    func driftIsCaught() throws {
        var file = AssetLinksGenerationTests.generated.file
        // Drop the exclusion (rule 0) and the album rule (rule 2).
        file.statements[0].dynamicComponents = [
            DynamicAppLinkComponent(path: "/albums", query: ["albumname": "?*", "index": "?*"]),
            DynamicAppLinkComponent(path: "/tags/?*"), DynamicAppLinkComponent(path: "/media/?*"),
            DynamicAppLinkComponent(path: "/albums/*/delete"),
        ]
        let check = try AssetLinksCrossCheck(
            table: ExampleTables.photos, file: file, packageName: "com.example.photos",
            domain: "photos.example.com")
        let findings = check.routeFindings()
        #expect(findings.map(\.code) == ["ASSETLINKS301", "ASSETLINKS302"])
        #expect(check.findings().dropFirst(2).allSatisfy { $0.code == "ASSETLINKS303" })
        #expect(findings.map(\.route) == ["album", "deleteAlbum"])
        #expect(
            findings[1].rule == .android(AssetLinksMatch.RuleReference(statementIndex: 0, componentIndex: 3)))
        #expect(
            findings[0].message
                == "assetlinks.json does not send route 'album' to com.example.photos "
                + "(\(findings[0].url ?? "")): no dynamic rule matches: the link stays in the browser")
    }
}
