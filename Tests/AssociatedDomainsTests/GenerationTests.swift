import DeepLinks
import Foundation
import Testing

@testable import AssociatedDomains

/// The example apps the generation tests use.
enum ExampleTables {
    static let photosAppID = "ABCDE12345.com.example.photos"

    /// The photo-album app of the seeds (`albumname`/`index`), with a destructive route, a
    /// catch-all, an enumeration and a custom-scheme route that has no place in the file.
    static let photos = RouteTable {
        RouteGroup(scope: RouteScope(schemes: ["https"], hosts: ["photos.example.com"])) {
            Route("photo", "/albums", query: ["albumname(string 1...64)", "index(int 0...9999)"])
            Route("album", "/albums/:album(slug)", query: ["shared(bool)=false"])
            Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
            Route("tagged", "/tags/*tags(slug)")
            Route("media", "/media/:kind(enum photo|video)", fragment: "none")
        }
        RouteGroup(scope: RouteScope(schemes: ["newsapp"])) {
            Route("article", "/doc/:id(string 1...32 [A-Z0-9])", query: ["s(string 1...32 [a-z0-9_])?"])
        }
    }

    /// A shop whose routes are compared with Apple's reference association file.
    static let shop = RouteTable {
        Route("buy", "/buy/:id(int 1...999999)", scope: RouteScope(schemes: ["https"]))
        Route("help", "/help/:topic(slug)", query: ["articleNumber(string 4...4 [0-9])"])
        Route("account", "/account")
        Route("deleteAccount", "/account/delete", safety: .destructive)
    }

    /// Apple's reference example of `components`.
    static let appleReference =
        ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"no_universal_links","exclude":true},{"/":"/buy/*"},{"/":"/help/website/*","exclude":true},{"/":"/help/*","?":{"articleNumber":"????"}}]}]}}"##
}

@Suite("Generating applinks from a route table")
struct GenerationTests {
    static let generated = AppLinksGenerator(
        appIDs: [ExampleTables.photosAppID], domain: "photos.example.com"
    )
    .generate(from: ExampleTables.photos)

    @Test("every web route becomes a component; destructive routes become exclusions placed first")
    func generatesComponents() {
        let file = GenerationTests.generated.file
        #expect(
            file.serialized()
                == ##"{"applinks":{"substitutionVariables":{"media_kind":["photo","video"]},"details":[{"appIDs":["ABCDE12345.com.example.photos"],"components":[{"/":"/albums/?*/delete","exclude":true,"comment":"route deleteAlbum"},{"/":"/albums","?":{"albumname":"?*","index":"?*"},"comment":"route photo"},{"/":"/albums/?*","comment":"route album"},{"/":"/tags/?*","comment":"route tagged"},{"/":"/media/$(media_kind)","#":"","comment":"route media"}]}]}}"##
        )
        #expect(
            GenerationTests.generated.componentRoutes == ["deleteAlbum", "photo", "album", "tagged", "media"])
        #expect(GenerationTests.generated.skippedRoutes == [.init(route: "article", reason: .notWeb)])
    }

    @Test("a skipped route and a route reaching further than it takes print as sentences, each way")
    func descriptionsAreSentences() {
        #expect(
            GenerationTests.generated.skippedRoutes.map(\.description) == [
                "route 'article' was left out: it serves custom schemes only"
            ])
        #expect(
            GenerationTests.generated.overReach.map(\.description) == [
                "route 'photo' also matches links the route refuses (the app sends them back to the browser): "
                    + "the patterns cannot say a parameter's type, only how long it is at least",
                "route 'album' also matches links the route refuses (the app sends them back to the browser): "
                    + "'*' and '?' cross '/', so a parameter's pattern also matches several segments; "
                    + "the patterns cannot say a parameter's type, only how long it is at least",
                "route 'deleteAlbum' excludes links the route does not take (they stay in the browser): "
                    + "'*' and '?' cross '/', so a parameter's pattern also matches several segments; "
                    + "the patterns cannot say a parameter's type, only how long it is at least",
                "route 'tagged' also matches links the route refuses (the app sends them back to the browser): "
                    + "the patterns cannot say a parameter's type, only how long it is at least",
            ])
        #expect(
            [GeneratedAppLinks.SkippedRoute.Reason.otherHost, .invalidPattern].map(\.sentence) == [
                "it is scoped to other hosts", "its path pattern is malformed",
            ])
    }

    @Test("the generated file validates clean and opens the routes it was made from")
    func generatedFileWorks() {
        let file = GenerationTests.generated.file
        #expect(AssociationFileValidator().validate(file) == [])
        let compiled = CompiledAssociationFile(file)
        let domain = "photos.example.com"
        func decision(_ path: String) -> AssociationMatch.Decision {
            compiled.match(
                "https://photos.example.com" + path, appID: ExampleTables.photosAppID, domain: domain
            ).decision
        }
        #expect(decision("/albums?albumname=summer&index=3") == .match)
        #expect(decision("/albums/summer-2024") == .match)
        #expect(decision("/albums/summer-2024/delete") == .exclude)
        #expect(decision("/media/video") == .match)
        #expect(decision("/media/audio") == .noMatch)
        #expect(decision("/media/video#x") == .noMatch)
        #expect(decision("/albums") == .noMatch)
    }

    @Test("explicit exclusions come before everything, and other hosts' routes are left out")
    func exclusionsAndHosts() {
        let generated = AppLinksGenerator(
            appIDs: [ExampleTables.photosAppID], domain: "other.example.com",
            exclusions: [AppLinksComponent(fragment: "no_universal_links")]
        ).generate(from: ExampleTables.photos)
        #expect(
            generated.file.appLinks?.details?.first?.components == [
                AppLinksComponent(fragment: "no_universal_links", exclude: true)
            ])
        #expect(generated.componentRoutes == [nil])
        #expect(
            generated.skippedRoutes.map(\.reason) == [
                .otherHost, .otherHost, .otherHost, .otherHost, .otherHost, .notWeb,
            ])
    }

    @Test("a case-insensitive table sets caseSensitive false as the detail's default; literals are escaped")
    func caseAndEscaping() {
        let table = RouteTable(options: RoutingOptions(caseSensitivity: .insensitive)) {
            Route("cafe", "/Caf%C3%A9/%2A")
        }
        let detail = AppLinksGenerator(appIDs: [appID], domain: "example.com").generate(from: table).file
            .appLinks?.details?.first
        #expect(detail?.defaults == AppLinksComponent(caseSensitive: false))
        #expect(detail?.components?.first?.path == "/Caf%C3%A9/%2A")
    }
}

@Suite("Cross-checking a route table against an association file")
struct CrossCheckTests {
    @Test("a generated file sends every route to the app; where AASA cannot say 'one segment' it says so")
    func generatedFile() throws {
        let check = try AssociationCrossCheck(
            table: ExampleTables.photos, file: GenerationTests.generated.file,
            appID: ExampleTables.photosAppID,
            domain: "photos.example.com")
        #expect(check.routeFindings() == [])
        #expect(
            check.ruleFindings().map(\.description) == [
                "AASA303 urlWithoutRoute: $.applinks.details[0].components[1] sends https://photos.example.com/albums?albumname=x&index=x to the app, but no route handles it",
                "AASA303 urlWithoutRoute: $.applinks.details[0].components[2] sends https://photos.example.com/albums/xx/y to the app, but no route handles it",
            ])
    }

    @Test("a hand-written file, both ways: a route it misses, and URLs it sends that no route handles")
    func handWritten() throws {
        let check = try AssociationCrossCheck(
            table: ExampleTables.shop, file: try AssociationFile(parsing: ExampleTables.appleReference),
            appID: appID,
            domain: "example.com")
        let findings = check.findings()
        #expect(findings.map(\.kind) == [.routeNotSentToApp, .urlWithoutRoute, .urlWithoutRoute])
        #expect(findings.map(\.route) == ["account", nil, nil])
        // As diagnostics: the stable code, the severity of the kind, the route or rule as location.
        let diagnostics = findings.map(Diagnostic.init)
        #expect(diagnostics.map(\.code) == ["AASA301", "AASA303", "AASA303"])
        #expect(diagnostics.map(\.severity) == [.error, .warning, .warning])
        #expect(diagnostics.map(\.location) == ["route account"] + findings.dropFirst().map(\.location))
        #expect(
            diagnostics.dropFirst().allSatisfy { $0.location?.hasPrefix("$.applinks.details[0]") ?? false })
        #expect(diagnostics.map(\.message) == findings.map(\.message))
        #expect(
            findings.map(\.url) == [
                "https://example.com/account", "https://example.com/buy",
                "https://example.com/help?articleNumber=xxxx",
            ])
        #expect(findings.map(\.rule?.appleReference?.index) == [nil, 1, 3])
    }

    @Test("a destructive route the file opens is reported; an excluded navigate route too")
    func destructive() throws {
        let file = try AssociationFile(
            parsing: fileWithComponents(#"{"/":"/account/private","exclude":true},{"/":"*"}"#))
        let table = RouteTable {
            Route("deleteAccount", "/account/delete", safety: .destructive)
            Route("private", "/account/private")
            Route("home", "/")
        }
        let check = try AssociationCrossCheck(table: table, file: file, appID: appID, domain: "example.com")
        #expect(check.routeFindings().map(\.kind) == [.destructiveRouteOpensApp, .routeNotSentToApp])
        #expect(
            check.routeFindings().last?.message
                == "the association file does not send route 'private' to the app (https://example.com/account/private): it is excluded by $.applinks.details[0].components[0]"
        )
        #expect(check.ruleFindings().map(\.url) == ["https://example.com/x/y"])
    }

    @Test(
        "one comparison for both platforms: the same rules give the same findings, each with its platform's code"
    )
    func bothPlatforms() throws {
        let table = RouteTable {
            Route("deleteAccount", "/account/delete", safety: .destructive)
            Route("private", "/account/private")
            Route("home", "/")
        }
        let apple = try AssociationCrossCheck(
            table: table,
            file: try AssociationFile(
                parsing: fileWithComponents(#"{"/":"/account/private","exclude":true},{"/":"/*"}"#)),
            appID: appID, domain: "example.com")
        var android = AssetLinksGenerator(apps: [AssetLinksGenerationTests.app], domain: "example.com")
            .generate(from: table).file
        android.statements[0].dynamicComponents = [
            DynamicAppLinkComponent(path: "/account/private", exclude: true),
            DynamicAppLinkComponent(path: "/*"),
        ]
        let androidCheck = try AssetLinksCrossCheck(
            table: table, file: android, packageName: "com.example.photos", domain: "example.com")
        let appleFindings = apple.findings()
        let androidFindings = androidCheck.findings()
        #expect(
            appleFindings.map(\.kind) == [.destructiveRouteOpensApp, .routeNotSentToApp, .urlWithoutRoute])
        #expect(androidFindings.map(\.kind) == appleFindings.map(\.kind))
        #expect(androidFindings.map(\.route) == appleFindings.map(\.route))
        #expect(androidFindings.map(\.url) == appleFindings.map(\.url))
        #expect(appleFindings.map(\.code) == ["AASA302", "AASA301", "AASA303"])
        #expect(androidFindings.map(\.code) == ["ASSETLINKS302", "ASSETLINKS301", "ASSETLINKS303"])
        #expect(appleFindings.map(\.platform) == [.apple, .apple, .apple])
        #expect(androidFindings.map(\.severity) == [.error, .error, .warning])
        #expect(
            androidFindings.map(\.rule) == [
                .android(AssetLinksMatch.RuleReference(statementIndex: 0, componentIndex: 1)),
                .android(AssetLinksMatch.RuleReference(statementIndex: 0, componentIndex: 0)),
                .android(AssetLinksMatch.RuleReference(statementIndex: 0, componentIndex: 1)),
            ])
        #expect(
            androidFindings[0].message
                == "the destructive route 'deleteAccount' opens com.example.photos straight from the web "
                + "(https://example.com/account/delete); exclude it in assetlinks.json")
        #expect(
            appleFindings[0].message
                == "the destructive route 'deleteAccount' opens the app straight from the web "
                + "(https://example.com/account/delete); exclude it in the association file")
        #expect(androidFindings.map(Diagnostic.init).map(\.code) == androidFindings.map(\.code))
        // The rule is encoded as its platform's matcher reports it.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(androidFindings[0].rule)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"componentIndex":1,"statementIndex":0}"#)
    }

    @Test("a route whose parameters have no sample is reported, not guessed")
    func customType() throws {
        let isbn = CustomParameterType(name: "isbn", expected: "a 13-digit ISBN") { text in
            text.count == 13 && text.allSatisfy(\.isNumber) ? .string(text) : nil
        }
        let table = RouteTable { Route("book", "/books/:id(isbn)") }
        let check = try AssociationCrossCheck(
            table: table, file: try AssociationFile(parsing: fileWithComponents(#"{"/":"/books/*"}"#)),
            appID: appID,
            domain: "example.com", registry: ParameterTypeRegistry([isbn]))
        #expect(check.routeFindings().map(\.kind) == [.routeWithoutSample])
        #expect(check.routeFindings().first?.route == "book")
    }

    @Test("a table that does not build is refused with its problems")
    func invalidTable() {
        let table = RouteTable { Route("a", "/x/:id(") }
        let unclosed = PatternSyntaxError(
            text: "/x/:id(", offset: 6, parameter: "id", reason: .unclosedParenthesis)
        #expect(throws: RouteTableError(findings: [.invalidPattern(route: "a", error: unclosed)])) {
            try AssociationCrossCheck(
                table: table, file: AssociationFile(), appID: appID, domain: "example.com")
        }
    }
}
